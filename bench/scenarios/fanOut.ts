/**
 * 2. Fan-out: Client → Get for 1,000 input items, every answer 20 ms late (sandbox latency fault): our node
 * as a user adds it (adaptive, up to the default Parallel Requests), the n8n-core helper loop with as many in flight,
 * n8n's HTTP Request node without batching (every request at once) and with batching. Then the same behind
 * the sandbox's token bucket, without and with budget headers (`tokenBucket`): time, requests refused with 429
 * and failed items for each contender.
 */
import { startSandbox, type FaultOptions } from '../../sandbox';
import type { RateLimitHeaders } from '../../sandbox/rateLimit';
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

export async function fanOutBench(context: BenchContext): Promise<ScenarioResult> {
	return healthy(context);
}

/** The fan-out behind the token bucket, without and with budget headers (the X-RateLimit family). */
export async function tokenBucketBench(context: BenchContext): Promise<ScenarioResult[]> {
	return [await behindTokenBucket(context, 'none'), await behindTokenBucket(context, 'xRateLimit')];
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

async function behindTokenBucket(context: BenchContext, headers: RateLimitHeaders): Promise<ScenarioResult> {
	const { items, perSecond, burst } = FAN_OUT.limited;
	const faults: FaultOptions = { latencyMs: FAN_OUT.latencyMs, rateLimit: { perSecond, burst, headers } };
	const withHeaders = headers !== 'none';
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
			variant: withHeaders ? 'tokenBucketHeaders' : 'tokenBucket',
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
		const idealMs = (items / perSecond) * 1000;
		const vsIdeal = num(ours, 'ms') / idealMs;
		const timeGoal = withHeaders ? TARGETS.tokenBucketHeadersVsIdeal : TARGETS.tokenBucketVsIdeal;
		const refusalTargets = withHeaders
			? [
					{
						name: 'Behind the token bucket with budget headers: 429 answers, ours by default (worst run)',
						goal: `≤ ${TARGETS.tokenBucketHeadersRefusals}`,
						measured: String(worst('oursDefault', 'throttled')),
						met: worst('oursDefault', 'throttled') <= TARGETS.tokenBucketHeadersRefusals,
					},
				]
			: [
					{
						name: "Behind the token bucket: 429 answers, ours vs the HTTP Request node's (medians)",
						goal: `≤ ${TARGETS.tokenBucketRefusalsVsHttpNode.toFixed(2)}×`,
						measured: `${num(ours, 'throttled')} vs ${num(http, 'throttled')}`,
						met: num(ours, 'throttled') <= num(http, 'throttled') * TARGETS.tokenBucketRefusalsVsHttpNode,
					},
				];
		return {
			id: withHeaders ? 'fanOutLimitedHeaders' : 'fanOutLimited',
			title: `Fan-out behind a token bucket${withHeaders ? ' that states its budget (X-RateLimit-Limit/-Remaining/-Reset)' : ''}: Client → Get, ${items} input items, ${perSecond} requests a second per key, bursts of ${burst}, ${FAN_OUT.latencyMs} ms latency`,
			notes: [
				`ideal for a polite client: ${items} / ${perSecond} a second = ${(idealMs / 1000).toFixed(1)} s; a 429 carries Retry-After in whole seconds`,
				withHeaders
					? `every answer says X-RateLimit-Limit: ${perSecond} (a second), the bucket's whole tokens left and the seconds until it is full`
					: 'no answer states the budget: the node learns it from the refusals',
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
				{ name: `token bucket${withHeaders ? ' with headers' : ''}: ours (defaults) / ideal, time`, value: vsIdeal },
				{ name: `token bucket${withHeaders ? ' with headers' : ''}: ours (defaults) / HTTP Request node (defaults), time`, value: num(ours, 'ms') / num(http, 'ms') },
				{ name: `token bucket${withHeaders ? ' with headers' : ''}: 429 answers, ours / HTTP Request node`, value: num(ours, 'throttled') / Math.max(1, num(http, 'throttled')) },
			],
			targets: [
				{
					name: `Behind the token bucket${withHeaders ? ' with budget headers' : ''}: time, ours by default vs the ideal (median)`,
					goal: `≤ ${timeGoal}×`,
					measured: `${vsIdeal.toFixed(2)}×`,
					met: vsIdeal <= timeGoal,
				},
				{
					name: `Behind the token bucket${withHeaders ? ' with budget headers' : ''}: failed items, ours by default (worst run)`,
					goal: '0',
					measured: String(worst('oursDefault', 'failedItems')),
					met: worst('oursDefault', 'failedItems') === 0,
				},
				...refusalTargets,
			],
		};
	} finally {
		await sandbox.close();
	}
}
