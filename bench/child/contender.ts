import type { Metrics, RunParams } from '../protocol';
import type { Rpc } from './rpc';

/** One contender of a scenario, as run inside a child process. */
export interface Contender {
	/** A small run against the same sandbox first, so lazy module loading and JIT warm-up are not billed. */
	warmup?(params: RunParams, rpc: Rpc): Promise<void>;
	/** The measured run; its metrics include `ms`, the wall time of exactly the part the scenario measures. */
	run(params: RunParams, rpc: Rpc): Promise<Metrics>;
}

export type Scenario = Record<string, Contender>;

/** A wrong answer makes a fast time meaningless: every run checks what it got. */
export function check(condition: boolean, message: string): void {
	if (!condition) throw new Error(`check failed: ${message}`);
}
