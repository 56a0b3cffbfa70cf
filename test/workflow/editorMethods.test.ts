/**
 * The editor's methods (Booking ID / Client ID lists, the fields seen on bookings) called through n8n-core's
 * real LoadOptionsContext — what n8n's /rest/dynamic-node-parameters routes hand them — against the sandbox
 * over HTTP, in four dialects; then a create → cancel run that uses only what the methods offered.
 */
import axios from 'axios';
import type { IDataObject, INodeParameters, ResourceMapperField, ResourceMapperFields, ResourceMapperValue } from 'n8n-workflow';

import { SEARCH_PARAMETERS } from '../../nodes/VenueBooking/conventions';
import { bookingFields, type OfferedField } from '../../nodes/VenueBooking/methods/resourceMapping';
import { forgetEditorSessions } from '../../nodes/VenueBooking/editorSession';
import { isNoticeRow, searchBookings, searchClients } from '../../nodes/VenueBooking/methods/listSearch';
import { conventionInfo, conventionRecordId, type ConventionName, FIXED_TODAY, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { DAY_MS, formatDate, HOUR_MS } from '../../sandbox/time';
import { PAGINATION_AS_SET } from '../support/conventions';
import { methodContext, node } from './harness';
import {
	ALL_SCOPES,
	credentialsFor,
	credentialTypes,
	itemsOf,
	listAll,
	NODE_NAME,
	NODE_TYPE,
	nodeTypes,
	runNode,
	atEditorTime,
	SECRET_KEY,
	startSandboxWithKey,
} from './venueBooking';

const NO_BOOKINGS_KEY = 'vb_test_catalog-only-key-55';

const DIALECTS: Array<[string, SandboxOptions]> = [
	['envelope, snake_case, cursor', { pagination: 'cursor', dialect: { envelope: true, naming: 'snake' } }],
	['bare arrays, camelCase, page numbers', { pagination: 'page', dialect: { envelope: false, naming: 'camel' } }],
	['envelope per resource, snake_case, Link header', { pagination: 'linkHeader', dialect: { envelope: true, naming: 'snake', listKey: 'byResource' } }],
	['bare arrays, camelCase, next URL', { pagination: 'nextUrl', dialect: { envelope: false, naming: 'camel' } }],
];

type Context = ReturnType<typeof methodContext>;

function contextFor(sandbox: Pick<Sandbox, 'url'>, parameters: INodeParameters, path: string, apiKey = SECRET_KEY, baseUrl?: string, timezone?: string): Context {
	return methodContext({
		node: node('Venue Booking', NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }),
		nodeTypes,
		credentialTypes,
		credentials: credentialsFor(sandbox, apiKey, baseUrl),
		path,
		timezone,
	});
}

/** A zone without daylight saving time: the expected wall time is the UTC time plus nine hours, whatever the date. */
const TOKYO = 'Asia/Tokyo';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "26 Nov 2026, 15:00": how a booking's start reads in Tokyo, worked out without Intl. */
function tokyoWords(iso: string): string {
	const wall = new Date(Date.parse(iso) + 9 * 3_600_000);
	const hhmm = wall.toISOString().slice(11, 16);
	return `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}, ${hhmm}`;
}

/** Every booking the Booking ID list shows for a search text, scrolled to the end. */
async function searchedBookings(sandbox: Sandbox, filter: string) {
	const pages = await listAll((token) => searchBookings.call(contextFor(sandbox, bookingGet, 'parameters.bookingId', SECRET_KEY, undefined, TOKYO), filter, token));
	return pages.flatMap((page) => page.results);
}

/** A day a few days after the sandbox's clock (the real one here): its slots are free and never in the past. */
const daysAhead = (sandbox: Sandbox, days: number) => formatDate(sandbox.store.clock.now() + days * DAY_MS);

/**
 * Books the first free slot of tomorrow in Tokyo (UTC 15:00 to 15:00 the next day) unless the workspace already
 * has a booking then. The venue opens every day, so such a slot exists at any hour of the week.
 */
async function bookTokyoTomorrow(sandbox: Sandbox, name: (snake: string) => string): Promise<void> {
	const fromMs = Date.parse(`${new Date(Date.now() + 9 * HOUR_MS).toISOString().slice(0, 10)}T15:00:00Z`);
	const toMs = fromMs + DAY_MS;
	const inWindow = (iso: string) => Date.parse(iso) >= fromMs && Date.parse(iso) < toMs;
	if (sandbox.store.bookings.some((booking) => inWindow(booking.start))) return;
	const headers = { Authorization: `Bearer ${SECRET_KEY}` };
	// The window's second UTC day: it opens before 15:00 every day, and slots come in start order, so the first page has one.
	const answer = await axios.get(`${sandbox.apiUrl}/slots`, { params: { from: formatDate(toMs), to: formatDate(toMs) }, headers });
	const slots = Array.isArray(answer.data) ? answer.data : (Object.values(answer.data as IDataObject).find(Array.isArray) as IDataObject[]);
	const slot = slots.find((candidate: IDataObject) => inWindow(String(candidate.start)));
	expect(slot).toBeDefined();
	const body = { [name('room_id')]: slot[name('room_id')], [name('service_id')]: slot[name('service_id')], start: slot.start, [name('client_id')]: sandbox.store.clients[0].id };
	expect((await axios.post(`${sandbox.apiUrl}/bookings`, body, { headers })).status).toBe(201);
}

const bookingPaths = (sandbox: Sandbox) => sandbox.requests.filter((request) => request.path.endsWith('/bookings'));

const bookingGet = { resource: 'booking', operation: 'get' };
const clientGet = { resource: 'client', operation: 'get' };
const bookingCreate = { resource: 'booking', operation: 'create' };

/** A resourceMapper parameter as the editor saves it. */
function mapped(value: ResourceMapperValue['value'], schema: ResourceMapperField[]): INodeParameters[string] {
	const saved: ResourceMapperValue = { mappingMode: 'defineBelow', value, matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
	return saved as unknown as INodeParameters[string];
}


describe.each(DIALECTS)('editor methods, sandbox dialect: %s', (_name, options) => {
	let sandbox: Sandbox;
	const camel = options.dialect?.naming === 'camel';
	const name = (snake: string) => (camel ? snake.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()) : snake);

	beforeAll(async () => {
		sandbox = await startSandbox({
			...options,
			keys: { [SECRET_KEY]: [...ALL_SCOPES], [NO_BOOKINGS_KEY]: ['catalog.read', 'clients.read'] },
		});
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => {
		sandbox.resetRequests();
		forgetEditorSessions();
	});

	// Issue 42 changed the promise: each view shows upcoming bookings first (soonest first), then the past (latest
	// first); a cancelled booking's label says so (no later change undoes it), a live one's never names its state.
	it('Booking ID → From List: one page of bookings per call, each booking once, labelled by time (workflow zone), room and client — a cancelled one marked, no live state — upcoming first', async () => {
		const first = await searchBookings.call(contextFor(sandbox, bookingGet, 'parameters.bookingId', SECRET_KEY, undefined, TOKYO));
		expect(bookingPaths(sandbox)).toHaveLength(1);
		expect(first.results.length).toBeGreaterThan(0);
		expect(first.results.length).toBeLessThan(sandbox.store.bookings.length);
		expect(first.paginationToken).toEqual(expect.any(String));

		sandbox.resetRequests();
		const pages = await listAll((token) => searchBookings.call(contextFor(sandbox, bookingGet, 'parameters.bookingId', SECRET_KEY, undefined, TOKYO), undefined, token));
		expect(bookingPaths(sandbox)).toHaveLength(pages.length);
		const records = pages.map((page) => page.results.filter((result) => !isNoticeRow(result)));
		const values = records.flatMap((page) => page.map((result) => String(result.value)));
		expect([...values].sort()).toEqual(sandbox.store.bookings.map((booking) => booking.id).sort());
		const byId = new Map(sandbox.store.bookings.map((booking) => [booking.id, booking]));
		// Today in Tokyo, the picker's zone: its bookings from 15:00 UTC the day before.
		const todayInTokyo = Date.parse(`${new Date(Date.now() + 9 * HOUR_MS).toISOString().slice(0, 10)}T00:00:00Z`) - 9 * HOUR_MS;
		for (const page of records) {
			const starts = page.map((result) => Date.parse(byId.get(String(result.value))!.start));
			const ahead = starts.filter((start) => start >= todayInTokyo);
			const past = starts.filter((start) => start < todayInTokyo);
			expect(starts).toEqual([...[...ahead].sort((a, b) => a - b), ...[...past].sort((a, b) => b - a)]);
		}
		for (const result of records.flat()) {
			const booking = byId.get(String(result.value))!;
			const room = sandbox.store.rooms.find((candidate) => candidate.id === booking.roomId)!;
			const client = sandbox.store.clients.find((candidate) => candidate.id === booking.clientId)!;
			expect(result.name).toContain(tokyoWords(booking.start));
			expect(result.name).toContain(` · ${room.name} · ${client.name}`);
			if (booking.status === 'cancelled') expect(result.name).toMatch(/^✕ Cancelled · /);
			else expect(result.name).not.toMatch(new RegExp(`\\b${booking.status}\\b`, 'i'));
			expect(result.name).not.toContain(booking.roomId);
		}
		// Labels stay unique: two bookings that read alike get a piece of their id.
		const labels = records.flatMap((page) => page.map((result) => result.name));
		for (const page of records) expect(new Set(page.map((result) => result.name)).size).toBe(page.length);
		expect(labels.length).toBe(values.length);
	});

	it('the booking search finds names and words: "Ada" exactly the bookings of clients called Ada, a full name, a room, "tomorrow"', async () => {
		const clientOf = new Map(sandbox.store.clients.map((client) => [client.id, client]));
		const roomOf = new Map(sandbox.store.rooms.map((room) => [room.id, room]));
		const ada = sandbox.store.clients.find((client) => client.name.startsWith('Ada ') && sandbox.store.bookings.some((booking) => booking.clientId === client.id));
		const withBookings = sandbox.store.bookings.map((booking) => booking.clientId);
		const someone = ada ?? clientOf.get(withBookings[withBookings.length - 1])!;
		const firstName = someone.name.split(' ')[0];
		const byFirstName = await searchedBookings(sandbox, firstName);
		const expected = sandbox.store.bookings.filter((booking) => clientOf.get(booking.clientId)!.name.split(' ').includes(firstName)).map((booking) => booking.id);

		expect(byFirstName.map((result) => String(result.value)).sort()).toEqual(expected.sort());
		expect(byFirstName.length).toBeGreaterThan(0);
		for (const result of byFirstName) expect(result.name).toContain(firstName);

		const byFullName = await searchedBookings(sandbox, someone.name.toUpperCase());
		expect(byFullName.map((result) => String(result.value)).sort()).toEqual(
			sandbox.store.bookings.filter((booking) => clientOf.get(booking.clientId)!.name === someone.name).map((booking) => booking.id).sort(),
		);

		const studio = sandbox.store.rooms[0];
		const inStudio = await searchedBookings(sandbox, studio.name);
		expect(inStudio.map((result) => String(result.value)).sort()).toEqual(
			sandbox.store.bookings.filter((booking) => roomOf.get(booking.roomId)!.name === studio.name).map((booking) => booking.id).sort(),
		);

		// "Tomorrow" is the next calendar day in the workflow's zone (Tokyo: UTC + 9 hours, worked out here), on the
		// real clock the node reads. The seed may leave that day empty at some hour of the week, so the test books a
		// free slot of it first: the comparison below never compares two empty lists, whatever day the suite runs.
		const tokyoDay = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);
		await bookTokyoTomorrow(sandbox, name);
		let tomorrow: string;
		let byWord: Awaited<ReturnType<typeof searchedBookings>>;
		do {
			tomorrow = tokyoDay(Date.now() + 86_400_000);
			byWord = await searchedBookings(sandbox, 'tomorrow');
			// Tokyo's midnight fell during the search: the node and the test read different days; ask again.
		} while (tokyoDay(Date.now() + 86_400_000) !== tomorrow);
		const expectedTomorrow = sandbox.store.bookings.filter((booking) => tokyoDay(Date.parse(booking.start)) === tomorrow).map((booking) => booking.id);
		expect(expectedTomorrow.length).toBeGreaterThan(0);
		expect(byWord.map((result) => String(result.value)).sort()).toEqual(expectedTomorrow.sort());
		// The label n8n saves holds the date, never "Tomorrow", which goes stale the next day.
		for (const result of byWord) {
			expect(result.name).not.toMatch(/Yesterday|Today|Tomorrow/);
			const booking = sandbox.store.bookings.find((candidate) => candidate.id === result.value)!;
			expect(result.name).toContain(tokyoWords(booking.start));
		}
	});

	it('Client ID → From List: the search box filters what the pages contain; a search parameter is only one of the registry\'s, tried by the editor', async () => {
		const wanted = sandbox.store.clients[sandbox.store.clients.length - 1];
		const found = await searchClients.call(contextFor(sandbox, clientGet, 'parameters.clientId'), wanted.name.toUpperCase());
		expect(found.results).toContainEqual({ name: expect.stringContaining(wanted.name), value: wanted.id });
		expect(found.results.every((result) => result.name.toLowerCase().includes(wanted.name.toLowerCase()) || result.value === wanted.id)).toBe(true);
		// Issue 41: the first search of a session tries the registry's search parameters (the sandbox's own dialect takes
		// one); nothing else that reads like a filter is sent.
		expect(sandbox.requests.every((request) => Object.keys(request.query).every((key) => SEARCH_PARAMETERS.includes(key) || !/search|q|filter/i.test(key)))).toBe(true);
	});

	it('the fields seen on bookings: types, examples, a room dropdown by name; the form opens with the inputs; no client as an option', async () => {
		const result = (await bookingFields.call(contextFor(sandbox, bookingCreate, 'parameters.fields'))) as ResourceMapperFields;
		const byId = new Map(result.fields.map((field) => [field.id, field as OfferedField]));
		expect(byId.has('id')).toBe(false);
		const room = byId.get(name('room_id'));
		expect(room?.type).toBe('options');
		expect(room?.displayName).toContain('a room');
		const studio = sandbox.store.rooms[0];
		expect(room?.options).toContainEqual({ name: expect.stringContaining(studio.name), value: studio.id });
		expect(byId.get(name('service_id'))?.displayName).toContain('a service');
		expect(byId.get('start')?.type).toBe('dateTime');
		expect(byId.get(name('price_cents'))?.type).toBe('number');
		// The form opens with what makes a booking; what the workspace sets waits under "add field".
		expect(result.fields.filter((field) => !field.removed).map((field) => field.id)).toEqual([name('room_id'), name('service_id'), 'start', 'note']);
		expect(result.fields.filter((field) => field.removed).map((field) => field.id)).toEqual(
			['client_id', 'end', 'status', 'price_cents', 'currency', 'payment_status', 'created_at', 'updated_at', 'cancelled_at', 'cancel_reason'].map(name),
		);
		expect(result.fields.every((field) => field.display)).toBe(true);
		expect(byId.get('currency')?.options).toEqual([{ name: 'EUR', value: 'EUR' }]);
		// Three pages of bookings: the first holds one currency on every booking, so two more pages are read before
		// it is judged the same on every booking (issue 35: hidden only on evidence). The rooms and services read
		// whole (one page each here); the clients' first page, which with the field's name recognises the client
		// field, never offered as options (n8n would save them in the workflow).
		const paths = sandbox.requests.map((request) => request.path).sort();
		expect(paths).toEqual(['/bookings', '/bookings', '/bookings', '/clients', '/rooms', '/services'].map((path) => `/api/partners/v1${path}`));
		const clientField = byId.get(name('client_id'));
		expect(clientField).toMatchObject({ type: 'string', pickedIn: 'client' });
		expect(clientField?.options).toBeUndefined();
		const offered = JSON.stringify(result);
		for (const client of sandbox.store.clients) {
			expect(offered).not.toContain(client.email);
			expect(offered).not.toContain(client.name);
		}
	});

	it('the Cancel or Reschedule form opens with the state and what a later state adds, not with the times the workspace keeps', async () => {
		const result = await bookingFields.call(contextFor(sandbox, { resource: 'booking', operation: 'update' }, 'parameters.fields'));
		const shown = result.fields.filter((field) => !field.removed).map((field) => field.id);
		expect(shown).toEqual([name('room_id'), name('service_id'), 'start', 'status', 'note', name('cancel_reason')]);
	});

	it('a key without bookings.read: the list shows the scope-named error, the fields fall back with a notice', async () => {
		await expect(searchBookings.call(contextFor(sandbox, bookingGet, 'parameters.bookingId', NO_BOOKINGS_KEY))).rejects.toThrow(/bookings\.read/);
		const fields = await bookingFields.call(contextFor(sandbox, bookingCreate, 'parameters.fields', NO_BOOKINGS_KEY));
		expect(fields.fields).toEqual([]);
		expect(fields.emptyFieldsNotice).toMatch(/bookings\.read/);
		expect(fields.emptyFieldsNotice).toMatch(/Body/);
		expect(JSON.stringify(fields)).not.toContain(NO_BOOKINGS_KEY);
	});

	it('create with a room picked from the dropdown, the client picked by name and the time in an offered field, then cancel it picked from the list', async () => {
		const offered = await bookingFields.call(contextFor(sandbox, bookingCreate, 'parameters.fields'));
		const room = offered.fields.find((field) => field.id === name('room_id'));
		const pickedRoom = String(room?.options?.find((option) => String(option.name).startsWith(sandbox.store.rooms[0].name))?.value);
		const slots = await axios.get(`${sandbox.apiUrl}/slots`, {
			params: { from: daysAhead(sandbox, 3), to: daysAhead(sandbox, 3), [name('room_id')]: pickedRoom },
			headers: { Authorization: `Bearer ${SECRET_KEY}` },
		});
		const slot = (Array.isArray(slots.data) ? slots.data : (Object.values(slots.data).find(Array.isArray) as IDataObject[]))[0];
		const clients = await searchClients.call(contextFor(sandbox, bookingCreate, 'parameters.bookingClient'), sandbox.store.clients[0].name);
		const client = clients.results[0];
		const value = { [name('room_id')]: pickedRoom, [name('service_id')]: slot[name('service_id')], start: slot.start, note: null };
		const created = await runNode(sandbox, {
			...bookingCreate,
			bookingClient: { __rl: true, mode: 'list', value: client.value, cachedResultName: client.name },
			fields: mapped(value as ResourceMapperValue['value'], offered.fields),
		});
		expect(created.errorOf('Venue Booking')?.description).toBeUndefined();
		expect(created.status).toBe('success');
		const booking = itemsOf(created)[0];
		expect(sandbox.requests.at(-1)?.body).toEqual({ [name('room_id')]: pickedRoom, [name('service_id')]: slot[name('service_id')], start: slot.start, [name('client_id')]: client.value });

		// The client's name typed into the search box, then scrolled: each call reads on only until its pages hold a match.
		const clientName = sandbox.store.clients.find((candidate) => candidate.id === client.value)!.name;
		const shown = await searchedBookings(sandbox, clientName);
		expect(shown.length).toBeGreaterThan(0);
		expect(shown.every((result) => result.name.includes(clientName))).toBe(true);
		const picked = shown.find((result) => result.value === booking.id);
		expect(picked?.name).toContain(`${tokyoWords(String(slot.start))} · ${sandbox.store.rooms[0].name} · ${clientName}`);
		const change = await bookingFields.call(contextFor(sandbox, { resource: 'booking', operation: 'update' }, 'parameters.fields'));
		const cancelled = await runNode(sandbox, {
			resource: 'booking',
			operation: 'update',
			bookingId: { __rl: true, mode: 'list', value: String(picked?.value), cachedResultName: picked?.name },
			fields: mapped({ status: 'cancelled' }, change.fields),
		});
		expect(cancelled.status).toBe('success');
		expect(itemsOf(cancelled)[0]).toMatchObject({ id: booking.id, status: 'cancelled' });
	});
});

describe('editor methods at the edges', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ scale: { bookings: 0 }, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
	});
	afterAll(async () => sandbox.close());

	it('a workspace of 150 clients (8 pages): the client field is recognised from the field it sits in and the first page, not the whole list', async () => {
		const large = await startSandbox({ scale: { clients: 150, bookings: 30 }, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
		try {
			const result = (await bookingFields.call(contextFor(large, bookingCreate, 'parameters.fields'))) as ResourceMapperFields;
			const clientRequests = large.requests.filter((request) => request.path.endsWith('/clients'));
			expect(clientRequests).toHaveLength(1);
			expect(result.fields.filter((field) => (field as OfferedField).pickedIn === 'client').map((field) => field.id)).toEqual(['client_id']);
		} finally {
			await large.close();
		}
	});

	it('an empty workspace: no fields, a notice that says why and points at the body', async () => {
		const fields = await bookingFields.call(contextFor(sandbox, bookingCreate, 'parameters.fields'));
		expect(fields).toEqual({ fields: [], emptyFieldsNotice: expect.stringMatching(/no bookings yet.*Body/) });
	});

	it('an unreachable Base URL: the list says so instead of showing nothing', async () => {
		const closed = await startSandbox({});
		const url = closed.url;
		await closed.close();
		await expect(
			searchClients.call(contextFor(sandbox, { ...clientGet, options: { maxRetries: 0 } }, 'parameters.clientId', SECRET_KEY, url)),
		).rejects.toThrow(/refused|reach|connect/i);
	});

	it('a field the user names and the body: a name in both is an error naming it and the item', async () => {
		const result = await runNode(sandbox, {
			...bookingCreate,
			fields: mapped({ start: '2027-03-03T10:00:00Z' }, []),
			specifyBody: 'json',
			jsonBody: '{ "start": "2027-03-03T11:00:00Z" }',
		});
		expect(result.errorOf('Venue Booking')?.message).toBe('Fields Seen in Your Workspace: "start" is also given in the body (item 0)');
		expect(sandbox.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
	});
});

/**
 * The conventions Automatic cannot walk from their answers alone (test/support/conventions.ts): a Return All run
 * fails saying what to set, but the editor needs one page, so the form and the pickers work from the first page,
 * and the pickers end with a notice in the run's own words.
 */
describe.each(Object.keys(PAGINATION_AS_SET).map((name) => [name as ConventionName]))('the editor where the %s convention needs Options > Pagination', (convention) => {
	const info = conventionInfo(convention);
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ convention, seed: 7, today: FIXED_TODAY, scale: { bookings: 237, clients: 237 } });
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => {
		sandbox.resetRequests();
		forgetEditorSessions();
	});

	/** What the run's error says was seen: the words in its first parentheses. */
	async function runSaid(resource: string): Promise<string> {
		const result = await runNode(sandbox, { resource, operation: 'getAll', returnAll: true });
		const error = result.errorOf(NODE_NAME);
		expect(error?.message).toMatch(/^The API said more entries follow \(/);
		expect(String(error?.description)).toMatch(/Set Options > Pagination/);
		return /\((.+?)\), but/.exec(error?.message ?? '')![1];
	}

	/** Records identified by another field than `id` (hasMoreOnly's `ref`) need the Identity Field option, as in a run. */
	const withIdentity = (parameters: INodeParameters): INodeParameters =>
		info.identityField === 'id' ? parameters : { ...parameters, options: { identityPath: info.identityField } };
	const identities = (records: Array<Record<string, unknown>>) => records.map((record) => String(record[info.identityField] ?? record.id));

	it('the Booking ID picker shows the first page of bookings, then a notice that cannot be picked, in the words of the run\'s error', async () => {
		const said = await runSaid('booking');
		sandbox.resetRequests();
		// The day before the workspace's first booking, whatever the machine's date: every booking lies ahead, so the
		// picker opens on the list's first page (it opens on today's bookings where the list lets it jump there).
		const dayBefore = Math.min(...sandbox.store.bookings.map((booking) => Date.parse(booking.start))) - DAY_MS;
		const pages = await atEditorTime(() => listAll((token) => searchBookings.call(contextFor(sandbox, withIdentity(bookingGet), 'parameters.bookingId', SECRET_KEY, undefined, 'UTC'), undefined, token)), dayBefore);
		// One page; where Automatic derived a page parameter the API ignores, the second page repeats the first
		// and is shown as the notice alone.
		expect(pages.length).toBeLessThanOrEqual(2);
		expect(pages[pages.length - 1].paginationToken).toBeUndefined();
		const results = pages.flatMap((page) => page.results);
		const notice = results[results.length - 1];
		expect(isNoticeRow(notice)).toBe(true);
		expect(notice.value).toBe(false);
		expect(notice.name).toContain('Set Options > Pagination');
		expect(notice.name).toContain(`the API said more entries follow (${said})`);
		const bookings = results.slice(0, -1);
		expect(bookings.length).toBeGreaterThan(0);
		expect(bookings.every((row) => !isNoticeRow(row))).toBe(true);
		// The first page's bookings, each by its identity; the rest of the 237 are not offered as if complete.
		const known = new Set(identities(sandbox.store.bookings as unknown as Array<Record<string, unknown>>));
		// Read back in the convention's id form (Acuity's numbers).
		for (const row of bookings) expect(known.has(conventionRecordId(convention, 'bookings', String(row.value))!)).toBe(true);
		expect(bookings.length).toBeLessThan(sandbox.store.bookings.length);
		expect(sandbox.requests.filter((request) => request.path.endsWith('/bookings'))).toHaveLength(pages.length);
	});

	it('on a day after every booking, the Booking ID picker never shows the first page again as the list\'s end', async () => {
		const dayAfter = Math.max(...sandbox.store.bookings.map((booking) => Date.parse(booking.start))) + DAY_MS;
		const pages = await atEditorTime(() => listAll((token) => searchBookings.call(contextFor(sandbox, withIdentity(bookingGet), 'parameters.bookingId', SECRET_KEY, undefined, 'UTC'), undefined, token)), dayAfter);
		const rows = pages.flatMap((page) => page.results).filter((row) => !isNoticeRow(row));
		expect(rows.length).toBeGreaterThan(0);
		expect(new Set(rows.map((row) => row.value)).size).toBe(rows.length);
		expect(rows.length).toBeLessThan(sandbox.store.bookings.length);
		const notices = pages.flatMap((page) => page.results).filter(isNoticeRow).map((row) => String(row.name));
		expect(notices.some((notice) => notice.includes('Set Options > Pagination') || notice.includes('no way to jump to today'))).toBe(true);
	});

	it('a search keeps the first page\'s matches and the notice; the Client ID picker shows the first page and the notice too', async () => {
		const said = await runSaid('client');
		// Whatever the day: before every booking the search reads forwards; after every booking it would read the list
		// from its end where the first page reveals one, and an end the API answers with the first page again (it
		// ignores the page parameter Automatic derived) is no end.
		const starts = sandbox.store.bookings.map((booking) => Date.parse(booking.start));
		for (const day of [Math.min(...starts) - DAY_MS, Math.max(...starts) + DAY_MS]) {
			forgetEditorSessions();
			const searched = await atEditorTime(() => searchBookings.call(contextFor(sandbox, withIdentity(bookingGet), 'parameters.bookingId', SECRET_KEY, undefined, 'UTC'), 'no booking is called this'), day);
			expect(searched.results).toHaveLength(1);
			expect(isNoticeRow(searched.results[0])).toBe(true);
		}
		const pages = await listAll((token) => searchClients.call(contextFor(sandbox, withIdentity(clientGet), 'parameters.clientId'), undefined, token));
		expect(pages.length).toBeLessThanOrEqual(2);
		const clients = pages.flatMap((page) => page.results);
		expect(clients.length).toBeGreaterThan(1);
		expect(clients.slice(0, -1).every((row) => !isNoticeRow(row))).toBe(true);
		expect(clients[clients.length - 1].name).toContain(`Set Options > Pagination to list more: the API said more entries follow (${said})`);
	});

	it('the Create form offers the fields of the first page of bookings, with a room dropdown from the first page of rooms', async () => {
		const result = (await bookingFields.call(contextFor(sandbox, withIdentity(bookingCreate), 'parameters.fields'))) as ResourceMapperFields;
		expect(result.emptyFieldsNotice).toBeUndefined();
		expect(result.fields.length).toBeGreaterThan(3);
		expect(result.fields.some((field) => field.type === 'dateTime')).toBe(true);
		expect(result.fields.some((field) => field.type === 'options' && (field.options ?? []).some((option) => conventionRecordId(convention, 'rooms', String(option.value)) === sandbox.store.rooms[0].id))).toBe(true);
		// One page of bookings (a second ask where the first page is uniform and Automatic guessed a page parameter:
		// the walk ends when that page repeats the first); the clients (237) likewise stop at the page the walk cannot
		// go beyond, never their five-page budget.
		const count = (path: string) => sandbox.requests.filter((request) => request.path.endsWith(`/${path}`)).length;
		expect(count('bookings')).toBeLessThanOrEqual(2);
		expect(count('clients')).toBeLessThanOrEqual(2);
	});
});
