import type { IHttpRequestOptions } from 'n8n-workflow';

import { findEndpoint } from '../../../../nodes/VenueBooking/endpoints';
import { walkPages } from '../../../../nodes/VenueBooking/transport/pagination/walk';
import { DEFAULT_PAGINATION, type PaginationSettings } from '../../../../nodes/VenueBooking/transport/pagination/strategies';
import { ApiClient } from '../../../../nodes/VenueBooking/transport/request';
import { mockContext, type MockAnswer } from '../../mockContext';

const payments = findEndpoint('payment', 'getAll');
const BASE = 'https://studio.example.com/api/partners/v1/payments';
const ENTRIES = Array.from({ length: 23 }, (_, i) => ({ id: `p${i + 1}` }));

/** A tiny list server in the shape a test chooses, answering from the request's query or URL. */
type Server = (query: Record<string, unknown>, url: string) => MockAnswer;

async function walk(server: Server, settings: Partial<PaginationSettings> = {}, limit?: number) {
	const answers = (request: IHttpRequestOptions) => {
		const url = new URL(request.url);
		const query: Record<string, unknown> = { ...Object.fromEntries(url.searchParams), ...(request.qs ?? {}) };
		return server(query, request.url);
	};
	const mock = mockContext({ parameters: {}, answers });
	const client = await ApiClient.create(mock.context);
	const detected: string[] = [];
	const ids: unknown[] = [];
	for await (const page of walkPages(
		client,
		{ endpoint: payments },
		{ settings: { ...DEFAULT_PAGINATION, ...settings }, limit, onDetected: (d) => detected.push(d) },
	)) {
		for (const entry of page.entries ?? []) ids.push((entry as { id: string }).id);
	}
	return { ids, requests: mock.requests, detected };
}

const all = ENTRIES.map((e) => e.id);

const servers: Record<string, Server> = {
	cursorEnvelope: (q) => {
		const start = Number(q.cursor ?? 0);
		const size = Number(q.per_page ?? 5);
		const slice = ENTRIES.slice(start, start + size);
		const next = start + size < ENTRIES.length ? String(start + size) : null;
		return { statusCode: 200, body: { data: slice, meta: { next_cursor: next, has_more: next !== null } } };
	},
	cursorHeader: (q) => {
		const start = Number(q.cursor ?? 0);
		const slice = ENTRIES.slice(start, start + 5);
		const headers: Record<string, string> = start + 5 < ENTRIES.length ? { 'x-next-cursor': String(start + 5) } : {};
		return { statusCode: 200, body: slice, headers };
	},
	pageEnvelope: (q) => {
		const page = Number(q.page ?? 1);
		return {
			statusCode: 200,
			body: { items: ENTRIES.slice((page - 1) * 5, page * 5), page, totalPages: Math.ceil(ENTRIES.length / 5) },
		};
	},
	pageHeaders: (q) => {
		const page = Number(q.page ?? 1);
		return { statusCode: 200, body: ENTRIES.slice((page - 1) * 5, page * 5), headers: { 'x-page': String(page), 'x-total-pages': '5' } };
	},
	offsetEnvelope: (q) => {
		const offset = Number(q.offset ?? 0);
		return { statusCode: 200, body: { results: ENTRIES.slice(offset, offset + 5), offset, limit: 5, total: ENTRIES.length } };
	},
	nextUrlBody: (q) => {
		const start = Number(q.from ?? 0);
		const next = start + 5 < ENTRIES.length ? `${BASE}?from=${start + 5}` : null;
		return { statusCode: 200, body: { entries: ENTRIES.slice(start, start + 5), links: { next } } };
	},
	linkHeader: (q) => {
		const start = Number(q.from ?? 0);
		const headers: Record<string, string> =
			start + 5 < ENTRIES.length ? { link: `</api/partners/v1/payments?from=${start + 5}>; rel="next"` } : {};
		return { statusCode: 200, body: ENTRIES.slice(start, start + 5), headers };
	},
};

describe('walkPages, automatic mode', () => {
	it.each(Object.keys(servers))('%s: every entry once, in order, and says what it detected', async (name) => {
		const { ids, detected, requests } = await walk(servers[name]);
		expect(ids).toEqual(all);
		expect(detected).toHaveLength(1);
		expect(detected[0]).toMatch(/^Pagination \(automatic\): /);
		expect(requests.length).toBeLessThanOrEqual(6);
	});

	it('takes a short response without markers as complete, without a warning', async () => {
		const { ids, requests, detected } = await walk(() => ({ statusCode: 200, body: ENTRIES.slice(0, 5) }));
		expect(ids).toHaveLength(5);
		expect(requests).toHaveLength(1);
		expect(detected).toEqual([]);
	});

	it('warns when a response without markers is exactly a common page size', async () => {
		const twenty = Array.from({ length: 20 }, (_, i) => ({ id: `q${i}` }));
		const { ids, requests, detected } = await walk(() => ({ statusCode: 200, body: twenty }));
		expect(ids).toHaveLength(20);
		expect(requests).toHaveLength(1);
		expect(detected).toHaveLength(1);
		expect(detected[0]).toMatch(/taken as complete, but it held 20 entries, a common page size/);
	});

	it('with a limit asks for no page it does not need', async () => {
		const { ids, requests } = await walk(servers.pageEnvelope, {}, 7);
		expect(ids.slice(0, 7)).toEqual(all.slice(0, 7));
		expect(requests).toHaveLength(2);
	});
});

describe('walkPages, explicit strategies', () => {
	it('cursor with a page size parameter asks only for what is still missing', async () => {
		const { ids, requests } = await walk(
			servers.cursorEnvelope,
			{ mode: 'cursor', cursorParameter: 'cursor', cursorPath: 'meta.next_cursor', pageSizeParameter: 'per_page', pageSize: 5 },
			12,
		);
		expect(ids).toEqual(all.slice(0, 12));
		expect(requests.map((r) => r.qs)).toEqual([{ per_page: 5 }, { cursor: '5', per_page: 5 }, { cursor: '10', per_page: 2 }]);
	});

	it('cursor from a header', async () => {
		const { ids } = await walk(servers.cursorHeader, { mode: 'cursor', cursorParameter: 'cursor', cursorPath: 'header:X-Next-Cursor' });
		expect(ids).toEqual(all);
	});

	it('page number ends on the first empty page when no total is given', async () => {
		const server: Server = (q) => ({ statusCode: 200, body: ENTRIES.slice((Number(q.p) - 1) * 5, Number(q.p) * 5) });
		const { ids, requests } = await walk(server, { mode: 'pageNumber', pageParameter: 'p', firstPage: 1 });
		expect(ids).toEqual(all);
		expect(requests).toHaveLength(6);
	});

	it('offset with a limit parameter', async () => {
		const server: Server = (q) => ({ statusCode: 200, body: ENTRIES.slice(Number(q.skip), Number(q.skip) + Number(q.take)) });
		const { ids, requests } = await walk(server, { mode: 'offset', offsetParameter: 'skip', limitParameter: 'take', pageSize: 10 });
		expect(ids).toEqual(all);
		expect(requests.map((r) => r.qs)).toEqual([{ skip: 0, take: 10 }, { skip: 10, take: 10 }, { skip: 20, take: 10 }, { skip: 23, take: 10 }]);
	});

	it('next URL from the Link header', async () => {
		const { ids } = await walk(servers.linkHeader, { mode: 'nextUrl' });
		expect(ids).toEqual(all);
	});

	it('Off makes exactly one request', async () => {
		const { ids, requests } = await walk(servers.cursorEnvelope, { mode: 'off' });
		expect(ids).toHaveLength(5);
		expect(requests).toHaveLength(1);
	});

	it('names the missing setting of a chosen strategy', async () => {
		await expect(walk(servers.cursorEnvelope, { mode: 'cursor', cursorParameter: 'cursor' })).rejects.toThrow(/Next Cursor Field/);
	});
});

describe('walkPages guards', () => {
	it('stops with an error when a cursor repeats', async () => {
		const server: Server = () => ({ statusCode: 200, body: { data: [{ id: Math.random() }], next_cursor: 'same' } });
		await expect(walk(server)).rejects.toThrow(/pointed back to a page it already gave/);
	});

	it('stops with an error when the API ignores the page parameter', async () => {
		const server: Server = () => ({ statusCode: 200, body: ENTRIES.slice(0, 5) });
		await expect(walk(server, { mode: 'pageNumber', pageParameter: 'page' })).rejects.toThrow(/same page twice/);
	});

	it('stops at Max Pages with an error that says how to raise it', async () => {
		const server: Server = (q) => ({ statusCode: 200, body: [{ id: `x${String(q.page)}` }] });
		await expect(walk(server, { mode: 'pageNumber', pageParameter: 'page', maxPages: 7 })).rejects.toThrow(
			/Stopped after 7 pages.*Max Pages/,
		);
	});
});
