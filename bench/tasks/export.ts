/**
 * Export: every payment (Payment → Get Many, Return All) in pages of the sandbox's largest size, by our node,
 * by a plain keep-alive loop (the floor) and by n8n's HTTP Request node with its built-in pagination.
 *
 * The sandbox answers bare JSON arrays with the next cursor in a header (see scenarios/export.ts for why);
 * the page-size parameter and header names are the sandbox's own and come from the parent, never from the node.
 */
import type { INodeParameters } from 'n8n-workflow';

import { check, type Contender, type Scenario } from '../child/contender';
import { timed } from '../child/measure';
import { assertOk, getJson, keepAliveAgent } from '../floor';
import type { RunParams } from '../protocol';
import { runCoreLoopNode, runHttpRequestNode, runOurNode } from '../workflows';

interface ExportParams extends RunParams {
	payments: number;
	pageSize: number;
	/** The sandbox's query parameter names and next-cursor header. */
	limitParameter: string;
	cursorParameter: string;
	cursorHeader: string;
}

const WARMUP_LIMIT = 5;

function ourParameters(p: ExportParams, returnAll: boolean): INodeParameters {
	return {
		resource: 'payment',
		operation: 'getAll',
		returnAll,
		limit: WARMUP_LIMIT,
		// What a user does to get full pages: name the API's page-size parameter under Send Query Parameters.
		sendQuery: true,
		specifyQuery: 'keypair',
		queryParameters: { parameters: [{ name: p.limitParameter, value: String(p.pageSize) }] },
	};
}

const ours: Contender = {
	async warmup(params) {
		await runOurNode(params.baseUrl, ourParameters(params as ExportParams, false));
	},
	async run(params) {
		const p = params as ExportParams;
		const { ms, value: items } = await timed(() => runOurNode(p.baseUrl, ourParameters(p, true)));
		check(items.length === p.payments, `our node returned ${items.length} items, expected ${p.payments}`);
		return { ms, items: items.length };
	},
};

const floor: Contender = {
	async run(params) {
		const p = params as ExportParams;
		const agent = keepAliveAgent();
		const maxPages = Math.ceil(p.payments / p.pageSize) + 2;
		const { ms, value } = await timed(async () => {
			const entries: unknown[] = [];
			let bytes = 0;
			let cursor: string | undefined;
			let pages = 0;
			for (; pages < maxPages; pages++) {
				const query = new URLSearchParams({ [p.limitParameter]: String(p.pageSize) });
				if (cursor !== undefined) query.set(p.cursorParameter, cursor);
				const url = `${p.apiUrl}/payments?${query}`;
				const response = await getJson(agent, url);
				assertOk(response, url);
				bytes += response.bytes;
				for (const entry of response.body as unknown[]) entries.push(entry);
				const next = response.headers[p.cursorHeader.toLowerCase()];
				if (typeof next !== 'string' || next === '') break;
				cursor = next;
			}
			return { entries, bytes, pages: pages + 1 };
		});
		agent.destroy();
		check(value.entries.length === p.payments, `the floor got ${value.entries.length} entries, expected ${p.payments}`);
		return { ms, items: value.entries.length, requests: value.pages, jsonBytes: value.bytes };
	},
};

function httpParameters(p: ExportParams, maxRequests?: number): INodeParameters {
	const header = `$response.headers["${p.cursorHeader.toLowerCase()}"]`;
	return {
		method: 'GET',
		url: `${p.apiUrl}/payments`,
		sendQuery: true,
		queryParameters: { parameters: [{ name: p.limitParameter, value: String(p.pageSize) }] },
		options: {
			pagination: {
				pagination: {
					// The documented recipe for cursor APIs: update a query parameter from the last response.
					paginationMode: 'updateAParameterInEachRequest',
					parameters: { parameters: [{ type: 'qs', name: p.cursorParameter, value: `={{ ${header} }}` }] },
					paginationCompleteWhen: 'other',
					completeExpression: `={{ !${header} }}`,
					...(maxRequests !== undefined && { limitPagesFetched: true, maxRequests }),
				},
			},
		},
	};
}

const httpRequestNode: Contender = {
	async warmup(params) {
		await runHttpRequestNode(httpParameters(params as ExportParams, 1));
	},
	async run(params) {
		const p = params as ExportParams;
		const { ms, value: items } = await timed(() => runHttpRequestNode(httpParameters(p)));
		check(items.length === p.payments, `the HTTP Request node returned ${items.length} items, expected ${p.payments}`);
		return { ms, items: items.length };
	},
};

function coreLoopParameters(p: ExportParams, maxPages: number): INodeParameters {
	return {
		mode: 'pages',
		url: `${p.apiUrl}/payments`,
		limitParameter: p.limitParameter,
		cursorParameter: p.cursorParameter,
		cursorHeader: p.cursorHeader,
		pageSize: p.pageSize,
		maxPages,
	};
}

const coreLoop: Contender = {
	async warmup(params) {
		await runCoreLoopNode(params.baseUrl, coreLoopParameters(params as ExportParams, 1));
	},
	async run(params) {
		const p = params as ExportParams;
		const maxPages = Math.ceil(p.payments / p.pageSize) + 2;
		const { ms, value: items } = await timed(() => runCoreLoopNode(p.baseUrl, coreLoopParameters(p, maxPages)));
		check(items.length === p.payments, `the n8n-core loop returned ${items.length} items, expected ${p.payments}`);
		return { ms, items: items.length };
	},
};

export const exportScenario: Scenario = { floor, coreLoop, ours, httpRequestNode };
