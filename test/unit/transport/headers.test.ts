import { headerValue } from '../../../nodes/VenueBooking/transport/headers';

describe('headerValue', () => {
	it('reads a header whatever its case and joins repeated values', () => {
		const headers = { 'Retry-After': '3', link: ['<a>; rel="next"', '<b>; rel="last"'], empty: undefined };
		expect(headerValue(headers, 'retry-after')).toBe('3');
		expect(headerValue(headers, 'LINK')).toBe('<a>; rel="next", <b>; rel="last"');
		expect(headerValue(headers, 'empty')).toBeUndefined();
		expect(headerValue(headers, 'x-missing')).toBeUndefined();
	});
});
