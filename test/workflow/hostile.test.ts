/**
 * Servers that do not behave like the API: redirects to other hosts, HTML pages, broken or hostile JSON,
 * huge bodies, silence. Through n8n-core's engine, the node must answer with a clear error or a correct
 * result, never hang, never crash, and never send the key anywhere but the credential's origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSandbox, type InterceptHook, type Sandbox } from '../../sandbox';
import { ALL_SCOPES, itemsOf, NODE_NAME, runNode, SECRET_KEY } from './venueBooking';

/** A second local server that records every request it receives, headers included. */
async function recordingServer(): Promise<{ url: string; received: IncomingMessage[]; close(): Promise<void> }> {
	const received: IncomingMessage[] = [];
	const server: Server = createServer((req, res) => {
		received.push(req);
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end('[{"stolen":true}]');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

function answer(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): InterceptHook {
	return (_req: IncomingMessage, res: ServerResponse) => {
		res.writeHead(status, headers);
		res.end(body);
		return true;
	};
}

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.setOptions({ intercept: undefined });
	sandbox.setFaults(undefined);
	sandbox.resetRequests();
});

const rooms = { resource: 'room', operation: 'getAll', returnAll: true, options: { maxRetries: 1, maxWait: 0.01 } };

describe('redirects', () => {
	it('never follows a redirect to another origin: the other server receives nothing', async () => {
		const other = await recordingServer();
		try {
			for (const status of [301, 302, 307, 308]) {
				sandbox.setOptions({ intercept: answer(status, '', { location: `${other.url}/api/partners/v1/rooms` }) });
				const result = await runNode(sandbox, rooms);
				expect(result.errorOf(NODE_NAME)!.message).toMatch(/redirected to another address \(http:\/\/127\.0\.0\.1:\d+\); it was not followed, so the API key was not sent there/);
			}
			// Same host name, other spelling: still another origin.
			sandbox.setOptions({ intercept: answer(302, '', { location: sandbox.url.replace('127.0.0.1', 'localhost') + '/api/partners/v1/rooms' }) });
			expect((await runNode(sandbox, rooms)).errorOf(NODE_NAME)!.message).toMatch(/another address/);
			expect(other.received).toHaveLength(0);
		} finally {
			await other.close();
		}
	});

	it('follows a same-origin redirect for a read, with the key, and refuses to repeat a write', async () => {
		let redirected = false;
		sandbox.setOptions({
			intercept: (req, res) => {
				if (redirected || req.url !== '/api/partners/v1/rooms') return false;
				redirected = true;
				res.writeHead(301, { location: '/api/partners/v1/rooms?kind=studio' });
				res.end();
				return true;
			},
		});
		const items = itemsOf(await runNode(sandbox, rooms));
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((room) => room.kind === 'studio')).toBe(true);
		expect(sandbox.requests.map((r) => [r.rawPath, r.authPresent])).toEqual([
			['/api/partners/v1/rooms', true],
			['/api/partners/v1/rooms', true],
		]);

		sandbox.setOptions({ intercept: answer(307, '', { location: '/api/partners/v1/bookings2' }) });
		const write = await runNode(sandbox, { resource: 'webhook', operation: 'sendTest' });
		expect(write.errorOf(NODE_NAME)!.message).toMatch(/redirected the POST request; it was not repeated/);
		expect(sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	});

	it('a redirect loop ends with a clear error', async () => {
		sandbox.setOptions({ intercept: answer(302, '', { location: '/api/partners/v1/rooms' }) });
		expect((await runNode(sandbox, rooms)).errorOf(NODE_NAME)!.message).toMatch(/redirected more than 5 times/);
	});
});

describe('bodies that are not what the API would send', () => {
	it.each([
		['an HTML page with 200', 200, '<!DOCTYPE html><html><body>Welcome to nginx</body></html>', 'text/html', /HTML page instead of JSON \(HTTP 200\)/],
		['invalid JSON', 200, '{"items": [1, 2', 'application/json', /invalid JSON \(HTTP 200\)/],
		['plain text', 200, 'OK', 'text/plain', /text\/plain instead of JSON/],
		['JSON nested 100,000 levels deep', 200, '['.repeat(100_000) + ']'.repeat(100_000), 'application/json', /nested more than 200 levels/],
	])('%s → a clear error', async (_name, status, body, type, message) => {
		sandbox.setOptions({ intercept: answer(status, body, { 'content-type': type }) });
		const error = (await runNode(sandbox, rooms)).errorOf(NODE_NAME);
		expect(error!.message).toMatch(message);
	});

	it('a proxy HTML 502 page: retried, then quoted in the description', async () => {
		sandbox.setOptions({ intercept: answer(502, '<html><title>502 Bad Gateway</title></html>', { 'content-type': 'text/html' }) });
		const error = (await runNode(sandbox, rooms)).errorOf(NODE_NAME)!;
		expect(error.message).toMatch(/server error \(502\) after 2 attempts/);
		expect(error.description).toContain('502 Bad Gateway');
	});

	it.each([
		['an empty body on a list', { resource: 'room', operation: 'getAll' }, '', []],
		['an empty body on a write', { resource: 'webhook', operation: 'sendTest' }, '', [{ success: true }]],
		['a bare JSON string', { resource: 'booking', operation: 'get', bookingId: 'x' }, '"confirmed"', [{ value: 'confirmed' }]],
		['a bare number', { resource: 'booking', operation: 'get', bookingId: 'x' }, '42', [{ value: 42 }]],
		['null', { resource: 'booking', operation: 'get', bookingId: 'x' }, 'null', [{ value: null }]],
		['a list of scalars', { resource: 'room', operation: 'getAll' }, '[1,"a",null]', [{ value: 1 }, { value: 'a' }, { value: null }]],
	])('%s → a correct result', async (_name, parameters, body, expected) => {
		sandbox.setOptions({ intercept: answer(200, body) });
		expect(itemsOf(await runNode(sandbox, parameters))).toEqual(expected);
	});

	it('__proto__, constructor and prototype keys pass through as data and pollute nothing', async () => {
		const hostile =
			'{"__proto__":{"polluted":"yes","next_cursor":"evil"},"constructor":{"prototype":{"polluted":"yes"}},' +
			'"items":[{"__proto__":{"polluted":"yes"},"id":"r1"},{"constructor":{"prototype":{"polluted":"yes"}},"id":"r2"}]}';
		sandbox.setOptions({ intercept: answer(200, hostile) });
		const items = itemsOf(await runNode(sandbox, rooms));
		expect(items.map((item) => item.id)).toEqual(['r1', 'r2']);
		expect(Object.keys(items[0])).toEqual(['__proto__', 'id']);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		expect((Object.prototype as Record<string, unknown>).next_cursor).toBeUndefined();
		// The fake cursor inside __proto__ was not followed: one request.
		expect(sandbox.requests).toHaveLength(1);
	});

	it('a 30 MB list arrives whole', async () => {
		const entries = Array.from({ length: 150_000 }, (_, i) => ({ id: `e${i}`, note: 'x'.repeat(150) }));
		const body = JSON.stringify(entries);
		expect(body.length).toBeGreaterThan(25_000_000);
		sandbox.setOptions({ intercept: answer(200, body) });
		const items = itemsOf(await runNode(sandbox, rooms));
		expect(items).toHaveLength(150_000);
		expect(items[149_999].id).toBe('e149999');
	}, 60_000);
});

describe('a server that never answers', () => {
	it('times out (Timeout option), retries a read once, then says so', async () => {
		const hung: Array<ServerResponse> = [];
		sandbox.setOptions({
			intercept: (_req, res) => {
				hung.push(res);
				return true;
			},
		});
		// The hung answers are never released until the end, so the run ending at all (within the test's timeout) is the timeout's doing.
		const error = (await runNode(sandbox, { ...rooms, options: { timeout: 300, maxRetries: 1, maxWait: 0.01 } })).errorOf(NODE_NAME)!;
		expect(error.message).toMatch(/did not answer in time after 2 attempts/);
		expect(error.description).toMatch(/No answer within 300 ms/);
		expect(hung).toHaveLength(2);
		for (const res of hung) res.destroy();
	});
});

describe('query names that collide with pagination parameters', () => {
	it('an explicit strategy refuses a query parameter it controls', async () => {
		const result = await runNode(sandbox, {
			...rooms,
			sendQuery: true,
			specifyQuery: 'keypair',
			queryParameters: { parameters: [{ name: 'cursor', value: 'abc' }] },
			options: { pagination: { settings: { mode: 'cursor', cursorParameter: 'cursor', cursorPath: 'next_cursor' } } },
		});
		expect(result.errorOf(NODE_NAME)!.message).toBe('The query parameter "cursor" is also set by Options > Pagination');
		expect(sandbox.requests).toHaveLength(0);
	});
});
