/**
 * Per-item overhead: Booking → Get for 10,000 input items against a sandbox intercept that answers `{}` at
 * once, so what is left is each contender's own cost per item (plus one local round trip).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { check, type Contender, type Scenario } from '../child/contender';
import { timed } from '../child/measure';
import { assertOk, getJson, keepAliveAgent } from '../floor';
import type { RunParams } from '../protocol';
import { runCoreLoopNode, runHttpRequestNode, runOurNode } from '../workflows';

interface PerItemParams extends RunParams {
	items: number;
}

const WARMUP_ITEMS = 50;

function inputOf(count: number): IDataObject[] {
	return Array.from({ length: count }, (_, index) => ({ id: `bkg_${index}` }));
}

function report(ms: number, items: INodeExecutionData[] | number, expected: number, who: string) {
	const count = typeof items === 'number' ? items : items.length;
	check(count === expected, `${who} returned ${count} items for ${expected} inputs`);
	return { ms, items: count, usPerItem: (ms * 1000) / count };
}

/** A contender that runs `work` over N input items, after a warm-up over a few. */
function contender(who: string, work: (p: PerItemParams, input: IDataObject[]) => Promise<INodeExecutionData[] | number>): Contender {
	return {
		async warmup(params) {
			await work(params as PerItemParams, inputOf(WARMUP_ITEMS));
		},
		async run(params) {
			const p = params as PerItemParams;
			const input = inputOf(p.items);
			const { ms, value } = await timed(() => work(p, input));
			return report(ms, value, p.items, who);
		},
	};
}

const bookingUrl = (p: PerItemParams) => `${p.apiUrl}/bookings/`;

export const perItemScenario: Scenario = {
	floor: contender('the floor', async (p, input) => {
		const agent = keepAliveAgent();
		let answered = 0;
		for (const item of input) {
			const url = bookingUrl(p) + encodeURIComponent(String(item.id));
			const response = await getJson(agent, url);
			assertOk(response, url);
			answered++;
		}
		agent.destroy();
		return answered;
	}),
	coreLoop: contender('the n8n-core loop', async (p, input) => await runCoreLoopNode(p.baseUrl, { mode: 'perItem', url: bookingUrl(p), id: '={{ $json.id }}' }, input)),
	oursSequential: contender('our node', async (p, input) =>
		// One at a time, as the floor and the n8n-core loop: this scenario measures the cost per item, not concurrency.
		await runOurNode(p.baseUrl, { resource: 'booking', operation: 'get', bookingId: '={{ $json.id }}', options: { parallelRequests: 1 } }, input),
	),
	httpRequestNode: contender('the HTTP Request node', async (p, input) =>
		await runHttpRequestNode({ method: 'GET', url: `={{ "${bookingUrl(p)}" + encodeURIComponent($json.id) }}` }, input),
	),
};
