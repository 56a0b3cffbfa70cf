/**
 * 2. Fan-out: Client → Get for 1,000 input items, every answer 20 ms late (sandbox latency fault): our node
 * as a user adds it (adaptive, up to the default Parallel Requests), the n8n-core helper loop with as many in flight,
 * n8n's HTTP Request node without batching (every request at once) and with batching. Then the same behind
 * the sandbox's token bucket: time, requests refused with 429 and failed items for each contender.
 */
import { startSandbox, type FaultOptions } from '../../sandbox';
import { FAN_OUT, TARGETS } from '../config';
import { runRounds } from '../rounds';
import { num } from '../stats';
import { CPU_MS, PEAK_RSS_MB, WALL_MS } from './columns';
import type { BenchContext, ScenarioResult } from './types';

const CONTENDERS = (batch: { batchSize: number; batchInterval: number }) => [
	{ name: 'oursDefault', label: `Venue Booking node, defaults (adaptive, up to ${FAN_OUT.parallel})` },
	{ name: 'coreLoopParallel', label: `n8n-core helper loop, ${FAN_OUT.parallel} at a time` },
	{ name: 'httpRequestNode', label: 'HTTP Request node, defaults (no batching)' },
	{ name: 'httpRequestNodeBatched', label: `HTTP Request node, batches of ${batch.batchSize} every ${batch.batchInterval} ms` },
];

export async function fanOutBench(context: BenchContext): Promise<ScenarioResult[]> {
	return [await healthy(context), await behindTokenBucket(context)];
}

async function healthy(context: BenchContext): Promise<ScenarioResult> {
	const sandbox = await startSandbox({ faults: { latencyMs: FAN_OUT.latencyMs }, recordRequests: false });
	try {
		const clients = sandbox.store.clients;
		const ids = Array.from({ length: FAN_OUT.items }, (_, index) => clients[index % clients.length].id);
		const rows = await runRounds(context, {
			scenario: 'fanOut',
			runs: FAN_OUT.runs,
			params: { baseUrl: sandbox.url, apiUrl: sandbox.apiUrl, ids, batch: FAN_OUT.httpBatch },
			contenders: CONTENDERS(FAN_OUT.httpBatch),
		});
		const [ours, core, http, httpBatched] = rows.map((row) => row.median);
		const vsHttp = num(ours, 'ms') / num(http, 'ms');
		return {
			id: 'fanOut',
			title: `Fan-out: Client → Get, ${FAN_OUT.items.toLocaleString('en')} input items, ${FAN_OUT.latencyMs} ms added latency, healthy sandbox`,
			notes: [
				`ideal: ${FAN_OUT.items} × ${FAN_OUT.latencyMs} ms = ${(FAN_OUT.items * FAN_OUT.latencyMs) / 1000} s one at a time, ${((FAN_OUT.items * FAN_OUT.latencyMs) / FAN_OUT.parallel / 1000).toFixed(2)} s ${FAN_OUT.parallel} at a time`,
				"the HTTP Request node's batching paces requests (N, then a pause) rather than capping how many are in flight",
			],
			columns: [
				WALL_MS,
				{ key: 'msPerItem', header: 'ms / item', digits: 2 },
				CPU_MS,
				PEAK_RSS_MB,
			],
			rows,
			ratios: [
				{ name: 'fan-out: ours (defaults) / HTTP Request node (defaults)', value: vsHttp },
				{ name: 'fan-out: ours (defaults) / HTTP Request node, batching', value: num(ours, 'ms') / num(httpBatched, 'ms') },
				{ name: `fan-out: ours (defaults) / n8n-core loop (${FAN_OUT.parallel})`, value: num(ours, 'ms') / num(core, 'ms') },
			],
			targets: [
				{
					name: "Fan-out by default vs the HTTP Request node's default",
					goal: `≤ ${TARGETS.fanOutVsHttpNode}×`,
					measured: `${vsHttp.toFixed(2)}×`,
					met: vsHttp <= TARGETS.fanOutVsHttpNode,
				},
			],
		};
	} finally {
		await sandbox.close();
	}
}

async function behindTokenBucket(context: BenchContext): Promise<ScenarioResult> {
	const { items, perSecond, burst } = FAN_OUT.limited;
	const faults: FaultOptions = { latencyMs: FAN_OUT.latencyMs, rateLimit: { perSecond, burst } };
	let throttled = 0;
	const sandbox = await startSandbox({
		faults,
		recordRequests: false,
		onRequestFinished: (entry) => {
			if (entry.status === 429) throttled++;
		},
	});
	try {
		const clients = sandbox.store.clients;
		const ids = Array.from({ length: items }, (_, index) => clients[index % clients.length].id);
		const rows = await runRounds(context, {
			scenario: 'fanOut',
			variant: 'tokenBucket',
			runs: FAN_OUT.runs,
			params: { baseUrl: sandbox.url, apiUrl: sandbox.apiUrl, ids, batch: FAN_OUT.httpBatch, limited: true },
			// The n8n-core loop has no retries: behind a rate limit it only shows the first refusal.
			contenders: CONTENDERS(FAN_OUT.httpBatch).filter((contender) => contender.name !== 'coreLoopParallel'),
			onRpc: (name) => {
				// A full bucket and a zero count for every run: each contender meets the same budget.
				if (name === 'resetLimit') return (sandbox.setFaults(faults), (throttled = 0));
				if (name === 'throttled') return throttled;
				throw new Error(`unknown RPC ${name}`);
			},
		});
		const [ours, http] = rows.map((row) => row.median);
		const worst = (contender: string, key: string) => Math.max(...(rows.find((row) => row.contender === contender)?.samples ?? []).map((s) => num(s, key)));
		return {
			id: 'fanOutLimited',
			title: `Fan-out behind a token bucket: Client → Get, ${items} input items, ${perSecond} requests a second per key, bursts of ${burst}, ${FAN_OUT.latencyMs} ms latency`,
			notes: [
				`ideal for a polite client: ${items} / ${perSecond} a second = ${(items / perSecond).toFixed(1)} s; a 429 carries Retry-After in whole seconds`,
				"every contender runs with \"continue on error\" so refused items are counted; the HTTP Request node retries nothing by default",
			],
			columns: [
				WALL_MS,
				{ key: 'throttled', header: '429 answers', digits: 0 },
				{ key: 'failedItems', header: 'failed items', digits: 0 },
				CPU_MS,
			],
			rows,
			ratios: [
				{ name: 'token bucket: ours (defaults) / HTTP Request node (defaults), time', value: num(ours, 'ms') / num(http, 'ms') },
				{ name: 'token bucket: 429 answers, ours / HTTP Request node', value: num(ours, 'throttled') / Math.max(1, num(http, 'throttled')) },
			],
			targets: [
				{
					name: 'Behind the token bucket: failed items, ours by default (worst run)',
					goal: '0',
					measured: String(worst('oursDefault', 'failedItems')),
					met: worst('oursDefault', 'failedItems') === 0,
				},
				{
					name: 'Behind the token bucket: 429 answers, ours vs the HTTP Request node (medians)',
					goal: 'fewer',
					measured: `${num(ours, 'throttled')} vs ${num(http, 'throttled')}`,
					met: num(ours, 'throttled') < num(http, 'throttled'),
				},
			],
		};
	} finally {
		await sandbox.close();
	}
}
