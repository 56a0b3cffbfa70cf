/**
 * Runs each contender of a scenario `runs` times, interleaved (A B C, A B C, …) so that a slow spell of the
 * shared machine hits every contender alike instead of all runs of one.
 */
import type { Metrics, RunParams } from './protocol';
import type { BenchContext, Row } from './scenarios/types';
import { runInChild, type RpcHandler } from './spawn';
import { medianMetrics } from './stats';

/** What one run gets of its own, e.g. a fresh sandbox: parameters and RPCs added to the scenario's, and a close. */
export interface RunSetup {
	params?: Partial<RunParams>;
	onRpc?: RpcHandler;
	close(): Promise<void>;
}

export interface RoundsOptions {
	scenario: string;
	/** Told apart in profile file names when one scenario runs rounds more than once (e.g. behind a rate limit). */
	variant?: string;
	/**
	 * contender name → label shown in the table; `task` is the child-side contender that runs it (the name by
	 * default); `runs` caps how often it runs, even when --runs asks for more.
	 */
	contenders: Array<{ name: string; label: string; task?: string; params?: Partial<RunParams>; runs?: number }>;
	runs: number;
	params?: Partial<RunParams>;
	onRpc?: RpcHandler;
	/** Called before every run, e.g. to reset the sandbox's request counter. */
	beforeRun?: (contender: string) => void | Promise<void>;
	/** A setup of its own for every run (closed after it), for scenarios that need a fresh sandbox each time. */
	setUpRun?: (contender: string) => Promise<RunSetup>;
	/** What the progress line says of a finished run: its wall time unless told otherwise. */
	describeRun?: (metrics: Metrics) => string;
}

export async function runRounds(context: BenchContext, options: RoundsOptions): Promise<Row[]> {
	const samples = new Map<string, Metrics[]>(options.contenders.map((c) => [c.name, []]));
	const runsOf = (c: RoundsOptions['contenders'][number]) => Math.min(context.runs ?? options.runs, c.runs ?? Infinity);
	const rounds = Math.max(...options.contenders.map(runsOf));
	const describe = options.describeRun ?? ((metrics: Metrics) => `${Number(metrics.ms).toFixed(0)} ms`);
	const started = Date.now();
	for (let round = 1; round <= rounds; round++) {
		for (const contender of options.contenders) {
			if (round > runsOf(contender)) continue;
			await options.beforeRun?.(contender.name);
			const setup = await options.setUpRun?.(contender.name);
			let metrics: Metrics;
			try {
				const params = { ...options.params, ...setup?.params, ...contender.params } as RunParams;
				metrics = await runInChild(options.scenario, contender.task ?? contender.name, params, {
					onRpc: setup?.onRpc ?? options.onRpc,
					profileDir: context.profileDir,
					profileName: [options.scenario, options.variant, contender.name, round].filter((part) => part !== undefined).join('-'),
				});
			} finally {
				await setup?.close();
			}
			samples.get(contender.name)?.push(metrics);
			const elapsed = ((Date.now() - started) / 1000).toFixed(0);
			context.log(`  ${options.scenario} · ${contender.label} · run ${round}/${runsOf(contender)}: ${describe(metrics)}  (${elapsed} s)`);
		}
	}
	return options.contenders.map((c) => {
		const list = samples.get(c.name) ?? [];
		return { contender: c.name, label: c.label, samples: list, median: medianMetrics(list) };
	});
}
