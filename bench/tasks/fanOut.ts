/**
 * Fan-out: Client → Get for every input item against a sandbox that waits 20 ms before each answer, so the
 * time is dominated by how many requests are in flight at once: our node as a user adds it (no options:
 * the adaptive window up to the default Parallel Requests), the n8n-core helper loop with as many in flight,
 * and n8n's HTTP Request node without and with its batching option. Behind the sandbox's token bucket the same
 * contenders run with "continue on error", so refused items are counted instead of ending the run.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { check, type Contender, type Scenario } from '../child/contender';
import { timed } from '../child/measure';
import type { Rpc } from '../child/rpc';
import { FAN_OUT } from '../config';
import type { RunParams } from '../protocol';
import { runCoreLoopNode, runHttpRequestNode, runOurNode } from '../workflows';

interface FanOutParams extends RunParams {
	/** Client ids, one per input item (the sandbox's own; some need percent-encoding). */
	ids: string[];
	batch?: { batchSize: number; batchInterval: number };
	/** Behind a rate limit: failed items are counted, not fatal. */
	limited?: boolean;
}

/**
 * Items of the warm-up run, which loads every module a contender needs outside the measured run. Behind the
 * rate limit too: the limit is reset before the measured run, and 4 requests fit in its burst.
 */
const WARMUP_ITEMS = 4;

function inputOf(ids: string[]): IDataObject[] {
	return ids.map((id) => ({ id }));
}

/** Every output item must be the client its input item asked for (or, behind a limit, an error), in input order. */
function checkOutput(items: INodeExecutionData[], ids: string[], who: string, limited: boolean): number {
	check(items.length === ids.length, `${who} returned ${items.length} items for ${ids.length} inputs`);
	const failed = (item: INodeExecutionData) => limited && item.json.error !== undefined;
	const wrong = items.findIndex((item, index) => !failed(item) && item.json.id !== ids[index]);
	check(wrong === -1, `${who}: item ${wrong} is ${String(items[wrong]?.json.id)}, expected ${ids[wrong]}`);
	return items.filter(failed).length;
}

/** Time, failed items and (behind a limit) how many requests the sandbox refused with 429 during the run. */
async function measured(p: FanOutParams, rpc: Rpc, who: string, run: () => Promise<INodeExecutionData[]>) {
	if (p.limited) await rpc('resetLimit');
	const { ms, value } = await timed(run);
	const failedItems = checkOutput(value, p.ids, who, p.limited === true);
	const throttled = p.limited ? await rpc<number>('throttled') : 0;
	return { ms, items: value.length, msPerItem: ms / p.ids.length, failedItems, throttled };
}

function ours(parameters: INodeParameters, who: string): Contender {
	const onError = (p: FanOutParams) => (p.limited ? { onError: 'continueRegularOutput' as const } : {});
	return {
		async warmup(params) {
			const p = params as FanOutParams;
			await runOurNode(p.baseUrl, parameters, inputOf(p.ids.slice(0, WARMUP_ITEMS)));
		},
		async run(params, rpc) {
			const p = params as FanOutParams;
			return measured(p, rpc, who, () => runOurNode(p.baseUrl, parameters, inputOf(p.ids), onError(p)));
		},
	};
}

function httpParameters(p: FanOutParams, batch: boolean): INodeParameters {
	return {
		method: 'GET',
		// What a user writes: the id from the item, percent-encoded into the path.
		url: `={{ "${p.apiUrl}/clients/" + encodeURIComponent($json.id) }}`,
		options: batch && p.batch ? { batching: { batch: p.batch } } : {},
	};
}

function httpRequestNode(batch: boolean): Contender {
	const who = `the HTTP Request node${batch ? ' with batching' : ''}`;
	return {
		async warmup(params) {
			const p = params as FanOutParams;
			await runHttpRequestNode(httpParameters(p, batch), inputOf(p.ids.slice(0, WARMUP_ITEMS)));
		},
		async run(params, rpc) {
			const p = params as FanOutParams;
			const onError = p.limited ? { onError: 'continueRegularOutput' as const } : {};
			return measured(p, rpc, who, () => runHttpRequestNode(httpParameters(p, batch), inputOf(p.ids), onError));
		},
	};
}

/** n8n-core's helper and nothing else, with as many requests in flight as our node's default cap. */
function coreLoop(parallel: number): Contender {
	const parameters = (p: FanOutParams): INodeParameters => ({ mode: 'perItem', url: `${p.apiUrl}/clients/`, id: '={{ $json.id }}', parallel });
	return {
		async warmup(params) {
			const p = params as FanOutParams;
			await runCoreLoopNode(p.baseUrl, parameters(p), inputOf(p.ids.slice(0, WARMUP_ITEMS)));
		},
		async run(params, rpc) {
			const p = params as FanOutParams;
			return measured(p, rpc, `the n8n-core loop (${parallel} at a time)`, () => runCoreLoopNode(p.baseUrl, parameters(p), inputOf(p.ids)));
		},
	};
}

const clientGet: INodeParameters = { resource: 'client', operation: 'get', clientId: '={{ $json.id }}' };

export const fanOutScenario: Scenario = {
	oursDefault: ours(clientGet, 'our node (defaults)'),
	coreLoopParallel: coreLoop(FAN_OUT.parallel),
	httpRequestNode: httpRequestNode(false),
	httpRequestNodeBatched: httpRequestNode(true),
};
