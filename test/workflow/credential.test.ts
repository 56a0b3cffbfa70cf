/**
 * The credential's test function (nodes/VenueBooking/methods/credentialTest.ts, named by the nodes'
 * `testedBy`), called with n8n-core's own `CredentialTestContext` — the `this` n8n's CredentialsTester
 * hands a test function, whose `request` helper sends real HTTP — against the sandbox and servers on
 * 127.0.0.1. This tests our function and n8n-core's request helper, not n8n's tester: that n8n picks this
 * function and shows its message in the dialog is proven in real n8n by test/e2e/credential.checks.ts.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CredentialTestContext } from 'n8n-core';
import type { ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';

import { venueBookingApiTest } from '../../nodes/VenueBooking/methods/credentialTest';
import { startSandbox, type Sandbox } from '../../sandbox';
import { closedPortUrl, startHtmlSite, startSelfSignedHttps, type LocalServer } from '../support/notTheApi';
import { setUpN8nCore } from './harness';
import { ALL_SCOPES, SECRET_KEY } from './venueBooking';

setUpN8nCore();

const NO_BOOKINGS_KEY = 'vb_scoped-webhooks-only-3e8a';
const WRITE_ONLY_KEY = 'vb_scoped-bookings-write-5d21';
const REFUSED_KEY = 'vb_refused-9f0b-not-known';

/** Every message any test got, to check at the end that no key is in any of them. */
const messages: string[] = [];

async function testCredential(baseUrl: unknown, apiKey: unknown): Promise<INodeCredentialTestResult> {
	const context = new CredentialTestContext() as unknown as ICredentialTestFunctions;
	const result = await venueBookingApiTest.call(context, { id: 'c1', name: 'Venue Booking API', type: 'venueBookingApi', data: { baseUrl, apiKey } as never });
	messages.push(result.message);
	return result;
}

/** A server whose every answer is the one given, on 127.0.0.1. */
async function startServer(handler: http.RequestListener): Promise<LocalServer> {
	const server = http.createServer(handler);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

let sandbox: Sandbox;
const servers: LocalServer[] = [];

beforeAll(async () => {
	sandbox = await startSandbox({
		keys: { [SECRET_KEY]: [...ALL_SCOPES], [NO_BOOKINGS_KEY]: ['webhooks.read'], [WRITE_ONLY_KEY]: ['bookings.write'] },
	});
});
afterAll(async () => {
	await sandbox.close();
	for (const server of servers) await server.close();
});
beforeEach(() => sandbox.resetRequests());

describe('Venue Booking API credential test', () => {
	it.each([
		['the workspace address', (url: string) => url],
		['an address with a trailing slash and spaces', (url: string) => ` ${url}/ `],
		['an address with the API prefix pasted', (url: string) => `${url}/api/partners/v1/`],
	])('succeeds for %s, with one side-effect-free read', async (_name, shape) => {
		const before = sandbox.store.bookings.length;
		expect(await testCredential(shape(sandbox.url), ` ${SECRET_KEY}\n`)).toEqual({ status: 'OK', message: expect.stringMatching(/^Connection successful/) });
		expect(sandbox.requests.map((r) => [r.method, r.path, r.authPresent])).toEqual([['GET', '/api/partners/v1/bookings', true]]);
		expect(sandbox.store.bookings).toHaveLength(before);
	});

	it('tells a refused key (401)', async () => {
		expect(await testCredential(sandbox.url, REFUSED_KEY)).toEqual({
			status: 'Error',
			message: expect.stringMatching(/^The API key was refused \(401\)\. Check that it was copied whole/),
		});
	});

	it.each([
		['webhooks.read only', NO_BOOKINGS_KEY],
		['bookings.write only', WRITE_ONLY_KEY],
	])('tells a valid key without bookings.read (%s): which scope, that other operations may work, that it can be saved', async (_name, key) => {
		const { status, message } = await testCredential(sandbox.url, key);
		expect(status).toBe('Error');
		expect(message).toMatch(/^The key is valid, but it may not list bookings \(403\): it lacks the bookings\.read scope/);
		expect(message).toMatch(/Other operations \(those needing [a-z., ]*webhooks\.read[a-z., ]*\) may still work .*so you can save this credential/);
		expect(message).not.toMatch(/needing [^)]*bookings\.read/);
	});

	it('quotes the server’s 403 message with the key masked', async () => {
		const server = await startServer((request, response) => {
			response.writeHead(403, { 'Content-Type': 'application/json' });
			response.end(JSON.stringify({ message: `key ${String(request.headers.authorization).slice(7)} lacks bookings.read` }));
		});
		servers.push(server);
		const { message } = await testCredential(server.url, SECRET_KEY);
		expect(message).toMatch(/The API said: "key \*\*\* lacks bookings\.read"$/);
	});

	it('tells an address that is not a Partner API (404)', async () => {
		expect((await testCredential(`${sandbox.url}/some/site`, SECRET_KEY)).message).toMatch(
			/^No Partner API v1 answered at this Base URL \(GET \/api\/partners\/v1\/bookings gave 404 at http:\/\/127\.0\.0\.1:\d+\)\. Enter the workspace address/,
		);
	});

	it('tells a website that answers HTML', async () => {
		const site = await startHtmlSite();
		servers.push(site);
		const { status, message } = await testCredential(site.url, SECRET_KEY);
		expect(status).toBe('Error');
		expect(message).toMatch(/^The API answered with an HTML page instead of JSON .*so this is not the Partner API v1\. .*The page starts: <!doctype html>/);
	});

	it('tells an unreachable address in words', async () => {
		const { status, message } = await testCredential(await closedPortUrl(), SECRET_KEY);
		expect(status).toBe('Error');
		expect(message).toMatch(/^Nothing accepted the connection at http:\/\/127\.0\.0\.1:\d+ \(connection refused, ECONNREFUSED\)\. Check the Base URL/);
	});

	it('tells https sent to a plain-http port in words', async () => {
		const { status, message } = await testCredential(sandbox.url.replace(/^http:/, 'https:'), SECRET_KEY);
		expect(status).toBe('Error');
		expect(message).toMatch(/^The secure \(https\) connection to https:\/\/127\.0\.0\.1:\d+ failed: the server does not speak https on that port .*start the Base URL with http:\/\//);
	});

	it('tells a self-signed certificate in words', async () => {
		const server = await startSelfSignedHttps();
		servers.push(server);
		const { status, message } = await testCredential(server.url, SECRET_KEY);
		expect(status).toBe('Error');
		expect(message).toMatch(/^The https certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted: it is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
	});

	it('does not follow a redirect to another origin, so the key is not sent there', async () => {
		const redirecting = await startServer((_request, response) => {
			response.writeHead(302, { Location: `${sandbox.url}/api/partners/v1/bookings` });
			response.end();
		});
		servers.push(redirecting);
		const { status, message } = await testCredential(redirecting.url, SECRET_KEY);
		expect(status).toBe('Error');
		expect(message).toMatch(/^The API redirected to another address \(http:\/\/127\.0\.0\.1:\d+\); it was not followed, so the API key was not sent there\./);
		expect(sandbox.requests).toHaveLength(0);
	});

	it('follows a redirect on the same origin', async () => {
		const server = await startServer((request, response) => {
			if (request.url === '/old/api/partners/v1/bookings') {
				response.writeHead(301, { Location: '/new/api/partners/v1/bookings' });
				response.end();
				return;
			}
			response.writeHead(request.headers.authorization === `Bearer ${SECRET_KEY}` ? 200 : 401, { 'Content-Type': 'application/json' });
			response.end('{"bookings":[]}');
		});
		servers.push(server);
		expect((await testCredential(`${server.url}/old`, SECRET_KEY)).status).toBe('OK');
	});

	it.each([
		['an empty Base URL', '', SECRET_KEY, /^The Base URL is empty/],
		['a Base URL without scheme', 'studio.example.com', SECRET_KEY, /^The Base URL is not a valid URL/],
		['a Base URL with user:password', 'https://u:p@studio.example.com', SECRET_KEY, /user name or password/],
		['an empty key', 'https://studio.example.com', '  ', /^The API Key is empty/],
	])('refuses %s before sending anything', async (_name, baseUrl, apiKey, expected) => {
		expect(await testCredential(baseUrl, apiKey)).toEqual({ status: 'Error', message: expect.stringMatching(expected) });
	});

	afterAll(() => {
		// Every message of this file, checked once more for each key used.
		expect(messages.length).toBeGreaterThan(10);
		for (const key of [SECRET_KEY, NO_BOOKINGS_KEY, WRITE_ONLY_KEY, REFUSED_KEY]) {
			expect(messages.filter((message) => message.includes(key))).toEqual([]);
		}
	});
});
