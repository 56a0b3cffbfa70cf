import { decideRedirect, MAX_REDIRECTS, offOriginProblem, safeOrigin } from '../../../nodes/VenueBooking/transport/redirects';

const origin = 'https://studio.example.com';
const from = `${origin}/api/partners/v1/bookings`;

describe('redirect rules', () => {
	it('follows a relative or absolute same-origin redirect of a GET', () => {
		expect(decideRedirect('/api/partners/v1/bookings/', from, 'GET', origin, 1)).toEqual({ follow: `${origin}/api/partners/v1/bookings/` });
		expect(decideRedirect(`${origin}/x?page=2`, from, 'GET', origin, MAX_REDIRECTS)).toEqual({ follow: `${origin}/x?page=2` });
	});

	it('refuses another origin, naming only its origin (a path may carry tokens)', () => {
		const decision = decideRedirect('https://evil.example.net/steal?token=abc', from, 'GET', origin, 1);
		expect(decision).toEqual({
			problem: 'The API redirected to another address (https://evil.example.net); it was not followed, so the API key was not sent there',
			hint: expect.stringContaining(`Only addresses on ${origin}`),
		});
		expect(JSON.stringify(decision)).not.toContain('token=abc');
		expect(decideRedirect('http://studio.example.com/x', from, 'GET', origin, 1)).toHaveProperty('problem');
	});

	it('never repeats a write at the new address', () => {
		expect(decideRedirect('/elsewhere', from, 'POST', origin, 1)).toEqual({
			problem: 'The API redirected the POST request; it was not repeated at the new address',
			hint: expect.stringContaining(origin),
		});
	});

	it(`stops after ${MAX_REDIRECTS} redirects and on an unreadable address`, () => {
		expect(decideRedirect('/x', from, 'GET', origin, MAX_REDIRECTS + 1)).toEqual({
			problem: `The API redirected more than ${MAX_REDIRECTS} times`,
			hint: "Check the credential's Base URL.",
		});
		expect(decideRedirect('http://[::1', from, 'GET', origin, 1)).toHaveProperty('problem', 'The API answered with a redirect to an invalid address');
	});

	it('names origins safely', () => {
		expect(safeOrigin('https://a.example.com:8443/p?q=1')).toBe('https://a.example.com:8443');
		expect(safeOrigin('not a url')).toBe('an invalid address');
		expect(offOriginProblem(`${origin}/next`, origin, 'x')).toBeUndefined();
	});
});
