/**
 * What a user sees when things go wrong, through n8n-core's engine against the sandbox: one message per
 * HTTP status, the scope named on 403, Continue On Fail turning errors into items, bad input refused
 * before any request, and the API key absent from every output and stored error.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { ALL_SCOPES, itemsOf, jsonBody, jsonQuery, NODE_NAME, runNode, SECRET_KEY } from './venueBooking';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ keys: { [SECRET_KEY]: [...ALL_SCOPES], 'vb-no-payments-SECRET-2': ['bookings.read'] } });
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.resetRequests();
	sandbox.setFaults(undefined);
});

const noRetryWait = { options: { maxWait: 1 } };

/** Everything n8n would store about the run, as text: where a leaked key would show up. */
function everythingStored(result: Awaited<ReturnType<typeof runNode>>): string {
	return JSON.stringify(result.run);
}

describe('one clear message per status', () => {
	it.each([
		['401: key refused', { apiKey: 'not-a-key-SECRET' }, { resource: 'room', operation: 'getAll' }, '401', /API key was refused/],
		[
			'403: names the scope',
			{ apiKey: 'vb-no-payments-SECRET-2' },
			{ resource: 'payment', operation: 'getAll' },
			'403',
			/lacks the payments\.read scope.*Platform \(GROWTH\+\) plan/,
		],
		['404: unknown id', {}, { resource: 'booking', operation: 'get', bookingId: 'bk_nope' }, '404', /check the ID/],
		[
			'404 on a list: the Base URL',
			{ baseUrl: '' },
			{ resource: 'room', operation: 'getAll' },
			'404',
			/check the credential's Base URL/,
		],
		[
			'422: bad range',
			{},
			{ resource: 'slot', operation: 'getAll', ...jsonQuery({ from: '2027-03-05', to: '2027-03-01' }) },
			'422',
			/could not accept/,
		],
		['400: malformed', {}, { resource: 'booking', operation: 'create', ...jsonBody({ nonsense: true }) }, '400', /malformed/],
	] as const)('%s', async (_name, runOptions, parameters, httpCode, message) => {
		const { apiKey, baseUrl } = runOptions as { apiKey?: string; baseUrl?: string };
		const options = { apiKey, baseUrl: baseUrl === '' ? `${sandbox.url}/wrong/prefix` : undefined };
		const result = await runNode(sandbox, { ...parameters }, options);
		const error = result.errorOf(NODE_NAME);
		expect(error).toBeDefined();
		expect(error!.httpCode).toBe(httpCode);
		expect(error!.message).toMatch(message);
		// The sandbox's own words travel in the description.
		expect(String(error!.description)).toMatch(/The server said: .+/);
		expect(everythingStored(result)).not.toContain('SECRET');
	});

	// Issue 42: the credential by the name the node holds it under (the harness names it "cred"), not its type's.
	it('401 in a run names the credential the node used', async () => {
		const result = await runNode(sandbox, { resource: 'room', operation: 'getAll' }, { apiKey: 'not-a-key-SECRET' });
		expect(result.errorOf(NODE_NAME)!.message).toBe('The API key was refused (401): check the API Key of the credential "cred"');
	});

	it('409: a slot that is taken', async () => {
		const taken = sandbox.store.bookings.find((b) => b.status === 'confirmed' && b.start > sandbox.store.nowIso())!;
		const result = await runNode(sandbox, {
			resource: 'booking',
			operation: 'create',
			...jsonBody({ room_id: taken.roomId, service_id: taken.serviceId, start: taken.start, client_id: taken.clientId }),
		});
		expect(result.errorOf(NODE_NAME)).toMatchObject({ httpCode: '409' });
		expect(result.errorOf(NODE_NAME)!.message).toMatch(/conflicts.*slot is already taken/);
	});

	it('429 and 5xx after the retries: names the status and the attempts', async () => {
		sandbox.setFaults({ script: [429, 429, 429, 429], retryAfterSeconds: 0 });
		const limited = await runNode(sandbox, { resource: 'room', operation: 'getAll', ...noRetryWait });
		expect(limited.errorOf(NODE_NAME)!.message).toMatch(/rate limit was reached \(429\).*after 4 attempts/);
		expect(sandbox.requests).toHaveLength(4);

		sandbox.resetRequests();
		sandbox.setFaults({ script: [503, 502, 500], retryAfterMode: 'none' });
		const failed = await runNode(sandbox, { resource: 'room', operation: 'getAll', options: { maxRetries: 2, maxWait: 0.01 } });
		expect(failed.errorOf(NODE_NAME)).toMatchObject({ httpCode: '500' });
		expect(failed.errorOf(NODE_NAME)!.message).toMatch(/server error \(500\) after 3 attempts/);
	});

	it('a Retry-After longer than Max Wait fails at once', async () => {
		sandbox.setFaults({ script: [429], retryAfterSeconds: 120 });
		const result = await runNode(sandbox, { resource: 'room', operation: 'getAll', options: { maxWait: 5 } });
		expect(result.errorOf(NODE_NAME)!.message).toMatch(/asked to wait 120, more than Max Wait allows/);
		expect(sandbox.requests).toHaveLength(1);
	});

	it('an unreachable workspace', async () => {
		const closed = await startSandbox();
		const url = closed.url;
		await closed.close();
		const result = await runNode(sandbox, { resource: 'room', operation: 'getAll', options: { maxRetries: 1, maxWait: 0.01 } }, { baseUrl: url });
		expect(result.errorOf(NODE_NAME)!.message).toMatch(/refused the connection after 2 attempts/);
		expect(String(result.errorOf(NODE_NAME)!.description)).toMatch(/Check the credential's Base URL/);
	});
});

describe('messages in the names the editor showed', () => {
	const catalogueReads = () => sandbox.requests.filter((request) => /\/(rooms|services|clients)$/.test(request.path));

	it("a 422 about a service and a room the user picked by name names them in the description", async () => {
		const photo = sandbox.store.services.find((service) => service.id === 'svc_photo_1h')!;
		const rehearsal = sandbox.store.rooms.find((room) => room.id === 'room_rehearsal_1')!;
		const result = await runNode(sandbox, {
			resource: 'booking',
			operation: 'create',
			...jsonBody({ room_id: rehearsal.id, service_id: photo.id, start: '2030-01-07T10:00:00Z', client_id: sandbox.store.clients[0].id }),
		});
		const error = result.errorOf(NODE_NAME)!;
		expect(error.httpCode).toBe('422');
		const description = String(error.description);
		// The server's words first, then the names: "svc_photo_1h = Photo studio, 1 hour (service)".
		expect(description).toMatch(/^The server said: .*svc_photo_1h/);
		const names = description.split('\n').find((line) => line.startsWith('In your workspace: '));
		expect(names).toContain(`${photo.id} = ${photo.name} (service)`);
		expect(names).toContain(`${rehearsal.id} = ${rehearsal.name} (room)`);
		// The rooms the server says the service is offered in are named too; the client was not quoted.
		for (const roomId of photo.roomIds) expect(names).toContain(`${roomId} = ${sandbox.store.rooms.find((room) => room.id === roomId)!.name} (room)`);
		expect(names).not.toContain(sandbox.store.clients[0].id);
		expect(catalogueReads().length).toBeGreaterThanOrEqual(3);
	});

	it('a 409 names the room; a failure that quotes nothing known reads the catalogue but adds nothing', async () => {
		const taken = sandbox.store.bookings.find((b) => b.status === 'confirmed' && b.start > sandbox.store.nowIso())!;
		const room = sandbox.store.rooms.find((candidate) => candidate.id === taken.roomId)!;
		const conflict = await runNode(sandbox, { resource: 'booking', operation: 'create', ...jsonBody({ room_id: taken.roomId, service_id: taken.serviceId, start: taken.start, client_id: taken.clientId }) });
		expect(String(conflict.errorOf(NODE_NAME)!.description)).toContain(`In your workspace: ${room.id} = ${room.name} (room)`);
		const malformed = await runNode(sandbox, { resource: 'booking', operation: 'create', ...jsonBody({ nonsense: true }) });
		expect(String(malformed.errorOf(NODE_NAME)!.description)).not.toContain('In your workspace');
	});

	it('the catalogue is read once per execution however many items fail, and a catalogue the key may not read leaves the error as it was', async () => {
		const body = { room_id: 'room_rehearsal_1', service_id: 'svc_photo_1h', start: '2030-01-07T10:00:00Z', client_id: sandbox.store.clients[0].id };
		const many = await runNode(sandbox, { resource: 'booking', operation: 'create', ...jsonBody(body) }, { onError: 'continueRegularOutput', inputItems: [{}, {}, {}] });
		const items = many.outputOf(NODE_NAME)[0];
		expect(items).toHaveLength(3);
		for (const item of items) expect(String(item.json.description)).toContain('svc_photo_1h = ');
		expect(sandbox.requests.filter((request) => request.path.endsWith('/rooms'))).toHaveLength(1);

		const writeOnly = await startSandbox({ keys: { 'vb-write-only-SECRET-3': ['bookings.write'] } });
		try {
			const result = await runNode(writeOnly, { resource: 'booking', operation: 'create', ...jsonBody(body) }, { apiKey: 'vb-write-only-SECRET-3' });
			const error = result.errorOf(NODE_NAME)!;
			expect(error.httpCode).toBe('422');
			expect(String(error.description)).toMatch(/^The server said: /);
			expect(String(error.description)).not.toContain('In your workspace');
		} finally {
			await writeOnly.close();
		}
	});
});

describe('Continue On Fail', () => {
	it('turns each failing item into an error item paired with its input; the others go on', async () => {
		const good = sandbox.store.bookings[0].id;
		const result = await runNode(
			sandbox,
			{ resource: 'booking', operation: 'get', bookingId: '={{ $json.id }}' },
			{ onError: 'continueRegularOutput', inputItems: [{ id: good }, { id: '' }, { id: 'bk_missing' }, { id: good }] },
		);
		const output = result.outputOf(NODE_NAME)[0];
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(output[0].json.id).toBe(good);
		expect(output[1].json.error).toBe('Booking ID: is empty (item 1)');
		expect(output[2].json).toMatchObject({ httpCode: '404' });
		expect(output[3].json.id).toBe(good);
		// The empty id never reached the server.
		expect(sandbox.requests.map((r) => r.rawPath)).toEqual([
			`/api/partners/v1/bookings/${good}`,
			'/api/partners/v1/bookings/bk_missing',
			`/api/partners/v1/bookings/${good}`,
		]);
	});

	it('without it, the run stops at the failing item and says which', async () => {
		const result = await runNode(
			sandbox,
			{ resource: 'client', operation: 'get', clientId: '={{ $json.id }}' },
			{ inputItems: [{ id: sandbox.store.clients[0].id }, { id: '   ' }] },
		);
		expect(result.status).toBe('error');
		expect(result.errorOf(NODE_NAME)!.message).toBe('Client ID: is empty (item 1)');
	});
});

describe('bad input, refused before any request', () => {
	it.each([
		['whitespace id', { resource: 'booking', operation: 'get', bookingId: '  \t ' }, /Booking ID: is empty \(item 0\)/],
		['dot-dot id', { resource: 'booking', operation: 'update', bookingId: '..', ...jsonBody({ status: 'cancelled' }) }, /not a valid identifier/],
		['invalid JSON body', { resource: 'booking', operation: 'create', specifyBody: 'json', jsonBody: '{"room_id": ' }, /Body \(JSON\): is not valid JSON/],
		['invalid JSON query', { resource: 'room', operation: 'getAll', sendQuery: true, specifyQuery: 'json', jsonQuery: '{kind: studio}' }, /Query Parameters \(JSON\): is not valid JSON/],
	] as const)('%s', async (_name, parameters, message) => {
		const result = await runNode(sandbox, { ...parameters });
		expect(result.errorOf(NODE_NAME)!.message).toMatch(message);
		expect(sandbox.requests).toHaveLength(0);
	});

	it.each(['a/b', '..x', 'q?x=1', 'frag#x', 'two words', 'zoë 東京', '%2F'])('id %j reaches the server as one path segment', async (id) => {
		await runNode(sandbox, { resource: 'booking', operation: 'get', bookingId: id }, { onError: 'continueRegularOutput' });
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0].rawPath).toBe(`/api/partners/v1/bookings/${encodeURIComponent(id)}`);
		expect(sandbox.requests[0].status).toBe(404);
	});

	it.each([
		['a pasted API suffix', (url: string) => `${url}/api/partners/v1/`],
		['trailing slashes and spaces', (url: string) => `  ${url}//  `],
	])('base URL with %s works', async (_name, shape) => {
		const items = itemsOf(await runNode(sandbox, { resource: 'room', operation: 'getAll' }, { baseUrl: shape(sandbox.url) }));
		expect(items).toHaveLength(sandbox.store.rooms.length);
		expect(sandbox.requests[0].path).toBe('/api/partners/v1/rooms');
	});

	// Issue 42: the credential by the name the node holds it under (the harness names it "cred"), not its type's.
	it('a non-http base URL is refused with a message naming the field and the credential the node used', async () => {
		const result = await runNode(sandbox, { resource: 'room', operation: 'getAll' }, { baseUrl: 'ftp://127.0.0.1:21' });
		expect(result.errorOf(NODE_NAME)!.message).toMatch(/Base URL must start with http:\/\/ or https:\/\//);
		expect(String(result.errorOf(NODE_NAME)!.description)).toBe('Edit the Base URL field of the credential "cred".');
	});
});

describe('the API key', () => {
	it('with a line break inside it (a bad paste) still works, and shows up nowhere', async () => {
		// n8n's request layer drops the line break from the header, so the key is accepted as it was meant.
		const broken = `${SECRET_KEY.slice(0, 10)}\n${SECRET_KEY.slice(10)}`;
		const result = await runNode(sandbox, { resource: 'room', operation: 'getAll', options: { maxRetries: 0 } }, { apiKey: broken });
		expect(itemsOf(result).length).toBe(sandbox.store.rooms.length);
		expect(everythingStored(result)).not.toContain(SECRET_KEY.slice(10));
		expect(everythingStored(result)).not.toContain(SECRET_KEY.slice(0, 10));
	});

	it('is sent as a bearer token, trimmed, and appears in no output or stored error', async () => {
		const echo = await startSandbox({
			keys: { [SECRET_KEY]: [...ALL_SCOPES] },
			// A hostile server that echoes the Authorization header back in its error body.
			intercept: (req, res) => {
				res.writeHead(400, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ message: `bad request with ${String(req.headers.authorization)}` }));
				return true;
			},
		});
		try {
			const result = await runNode(echo, { resource: 'room', operation: 'getAll' }, { apiKey: `  ${SECRET_KEY}\n` });
			expect(result.errorOf(NODE_NAME)!.description).toMatch(/bad request with Bearer \*\*\*/);
			expect(everythingStored(result)).not.toContain(SECRET_KEY);
		} finally {
			await echo.close();
		}
		const ok = await runNode(sandbox, { resource: 'room', operation: 'getAll' }, { apiKey: `  ${SECRET_KEY}\n` });
		expect(itemsOf(ok).length).toBeGreaterThan(0);
		expect(everythingStored(ok)).not.toContain(SECRET_KEY);
	});
});
