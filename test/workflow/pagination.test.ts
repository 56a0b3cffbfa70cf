/**
 * Return All and Limit over 10,000 payments, in every sandbox pagination style × two dialects, through
 * n8n-core's engine: Automatic mode and the explicit strategy for each style, exact items in server order,
 * and request counts that prove no page was fetched that was not needed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { FIXED_TODAY, PAGINATION_STYLES, startSandbox, type PaginationStyle, type Sandbox } from '../../sandbox';
import { startTokenList } from '../support/unsurveyedLists';
import { ALL_SCOPES, itemsOf, jsonQuery, NODE_NAME, runNode, SECRET_KEY, startSandboxWithKey } from './venueBooking';

const ENTRIES = 10_000;
const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

const DIALECTS = [
	{ name: 'envelope + snake_case', dialect: { envelope: true, naming: 'snake' as const } },
	{ name: 'bare arrays + camelCase', dialect: { envelope: false, naming: 'camel' as const } },
];

/** The explicit Pagination settings a user would enter for the sandbox's current style, from its names. */
function explicitSettings(sandbox: Sandbox): { settings: IDataObject; query: IDataObject } {
	const names = sandbox.paginationNames();
	const envelope = sandbox.settings.envelope;
	switch (sandbox.settings.pagination) {
		case 'page':
			return {
				settings: { mode: 'pageNumber', pageParameter: names.query.page, firstPage: 1, pageSizeParameter: names.query.perPage, pageSize: MAX_PAGE },
				query: {},
			};
		case 'offset':
			return {
				settings: { mode: 'offset', offsetParameter: names.query.offset, limitParameter: names.query.limit, pageSize: MAX_PAGE },
				query: {},
			};
		case 'cursor':
			return {
				settings: {
					mode: 'cursor',
					cursorParameter: names.query.cursor,
					cursorPath: envelope ? names.body.nextCursor : `header:${names.headers.nextCursor}`,
					pageSizeParameter: names.query.limit,
					pageSize: MAX_PAGE,
				},
				query: {},
			};
		case 'nextUrl':
			// Next URLs carry the first request's page size along.
			return { settings: { mode: 'nextUrl', nextUrlPath: envelope ? names.body.nextUrl : '' }, query: { [names.query.limit!]: MAX_PAGE } };
		case 'linkHeader':
			return { settings: { mode: 'nextUrl', nextUrlPath: '' }, query: { [names.query.limit!]: MAX_PAGE } };
		default:
			return { settings: { mode: 'off' }, query: {} };
	}
}

function parameters(extra: INodeParameters, query: IDataObject = {}, settings?: IDataObject): INodeParameters {
	return {
		resource: 'payment',
		operation: 'getAll',
		...(Object.keys(query).length ? jsonQuery(query) : {}),
		...extra,
		options: (settings ? { pagination: { settings } } : {}) as INodeParameters,
	};
}

describe.each(DIALECTS)('pagination over 10,000 payments, $name', ({ dialect }) => {
	let sandbox: Sandbox;
	let serverOrder: string[];

	beforeAll(async () => {
		sandbox = await startSandbox({ dialect, scale: { payments: ENTRIES }, defaultPageSize: DEFAULT_PAGE, maxPageSize: MAX_PAGE, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
		serverOrder = sandbox.store.payments.map((p) => p.id);
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => sandbox.resetRequests());

	describe.each(PAGINATION_STYLES.map((style) => [style]))('style %s', (style: PaginationStyle) => {
		beforeAll(() => sandbox.setOptions({ pagination: style }));

		it('Automatic, Return All: exactly the 10,000 entries, in server order', async () => {
			const result = await runNode(sandbox, parameters({ returnAll: true }));
			const ids = itemsOf(result).map((item) => item.id);
			expect(ids).toHaveLength(ENTRIES);
			expect(ids).toEqual(serverOrder);
			const pages = style === 'none' ? 1 : Math.ceil(ENTRIES / DEFAULT_PAGE);
			// Page and offset styles end on one empty page unless the response states a total.
			expect(sandbox.requests.length).toBeGreaterThanOrEqual(pages);
			expect(sandbox.requests.length).toBeLessThanOrEqual(pages + 1);
			// One page of 10,000 with no marker is no common page size: nothing to warn about.
			const hints = result.hintsOf(NODE_NAME).map((hint) => hint.message);
			// What was read, in plain words, comes first; how the pages were followed second.
			if (style === 'none') expect(hints).toEqual([]);
			// Return All reached the end: the hint says the list is complete, "N of N" where the style states a total.
			else expect(hints[0]).toMatch(/^Read all 10,000 (of 10,000 )?[a-z ]+ over \d+ pages: the list is complete\. Pagination \(automatic\): /);
		});

		it('explicit strategy, Return All: the same entries', async () => {
			const { settings, query } = explicitSettings(sandbox);
			const ids = itemsOf(await runNode(sandbox, parameters({ returnAll: true }, query, settings))).map((item) => item.id);
			expect(ids).toEqual(serverOrder);
			const pages = style === 'none' ? 1 : Math.ceil(ENTRIES / MAX_PAGE);
			expect(sandbox.requests.length).toBeLessThanOrEqual(pages + 1);
		});

		it.each([25, 250])('Automatic, Limit %i: that many, and no page more than needed', async (limit) => {
			const ids = itemsOf(await runNode(sandbox, parameters({ limit }))).map((item) => item.id);
			expect(ids).toEqual(serverOrder.slice(0, limit));
			// Offset responses echo their limit field, so after page 1 the walk asks for just the rest (clamped to 100).
			const expected =
				style === 'none' ? 1 : style === 'offset' ? 1 + Math.ceil((limit - DEFAULT_PAGE) / MAX_PAGE) : Math.ceil(limit / DEFAULT_PAGE);
			expect(sandbox.requests).toHaveLength(expected);
		});

		it.each([25, 250])('explicit strategy, Limit %i: asks only for what is missing', async (limit) => {
			const { settings, query } = explicitSettings(sandbox);
			const ids = itemsOf(await runNode(sandbox, parameters({ limit }, query, settings))).map((item) => item.id);
			expect(ids).toEqual(serverOrder.slice(0, limit));
			const size = style === 'nextUrl' || style === 'linkHeader' ? MAX_PAGE : Math.min(MAX_PAGE, limit);
			expect(sandbox.requests).toHaveLength(style === 'none' ? 1 : Math.ceil(limit / size));
			if (style === 'cursor' || style === 'offset') {
				// The last request asks for the remainder only (250 = 100 + 100 + 50).
				const sizeParameter = sandbox.paginationNames().query.limit!;
				expect(sandbox.requests.map((r) => Number(r.query[sizeParameter]))).toEqual(limit === 25 ? [25] : [100, 100, 50]);
			}
		});

		if (style !== 'none') {
			it('broken pagination ends in a clear error within the cap, Automatic and explicit', async () => {
				sandbox.setOptions({ brokenPagination: true });
				try {
					const { settings, query } = explicitSettings(sandbox);
					for (const run of [parameters({ returnAll: true }), parameters({ returnAll: true }, query, { ...settings })]) {
						sandbox.resetRequests();
						const result = await runNode(sandbox, { ...run, options: { ...(run.options as IDataObject), maxPages: 50 } });
						const error = result.errorOf(NODE_NAME);
						// Automatic judges a cursor's name on page 2 and, when every name it tries brings page 1 back, says so (issue 40).
						expect(error?.message).toMatch(
							/pointed back to a page it already gave|same page twice in a row|Max Pages|ignored the page parameter Automatic mode derived|ignored the token under every name Automatic mode tried/,
						);
						expect(sandbox.requests.length).toBeLessThanOrEqual(50);
					}
				} finally {
					sandbox.setOptions({ brokenPagination: false });
				}
			});
		}
	});
});

/**
 * Lists in conventions no table of the node knows (issue 40): the two shapes of the issue, each walked exactly in
 * Automatic (and the per-page count one with Page Number set), or failed naming what to set; never a short list.
 */
describe('lists in conventions no one surveyed (issue 40)', () => {
	describe('a next-page token under a name no table knows ({"items", "tokenForNext", "span"})', () => {
		let sandbox: Sandbox;
		beforeAll(async () => {
			sandbox = await startSandboxWithKey({ convention: 'unsurveyedToken', seed: 7, today: FIXED_TODAY, scale: { payments: 2_500 } });
		});
		afterAll(async () => sandbox.close());
		beforeEach(() => sandbox.resetRequests());

		it('Return All gives all 2,500 payments in order: the token is tried under its own name and the names its words give, page 2 confirms one', async () => {
			const result = await runNode(sandbox, { resource: 'payment', operation: 'getAll', returnAll: true });
			expect(result.errorOf(NODE_NAME)).toBeUndefined();
			expect(itemsOf(result).map((entry) => entry.id)).toEqual(sandbox.store.payments.map((payment) => payment.id));
			// 50 pages of 50; page 2 asked three times ("tokenForNext" and "token" were ignored: page 1 came back).
			expect(sandbox.requests).toHaveLength(52);
			expect(sandbox.requests.filter((request) => request.query.next_token !== undefined)).toHaveLength(49);
			expect(result.hintsOf(NODE_NAME).map((hint) => hint.message).join('\n')).toMatch(/^Read all 2,500 payments over 50 pages: the list is complete\..*it is sent as "next_token"\.$/s);
		});

		it('Limit 120 asks for no page more than needed after the guess is confirmed', async () => {
			const result = await runNode(sandbox, { resource: 'payment', operation: 'getAll', limit: 120 });
			expect(itemsOf(result).map((entry) => entry.id)).toEqual(sandbox.store.payments.slice(0, 120).map((payment) => payment.id));
			expect(sandbox.requests).toHaveLength(5);
		});
	});

	it('a token that no name brings back fails naming the field and what to set, never 50 of 1,000 as the whole list', async () => {
		const server = await startTokenList(1_000);
		try {
			const result = await runNode({ url: server.url } as Sandbox, { resource: 'booking', operation: 'getAll', returnAll: true });
			const error = result.errorOf(NODE_NAME);
			expect(error?.message).toMatch(/^The API said more entries follow \("tokenForNext" holds a next-page token\), but ignored the token under every name Automatic mode tried \("tokenForNext", "token", /);
			expect(String(error?.description)).toMatch(/Set Options > Pagination to Cursor, with Next Cursor Field "tokenForNext"/);
			expect(result.outputOf(NODE_NAME)).toEqual([]);
		} finally {
			await server.close();
		}
	});

	describe('this page\'s count beside a next link and a more-flag ({"success", "count", "paging": {"anotherPage", "linkToNext"}, "data"})', () => {
		let sandbox: Sandbox;
		beforeAll(async () => {
			sandbox = await startSandboxWithKey({ convention: 'unsurveyedCount', seed: 7, today: FIXED_TODAY, scale: { payments: 2_500 } });
		});
		afterAll(async () => sandbox.close());
		beforeEach(() => sandbox.resetRequests());

		it.each([
			['Automatic', undefined],
			['Page Number set explicitly', { mode: 'pageNumber', pageParameter: 'page', firstPage: 1 }],
		])('Return All in %s gives all 2,500 payments: the count of 100 is no total', async (_mode, settings) => {
			const result = await runNode(sandbox, { resource: 'payment', operation: 'getAll', returnAll: true, ...(settings ? { options: { pagination: { settings } } } : {}) });
			expect(result.errorOf(NODE_NAME)).toBeUndefined();
			expect(itemsOf(result).map((entry) => entry.id)).toEqual(sandbox.store.payments.map((payment) => payment.id));
			expect(sandbox.requests).toHaveLength(25);
		});
	});
});
