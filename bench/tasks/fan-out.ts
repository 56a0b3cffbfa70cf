/**
 * Fan-out: Client → Get for every input item against a sandbox that waits 20 ms before each answer, so the
 * time is dominated by how many requests are in flight at once: our node with Parallel Requests 1 and 8, the
 * n8n-core helper loop with 8 in flight (what n8n's transport allows), and n8n's HTTP Request node without and
 * with its batching option.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { check, type Contender, type Scenario } from '../child/contender';
import { timed } from '../child/measure';
import { FAN_OUT } from '../config';
import type { RunParams } from '../protocol';
import { runCoreLoopNode, runHttpRequestNode, runOurNode } from '../workflows';

interface FanOutParams extends RunParams {
	/** Client ids, one per input item (the sandbox's own; some need percent-encoding). */
	ids: string[];
	batch?: { batchSize: number; batchInterval: number };
}

const WARMUP_ITEMS = 4;

function inputOf(ids: string[]): IDataObject[] {
	return ids.map((id) => ({ id }));
}

/** Every output item must be the client its input item asked for, in input order. */
function checkOutput(items: INodeExecutionData[], ids: string[], who: string): void {
	check(items.length === ids.length, `${who} returned ${items.length} items for ${ids.length} inputs`);
	const wrong = items.findIndex((item, index) => item.json.id !== ids[index]);
	check(wrong === -1, `${who}: item ${wrong} is ${String(items[wrong]?.json.id)}, expected ${ids[wrong]}`);
}

function ours(parallel: number): Contender {
	const parameters: INodeParameters = {
		resource: 'client',
		operation: 'get',
		clientId: '={{ $json.id }}',
		options: { parallelRequests: parallel },
	};
	return {
		async warmup(params) {
			await runOurNode(params.baseUrl, parameters, inputOf((params as FanOutParams).ids.slice(0, WARMUP_ITEMS)));
		},
		async run(params) {
			const p = params as FanOutParams;
			const { ms, value } = await timed(() => runOurNode(p.baseUrl, parameters, inputOf(p.ids)));
			checkOutput(value, p.ids, `our node (Parallel Requests ${parallel})`);
			return { ms, items: value.length, msPerItem: ms / p.ids.length };
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
	return {
		async warmup(params) {
			const p = params as FanOutParams;
			await runHttpRequestNode(httpParameters(p, batch), inputOf(p.ids.slice(0, WARMUP_ITEMS)));
		},
		async run(params) {
			const p = params as FanOutParams;
			const { ms, value } = await timed(() => runHttpRequestNode(httpParameters(p, batch), inputOf(p.ids)));
			checkOutput(value, p.ids, `the HTTP Request node${batch ? ' with batching' : ''}`);
			return { ms, items: value.length, msPerItem: ms / p.ids.length };
		},
	};
}

/** n8n-core's helper and nothing else, with the same number of requests in flight as our node. */
function coreLoop(parallel: number): Contender {
	const parameters = (p: FanOutParams): INodeParameters => ({ mode: 'perItem', url: `${p.apiUrl}/clients/`, id: '={{ $json.id }}', parallel });
	return {
		async warmup(params) {
			const p = params as FanOutParams;
			await runCoreLoopNode(p.baseUrl, parameters(p), inputOf(p.ids.slice(0, WARMUP_ITEMS)));
		},
		async run(params) {
			const p = params as FanOutParams;
			const { ms, value } = await timed(() => runCoreLoopNode(p.baseUrl, parameters(p), inputOf(p.ids)));
			checkOutput(value, p.ids, `the n8n-core loop (${parallel} at a time)`);
			return { ms, items: value.length, msPerItem: ms / p.ids.length };
		},
	};
}

export const fanOutScenario: Scenario = {
	coreLoopParallel: coreLoop(FAN_OUT.parallel),
	oursSequential: ours(1),
	oursParallel: ours(FAN_OUT.parallel),
	httpRequestNode: httpRequestNode(false),
	httpRequestNodeBatched: httpRequestNode(true),
};
