import { keyRedactor } from '../../../nodes/VenueBooking/transport/secrets';

describe('keyRedactor', () => {
	it('masks the key as given and trimmed, every time it occurs', () => {
		const redact = keyRedactor('  vb_live_secret\n');
		expect(redact('Bearer vb_live_secret failed; vb_live_secret again')).toBe('Bearer *** failed; *** again');
		expect(redact('quoted "  vb_live_secret\n"')).toBe('quoted "***"');
	});

	it('leaves text alone when there is no key, or one too short to mask without garbling messages', () => {
		expect(keyRedactor(undefined)('nothing to hide')).toBe('nothing to hide');
		expect(keyRedactor('ab')('a cab ab')).toBe('a cab ab');
		expect(keyRedactor(12345)('12345')).toBe('12345');
	});
});
