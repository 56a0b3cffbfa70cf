import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { readTransportOptions, transportOptions } from '../../../nodes/VenueBooking/parameters/options';
import { NetworkFailure } from '../../../nodes/VenueBooking/transport/errors';
import { QuotaDeferral } from '../../../nodes/VenueBooking/transport/ratePacer';
import {
	ApiClient,
	apiUrl,
	bearerAuthorization,
	CREDENTIAL_TYPE,
	decideRedirect,
	DEFAULT_TIMEOUT_MS,
	exchange,
	headerValue,
	keyRedactor,
	MAX_REDIRECTS,
	normalizeBaseUrl,
	encodeFormBody,
	offOriginProblem,
	safeOrigin,
} from '../../../nodes/VenueBooking/transport/request';
import { parseFormBody } from '../../../sandbox/formBody';
import { type MockAnswer, mockContext, TEST_KEY, TEST_NODE } from '../mockContext';

const fast = { retry: { maxRetries: 3, maxWaitMs: 5 }, timeoutMs: 1000 };

async function clientWith(answers: MockAnswer[], credentials?: Record<string, string>) {
	const mock = mockContext({ parameters: {}, answers, credentials });
	const client = await ApiClient.create(mock.context, fast);
	return { client, requests: mock.requests };
}

async function failureOf(promise: Promise<unknown>): Promise<NodeApiError | NodeOperationError> {
	try {
		await promise;
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error('expected a failure');
}

const booking = findEndpoint('booking', 'get');
const create = findEndpoint('booking', 'create');
const payments = findEndpoint('payment', 'getAll');

describe('ApiClient', () => {
	it('builds the URL from the normalised base URL and encodes ids into one path segment', async () => {
		const { client, requests } = await clientWith([{ statusCode: 200, body: {} }], {
			baseUrl: ' https://studio.example.com/api/partners/v1/ ',
			apiKey: TEST_KEY,
		});
		await client.send({ endpoint: booking, id: 'a/b?c#d e%é' });
		expect(requests[0].url).toBe('https://studio.example.com/api/partners/v1/bookings/a%2Fb%3Fc%23d%20e%25%C3%A9');
		expect(requests[0].method).toBe('GET');
		expect(requests[0].body).toBeUndefined();
	});

	it('sends bodies as JSON exactly as given, including an empty object', async () => {
		const { client, requests } = await clientWith([{ statusCode: 201, body: { ok: 1 } }]);
		await client.send({ endpoint: create, body: {} });
		expect(requests[0].body).toBe('{}');
		expect(requests[0].headers).toEqual({ 'Content-Type': 'application/json' });
	});

	it('sends a body form-encoded when asked (Options > Body Encoding), nested values as a[b]=c', async () => {
		const { client, requests } = await clientWith([{ statusCode: 201, body: { ok: 1 } }]);
		await client.send({ endpoint: create, body: { form: { customer_name: 'Ann Lee' }, start: '2027-03-01T09:00:00Z' }, bodyEncoding: 'form' });
		expect(requests[0].headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
		expect(decodeURIComponent(String(requests[0].body).replace(/\+/g, ' '))).toBe('form[customer_name]=Ann Lee&start=2027-03-01T09:00:00Z');
	});

	it('refuses a non-http base URL with an error that names the credential field', async () => {
		const mock = mockContext({ parameters: {}, credentials: { baseUrl: 'ftp://x', apiKey: TEST_KEY } });
		const error = await failureOf(ApiClient.create(mock.context));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(/http:\/\/ or https:\/\//);
		expect(error.description).toMatch(/Base URL/);
	});

	it('retries 429 for a POST and honours Retry-After', async () => {
		const { client, requests } = await clientWith([
			{ statusCode: 429, headers: { 'retry-after': '0' } },
			{ statusCode: 201, body: { id: 'b1' } },
		]);
		const response = await client.send({ endpoint: create, body: { a: 1 } });
		expect(response.body).toEqual({ id: 'b1' });
		expect(requests).toHaveLength(2);
	});

	it('does not retry a POST after a 503 or a reset: the server may have acted', async () => {
		for (const answer of [{ statusCode: 503 }, { networkError: 'ECONNRESET', message: 'socket hang up' }]) {
			const { client, requests } = await clientWith([answer, { statusCode: 201 }]);
			const error = await failureOf(client.send({ endpoint: create, body: {} }));
			expect(error).toBeInstanceOf(NodeApiError);
			expect(requests).toHaveLength(1);
		}
	});

	it('retries reads through 5xx and dropped connections', async () => {
		const { client, requests } = await clientWith([
			{ statusCode: 502 },
			{ networkError: 'ECONNRESET' },
			{ networkError: 'ECONNABORTED', message: 'timeout of 1000ms exceeded' },
			{ statusCode: 200, body: [1] },
		]);
		expect((await client.send({ endpoint: payments })).body).toEqual([1]);
		expect(requests).toHaveLength(4);
	});

	it('ends exhausted retries with an error naming the status and the attempts', async () => {
		const { client, requests } = await clientWith(Array(4).fill({ statusCode: 503, body: { message: 'down for maintenance' } }));
		const error = (await failureOf(client.send({ endpoint: payments }))) as NodeApiError;
		expect(requests).toHaveLength(4);
		expect(error.httpCode).toBe('503');
		expect(error.message).toMatch(/server error \(503\) after 4 attempts/);
		expect(error.description).toMatch(/down for maintenance/);
	});

	it('takes a 200 whose body declares a failure (Slack, Pipedrive) as a refusal with the server\'s words, once, not as data', async () => {
		const { client, requests } = await clientWith([{ statusCode: 200, body: { ok: false, error: 'invalid_arguments' } }]);
		const error = (await failureOf(client.send({ endpoint: payments }))) as NodeApiError;
		expect(requests).toHaveLength(1);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The API refused GET /payments: invalid_arguments');
		const answered = await clientWith([{ statusCode: 200, body: { ok: true, payments: [] } }]);
		expect((await answered.client.send({ endpoint: payments })).body).toEqual({ ok: true, payments: [] });
	});

	it('reads a write\'s per-item results for a refusal, once, and a list\'s entries as data (issue 40)', async () => {
		const refused = [{ success: false, errors: [{ field: 'roomId', message: 'Room 3 is not available' }] }];
		const { client, requests } = await clientWith([{ statusCode: 201, body: refused }]);
		const error = (await failureOf(client.send({ endpoint: findEndpoint('booking', 'create'), body: {} }))) as NodeApiError;
		expect(requests).toHaveLength(1);
		expect(error.message).toBe('The API refused POST /bookings: roomId: Room 3 is not available');
		expect(error.httpCode).toBe('201');
		// A journal of deliveries that failed is a list like any other.
		const listed = await clientWith([{ statusCode: 200, body: [{ success: false, error: 'timeout' }] }]);
		expect((await listed.client.send({ endpoint: findEndpoint('webhookDelivery', 'getAll') })).body).toEqual([{ success: false, error: 'timeout' }]);
	});

	it('fails at once when Retry-After asks for more than Max Wait', async () => {
		const { client, requests } = await clientWith([{ statusCode: 429, headers: { 'Retry-After': '3600' } }]);
		const error = await failureOf(client.send({ endpoint: payments }));
		expect(requests).toHaveLength(1);
		expect(error.message).toMatch(/rate limit/);
		expect(error.message).toMatch(/3600/);
		// Said once, in the message: the description quotes the server.
		expect(error.description ?? '').not.toMatch(/Max Wait/);
	});

	it('does not count redirects as attempts, and retries from where the redirects led', async () => {
		const { client, requests } = await clientWith([
			{ statusCode: 302, headers: { location: '/api/partners/v1/payments?a=1' } },
			{ statusCode: 302, headers: { location: '/api/partners/v1/payments?a=2' } },
			{ statusCode: 503 },
			{ statusCode: 503 },
			{ statusCode: 503 },
			{ statusCode: 200, body: [{ id: 1 }] },
		]);
		const response = await client.send({ endpoint: payments, query: { q: 'x' } });
		expect(response.body).toEqual([{ id: 1 }]);
		expect(response.url).toBe('https://studio.example.com/api/partners/v1/payments?a=2');
		expect(requests.map((r) => [r.url, r.qs])).toEqual([
			['https://studio.example.com/api/partners/v1/payments', { q: 'x' }],
			['https://studio.example.com/api/partners/v1/payments?a=1', undefined],
			...Array.from({ length: 4 }, () => ['https://studio.example.com/api/partners/v1/payments?a=2', undefined]),
		]);
	});

	it.each([
		[401, /API key was refused/],
		[403, /lacks the payments\.read scope.*Platform \(GROWTH\+\) plan/],
		[404, /check the credential's Base URL/],
		[409, /conflicts/],
		[422, /could not accept/],
		[400, /malformed/],
	])('explains HTTP %i', async (status, message) => {
		const { client } = await clientWith([{ statusCode: status, body: { error: { message: 'server words' } } }]);
		const error = (await failureOf(client.send({ endpoint: payments }))) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toMatch(message);
		expect(error.httpCode).toBe(String(status));
		expect(error.description).toContain('The server said: server words');
	});

	it('names both scopes for the webhook test', async () => {
		const { client } = await clientWith([{ statusCode: 403 }]);
		const error = await failureOf(client.send({ endpoint: findEndpoint('webhook', 'sendTest') }));
		expect(error.message).toContain('bookings.read or bookings.write');
	});

	it('never lets the API key into an error, even when the server echoes it or the network error carries it', async () => {
		const echo = { statusCode: 401, body: { message: `bad key ${TEST_KEY}`, header: `Bearer ${TEST_KEY}` } };
		const reset: MockAnswer = { networkError: 'ECONNREFUSED', message: `connect failed Bearer ${TEST_KEY}` };
		for (const answers of [[echo], Array(4).fill(reset)]) {
			const { client } = await clientWith(answers);
			const error = await failureOf(client.send({ endpoint: payments }));
			const serialised = JSON.stringify({ ...error, message: error.message, description: error.description, stack: error.stack });
			expect(serialised).not.toContain(TEST_KEY);
			expect(serialised).not.toContain('SECRET');
		}
	});

	it('follows a same-origin redirect for a read, and refuses one to another origin', async () => {
		const same = await clientWith([
			{ statusCode: 301, headers: { location: '/api/partners/v1/payments?moved=1' } },
			{ statusCode: 200, body: [] },
		]);
		await same.client.send({ endpoint: payments });
		expect(same.requests[1].url).toBe('https://studio.example.com/api/partners/v1/payments?moved=1');

		const other = await clientWith([{ statusCode: 302, headers: { location: 'https://evil.example.net/steal?x=1' } }]);
		const error = await failureOf(other.client.send({ endpoint: payments }));
		expect(other.requests).toHaveLength(1);
		expect(error.message).toMatch(/redirected to another address \(https:\/\/evil\.example\.net\).*not sent/);
		expect(error.message).not.toContain('steal');
	});

	it('does not repeat a redirected write', async () => {
		const { client, requests } = await clientWith([{ statusCode: 307, headers: { location: '/elsewhere' } }]);
		const error = await failureOf(client.send({ endpoint: create, body: {} }));
		expect(requests).toHaveLength(1);
		expect(error.message).toMatch(/redirected the POST request/);
	});

	it('refuses a next-page URL on another origin before sending anything', async () => {
		const { client, requests } = await clientWith([]);
		const error = await failureOf(client.send({ endpoint: payments, url: 'http://studio.example.com:8080/x' }));
		expect(requests).toHaveLength(0);
		expect(error.message).toMatch(/next-page link to another address/);
	});

	it('quotes at most a bounded part of a huge error body', async () => {
		const { client } = await clientWith([{ statusCode: 500, body: '<html>' + 'x'.repeat(100_000) }], undefined);
		const noRetry = client.withOptions({ ...fast, retry: { maxRetries: 0, maxWaitMs: 0 } });
		const error = await failureOf(noRetry.send({ endpoint: payments }));
		expect(error.description!.length).toBeLessThan(2500);
		expect(error.description).toContain('100006 characters');
	});
});

const redact = keyRedactor(TEST_KEY);
const get = { method: 'GET' as const, url: 'https://studio.example.com/api/partners/v1/rooms', timeoutMs: 1234 };

describe('exchange', () => {
	it('asks n8n for the full response as text, with statuses as values, no redirects and the timeout', async () => {
		const { context, requests } = mockContext({ parameters: {}, answers: [{ statusCode: 503, body: 'busy', headers: { 'retry-after': '2' } }] });
		const response = await exchange(context, get, redact);
		expect(response).toEqual({ statusCode: 503, headers: { 'retry-after': '2' }, body: 'busy' });
		expect(requests[0]).toEqual({
			method: 'GET',
			url: get.url,
			json: true,
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 1234,
		});
	});

	it('authenticates with the package credential', async () => {
		const { context } = mockContext({ parameters: {} });
		const types: string[] = [];
		const helpers = context.helpers as unknown as { httpRequestWithAuthentication: (type: string) => Promise<unknown> };
		helpers.httpRequestWithAuthentication = async (type: string) => {
			types.push(type);
			return { statusCode: 200, body: '' };
		};
		expect(await exchange(context, get, redact)).toEqual({ statusCode: 200, headers: {}, body: '' });
		expect(types).toEqual([CREDENTIAL_TYPE]);
		expect(CREDENTIAL_TYPE).toBe('venueBookingApi');
	});

	it("an ApiClient reads the credential once and hands it to every request, so n8n does not read it again per page", async () => {
		const { context } = mockContext({ parameters: {} });
		let reads = 0;
		const handed: unknown[] = [];
		const read = context.getCredentials.bind(context);
		Object.assign(context, { getCredentials: async (type: string) => (reads++, read(type)) });
		const helpers = context.helpers as unknown as { httpRequestWithAuthentication: (type: string, options: unknown, extra?: unknown) => Promise<unknown> };
		helpers.httpRequestWithAuthentication = async (_type, _options, extra) => {
			handed.push(extra);
			return { statusCode: 200, body: '[]' };
		};
		const client = await ApiClient.create(context);
		for (let page = 0; page < 3; page++) await client.send({ endpoint: payments });
		await client.withOptions({ retry: { maxRetries: 0, maxWaitMs: 0 }, timeoutMs: 1000 }).send({ endpoint: payments });
		expect(reads).toBe(1);
		expect(handed).toHaveLength(4);
		for (const extra of handed) {
			expect(extra).toEqual({ credentialsDecrypted: { id: '', name: '', type: CREDENTIAL_TYPE, data: { baseUrl: 'https://studio.example.com', apiKey: TEST_KEY } } });
		}
	});

	it('repeats list query values by name and sends a body as JSON text, an empty object included', async () => {
		const { context, requests } = mockContext({ parameters: {}, answers: [{ statusCode: 200 }, { statusCode: 200 }] });
		await exchange(context, { ...get, method: 'POST', query: { tag: ['a', 'b'] }, body: {} }, redact);
		expect(requests[0]).toMatchObject({ qs: { tag: ['a', 'b'] }, arrayFormat: 'repeat', body: '{}', headers: { 'Content-Type': 'application/json' } });
		await exchange(context, { ...get, query: {} }, redact);
		expect(requests[1].qs).toBeUndefined();
		expect(requests[1].body).toBeUndefined();
	});

	it('gives a missing answer back as a NetworkFailure, with the key masked', async () => {
		const { context } = mockContext({ parameters: {}, answers: [{ networkError: 'ECONNRESET', message: `socket hang up ${TEST_KEY}` }] });
		const response = await exchange(context, get, redact);
		expect(response).toBeInstanceOf(NetworkFailure);
		expect((response as NetworkFailure).code).toBe('ECONNRESET');
		expect((response as NetworkFailure).detail).not.toContain(TEST_KEY);
	});

	it("rethrows n8n's own operation errors (e.g. no credential) as they are", async () => {
		const { context } = mockContext({ parameters: {} });
		const refused = new NodeOperationError(TEST_NODE, 'Node does not have any credentials set');
		(context.helpers as unknown as { httpRequestWithAuthentication: () => Promise<never> }).httpRequestWithAuthentication = async () => {
			throw refused;
		};
		await expect(exchange(context, get, redact)).rejects.toBe(refused);
		// A NodeApiError from n8n-core is how a socket failure arrives: it is a failure to report, not to rethrow.
		(context.helpers as unknown as { httpRequestWithAuthentication: () => Promise<never> }).httpRequestWithAuthentication = async () => {
			throw new NodeApiError(TEST_NODE, { message: 'x' }, { httpCode: 'ECONNREFUSED', message: 'refused' });
		};
		expect(await exchange(context, get, redact)).toBeInstanceOf(NetworkFailure);
	});
});

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

describe('headerValue', () => {
	it('reads a header whatever its case and joins repeated values', () => {
		const headers = { 'Retry-After': '3', link: ['<a>; rel="next"', '<b>; rel="last"'], empty: undefined };
		expect(headerValue(headers, 'retry-after')).toBe('3');
		expect(headerValue(headers, 'LINK')).toBe('<a>; rel="next", <b>; rel="last"');
		expect(headerValue(headers, 'empty')).toBeUndefined();
		expect(headerValue(headers, 'x-missing')).toBeUndefined();
	});
});

describe('DEFAULT_TIMEOUT_MS', () => {
	it('is the Timeout option default the editor shows and the one a request uses when it is unset', () => {
		expect(transportOptions.find((option) => option.name === 'timeout')?.default).toBe(DEFAULT_TIMEOUT_MS);
		expect(readTransportOptions(mockContext({ parameters: {} }).context, 0).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
	});
});

// ---- Authentication: Base URL, bearer header, key redactor ----

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

/** Form bodies as PHP-built platforms read them, and read back by the sandbox's form reader (Checkfront's convention). */
describe('form-encoded bodies', () => {
	it('writes nested objects as a[b]=c and lists as a[0]=c, booleans as 1/0 and null as empty', () => {
		const body = { form: { customer_name: 'Ann Lee', guests: 2 }, tags: ['a', 'b'], paid: true, waived: false, note: null };
		const text = encodeFormBody(body);
		expect(decodeURIComponent(text.replace(/\+/g, ' ')).split('&')).toEqual([
			'form[customer_name]=Ann Lee',
			'form[guests]=2',
			'tags[0]=a',
			'tags[1]=b',
			'paid=1',
			'waived=0',
			'note=',
		]);
	});

	it('percent-encodes names and values, so "&" and "=" in a value stay in it', () => {
		const text = encodeFormBody({ note: 'a&b=c', 'x y': 'ü' });
		expect(new URLSearchParams(text).get('note')).toBe('a&b=c');
		expect(new URLSearchParams(text).get('x y')).toBe('ü');
	});

	it('reads back into the same nesting, every value as text', () => {
		const body = { form: { customer: { name: 'Ann', email: 'ann@example.invalid' } }, items: [{ id: 7, qty: 1 }, { id: 9, qty: 3 }], start: '2027-03-01T09:00:00Z' };
		expect(parseFormBody(encodeFormBody(body))).toEqual({
			form: { customer: { name: 'Ann', email: 'ann@example.invalid' } },
			items: { 0: { id: '7', qty: '1' }, 1: { id: '9', qty: '3' } },
			start: '2027-03-01T09:00:00Z',
		});
		expect(parseFormBody('tags[]=a&tags[]=b')).toEqual({ tags: ['a', 'b'] });
	});
});

describe('a client with a deadline (the editor)', () => {
	const withDeadline = async (answers: MockAnswer[], deadlineInMs: number) => {
		const mock = mockContext({ parameters: {}, answers });
		const client = (await ApiClient.create(mock.context)).withOptions({ retry: { maxRetries: 3, maxWaitMs: 60_000 }, timeoutMs: 1000, deadline: Date.now() + deadlineInMs });
		return { client, requests: mock.requests };
	};

	it('does not retry a 429 whose Retry-After runs past the deadline: a QuotaDeferral says when the quota frees up, and no later request is sent before then', async () => {
		const { client, requests } = await withDeadline([{ statusCode: 429, headers: { 'retry-after': '40' } }, { statusCode: 200, body: [] }], 5_000);
		const before = Date.now();
		const error = await failureOf(client.send({ endpoint: payments }));
		expect(error).toBeInstanceOf(QuotaDeferral);
		expect((error as QuotaDeferral).freeAt).toBeGreaterThanOrEqual(before + 40_000);
		expect(requests).toHaveLength(1);
		await expect(client.send({ endpoint: payments })).rejects.toBeInstanceOf(QuotaDeferral);
		expect(requests).toHaveLength(1);
	});

	it('retries a 429 whose wait ends before the deadline, and sends what the quota allows now', async () => {
		const { client, requests } = await withDeadline([{ statusCode: 429, headers: { 'retry-after': '0' } }, { statusCode: 200, body: [] }], 5_000);
		await client.send({ endpoint: payments });
		expect(requests).toHaveLength(2);
	});

	it('leaves a client without one as it was: a run waits as the API asks (Max Wait)', async () => {
		const mock = mockContext({ parameters: {}, answers: [{ statusCode: 429, headers: { 'retry-after': '3600' } }] });
		const client = await ApiClient.create(mock.context, fast);
		const error = await failureOf(client.send({ endpoint: payments }));
		expect(error).not.toBeInstanceOf(QuotaDeferral);
		expect(error.message).toMatch(/429|rate|many/i);
	});
});
