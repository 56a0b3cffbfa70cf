import { reasonToDoubtCompleteness } from '../../../../nodes/VenueBooking/transport/pagination/completeness';

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
