import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { findEndpoint } from '../../../../nodes/VenueBooking/endpoints';
import { addressPages, sameRequest } from '../../../../nodes/VenueBooking/transport/pagination/prefetch';
import { DEFAULT_PAGINATION, type PaginationSettings, type ResolvedPagination } from '../../../../nodes/VenueBooking/transport/pagination/strategies';
import { walkPages } from '../../../../nodes/VenueBooking/transport/pagination/walk';
import { ApiClient } from '../../../../nodes/VenueBooking/transport/request';
import { TEST_KEY, TEST_NODE } from '../../mockContext';
import { page } from './page';

/**
 * Return All with pages fetched ahead: against small list servers of every pagination style that states
 * a total, with seeded delays and faults, the walk must give exactly the entries of a one-page-at-a-time
 * walk, in order, ask for no page twice, keep within Parallel Requests and Max Pages.
 */


const payments = findEndpoint('payment', 'getAll');
const ENTRIES = Array.from({ length: 233 }, (_, i) => ({ id: `p${i + 1}` }));
const SIZE = 10;

type Answer = { statusCode: number; body?: unknown; headers?: Record<string, string> };
type Server = (query: Record<string, string>) => Answer;

function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 2 ** 32;
	};
}

const slice = (start: number) => ENTRIES.slice(start, start + SIZE);
const totalPages = Math.ceil(ENTRIES.length / SIZE);

/** Every style that names its pages and states where the list ends; names are this test's own. */
const SERVERS: Record<string, Server> = {
	'page number, total pages in the body': (q) => {
		const page = Number(q.page ?? 1);
		return { statusCode: 200, body: { items: slice((page - 1) * SIZE), page, total_pages: totalPages } };
	},
	'page number, only a total count': (q) => {
		const page = Number(q.pageNo ?? 1);
		return { statusCode: 200, body: { data: slice((page - 1) * SIZE), meta: { pageNo: page, totalCount: ENTRIES.length } } };
	},
	'page number from 0, totals in headers': (q) => {
		const page = Number(q.page ?? 0);
		return {
			statusCode: 200,
			body: slice(page * SIZE),
			headers: { 'x-page': String(page), 'x-total-pages': String(totalPages), 'x-total-count': String(ENTRIES.length) },
		};
	},
	'offset, total in the body': (q) => {
		const offset = Number(q.offset ?? 0);
		return { statusCode: 200, body: { results: slice(offset), offset, limit: SIZE, total: ENTRIES.length } };
	},
	'offset, total in headers': (q) => {
		const offset = Number(q.offset ?? 0);
		return { statusCode: 200, body: slice(offset), headers: { 'x-offset': String(offset), 'x-total-count': String(ENTRIES.length) } };
	},
};

interface Faults {
	seed: number;
	/** Share of answers replaced by a 429 or 503 with Retry-After: 0 (retried at once). */
	rate?: number;
}

/** A context whose HTTP helper answers from `server` after a seeded delay, counting what is in flight. */
function serving(server: Server, faults: Faults = { seed: 1 }) {
	const random = seededRandom(faults.seed);
	const asked: string[] = [];
	let inFlight = 0;
	let peak = 0;
	const context = {
		getNode: () => TEST_NODE,
		getCredentials: async () => ({ baseUrl: 'https://studio.example.com', apiKey: TEST_KEY }),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => {
				const query = Object.fromEntries(Object.entries(request.qs ?? {}).map(([key, value]) => [key, String(value)]));
				inFlight++;
				peak = Math.max(peak, inFlight);
				await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(random() * 4)));
				inFlight--;
				if (random() < (faults.rate ?? 0)) {
					const status = random() < 0.5 ? 429 : 503;
					return { statusCode: status, headers: { 'retry-after': '0' }, body: '{"error":"busy"}' };
				}
				asked.push(JSON.stringify(query));
				const answer = server(query);
				const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
				return { statusCode: answer.statusCode, headers: { 'content-type': 'application/json', ...(answer.headers ?? {}) }, body };
			},
		},
	};
	return { context: context as unknown as IExecuteFunctions, asked, peak: () => peak };
}

async function walk(server: Server, options: { parallel?: number; settings?: Partial<PaginationSettings>; limit?: number; faults?: Faults } = {}) {
	const served = serving(server, options.faults);
	const client = await ApiClient.create(served.context, { retry: { maxRetries: 10, maxWaitMs: 1000 }, timeoutMs: 5000 });
	const ids: string[] = [];
	const hints: string[] = [];
	for await (const page of walkPages(
		client,
		{ endpoint: payments },
		{ settings: { ...DEFAULT_PAGINATION, ...options.settings }, limit: options.limit, parallel: options.parallel, onConcurrency: (m) => hints.push(m) },
	)) {
		for (const entry of page.entries ?? []) ids.push((entry as { id: string }).id);
	}
	return { ids, asked: served.asked, peak: served.peak(), hints };
}

const ALL = ENTRIES.map((entry) => entry.id);

describe.each(Object.keys(SERVERS))('Return All, %s', (name) => {
	const server = SERVERS[name];

	it('fetches pages at once, within Parallel Requests, every entry once and in order', async () => {
		const sequential = await walk(server, { parallel: 1 });
		expect(sequential.ids).toEqual(ALL);
		expect(sequential.peak).toBe(1);
		const concurrent = await walk(server, { parallel: 6 });
		expect(concurrent.ids).toEqual(ALL);
		expect(concurrent.peak).toBeGreaterThan(1);
		expect(concurrent.peak).toBeLessThanOrEqual(6);
		// No page asked for twice, and none past the end.
		expect(new Set(concurrent.asked).size).toBe(concurrent.asked.length);
		expect(concurrent.asked.length).toBe(sequential.asked.length);
		expect(concurrent.hints.join(' ')).toMatch(/up to \d+ pages at once \(Parallel Requests allows 6\)/);
	});

	it.each([1, 2, 3])('is lossless under seeded 429 and 503 answers (seed %i)', async (seed) => {
		const result = await walk(server, { parallel: 8, faults: { seed, rate: 0.25 } });
		expect(result.ids).toEqual(ALL);
		expect(new Set(result.asked).size).toBe(result.asked.length);
		expect(result.peak).toBeLessThanOrEqual(8);
	});

	it('respects Max Pages: fails as the sequential walk does, without asking past it', async () => {
		await expect(walk(server, { parallel: 8, settings: { maxPages: 5 } })).rejects.toThrow(/Stopped after 5 pages/);
		const served = serving(server);
		const client = await ApiClient.create(served.context);
		const pages = walkPages(client, { endpoint: payments }, { settings: { ...DEFAULT_PAGINATION, maxPages: 5 }, parallel: 8 });
		await expect((async () => { for await (const _ of pages) void _; })()).rejects.toThrow(/Max Pages/);
		expect(served.asked.length).toBeLessThanOrEqual(5);
	});

	it('walks one page at a time with a Limit', async () => {
		const result = await walk(server, { parallel: 8, limit: 35 });
		expect(result.ids).toEqual(ALL.slice(0, 40));
		expect(result.peak).toBe(1);
	});
});

describe('pages that cannot be fetched ahead, or not as planned', () => {
	it('stays sequential with cursors', async () => {
		const cursor: Server = (q) => {
			const start = Number(q.cursor ?? 0);
			const next = start + SIZE < ENTRIES.length ? String(start + SIZE) : null;
			return { statusCode: 200, body: { items: slice(start), next_cursor: next } };
		};
		const result = await walk(cursor, { parallel: 8 });
		expect(result.ids).toEqual(ALL);
		expect(result.peak).toBe(1);
	});

	it('ends cleanly at an empty page when the stated total is too high', async () => {
		const lying: Server = (q) => {
			const page = Number(q.page ?? 1);
			return { statusCode: 200, body: { items: slice((page - 1) * SIZE), page, total_pages: totalPages + 5 } };
		};
		const result = await walk(lying, { parallel: 4 });
		expect(result.ids).toEqual(ALL);
	});

	it('falls back to one page at a time when a page comes back short in the middle', async () => {
		// Offsets from the entries each page returned: a short page shifts every later offset.
		const short: Server = (q) => {
			const offset = Number(q.offset ?? 0);
			const size = offset === 50 ? 3 : SIZE;
			return { statusCode: 200, body: { results: ENTRIES.slice(offset, offset + size), offset, total: ENTRIES.length } };
		};
		const sequential = await walk(short, { parallel: 1 });
		const concurrent = await walk(short, { parallel: 8 });
		expect(sequential.ids).toEqual(ALL);
		expect(concurrent.ids).toEqual(ALL);
	});
});

const fiveEntries = [1, 2, 3, 4, 5];

describe('addressing pages directly from the first one', () => {
	describe('numbered pages', () => {
		const settings: ResolvedPagination = { mode: 'pageNumber', pageParameter: 'page', totalPagesPath: 'meta.pages', totalPath: 'meta.total' };

		it('counts the pages the first page states, and asks for page n as the walker would', () => {
			const first = page({ meta: { pages: 4 } }, { entries: fiveEntries, query: { status: 'open' } });
			const address = addressPages(settings, first, { query: { status: 'open', page: 2 } })!;
			expect(address.count).toBe(4);
			expect(address.request(3)).toEqual({ query: { status: 'open', page: 3 }, marker: '3' });
			expect(address.last()).toEqual({ query: { status: 'open', page: 4 }, marker: '4' });
		});

		it('works the page count out of a total when no page count is stated, rounding up', () => {
			const address = addressPages(settings, page({ meta: { total: 12 } }, { entries: fiveEntries }), { query: { page: 2 } })!;
			expect(address.count).toBe(3);
		});

		it('starts from the page the first one says it is, with pages before it not counted', () => {
			const withCurrent: ResolvedPagination = { ...settings, currentPagePath: 'meta.current' };
			const first = page({ meta: { pages: 6, current: 3 } }, { entries: fiveEntries });
			const address = addressPages(withCurrent, first, { query: { page: 4 } })!;
			expect(address.count).toBe(4);
			expect(address.last().query).toEqual({ page: 6 });
		});

		it('cannot without a stated end, a page parameter, or entries to size a total by', () => {
			expect(addressPages(settings, page({ meta: {} }, { entries: fiveEntries }), { query: { page: 2 } })).toBeUndefined();
			expect(addressPages({ ...settings, pageParameter: ' ' }, page({ meta: { pages: 3 } }, { entries: fiveEntries }), { query: { page: 2 } })).toBeUndefined();
			expect(addressPages(settings, page({ meta: { total: 12 } }, { entries: [] }), { query: { page: 2 } })).toBeUndefined();
		});
	});

	describe('offsets', () => {
		const settings: ResolvedPagination = { mode: 'offset', offsetParameter: 'offset', limitParameter: 'limit', totalPath: 'total' };

		it('counts windows of the first page\'s length up to the total, and ends at the last full window', () => {
			const first = page({ total: 12 }, { entries: fiveEntries, query: { limit: 5 } });
			const address = addressPages(settings, first, { query: { limit: 5, offset: 5 } })!;
			expect(address.count).toBe(3);
			expect(address.request(3)).toEqual({ query: { limit: 5, offset: 10 }, marker: '10' });
			expect(address.last()).toEqual({ query: { limit: 5, offset: 7 }, marker: '7' });
		});

		it('starts at the offset the first page was asked with', () => {
			const first = page({ total: 20 }, { entries: fiveEntries, query: { offset: 10 } });
			const address = addressPages(settings, first, { query: { offset: 15 } })!;
			expect(address.count).toBe(2);
			expect(address.last().query).toEqual({ offset: 15 });
		});

		it('cannot without a total or with an empty first page', () => {
			expect(addressPages(settings, page({}, { entries: fiveEntries }), { query: { offset: 5 } })).toBeUndefined();
			expect(addressPages(settings, page({ total: 12 }, { entries: [] }), { query: { offset: 0 } })).toBeUndefined();
		});
	});

	it('never plans what the strategy itself would not send next', () => {
		const settings: ResolvedPagination = { mode: 'pageNumber', pageParameter: 'page', totalPagesPath: 'pages' };
		expect(addressPages(settings, page({ pages: 4 }, { entries: fiveEntries }), { query: { page: 3 } })).toBeUndefined();
		expect(addressPages(settings, page({ pages: 4 }, { entries: fiveEntries }), { url: 'https://studio.example.com/next' })).toBeUndefined();
	});

	it('cannot address cursors or next URLs at all', () => {
		const first = page({ total: 12, pages: 3 }, { entries: fiveEntries });
		expect(addressPages({ mode: 'cursor', cursorParameter: 'cursor', cursorPath: 'next', totalPath: 'total' }, first, { query: { cursor: 'c' } })).toBeUndefined();
		expect(addressPages({ mode: 'nextUrl', totalPath: 'total' }, first, { url: 'https://studio.example.com/p2' })).toBeUndefined();
	});
});

describe('sameRequest', () => {
	it('compares URL and query, values as text and keys in any order', () => {
		expect(sameRequest({ query: { page: 2, a: 'x' } }, { query: { a: 'x', page: '2' } })).toBe(true);
		expect(sameRequest({}, { query: {} })).toBe(true);
		expect(sameRequest({ query: { page: 2 } }, { query: { page: 2, extra: 1 } })).toBe(false);
		expect(sameRequest({ url: 'https://a.example/1' }, { url: 'https://a.example/2' })).toBe(false);
	});
});
