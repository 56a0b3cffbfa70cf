import type { IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { isNoticeRow, nearDay, noticeRow, searchBookings, searchClients, searchRecords, timeInWords, withoutEmails } from '../../../nodes/VenueBooking/methods/listSearch';
import { listReferencedBy, namesOf } from '../../../nodes/VenueBooking/referenceLists';
import { MAX_REQUESTS_PER_CALL } from '../../../nodes/VenueBooking/methods/clientDirectory';
import { SEARCH_PARAMETERS } from '../../../nodes/VenueBooking/conventions';
import { type MockAnswer, mockLoadOptionsContext } from '../mockContext';
import { forgetEditorSessions } from '../../../nodes/VenueBooking/editorSession';

// The editor remembers a workspace's lists between calls; every case here starts with one that remembers nothing.
beforeEach(() => forgetEditorSessions());

const clients = findEndpoint('client', 'getAll');

/** A cursor-paginated list page as the mocked API answers it. */
const listPage = (records: unknown[], next?: string): MockAnswer => ({ statusCode: 200, body: { data: records, meta: { next_cursor: next ?? null } } });

function contextWith(answers: MockAnswer[] | ((request: IHttpRequestOptions) => MockAnswer), parameters = {}) {
	return mockLoadOptionsContext({ parameters, answers });
}

describe('a From List view of a list endpoint', () => {
	it('without a search text reads one page, each record as its id with a label from its content, and hands on the token', async () => {
		const { context, requests } = contextWith([listPage([{ id: 1, name: 'Anna Berg' }, { id: 2, email: 'bo@example.com' }], 'c2')]);
		const result = await searchRecords(context, clients, 'client');
		expect(result.results).toEqual([
			{ name: 'Anna Berg', value: '1' },
			{ name: 'bo@example.com', value: '2' },
		]);
		expect(result.paginationToken).toEqual(expect.any(String));
		expect(requests).toHaveLength(1);
	});

	it('continues from the token n8n hands back, and ends with no token on the last page', async () => {
		const { context, requests } = contextWith([listPage([{ id: 1, name: 'Anna Berg' }], 'c2'), listPage([{ id: 2, name: 'Carl Dahl' }])]);
		const first = await searchRecords(context, clients, 'client');
		const second = await searchRecords(context, clients, 'client', undefined, first.paginationToken as string);
		expect(second).toEqual({ results: [{ name: 'Carl Dahl', value: '2' }], paginationToken: undefined });
		expect(requests[1].qs).toMatchObject({ cursor: 'c2' });
	});

	it('treats an empty token as the first page', async () => {
		const { context, requests } = contextWith([listPage([{ id: 1, name: 'Anna Berg' }])]);
		await searchRecords(context, clients, 'client', '', '');
		expect(requests[0].qs?.cursor).toBeUndefined();
	});

	it('with a search text reads on to find every match, at most MAX_REQUESTS_PER_CALL pages a call (a fast API), and says how much it searched', async () => {
		const noMatch = (n: number, last = false) => listPage([{ id: n, name: `Other Person ${n}` }], last ? undefined : `c${n + 1}`);
		const { context, requests } = contextWith([noMatch(1), listPage([{ id: 2, name: 'Zed Quist' }], 'c3'), noMatch(3), listPage([{ id: 4, name: 'Zed Quist' }], 'c5'), noMatch(5, true)]);
		const result = await searchRecords(context, clients, 'client', ' zed ');
		expect(result.results).toEqual([
			{ name: 'Zed Quist · #2', value: '2' },
			{ name: 'Zed Quist · #4', value: '4' },
		]);
		expect(requests).toHaveLength(5);
		expect(result.paginationToken).toBeUndefined();

		const endless = contextWith((request) => noMatch(Number((request.qs as { cursor?: string } | undefined)?.cursor?.slice(1) ?? 1)));
		const nothing = await searchRecords(endless.context, clients, 'client', 'zed');
		expect(nothing.results).toEqual([noticeRow(`Searched ${MAX_REQUESTS_PER_CALL.toLocaleString('en-US')} clients — scroll for more`)]);
		expect(endless.requests).toHaveLength(MAX_REQUESTS_PER_CALL);
		const more = await searchRecords(endless.context, clients, 'client', 'zed', nothing.paginationToken as string);
		expect(endless.requests[MAX_REQUESTS_PER_CALL].qs).toMatchObject({ cursor: `c${MAX_REQUESTS_PER_CALL + 1}` });
		expect(more.results).toEqual([noticeRow(`Searched ${(2 * MAX_REQUESTS_PER_CALL).toLocaleString('en-US')} clients — scroll for more`)]);
	});

	it('a call returns once it holds 200 matches, however many pages that took, and the token goes on from there', async () => {
		const matching = (n: number) => listPage([{ id: n, name: `Zed Quist ${n}` }, { id: `x${n}`, name: `Other Person ${n}` }], `c${n + 1}`);
		const { context, requests } = contextWith((request) => matching(Number((request.qs as { cursor?: string } | undefined)?.cursor?.slice(1) ?? 1)));
		const first = await searchRecords(context, clients, 'client', 'zed');
		expect(first.results.filter((row) => !isNoticeRow(row))).toHaveLength(200);
		expect(first.results.at(-1)).toEqual(noticeRow('Searched 400 clients — scroll for more'));
		expect(requests).toHaveLength(200);
		const second = await searchRecords(context, clients, 'client', 'zed', first.paginationToken as string);
		expect(second.results[0]).toEqual({ name: 'Zed Quist 201', value: '201' });
	});

	it('a booking search whose client list outlasts a call says to search again, and the next call reads the client list on', async () => {
		const endlessClients = contextWith((request) => {
			const path = new URL(String(request.url)).pathname;
			if (!path.endsWith('/clients')) return listPage([]);
			const at = Number((request.qs as { cursor?: string } | undefined)?.cursor?.slice(1) ?? 1);
			return listPage([{ id: `c${at}`, name: `Other Person ${at}` }], `c${at + 1}`);
		});
		const first = await searchBookings.call(endlessClients.context as ILoadOptionsFunctions, 'zed');
		// First the search parameters are tried (the list unfiltered, then each name once): none narrows this list.
		const tries = 1 + SEARCH_PARAMETERS.length;
		expect(endlessClients.requests.slice(1, tries).map((request) => Object.keys(request.qs ?? {}))).toEqual(SEARCH_PARAMETERS.map((name) => [name]));
		const read = MAX_REQUESTS_PER_CALL - tries;
		expect(first.results).toEqual([noticeRow(`Reading the client list to search by client name: ${read.toLocaleString('en-US')} clients so far — search again to read on`)]);
		expect(endlessClients.requests).toHaveLength(MAX_REQUESTS_PER_CALL);
		await searchBookings.call(endlessClients.context as ILoadOptionsFunctions, 'zed', first.paginationToken as string);
		// Tried once a session: the next call reads the client list on at once.
		expect(endlessClients.requests[MAX_REQUESTS_PER_CALL].qs).toMatchObject({ cursor: `c${read + 1}` });
	});

	it('tells apart two records with the same label by a short piece of their identity, the whole one where pieces collide', async () => {
		const { context } = contextWith([
			listPage([
				{ id: 'a', name: 'Anna Berg' },
				{ id: 'b', name: 'Anna Berg' },
				{ id: 'c', name: 'Carl Dahl' },
				{ id: 'x-0000-123456', name: 'Eva Holm' },
				{ id: 'y-0000-123456', name: 'Eva Holm' },
				{ id: 'cust_000000000042', name: 'Ida Lund' },
				{ id: 'cust_000000000043', name: 'Ida Lund' },
			]),
		]);
		expect((await searchRecords(context, clients, 'client')).results).toEqual([
			{ name: 'Anna Berg · #a', value: 'a' },
			{ name: 'Anna Berg · #b', value: 'b' },
			{ name: 'Carl Dahl', value: 'c' },
			{ name: 'Eva Holm · #x-0000-123456', value: 'x-0000-123456' },
			{ name: 'Eva Holm · #y-0000-123456', value: 'y-0000-123456' },
			{ name: 'Ida Lund · #…000042', value: 'cust_000000000042' },
			{ name: 'Ida Lund · #…000043', value: 'cust_000000000043' },
		]);
	});

	it('uses the Identity Field the user named, and leaves out records without it', async () => {
		const { context } = contextWith([listPage([{ ref: { code: 'R-1' }, name: 'Anna Berg' }, { name: 'No Code' }])], { options: { identityPath: 'ref.code' } });
		expect((await searchRecords(context, clients, 'client')).results).toEqual([{ name: 'Anna Berg', value: 'R-1' }]);
	});

	it('without an id field or a named one, says which option to set', async () => {
		const { context } = contextWith([listPage([{ code: 'x', name: 'Anna Berg' }])]);
		await expect(searchRecords(context, clients, 'client')).rejects.toThrow('The client records in your workspace have no "id" field to pick them by');
	});

	it('Booking ID and Client ID list their own endpoints', async () => {
		const bookings = contextWith(() => listPage([]));
		await searchBookings.call(bookings.context as ILoadOptionsFunctions);
		// The booking picker also reads the lists bookings refer to, for their names.
		expect(bookings.requests.map((request) => new URL(String(request.url)).pathname.split('/').pop()).sort()).toEqual(['bookings', 'clients', 'rooms', 'services']);
		const clientList = contextWith(() => listPage([]));
		await searchClients.call(clientList.context as ILoadOptionsFunctions, 'x');
		expect(clientList.requests[0].url).toMatch(/\/clients$/);
	});
});

describe('bookings a person recognises', () => {
	const now = Date.parse('2026-11-25T12:00:00Z');

	it('says a time in words in the given zone, as a date: the label n8n saves holds no word that goes stale', () => {
		const at = Date.parse('2026-11-26T20:00:00Z');
		expect(timeInWords('2026-11-26T20:00:00Z', at, 'America/New_York')).toBe('Thu 26 Nov 2026, 15:00');
		expect(timeInWords('2026-11-26T20:00:00Z', at, 'Asia/Tokyo')).toBe('Fri 27 Nov 2026, 05:00');
		expect(timeInWords(1795636800, Date.parse('2026-11-25T20:00:00Z'), 'UTC')).toBe('Wed 25 Nov 2026, 20:00');
		// Written without a zone: shown as written, whatever the zone in force.
		expect(timeInWords('2026-11-24T09:30:00', Date.parse('2026-11-24T09:30:00Z'), 'Asia/Tokyo')).toBe('Tue 24 Nov 2026, 09:30');
	});

	it('names yesterday, today and tomorrow in the given zone, for the search box only', () => {
		const at = Date.parse('2026-11-26T20:00:00Z');
		expect(nearDay('2026-11-26T20:00:00Z', at, 'America/New_York', now)).toBe('Tomorrow');
		expect(nearDay('2026-11-26T20:00:00Z', at, 'Asia/Tokyo', now)).toBeUndefined();
		expect(nearDay(1795636800, Date.parse('2026-11-25T20:00:00Z'), 'UTC', now)).toBe('Today');
		expect(nearDay('2026-11-24T09:30:00', Date.parse('2026-11-24T09:30:00Z'), 'Asia/Tokyo', now)).toBe('Yesterday');
	});

	it('shows a zone-less time read in the credential\'s Workspace Time Zone in the zone in force, like any other', () => {
		// 09:30 in Paris is 08:30Z, 17:30 in Tokyo.
		const at = Date.parse('2026-11-24T08:30:00Z');
		expect(timeInWords('2026-11-24T09:30:00', at, 'Asia/Tokyo', 'Europe/Paris')).toBe('Tue 24 Nov 2026, 17:30');
		expect(timeInWords('2026-11-24T09:30:00', at, 'Europe/Paris', 'Europe/Paris')).toBe('Tue 24 Nov 2026, 09:30');
	});

	/** The API answering by path; bookings in JSON:API form, their references in relationships. */
	function workspace(bookings: unknown[], parameters = {}) {
		const pages: Record<string, unknown[]> = {
			bookings,
			rooms: [{ type: 'rooms', id: 'r1', attributes: { name: 'Studio A' } }, { type: 'rooms', id: 'r2', attributes: { name: 'Studio B' } }],
			services: [],
			clients: [{ type: 'clients', id: 'c1', attributes: { name: 'Ada Jones', email: 'ada@example.com' } }],
		};
		return mockLoadOptionsContext({
			parameters,
			answers: (request: IHttpRequestOptions) => ({ statusCode: 200, body: { data: pages[new URL(String(request.url)).pathname.split('/').pop() ?? ''] ?? [] } }),
		});
	}
	const booking = (id: string, room: string, start: string, status: string) => ({
		type: 'bookings',
		id,
		attributes: { start, created: '2026-01-01T00:00:00Z', status },
		relationships: { room: { data: { type: 'rooms', id: room } }, client: { data: { type: 'clients', id: 'c1' } } },
	});

	// Issue 42 changed the promise: a cancelled booking's label says so ("Cancelled" is never undone, so a saved
	// label does not go stale); a live one carries no state (n8n's list shows the label alone and saves it).
	it('labels by time, room and client by name, a cancelled one marked, a live one with no state, soonest first, whatever the fields are called', async () => {
		const { context } = workspace([
			booking('b2', 'r2', '2030-01-02T10:00:00Z', 'cancelled'),
			booking('b1', 'r1', '2030-01-01T10:00:00Z', 'confirmed'),
			booking('b3', 'r1', '2030-01-03T10:00:00Z', 'confirmed'),
		]);
		const { results } = await searchBookings.call(context as ILoadOptionsFunctions);
		expect(results).toEqual([
			{ name: 'Tue 1 Jan 2030, 10:00 · Studio A · Ada Jones', value: 'b1' },
			{ name: '✕ Cancelled · Wed 2 Jan 2030, 10:00 · Studio B · Ada Jones', value: 'b2' },
			{ name: 'Thu 3 Jan 2030, 10:00 · Studio A · Ada Jones', value: 'b3' },
		]);
		const found = await searchBookings.call(workspace([booking('b1', 'r1', '2030-01-01T10:00:00Z', 'confirmed'), booking('b2', 'r2', '2030-01-02T10:00:00Z', 'confirmed')]).context as ILoadOptionsFunctions, 'ada studio b');
		expect(found.results.map((result) => result.value)).toEqual(['b2']);
		// The state is searched: "cancelled" finds the cancelled booking.
		const cancelled = await searchBookings.call(workspace([booking('b1', 'r1', '2030-01-01T10:00:00Z', 'confirmed'), booking('b2', 'r2', '2030-01-02T10:00:00Z', 'cancelled')]).context as ILoadOptionsFunctions, 'cancelled');
		expect(cancelled.results).toEqual([{ name: '✕ Cancelled · Wed 2 Jan 2030, 10:00 · Studio B · Ada Jones', value: 'b2' }]);
	});

	// Issue 42 changed the order: upcoming bookings soonest first whatever the list's own order, then the past, latest first.
	it('shows a newest-first list upcoming first, soonest first, then the past latest first, and tells alike bookings apart', async () => {
		const { context } = workspace([
			booking('b9', 'r1', '2030-01-03T10:00:00Z', 'confirmed'),
			booking('b8', 'r1', '2030-01-03T10:00:00Z', 'confirmed'),
			booking('b7', 'r1', '2030-01-01T10:00:00Z', 'confirmed'),
			booking('b6', 'r1', '2020-01-05T10:00:00Z', 'confirmed'),
			booking('b5', 'r1', '2020-01-01T10:00:00Z', 'confirmed'),
		]);
		const { results } = await searchBookings.call(context as ILoadOptionsFunctions);
		expect(results.map((result) => result.name)).toEqual([
			'Tue 1 Jan 2030, 10:00 · Studio A · Ada Jones',
			'Thu 3 Jan 2030, 10:00 · Studio A · Ada Jones · #b9',
			'Thu 3 Jan 2030, 10:00 · Studio A · Ada Jones · #b8',
			'Sun 5 Jan 2020, 10:00 · Studio A · Ada Jones',
			'Wed 1 Jan 2020, 10:00 · Studio A · Ada Jones',
		]);
	});

	it('on Cancel and Reschedule leaves cancelled bookings out and says how many; on other actions offers them, marked', async () => {
		const bookings = [booking('b1', 'r1', '2030-01-01T10:00:00Z', 'confirmed'), booking('b2', 'r2', '2030-01-02T10:00:00Z', 'CANCELLED_BY_SELLER'), booking('b3', 'r2', '2030-01-03T10:00:00Z', 'cancelled')];
		for (const [action, words] of [['cancel', 'Cancel'], ['reschedule', 'Reschedule']]) {
			const { results } = await searchBookings.call(workspace(bookings, { bookingAction: action }).context as ILoadOptionsFunctions);
			expect(results).toEqual([
				{ name: 'Tue 1 Jan 2030, 10:00 · Studio A · Ada Jones', value: 'b1' },
				noticeRow(`2 cancelled bookings not offered: ${words} does not apply to a cancelled booking`),
			]);
		}
		const { results } = await searchBookings.call(workspace(bookings, { bookingAction: 'changeFields' }).context as ILoadOptionsFunctions);
		expect(results.map((result) => result.name)).toEqual([
			'Tue 1 Jan 2030, 10:00 · Studio A · Ada Jones',
			'✕ Cancelled · Wed 2 Jan 2030, 10:00 · Studio B · Ada Jones',
			'✕ Cancelled · Thu 3 Jan 2030, 10:00 · Studio B · Ada Jones',
		]);
	});

	it('finds a booking by its date written as an ISO date, in the picker\'s zone', async () => {
		// 23:30Z on 1 Jan is 08:30 on 2 Jan in Tokyo; 20:00Z on 2 Jan is already 3 Jan there (its own value still says 2 Jan).
		const { context } = workspace([booking('b1', 'r1', '2030-01-01T23:30:00Z', 'confirmed'), booking('b2', 'r2', '2030-01-05T10:00:00Z', 'confirmed')], { options: { timeZone: 'Asia/Tokyo' } });
		const found = await searchBookings.call(context as ILoadOptionsFunctions, '2030-01-02');
		expect(found.results.map((result) => result.value)).toEqual(['b1']);
	});

	it('judges a reference by how many values a list holds: a whole list half of them, a partial one any', () => {
		const rooms = { what: 'room', people: false, options: [{ name: 'Studio A · studio', value: 'r1' }, { name: 'Studio B', value: 'r2' }], complete: true };
		expect(namesOf(rooms)).toEqual(new Map([['r1', 'Studio A'], ['r2', 'Studio B']]));
		expect(listReferencedBy(['r1', 'x'], [rooms])).toBe(rooms);
		expect(listReferencedBy(['r1', 'x', 'y'], [rooms])).toBeUndefined();
		expect(listReferencedBy(['r1', 'x', 'y'], [{ ...rooms, complete: false }])?.what).toBe('room');
	});
});

describe('bookings whose references are numbers (Django-, Google-style workspaces)', () => {
	/** Rooms and services numbered alike, clients read by id beyond the list's first page. */
	function numbered() {
		const rooms = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Room ${String.fromCharCode(65 + (i % 26))}${i + 1}` }));
		const services = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, title: `Service Package ${i + 1}` }));
		const clients = [{ id: 1, name: 'Ada Jones' }];
		const far = { 4000: { id: 4000, name: 'Nora Far' }, 4001: { id: 4001, name: 'Omar Farther' } } as Record<string, unknown>;
		const bookings = [
			{ id: 101, start: '2030-01-01T10:00:00Z', room_id: 7, service_id: 38, client_id: 4000 },
			{ id: 102, start: '2030-01-02T10:00:00Z', room_id: 38, service_id: 7, client_id: 1 },
			{ id: 103, start: '2030-01-03T10:00:00Z', room_id: 12, service_id: 3, client_id: 4001 },
		];
		return mockLoadOptionsContext({
			parameters: {},
			answers: (request: IHttpRequestOptions) => {
				const path = new URL(String(request.url)).pathname.replace('/api/partners/v1', '');
				const card = /^\/clients\/(\d+)$/.exec(path);
				if (card) return far[card[1]] ? { statusCode: 200, body: far[card[1]] } : { statusCode: 404, body: {} };
				const lists: Record<string, unknown[]> = { '/bookings': bookings, '/rooms': rooms, '/services': services, '/clients': clients };
				// The client list goes on (its first page is all the labels may read of it); the others end here.
				const next = path === '/clients' ? `${new URL(String(request.url)).origin}/api/partners/v1/clients?page=2` : null;
				return { statusCode: 200, body: { count: path === '/clients' ? 5000 : lists[path]?.length, next, results: lists[path] ?? [] } };
			},
		});
	}

	it('name each booking\'s own room (never its service of the same number) and its client, read by id where the list\'s first page lacks it', async () => {
		const { context, requests } = numbered();
		const { results } = await searchBookings.call(context as ILoadOptionsFunctions);
		expect(results).toEqual([
			{ name: 'Tue 1 Jan 2030, 10:00 · Room G7 · Nora Far', value: '101' },
			{ name: 'Wed 2 Jan 2030, 10:00 · Room L38 · Ada Jones', value: '102' },
			{ name: 'Thu 3 Jan 2030, 10:00 · Room L12 · Omar Farther', value: '103' },
		]);
		const cards = requests.map((request) => new URL(String(request.url)).pathname).filter((path) => /\/clients\/\d+$/.test(path));
		expect(cards.sort()).toEqual(['/api/partners/v1/clients/4000', '/api/partners/v1/clients/4001']);

		// The next view of the same editor session reads no card again, nor the rooms, services and clients' first page.
		const again = numbered();
		await searchBookings.call(again.context as ILoadOptionsFunctions);
		expect(again.requests.map((request) => new URL(String(request.url)).pathname)).toEqual(['/api/partners/v1/bookings']);
	});
});

describe('client labels n8n saves in a workflow', () => {
	it('leave out email addresses, keep the rest, and fall back to the identity', () => {
		expect(withoutEmails('Ada Jones · ada@example.com', 'c1')).toBe('Ada Jones');
		expect(withoutEmails('Ada Jones (ada@example.com)', 'c1')).toBe('Ada Jones');
		expect(withoutEmails('ada@example.com', 'c1')).toBe('c1');
		expect(withoutEmails('Studio A · confirmed', 'b1')).toBe('Studio A · confirmed');
	});

	it('are what the Client list shows: names without emails, two clients of one name told apart by identity', async () => {
		const clients = [
			{ id: 'c1', name: 'Ada Jones', email: 'ada@example.com' },
			{ id: 'c2', name: 'Ada Jones', email: 'ada.j@example.org' },
			{ id: 'c3', name: 'Bo Lind', email: 'bo@example.com' },
		];
		const { context } = mockLoadOptionsContext({ parameters: {}, answers: () => ({ statusCode: 200, body: { data: clients } }) });
		const found = await searchClients.call(context as ILoadOptionsFunctions);
		expect(found.results).toEqual([
			{ name: 'Ada Jones · #c1', value: 'c1' },
			{ name: 'Ada Jones · #c2', value: 'c2' },
			{ name: 'Bo Lind', value: 'c3' },
		]);
		// The search box still finds a client by email.
		const byEmail = await searchClients.call(context as ILoadOptionsFunctions, 'bo@example');
		expect(byEmail.results).toEqual([{ name: 'Bo Lind', value: 'c3' }]);
	});
});

describe('a list the editor cannot walk past its first page without settings', () => {
	/** A page whose total says more follow and that names no cursor, next URL or page: Return All fails on it. */
	const morePage = (records: unknown[]): MockAnswer => ({ statusCode: 200, body: { data: records, count: 2500 } });
	const notice = (read: number) => `⚠ Set Options > Pagination to list more: the API said more entries follow ("count" says 2500 entries and ${read} were read)`;

	it('shows the first page, then a notice in the run\'s words that n8n cannot select, and no token', async () => {
		const { context, requests } = contextWith([morePage([{ id: 1, name: 'Anna Berg' }, { id: 2, name: 'Carl Dahl' }])]);
		const result = await searchRecords(context, clients, 'client');
		expect(result).toEqual({
			results: [{ name: 'Anna Berg', value: '1' }, { name: 'Carl Dahl', value: '2' }, { name: notice(2), value: false }],
			paginationToken: undefined,
		});
		expect(requests).toHaveLength(1);
	});

	it('with a search text keeps the first page\'s matches and the notice; with none, the notice alone, never an empty list', async () => {
		const { context } = contextWith(() => morePage([{ id: 1, name: 'Anna Berg' }, { id: 2, name: 'Carl Dahl' }]));
		expect((await searchRecords(context, clients, 'client', 'carl')).results).toEqual([{ name: 'Carl Dahl', value: '2' }, { name: notice(2), value: false }]);
		expect((await searchRecords(context, clients, 'client', 'nobody')).results).toEqual([{ name: notice(2), value: false }]);
	});

	it('a next page that repeats the one before it is the notice alone, and the list ends there', async () => {
		const page = { statusCode: 200, body: { data: [{ id: 1, name: 'Anna Berg' }], count: 2500, meta: { next_cursor: 'c2' } } };
		const { context } = contextWith(() => page);
		const first = await searchRecords(context, clients, 'client');
		expect(first.results).toEqual([{ name: 'Anna Berg', value: '1' }]);
		const second = await searchRecords(context, clients, 'client', undefined, first.paginationToken as string);
		expect(second).toEqual({ results: [{ name: notice(1), value: false }], paginationToken: undefined });
	});

	it('the Client list keeps the notice as it is, after the clients', async () => {
		const { context } = mockLoadOptionsContext({ parameters: {}, answers: () => morePage([{ id: 'c1', name: 'Ada Jones', email: 'ada@example.com' }]) });
		const found = await searchClients.call(context as ILoadOptionsFunctions);
		expect(found.results).toEqual([{ name: 'Ada Jones', value: 'c1' }, { name: notice(1), value: false }]);
	});

	it('a notice row is told from a record by its true/false value', () => {
		expect(isNoticeRow(noticeRow('words'))).toBe(true);
		expect(isNoticeRow({ name: 'Anna Berg', value: '1' })).toBe(false);
	});
});

describe('the booking picker opens on upcoming bookings (issue 42)', () => {
	const rooms = [{ id: 'r1', name: 'Studio A' }];
	const people = [{ id: 'c1', name: 'Ada Jones' }];
	/** Ten bookings in creation order, two a page: pages 1–4 in 2020, page 5 in 2030. */
	const bookings = Array.from({ length: 10 }, (_, index) => ({
		id: `b${index + 1}`,
		start: index < 8 ? `2020-01-${String(index + 1).padStart(2, '0')}T10:00:00Z` : `2030-01-${String(index + 1).padStart(2, '0')}T10:00:00Z`,
		room_id: 'r1',
		client_id: 'c1',
	}));

	/** Laravel-style pages: numbered in the next URL, the last page's URL and the total beside them. */
	function numberedWorkspace(parameters = {}) {
		return mockLoadOptionsContext({
			parameters,
			answers: (request: IHttpRequestOptions) => {
				const url = new URL(String(request.url));
				const path = url.pathname.split('/').pop();
				if (path !== 'bookings') return { statusCode: 200, body: { data: path === 'rooms' ? rooms : path === 'clients' ? people : [] } };
				const page = Number(url.searchParams.get('page') ?? 1);
				const base = `${url.origin}${url.pathname}`;
				return {
					statusCode: 200,
					body: { data: bookings.slice((page - 1) * 2, page * 2), current_page: page, last_page: 5, per_page: 2, total: 10, next_page_url: page < 5 ? `${base}?page=${page + 1}` : null, last_page_url: `${base}?page=5` },
				};
			},
		});
	}
	const bookingRequests = (requests: IHttpRequestOptions[]) => requests.filter((request) => String(request.url).includes('/bookings'));

	it('jumps to the last page the first page reveals when the first holds only the past, for one request more and no labels of the first', async () => {
		const { context, requests } = numberedWorkspace();
		const first = await searchBookings.call(context as ILoadOptionsFunctions);
		expect(first.results.map((row) => row.value)).toEqual(['b9', 'b10']);
		expect(bookingRequests(requests).map((request) => new URL(String(request.url)).searchParams.get('page') ?? '1')).toEqual(['1', '5']);
		// Scrolling reads backwards to the first page, each booking once, the past latest first on each page.
		const seen = [...first.results];
		let token = first.paginationToken as string | undefined;
		while (token !== undefined) {
			const next = await searchBookings.call(context as ILoadOptionsFunctions, undefined, token);
			seen.push(...next.results);
			token = next.paginationToken as string | undefined;
		}
		expect(seen.map((row) => row.value)).toEqual(['b9', 'b10', 'b8', 'b7', 'b6', 'b5', 'b4', 'b3', 'b2', 'b1']);
		expect(seen.every((row) => !isNoticeRow(row))).toBe(true);
	});

	it('shows the first page as it is when it already holds upcoming bookings (a newest-first list), for its one request', async () => {
		const { context, requests } = mockLoadOptionsContext({
			parameters: {},
			answers: (request: IHttpRequestOptions) => {
				const path = new URL(String(request.url)).pathname.split('/').pop();
				const data = path === 'bookings' ? [...bookings].reverse().slice(0, 3) : path === 'rooms' ? rooms : path === 'clients' ? people : [];
				return { statusCode: 200, body: { data, meta: { next_cursor: path === 'bookings' ? 'c2' : null } } };
			},
		});
		const first = await searchBookings.call(context as ILoadOptionsFunctions);
		expect(first.results.map((row) => row.value)).toEqual(['b9', 'b10', 'b8']);
		expect(bookingRequests(requests)).toHaveLength(1);
	});

	it('where nothing reveals the end (a cursor), shows the oldest page as before with a notice of what to search', async () => {
		const { context, requests } = mockLoadOptionsContext({
			parameters: {},
			answers: (request: IHttpRequestOptions) => {
				const path = new URL(String(request.url)).pathname.split('/').pop();
				const data = path === 'bookings' ? bookings.slice(0, 2) : path === 'rooms' ? rooms : path === 'clients' ? people : [];
				return { statusCode: 200, body: { data, meta: { next_cursor: path === 'bookings' ? 'c2' : null } } };
			},
		});
		const first = await searchBookings.call(context as ILoadOptionsFunctions);
		expect(first.results.filter((row) => !isNoticeRow(row)).map((row) => row.value)).toEqual(['b2', 'b1']);
		expect(first.results.at(-1)).toEqual(noticeRow('These are the oldest bookings (the API offers no way to jump to today): search "today", "tomorrow" or a date'));
		expect(bookingRequests(requests)).toHaveLength(1);
	});
});

describe('a Stripe-style workspace: bookings name their client as `customer: "cus_…"` (issue 42)', () => {
	it('takes the field for a client reference by the identities\' prefix, reads the cards of clients beyond the first page, and names them', async () => {
		const firstPage = [{ id: 'cus_A1', name: 'Ada Jones' }];
		const far: Record<string, unknown> = { cus_Z9: { id: 'cus_Z9', object: 'customer', name: 'Zed Quist' }, cus_Y8: { id: 'cus_Y8', object: 'customer', name: 'Yara Pohl' } };
		const bookings = [
			{ id: 'bk_1', object: 'booking', start: 1893492000, room: 'room_1', customer: 'cus_Z9' },
			{ id: 'bk_2', object: 'booking', start: 1893578400, room: 'room_1', customer: 'cus_Y8' },
		];
		const { context, requests } = mockLoadOptionsContext({
			parameters: {},
			answers: (request: IHttpRequestOptions) => {
				const parts = new URL(String(request.url)).pathname.split('/');
				const [last, before] = [parts.at(-1)!, parts.at(-2)];
				if (before === 'clients') return { statusCode: 200, body: far[last] };
				const data = last === 'bookings' ? bookings : last === 'rooms' ? [{ id: 'room_1', name: 'Studio A' }] : last === 'clients' ? firstPage : [];
				return { statusCode: 200, body: { object: 'list', data, has_more: last === 'clients' } };
			},
		});
		const { results } = await searchBookings.call(context as ILoadOptionsFunctions);
		expect(results.map((row) => row.name)).toEqual([expect.stringMatching(/ · Studio A · Zed Quist$/), expect.stringMatching(/ · Studio A · Yara Pohl$/)]);
		expect(requests.filter((request) => /\/clients\/cus_/.test(String(request.url)))).toHaveLength(2);
	});
});
