/**
 * One installer at a time per folder: `npm start` and `npm run test:e2e` may both want the same n8n
 * install on first use. A lock directory (mkdir is atomic) holds the owner's pid; a lock whose owner
 * is dead is taken over, so a killed install never blocks the next one.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

function tryTake(lockDir: string): boolean {
	try {
		mkdirSync(lockDir);
	} catch {
		const owner = Number(readFileSafe(path.join(lockDir, 'pid')));
		// An empty pid file means the owner is between mkdir and writing it: treat as alive.
		if (!owner || isAlive(owner)) return false;
		rmSync(lockDir, { recursive: true, force: true });
		return tryTake(lockDir);
	}
	writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
	return true;
}

function readFileSafe(file: string): string {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

export async function withInstallLock<T>(lockDir: string, work: () => Promise<T>): Promise<T> {
	let announced = false;
	while (!tryTake(lockDir)) {
		if (!announced) console.log(`waiting for another install to finish (${lockDir})`);
		announced = true;
		await new Promise((resolve) => setTimeout(resolve, 2000));
	}
	// Ctrl-C ends the process without running `finally`: release the lock on the way out too.
	const release = (): void => rmSync(lockDir, { recursive: true, force: true });
	process.on('exit', release);
	try {
		return await work();
	} finally {
		process.off('exit', release);
		release();
	}
}
