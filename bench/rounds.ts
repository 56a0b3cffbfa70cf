/**
 * Runs each contender of a scenario `runs` times, interleaved (A B C, A B C, …) so that a slow spell of the
 * shared machine hits every contender alike instead of all runs of one.
 */
import type { Metrics, RunParams } from './protocol';
import type { BenchContext, Row } from './scenarios/types';
import { runInChild, type RpcHandler } from './spawn';
import { medianMetrics } from './stats';

export interface RoundsOptions {
	scenario: string;
	/** contender name → label shown in the table */
	contenders: Array<{ name: string; label: string; params?: Partial<RunParams>; runs?: number }>;
	runs: number;
	params: RunParams;
	onRpc?: RpcHandler;
	/** Called before every run, e.g. to reset the sandbox's request counter. */
	beforeRun?: (contender: string) => void | Promise<void>;
}

export async function runRounds(context: BenchContext, options: RoundsOptions): Promise<Row[]> {
	const samples = new Map<string, Metrics[]>(options.contenders.map((c) => [c.name, []]));
	const runsOf = (c: RoundsOptions['contenders'][number]) => context.runs ?? c.runs ?? options.runs;
	const rounds = Math.max(...options.contenders.map(runsOf));
	const started = Date.now();
	for (let round = 1; round <= rounds; round++) {
		for (const contender of options.contenders) {
			if (round > runsOf(contender)) continue;
			await options.beforeRun?.(contender.name);
			const metrics = await runInChild(options.scenario, contender.name, { ...options.params, ...contender.params }, {
				onRpc: options.onRpc,
				profileDir: context.profileDir,
				profileName: `${options.scenario}-${contender.name}-${round}`,
			});
			samples.get(contender.name)?.push(metrics);
			const elapsed = ((Date.now() - started) / 1000).toFixed(0);
			context.log(`  ${options.scenario} · ${contender.label} · run ${round}/${runsOf(contender)}: ${Number(metrics.ms).toFixed(0)} ms  (${elapsed} s)`);
		}
	}
	return options.contenders.map((c) => {
		const list = samples.get(c.name) ?? [];
		return { contender: c.name, label: c.label, samples: list, median: medianMetrics(list) };
	});
}
