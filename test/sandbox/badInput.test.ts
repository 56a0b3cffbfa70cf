/** Bad input never crashes the sandbox: 400, 413, 404, 405, 415 and strict query checks, all as JSON. */
import { startSandbox, type Sandbox } from '../../sandbox';
import { apiClient, rawRequest } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ dialect: { naming: 'camel' } });
});
afterAll(() => sandbox.close());

afterEach(async () => {
	// Whatever came before, the sandbox still answers.
	expect((await apiClient(sandbox).get('/rooms')).status).toBe(200);
});

const jsonError = (body: string) => (JSON.parse(body) as { error: { code: string; message: string } }).error;

describe('bad input', () => {
	it.each([
		['truncated JSON', '{"roomId": "room_loft"'],
		['not JSON at all', 'roomId=room_loft'],
		['a trailing comma', '{"roomId": "room_loft",}'],
	])('answers 400 for %s', async (_label, body) => {
		const response = await rawRequest(sandbox, { method: 'POST', path: '/api/partners/v1/bookings', headers: { 'Content-Type': 'application/json' }, body });
		expect(response.status).toBe(400);
		expect(jsonError(response.body)).toMatchObject({ code: 'invalid_json', message: expect.stringContaining('not valid JSON') });
	});

	it('answers 415 for a non-JSON content type', async () => {
		const response = await rawRequest(sandbox, { method: 'POST', path: '/api/partners/v1/webhooks/test', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '{}' });
		expect(response.status).toBe(415);
	});

	it('answers 413 for a body over the limit and changes nothing', async () => {
		const bookings = sandbox.store.bookings.length;
		const huge = JSON.stringify({ note: 'x'.repeat(1024 * 1024 + 10) });
		const response = await apiClient(sandbox).post('/bookings', huge, { headers: { 'Content-Type': 'application/json' } });
		expect(response.status).toBe(413);
		expect(response.data.error.code).toBe('payload_too_large');
		expect(sandbox.store.bookings).toHaveLength(bookings);
		expect(sandbox.requests.at(-1)!.body).toBeUndefined();
	});

	it('answers 413 and closes the connection for a body far over the limit', async () => {
		sandbox.setOptions({ bodyLimitBytes: 1024 });
		try {
			const response = await apiClient(sandbox).post('/webhooks/test', 'x'.repeat(1024 * 64), { headers: { 'Content-Type': 'application/json' } });
			expect(response.status).toBe(413);
		} catch (error) {
			// The client may see the close before the answer; either way the sandbox lives on.
			expect(String(error)).toMatch(/EPIPE|ECONNRESET|socket hang up/);
		} finally {
			sandbox.setOptions({ bodyLimitBytes: 1024 * 1024 });
		}
	});

	it.each([
		['an unknown path under the prefix', '/api/partners/v1/invoices'],
		['the prefix itself', '/api/partners/v1'],
		['another version', '/api/partners/v2/slots'],
		['the root', '/'],
		['a doubled slash', '//api/partners/v1/slots'],
	])('answers 404 JSON for %s', async (_label, path) => {
		const response = await rawRequest(sandbox, { path });
		expect(response.status).toBe(404);
		expect(response.headers['content-type']).toMatch(/application\/json/);
		expect(jsonError(response.body).code).toBe('not_found');
	});

	it.each([
		['DELETE', '/bookings/bkg_x', 'GET, PATCH'],
		['PUT', '/bookings', 'POST, GET'],
		['POST', '/slots', 'GET'],
		['GET', '/webhooks/test', 'POST'],
		['HEAD', '/rooms', 'GET'],
	])('answers 405 with Allow for %s %s', async (method, path, allow) => {
		const response = await rawRequest(sandbox, { method, path: `/api/partners/v1${path}` });
		expect(response.status).toBe(405);
		expect(response.headers.allow).toBe(allow);
		if (method !== 'HEAD') expect(jsonError(response.body).code).toBe('method_not_allowed');
	});

	it('answers a request line Node cannot parse with 400', async () => {
		const { connect } = await import('node:net');
		const answer = await new Promise<string>((resolve) => {
			const socket = connect(sandbox.port, '127.0.0.1', () => socket.write('GARBAGE\r\n\r\n'));
			let text = '';
			socket.on('data', (chunk) => (text += chunk));
			socket.on('close', () => resolve(text));
		});
		expect(answer).toMatch(/^HTTP\/1.1 400/);
	});

	it('ignores unknown query parameters unless strictQuery is on', async () => {
		expect((await apiClient(sandbox).get('/rooms', { params: { colour: 'red' } })).status).toBe(200);
		sandbox.setOptions({ strictQuery: true });
		try {
			const rejected = await apiClient(sandbox).get('/rooms', { params: { colour: 'red' } });
			expect(rejected.status).toBe(400);
			expect(rejected.data.error.message).toMatch(/colour/);
			const names = sandbox.paginationNames();
			expect((await apiClient(sandbox).get('/rooms', { params: { kind: 'loft', [names.query.limit!]: 5 } })).status).toBe(200);
			expect((await apiClient(sandbox).get('/rooms', { params: { room_kind: 'loft' } })).status).toBe(400);
		} finally {
			sandbox.setOptions({ strictQuery: false });
		}
	});

	it('answers 500 JSON when the intercept hook throws, and keeps serving', async () => {
		sandbox.setOptions({ intercept: () => { throw new Error('hook broke'); } });
		try {
			const response = await apiClient(sandbox).get('/services');
			expect(response.status).toBe(500);
			expect(response.data.error.message).toMatch(/hook broke/);
		} finally {
			sandbox.setOptions({ intercept: undefined });
		}
	});
});

describe('intercept hook', () => {
	it('lets a test answer with hostile responses without new switches', async () => {
		sandbox.setOptions({
			intercept: (_req, res, context) => {
				if (!context.target.path.endsWith('/payments')) return false;
				res.writeHead(502, { 'Content-Type': 'text/html' });
				res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
				return true;
			},
		});
		try {
			const html = await apiClient(sandbox).get('/payments');
			expect(html.status).toBe(502);
			expect(html.data).toContain('<h1>502 Bad Gateway</h1>');
			expect(sandbox.requests.at(-1)).toMatchObject({ intercepted: true, status: 502 });
			expect((await apiClient(sandbox).get('/services')).status).toBe(200);
		} finally {
			sandbox.setOptions({ intercept: undefined });
		}
	});
});

describe('bodies on GET', () => {
	it('are ignored, as most servers do', async () => {
		const response = await rawRequest(sandbox, { path: '/api/partners/v1/rooms', headers: { 'Content-Type': 'text/plain', 'Content-Length': '8' }, body: 'not json' });
		expect(response.status).toBe(200);
	});
});
