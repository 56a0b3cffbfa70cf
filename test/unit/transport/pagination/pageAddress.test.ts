import { addressPages, sameRequest } from '../../../../nodes/VenueBooking/transport/pagination/pageAddress';
import type { ResolvedPagination } from '../../../../nodes/VenueBooking/transport/pagination/settings';
import { page } from './page';

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
		expect(addressPages({ mode: 'cursor', cursorParameter: 'cursor', totalPath: 'total' }, first, { query: { cursor: 'c' } })).toBeUndefined();
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
