/**
 * Each of the 12 operations run through n8n-core's real WorkflowExecute against the sandbox over HTTP, in
 * two dialects (envelope + snake_case + cursor pages, bare arrays + camelCase + page numbers). Asserts the
 * items produced and what the sandbox received.
 */
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { FIXED_TODAY, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { node, runWorkflow } from './harness';
import { ALL_SCOPES, assertNoSecret, credentialsFor, credentialTypes, field, itemsOf, jsonBody, jsonQuery, NODE_NAME, NODE_TYPE, nodeTypes, runNode, SECRET_KEY } from './venueBooking';

const DIALECTS: Array<[string, SandboxOptions]> = [
	['envelope, snake_case, cursor', { pagination: 'cursor', dialect: { envelope: true, naming: 'snake' } }],
	['bare arrays, camelCase, page numbers', { pagination: 'page', dialect: { envelope: false, naming: 'camel' } }],
];

/** The whole list as the sandbox holds it, fetched in one unpaginated request: what Return All must equal. */
async function everything(sandbox: Sandbox, path: string, query: IDataObject = {}): Promise<IDataObject[]> {
	const pagination = sandbox.settings.pagination;
	sandbox.setOptions({ pagination: 'none' });
	try {
		const response = await axios.get(`${sandbox.apiUrl}${path}`, {
			params: query,
			headers: { Authorization: `Bearer ${SECRET_KEY}` },
		});
		return Array.isArray(response.data) ? response.data : response.data[sandbox.settings.listKey];
	} finally {
		sandbox.setOptions({ pagination });
	}
}

describe.each(DIALECTS)('every operation, sandbox dialect: %s', (_name, options) => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ today: FIXED_TODAY, ...options, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => sandbox.resetRequests());

	/** The requests the node made (not the tests' own look-ups). */
	const received = () => sandbox.requests;

	it.each([
		['slot', '/slots', { from: '2027-03-02', to: '2027-03-03' }],
		['booking', '/bookings', {}],
		['service', '/services', {}],
		['room', '/rooms', {}],
		['client', '/clients', {}],
		['payment', '/payments', {}],
		['webhookDelivery', '/webhooks/deliveries', {}],
	] as Array<[string, string, IDataObject]>)('%s → Get Many, Return All: every entry, in order', async (resource, path, query) => {
		const expected = await everything(sandbox, path, query);
		sandbox.resetRequests();
		const result = await runNode(sandbox, { resource, operation: 'getAll', returnAll: true, ...jsonQuery(query) });
		const items = itemsOf(result);
		expect(expected.length).toBeGreaterThan(0);
		expect(items).toEqual(expected);
		const requests = received();
		expect(requests.every((r) => r.method === 'GET' && r.path === `/api/partners/v1${path}` && r.authPresent)).toBe(true);
		for (const [name, value] of Object.entries(query)) expect(requests[0].query[name]).toBe(value);
		// One request per page of the sandbox's default size (20), plus at most one closing empty page.
		expect(requests.length).toBeLessThanOrEqual(Math.ceil(expected.length / 20) + 1);
		// Several pages: the hint says what was read in plain words ("Read all 62 bookings over 4 pages: the list is complete."), then how the
		// pages were walked; one short page is never doubted.
		const hints = result.hintsOf('Venue Booking').map((h) => h.message);
		const noun = path === '/webhooks/deliveries' ? 'webhook deliveries' : path.slice(1);
		if (expected.length > 20) {
			expect(hints[0]).toMatch(new RegExp(`^Read all ${expected.length.toLocaleString('en-US')} (of ${expected.length.toLocaleString('en-US')} )?${noun} over ${requests.length} pages: the list is complete\\. Pagination \\(automatic\\): `));
		} else expect(hints.join()).not.toMatch(/taken as complete/);
	});

	it('payment → Get Many with Limit 7 returns the first 7', async () => {
		const expected = await everything(sandbox, '/payments');
		sandbox.resetRequests();
		const items = itemsOf(await runNode(sandbox, { resource: 'payment', operation: 'getAll', limit: 7 }));
		expect(items).toEqual(expected.slice(0, 7));
		expect(received()).toHaveLength(1);
	});

	it('booking → Get and client → Get, one request per item, ids from expressions and percent-encoded', async () => {
		const booking = sandbox.store.bookings[3];
		const bookings = itemsOf(
			await runNode(sandbox, { resource: 'booking', operation: 'get', bookingId: '={{ $json.id }}' }, { inputItems: [{ id: booking.id }] }),
		);
		expect(bookings).toHaveLength(1);
		expect(bookings[0].id).toBe(booking.id);
		expect(bookings[0][field(sandbox, 'clientId')]).toBe(booking.clientId);

		sandbox.resetRequests();
		const ids = ['cli_team/alpha', 'cli_zoë', 'cli_walk in'];
		const result = await runNode(
			sandbox,
			{ resource: 'client', operation: 'get', clientId: '={{ $json.clientId }}' },
			{ inputItems: ids.map((clientId) => ({ clientId })) },
		);
		const clients = itemsOf(result);
		expect(clients.map((c) => c.id)).toEqual(ids);
		expect(received().map((r) => r.rawPath)).toEqual([
			'/api/partners/v1/clients/cli_team%2Falpha',
			'/api/partners/v1/clients/cli_zo%C3%AB',
			'/api/partners/v1/clients/cli_walk%20in',
		]);
		const paired = result.outputOf('Venue Booking')[0].map((item) => item.pairedItem);
		expect(paired).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('client → Get reads a setting given as an expression for each item, and a fixed one alike for all', async () => {
		const clients = sandbox.store.clients.slice(0, 4);
		const inputItems = clients.map((client, index) => ({ id: client.id, send: index % 2 === 0, tag: `t${index}` }));
		const result = await runNode(
			sandbox,
			{
				resource: 'client',
				operation: 'get',
				clientId: '={{ $json.id }}',
				sendQuery: '={{ $json.send }}',
				specifyQuery: 'json',
				jsonQuery: '={{ JSON.stringify({ tag: $json.tag, fixed: "yes" }) }}',
				options: { timeout: 5000, maxRetries: 1 },
			},
			{ inputItems },
		);
		expect(itemsOf(result).map((client) => client.id)).toEqual(clients.map((client) => client.id));
		// Items run in parallel: each request is matched to its item by the client id in its path.
		const queryOf = (id: string) => received().find((request) => request.rawPath.endsWith(`/clients/${encodeURIComponent(id)}`))?.query;
		expect(inputItems.map((item) => queryOf(item.id))).toEqual(
			inputItems.map((item) => (item.send ? { tag: item.tag, fixed: 'yes' } : {})),
		);
	});

	it('booking → Create books a free slot, and the workspace has it', async () => {
		const [slot] = await everything(sandbox, '/slots', { from: '2027-03-04', to: '2027-03-04' });
		const client = sandbox.store.clients[0];
		const body = {
			[field(sandbox, 'roomId')]: slot[field(sandbox, 'roomId')],
			[field(sandbox, 'serviceId')]: slot[field(sandbox, 'serviceId')],
			start: slot.start,
			[field(sandbox, 'clientId')]: client.id,
			note: 'Band rehearsal',
		};
		sandbox.resetRequests();
		const before = sandbox.store.bookings.length;
		const [created] = itemsOf(await runNode(sandbox, { resource: 'booking', operation: 'create', ...jsonBody(body) }));
		expect(sandbox.store.bookings).toHaveLength(before + 1);
		const stored = sandbox.store.findBooking(String(created.id));
		expect(stored).toMatchObject({ clientId: client.id, start: slot.start, note: 'Band rehearsal', status: 'confirmed' });
		expect(received()).toHaveLength(1);
		expect(received()[0]).toMatchObject({ method: 'POST', path: '/api/partners/v1/bookings', body, authPresent: true });
	});

	it('booking → Cancel or Reschedule cancels with fields given as name/value rows', async () => {
		const booking = sandbox.store.bookings.find((b) => b.status === 'confirmed' && b.start > sandbox.store.nowIso());
		expect(booking).toBeDefined();
		const [updated] = itemsOf(
			await runNode(sandbox, {
				resource: 'booking',
				operation: 'update',
				bookingId: booking!.id,
				specifyBody: 'keypair',
				bodyParameters: { parameters: [{ name: 'status', value: 'cancelled' }, { name: field(sandbox, 'cancelReason'), value: 'Flu' }] },
			}),
		);
		expect(updated.status).toBe('cancelled');
		expect(sandbox.store.findBooking(booking!.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Flu' });
		expect(received()[0]).toMatchObject({ method: 'PATCH', path: `/api/partners/v1/bookings/${booking!.id}` });
	});

	it('booking → Cancel or Reschedule → Cancel: one choice, the state as this workspace spells it, nothing else sent', async () => {
		sandbox.setOptions({ cancelledState: 'Canceled' });
		try {
			const booking = sandbox.store.bookings.find((b) => b.status === 'confirmed' && b.start > sandbox.store.nowIso());
			const result = await runNode(sandbox, { resource: 'booking', operation: 'update', bookingId: booking!.id }, { typeVersion: 1.1 });
			expect(itemsOf(result)[0].status).toBe('Canceled');
			expect(sandbox.store.findBooking(booking!.id)?.status).toBe('cancelled');
			const patch = received().find((request) => request.method === 'PATCH');
			expect(patch?.body).toEqual({ status: 'Canceled' });
		} finally {
			sandbox.setOptions({ cancelledState: 'cancelled' });
		}
	});

	it('webhook → Send Test writes a journal entry, with and without a body', async () => {
		const before = sandbox.store.deliveries.length;
		const [plain] = itemsOf(await runNode(sandbox, { resource: 'webhook', operation: 'sendTest' }));
		const [withUrl] = itemsOf(
			await runNode(sandbox, { resource: 'webhook', operation: 'sendTest', sendBody: true, ...jsonBody({ url: 'https://hooks.example.com/x' }) }),
		);
		expect(sandbox.store.deliveries).toHaveLength(before + 2);
		expect(plain.event).toBe('webhook.test');
		expect(withUrl.url).toBe('https://hooks.example.com/x');
		expect(received().map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/api/partners/v1/webhooks/test', undefined],
			['POST', '/api/partners/v1/webhooks/test', { url: 'https://hooks.example.com/x' }],
		]);
	});
});

describe('writes answered as per-item results (sandbox writeResults: perItem; issue 40)', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox({ today: FIXED_TODAY, writeResults: 'perItem', dialect: { naming: 'camel' }, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => sandbox.resetRequests());

	/** A body that books the first free slot of a day, for the first client. */
	async function freeSlotBody(day: string): Promise<IDataObject> {
		const [slot] = await everything(sandbox, '/slots', { from: day, to: day });
		return { roomId: slot.roomId, serviceId: slot.serviceId, start: slot.start, clientId: sandbox.store.clients[0].id };
	}

	it('Create gives the booking inside the success result, and the next node\'s {{ $json.id }} is its id', async () => {
		const body = await freeSlotBody('2027-03-05');
		const created = { resource: 'booking', operation: 'create', ...jsonBody(body) };
		const cancelled = { resource: 'booking', operation: 'update', bookingId: '={{ $json.id }}', ...jsonBody({ status: 'cancelled' }) };
		sandbox.resetRequests();
		const result = await runWorkflow({
			nodes: [node(NODE_NAME, NODE_TYPE, created, { credentials: { venueBookingApi: 'cred' } }), node('Cancel It', NODE_TYPE, cancelled, { credentials: { venueBookingApi: 'cred' } })],
			nodeTypes,
			credentialTypes,
			credentials: credentialsFor(sandbox),
		});
		assertNoSecret(result, SECRET_KEY);
		const [made] = result.outputOf(NODE_NAME)[0].map((item) => item.json);
		expect(made).toMatchObject({ roomId: body.roomId, start: body.start, status: 'confirmed' });
		expect(sandbox.store.findBooking(String(made.id))).toBeDefined();
		// The cancel, answered [{"success": true, "changed": {…}}], gives the changed booking too.
		const [changed] = result.outputOf('Cancel It')[0].map((item) => item.json);
		expect(changed).toMatchObject({ id: made.id, status: 'cancelled' });
		expect(sandbox.store.findBooking(String(made.id))?.status).toBe('cancelled');
		expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([
			['POST', '/api/partners/v1/bookings', 201],
			['PATCH', `/api/partners/v1/bookings/${String(made.id)}`, 200],
		]);
	});

	it('Create on a taken slot, answered 201 [{"success": false, "errors": […]}], fails with the server\'s words; nothing is reported as made', async () => {
		const taken = sandbox.store.bookings.find((b) => b.status === 'confirmed' && b.start > sandbox.store.nowIso())!;
		const before = sandbox.store.bookings.length;
		const result = await runNode(sandbox, {
			resource: 'booking',
			operation: 'create',
			...jsonBody({ roomId: taken.roomId, serviceId: taken.serviceId, start: taken.start, clientId: taken.clientId }),
		});
		// One write; the rooms, services and clients are read after it only to name the identities the refusal quotes.
		expect(sandbox.requests.filter((request) => request.method !== 'GET').map((request) => request.status)).toEqual([201]);
		const error = result.errorOf(NODE_NAME);
		expect(error).toMatchObject({ httpCode: '201' });
		expect(error!.message).toMatch(/^The API refused POST \/bookings: .*(taken|booked|available)/i);
		expect(String(error!.description)).toMatch(/nothing is reported as done/);
		expect(sandbox.store.bookings).toHaveLength(before);
	});

	it('Create with an unknown room names the field the server named, in the message and for the form', async () => {
		const { roomId: _room, ...rest } = await freeSlotBody('2027-03-08');
		// The room comes from the form (a saved mapper with its schema), the rest from the JSON body.
		const fields = { mappingMode: 'defineBelow', value: { roomId: 'room_nope' }, schema: [{ id: 'roomId', displayName: 'roomId (a room)', type: 'string', display: true }] };
		const result = await runNode(sandbox, { resource: 'booking', operation: 'create', fields, ...jsonBody(rest) }, { continueOnFail: true });
		const [failed] = itemsOf(result);
		expect(String(failed.error)).toMatch(/^The API refused POST \/bookings: roomId: No room or resource with id "room_nope"/);
		expect(String(failed.description)).toMatch(/The server's reason is about the value of "roomId" \(roomId \(a room\)\)/);
	});

	it('Cancel refused inside a 200 fails; Send Test gives the journal entry inside its result', async () => {
		const result = await runNode(sandbox, { resource: 'booking', operation: 'update', bookingId: sandbox.store.bookings[0].id, ...jsonBody({ start: 'not a time' }) });
		expect(result.errorOf(NODE_NAME)).toMatchObject({ httpCode: '200' });
		expect(result.errorOf(NODE_NAME)!.message).toMatch(/^The API refused PATCH \/bookings\/\{id\}: start: /);
		const [sent] = itemsOf(await runNode(sandbox, { resource: 'webhook', operation: 'sendTest' }));
		expect(sent).toMatchObject({ event: 'webhook.test' });
	});
});
