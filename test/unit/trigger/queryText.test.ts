import { describeQuery } from '../../../nodes/VenueBooking/trigger/queryText';

describe('the query as a person reads it', () => {
	it('is empty without parameters', () => {
		expect(describeQuery({})).toBe('');
	});

	it('joins name=value pairs in order, unencoded', () => {
		expect(describeQuery({ event: 'booking.created', status: 'failed', note: 'a b&c' })).toBe('event=booking.created&status=failed&note=a b&c');
	});

	it('repeats a list value once per element, as it is sent', () => {
		expect(describeQuery({ event: ['booking.created', 'booking.cancelled'], page: 2 })).toBe('event=booking.created&event=booking.cancelled&page=2');
		expect(describeQuery({ event: [] })).toBe('');
	});

	it('writes objects as JSON and other values as text, never [object Object]', () => {
		expect(describeQuery({ filter: { a: 1 }, flag: false, none: null })).toBe('filter={"a":1}&flag=false&none=null');
	});
});
