import { apiUrl, normalizeBaseUrl } from '../../../nodes/VenueBooking/transport/baseUrl';

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
