import { listOptions, readListOptions } from '../../../../nodes/VenueBooking/parameters/options';
import { DEFAULT_MAX_PAGES, DEFAULT_PAGINATION, isRootPathWithoutSlash, isScalarMarker, missingSetting, nextLinkFromHeader, readPageRequest, readResolvedPagination, resolveLink, strategyFor } from '../../../../nodes/VenueBooking/transport/pagination/strategies';
import { mockContext } from '../../mockContext';
import { page, PAGE_URL } from './page';

describe('strategyFor', () => {
	it('has no strategy for Off', () => {
		expect(strategyFor({ mode: 'off' })).toBeUndefined();
	});

	describe('next URL', () => {
		it('follows the Link header, resolving a relative link against the page that gave it', () => {
			const strategy = strategyFor({ mode: 'nextUrl' })!;
			expect(strategy.first(undefined)).toEqual({});
			const next = strategy.next(page([1], { headers: { link: '</api/partners/v1/payments?page=2>; rel="next"' } }), undefined);
			expect(next).toEqual({ url: 'https://studio.example.com/api/partners/v1/payments?page=2', marker: 'https://studio.example.com/api/partners/v1/payments?page=2' });
			expect(strategy.next(page([1]), undefined)).toBeUndefined();
		});

		it('reads a body field when one is named, and ends when it is empty', () => {
			const strategy = strategyFor({ mode: 'nextUrl', nextUrlPath: 'links.next' })!;
			expect(strategy.next(page({ links: { next: '?page=3' } }), undefined)?.url).toBe(`${PAGE_URL}?page=3`);
			expect(strategy.next(page({ links: { next: '' } }), undefined)).toBeUndefined();
		});
	});

	describe('cursor', () => {
		const strategy = strategyFor({ mode: 'cursor', cursorParameter: 'cursor', cursorPath: 'meta.next', hasMorePath: 'meta.more', pageSizeParameter: 'per_page' })!;

		it('sends the page size from the start and the cursor the last page gave', () => {
			expect(strategy.first(25)).toEqual({ query: { per_page: 25 } });
			expect(strategy.next(page({ meta: { next: 'c2', more: true } }), 25)).toEqual({ query: { cursor: 'c2', per_page: 25 }, marker: 'c2' });
		});

		it('ends without a cursor, or when the body says there is no more', () => {
			expect(strategy.next(page({ meta: { next: null } }), undefined)).toBeUndefined();
			expect(strategy.next(page({ meta: { next: 'c3', more: false } }), undefined)).toBeUndefined();
		});

		it('reads a cursor from a header', () => {
			const fromHeader = strategyFor({ mode: 'cursor', cursorParameter: 'after', cursorPath: 'header:X-Next-Cursor' })!;
			expect(fromHeader.next(page([1], { headers: { 'x-next-cursor': 'h2' } }), undefined)).toEqual({ query: { after: 'h2' }, marker: 'h2' });
		});
	});

	describe('page number', () => {
		const strategy = strategyFor({ mode: 'pageNumber', pageParameter: 'page', totalPagesPath: 'pages' })!;

		it('counts pages from the first page, 1 unless told otherwise', () => {
			expect(strategy.first(undefined)).toEqual({ query: { page: 1 } });
			expect(strategy.next(page({ pages: 3 }, { query: { page: 1 } }), undefined)).toEqual({ query: { page: 2 }, marker: '2' });
			expect(strategyFor({ mode: 'pageNumber', pageParameter: 'p', firstPage: 0 })!.first(undefined)).toEqual({ query: { p: 0 } });
		});

		it('ends at the total of pages the response states', () => {
			expect(strategy.next(page({ pages: 3 }, { query: { page: 3 } }), undefined)).toBeUndefined();
		});

		it('with a page token (Bookeo), sends the token of the answer and the page number alone, the size left to the token', () => {
			const tokened = strategyFor({ mode: 'pageNumber', pageParameter: 'pageNumber', currentPagePath: 'info.currentPage', totalPagesPath: 'info.totalPages', cursorParameter: 'pageNavigationToken', cursorPath: 'info.pageNavigationToken', pageSizeParameter: 'itemsPerPage' })!;
			const info = (currentPage: number) => ({ info: { currentPage, totalPages: 3, pageNavigationToken: 'T1' } });
			expect(tokened.next(page(info(1), { query: { itemsPerPage: 3 } }), undefined)).toEqual({ query: { pageNavigationToken: 'T1', pageNumber: 2 }, marker: '2' });
			expect(tokened.next(page(info(2), { query: { pageNavigationToken: 'T1', pageNumber: 2 } }), undefined)).toEqual({ query: { pageNavigationToken: 'T1', pageNumber: 3 }, marker: '3' });
			expect(tokened.next(page(info(3), { query: { pageNavigationToken: 'T1', pageNumber: 3 } }), undefined)).toBeUndefined();
			expect(tokened.description).toBe('page number (sent as "pageNumber", from 1, with the token of "info.pageNavigationToken" sent as "pageNavigationToken")');
		});
	});

	describe('offset', () => {
		const strategy = strategyFor({ mode: 'offset', offsetParameter: 'offset', limitParameter: 'limit', totalPath: 'total' })!;

		it('starts at 0 and moves on by the entries the last page returned', () => {
			expect(strategy.first(10)).toEqual({ query: { offset: 0, limit: 10 } });
			expect(strategy.next(page({ total: 25 }, { query: { offset: 10 }, entries: [1, 2, 3] }), 10)).toEqual({ query: { offset: 13, limit: 10 }, marker: '13' });
		});

		it('ends once the offset reaches the stated total', () => {
			expect(strategy.next(page({ total: 13 }, { query: { offset: 10 }, entries: [1, 2, 3] }), 10)).toBeUndefined();
		});
	});
});

describe('missingSetting', () => {
	it('names the option an explicit mode cannot work without', () => {
		expect(missingSetting({ mode: 'cursor', cursorParameter: 'c' })).toBe('Next Cursor Field');
		expect(missingSetting({ mode: 'cursor', cursorParameter: ' ', cursorPath: 'n' })).toBe('Cursor Parameter');
		expect(missingSetting({ mode: 'pageNumber' })).toBe('Page Parameter');
		expect(missingSetting({ mode: 'offset' })).toBe('Offset Parameter');
		expect(missingSetting({ mode: 'nextUrl' })).toBeUndefined();
		expect(missingSetting({ mode: 'offset', offsetParameter: 'o' })).toBeUndefined();
	});
});

describe('pagination defaults', () => {
	it('are Automatic with the Max Pages the editor shows, and what a list reads when nothing is set', () => {
		expect(listOptions.find((option) => option.name === 'maxPages')?.default).toBe(DEFAULT_MAX_PAGES);
		expect(readListOptions(mockContext({ parameters: {} }).context, 0).pagination).toEqual(DEFAULT_PAGINATION);
		expect(DEFAULT_PAGINATION).toEqual({ mode: 'auto', maxPages: DEFAULT_MAX_PAGES });
	});
});

describe('nextLinkFromHeader', () => {
	it('finds rel="next" among several links, in any order', () => {
		const header = '<https://x/a?page=1>; rel="first", <https://x/a?page=3>; rel="next", <https://x/a?page=9>; rel="last"';
		expect(nextLinkFromHeader(header)).toBe('https://x/a?page=3');
	});

	it('reads unquoted and multi-valued rel, and commas inside the URL', () => {
		expect(nextLinkFromHeader('<https://x/a?ids=1,2>; rel=next')).toBe('https://x/a?ids=1,2');
		expect(nextLinkFromHeader('<https://x/a?p=2>; title="a, b"; rel="next last"')).toBe('https://x/a?p=2');
	});

	it('returns undefined without a next link', () => {
		expect(nextLinkFromHeader(undefined)).toBeUndefined();
		expect(nextLinkFromHeader('<https://x/a?page=1>; rel="prev"')).toBeUndefined();
		expect(nextLinkFromHeader('garbage')).toBeUndefined();
	});
});

describe('isScalarMarker', () => {
	it.each([['abc', true], [0, true], [2.5, true], ['', false], [Number.NaN, false], [Infinity, false], [null, false], [undefined, false], [{}, false], [[1], false], [true, false]])(
		'%p → %p',
		(value, expected) => expect(isScalarMarker(value)).toBe(expected),
	);
});

describe('readResolvedPagination and readPageRequest (stored pagination, read back)', () => {
	it('reads each mode\'s own shape, leaving out fields of other modes', () => {
		expect(readResolvedPagination({ mode: 'off', pageParameter: 'page' })).toEqual({ mode: 'off' });
		expect(readResolvedPagination({ mode: 'nextUrl', nextUrlPath: 'links.next', totalPath: 'total' })).toEqual({ mode: 'nextUrl', nextUrlPath: 'links.next', totalPath: 'total' });
		expect(readResolvedPagination({ mode: 'cursor', cursorParameter: 'token', cursorPath: 'NextToken', cursorAlternative: 'NextToken', firstPageFingerprint: 'f', offsetParameter: 'o' })).toEqual({
			mode: 'cursor',
			cursorParameter: 'token',
			cursorPath: 'NextToken',
			cursorAlternative: 'NextToken',
			firstPageFingerprint: 'f',
		});
		// A guess found by structure carries its candidate names as lists of text (issue 40).
		expect(
			readResolvedPagination({ mode: 'offset', offsetParameter: 'offset', offsetEchoPath: 'P.RequestedOffset', offsetCandidates: ['request.offset'], limitCandidates: ['request.limit'], unverified: true }),
		).toEqual({ mode: 'offset', offsetParameter: 'offset', offsetEchoPath: 'P.RequestedOffset', offsetCandidates: ['request.offset'], limitCandidates: ['request.limit'], unverified: true });
		expect(readResolvedPagination({ mode: 'cursor', cursorParameter: 'a', cursorPath: 'b', cursorAlternatives: ['c', 7] })).toBeUndefined();
		expect(readResolvedPagination({ mode: 'afterLast', afterParameter: 'after', unverified: true })).toEqual({ mode: 'afterLast', afterParameter: 'after', unverified: true });
	});

	it.each([
		['nothing', undefined],
		['an array', []],
		['Automatic, which is never stored settled', { mode: 'auto' }],
		['a mode inherited from the prototype', { mode: 'toString' }],
		['a required parameter missing', { mode: 'offset', limitParameter: 'limit' }],
		['a number that is not finite', { mode: 'pageNumber', pageParameter: 'page', firstPage: null }],
		['a flag that is not a boolean', { mode: 'afterLast', afterParameter: 'after', unverified: 'yes' }],
	])('refuses %s', (_case, value) => {
		expect(readResolvedPagination(value)).toBeUndefined();
	});

	it('reads a page request of scalars, and refuses anything else', () => {
		expect(readPageRequest({ query: { page: 2, size: '20', on: true }, marker: '2', guessed: true })).toEqual({ query: { page: 2, size: '20', on: true }, marker: '2', guessed: true });
		expect(readPageRequest({ url: 'https://x.example/p2', extra: 1 })).toEqual({ url: 'https://x.example/p2' });
		expect(readPageRequest({})).toEqual({});
		for (const value of [null, 'p2', { query: [] }, { query: { a: null } }, { marker: 2 }, { guessed: 'no' }]) expect(readPageRequest(value)).toBeUndefined();
	});
});

describe('resolveLink', () => {
	it("resolves Booqable's root path written without its leading slash against the origin", () => {
		expect(resolveLink('api/4/orders?page%5Bnumber%5D=2', 'https://shop.booqable.com/api/4/orders?page%5Bnumber%5D=1')).toBe(
			'https://shop.booqable.com/api/4/orders?page%5Bnumber%5D=2',
		);
	});

	it('resolves every other link as a browser would', () => {
		const page = 'https://venue.example.com/api/v1/bookings?page=1';
		expect(resolveLink('bookings?page=2', page)).toBe('https://venue.example.com/api/v1/bookings?page=2');
		expect(resolveLink('/api/v1/bookings?page=2', page)).toBe('https://venue.example.com/api/v1/bookings?page=2');
		expect(resolveLink('?page=2', page)).toBe('https://venue.example.com/api/v1/bookings?page=2');
		expect(resolveLink('https://other.example.com/x', page)).toBe('https://other.example.com/x');
		// A cursor-like text is no root path: it has no slash, or does not start with the page's first segment.
		expect(isRootPathWithoutSlash('abc123', page)).toBe(false);
		expect(isRootPathWithoutSlash('c2Vy/aWFs', page)).toBe(false);
	});
});
