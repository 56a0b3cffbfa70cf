import { detectPagination, findListSignals, moreSignalled, reasonToDoubtCompleteness, tokenParameters } from '../../../../nodes/VenueBooking/transport/pagination/detect';
import { page } from './page';

describe('detectPagination', () => {
	it('follows a Link header with rel="next"', () => {
		expect(detectPagination(page([1], { headers: { Link: '<https://x.example/p?page=2>; rel="next"' } }))).toEqual({ mode: 'nextUrl' });
	});

	it('finds a next-page URL in the body, top level or one object down', () => {
		expect(detectPagination(page({ data: [1], next: 'https://x.example/p?page=2' }))).toEqual({ mode: 'nextUrl', nextUrlPath: 'next' });
		expect(detectPagination(page({ data: [1], links: { next: '/payments?page=2' } }))).toEqual({ mode: 'nextUrl', nextUrlPath: 'links.next' });
	});

	it('finds a next cursor whatever its spelling, and derives the parameter that sends it back', () => {
		expect(detectPagination(page({ data: [1], next_cursor: 'c2' }))).toMatchObject({ mode: 'cursor', cursorPath: 'next_cursor', cursorParameter: 'cursor' });
		// AWS sends `NextToken` back as `NextToken`: the key itself is the alternative the walk tries when page 2 repeats page 1.
		expect(detectPagination(page({ Items: [1], NextToken: 't' }))).toMatchObject({ mode: 'cursor', cursorParameter: 'token', cursorAlternative: 'NextToken' });
		expect(detectPagination(page({ data: [1], meta: { nextPageToken: 't', hasMore: true } }))).toEqual({
			mode: 'cursor',
			cursorParameter: 'pageToken',
			cursorAlternative: 'nextPageToken',
			// Then the names its words give (issue 40), tried only where page 2 shows the API ignored the name sent.
			cursorAlternatives: ['page_token', 'next_page_token', 'cursor', 'token'],
			cursorPath: 'meta.nextPageToken',
			hasMorePath: 'meta.hasMore',
		});
	});

	it('follows the "next" entry of a list of link objects (PayPal-style HATEOAS links)', () => {
		const links = [
			{ href: 'https://x.example/p?page=1', rel: 'self', method: 'GET' },
			{ href: 'https://x.example/p?page=2', rel: 'next', method: 'GET' },
		];
		expect(detectPagination(page({ items: [1], links }))).toEqual({ mode: 'nextUrl', nextUrlPath: 'links' });
		// Without a "next" link the list says nothing about more pages.
		expect(detectPagination(page({ items: [1], links: links.slice(0, 1) }))).toBeUndefined();
	});

	it('takes a bare top-level "cursor" beside the list as the next cursor (Square), not one inside request details', () => {
		expect(detectPagination(page({ payments: [1], cursor: 'c2' }))).toMatchObject({ mode: 'cursor', cursorPath: 'cursor', cursorParameter: 'cursor' });
		expect(detectPagination(page({ payments: [1], request: { cursor: 'c1' } }))).toBeUndefined();
	});

	it('reads a cursor from an X- header when the body is a bare list', () => {
		expect(detectPagination(page([1], { headers: { 'x-next-cursor': 'c2' } }))).toMatchObject({
			mode: 'cursor',
			cursorPath: 'header:x-next-cursor',
			cursorParameter: 'cursor',
		});
	});

	it('finds page counters with the total of pages beside them', () => {
		expect(detectPagination(page({ items: [1], page: 1, total_pages: 4 }))).toEqual({
			mode: 'pageNumber',
			pageParameter: 'page',
			firstPage: 1,
			currentPagePath: 'page',
			totalPagesPath: 'total_pages',
		});
	});

	it('finds an offset with its limit and total', () => {
		expect(detectPagination(page({ items: [1], meta: { offset: 0, limit: 20, total: 45 } }))).toEqual({
			mode: 'offset',
			offsetParameter: 'offset',
			offsetPath: 'meta.offset',
			limitParameter: 'limit',
			totalPath: 'meta.total',
			pageSizePath: 'meta.limit',
		});
	});

	it('finds nothing in a bare list or a body without markers: a single, complete response', () => {
		expect(detectPagination(page([1, 2]))).toBeUndefined();
		expect(detectPagination(page({ items: [1], next_cursor: null, next: '' }))).toBeUndefined();
	});
});

describe('whether a page without a next marker may still not be the whole list', () => {
	it('doubts a page of exactly a common page size', () => {
		for (const size of [10, 20, 25, 50, 100, 1000]) expect(reasonToDoubtCompleteness(size, {})).toBe('a common page size');
	});

	it('doubts a page of exactly the number a query parameter asked for, naming that parameter', () => {
		expect(reasonToDoubtCompleteness(7, { status: 'open', per_page: '7' })).toBe('exactly as many as the query parameter "per_page" asked for');
		expect(reasonToDoubtCompleteness(7, { limit: ' 7 ' })).toBe('exactly as many as the query parameter "limit" asked for');
		// The parameter that asked is the better reason, even at a common size.
		expect(reasonToDoubtCompleteness(50, { size: 50 })).toBe('exactly as many as the query parameter "size" asked for');
	});

	it('trusts a shorter page, and any page of fewer than two entries', () => {
		expect(reasonToDoubtCompleteness(7, {})).toBeUndefined();
		expect(reasonToDoubtCompleteness(49, { limit: 50 })).toBeUndefined();
		expect(reasonToDoubtCompleteness(1, { limit: 1 })).toBeUndefined();
		expect(reasonToDoubtCompleteness(0, {})).toBeUndefined();
	});

	it('does not read a list or object value as a number asked for', () => {
		expect(reasonToDoubtCompleteness(3, { ids: [3], nested: { n: 3 } as never })).toBeUndefined();
	});
});

describe('moreSignalled: totals and echoes', () => {
	const entries = (count: number) => Array.from({ length: count }, (_, i) => ({ Id: i + 1 }));
	const echoPage = (count: number, total: number) =>
		page({ PaginationResponse: { RequestedLimit: 100, RequestedOffset: 0, PageSize: count, TotalResults: total }, Results: entries(count) }, { entries: entries(count) });
	const unpaged = { read: 63, resumed: false, page: 1, unpaged: true };

	it('a page-size echo beside a reached total promises nothing, in a fresh walk and in a resumed one (the trigger)', () => {
		expect(moreSignalled(echoPage(63, 63), unpaged)).toBeUndefined();
		expect(moreSignalled(echoPage(63, 63), { ...unpaged, resumed: true })).toBeUndefined();
		// A resumed walk counts from where it resumed: a list without pagination is still read whole.
		expect(moreSignalled(echoPage(63, 63), { ...unpaged, read: 0, resumed: true })).toBeUndefined();
	});

	it("a page whose stated offset (Mindbody's RequestedOffset) plus its entries reaches the total ends the list", () => {
		const lastPage = page({ PaginationResponse: { RequestedLimit: 3, RequestedOffset: 6, PageSize: 2, TotalResults: 8 }, Results: entries(2) }, { entries: entries(2) });
		expect(moreSignalled(lastPage, { read: 2, resumed: true, page: 1, unpaged: true })).toBeUndefined();
		// The first page of the same list still says more: nothing was read past it.
		const firstPage = page({ PaginationResponse: { RequestedLimit: 3, RequestedOffset: 0, PageSize: 3, TotalResults: 8 }, Results: entries(3) }, { entries: entries(3) });
		expect(moreSignalled(firstPage, { read: 3, resumed: false, page: 1, unpaged: true })).toBe('"TotalResults" says 8 entries and 3 were read');
	});

	it('a stated total above what was read still says more, also when a one-page list is read again', () => {
		expect(moreSignalled(echoPage(63, 100), unpaged)).toBe('"TotalResults" says 100 entries and 63 were read');
		expect(moreSignalled(echoPage(63, 100), { ...unpaged, resumed: true })).toBe('"TotalResults" says 100 entries and 63 were read');
		// A resumed walk of pages cannot tell from its count: the strategy's own end decides.
		expect(moreSignalled(echoPage(63, 100), { read: 63, resumed: true, page: 3, unpaged: false })).toBeUndefined();
	});

	it('the "full page" rule applies only where nothing states the total', () => {
		const noTotal = page({ paging: { pageSize: 20 }, items: entries(20) }, { entries: entries(20) });
		expect(moreSignalled(noTotal, { ...unpaged, read: 20 })).toBe('the page holds 20 entries, the page size "pageSize" states');
		const asked = page({ items: entries(20), total: 20 }, { entries: entries(20), query: { limit: 20 } });
		expect(moreSignalled(asked, { ...unpaged, read: 20 })).toBeUndefined();
		expect(moreSignalled(page({ items: entries(20) }, { entries: entries(20), query: { limit: 20 } }), { ...unpaged, read: 20 })).toBe(
			'the page holds exactly the 20 entries the query parameter "limit" asked for',
		);
	});

	it('a more-flag still decides before any total', () => {
		const flagged = page({ has_more: true, total: 5, data: entries(5) }, { entries: entries(5) });
		expect(moreSignalled(flagged, { ...unpaged, read: 5 })).toBe('"has_more" is true');
	});

	it("finds a Checkfront request block's paging: its page, pages and limit", () => {
		const body = { request: { status: 'OK', page: 1, pages: 4, records: 357, limit: 100 }, 'booking/index': { '1': { booking_id: 1 } } };
		expect(detectPagination(page(body, { entries: [{ booking_id: 1 }] }))).toMatchObject({
			mode: 'pageNumber',
			pageParameter: 'page',
			currentPagePath: 'request.page',
			totalPagesPath: 'request.pages',
			pageSizePath: 'request.limit',
		});
		expect(findListSignals(page(body)).totalPagesPath).toBe('request.pages');
	});

	it("reads Checkfront's total_records, never a keyed booking's own total (its price)", () => {
		const bookings = { '3149': { booking_id: 3149, total: '141.90' }, '3150': { booking_id: 3150, total: '99.00' } };
		// The list before the paging block: the entries' fields are no markers, wherever the list sits.
		const body = { 'booking/index': bookings, request: { status: 'OK', records: 2, total_records: 7, page: 1, pages: 4 } };
		expect(findListSignals(page(body, { entries: Object.values(bookings) })).totalPath).toBe('request.total_records');
	});

	it("a stated page length (Mindbody's PageSize, Current RMS's row_count) is no page size: the full-page rule does not fire on it", () => {
		const noTotal = page({ PaginationResponse: { PageSize: 20 }, Results: entries(20) }, { entries: entries(20) });
		expect(findListSignals(noTotal).pageSizePath).toBeUndefined();
		expect(moreSignalled(noTotal, { ...unpaged, read: 20 })).toBeUndefined();
		// Strapi's page_size, the same name in another case, is a page size.
		const strapi = page({ meta: { pagination: { page_size: 20 } }, data: entries(20) }, { entries: entries(20) });
		expect(findListSignals(strapi).pageSizePath).toBe('meta.pagination.page_size');
		const rms = page({ opportunities: entries(3), meta: { total_row_count: 7, row_count: 3, page: 1, per_page: 3 } }, { entries: entries(3) });
		expect(findListSignals(rms)).toMatchObject({ totalPath: 'meta.total_row_count', pageSizePath: 'meta.per_page' });
	});
});

describe('signs of more found by structure, whatever the name (issue 40)', () => {
	const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `b${i + 1}`, startsAt: '2026-12-01T09:00:00Z' }));
	const withList = (body: Record<string, unknown>, n = 50) => page({ items: entries(n), ...body }, { entries: entries(n) });
	const first = { read: 50, resumed: false, page: 1, unpaged: true };

	it.each([
		['tokenForNext', { tokenForNext: 'eyJpZCI6IjY3In0' }, 'tokenForNext'],
		['next_token under a next object', { paging: { next: { token: 'abc' } } }, 'paging.next.token'],
		['continuation', { continuation: 'c-2' }, 'continuation'],
		['anotherPageKey', { anotherPageKey: 'k2' }, 'anotherPageKey'],
	])('a token under %s is a cursor, its parameter a guess', (_name, body, path) => {
		expect(detectPagination(withList(body))).toMatchObject({ mode: 'cursor', cursorPath: path, unverified: true });
	});

	it.each([
		['a bare token at the top', { __Token: 'eyJwb3NpdGlvbiI6N30' }, '__Token'],
		['a bookmark in a block of paging words', { listMeta: { bookmark: 'eyJwb3NpdGlvbiI6N30' } }, 'listMeta.bookmark'],
		['a position number under next words', { paging: { upcomingFrom: 50 } }, 'paging.upcomingFrom'],
		['a key written without separators', { pagination: { subsequentbookmark: 'b-2' } }, 'pagination.subsequentbookmark'],
	])('%s is a cursor, its parameter a guess', (_name, body, path) => {
		expect(detectPagination(withList(body))).toMatchObject({ mode: 'cursor', cursorPath: path, unverified: true });
	});

	it('a number under next words that names no position (`remaining`) is no token', () => {
		expect(detectPagination(withList({ remaining: 20 }))).toBeUndefined();
	});

	it('of a count equal to the page and a number above it, the number above is the total', () => {
		const both = page({ info: { count: 7, grandEntries: 27 }, content: entries(7) }, { entries: entries(7) });
		expect(findListSignals(both).totalPath).toBe('info.grandEntries');
		expect(moreSignalled(both, { read: 7, resumed: false, page: 1, unpaged: true })).toBe('"grandEntries" says 27 entries and 7 were read');
	});

	it.each([
		['linkToNext', { paging: { linkToNext: 'https://studio.example.com/api/partners/v1/payments?page=2' } }, 'paging.linkToNext'],
		['a link to the same list with another query', { more: { href: '?page=2' } }, 'more.href'],
	])('a link under %s is followed as it is, a guess checked on page 2', (_name, body, path) => {
		expect(detectPagination(withList(body))).toMatchObject({ mode: 'nextUrl', nextUrlPath: path, unverified: true });
	});

	it('`$next` and `@odata.nextLink` compare to the registry\'s `next` and `nextLink` without their prefix: no guess', () => {
		expect(detectPagination(withList({ $next: '/api/partners/v1/payments?page=2' }))).toEqual({ mode: 'nextUrl', nextUrlPath: '$next' });
		expect(detectPagination(withList({ '@odata.nextLink': '/api/partners/v1/payments?page=2' }))).toEqual({ mode: 'nextUrl', nextUrlPath: '@odata.nextLink' });
	});

	it.each([
		['anotherPage', { anotherPage: true }, '"anotherPage" is true'],
		['hasMoreItems', { meta: { hasMoreItems: 'true' } }, '"hasMoreItems" is true'],
		['moreAvailable', { moreAvailable: true }, '"moreAvailable" is true'],
		['endOfList, read the other way round', { endOfList: false }, '"endOfList" is false'],
		['an unknown token', { tokenForNext: 'eyJpZCI6IjY3In0' }, '"tokenForNext" holds a next-page token'],
		['an unknown link', { paging: { linkToNext: 'https://studio.example.com/api/partners/v1/payments?page=2' } }, '"paging.linkToNext" links to a next page'],
		['a count by its words above the entries', { totalHits: 1000 }, '"totalHits" says 1000 entries and 50 were read'],
	])('a page whose walk stops there while %s says more is never complete', (_name, body, said) => {
		expect(moreSignalled(withList(body), first)).toBe(said);
	});

	it.each([
		['a date under a next word', { nextAvailable: '2026-12-02T09:00:00Z' }],
		['a field of something else', { nextAvailableSlot: 'room-3' }],
		['an entry\'s own value', { nextBooking: 'b7' }],
		['links to other pages', { links: { prev: '?page=1', self: '?page=2', last: '?page=9', first: '?page=1' } }],
		['a flag that says the end', { isLastPage: true, endOfList: true }],
		['a total of money beside its currency', { summary: { totalAmount: 99_000, currency: 'EUR' } }],
		['an amount with a fraction', { amountTotal: 990.5 }],
		['a count equal to the page', { count: 7 }],
	])('%s is no sign of more', (_name, body) => {
		expect(moreSignalled(withList(body, 7), { ...first, read: 7 })).toBeUndefined();
	});

	it('a count equal to the page beside a next sign is this page\'s count, not the total; above the page it is the total', () => {
		const perPage = page({ success: true, count: 100, paging: { anotherPage: true, linkToNext: '?page=2' }, data: entries(100) }, { entries: entries(100) });
		expect(findListSignals(perPage).totalPath).toBeUndefined();
		expect(detectPagination(perPage)).toMatchObject({ mode: 'nextUrl', nextUrlPath: 'paging.linkToNext', hasMorePath: 'paging.anotherPage' });
		expect(moreSignalled(perPage, { read: 100, resumed: false, page: 1, unpaged: true })).toBe('"anotherPage" is true');
		const total = page({ count: 1000, next: '?page=2', data: entries(100) }, { entries: entries(100) });
		expect(findListSignals(total).totalPath).toBe('count');
		// The query asked for that count: an echo (Calendly's `count=3`).
		expect(findListSignals(page({ pagination: { count: 3 }, collection: entries(3) }, { entries: entries(3), query: { count: 3 } })).totalPath).toBeUndefined();
	});

	it('names a token may go back under: its own, then those its words give, then the common ones', () => {
		expect(tokenParameters('tokenForNext')).toEqual(['tokenForNext', 'token', 'next_token', 'nextToken', 'pageToken', 'page_token', 'cursor']);
		expect(tokenParameters('continuation')).toEqual(['continuation', 'cursor', 'next_cursor', 'nextCursor', 'pageCursor', 'page_cursor', 'token']);
	});

	it("an echoed offset beside a total above the page guesses the echo's names, then the registry's (Mindbody)", () => {
		const body = { PaginationResponse: { RequestedLimit: 3, RequestedOffset: 0, PageSize: 3, TotalResults: 8 }, Appointments: entries(3) };
		expect(detectPagination(page(body, { entries: entries(3) }))).toMatchObject({
			mode: 'offset',
			offsetParameter: 'offset',
			limitParameter: 'limit',
			offsetCandidates: ['request.offset'],
			limitCandidates: ['request.limit'],
			offsetEchoPath: 'PaginationResponse.RequestedOffset',
			totalPath: 'PaginationResponse.TotalResults',
			unverified: true,
		});
		// The whole list on one page: no walk.
		const whole = { PaginationResponse: { RequestedLimit: 100, RequestedOffset: 0, PageSize: 3, TotalResults: 3 }, Appointments: entries(3) };
		expect(detectPagination(page(whole, { entries: entries(3) }))).toBeUndefined();
	});
});
