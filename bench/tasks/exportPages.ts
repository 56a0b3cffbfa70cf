/**
 * Return All at 20 ms a request: our node over cursor pages (one after another, as cursors require), over
 * numbered pages and over offsets with a stated total (fetched at once, up to Parallel Requests 32 by
 * default), against a plain keep-alive loop that reads the same numbered pages one after another.
 */
import type { INodeParameters } from 'n8n-workflow';

import { check, type Contender, type Scenario } from '../child/contender';
import { timed } from '../child/measure';
import { assertOk, getJson, keepAliveAgent } from '../floor';
import type { RunParams } from '../protocol';
import { runOurNode } from '../workflows';

interface ExportPagesParams extends RunParams {
	payments: number;
	pageSize: number;
	/** The sandbox's names for the current style: the page-size parameter, and the loop's page and list fields. */
	sizeParameter: string;
	pageParameter: string;
	listField: string;
	totalPagesField: string;
	/** The payment ids in server order, to check every contender got exactly them. */
	expectedIds: string[];
}

function checkIds(ids: unknown[], p: ExportPagesParams, who: string): void {
	check(ids.length === p.expectedIds.length, `${who} returned ${ids.length} items, expected ${p.expectedIds.length}`);
	const wrong = ids.findIndex((id, index) => id !== p.expectedIds[index]);
	check(wrong === -1, `${who}: item ${wrong} is ${String(ids[wrong])}, expected ${p.expectedIds[wrong]}`);
}

/** Our node as a user sets it up: Return All, and the API's page-size parameter under Send Query Parameters. */
const ours: Contender = {
	async warmup(params) {
		const p = params as ExportPagesParams;
		await runOurNode(p.baseUrl, { resource: 'payment', operation: 'getAll', limit: 5 });
	},
	async run(params) {
		const p = params as ExportPagesParams;
		const parameters: INodeParameters = {
			resource: 'payment',
			operation: 'getAll',
			returnAll: true,
			sendQuery: true,
			specifyQuery: 'keypair',
			queryParameters: { parameters: [{ name: p.sizeParameter, value: String(p.pageSize) }] },
		};
		const { ms, value } = await timed(() => runOurNode(p.baseUrl, parameters));
		checkIds(value.map((item) => item.json.id), p, 'our node');
		return { ms, items: value.length, requests: Math.ceil(p.payments / p.pageSize) };
	},
};

/** The sequential floor: one keep-alive connection, page after page until the stated total. */
const sequentialLoop: Contender = {
	async run(params) {
		const p = params as ExportPagesParams;
		const agent = keepAliveAgent();
		const { ms, value } = await timed(async () => {
			const ids: unknown[] = [];
			let requests = 0;
			for (let page = 1; ; page++) {
				const url = `${p.apiUrl}/payments?${new URLSearchParams({ [p.pageParameter]: String(page), [p.sizeParameter]: String(p.pageSize) })}`;
				const response = await getJson(agent, url);
				assertOk(response, url);
				requests++;
				const body = response.body as Record<string, unknown>;
				for (const entry of body[p.listField] as Array<{ id: string }>) ids.push(entry.id);
				if (page >= Number(body[p.totalPagesField])) break;
			}
			return { ids, requests };
		});
		agent.destroy();
		checkIds(value.ids, p, 'the keep-alive loop');
		return { ms, items: value.ids.length, requests: value.requests };
	},
};

export const exportPagesScenario: Scenario = {
	loop: sequentialLoop,
	oursCursor: ours,
	oursPages: ours,
	oursOffset: ours,
};
