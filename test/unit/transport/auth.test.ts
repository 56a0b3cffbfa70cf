import { apiUrl, bearerAuthorization, keyRedactor, normalizeBaseUrl } from '../../../nodes/VenueBooking/transport/auth';

const urlOf = (raw: unknown) => {
	const result = normalizeBaseUrl(raw);
	return 'url' in result ? result.url : `refused: ${result.problem}`;
};

describe('normalizeBaseUrl', () => {
	it.each([
		['https://studio.example.com', 'https://studio.example.com'],
		['https://studio.example.com/', 'https://studio.example.com'],
		['  https://studio.example.com//  ', 'https://studio.example.com'],
		['https://studio.example.com/api/partners/v1', 'https://studio.example.com'],
		['https://studio.example.com/api/partners/v1/', 'https://studio.example.com'],
		['https://example.com/venues/loft/api/partners/v1', 'https://example.com/venues/loft'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
		['http://[::1]:4010/', 'http://[::1]:4010'],
		['http://localhost:4010/API/PARTNERS/V1', 'http://localhost:4010'],
		['HTTPS://Studio.Example.com', 'https://studio.example.com'],
	])('%s → %s', (raw, expected) => {
		expect(urlOf(raw)).toBe(expected);
		// Normalising twice changes nothing.
		expect(urlOf(urlOf(raw))).toBe(expected);
	});

	it.each([
		['', /empty/],
		['   ', /empty/],
		['studio.example.com', /not a valid URL/],
		['ftp://studio.example.com', /must start with http/],
		['javascript:alert(1)', /must start with http/],
		['file:///etc/passwd', /must start with http/],
		['https://user:pass@studio.example.com', /user name or password/],
		['https://studio.example.com/?key=1', /query string/],
		['https://studio.example.com/#top', /fragment/],
	])('refuses %j', (raw, message) => {
		expect(urlOf(raw)).toMatch(/^refused: /);
		expect(urlOf(raw)).toMatch(message);
	});

	it('refuses values that are not text', () => {
		expect(urlOf(undefined)).toMatch(/refused: .*empty/);
		expect(urlOf({ url: 'https://x' })).toMatch(/refused: .*empty/);
	});

	it('appends the API prefix and path', () => {
		expect(apiUrl('https://x.example', '/bookings')).toBe('https://x.example/api/partners/v1/bookings');
	});
});

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
