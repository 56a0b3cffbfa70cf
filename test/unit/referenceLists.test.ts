import type { IHttpRequestOptions } from 'n8n-workflow';
import { editorSession, forgetEditorSessions } from '../../nodes/VenueBooking/editorSession';
import { findEndpoint } from '../../nodes/VenueBooking/endpoints';
import { matchesSearch } from '../../nodes/VenueBooking/methods/listSearch';
import type { SeenField } from '../../nodes/VenueBooking/methods/resourceMapping';
import {
	flatAdditions,
	labelOf,
	localKeyOf,
	nameKeyOf,
	loadReferenceLists,
	type PageAllowance,
	moreUnreachableNotice,
	nameQuotedIdentities,
	referencedList,
	type ReferenceList,
	samplePage,
	textKind,
} from '../../nodes/VenueBooking/referenceLists';
import { ApiClient } from '../../nodes/VenueBooking/transport/request';
import { type MockAnswer, mockContext } from './mockContext';

const bookings = findEndpoint('booking', 'getAll');

describe('one page for the editor', () => {
	it('reads one page, and continues from its token with the detected pagination', async () => {
		const { context, requests } = mockContext({
			parameters: {},
			answers: [
				{ statusCode: 200, body: { data: [{ id: 1 }, { id: 2 }], meta: { next_cursor: 'c2' } } },
				{ statusCode: 200, body: { data: [{ id: 3 }], meta: { next_cursor: null } } },
			],
		});
		const client = await ApiClient.create(context);
		const first = await samplePage(client, bookings);
		expect(first.records).toEqual([{ id: 1 }, { id: 2 }]);
		expect(requests).toHaveLength(1);
		const second = await samplePage(client, bookings, first.nextToken);
		expect(second).toEqual({ records: [{ id: 3 }], nextToken: undefined });
		expect(requests[1].qs).toMatchObject({ cursor: 'c2' });
	});

	it('refuses a token it did not write', async () => {
		const { context, requests } = mockContext({ parameters: {} });
		const client = await ApiClient.create(context);
		await expect(samplePage(client, bookings, 'not json')).rejects.toThrow('its page marker is not one this node wrote');
		await expect(samplePage(client, bookings, '{"pagination":{},"request":{}}')).rejects.toThrow('page marker');
		expect(requests).toHaveLength(0);
	});

	it('holds a next-page URL in a token to the credential\'s origin', async () => {
		const { context, requests } = mockContext({ parameters: {} });
		const client = await ApiClient.create(context);
		const forged = JSON.stringify({ pagination: { mode: 'nextUrl' }, request: { url: 'https://elsewhere.example.net/steal' } });
		await expect(samplePage(client, bookings, forged)).rejects.toThrow(/another address/);
		expect(requests).toHaveLength(0);
	});

	it('keeps a page that says more entries follow but names no way to them: no token, and the run\'s error beside it', async () => {
		const { context, requests } = mockContext({ parameters: {}, answers: [{ statusCode: 200, body: { data: [{ id: 1 }, { id: 2 }], count: 2500 } }] });
		const page = await samplePage(await ApiClient.create(context), bookings);
		expect(page.records).toEqual([{ id: 1 }, { id: 2 }]);
		expect(page.nextToken).toBeUndefined();
		expect(page.moreUnreachable?.said).toBe('"count" says 2500 entries and 2 were read');
		expect(page.moreUnreachable?.error.message).toMatch(/^The API said more entries follow \("count" says 2500 entries and 2 were read\), but the answer names no next page/);
		expect(page.moreUnreachable?.error.description).toMatch(/Set Options > Pagination/);
		expect(moreUnreachableNotice(page.moreUnreachable!)).toBe('Set Options > Pagination to list more: the API said more entries follow ("count" says 2500 entries and 2 were read)');
		expect(requests).toHaveLength(1);
	});

	it('a next page that repeats the page before it is no page: nothing, no token, and what was said', async () => {
		const repeated = { statusCode: 200, body: { data: [{ id: 1 }, { id: 2 }], count: 2500, meta: { next_cursor: 'c2' } } };
		const { context } = mockContext({ parameters: {}, answers: () => repeated });
		const client = await ApiClient.create(context);
		const first = await samplePage(client, bookings);
		expect(first.moreUnreachable).toBeUndefined();
		const second = await samplePage(client, bookings, first.nextToken);
		expect(second.records).toEqual([]);
		expect(second.nextToken).toBeUndefined();
		expect(second.moreUnreachable?.error.message).toBe('The API said more entries follow ("count" says 2500 entries and 2 were read), but the next page came back as the page before it');
		expect(second.moreUnreachable?.error.description).toMatch(/Set Options > Pagination/);
	});

	it('a response without a list samples nothing', async () => {
		const { context } = mockContext({ parameters: {}, answers: [{ statusCode: 200, body: { ok: true } }] });
		expect(await samplePage(await ApiClient.create(context), bookings)).toEqual({ records: [] });
	});
});

describe('readable labels from a record\'s content', () => {
	it.each([
		['Studio B (Daylight)', 'phrase'],
		['ana@example.com', 'email'],
		['2027-02-24T15:00:00Z', 'dateTime'],
		['2027-02-24', 'dateTime'],
		['confirmed', 'word'],
		['room_rehearsal_1', undefined],
		['8f3c2a91', undefined],
		['', undefined],
		['x'.repeat(61), undefined],
		[42, undefined],
	])('%p reads as %p', (value, kind) => {
		expect(textKind(value)).toBe(kind);
	});

	it('takes the first phrase, then an email, a date-time or a word, whatever the fields are called', () => {
		expect(labelOf({ k1: 'cli_9', k2: 'Dmitri Moreau', k3: 'd@example.com', k4: '2025-03-01T08:00:00Z' }, 'cli_9')).toBe(
			'Dmitri Moreau · d@example.com',
		);
		expect(labelOf({ a: 'room_x', b: '2027-02-24T15:00:00Z', c: 'confirmed', d: '2027-02-24T17:00:00Z' }, 'b1')).toBe(
			'2027-02-24T15:00:00Z · confirmed',
		);
	});

	it('falls back to the identity when nothing is readable, and never shows the identity twice', () => {
		expect(labelOf({ id: 7, ref: 'x_1', n: 3 }, '7')).toBe('7');
		expect(labelOf({ code: 'alpha' }, 'alpha')).toBe('alpha');
		expect(labelOf('not an object', 'abc')).toBe('abc');
	});

	it('matches the search text in the label or any top-level value, without case', () => {
		const record = { id: 'b1', who: 'Ana Lima', room: 'room_a' };
		expect(matchesSearch(record, 'Ana Lima', 'ana')).toBe(true);
		expect(matchesSearch(record, 'Ana Lima', 'ROOM_A')).toBe(true);
		expect(matchesSearch(record, 'Ana Lima', 'loft')).toBe(false);
		expect(matchesSearch(record, 'Ana Lima', '  ')).toBe(true);
	});

	it('matches every typed word at a word start in any order, accents ignored; a one-letter word only after the word before it', () => {
		const booking = { id: 'b1', room: 'room_b', email: 'rosa.garci.a@example.com' };
		const label = 'Tomorrow, Thu 26 Nov 2026, 15:00 · Studio B · Chloé Dubois · confirmed';
		expect(matchesSearch(booking, label, 'dubois chloe')).toBe(true);
		expect(matchesSearch(booking, label, 'stud tomorrow')).toBe(true);
		expect(matchesSearch(booking, label, 'Studio B')).toBe(true);
		// The "a" of the email follows "garci", not "studio": Studio A's search does not find Studio B.
		expect(matchesSearch(booking, label, 'Studio A')).toBe(false);
		expect(matchesSearch(booking, label, 'ubois')).toBe(true);
		expect(matchesSearch(booking, label, 'ubois x')).toBe(false);
	});

	it('follows nested objects, as JSON:API keeps fields in attributes', () => {
		expect(labelOf({ type: 'clients', id: 'c1', attributes: { name: 'Ana Lima', email: 'ana@example.com' } }, 'c1')).toBe('Ana Lima · ana@example.com');
	});
});

const field = (values: SeenField['values'], type: SeenField['type'] = 'string'): SeenField => ({ name: 'ref', path: ['ref'], type, values, filled: values.length });
const list = (what: string, identities: string[], complete: boolean): ReferenceList => ({
	what,
	people: what === 'client',
	options: identities.map((identity) => ({ name: `${what} ${identity}`, value: identity })),
	complete,
});

describe('the list a booking field refers to', () => {
	const rooms = list('room', ['r1', 'r2', 'r3'], true);

	it('is a whole list holding at least half of the field\'s values', () => {
		expect(referencedList(field(['r1', 'r2', 'x', 'y']), [rooms])).toBe(rooms);
		expect(referencedList(field(['r1', 'x', 'y']), [rooms])).toBeUndefined();
	});

	it('is a list seen only in part that holds one of them', () => {
		const clients = list('client', ['c1'], false);
		expect(referencedList(field(['c1', 'c7', 'c8', 'c9']), [clients])).toBe(clients);
	});

	it('is the list the field names, numbers compared as text; numbers two lists hold refer to neither unless the field names one (issue 35)', () => {
		const services = list('service', ['1', '2', '3'], true);
		const numbered = list('room', ['1', '2'], true);
		expect(referencedList(field([1, 2, 3], 'number'), [numbered, services])).toBeUndefined();
		expect(referencedList({ ...field([1, 2, 3], 'number'), name: 'service_id' }, [numbered, services])).toBe(services);
		expect(referencedList({ ...field([1, 2], 'number'), name: 'roomId' }, [numbered, services])).toBe(numbered);
		expect(referencedList(field([3], 'number'), [numbered, services])).toBe(services);
	});

	it('is, for a field named for a list seen only in part, the field holding identities, not the address beside them (Jira\'s client.self)', () => {
		const clients = list('client', ['cli_1'], false);
		const ids = { ...field(['cli_7', 'cli_8']), name: 'fields.client.id' };
		const addresses = { ...field(['http://127.0.0.1:4010/rest/api/3/clients/cli_7', '/clients/cli_8']), name: 'fields.client.self' };
		expect(referencedList(ids, [clients])).toBe(clients);
		expect(referencedList(addresses, [clients])).toBeUndefined();
	});

	it('is none for a field without values, a true/false or date-time field, or no matching list', () => {
		expect(referencedList(field([]), [rooms])).toBeUndefined();
		expect(referencedList(field([true], 'boolean'), [list('flag', ['true'], true)])).toBeUndefined();
		expect(referencedList(field(['2026-01-01T10:00:00Z'], 'dateTime'), [list('day', ['2026-01-01T10:00:00Z'], true)])).toBeUndefined();
		expect(referencedList(field(['q']), [rooms])).toBeUndefined();
		expect(referencedList(field(['r1']), [])).toBeUndefined();
	});
});

describe('loading the lists bookings may refer to', () => {
	// Each case starts with an editor that remembers nothing (the mock's Base URL is the same in every case).
	beforeEach(() => forgetEditorSessions());
	type Answer = MockAnswer | ((request: IHttpRequestOptions) => MockAnswer);
	const byPath = (answers: Record<string, Answer>) => (request: IHttpRequestOptions) => {
		const path = new URL(String(request.url)).pathname.replace('/api/partners/v1', '');
		const answer = answers[path] ?? { statusCode: 404, body: {} };
		return typeof answer === 'function' ? answer(request) : answer;
	};
	/** A client list that never ends: page n holds client cn and points at page n + 1. */
	const endlessClients = (request: IHttpRequestOptions): MockAnswer => {
		const n = Number((request.qs as { cursor?: string } | undefined)?.cursor ?? 1);
		return { statusCode: 200, body: { data: [{ id: `c${n}`, name: `Client Number${n}` }], meta: { next_cursor: String(n + 1) } } };
	};

	async function load(answers: Record<string, Answer>, remembering = false, allowance?: PageAllowance) {
		const mock = mockContext({ parameters: {}, answers: byPath(answers) });
		const client = await ApiClient.create(mock.context);
		return { lists: await loadReferenceLists(client, undefined, undefined, remembering ? editorSession(client.sessionKey) : undefined, allowance), requests: mock.requests };
	}

	it('with an allowance, reads each catalogue\'s pages only as far as it lasts, names with what it read, and the next view reads on', async () => {
		const rooms = (request: IHttpRequestOptions): MockAnswer => {
			const n = Number((request.qs as { cursor?: string } | undefined)?.cursor ?? 1);
			return { statusCode: 200, body: { data: [{ id: `r${n}`, name: `Room Number${n}` }], meta: n < 4 ? { next_cursor: String(n + 1) } : {} } };
		};
		const answers = { '/rooms': rooms, '/services': { statusCode: 200, body: { data: [{ id: 5, title: 'Deep Massage' }] } }, '/clients': endlessClients };
		const asked: string[] = [];
		let pages = 3;
		const allowance: PageAllowance = { take: (what, first) => (asked.push(`${what}${first ? ' first' : ''}`), pages-- > 0) };
		const first = await load(answers, true, allowance);
		// Both catalogues start at once, each with its first page; the one page left goes to the rooms.
		expect(asked.slice(0, 2).sort()).toEqual(['room first', 'service first']);
		expect(first.requests.filter((request) => String(request.url).endsWith('/rooms'))).toHaveLength(2);
		expect(first.lists[0]).toMatchObject({ what: 'room', complete: false, options: [{ value: 'r1' }, { value: 'r2' }] });
		expect(first.lists[1]).toMatchObject({ what: 'service', complete: true });
		const next = await load(answers, true);
		const roomPages = next.requests.filter((request) => String(request.url).endsWith('/rooms')).map((request) => (request.qs as { cursor?: string } | undefined)?.cursor);
		expect(roomPages).toEqual(['3', '4']);
		expect(next.lists[0]).toMatchObject({ complete: true, options: [1, 2, 3, 4].map((n) => ({ value: `r${n}` })) });
	});

	it('reads the rooms and services whole, labelled, the clients\' first page, and says whether each was whole', async () => {
		/** Three pages of rooms: page n holds room rn and points at page n + 1 until the third. */
		const threeRoomPages = (request: IHttpRequestOptions): MockAnswer => {
			const n = Number((request.qs as { cursor?: string } | undefined)?.cursor ?? 1);
			return { statusCode: 200, body: { data: [{ id: `r${n}`, name: `Room Number${n}` }], meta: n < 3 ? { next_cursor: String(n + 1) } : {} } };
		};
		const { lists, requests } = await load({
			'/rooms': threeRoomPages,
			'/services': { statusCode: 200, body: { data: [{ id: 5, title: 'Deep Massage' }] } },
			'/clients': endlessClients,
		});
		expect(requests).toHaveLength(3 + 1 + 1);
		expect(lists).toEqual([
			{ what: 'room', people: false, options: [1, 2, 3].map((n) => ({ name: `Room Number${n}`, value: `r${n}` })), complete: true },
			{ what: 'service', people: false, options: [{ name: 'Deep Massage', value: '5' }], complete: true },
			{ what: 'client', people: true, options: [{ name: 'Client Number1', value: 'c1' }], complete: false },
		]);
	});

	it('in the editor session, names rooms with what a stopped reading got, and the next view reads on from where it stopped', async () => {
		let stopAfter = 2;
		const rooms = (request: IHttpRequestOptions): MockAnswer => {
			const n = Number((request.qs as { cursor?: string } | undefined)?.cursor ?? 1);
			if (n > stopAfter) return { statusCode: 400, body: { error: 'stopped here' } };
			return { statusCode: 200, body: { data: [{ id: `r${n}`, name: `Room Number${n}` }], meta: n < 4 ? { next_cursor: String(n + 1) } : {} } };
		};
		const answers = { '/rooms': rooms, '/services': { statusCode: 200, body: { data: [{ id: 5, title: 'Deep Massage' }] } }, '/clients': endlessClients };
		const first = await load(answers, true);
		expect(first.lists[0]).toMatchObject({ what: 'room', complete: false, options: [{ value: 'r1' }, { value: 'r2' }] });
		stopAfter = 4;
		const next = await load(answers, true);
		// Pages 3 and 4 only: the first two are remembered, and so are the services.
		const roomPages = next.requests.filter((request) => String(request.url).endsWith('/rooms')).map((request) => (request.qs as { cursor?: string } | undefined)?.cursor);
		expect(roomPages).toEqual(['3', '4']);
		expect(next.lists[0]).toMatchObject({ complete: true, options: [1, 2, 3, 4].map((n) => ({ value: `r${n}` })) });
		expect(next.requests.some((request) => String(request.url).endsWith('/services'))).toBe(false);
	});

	it('remembers the rooms and services for the editor session: a second view reads none of them again (an execution passes no memory)', async () => {
		const answers = {
			'/rooms': { statusCode: 200, body: { data: [{ id: 'r1', name: 'Blue Room' }] } },
			'/services': { statusCode: 200, body: { data: [{ id: 5, title: 'Deep Massage' }] } },
			'/clients': endlessClients,
		};
		await load(answers, true);
		const again = await load(answers, true);
		expect(again.requests).toEqual([]);
		expect(again.lists.map((list) => list.options.length)).toEqual([1, 1, 1]);
	});

	it('uses the first page of a list that needs Options > Pagination to go further, known to be only part of it', async () => {
		const { lists, requests } = await load({
			'/rooms': { statusCode: 200, body: { data: [{ id: 'r1', name: 'Blue Room' }], count: 40 } },
			'/services': { statusCode: 200, body: { data: [{ id: 5, title: 'Deep Massage' }] } },
			'/clients': { statusCode: 200, body: { data: [{ id: 'c1', name: 'Anna Berg' }], count: 2500 } },
		});
		expect(requests).toHaveLength(3);
		expect(lists).toEqual([
			{ what: 'room', people: false, options: [{ name: 'Blue Room', value: 'r1', description: expect.stringContaining('the list has more') }], complete: false },
			{ what: 'service', people: false, options: [{ name: 'Deep Massage', value: '5' }], complete: true },
			{ what: 'client', people: true, options: [{ name: 'Anna Berg', value: 'c1' }], complete: false },
		]);
	});

	it('leaves out a list the key may not read, an empty one, and one whose records have no id', async () => {
		const { lists } = await load({
			'/rooms': { statusCode: 403, body: { message: 'missing scope catalog.read' } },
			'/services': { statusCode: 200, body: { data: [] } },
			'/clients': { statusCode: 200, body: { data: [{ code: 'c1', name: 'Anna Berg' }] } },
		});
		expect(lists).toEqual([]);
	});
});

describe('naming the identities an error quotes', () => {
	const catalogue = [
		{ identity: 'svc_photo_1h', name: 'Photo studio, 1 hour', what: 'service' },
		{ identity: 'room_rehearsal_1', name: 'Rehearsal Room 1', what: 'room' },
		{ identity: 'room_rehearsal_10', name: 'Rehearsal Room 10', what: 'room' },
		{ identity: '7', name: 'Blue Room', what: 'room' },
		{ identity: '7', name: 'Ana Lima', what: 'client' },
		{ identity: '12', name: 'Dana Holt', what: 'client' },
	];

	it('names whole quoted identities, in quotes, lists or at a sentence end', () => {
		const text = 'The server said: Service "svc_photo_1h" cannot be booked in room_rehearsal_1; offered in (room_rehearsal_10).';
		expect(nameQuotedIdentities(text, catalogue, new Set())).toBe(
			'In your workspace: svc_photo_1h = Photo studio, 1 hour (service); room_rehearsal_1 = Rehearsal Room 1 (room); room_rehearsal_10 = Rehearsal Room 10 (room)',
		);
		expect(nameQuotedIdentities('Response body: {"message":"No service \\"svc_photo_1h\\""}', catalogue, new Set())).toContain('svc_photo_1h = ');
	});

	it('a number counts only when the request sent it, with every record it may be', () => {
		expect(nameQuotedIdentities('Room 7 is closed on 12 March', catalogue, new Set(['7']))).toBe('In your workspace: 7 = Blue Room (room) or Ana Lima (client)');
		expect(nameQuotedIdentities('Room 7 is closed on 12 March', catalogue, new Set())).toBeUndefined();
	});

	it('nothing quoted, a part of a longer word, or a record named by its id: no line', () => {
		expect(nameQuotedIdentities('Validation failed', catalogue, new Set())).toBeUndefined();
		expect(nameQuotedIdentities('svc_photo_1hour is unknown', catalogue, new Set())).toBeUndefined();
		expect(nameQuotedIdentities('x_1 is unknown', [{ identity: 'x_1', name: 'x_1', what: 'room' }], new Set())).toBeUndefined();
	});
});

describe('names and local times as flat fields (node version 1.2, issue 42)', () => {
	it('names a reference after the field that refers, in its own style, and a time after its field', () => {
		expect(nameKeyOf('room_id')).toBe('room_name');
		expect(nameKeyOf('roomId')).toBe('roomName');
		expect(nameKeyOf('clientID')).toBe('clientName');
		expect(nameKeyOf('relationships.room.data.id')).toBe('room_name');
		expect(nameKeyOf('booking_id.room_id')).toBe('room_name');
		expect(localKeyOf('start')).toBe('start_local');
		expect(localKeyOf('startsAt')).toBe('startsAtLocal');
		expect(localKeyOf('attributes.created_at')).toBe('created_at_local');
	});

	it('a payment: its own client first, its booking\'s room, readable local times and the zone once; nothing of the API\'s overwritten', () => {
		const payment = { id: 'pay_1', booking_id: 'bkg_1', client_id: 'cli_1', amount_cents: 3000, created_at: '2026-12-02T09:00:00Z', start_local: 'theirs' };
		const names = { client_id: 'Ada Jones', 'booking_id.room_id': 'Studio A', 'booking_id.client_id': 'Ada J.' };
		const times = { created_at: '2026-12-02T10:00:00+01:00', 'booking.start': '2026-12-03T10:00:00+01:00', start: '2026-12-03T10:00:00+01:00' };
		expect(flatAdditions(payment, names, times, 'Europe/Berlin')).toEqual({
			...payment,
			client_name: 'Ada Jones',
			room_name: 'Studio A',
			created_at_local: '2026-12-02 10:00',
			// "start_local" is the API's own: the first time of that name takes its whole path, the second is left out.
			booking_start_local: '2026-12-03 10:00',
			local_time_zone: 'Europe/Berlin',
		});
	});

	it('writes camelCase fields for a camelCase record', () => {
		expect(flatAdditions({ id: 'b1', roomId: 'r1', startsAt: '2026-12-02T09:00:00Z' }, { roomId: 'Studio A' }, { startsAt: '2026-12-02T10:00:00+01:00' }, 'Europe/Berlin')).toEqual({
			id: 'b1', roomId: 'r1', startsAt: '2026-12-02T09:00:00Z', roomName: 'Studio A', startsAtLocal: '2026-12-02 10:00', localTimeZone: 'Europe/Berlin',
		});
	});
});
