/**
 * Property-based tests (fast-check, fixed seed, bounded runs): for any input, the pure parts of the
 * transport and trigger either give a well-formed answer or say why, never throw anything else, and never
 * put the API key in a message.
 */
import fc from 'fast-check';

import { findEndpoint } from '../../nodes/VenueBooking/endpoints';
import { normalizeBaseUrl } from '../../nodes/VenueBooking/transport/auth';
import { canonicalJson } from '../../nodes/VenueBooking/transport/json';
import { detectPagination } from '../../nodes/VenueBooking/transport/pagination/detect';
import { parseBody } from '../../nodes/VenueBooking/transport/response';
import { listAt, locateList, toJsonItems } from '../../nodes/VenueBooking/transport/response';
import { ApiClient } from '../../nodes/VenueBooking/transport/request';
import { entryIdentity } from '../../nodes/VenueBooking/identity';
import { mockContext, TEST_KEY } from './mockContext';

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
				const detected = detectPagination({ query: {}, response: { statusCode: 200, headers: responseHeaders, body, url: 'https://x.example/api/partners/v1/payments' }, entries });
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
