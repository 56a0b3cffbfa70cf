/**
 * The editor under an API's quota and with the server's own filters, through n8n-core's LoadOptionsContext against
 * the sandbox: a call the quota stops says so, meets at most one refusal and goes on from where it stopped; a
 * search parameter is kept only where the answer narrows the list to entries holding the text; where the sandbox
 * filters clients by name, a far client's booking is found in a handful of requests.
 */
import type { INodeListSearchResult } from 'n8n-workflow';

import { SEARCH_PARAMETERS } from '../../nodes/VenueBooking/conventions';
import { forgetEditorSessions } from '../../nodes/VenueBooking/editorSession';
import { CANCELLED_MARK, isNoticeRow, matchesSearch, searchBookings, searchClients } from '../../nodes/VenueBooking/methods/listSearch';
import { FIXED_TODAY, type Sandbox, type SandboxOptions } from '../../sandbox';
import { apiClient } from '../sandbox/helpers';
import { bookingFields } from '../../nodes/VenueBooking/methods/resourceMapping';
import { callLoadOptions } from './harness';
import { credentialsFor, credentialTypes, editorMethodContext, nodeTypes, SECRET_KEY, startSandboxWithKey } from './venueBooking';
import { triggerNode } from './venueBookingTrigger';

const contextFor = editorMethodContext;

const clientPicker = (sandbox: Sandbox) => contextFor(sandbox, { resource: 'client', operation: 'get' }, 'parameters.clientId');
const bookingPicker = (sandbox: Sandbox) => contextFor(sandbox, { resource: 'booking', operation: 'get' }, 'parameters.bookingId');
const records = (result: INodeListSearchResult) => result.results.filter((row) => !isNoticeRow(row));
const notices = (result: INodeListSearchResult) => result.results.filter(isNoticeRow).map((row) => String(row.name));
const refusals = (sandbox: Sandbox) => sandbox.requests.filter((request) => request.status === 429).length;

describe('an editor call stopped by the quota', () => {
	let sandbox: Sandbox;
	let now = Date.parse(`${FIXED_TODAY}T08:00:00Z`);

	beforeAll(async () => {
		forgetEditorSessions();
		sandbox = await startSandboxWithKey({ today: FIXED_TODAY, quota: { limit: 5, windowSeconds: 60 }, rateClock: () => now });
	});
	afterAll(async () => sandbox.close());

	it('says so and when the quota frees up, meets one refusal at most, never waits, and goes on from the page it stopped at', async () => {
		const first = await searchClients.call(clientPicker(sandbox));
		expect(records(first).length).toBeGreaterThan(0);
		expect(first.paginationToken).toEqual(expect.any(String));
		// Someone else spends the rest of this minute's quota on the same key.
		const others = apiClient(sandbox, SECRET_KEY);
		while (Number((await others.get('/rooms')).headers['x-ratelimit-remaining']) > 0);
		sandbox.resetRequests();

		const stopped = await searchClients.call(clientPicker(sandbox), undefined, first.paginationToken as string);
		expect(records(stopped)).toEqual([]);
		expect(notices(stopped)).toEqual([expect.stringMatching(/the API's request quota is used up; it frees up in about \d+ s \(\d\d:\d\d:\d\d UTC\) — scroll for more then$/)]);
		expect(refusals(sandbox)).toBeLessThanOrEqual(1);
		// Asked again at once, the session knows the quota is used up: nothing is sent, the same way on is offered.
		const again = await searchClients.call(clientPicker(sandbox), undefined, stopped.paginationToken as string);
		expect(notices(again)).toEqual([expect.stringMatching(/quota is used up/)]);
		expect(refusals(sandbox)).toBeLessThanOrEqual(1);
		expect(sandbox.requests.length).toBeLessThanOrEqual(1);

		// A minute later the window is over. The editor's memory of the quota runs on the real clock, which the test
		// does not wait for: it forgets it, as a minute would.
		now += 60_000;
		forgetEditorSessions();
		const next = await searchClients.call(clientPicker(sandbox), undefined, again.paginationToken as string);
		const secondPage = sandbox.store.clients.slice(records(first).length, records(first).length + records(next).length).map((client) => client.id);
		expect(records(next).map((row) => row.value)).toEqual(secondPage);
		expect(records(next).length).toBeGreaterThan(0);
	});
});

describe('a search whose filter trial uses up the quota', () => {
	let sandbox: Sandbox;
	const now = Date.parse(`${FIXED_TODAY}T08:00:00Z`);

	beforeAll(async () => {
		forgetEditorSessions();
		sandbox = await startSandboxWithKey({ today: FIXED_TODAY, quota: { limit: 100, windowSeconds: 60 }, rateClock: () => now });
	});
	afterAll(async () => sandbox.close());

	it('still shows what the trial answered: the matches it paid for', async () => {
		// Someone else leaves this minute's quota two requests: the list's first page and the filter's trial.
		const others = apiClient(sandbox, SECRET_KEY);
		while (Number((await others.get('/rooms')).headers['x-ratelimit-remaining']) > 2);
		sandbox.resetRequests();
		const zoe = await searchClients.call(clientPicker(sandbox), 'Zoë');
		expect(sandbox.requests.map((request) => Object.keys(request.query))).toEqual([[], [SEARCH_PARAMETERS[0]]]);
		expect(refusals(sandbox)).toBe(0);
		expect(records(zoe).map((row) => row.value)).toEqual(['cli_zoë']);
	});
});

describe('the form and the trigger\'s filter under a used-up quota', () => {
	let sandbox: Sandbox;
	const now = Date.parse(`${FIXED_TODAY}T08:00:00Z`);

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ today: FIXED_TODAY, quota: { limit: 5, windowSeconds: 60 }, rateClock: () => now });
	});
	afterAll(async () => sandbox.close());
	beforeEach(async () => {
		// A fresh editor session, and someone else has spent this minute's quota on the same key (the sandbox's clock
		// stands still: the window never ends, so a call that waited for it would never answer).
		forgetEditorSessions();
		const others = apiClient(sandbox, SECRET_KEY);
		while (Number((await others.get('/rooms')).headers['x-ratelimit-remaining']) > 0);
		sandbox.resetRequests();
	});
	const quotaSaid = /the API's request quota is used up for now; it frees up in about \d+ s \(\d\d:\d\d:\d\d UTC\)/i;

	it('the Create form answers at once: no fields, a notice that the quota stopped it and when it frees up, one refusal at most', async () => {
		const form = await bookingFields.call(contextFor(sandbox, { resource: 'booking', operation: 'create' }, 'parameters.fields'));
		expect(form.fields).toEqual([]);
		expect(form.emptyFieldsNotice).toMatch(quotaSaid);
		expect(form.emptyFieldsNotice).toMatch(/— refresh the field list then\. /);
		expect(refusals(sandbox)).toBeLessThanOrEqual(1);
		// Asked again at once, the session knows the quota is used up: nothing is sent.
		sandbox.resetRequests();
		const again = await bookingFields.call(contextFor(sandbox, { resource: 'booking', operation: 'create' }, 'parameters.fields'));
		expect(again.emptyFieldsNotice).toMatch(quotaSaid);
		expect(sandbox.requests).toHaveLength(0);
	});

	it('the trigger\'s Only Entries Where answers at once: the quota stopped it and when it frees up, one refusal at most', async () => {
		for (const methodName of ['journalFields', 'journalValues']) {
			const failure = await callLoadOptions({
				node: triggerNode({ entryFilter: { condition: { field: 'event', values: [] } } }),
				nodeTypes,
				credentialTypes,
				credentials: credentialsFor(sandbox),
				methodName,
				path: `parameters.entryFilter.condition.${methodName === 'journalFields' ? 'field' : 'values'}`,
			}).then(
				() => undefined,
				(error: unknown) => error as { message: string; description?: string },
			);
			expect(failure?.message).toMatch(quotaSaid);
			expect(failure?.message).toMatch(/— open this list again then$/);
			expect(failure?.description).toMatch(/does not wait for a quota window/);
			expect(refusals(sandbox)).toBeLessThanOrEqual(1);
		}
	});
});

describe('the server\'s own filter, learned on the first search', () => {
	const STRIPE: Partial<SandboxOptions> = { convention: 'stripe', today: FIXED_TODAY };
	let sandbox: Sandbox | undefined;
	afterEach(async () => {
		await sandbox?.close();
		sandbox = undefined;
	});
	const sent = (name: string) => sandbox!.requests.filter((request) => name in request.query).length;

	it('is never kept where it does not narrow the list: each name is tried once a session, and the search reads the list as before', async () => {
		forgetEditorSessions();
		sandbox = await startSandboxWithKey(STRIPE);
		const zoe = await searchClients.call(clientPicker(sandbox), 'Zoë');
		expect(records(zoe).map((row) => row.value)).toEqual(['cli_zoë']);
		for (const name of SEARCH_PARAMETERS) expect(sent(name)).toBe(1);
		sandbox.resetRequests();
		const walk = await searchClients.call(clientPicker(sandbox), 'Walk');
		expect(records(walk).length).toBeGreaterThan(0);
		for (const row of records(walk)) expect(String(row.name)).toMatch(/walk/i);
		for (const name of SEARCH_PARAMETERS) expect(sent(name)).toBe(0);
	});

	it('is never kept where it narrows wrongly (entries without the text), and one that narrows rightly is', async () => {
		forgetEditorSessions();
		// The first name answers a short list of other clients; the second filters as asked.
		const [wrong, right] = SEARCH_PARAMETERS;
		sandbox = await startSandboxWithKey({
			today: FIXED_TODAY,
			intercept: (req, res, { target, store }) => {
				if (target.path !== '/api/partners/v1/clients') return false;
				const asked = target.query[wrong] ?? target.query[right];
				if (asked === undefined) return false;
				const text = String(asked).toLowerCase();
				const answer = wrong in target.query ? store.clients.slice(0, 3).filter((client) => !client.name.toLowerCase().includes(text)) : store.clients.filter((client) => client.name.toLowerCase().includes(text));
				res.writeHead(200, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ items: answer }));
				return true;
			},
		});
		const zoe = await searchClients.call(clientPicker(sandbox), 'Zoë');
		expect(records(zoe).map((row) => row.value)).toEqual(['cli_zoë']);
		expect(sent(wrong)).toBe(1);
		sandbox.resetRequests();
		const walk = await searchClients.call(clientPicker(sandbox), 'Walk');
		for (const row of records(walk)) expect(matchesSearch({}, String(row.name), 'Walk')).toBe(true);
		expect(records(walk).length).toBeGreaterThan(0);
		// The wrong one is never sent again; the right one is what the search now costs.
		expect(sent(wrong)).toBe(0);
		expect(sent(right)).toBeGreaterThan(0);
		expect(sandbox.requests.length).toBeLessThanOrEqual(2);
	});
});

describe('a booking search by a client\'s name where the sandbox filters clients by name', () => {
	let sandbox: Sandbox;
	const SCALE = { clients: 5_000, bookings: 20_000, rooms: 300, services: 40 };

	beforeAll(async () => {
		forgetEditorSessions();
		sandbox = await startSandboxWithKey({ convention: 'drfPage', nameFilter: true, seed: 3, today: FIXED_TODAY, scale: SCALE });
	});
	afterAll(async () => sandbox.close());

	it('finds a far client\'s bookings on the first call in at most 20 requests after the picker\'s first view (the most recently created clients first), offering nothing else, and their namesakes\' on scrolling', async () => {
		const first = await searchBookings.call(bookingPicker(sandbox));
		expect(records(first).length).toBeGreaterThan(0);
		const far = sandbox.store.clients[3_999];
		const theirs = new Set(sandbox.store.bookings.filter((booking) => booking.clientId === far.id).map((booking) => booking.id));
		expect(theirs.size).toBeGreaterThan(0);
		sandbox.resetRequests();
		const found = await searchBookings.call(bookingPicker(sandbox), far.name);
		expect(sandbox.requests.length).toBeLessThanOrEqual(20);
		const offered = records(found).map((row) => String(row.value));
		expect(offered.filter((value) => theirs.has(value)).length).toBeGreaterThan(0);
		for (const row of records(found)) expect(String(row.name)).toContain(far.name);
		// Their namesakes' bookings come on scrolling, a few clients a call, each call as cheap.
		let token = found.paginationToken as string | undefined;
		const seen = new Set(offered);
		for (let call = 0; token !== undefined && call < 5; call++) {
			sandbox.resetRequests();
			const more = await searchBookings.call(bookingPicker(sandbox), far.name, token);
			expect(sandbox.requests.length).toBeLessThanOrEqual(20);
			for (const row of records(more)) expect(String(row.name)).toContain(far.name);
			for (const row of records(more)) seen.add(String(row.value));
			token = more.paginationToken as string | undefined;
		}
		expect(token).toBeUndefined();
		const namesakes = new Set(sandbox.store.clients.filter((client) => client.name === far.name).map((client) => client.id));
		expect([...seen].sort()).toEqual(sandbox.store.bookings.filter((booking) => namesakes.has(booking.clientId)).map((booking) => booking.id).sort());
	});
});

describe.each([
	["the sandbox's own dialect", {}],
	['drfPage with a name filter', { convention: 'drfPage', nameFilter: true }],
	// Kept newest first: the clients most recently created are at the start of the answer, and are read first.
	['stripe with a name filter', { convention: 'stripe', nameFilter: true }],
] as Array<[string, Partial<SandboxOptions>]>)('a first search of a session by a far client\'s name, %s, behind 120 requests a minute', (_style, dialect) => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ ...dialect, seed: 3, today: FIXED_TODAY, scale: { clients: 5_000, bookings: 20_000, rooms: 300, services: 40 }, quota: { limit: 120, windowSeconds: 60 } });
	});
	afterAll(async () => sandbox.close());

	/** Each label's room, where it names one, is the booking's own; how many name one. */
	const roomsNamed = (result: INodeListSearchResult) =>
		records(result).filter((row) => {
			const booking = sandbox.store.findBooking(String(row.value))!;
			// "time · room · client", after "✕ Cancelled" where it is, and with " · #…" where two labels are alike.
			const parts = String(row.name).split(' · ').filter((part) => !part.startsWith('#') && part !== CANCELLED_MARK);
			if (parts.length < 3) return false;
			expect(parts[1]).toBe(sandbox.store.findRoom(booking.roomId)!.name);
			return true;
		}).length;

	it('finds their booking in at most 20 requests from a cold session, offering nothing else; the rooms it could not name yet are named by a later view', async () => {
		forgetEditorSessions();
		sandbox.resetRequests();
		const far = sandbox.store.clients[3_999];
		const theirs = new Set(sandbox.store.bookings.filter((booking) => booking.clientId === far.id).map((booking) => booking.id));
		const found = await searchBookings.call(bookingPicker(sandbox), far.name);
		expect(sandbox.requests.length).toBeLessThanOrEqual(20);
		expect(refusals(sandbox)).toBe(0);
		expect(records(found).filter((row) => theirs.has(String(row.value))).length).toBeGreaterThan(0);
		for (const row of records(found)) expect(String(row.name)).toContain(far.name);
		// The client list's filter was kept because it narrowed: it is what the search sent.
		expect(sandbox.requests.some((request) => request.path.endsWith('/clients') && Object.values(request.query).includes(far.name))).toBe(true);
		const namedFirst = roomsNamed(found);
		expect(namedFirst).toBeLessThan(records(found).length);

		// The picker's first view reads the catalogues on; the same search then names every booking's room.
		await searchBookings.call(bookingPicker(sandbox));
		sandbox.resetRequests();
		const again = await searchBookings.call(bookingPicker(sandbox), far.name);
		expect(sandbox.requests.length).toBeLessThanOrEqual(20);
		expect(records(again).map((row) => row.value)).toEqual(records(found).map((row) => row.value));
		expect(roomsNamed(again)).toBe(records(again).length);
	});
});

describe('the editor on a large workspace behind 120 requests a minute, without a name filter', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		forgetEditorSessions();
		sandbox = await startSandboxWithKey({ convention: 'stripe', seed: 3, today: FIXED_TODAY, scale: { clients: 5_000, bookings: 20_000, rooms: 300, services: 40 }, quota: { limit: 120, windowSeconds: 60 } });
	});
	afterAll(async () => sandbox.close());

	it('names room and client on the first view, and a search call answers with matches or a way on, meeting one 429 at most', async () => {
		const first = await searchBookings.call(bookingPicker(sandbox));
		for (const row of records(first)) {
			const booking = sandbox.store.findBooking(String(row.value))!;
			expect(String(row.name)).toContain(` · ${sandbox.store.findRoom(booking.roomId)!.name} · ${sandbox.store.findClient(booking.clientId)!.name}`);
		}
		expect(refusals(sandbox)).toBe(0);
		const far = sandbox.store.clients[3_999];
		sandbox.resetRequests();
		const searched = await searchBookings.call(bookingPicker(sandbox), far.name);
		expect(refusals(sandbox)).toBeLessThanOrEqual(1);
		for (const row of records(searched)) expect(String(row.name)).toContain(far.name);
		// The match, or a way on: a token and a last row saying how far the call got.
		if (records(searched).length === 0) {
			expect(searched.paginationToken).toEqual(expect.any(String));
			expect(notices(searched)).toHaveLength(1);
		}
	});
});
