import { bearerAuthorization } from '../../../nodes/VenueBooking/transport/bearer';

describe('bearerAuthorization', () => {
	it('sends the key as a bearer token', () => {
		expect(bearerAuthorization('vb_live_abc')).toBe('Bearer vb_live_abc');
	});

	it('trims the spaces and newline a pasted key often carries', () => {
		expect(bearerAuthorization('  vb_live_abc\r\n')).toBe('Bearer vb_live_abc');
	});

	it('sends an empty token rather than "undefined" when the key is missing', () => {
		expect(bearerAuthorization(undefined)).toBe('Bearer ');
		expect(bearerAuthorization(42)).toBe('Bearer ');
	});
});
