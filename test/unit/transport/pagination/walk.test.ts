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

	it('page number ends on the first page shorter than the first, or an empty one, when no total is given', async () => {
		const server: Server = (q) => ({ statusCode: 200, body: ENTRIES.slice((Number(q.p) - 1) * 5, Number(q.p) * 5) });
		const { ids, requests } = await walk(server, { mode: 'pageNumber', pageParameter: 'p', firstPage: 1 });
		expect(ids).toEqual(all);
		// 23 entries, 5 a page: page 5 holds 3, so no page 6 is asked for.
		expect(requests).toHaveLength(5);
		const even: Server = (q) => ({ statusCode: 200, body: ENTRIES.slice((Number(q.p) - 1) * 5, Math.min(20, Number(q.p) * 5)) });
		const evenWalk = await walk(even, { mode: 'pageNumber', pageParameter: 'p', firstPage: 1 });
		expect(evenWalk.ids).toEqual(all.slice(0, 20));
		expect(evenWalk.requests).toHaveLength(5);
	});

	it('offset with a limit parameter', async () => {
		const server: Server = (q) => ({ statusCode: 200, body: ENTRIES.slice(Number(q.skip), Number(q.skip) + Number(q.take)) });
		const { ids, requests } = await walk(server, { mode: 'offset', offsetParameter: 'skip', limitParameter: 'take', pageSize: 10 });
		expect(ids).toEqual(all);
		// The third page holds 3 of the 10 asked for: the end, with no fourth request.
		expect(requests.map((r) => r.qs)).toEqual([{ skip: 0, take: 10 }, { skip: 10, take: 10 }, { skip: 20, take: 10 }]);
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

	it('Off with a Page Size Parameter asks for that many in its one request, and fails Return All on an answer cut exactly there', async () => {
		// Acuity: a bare list cut at `max` (default 10 here), with no way to ask for the rest.
		const cutAtMax: Server = (q) => ({ statusCode: 200, body: ENTRIES.slice(0, Number(q.max ?? 10)) });
		const whole = await walk(cutAtMax, { mode: 'off', pageSizeParameter: 'max', pageSize: 50 });
		expect(whole.ids).toEqual(all);
		expect(whole.requests.map((r) => r.qs)).toEqual([{ max: 50 }]);
		await expect(walk(cutAtMax, { mode: 'off', pageSizeParameter: 'max', pageSize: 20 })).rejects.toThrow(
			'The answer holds 20 entries, the 20 asked for with "max": the list may go on past them',
		);
		const limited = await walk(cutAtMax, { mode: 'off', pageSizeParameter: 'max', pageSize: 20 }, 5);
		expect([limited.ids, limited.requests.map((r) => r.qs)]).toEqual([all.slice(0, 5), [{ max: 5 }]]);
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

/** Stripe's list shape: the next page starts after the entry whose id is sent as `starting_after`. */
function afterIdServer(parameter: string, options: { lastId?: boolean; ignoresParameter?: boolean; flag?: boolean } = {}): Server {
	return (q) => {
		const after = options.ignoresParameter ? undefined : q[parameter];
		const start = after === undefined ? 0 : ENTRIES.findIndex((entry) => entry.id === after) + 1;
		const size = Number(q.limit ?? 10);
		const data = ENTRIES.slice(start, start + size);
		const hasMore = start + size < ENTRIES.length;
		const body: Record<string, unknown> = { object: 'list', data };
		if (options.flag !== false) body.has_more = hasMore;
		if (options.lastId) body.last_id = data[data.length - 1]?.id ?? null;
		return { statusCode: 200, body };
	};
}

describe('walkPages, the next page after the last entry', () => {
	it('After Last Entry sends the last id until the more-flag says no more', async () => {
		const { ids, requests } = await walk(afterIdServer('starting_after'), { mode: 'afterLast', afterParameter: 'starting_after' });
		expect(ids).toEqual(all);
		expect(requests.map((r) => r.qs ?? {})).toEqual([{}, { starting_after: 'p10' }, { starting_after: 'p20' }]);
	});

	it('without a more-flag, a page shorter than the first ends the list', async () => {
		const { ids, requests } = await walk(afterIdServer('after', { flag: false }), { mode: 'afterLast', afterParameter: 'after' });
		expect(ids).toEqual(all);
		expect(requests).toHaveLength(3);
	});

	it('Automatic detects it from a more-flag beside entries with ids, and says the parameter is a guess', async () => {
		const stripe = await walk(afterIdServer('starting_after'));
		expect(stripe.ids).toEqual(all);
		expect(stripe.detected[0]).toMatch(/after the last entry \(its "id" sent as "starting_after".*\(a guess, checked on the second page\)/);
		// OpenAI names the last id beside the list and takes `after`.
		const openai = await walk(afterIdServer('after', { lastId: true }));
		expect(openai.ids).toEqual(all);
		expect(openai.requests[1].qs).toEqual({ after: 'p10' });
	});

	it('fails, naming the guessed parameter, when page 2 shows the API ignored it', async () => {
		const run = walk(afterIdServer('cursor', { ignoresParameter: true }));
		await expect(run).rejects.toThrow(
			'The API said more entries follow, but did not understand the page parameter Automatic mode guessed ("starting_after" with the last entry\'s "id"): page 2 repeated entries of page 1',
		);
	});

	it('stops at Limit as soon as enough entries arrived', async () => {
		const { ids, requests } = await walk(afterIdServer('starting_after'), { mode: 'afterLast', afterParameter: 'starting_after' }, 12);
		// The walk yields whole pages (Get Many keeps the first 12); it asks for no third page.
		expect(ids.slice(0, 12)).toEqual(all.slice(0, 12));
		expect(requests).toHaveLength(2);
	});
});

describe('walkPages never returns a list as complete while the answer said more', () => {
	const expectIncomplete = async (server: Server, settings: Partial<PaginationSettings>, said: string) => {
		const run = walk(server, settings);
		await expect(run).rejects.toThrow(`The API said more entries follow (${said})`);
		await expect(run).rejects.toMatchObject({ description: expect.stringContaining('Set Options > Pagination') });
	};

	it('a bare page of exactly 100 entries (a common default or cap, as Rezdy\'s) with nothing asked for or stated; 99 is read whole', async () => {
		const page = (length: number): Server => () => ({ statusCode: 200, body: Array.from({ length }, (_, i) => ({ id: `r${i}` })) });
		await expectIncomplete(page(100), {}, 'the page holds 100 entries, a page size APIs commonly default to or stop at, and nothing says the list ends there');
		const { ids, requests, detected } = await walk(page(99));
		expect(ids).toHaveLength(99);
		expect(requests).toHaveLength(1);
		expect(detected).toEqual([]);
	});

	it('a more-flag with entries that have no id to continue from', async () => {
		const noIds: Server = () => ({ statusCode: 200, body: { items: [{ ref: 'a' }, { ref: 'b' }], more: true } });
		await expectIncomplete(noIds, {}, '"more" is true');
	});

	it('gives the page instead, as the last, to an editor\'s sample that asks for it (onMoreUnreachable), with what it said and the error', async () => {
		const mock = mockContext({ parameters: {}, answers: () => ({ statusCode: 200, body: { results: ENTRIES.slice(0, 10), count: 2500 } }) });
		const told: Array<{ said: string; message: string; description: string }> = [];
		const pages = [];
		const onMoreUnreachable = (said: string, error: Error & { description?: string | null }) => told.push({ said, message: error.message, description: String(error.description) });
		for await (const page of walkPages(await ApiClient.create(mock.context), { endpoint: payments }, { settings: DEFAULT_PAGINATION, onMoreUnreachable })) pages.push(page);
		expect(pages).toHaveLength(1);
		expect(pages[0].entries).toHaveLength(10);
		expect(pages[0].next).toBeUndefined();
		expect(told).toEqual([
			{
				said: '"count" says 2500 entries and 10 were read',
				message: expect.stringMatching(/^The API said more entries follow \("count" says 2500 entries and 10 were read\)/),
				description: expect.stringContaining('Set Options > Pagination'),
			},
		]);
		expect(mock.requests).toHaveLength(1);
	});

	it('gives an editor\'s sample the one answer of Off cut at its page size, with the notice, rather than failing (Acuity\'s `max`)', async () => {
		const mock = mockContext({ parameters: {}, answers: (request) => ({ statusCode: 200, body: ENTRIES.slice(0, Number((request.qs as { max?: number }).max)) }) });
		const told: string[] = [];
		const pages = [];
		const settings = { ...DEFAULT_PAGINATION, mode: 'off' as const, pageSizeParameter: 'max', pageSize: 20 };
		for await (const page of walkPages(await ApiClient.create(mock.context), { endpoint: payments }, { settings, onMoreUnreachable: (said) => told.push(said) })) pages.push(page);
		expect(pages.map((page) => page.entries?.length)).toEqual([20]);
		expect(told).toEqual(['the answer holds the 20 entries asked for with "max"']);
	});

	it('a total above what was read, with no next page named', async () => {
		const counted: Server = () => ({ statusCode: 200, body: { results: ENTRIES.slice(0, 10), count: 2500 } });
		await expectIncomplete(counted, {}, '"count" says 2500 entries and 10 were read');
		const header: Server = () => ({ statusCode: 200, body: ENTRIES.slice(0, 10), headers: { 'x-total-count': '23' } });
		await expectIncomplete(header, {}, '"total-count" says 23 entries and 10 were read');
	});

	it('an explicit cursor whose field is missing while the flag says more', async () => {
		await expectIncomplete(servers.cursorEnvelope, { mode: 'cursor', cursorParameter: 'cursor', cursorPath: 'meta.cursor' }, '"has_more" is true');
	});

	it('a flag that is true on the last page is read the other way round', async () => {
		const jira: Server = (q) => {
			const startAt = Number(q.startAt ?? 0);
			const values = ENTRIES.slice(startAt, startAt + 10);
			return { statusCode: 200, body: { startAt, maxResults: 10, isLast: startAt + 10 >= ENTRIES.length, values } };
		};
		const { ids, detected } = await walk(jira);
		expect(ids).toEqual(all);
		expect(detected[0]).toMatch(/offset \(sent as "startAt" with "maxResults"\)/);
	});

	it('a total that is reached, a flag saying no more and Off all end the list quietly', async () => {
		const reached: Server = () => ({ statusCode: 200, body: { results: ENTRIES.slice(0, 10), count: 10 } });
		expect((await walk(reached)).ids).toHaveLength(10);
		const done: Server = () => ({ statusCode: 200, body: { data: ENTRIES.slice(0, 10), has_more: false } });
		expect((await walk(done)).ids).toHaveLength(10);
		const counted: Server = () => ({ statusCode: 200, body: { results: ENTRIES.slice(0, 10), count: 2500 } });
		expect((await walk(counted, { mode: 'off' })).ids).toHaveLength(10);
	});
});

describe('walkPages, page numbers past the end', () => {
	/** Django REST framework: a page past the last answers 404 "Invalid page.". */
	const drf = (withCount: boolean): Server => (q) => {
		const pageNumber = Number(q.page ?? 1);
		const results = ENTRIES.slice((pageNumber - 1) * 10, pageNumber * 10);
		if (pageNumber > 1 && results.length === 0) return { statusCode: 404, body: { detail: 'Invalid page.' } };
		return { statusCode: 200, body: withCount ? { count: 30, results } : { results } };
	};

	it('a refused page after a full one, with nothing promising it, is the end of the list', async () => {
		const twenty: Server = (q) => (Number(q.page) === 3 ? { statusCode: 404, body: { detail: 'Invalid page.' } } : drf(false)(q, ''));
		const { ids, detected } = await walk(twenty, { mode: 'pageNumber', pageParameter: 'page' });
		expect(ids).toEqual(all.slice(0, 20));
		expect(detected).toContain('Pagination: page 3 was refused after a full page, with no total or more-flag promising it; taken as the end of the list.');
	});

	it('a refused page that a total promised fails, naming the page and not the Base URL', async () => {
		const twoPagesOfThirty: Server = (q) => (Number(q.page) === 3 ? { statusCode: 404, body: { detail: 'Invalid page.' } } : drf(true)(q, ''));
		const run = walk(twoPagesOfThirty, { mode: 'pageNumber', pageParameter: 'page' });
		await expect(run).rejects.toThrow(/^Page 3 of GET \/payments was refused \(404\) although the page before it said more entries follow/);
		await expect(run).rejects.not.toThrow(/Base URL/);
	});

	it('a stated total ends the walk without asking for a page past it', async () => {
		const exact: Server = (q) => {
			const pageNumber = Number(q.page ?? 1);
			return { statusCode: 200, body: { count: 20, results: ENTRIES.slice((pageNumber - 1) * 10, Math.min(20, pageNumber * 10)) } };
		};
		const { ids, requests } = await walk(exact, { mode: 'pageNumber', pageParameter: 'page' });
		expect(ids).toEqual(all.slice(0, 20));
		expect(requests).toHaveLength(2);
	});
});

describe('more decided by structure, under names the registry lacks (issue 40)', () => {
	const LONG = Array.from({ length: 230 }, (_, i) => ({ id: `b${i + 1}`, startsAt: `2026-12-01T${String(i % 24).padStart(2, '0')}:00:00Z` }));
	const longIds = LONG.map((entry) => entry.id);
	const encode = (position: number) => Buffer.from(JSON.stringify({ id: position })).toString('base64');
	const decode = (token: unknown) => Number(JSON.parse(Buffer.from(String(token), 'base64').toString()).id);

	/** `{"items", "tokenForNext", "span"}`: the token goes back under `takes` (any other name is ignored: page 1 again). */
	const tokenForNext =
		(takes: string): Server =>
		(q) => {
			const start = takes in q ? decode(q[takes]) : 0;
			const items = LONG.slice(start, start + 50);
			const end = start + items.length;
			return { statusCode: 200, body: { items, ...(end < LONG.length ? { tokenForNext: encode(end) } : {}), span: { first: start + 1, last: end } } };
		};

	it('a next-page token under an unknown name: tried under its own name and the names its words give, confirmed on page 2', async () => {
		const { ids, requests, detected } = await walk(tokenForNext('next_token'));
		expect(ids).toEqual(longIds);
		// Page 2 asked under "tokenForNext" and "token" (both ignored: page 1 again), then "next_token".
		expect(requests.length).toBe(5 + 2);
		expect(detected[0]).toMatch(/cursor \(next cursor from "tokenForNext", sent as "tokenForNext"\) \(a guess, checked on the second page\)/);
		expect(detected).toContain('Pagination (automatic): the API ignored "token" (page 2 did not follow page 1), so it is sent as "next_token".');
	});

	it('an API that refuses a parameter it does not know (400) moves the guess on to the next name, as one that ignores it does', async () => {
		const strict: Server = (q, url) => {
			const unknown = Object.keys(q).find((name) => name !== 'next_token');
			return unknown ? { statusCode: 400, body: { message: `Unknown parameter ${unknown}` } } : tokenForNext('next_token')(q, url);
		};
		const { ids, detected } = await walk(strict);
		expect(ids).toEqual(longIds);
		expect(detected).toContain('Pagination (automatic): the API ignored "tokenForNext" (page 2 was refused with 400), so it is sent as "token".');
	});

	it('a token no name brings back fails naming the field and what to set, never 50 entries as the whole list', async () => {
		await expect(walk(tokenForNext('pagingKey'))).rejects.toThrow(
			/^The API said more entries follow \("tokenForNext" holds a next-page token\), but ignored the token under every name Automatic mode tried \("tokenForNext", "token", "next_token"/,
		);
	});

	it('Pagination Off reads the one page it asks for, as set', async () => {
		await expect(walk(tokenForNext('next_token'), { mode: 'off' })).resolves.toMatchObject({ ids: longIds.slice(0, 50) });
	});

	/** `{"success", "count" (this page's), "paging": {"anotherPage", "linkToNext"}, "data"}`, 100 a page. */
	const perPageCount: Server = (q) => {
		const pageNumber = Number(q.page ?? 1);
		const data = LONG.slice((pageNumber - 1) * 100, pageNumber * 100);
		const more = pageNumber * 100 < LONG.length;
		return { statusCode: 200, body: { success: true, count: data.length, paging: { anotherPage: more, linkToNext: more ? `${BASE}?page=${pageNumber + 1}` : null }, data } };
	};

	it('a per-page count beside a next link is no total: Automatic follows the link to the end', async () => {
		const { ids, requests, detected } = await walk(perPageCount);
		expect(ids).toEqual(longIds);
		expect(requests).toHaveLength(3);
		expect(detected[0]).toMatch(/next URL from "paging\.linkToNext"/);
	});

	it('Page Number set explicitly does not stop on a count equal to the page: it walks until a shorter page', async () => {
		const { ids, requests } = await walk(perPageCount, { mode: 'pageNumber', pageParameter: 'page' });
		expect(ids).toEqual(longIds);
		expect(requests).toHaveLength(3);
	});

	it('a count equal to the page with no sign of more, Page Number set: page 2 is asked for, and an empty page ends it', async () => {
		const countOnly: Server = (q) => {
			const pageNumber = Number(q.page ?? 1);
			const data = LONG.slice((pageNumber - 1) * 100, pageNumber * 100);
			return { statusCode: 200, body: { count: data.length, data } };
		};
		const { ids } = await walk(countOnly, { mode: 'pageNumber', pageParameter: 'page' });
		expect(ids).toEqual(longIds);
	});

	it('a true flag under an unknown name, with no way to the next page and no identities, fails', async () => {
		const flagOnly: Server = () => ({ statusCode: 200, body: { rows: LONG.slice(0, 30).map(({ startsAt }) => ({ startsAt })), moreAvailable: true } });
		await expect(walk(flagOnly)).rejects.toThrow(/^The API said more entries follow \("moreAvailable" is true\)/);
	});

	it('a link found by its words that leads back to page 1 fails naming it', async () => {
		const loops: Server = () => ({ statusCode: 200, body: { data: LONG.slice(0, 20), linkToNext: `${BASE}?page=2` } });
		await expect(walk(loops)).rejects.toThrow(/^The API said more entries follow \("linkToNext" links to a next page\), but the page that link gave repeated entries of page 1/);
	});

	/** Mindbody's paging block: the offset and limit asked for echoed back; they are taken under `offsetName` and `limitName`. */
	const echo =
		(offsetName: string, limitName: string): Server =>
		(q) => {
			const offset = Number(q[offsetName] ?? 0);
			const limit = Number(q[limitName] ?? 100);
			const Bookings = LONG.slice(offset, offset + limit);
			return { statusCode: 200, body: { PaginationResponse: { RequestedLimit: limit, RequestedOffset: offset, PageSize: Bookings.length, TotalResults: LONG.length }, Bookings } };
		};

	it("an echoed offset (Mindbody's RequestedOffset) walks in Automatic under the names its words give, confirmed by the echo", async () => {
		const { ids, requests } = await walk(echo('offset', 'limit'));
		expect(ids).toEqual(longIds);
		expect(requests).toHaveLength(3);
	});

	it("an echoed offset walks under the registry's name for the platform when the words' name is ignored", async () => {
		const { ids, requests, detected } = await walk(echo('request.offset', 'request.limit'));
		expect(ids).toEqual(longIds);
		expect(requests).toHaveLength(4);
		expect(detected).toContain('Pagination (automatic): the API ignored "offset" (page 2 did not follow page 1), so it is sent as "request.offset".');
	});

	it('an echoed offset no guessed name moves fails naming what to set', async () => {
		await expect(walk(echo('skip', 'take'))).rejects.toThrow(/did not take the offset under any name Automatic mode tried \("offset", "request\.offset"\)/);
	});
});
