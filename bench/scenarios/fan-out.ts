/**
 * 2. Fan-out: Client → Get for 1,000 input items, every answer 20 ms late (sandbox latency fault). Parallel
 * Requests 1 vs 8, and n8n's HTTP Request node without batching (every request at once) and with batching.
 */
import { startSandbox } from '../../sandbox';
import { FAN_OUT, TARGETS } from '../config';
import { runRounds } from '../rounds';
import { num } from '../stats';
import type { BenchContext, ScenarioResult } from './types';

export async function fanOutBench(context: BenchContext): Promise<ScenarioResult> {
	const sandbox = await startSandbox({ faults: { latencyMs: FAN_OUT.latencyMs }, recordRequests: false });
	try {
		const clients = sandbox.store.clients;
		const ids = Array.from({ length: FAN_OUT.items }, (_, index) => clients[index % clients.length].id);
		const { batchSize, batchInterval } = FAN_OUT.httpBatch;
		const rows = await runRounds(context, {
			scenario: 'fanOut',
			runs: FAN_OUT.runs,
			params: { baseUrl: sandbox.url, apiUrl: sandbox.apiUrl, ids, batch: FAN_OUT.httpBatch },
			contenders: [
				{ name: 'oursSequential', label: 'Venue Booking node, Parallel Requests 1' },
				{ name: 'oursParallel', label: `Venue Booking node, Parallel Requests ${FAN_OUT.parallel}` },
				{ name: 'coreLoopParallel', label: `n8n-core helper loop, ${FAN_OUT.parallel} at a time` },
				{ name: 'httpRequestNode', label: 'HTTP Request node, no batching' },
				{ name: 'httpRequestNodeBatched', label: `HTTP Request node, batches of ${batchSize} every ${batchInterval} ms` },
			],
		});
		const [sequential, parallel, coreParallel, http, httpBatched] = rows.map((row) => row.median);
		const speedup = num(sequential, 'ms') / num(parallel, 'ms');
		return {
			id: 'fanOut',
			title: `Fan-out: Client → Get, ${FAN_OUT.items.toLocaleString('en')} input items, ${FAN_OUT.latencyMs} ms added latency`,
			notes: [
				`ideal: ${FAN_OUT.items} × ${FAN_OUT.latencyMs} ms = ${(FAN_OUT.items * FAN_OUT.latencyMs) / 1000} s one at a time, ${((FAN_OUT.items * FAN_OUT.latencyMs) / FAN_OUT.parallel / 1000).toFixed(1)} s ${FAN_OUT.parallel} at a time`,
				"the HTTP Request node's batching paces requests (N, then a pause) rather than capping how many are in flight",
			],
			columns: [
				{ key: 'ms', header: 'ms', digits: 0 },
				{ key: 'msPerItem', header: 'ms / item', digits: 2 },
				{ key: 'cpuMs', header: 'CPU ms', digits: 0 },
				{ key: 'peakRssMB', header: 'peak RSS MB', digits: 0 },
			],
			rows,
			ratios: [
				{ name: `fan-out: Parallel Requests 1 / ${FAN_OUT.parallel} (speed-up)`, value: speedup },
				{ name: `fan-out: ours (${FAN_OUT.parallel}) / n8n-core loop (${FAN_OUT.parallel})`, value: num(parallel, 'ms') / num(coreParallel, 'ms') },
				{ name: `fan-out: ours (${FAN_OUT.parallel}) / HTTP Request node, no batching`, value: num(parallel, 'ms') / num(http, 'ms') },
				{ name: `fan-out: ours (${FAN_OUT.parallel}) / HTTP Request node, batching`, value: num(parallel, 'ms') / num(httpBatched, 'ms') },
			],
			targets: [
				{
					name: `Fan-out speed-up, Parallel Requests ${FAN_OUT.parallel} vs 1`,
					goal: `≥ ${TARGETS.fanOutSpeedup}×`,
					measured: `${speedup.toFixed(2)}×`,
					met: speedup >= TARGETS.fanOutSpeedup,
				},
			],
		};
	} finally {
		await sandbox.close();
	}
}
