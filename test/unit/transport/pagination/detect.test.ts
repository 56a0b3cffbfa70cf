import { detectPagination } from '../../../../nodes/VenueBooking/transport/pagination/detect';
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
		expect(detectPagination(page({ data: [1], meta: { nextPageToken: 't', hasMore: true } }))).toEqual({
			mode: 'cursor',
			cursorParameter: 'pageToken',
			cursorPath: 'meta.nextPageToken',
			hasMorePath: 'meta.hasMore',
		});
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
		});
	});

	it('finds nothing in a bare list or a body without markers: a single, complete response', () => {
		expect(detectPagination(page([1, 2]))).toBeUndefined();
		expect(detectPagination(page({ items: [1], next_cursor: null, next: '' }))).toBeUndefined();
	});
});
