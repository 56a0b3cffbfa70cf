/** Whether anything of a process group is still running: the check behind "leave no process behind". */
import { execFileSync } from 'node:child_process';

/** `ps` lines of processes in group `pgid` (empty when the whole group is gone). */
export function processesInGroup(pgid: number): string[] {
	const table = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
	return table
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line.split(/\s+/)[1] === String(pgid));
}
