/**
 * How the credential test is wired, in the shape n8n's CredentialsTester looks for it: it takes a
 * credential's own declarative `test` first, and only without one asks each node that uses the credential
 * for its `testedBy` method. So the credential must have no `test`, and every node that names the
 * credential (n8n may ask any of them first) must name and carry the same function.
 */

import type { ICredentialTestFunctions, IDataObject } from 'n8n-workflow';
import { VenueBookingApi } from '../../../credentials/VenueBookingApi.credentials';
import { describeAnswer, describeNoAnswer, describeRefusedRedirect, sendTestRequest, TEST_ENDPOINT, TEST_TIMEOUT_MS, venueBookingApiTest } from '../../../nodes/VenueBooking/methods/credentialTest';
import { keyRedactor } from '../../../nodes/VenueBooking/transport/request';
import { VenueBooking } from '../../../nodes/VenueBooking/VenueBooking.node';
import { VenueBookingTrigger } from '../../../nodes/VenueBooking/VenueBookingTrigger.node';
import { TEST_KEY } from '../mockContext';

describe('credential test wiring', () => {
	it('the credential has no declarative test, which n8n would run instead of the function', () => {
		expect('test' in new VenueBookingApi()).toBe(false);
	});

	it.each([
		['Venue Booking', new VenueBooking()],
		['Venue Booking Trigger', new VenueBookingTrigger()],
	])('%s names the test function and carries it', (_name, node) => {
		expect(node.description.credentials).toEqual([{ name: 'venueBookingApi', required: true, testedBy: 'venueBookingApiTest' }]);
		expect(node.methods?.credentialTest?.venueBookingApiTest).toBe(venueBookingApiTest);
	});
});

describe('the Workspace Time Zone in the test', () => {
	it('refuses a zone that does not exist before anything is sent', async () => {
		const httpRequest = jest.fn();
		const context = { helpers: { request: httpRequest, httpRequest } } as unknown as ICredentialTestFunctions;
		const data = { baseUrl: 'https://studio.example.com', apiKey: TEST_KEY, workspaceTimeZone: 'Europe/Pari' };
		const result = await venueBookingApiTest.call(context, { id: '1', name: 'c', type: 'venueBookingApi', data });
		expect(result).toEqual({ status: 'Error', message: 'The Workspace Time Zone "Europe/Pari" is not a time zone. Enter an IANA name such as Europe/Paris, or leave it empty for UTC.' });
		expect(httpRequest).not.toHaveBeenCalled();
	});
});

const URL_TESTED = 'https://studio.example.com/api/partners/v1/bookings';
const JSON_HEADERS = { 'content-type': 'application/json' };
const redact = keyRedactor(TEST_KEY);

const answer = (statusCode: number, body: unknown = '', headers: Record<string, string> = JSON_HEADERS) => describeAnswer({ statusCode, headers, body }, URL_TESTED);

describe('what an HTTP answer to the test request means', () => {
	it('tests with a read that changes nothing, and waits less than an execution would', () => {
		expect(TEST_ENDPOINT).toMatchObject({ method: 'GET', path: '/bookings' });
		expect(TEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
	});

	it('a JSON 2xx is a working credential', () => {
		expect(answer(200, '{"data":[]}')).toEqual({ status: 'OK', message: 'Connection successful: the API accepted the key and listed bookings' });
		expect(answer(200, [])).toMatchObject({ status: 'OK' });
	});

	it('a 2xx whose body says the request failed is no working credential: the server\'s words are shown', () => {
		const refused = answer(200, '{"request":{"status":"ERROR","error":{"id":"auth_error","title":"Invalid API key"}}}');
		expect(refused.status).toBe('Error');
		expect(refused.message).toContain('answered with a success status, but its body says the request failed: "Invalid API key"');
		expect(answer(200, '{"ok":false,"error":"invalid_auth"}')).toMatchObject({ status: 'Error', message: expect.stringContaining('"invalid_auth"') });
		expect(answer(200, '{"request":{"status":"OK","page":1},"booking/index":[]}')).toMatchObject({ status: 'OK' });
	});

	it('a 2xx that is not JSON (a web page at the address) is not the API, naming the request and origin', () => {
		const verdict = answer(200, '<!doctype html><html></html>', { 'content-type': 'text/html' });
		expect(verdict.status).toBe('Error');
		expect(verdict.message).toContain('(GET /api/partners/v1/bookings at https://studio.example.com), so this is not the Partner API v1.');
		expect(verdict.message).toContain('Enter the workspace address, e.g. https://studio.example.com');
	});

	it('401 is a refused key', () => {
		expect(answer(401)).toEqual({ status: 'Error', message: expect.stringMatching(/^The API key was refused \(401\)/) });
	});

	it('403 names the missing scope, the plan, what else the key may do, and the server\'s own words', () => {
		const { status, message } = answer(403, '{"error":{"message":"scope missing: bookings.read"}}');
		expect(status).toBe('Error');
		expect(message).toContain('it lacks the bookings.read scope this test uses');
		expect(message).toContain('Platform (GROWTH+) plan');
		const others = /those needing ([^)]*)\)/.exec(message)![1].split(', ');
		expect(others).toEqual(expect.arrayContaining(['bookings.write', 'catalog.read', 'clients.read', 'payments.read', 'webhooks.read', 'slots.read']));
		expect(others).not.toContain('bookings.read');
		expect(message).toContain('The API said: "scope missing: bookings.read"');
	});

	it('quotes at most 300 characters of the server, and nothing when its body has no message', () => {
		const long = 'x'.repeat(1000);
		expect(answer(500, JSON.stringify({ message: long })).message).toContain(`"${'x'.repeat(300)}"`);
		expect(answer(500, JSON.stringify({ message: long })).message).not.toContain('x'.repeat(301));
		expect(answer(500, '<html>oops</html>', { 'content-type': 'text/html' }).message).not.toContain('The API said');
	});

	it('404, 429, 5xx and any other status each say what to do', () => {
		expect(answer(404).message).toBe(
			'No Partner API v1 answered at this Base URL (GET /api/partners/v1/bookings gave 404 at https://studio.example.com). Enter the workspace address, e.g. https://studio.example.com',
		);
		expect(answer(429).message).toMatch(/rate limit was reached \(429\).*Try the test again in a minute/);
		expect(answer(502).message).toBe('The API failed with a server error (502), so the key could not be checked. Try again later.');
		expect(answer(418).message).toBe('GET /api/partners/v1/bookings at https://studio.example.com answered with HTTP status 418, so the key could not be checked.');
		expect(answer(302).status).toBe('Error');
	});

	it('never puts a path or query of the tested URL into a message, only its origin', () => {
		const verdict = describeAnswer({ statusCode: 404, headers: {}, body: '' }, 'https://studio.example.com/sub/api/partners/v1/bookings?token=abc');
		expect(verdict.message).not.toContain('token=abc');
		expect(verdict.message).toContain('at https://studio.example.com)');
		expect(describeAnswer({ statusCode: 404, headers: {}, body: '' }, 'not a url').message).toContain('at an invalid address');
	});
});

describe('a redirect the test did not follow', () => {
	it('is an error made of the redirect rule\'s problem and hint', () => {
		expect(describeRefusedRedirect({ problem: 'The API redirected to another address (https://evil.example)', hint: 'Update the Base URL.' })).toEqual({
			status: 'Error',
			message: 'The API redirected to another address (https://evil.example). Update the Base URL.',
		});
	});
});

describe('what a test request without an answer means', () => {
	const noAnswer = (failure: unknown, url = URL_TESTED) => describeNoAnswer(failure, url, redact).message;
	const systemError = (code: string, message = `connect ${code}`) => Object.assign(new Error(message), { code });

	it('names an untrusted certificate with its reason, from the error or its cause', () => {
		expect(noAnswer(systemError('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe(
			"The https certificate of https://studio.example.com is not trusted: it is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT). Use the workspace's public https address, or make n8n trust the certificate (NODE_EXTRA_CA_CERTS).",
		);
		expect(noAnswer({ message: 'request failed', cause: { code: 'CERT_HAS_EXPIRED' } })).toContain('it has expired (CERT_HAS_EXPIRED)');
	});

	it('recognises an https request to a port that speaks plain http, by code or by OpenSSL\'s words', () => {
		expect(noAnswer(systemError('ERR_SSL_WRONG_VERSION_NUMBER'))).toMatch(/does not speak https on that port \(ERR_SSL_WRONG_VERSION_NUMBER\).*start the Base URL with http:\/\//);
		expect(noAnswer(new Error('write EPROTO 1234:error:0A00010B:SSL routines:ssl3_get_record:wrong version number'))).toContain('does not speak https');
	});

	it('words each common network failure, never a bare code', () => {
		expect(noAnswer(systemError('ECONNREFUSED'))).toMatch(/^Nothing accepted the connection at https:\/\/studio\.example\.com \(connection refused, ECONNREFUSED\)/);
		expect(noAnswer(systemError('ENOTFOUND'), 'https://stuido.example.com/api')).toBe('The host name stuido.example.com could not be found (ENOTFOUND). Check the Base URL for typos.');
		expect(noAnswer(systemError('EAI_AGAIN'))).toContain('could not be found (EAI_AGAIN)');
		expect(noAnswer(systemError('ETIMEDOUT'))).toContain(`did not answer within ${TEST_TIMEOUT_MS / 1000} s (ETIMEDOUT)`);
		expect(noAnswer(systemError('ECONNRESET'))).toContain('closed the connection without an answer (ECONNRESET)');
	});

	it('falls back to the failure\'s own words, with the key masked', () => {
		const message = noAnswer(new Error(`socket hung up while sending Bearer ${TEST_KEY}`));
		expect(message).toMatch(/^The test request to https:\/\/studio\.example\.com failed before an answer came: /);
		expect(message).not.toContain(TEST_KEY);
	});
});

type LegacyAnswer = { statusCode: number; headers?: Record<string, string>; body?: unknown } | { throws: unknown };

/** The legacy `request` helper a credential test gets, answering from a script and recording each call. */
function legacyHelpers(script: LegacyAnswer[]) {
	const calls: IDataObject[] = [];
	const helpers = {
		request: async (options: IDataObject) => {
			calls.push(options);
			const next = script[calls.length - 1];
			if (next === undefined) throw new Error(`unexpected request #${calls.length} to ${String(options.uri)}`);
			if ('throws' in next) throw next.throws;
			return next;
		},
	};
	return { helpers: helpers as unknown as ICredentialTestFunctions['helpers'], calls };
}

const BASE = 'https://studio.example.com';
const TESTED = `${BASE}/api/partners/v1/bookings`;

describe('the credential test request', () => {
	it('sends one GET under the normalised Base URL with the key as a bearer header, every status read as an answer, redirects not left to the helper', async () => {
		const { helpers, calls } = legacyHelpers([{ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' }]);
		expect(await sendTestRequest(helpers, BASE, TEST_KEY)).toEqual({
			answer: { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' },
			url: TESTED,
		});
		expect(calls).toEqual([
			{
				method: 'GET',
				uri: TESTED,
				headers: { Authorization: `Bearer ${TEST_KEY}`, Accept: 'application/json' },
				simple: false,
				resolveWithFullResponse: true,
				followRedirect: false,
				timeout: TEST_TIMEOUT_MS,
			},
		]);
	});

	it('gives an error status back as an answer, headers defaulting to none', async () => {
		const { helpers } = legacyHelpers([{ statusCode: 401 }]);
		expect(await sendTestRequest(helpers, BASE, TEST_KEY)).toEqual({ answer: { statusCode: 401, headers: {}, body: undefined }, url: TESTED });
	});

	it('gives a request without an answer back as its error, with the URL it was sent to', async () => {
		const failure = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
		const { helpers } = legacyHelpers([{ throws: failure }]);
		expect(await sendTestRequest(helpers, BASE, TEST_KEY)).toEqual({ failure, url: TESTED });
	});

	it('follows a same-origin redirect, relative or absolute, with the key', async () => {
		const { helpers, calls } = legacyHelpers([
			{ statusCode: 301, headers: { Location: '/v2/api/partners/v1/bookings' } },
			{ statusCode: 302, headers: { location: `${BASE}/v3/bookings` } },
			{ statusCode: 200, body: '[]' },
		]);
		const outcome = await sendTestRequest(helpers, BASE, TEST_KEY);
		expect(outcome).toMatchObject({ answer: { statusCode: 200 }, url: `${BASE}/v3/bookings` });
		expect(calls.map((call) => call.uri)).toEqual([TESTED, `${BASE}/v2/api/partners/v1/bookings`, `${BASE}/v3/bookings`]);
		expect(calls.every((call) => (call.headers as IDataObject).Authorization === `Bearer ${TEST_KEY}`)).toBe(true);
	});

	it('refuses a redirect to another origin without sending the key there', async () => {
		const { helpers, calls } = legacyHelpers([{ statusCode: 302, headers: { location: 'https://collector.example.net/bookings' } }]);
		const outcome = await sendTestRequest(helpers, BASE, TEST_KEY);
		expect(outcome).toMatchObject({ refused: { problem: expect.stringContaining('https://collector.example.net') }, url: TESTED });
		expect(calls).toHaveLength(1);
	});

	it('stops after too many redirects instead of looping', async () => {
		const loop = Array.from({ length: 20 }, (_, i) => ({ statusCode: 302, headers: { location: `${BASE}/hop/${i}` } }));
		const { helpers, calls } = legacyHelpers(loop);
		const outcome = await sendTestRequest(helpers, BASE, TEST_KEY);
		expect(outcome).toMatchObject({ refused: { problem: expect.stringMatching(/redirected more than \d+ times/) } });
		expect(calls.length).toBeLessThan(10);
	});

	it('reads a 3xx without a Location as an answer', async () => {
		const { helpers } = legacyHelpers([{ statusCode: 304, headers: {} }]);
		expect(await sendTestRequest(helpers, BASE, TEST_KEY)).toMatchObject({ answer: { statusCode: 304 } });
	});
});
