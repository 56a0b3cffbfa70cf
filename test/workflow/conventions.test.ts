/**
 * The conventions of real public APIs (docs/API-CONVENTIONS.md), each spoken by the sandbox, through n8n-core's
 * engine: for every one, Return All gives exactly the server's list (or, where the convention cannot be walked
 * from its answers alone, fails saying what to set, and then works as set), Limit and Max Pages hold, seeded
 * 429s and 5xx lose nothing, the Booking ID picker scrolls to the last booking, the trigger (on the webhook
 * deliveries and on the payments) emits each new entry once and Fetch Test Event shows the newest, and a
 * validation error shows the server's words — also where the API refuses with 200 and `{"ok": false}` (Slack) or
 * `{"request": {"status": "ERROR"}}` (Checkfront, whose lists are objects keyed by id). A paging block whose
 * `PageSize` echoes the page beside `TotalResults` never makes a trigger fail a poll on a journal read whole.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { isNoticeRow, searchBookings } from '../../nodes/VenueBooking/methods/listSearch';
import { CONVENTIONS, conventionInfo, conventionRecordId, FIXED_TODAY, type ConventionName, type Sandbox } from '../../sandbox';
import { dialectName, type ListResource } from '../../sandbox/dialect';
import { methodContext, node } from './harness';
import { credentialsFor, credentialTypes, itemsOf, jsonBody, listAll, NODE_NAME, NODE_TYPE, nodeTypes, runNode, startSandboxWithKey } from './venueBooking';
import { pollerFor } from './venueBookingTrigger';
import { PAGINATION_AS_SET } from '../support/conventions';
import { computeFreeSlots } from '../../sandbox/slots';

const DAY_MS = 86_400_000;

const PAYMENTS = 237;

/** Short waits so faults cost little; enough retries that a run of bad luck cannot end a walk. */
const RETRY_OPTIONS = { maxRetries: 10, maxWait: 0.05 };

/**
 * What a user sets for a convention that Automatic cannot walk from the answers alone: the parameter that
 * asks for the next page is named nowhere in them. Every other convention must need nothing.
 */
const EXPLICIT: Partial<Record<ConventionName, { pagination: IDataObject; identityPath?: string; said: RegExp }>> = {
	problemDetails: { pagination: PAGINATION_AS_SET.problemDetails!, said: /"total-count" says 237 entries/ },
	hasMoreOnly: { pagination: PAGINATION_AS_SET.hasMoreOnly!, identityPath: 'ref', said: /"more" is true/ },
	calCom: { pagination: PAGINATION_AS_SET.calCom!, said: /"hasNextPage" is true/ },
	strapi: { pagination: PAGINATION_AS_SET.strapi!, said: /"total" says 237 entries and 25 were read/ },
	// pageSizeEcho and Mindbody echo the offset asked for: Automatic guesses its parameter and page 2's echo confirms it.
	// Nothing in Rezdy's answer says more follows, but a first page of exactly its default size (100) is taken as cut.
	rezdy: { pagination: PAGINATION_AS_SET.rezdy!, said: /the page holds 100 entries, a page size APIs commonly default to or stop at/ },
	// Acuity's bare list cut at `max` (100 unless asked): nothing says more follows, and nothing asks for it but a larger `max`.
	acuity: { pagination: PAGINATION_AS_SET.acuity!, said: /the page holds 100 entries, a page size APIs commonly default to or stop at/ },
};

/** An entry's own identity as the convention writes it, read back as the stored id (numeric ids: Current RMS). */
function identityOf(name: ConventionName, entry: IDataObject, resource: ListResource = 'payments'): string {
	return storedId(name, resource, entry[conventionInfo(name).identityField]);
}

/** A value the node output (an identity, a picked value) as the stored id it names in the convention's id form. */
function storedId(name: ConventionName, resource: ListResource, value: unknown): string {
	return conventionRecordId(name, resource, String(value))!;
}

function listOptions(name: ConventionName, extra: IDataObject = {}): INodeParameters {
	const explicit = EXPLICIT[name];
	return { ...extra, ...(explicit ? { pagination: { settings: explicit.pagination } } : {}) } as INodeParameters;
}


describe.each(CONVENTIONS.map((name) => [name]))('the %s convention', (name: ConventionName) => {
	const info = conventionInfo(name);
	/** Refusals answered with 200: Slack's `{"ok": false}`, Checkfront's `{"request": {"status": "ERROR"}}`, Planyo's non-zero `response_code`, SimplyBook's JSON-RPC `error`. */
	const refusedIn200 = /^(status-|code-|jsonrpc-)?error-in-2xx/.test(info.errorShape);
	let sandbox: Sandbox;
	/** The server's payments in the order its list gives them. */
	let serverOrder: string[];

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ convention: name, seed: 7, today: FIXED_TODAY, scale: { payments: PAYMENTS } });
		const ids = sandbox.store.payments.map((payment) => payment.id);
		serverOrder = info.newestFirst ? [...ids].reverse() : ids;
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => {
		sandbox.setFaults(undefined);
		sandbox.resetRequests();
	});

	const payments = (extra: INodeParameters, options: IDataObject = {}): INodeParameters => ({
		resource: 'payment',
		operation: 'getAll',
		...extra,
		options: listOptions(name, options),
	});

	if (EXPLICIT[name]) {
		it('Automatic cannot walk it from the answers alone: an error says what was seen and what to set, never a short list', async () => {
			const result = await runNode(sandbox, { resource: 'payment', operation: 'getAll', returnAll: true });
			const error = result.errorOf(NODE_NAME);
			expect(error?.message).toMatch(/^The API said more entries follow/);
			expect(error?.message).toMatch(EXPLICIT[name]!.said);
			expect(String(error?.description)).toMatch(/Set Options > Pagination/);
			expect(result.outputOf(NODE_NAME)).toEqual([]);
		});
	}

	it(`Return All${EXPLICIT[name] ? ' (as set)' : ' (Automatic)'}: exactly the server's ${PAYMENTS} payments, in its order`, async () => {
		const result = await runNode(sandbox, payments({ returnAll: true }));
		expect(itemsOf(result).map((entry) => identityOf(name, entry))).toEqual(serverOrder);
		// The hint says the list is complete, "N of N" where the convention states a total.
		const [hint] = result.hintsOf(NODE_NAME).map((found) => found.message);
		if (sandbox.requests.length > 1) {
			const statesTotal = info.total !== undefined;
			expect(hint).toMatch(new RegExp(`^Read all ${PAYMENTS} ${statesTotal ? `of ${PAYMENTS} ` : ''}payments over \\d+ pages: the list is complete\\.( |$)`));
		}
	});

	it('Limit 7: the first 7, and no page more than needed', async () => {
		const result = await runNode(sandbox, payments({ limit: 7 }));
		expect(itemsOf(result).map((entry) => identityOf(name, entry))).toEqual(serverOrder.slice(0, 7));
		expect(sandbox.requests).toHaveLength(1);
	});

	it('Max Pages 2 stops a longer walk with an error, never a short list', async () => {
		const result = await runNode(sandbox, payments({ returnAll: true }, { maxPages: 2 }));
		if (info.defaultPageSize * 2 >= PAYMENTS || info.pagination === 'firstOnly') {
			// Two pages hold the whole list here (a large default page size), or one request asks for all of it (Acuity).
			expect(itemsOf(result)).toHaveLength(PAYMENTS);
		} else {
			expect(result.errorOf(NODE_NAME)?.message).toMatch(/^Stopped after 2 pages \(the Max Pages limit\)/);
		}
	});

	it('under seeded 429s and 5xx, Return All still gives every payment once, in order', async () => {
		// The first two requests fail for sure, whatever the list's length; then seeded faults at random.
		sandbox.setFaults({ seed: 5, rate429: 0.15, retryAfterSeconds: 0.01, rate5xx: 0.15, script: [429, 503] });
		const result = await runNode(sandbox, payments({ returnAll: true }, RETRY_OPTIONS));
		expect(itemsOf(result).map((entry) => identityOf(name, entry))).toEqual(serverOrder);
		expect(sandbox.requests.some((request) => request.fault !== undefined)).toBe(true);
	});

	const pickerContext = () => {
		const parameters = { resource: 'booking', operation: 'get', options: listOptions(name, EXPLICIT[name]?.identityPath ? { identityPath: EXPLICIT[name]!.identityPath } : {}) };
		return methodContext({
			node: node(NODE_NAME, NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }),
			nodeTypes,
			credentialTypes,
			credentials: credentialsFor(sandbox),
			path: 'parameters.bookingId',
			timezone: 'UTC',
		});
	};

	// Issue 42 changed the order within a view: upcoming bookings first, soonest first, then the past, latest first.
	it('the Booking ID picker scrolls to the last booking, each once, each page upcoming first', async () => {
		const pages = (await listAll((token) => searchBookings.call(pickerContext(), undefined, token))).map((page) => page.results.filter((result) => !isNoticeRow(result)));
		const values = pages.flatMap((page) => page.map((result) => storedId(name, 'bookings', result.value)));
		const bookings = sandbox.store.bookings.map((booking) => booking.id);
		expect([...values].sort()).toEqual([...bookings].sort());
		const startOf = new Map(sandbox.store.bookings.map((booking) => [booking.id, Date.parse(booking.start)]));
		// The picker's today: the machine's, in UTC (the zone the context hands the editor).
		const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
		for (const page of pages) {
			const starts = page.map((result) => startOf.get(storedId(name, 'bookings', result.value))!);
			const ahead = starts.filter((start) => start >= today);
			const past = starts.filter((start) => start < today);
			expect(starts).toEqual([...[...ahead].sort((a, b) => a - b), ...[...past].sort((a, b) => b - a)]);
		}
	});

	it("the booking picker names each booking's room and client, and finds a client's bookings by the client's name", async () => {
		const client = sandbox.store.clients.find((candidate) => sandbox.store.bookings.some((booking) => booking.clientId === candidate.id))!;
		const pages = await listAll((token) => searchBookings.call(pickerContext(), client.name, token));
		const found = pages.flatMap((page) => page.results.map((result) => ({ ...result, value: storedId(name, 'bookings', result.value) })));
		const sameName = new Set(sandbox.store.clients.filter((candidate) => candidate.name === client.name).map((candidate) => candidate.id));
		const expected = sandbox.store.bookings.filter((booking) => sameName.has(booking.clientId));
		const expectedIds = expected.map((booking) => String(booking[info.identityField as keyof typeof booking] ?? booking.id));
		if (info.identityField !== 'id') {
			// Rooms and clients identified by another field than `id` are named only where their identity can be
			// told; whatever the search finds is still the client's bookings.
			for (const result of found) expect(expectedIds).toContain(String(result.value));
			return;
		}
		expect(found.map((result) => String(result.value)).sort()).toEqual(expectedIds.sort());
		for (const result of found) {
			const booking = expected.find((candidate) => candidate.id === result.value)!;
			const room = sandbox.store.rooms.find((candidate) => candidate.id === booking.roomId)!;
			expect(result.name).toContain(` · ${room.name} · ${client.name}`);
			// n8n saves the picked label: no state, which would go stale with the booking's next change.
			expect(result.name).not.toMatch(new RegExp(`\\b${booking.status}\\b`));
			// A date, never "Tomorrow": the saved label would go stale.
			expect(result.name).toMatch(/^\w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} · /);
		}
	});

	it('the trigger: nothing on activation, each new journal entry once, oldest first; Fetch Test Event shows the newest', async () => {
		const explicit = EXPLICIT[name];
		const options: IDataObject = { ...RETRY_OPTIONS, ...(explicit ? { pagination: { settings: explicit.pagination }, identityPath: explicit.identityPath } : {}) };
		const poller = pollerFor(sandbox, { options } as INodeParameters);
		const identity = (item: { json: IDataObject }) => identityOf(name, item.json, 'deliveries');
		try {
			const baseline = await poller.poll();
			expect(baseline.error).toBeUndefined();
			expect(baseline.items).toBeNull();
			const added = sandbox.store.appendDeliveries(4).map((delivery) => delivery.id);
			const next = await poller.poll();
			expect(next.error).toBeUndefined();
			expect((next.items?.[0] ?? []).map(identity)).toEqual(added);
			expect((await poller.poll()).items).toBeNull();
			// Entries written in one instant share a timestamp: more than a page of them must not hide the order.
			sandbox.store.appendDeliveries(30);
			const sample = await poller.fetchTestEvent();
			const newest = sandbox.store.journalOldestFirst().slice(-5).map((delivery) => delivery.id);
			expect((sample.items?.[0] ?? []).map(identity)).toEqual(newest);
			// A new workflow knows no order from earlier polls: the entries alone must tell it.
			const fresh = pollerFor(sandbox, { options } as INodeParameters);
			try {
				expect(((await fresh.fetchTestEvent()).items?.[0] ?? []).map(identity)).toEqual(newest);
			} finally {
				await fresh.close();
			}
		} finally {
			await poller.close();
		}
	});

	it('the trigger watching Payments: nothing on activation, each new payment once; Fetch Test Event shows the newest', async () => {
		const explicit = EXPLICIT[name];
		const options: IDataObject = { ...RETRY_OPTIONS, ...(explicit ? { pagination: { settings: explicit.pagination }, identityPath: explicit.identityPath } : {}) };
		const poller = pollerFor(sandbox, { watch: 'payments', options } as INodeParameters);
		const identity = (item: { json: IDataObject }) => identityOf(name, item.json);
		try {
			expect((await poller.poll()).items).toBeNull();
			const booking = sandbox.store.bookings[0];
			const paid = Array.from({ length: 3 }, (_, i) =>
				sandbox.store.addPayment({ bookingId: booking.id, clientId: booking.clientId, kind: 'charge', amountCents: 1000 + i, currency: 'EUR', method: 'card' }).id,
			);
			const next = await poller.poll();
			expect(next.error).toBeUndefined();
			expect((next.items?.[0] ?? []).map(identity)).toEqual(paid);
			expect((await poller.poll()).items).toBeNull();
			const sample = await poller.fetchTestEvent();
			expect((sample.items?.[0] ?? []).map(identity)).toEqual(sandbox.store.payments.slice(-5).map((payment) => payment.id));
		} finally {
			await poller.close();
		}
	});

	it("a validation error shows the server's own words, naming the field", async () => {
		const result = await runNode(sandbox, { resource: 'booking', operation: 'create', ...jsonBody({ [dialectName('note', info.naming)]: 'no start' }) });
		const error = result.errorOf(NODE_NAME);
		if (refusedIn200) {
			// Refused with 200 and `"ok": false` or a status word: the server's words are the message itself.
			expect(error?.message).toMatch(/^The API refused POST \/bookings: .*start/);
			expect(String(error?.description)).toMatch(/success status, but its body says the request failed/);
			return;
		}
		expect(error?.message).toMatch(/\((400|422)\)/);
		// The server names the first field it misses (stripe: room_id), or all of them.
		expect(String(error?.description)).toMatch(/^The server said: .*(start|room|service)/im);
	});

	it('a refusal quoting the service and room picked names them from the catalogue', async () => {
		const key = (snake: string) => (info.naming === 'snake' ? snake : dialectName(snake.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), info.naming));
		const body = { [key('room_id')]: 'room_rehearsal_1', [key('service_id')]: 'svc_photo_1h', start: '2030-01-07T10:00:00Z', [key('client_id')]: sandbox.store.clients[0].id };
		const result = await runNode(sandbox, { resource: 'booking', operation: 'create', ...jsonBody(body) });
		const error = result.errorOf(NODE_NAME);
		// Refused by status, or (Slack) in a success body that says the request failed.
		expect(error?.message).toMatch(refusedIn200 ? /^The API refused POST \/bookings/ : /\((400|422)\)/);
		const description = String(error?.description);
		// The body is quoted (second line) only where it says more than the server's words (issue 42).
		const [said, ...names] = description.split('\n').filter((line) => !line.startsWith('Response body'));
		if (info.identityField !== 'id') {
			// Catalogue records identified by another field than `id`: a quoted identity is named right; words that
			// quote none (Mindbody refuses the snake_case body's `start` first) get no names added.
			for (const line of names) expect(line).toMatch(/^In your workspace: /);
			if (said.includes('svc_photo_1h')) expect(names.join('\n')).toContain('svc_photo_1h = Photo studio, 1 hour (service)');
			else expect(description).not.toContain('In your workspace');
			return;
		}
		// Each identity the server's words quote is named; a convention whose message names only the field
		// ("room_id: Service not offered in this room.") quotes none, and nothing is added.
		if (said.includes('svc_photo_1h')) expect(names.join('\n')).toContain('svc_photo_1h = Photo studio, 1 hour (service)');
		if (said.includes('room_rehearsal_1')) expect(names.join('\n')).toContain('room_rehearsal_1 = Rehearsal Room 1 (room)');
		if (!/svc_photo_1h|room_rehearsal_1/.test(description)) expect(description).not.toContain('In your workspace');
	});

	/** A create on a slot already booked, refused inside a 200: the item fails with the server's words, and no booking is made. */
	async function expectTakenSlotRefused(message: RegExp, description: RegExp): Promise<void> {
		const taken = sandbox.store.bookings.find((booking) => booking.status === 'confirmed' && Date.parse(booking.start) > Date.parse(FIXED_TODAY))!;
		const body = { room_id: taken.roomId, service_id: taken.serviceId, start: taken.start, client_id: sandbox.store.clients[0].id };
		const before = sandbox.store.bookings.length;
		const result = await runNode(sandbox, { resource: 'booking', operation: 'create', ...jsonBody(body) });
		expect(result.errorOf(NODE_NAME)?.message).toMatch(message);
		expect(String(result.errorOf(NODE_NAME)?.description)).toMatch(description);
		expect(result.outputOf(NODE_NAME)).toEqual([]);
		expect(sandbox.store.bookings).toHaveLength(before);
	}

	if (info.errorShape.startsWith('error-in-2xx')) {
		const query = (sent: IDataObject): INodeParameters => ({ sendQuery: true, specifyQuery: 'json', jsonQuery: JSON.stringify(sent) });

		it('a cursor the server never issued, refused with 200 and {"ok": false}: a clear error with its words, never an empty list', async () => {
			const result = await runNode(sandbox, payments({ returnAll: true, ...query({ cursor: 'not-a-cursor' }) }));
			expect(result.errorOf(NODE_NAME)?.message).toBe('The API refused GET /payments: invalid_cursor');
			expect(result.outputOf(NODE_NAME)).toEqual([]);
		});

		it('a bad parameter, refused with 200 and {"ok": false}: the error names it in the server\'s words, never a finished list', async () => {
			const result = await runNode(sandbox, payments({ returnAll: true, ...query({ limit: 0 }) }));
			const error = result.errorOf(NODE_NAME);
			expect(error?.message).toMatch(/^The API refused GET \/payments: .*limit/);
			expect(String(error?.description)).toMatch(/Response body \(HTTP 200\): .*"ok":false/);
			expect(result.outputOf(NODE_NAME)).toEqual([]);
		});

	}

	if (info.errorShape.startsWith('status-error-in-2xx')) {
		const query = (sent: IDataObject): INodeParameters => ({ sendQuery: true, specifyQuery: 'json', jsonQuery: JSON.stringify(sent) });

		it('a bad parameter, refused with 200 and {"request": {"status": "ERROR"}}: the error names it in the server\'s words, never a finished list', async () => {
			const result = await runNode(sandbox, payments({ returnAll: true, ...query({ limit: 0 }) }));
			const error = result.errorOf(NODE_NAME);
			expect(error?.message).toMatch(/^The API refused GET \/payments: .*limit/);
			expect(String(error?.description)).toMatch(/Response body \(HTTP 200\): .*"status":"ERROR"/);
			expect(result.outputOf(NODE_NAME)).toEqual([]);
		});

		it('a create on a taken slot, refused with 200: an error with the server\'s words, never a booking made', async () => {
			await expectTakenSlotRefused(/^The API refused POST \/bookings: /, /Response body \(HTTP 200\): .*"status":"ERROR"/);
		});

		it('a create sent form-encoded (Options > Body Encoding) makes the booking; the same slot again is refused with the server\'s words', async () => {
			const fromMs = Date.parse(FIXED_TODAY) + 2 * DAY_MS;
			const [slot] = computeFreeSlots(sandbox.store, { fromMs, toMs: fromMs + 21 * DAY_MS, serviceId: 'svc_rehearsal_2h' });
			const client = sandbox.store.clients[1].id;
			const parameters = { resource: 'booking', operation: 'create', ...jsonBody({ room_id: slot.roomId, service_id: slot.serviceId, start: slot.start, client_id: client }), options: { bodyEncoding: 'form' } };
			const made = await runNode(sandbox, parameters);
			expect(made.errorOf(NODE_NAME)).toBeUndefined();
			const sent = sandbox.requests.find((request) => request.method === 'POST')!;
			expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
			expect(sandbox.store.bookings.at(-1)).toMatchObject({ roomId: slot.roomId, serviceId: slot.serviceId, clientId: client, start: slot.start });
			const before = sandbox.store.bookings.length;
			const refused = await runNode(sandbox, parameters);
			expect(refused.errorOf(NODE_NAME)?.message).toMatch(/^The API refused POST \/bookings: /);
			expect(String(refused.errorOf(NODE_NAME)?.description)).toMatch(/Response body \(HTTP 200\): .*"status":"ERROR"/);
			expect(refused.outputOf(NODE_NAME)).toEqual([]);
			expect(sandbox.store.bookings).toHaveLength(before);
		});

	}

	if (info.errorShape.startsWith('code-error-in-2xx')) {
		it('a create on a taken slot, refused with 200 and a non-zero result code: an error with the server\'s words, never a booking made', async () => {
			await expectTakenSlotRefused(/^The API refused POST \/bookings: The resource is not available in the selected time period\.$/, /Response body \(HTTP 200\): .*"response_code":4/);
		});
	}

	if (info.errorShape.startsWith('jsonrpc-error-in-2xx')) {
		const query = (sent: IDataObject): INodeParameters => ({ sendQuery: true, specifyQuery: 'json', jsonQuery: JSON.stringify(sent) });
		const sizeParameter = info.parameters.pageSize!;

		it('a bad parameter, refused with 200 and a JSON-RPC error: the error names it in the server\'s words, never a finished list', async () => {
			const result = await runNode(sandbox, payments({ returnAll: true, ...query({ [sizeParameter]: 0 }) }));
			const error = result.errorOf(NODE_NAME);
			expect(error?.message).toMatch(new RegExp(`^The API refused GET /payments: .*${sizeParameter}`));
			expect(String(error?.description)).toMatch(/Response body \(HTTP 200\): .*"error":\{"code":-32602/);
			expect(result.outputOf(NODE_NAME)).toEqual([]);
		});

		it('a create on a taken slot, refused with 200: an error with the server\'s words, never a booking made', async () => {
			await expectTakenSlotRefused(/^The API refused POST \/bookings: Invalid params: /, /Response body \(HTTP 200\): .*"error":\{"code":-32602/);
		});
	}

	// A refused query needs a parameter the server judges: its page size (Planyo answers lists whole and takes none).
	if (refusedIn200 && info.parameters.pageSize) {
		const query = (sent: IDataObject): INodeParameters => ({ sendQuery: true, specifyQuery: 'json', jsonQuery: JSON.stringify(sent) });
		const sizeParameter = info.parameters.pageSize;

		it('the trigger on a refused query fails its poll with the server\'s words and keeps its position', async () => {
			const poller = pollerFor(sandbox, { watch: 'payments', ...query({ [sizeParameter]: 0 }) });
			try {
				const activation = await poller.poll();
				expect(String(activation.error?.message) + String((activation.error?.cause as Error | undefined)?.message)).toMatch(new RegExp(`The API refused GET /payments: .*${sizeParameter.replace(/[[\]]/g, '\\$&')}`));
				expect(activation.saved).toBe(false);
			} finally {
				await poller.close();
			}
		});
	}
});

describe('a paging block that echoes the page (PageSize beside TotalResults)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		// Oldest first: each poll resumes from the stored page, as the trigger of the issue did.
		sandbox = await startSandboxWithKey({ convention: 'pageSizeEcho', seed: 7, today: FIXED_TODAY, journalOrder: 'oldestFirst', scale: { deliveries: 63 } });
	});
	afterAll(async () => sandbox.close());

	it('the trigger in Automatic on a journal that one page holds whole: no poll fails, each new entry once', async () => {
		const poller = pollerFor(sandbox, { options: RETRY_OPTIONS } as INodeParameters);
		const identity = (item: { json: IDataObject }) => String(item.json.id);
		try {
			const baseline = await poller.poll();
			expect(baseline.error).toBeUndefined();
			expect(baseline.items).toBeNull();
			for (let poll = 0; poll < 3; poll++) {
				const idle = await poller.poll();
				expect(idle.error).toBeUndefined();
				expect(idle.items).toBeNull();
			}
			const added = sandbox.store.appendDeliveries(4).map((delivery) => delivery.id);
			const next = await poller.poll();
			expect(next.error).toBeUndefined();
			expect((next.items?.[0] ?? []).map(identity)).toEqual(added);
			const after = await poller.poll();
			expect(after.error).toBeUndefined();
			expect(after.items).toBeNull();
		} finally {
			await poller.close();
		}
	});

	it('Get Many in Automatic on a one-page list reads it whole, the echo no promise of more', async () => {
		const result = await runNode(sandbox, { resource: 'webhookDelivery', operation: 'getAll', returnAll: true });
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		// Every delivery once (the journal's order is the sandbox's journalOrder, not this test's concern).
		expect(itemsOf(result).map((entry) => String(entry.id)).sort()).toEqual(sandbox.store.journalOldestFirst().map((delivery) => delivery.id).sort());
	});
});
