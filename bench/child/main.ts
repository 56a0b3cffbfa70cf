/**
 * One measured run in its own process (forked by bench/spawn.ts): waits for a RunRequest, warms up, runs the
 * contender once, reports its metrics with its memory, and exits. A fresh process per run keeps peak RSS
 * per scenario and stops one run's garbage or open sockets from touching the next.
 */
import type { ChildMessage, ParentMessage, RunRequest } from '../protocol';
import { setUpN8nCore } from '../../test/workflow/harness';
import { SCENARIOS } from '../tasks';
import type { Contender } from './contender';
import { memoryBaseline, memoryReport } from './measure';
import { profiled } from './profile';
import { rpc } from './rpc';

function send(message: ChildMessage): Promise<void> {
	return new Promise((resolve) => process.send?.(message, () => resolve()) ?? resolve());
}

async function execute(request: RunRequest): Promise<void> {
	const contender: Contender | undefined = SCENARIOS[request.scenario]?.[request.contender];
	if (!contender) throw new Error(`no contender "${request.contender}" in scenario "${request.scenario}"`);
	// n8n-core's one-time setup (DI container, settings) is part of starting n8n, not of any run.
	setUpN8nCore();
	await contender.warmup?.(request.params, rpc);
	const baseline = memoryBaseline();
	const cpuBefore = process.cpuUsage();
	const metrics = await profiled(request.profileFile, () => contender.run(request.params, rpc));
	// CPU time (user + system, this process) separates a contender's own cost from time spent waiting.
	const cpu = process.cpuUsage(cpuBefore);
	await send({ kind: 'result', metrics: { ...metrics, cpuMs: (cpu.user + cpu.system) / 1000, ...memoryReport(baseline) } });
}

process.on('message', (message: ParentMessage) => {
	if (message.kind !== 'run') return;
	execute(message)
		.catch(async (error: unknown) => {
			await send({ kind: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
		})
		// Keep-alive sockets, n8n-core's timers and the like must not keep a finished run alive.
		.finally(() => process.exit(0));
});
