/**
 * The editor on a venue's real size (5,000 clients, 20,000 bookings, 300 rooms, 40 services), through n8n-core's
 * LoadOptionsContext against the sandbox, in the sandbox's own dialect and three conventions of other styles:
 * labels name each booking's own room and client, a far client's booking is found by name, every room is
 * offered, both client pickers find any client; and, where ids are numbers, a reference is judged by its field.
 */
import type { INodeListSearchResult, INodeParameters, ResourceMapperFields } from 'n8n-workflow';

import { atEditorTime, editorMethodContext, startSandboxWithKey } from './venueBooking';
import { forgetEditorSessions } from '../../nodes/VenueBooking/editorSession';
import { isNoticeRow, searchBookings, searchClients } from '../../nodes/VenueBooking/methods/listSearch';
import { bookingFields } from '../../nodes/VenueBooking/methods/resourceMapping';
import { type ReferenceList, referencedList } from '../../nodes/VenueBooking/referenceLists';
import { conventionInfo, type ConventionName, FIXED_TODAY, type Sandbox, type SandboxOptions } from '../../sandbox';

const SCALE = { clients: 5_000, bookings: 20_000, rooms: 300, services: 40 };
/** The client a search reaches for: far down the client list. */
const FAR_CLIENT = 3_999;
const RESULT_PAGES = 5;

const STYLES: Array<[string, Partial<SandboxOptions>]> = [
	['sandbox default (envelope, snake_case, cursor)', {}],
	['stripe (after last id, Unix seconds)', { convention: 'stripe' }],
	['drfPage (page numbers, next URL)', { convention: 'drfPage' }],
	['jsonApi (resource objects, relationships)', { convention: 'jsonApi' }],
];

const contextFor = editorMethodContext;

/** Result pages of a picker as the user scrolls, up to `pages`, stopping at the first holding `wanted`. */
async function scrollUntil(call: (token?: string) => Promise<INodeListSearchResult>, wanted: (value: string) => boolean, pages = RESULT_PAGES) {
	let token: string | undefined;
	for (let page = 1; page <= pages; page++) {
		const result = await call(token);
		const found = result.results.filter((row) => !isNoticeRow(row) && wanted(String(row.value)));
		if (found.length > 0) return { page, found, result };
		token = result.paginationToken as string | undefined;
		if (token === undefined) break;
	}
	return undefined;
}

describe.each(STYLES)('the editor on a large workspace: %s', (_name, options) => {
	let sandbox: Sandbox;
	const convention = options.convention as ConventionName | undefined;
	const identityField = convention ? conventionInfo(convention).identityField : 'id';
	const withIdentity = (parameters: INodeParameters): INodeParameters => (identityField === 'id' ? parameters : { ...parameters, options: { identityPath: identityField } });

	beforeAll(async () => {
		forgetEditorSessions();
		sandbox = await startSandboxWithKey({ ...options, seed: 3, today: FIXED_TODAY, scale: SCALE });
	});
	afterAll(async () => sandbox.close());

	it('every label of the booking picker\'s first page names its own room and client', async () => {
		const first = await searchBookings.call(contextFor(sandbox, withIdentity({ resource: 'booking', operation: 'get' }), 'parameters.bookingId'));
		const rows = first.results.filter((row) => !isNoticeRow(row));
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) {
			const booking = sandbox.store.findBooking(String(row.value))!;
			expect(String(row.name)).toContain(` · ${sandbox.store.findRoom(booking.roomId)!.name} · ${sandbox.store.findClient(booking.clientId)!.name}`);
		}
	});

	// Issue 42: the picker opens on upcoming bookings (soonest first). Where the list's first page holds only past
	// bookings and reveals its end (drfPage's count beside a page-counted next URL, JSON:API's links.last), the view
	// reads that last page too, one booking page more than the first page's view. Every first view reads the services
	// only to their first page (its labels name none; the first page's view, a later view, reads them whole), which
	// pays for that page: no more requests in all than the first page's view.
	const JUMPS_TO_THE_END: Array<ConventionName | undefined> = ['drfPage', 'jsonApi'];

	it('the first view opens on upcoming bookings where the list allows it, for no more requests than the first page\'s view', async () => {
		const context = contextFor(sandbox, withIdentity({ resource: 'booking', operation: 'get' }), 'parameters.bookingId');
		// The picker's today is the sandbox's (FIXED_TODAY, noon UTC), whatever the machine's day.
		await atEditorTime(() => firstViewAtSandboxToday(context));
	});

	/** Requests of one view from a cold editor session: all of them, and the pages of the booking list among them. */
	async function countedView(view: () => Promise<INodeListSearchResult>) {
		forgetEditorSessions();
		sandbox.resetRequests();
		const result = await view();
		const pagesOf = (list: string) => sandbox.requests.filter((request) => request.path.endsWith(`/${list}`)).length;
		return { result, requests: sandbox.requests.length, bookingPages: pagesOf('bookings'), roomPages: pagesOf('rooms'), servicePages: pagesOf('services') };
	}

	async function firstViewAtSandboxToday(context: ReturnType<typeof contextFor>) {
		const opened = await countedView(() => searchBookings.call(context));
		// The first page's view as it was before (a token at the list's start skips the jump).
		const firstPage = await countedView(() => searchBookings.call(context, undefined, JSON.stringify({ searched: 0 })));
		expect(firstPage.bookingPages).toBe(1);
		const jumps = JUMPS_TO_THE_END.includes(convention);
		expect(opened.bookingPages).toBe(jumps ? 2 : 1);
		expect(opened.requests).toBeLessThanOrEqual(firstPage.requests);
		expect(opened.servicePages).toBe(1);
		expect(opened.roomPages).toBe(firstPage.roomPages);
		const first = opened.result;
		const rows = first.results.filter((row) => !isNoticeRow(row));
		// Without the client list's first page, every label still names its own room and client (a card each).
		for (const row of rows) {
			const booking = sandbox.store.findBooking(String(row.value))!;
			expect(String(row.name)).toContain(` · ${sandbox.store.findRoom(booking.roomId)!.name} · ${sandbox.store.findClient(booking.clientId)!.name}`);
		}
		const starts = rows.map((row) => Date.parse(sandbox.store.findBooking(String(row.value))!.start));
		const today = Date.parse(`${FIXED_TODAY}T00:00:00Z`);
		if (convention === undefined) {
			// A cursor list reveals no end: the oldest page as before, and a notice of what to search.
			expect(first.results.map((row) => row.value)).toEqual(firstPage.result.results.filter((row) => !isNoticeRow(row)).map((row) => row.value).concat(false));
			expect(String(first.results.at(-1)!.name)).toContain('search "today", "tomorrow" or a date');
		} else {
			expect(starts[0]).toBeGreaterThanOrEqual(today);
			const ahead = starts.filter((start) => start >= today);
			expect(starts.slice(0, ahead.length)).toEqual([...ahead].sort((a, b) => a - b));
			expect(ahead.length).toBeGreaterThan(rows.length / 2);
		}
	}

	it(`a search by the far client's full name offers their booking within ${RESULT_PAGES} result pages`, async () => {
		const far = sandbox.store.clients[FAR_CLIENT];
		const theirs = new Set(sandbox.store.bookings.filter((booking) => booking.clientId === far.id).map((booking) => booking.id));
		expect(theirs.size).toBeGreaterThan(0);
		const context = contextFor(sandbox, withIdentity({ resource: 'booking', operation: 'get' }), 'parameters.bookingId');
		const reached = await scrollUntil((token) => searchBookings.call(context, far.name, token), (value) => theirs.has(value));
		expect(reached).toBeDefined();
		for (const row of reached!.result.results.filter((row) => !isNoticeRow(row))) expect(String(row.name)).toContain(far.name.split(' ')[0]);
	});

	it('both client pickers find the far client by name', async () => {
		const far = sandbox.store.clients[FAR_CLIENT];
		for (const parameters of [{ resource: 'client', operation: 'get' }, { resource: 'booking', operation: 'create' }]) {
			forgetEditorSessions();
			const context = contextFor(sandbox, withIdentity(parameters), parameters.resource === 'client' ? 'parameters.clientId' : 'parameters.bookingClient');
			const reached = await scrollUntil((token) => searchClients.call(context, far.name, token), (value) => value === far.id);
			expect(reached).toBeDefined();
		}
	});

	it('the form offers every room', async () => {
		const result = (await bookingFields.call(contextFor(sandbox, withIdentity({ resource: 'booking', operation: 'create' }), 'parameters.fields'))) as ResourceMapperFields;
		const roomField = result.fields.find((field) => field.displayName.includes('a room'));
		expect(roomField?.options?.map((option) => option.value).sort()).toEqual(sandbox.store.rooms.map((room) => room.id).sort());
	});
});

// A search reads the list's first page, then from its end backwards where the first page is past and the answer
// says where the list ends: the newest bookings (a client's new one, tomorrow's) come in the first call. Scrolled to
// the end, it has offered every match once: page 1 is not read twice into the results.
describe('a search read from the list\'s end', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		forgetEditorSessions();
		sandbox = await startSandboxWithKey({ convention: 'drfPage', seed: 5, today: FIXED_TODAY, scale: { clients: 30, bookings: 450 } });
	});
	afterAll(async () => sandbox.close());

	it('offers the newest bookings first, and every match exactly once to the end', async () => {
		const context = contextFor(sandbox, { resource: 'booking', operation: 'get' }, 'parameters.bookingId');
		const offered: string[] = [];
		let calls = 0;
		await atEditorTime(async () => {
			let token: string | undefined;
			do {
				const result = await searchBookings.call(context, 'bkg', token);
				if (calls++ === 0) {
					// The list's last page (its newest bookings) is in the first call's answer.
					const newest = sandbox.store.bookings.slice(-sandbox.settings.defaultPageSize).map((booking) => booking.id);
					expect(result.results.map((row) => row.value)).toEqual(expect.arrayContaining(newest));
				}
				offered.push(...result.results.filter((row) => !isNoticeRow(row)).map((row) => String(row.value)));
				token = result.paginationToken as string | undefined;
			} while (token !== undefined && calls < 10);
		});
		expect(calls).toBeGreaterThan(1);
		expect(offered).toHaveLength(new Set(offered).size);
		expect([...offered].sort()).toEqual(sandbox.store.bookings.map((booking) => booking.id).sort());
	});
});

describe('a reference judged by the field it sits in', () => {
	const numbered = (what: string, count: number, complete = true): ReferenceList => ({
		what,
		people: what === 'client',
		options: Array.from({ length: count }, (_, index) => ({ name: `${what} ${index + 1}`, value: String(index + 1) })),
		complete,
	});
	const lists = [numbered('room', 300), numbered('service', 40), numbered('client', 20, false)];

	it('numeric ids: a service id is a service, a room id a room, whatever other list holds the same numbers', () => {
		const values = [3, 17, 38, 12];
		expect(referencedList({ type: 'number', values, name: 'service_id' }, lists)?.what).toBe('service');
		expect(referencedList({ type: 'number', values, name: 'roomId' }, lists)?.what).toBe('room');
		expect(referencedList({ type: 'number', values, name: 'relationships.client.data.id' }, lists)?.what).toBe('client');
		expect(referencedList({ type: 'number', values: [250, 299], name: 'service_id' }, lists)).toBeUndefined();
	});

	it('a field that names no list is a reference only where one list alone holds its values', () => {
		expect(referencedList({ type: 'number', values: [3, 17, 38], name: 'resource' }, lists)).toBeUndefined();
		expect(referencedList({ type: 'number', values: [120, 250], name: 'resource' }, lists)?.what).toBe('room');
	});
});
