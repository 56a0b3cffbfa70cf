/**
 * Property-based tests (fast-check, fixed seed, bounded runs): for any input, the pure parts of the
 * transport and trigger either give a well-formed answer or say why, never throw anything else, and never
 * put the API key in a message; and a list walk over any surveyed convention returns the whole list or fails.
 */
import fc from 'fast-check';

import { findEndpoint } from '../../nodes/VenueBooking/endpoints';
import { canonicalJson } from '../../nodes/VenueBooking/transport/json';
import { detectPagination } from '../../nodes/VenueBooking/transport/pagination/detect';
import { DEFAULT_PAGINATION, type PaginationSettings } from '../../nodes/VenueBooking/transport/pagination/strategies';
import { walkPages } from '../../nodes/VenueBooking/transport/pagination/walk';
import { listAt, locateList, parseBody, toJsonItems } from '../../nodes/VenueBooking/transport/response';
import { ApiClient, normalizeBaseUrl } from '../../nodes/VenueBooking/transport/request';
import { entryIdentity } from '../../nodes/VenueBooking/identity';
import { type MockAnswer, mockContext, TEST_KEY } from './mockContext';

const SETTINGS = { seed: 20261122, numRuns: 400 };

/** JSON values including hostile keys, so pollution attempts are part of every run. */
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'next_cursor', 'items', 'page', 'id', 'next', 'total');
const jsonValue = fc.letrec((tie) => ({
	value: fc.oneof(
		{ depthSize: 'small' },
		fc.string(),
		fc.integer(),
		fc.double({ noNaN: true, noDefaultInfinity: true }),
		fc.boolean(),
		fc.constant(null),
		fc.array(tie('value'), { maxLength: 5 }),
		fc.dictionary(fc.oneof(hostileKey, fc.string()), tie('value'), { maxKeys: 5 }),
	),
})).value;

/** A parsed body the way JSON.parse builds it: `__proto__` becomes an own property, as on the wire. */
const wireJson = jsonValue.map((value) => JSON.parse(JSON.stringify(value)) as unknown);

function assertNoPollution(): void {
	expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	expect(Object.keys(Object.prototype)).toEqual([]);
}

describe('base URL normalisation', () => {
	const urlLike = fc.oneof(
		fc.webUrl({ withQueryParameters: true, withFragments: true }),
		fc.webUrl().map((url) => `${url}/api/partners/v1/`),
		fc.webUrl().map((url) => `  ${url}//  `),
		fc.string(),
		fc.constantFrom('ftp://x', 'javascript:alert(1)', 'http://[::1]:4010', 'http://localhost', `https://u:${TEST_KEY}@x.example`),
	);

	it('gives a URL or a problem, is idempotent, and never echoes a password', () => {
		fc.assert(
			fc.property(urlLike, (raw) => {
				const result = normalizeBaseUrl(raw);
				if ('problem' in result) {
					expect(result.problem).not.toContain(TEST_KEY);
					return;
				}
				expect(result.url).toMatch(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/);
				expect(result.url.endsWith('/')).toBe(false);
				expect(normalizeBaseUrl(result.url)).toEqual(result);
				expect(result.url).not.toContain(TEST_KEY);
			}),
			SETTINGS,
		);
	});
});

describe('paths with ids', () => {
	it('an encoded id is exactly one path segment that decodes back to the id', async () => {
		// The node's own URL builder: removing its encoding of the id must fail this property.
		const client = await ApiClient.create(mockContext({ parameters: {}, answers: [] }).context);
		const bookingGet = findEndpoint('booking', 'get');
		fc.assert(
			fc.property(fc.string({ unit: 'binary', minLength: 1 }).filter((id) => id.trim() !== '' && id !== '.' && id !== '..'), (id) => {
				const url = client.urlFor({ endpoint: bookingGet, id });
				const parsed = new URL(url);
				const segments = parsed.pathname.split('/');
				expect(segments.slice(0, -1)).toEqual(['', 'api', 'partners', 'v1', 'bookings']);
				expect(decodeURIComponent(segments[segments.length - 1])).toBe(id);
				expect(parsed.search).toBe('');
				expect(parsed.hash).toBe('');
			}),
			SETTINGS,
		);
	});
});

describe('response → items', () => {
	it('every body gives items without throwing; lists keep every element; nothing is polluted', () => {
		fc.assert(
			fc.property(wireJson, (body) => {
				const location = locateList(body);
				const entries = listAt(body, location);
				if (Array.isArray(body)) expect(entries).toHaveLength(body.length);
				const items = toJsonItems(entries ?? []);
				expect(items).toHaveLength(entries?.length ?? 0);
				for (const item of items) expect(typeof item).toBe('object');
				assertNoPollution();
			}),
			SETTINGS,
		);
	});

	it('parseBody reads any text: JSON in, the same value out; anything else a problem', () => {
		fc.assert(
			fc.property(fc.oneof(jsonValue.map((value) => JSON.stringify(value)), fc.string()), fc.constantFrom('application/json', 'text/html', undefined), (text, type) => {
				const parsed = parseBody(text, type);
				let expected: unknown;
				let valid = true;
				try {
					expected = text.trim() === '' ? undefined : JSON.parse(text);
				} catch {
					valid = false;
				}
				expect(parsed.ok).toBe(valid);
				if (parsed.ok) expect(parsed.value).toEqual(expected);
				assertNoPollution();
			}),
			SETTINGS,
		);
	});
});

describe('pagination detection', () => {
	it('never throws, never reads a marker from __proto__/constructor/prototype', () => {
		const headers = fc.dictionary(fc.constantFrom('x-next-cursor', 'link', 'x-page', 'x-total-pages', 'x-offset', 'content-type'), fc.string(), { maxKeys: 3 });
		fc.assert(
			fc.property(wireJson, headers, (body, responseHeaders) => {
				const entries = listAt(body, locateList(body)) ?? [];
				// Every mode's paths, read off whichever shape was detected.
				const detected = detectPagination({ query: {}, response: { statusCode: 200, headers: responseHeaders, body, url: 'https://x.example/api/partners/v1/payments' }, entries }) as
					| Partial<Record<'cursorPath' | 'nextUrlPath' | 'currentPagePath' | 'offsetPath', string>>
					| undefined;
				for (const path of [detected?.cursorPath, detected?.nextUrlPath, detected?.currentPagePath, detected?.offsetPath]) {
					if (path) expect(path.split('.').some((key) => ['__proto__', 'constructor', 'prototype'].includes(key))).toBe(false);
				}
				assertNoPollution();
			}),
			SETTINGS,
		);
	});
});

describe('trigger identity', () => {
	it('is stable under key order, bounded in length, and distinguishes different entries', () => {
		fc.assert(
			fc.property(wireJson, wireJson, (a, b) => {
				const shuffled = JSON.parse(canonicalJson(a)) as unknown;
				expect(entryIdentity(shuffled, 'hash')).toBe(entryIdentity(a, 'hash'));
				expect(entryIdentity(a, 'hash').length).toBeLessThanOrEqual(64);
				expect(entryIdentity(a, 'id').length).toBeLessThanOrEqual(64);
				if (canonicalJson(a) !== canonicalJson(b)) expect(entryIdentity(a, 'hash')).not.toBe(entryIdentity(b, 'hash'));
				assertNoPollution();
			}),
			SETTINGS,
		);
	});
});

/**
 * List conventions of the survey (docs/API-CONVENTIONS.md) as tiny servers over a list of `length` entries in
 * pages of `size`. `explicit` is what a user sets where the answers alone name no way to the next page.
 */
interface ListServer {
	answer(query: Record<string, string>, url: string): MockAnswer;
	/** Automatic walks it from its answers alone. */
	walkable: boolean;
	explicit?: Partial<PaginationSettings>;
	/** Its answers never say whether more follows, so it is only ever walked as the user sets it. */
	silent?: boolean;
}

function listServers(length: number, size: number): Record<string, ListServer> {
	const all = Array.from({ length }, (_, i) => ({ id: `e${i + 1}`, amount: i }));
	const slice = (start: number) => all.slice(start, start + size);
	const page = (query: Record<string, string>) => Math.max(1, Number(query.page ?? 1));
	const base = 'https://studio.example.com/api/partners/v1/payments';
	const link = (n: number) => `<${base}?page=${n}>; rel="next"`;
	return {
		stripe: {
			walkable: true,
			answer: (q) => {
				const start = q.starting_after ? all.findIndex((e) => e.id === q.starting_after) + 1 : 0;
				return { statusCode: 200, body: { object: 'list', data: slice(start), has_more: start + size < length } };
			},
		},
		drf: {
			walkable: true,
			answer: (q) => {
				const n = page(q);
				const results = slice((n - 1) * size);
				if (n > 1 && results.length === 0) return { statusCode: 404, body: { detail: 'Invalid page.' } };
				return { statusCode: 200, body: { count: length, next: n * size < length ? `${base}?page=${n + 1}` : null, previous: null, results } };
			},
		},
		github: {
			walkable: true,
			answer: (q) => {
				const n = page(q);
				const headers: Record<string, string> = n * size < length ? { link: link(n + 1) } : {};
				return { statusCode: 200, body: slice((n - 1) * size), headers };
			},
		},
		cursor: {
			walkable: true,
			answer: (q) => {
				const start = Number(q.cursor ?? 0);
				return { statusCode: 200, body: { data: slice(start), meta: { next_cursor: start + size < length ? String(start + size) : null } } };
			},
		},
		pageTotals: {
			walkable: true,
			answer: (q) => ({ statusCode: 200, body: { items: slice((page(q) - 1) * size), page: page(q), total_pages: Math.ceil(length / size) } }),
		},
		jira: {
			walkable: true,
			answer: (q) => {
				const startAt = Number(q.startAt ?? 0);
				return { statusCode: 200, body: { startAt, maxResults: size, total: length, isLast: startAt + size >= length, values: slice(startAt) } };
			},
		},
		pageNumbersOnly: {
			// A bare list that says nothing; past the end a 404, as Django REST framework answers.
			walkable: false,
			silent: true,
			explicit: { mode: 'pageNumber', pageParameter: 'page' },
			answer: (q) => {
				const items = slice((page(q) - 1) * size);
				return page(q) > 1 && items.length === 0 ? { statusCode: 404, body: { detail: 'Invalid page.' } } : { statusCode: 200, body: items };
			},
		},
		totalHeader: {
			walkable: false,
			explicit: { mode: 'offset', offsetParameter: 'offset' },
			answer: (q) => ({ statusCode: 200, body: slice(Number(q.offset ?? 0)), headers: { 'x-total-count': String(length) } }),
		},
		square: {
			// A bare `cursor` beside the list, absent on the last page.
			walkable: true,
			answer: (q) => {
				const start = Number(q.cursor ?? 0);
				return { statusCode: 200, body: { payments: slice(start), ...(start + size < length ? { cursor: String(start + size) } : {}) } };
			},
		},
		paypal: {
			// HATEOAS: a list of link objects, the next page under "rel": "next".
			walkable: true,
			answer: (q) => {
				const n = page(q);
				const links = [{ href: `${base}?page=${n}`, rel: 'self', method: 'GET' }, ...(n * size < length ? [{ href: `${base}?page=${n + 1}`, rel: 'next', method: 'GET' }] : [])];
				return { statusCode: 200, body: { items: slice((n - 1) * size), links } };
			},
		},
		strapi: {
			// The page is echoed as `page`, but asked for as `pagination[page]`: nothing names that.
			walkable: false,
			explicit: { mode: 'pageNumber', pageParameter: 'pagination[page]' },
			answer: (q) => {
				const n = Math.max(1, Number(q['pagination[page]'] ?? 1));
				return { statusCode: 200, body: { data: slice((n - 1) * size), meta: { pagination: { page: n, pageSize: size, pageCount: Math.ceil(length / size), total: length } } } };
			},
		},
		mollie: {
			// HAL: the next link starts `from` the next page's first entry; `count` is this page's length, no total.
			walkable: true,
			answer: (q) => {
				const start = q.from ? all.findIndex((e) => e.id === q.from) : 0;
				const items = slice(start);
				const following = all[start + size];
				return {
					statusCode: 200,
					body: { count: items.length, _embedded: { payments: items }, _links: { self: { href: base }, previous: null, next: following ? { href: `${base}?from=${following.id}&limit=${size}` } : null } },
				};
			},
		},
		gitlab: {
			// A bare list; the next page number and the total in headers, with a Link header too.
			walkable: true,
			answer: (q) => {
				const n = page(q);
				const more = n * size < length;
				return { statusCode: 200, body: slice((n - 1) * size), headers: { 'x-next-page': more ? String(n + 1) : '', 'x-total': String(length), ...(more ? { link: link(n + 1) } : {}) } };
			},
		},
		shopify: {
			// rel="next" with an opaque page_info, and nothing in the body.
			walkable: true,
			answer: (q) => {
				const start = q.page_info ? Number(Buffer.from(q.page_info, 'base64url').toString()) : 0;
				const next = start + size < length ? `<${base}?limit=${size}&page_info=${Buffer.from(String(start + size)).toString('base64url')}>; rel="next"` : undefined;
				const headers: Record<string, string> = next ? { link: next } : {};
				return { statusCode: 200, body: { payments: slice(start) }, headers };
			},
		},
		aws: {
			// `NextToken` is sent back as `NextToken`: a name Automatic derives wrongly first (`token`).
			walkable: true,
			answer: (q) => {
				const start = Number(q.NextToken ?? 0);
				return { statusCode: 200, body: { Payments: slice(start), ...(start + size < length ? { NextToken: String(start + size) } : {}) } };
			},
		},
		checkfront: {
			// An object keyed by numeric ids that fall down the list, written as text: JSON.parse alone would reverse each page.
			walkable: true,
			answer: (q) => {
				const n = page(q);
				const members = slice((n - 1) * size).map((e) => `"${1000 - e.amount}":${JSON.stringify({ booking_id: 1000 - e.amount, ...e })}`);
				const request = { status: 'OK', page: n, pages: Math.max(1, Math.ceil(length / size)), records: members.length, total_records: length };
				return { statusCode: 200, body: `{"request":${JSON.stringify(request)},"booking/index":${members.length === 0 ? '[]' : `{${members.join(',')}}`}}` };
			},
		},
		pageSizeEcho: {
			// `PageSize` is this page's count beside `TotalResults`; the `offset` parameter is named nowhere.
			walkable: false,
			explicit: { mode: 'offset', offsetParameter: 'offset', limitParameter: 'limit' },
			answer: (q) => {
				const start = Number(q.offset ?? 0);
				const entries = slice(start);
				return { statusCode: 200, body: { PaginationResponse: { RequestedOffset: start, PageSize: entries.length, TotalResults: length }, Payments: entries } };
			},
		},
		moreWithoutIds: {
			walkable: false,
			explicit: { mode: 'afterLast', afterParameter: 'after', afterField: 'ref' },
			answer: (q) => {
				const refs = all.map((e) => ({ ref: e.id, amount: e.amount }));
				const start = q.after ? refs.findIndex((e) => e.ref === q.after) + 1 : 0;
				return { statusCode: 200, body: { items: refs.slice(start, start + size), more: start + size < length } };
			},
		},
	};
}

describe('Return All over any surveyed convention', () => {
	const CLEAR_ERROR = /^(The API said more entries follow|Stopped after|The API pointed back|The API returned the same page)/;

	it('equals the server\'s list exactly, or fails with a clear error: never a strict prefix with a success', async () => {
		const names = Object.keys(listServers(1, 1));
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...names), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 15 }), fc.boolean(), async (name, length, size, setByUser) => {
				const server = listServers(length, size)[name];
				const settings: PaginationSettings = { ...DEFAULT_PAGINATION, ...(setByUser || server.silent ? server.explicit : {}) };
				const mock = mockContext({
					parameters: {},
					answers: (request) => {
						const url = new URL(request.url);
						const query = { ...Object.fromEntries(url.searchParams), ...((request.qs ?? {}) as Record<string, string>) };
						return server.answer(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), request.url);
					},
				});
				const client = await ApiClient.create(mock.context);
				const ids: string[] = [];
				let failure: Error | undefined;
				try {
					for await (const page of walkPages(client, { endpoint: findEndpoint('payment', 'getAll') }, { settings })) {
						for (const entry of page.entries ?? []) ids.push(String((entry as { id?: string; ref?: string }).id ?? (entry as { ref?: string }).ref));
					}
				} catch (error) {
					failure = error as Error;
				}
				const expected = Array.from({ length }, (_, i) => `e${i + 1}`);
				if (failure) {
					expect(failure.message).toMatch(CLEAR_ERROR);
					// Where the answers or the user's settings say how to walk, there is nothing to fail about.
					expect(server.walkable || settings.mode !== 'auto').toBe(false);
				} else {
					expect(ids).toEqual(expected);
				}
			}),
			{ seed: 20261125, numRuns: 300 },
		);
	});
});
