import type { IHttpRequestOptions, ILoadOptionsFunctions, ResourceMapperField } from 'n8n-workflow';
import { bookingFields, exampleOf, isShortCode, judgeFields, looksLikeChoice, seenFields, shortNames } from '../../../nodes/VenueBooking/methods/resourceMapping';
import { referencedList, type ReferenceList } from '../../../nodes/VenueBooking/referenceLists';
import { type MockAnswer, mockLoadOptionsContext, TEST_KEY } from '../mockContext';
import { forgetEditorSessions } from '../../../nodes/VenueBooking/editorSession';

// The editor remembers a workspace's lists between calls; every case here starts with one that remembers nothing.
beforeEach(() => forgetEditorSessions());

const FALLBACK = 'Add what your API expects under Body below.';
const page = (records: unknown[]): MockAnswer => ({ statusCode: 200, body: { data: records } });

/** The editor's call with the API answering by path; lists not given answer with an empty page. */
async function fieldsFor(answers: Record<string, MockAnswer>, parameters = {}) {
	const { context, requests } = mockLoadOptionsContext({
		parameters,
		answers: (request: IHttpRequestOptions) => answers[new URL(String(request.url)).pathname.replace('/api/partners/v1', '')] ?? page([]),
	});
	const result = await bookingFields.call(context as ILoadOptionsFunctions);
	return { ...result, requests };
}

const byId = (fields: ResourceMapperField[]) => Object.fromEntries(fields.map((field) => [field.id, field]));

describe('the fields seen on the workspace\'s bookings', () => {
	const bookings = [
		{ id: 'b1', status: 'confirmed', room_id: 'r1', guests: 2, paid: true, starts_at: '2026-12-01T10:00:00Z', note: 'x'.repeat(60), extras: { a: 1 } },
		{ id: 'b2', status: 'confirmed', room_id: 'r9', guests: 4, paid: false, starts_at: '2026-12-02T10:00:00Z', note: null },
		{ id: 'b3', status: 'cancelled', room_id: 'r1', guests: 3, paid: true, starts_at: '2026-12-03T10:00:00Z' },
	];

	it('offers each scalar field with its type and an example, nested ones by their path, the booking\'s own id left out', async () => {
		const { fields } = await fieldsFor({ '/bookings': page(bookings) });
		const offered = byId(fields);
		expect(Object.keys(offered)).toEqual(['status', 'room_id', 'guests', 'paid', 'starts_at', 'note', 'extras.a']);
		// Named by the segment that tells it apart, its path in the label, and sent back at that path.
		expect(offered['extras.a']).toMatchObject({ type: 'number', displayName: 'a (number, e.g. 1; at extras.a)', sentAt: { path: ['extras', 'a'] } });
		expect(offered.guests).not.toHaveProperty('sentAt');
		expect(offered.guests).toMatchObject({ type: 'number', displayName: 'guests (number, e.g. 2)', required: false, display: true, defaultMatch: false });
		expect(offered.paid).toMatchObject({ type: 'boolean', displayName: 'paid (true/false, e.g. true)' });
		// n8n's resource mapper has no per-field hint: the label says in which zone a time is read and how it is sent.
		expect(offered.starts_at).toMatchObject({
			type: 'dateTime',
			displayName: '(UTC) starts_at (date-time, e.g. 2026-12-01 10:00 → sent as 2026-12-01T10:00:00Z)',
			momentForm: { kind: 'iso', separator: 'T', seconds: true, fraction: 0, zone: 'Z' },
		});
		// Text that is no short code shows no example: labels are saved in the workflow (issue 35, item 5).
		expect(offered.note.displayName).toBe('note (text)');
	});

	it('offers Unix-time fields as date-times, sent as the workspace writes them (seconds, milliseconds, as number or text)', async () => {
		const stamped = [
			{ id: 'b1', created: 1767225600, starts_ms: 1767261600000, ts: '1767225600.000100', count: 2 },
			{ id: 'b2', created: 1767225660, starts_ms: 1767265200000, ts: '1767225600.000100', count: 2 },
			{ id: 'b3', created: 1767225720, starts_ms: 1767268800000, ts: '1767225600.000100', count: 3 },
		];
		const offered = byId((await fieldsFor({ '/bookings': page(stamped) })).fields);
		expect(offered.created).toMatchObject({ type: 'dateTime', momentForm: { kind: 'unixSeconds', text: false } });
		expect(offered.created.displayName).toMatch(/^\(UTC\) created \(date-time, e\.g\. 2026-01-01 00:00 → sent as 1767225600 \(Unix seconds\)/);
		expect(offered.starts_ms).toMatchObject({
			type: 'dateTime',
			displayName: '(UTC) starts_ms (date-time, e.g. 2026-01-01 10:00 → sent as 1767261600000 (Unix milliseconds))',
			momentForm: { kind: 'unixMilliseconds', text: false },
		});
		// A moment written as text is no closed set, though it repeats.
		expect(offered.ts).toMatchObject({ type: 'dateTime', momentForm: { kind: 'unixSeconds', text: true } });
		expect(offered.count).toMatchObject({ type: 'number', displayName: 'count (number, e.g. 2)' });
		expect(seenFields(stamped).map((field) => field.clock)).toEqual([undefined, 'unixSeconds', 'unixMilliseconds', 'unixSeconds', undefined]);
	});

	it('states the time zone n8n gives the editor in a date-time\'s label, and its wall-clock example in it', async () => {
		const { context } = mockLoadOptionsContext({
			parameters: {},
			answers: () => page([{ id: 'b1', at: '2026-11-26T20:00:00Z' }, { id: 'b2', at: '2026-11-27T20:00:00Z' }]),
		});
		const inZone = { ...context, getTimezone: () => 'America/New_York' } as unknown as ILoadOptionsFunctions;
		const { fields } = await bookingFields.call(inZone);
		expect(byId(fields).at.displayName).toBe('(America/New_York) at (date-time, e.g. 2026-11-26 15:00 → sent as 2026-11-26T20:00:00Z)');
	});

	it('reads zone-less times in the credential\'s Workspace Time Zone and says in the label which zone is sent (UTC when unset)', async () => {
		const local = [{ id: 'b1', at: '2026-11-26 20:00:00' }, { id: 'b2', at: '2026-11-27 20:00:00' }];
		const labelIn = async (credentials: Record<string, string>) => {
			const { context } = mockLoadOptionsContext({ parameters: {}, credentials, answers: () => page(local) });
			const inZone = { ...context, getTimezone: () => 'Europe/Berlin' } as unknown as ILoadOptionsFunctions;
			return byId((await bookingFields.call(inZone)).fields).at.displayName;
		};
		const base = { baseUrl: 'https://studio.example.com', apiKey: TEST_KEY };
		expect(await labelIn({ ...base, workspaceTimeZone: 'Europe/London' }))
			.toBe('(Europe/Berlin) at (date-time, e.g. 2026-11-26 21:00 → sent as 2026-11-26 20:00:00 (Europe/London time))');
		expect(await labelIn(base)).toBe('(Europe/Berlin) at (date-time, e.g. 2026-11-26 21:00 → sent as 2026-11-26 20:00:00 (UTC time))');
		expect(await labelIn({ ...base, workspaceTimeZone: 'America/New_York' }))
			.toBe('(Europe/Berlin) at (date-time, e.g. 2026-11-27 02:00 → sent as 2026-11-26 20:00:00 (America/New_York time))');
	});

	it('offers no client as an option (n8n would save the list in the workflow): the field names the Client parameter instead', async () => {
		const people = [{ id: 'c1', name: 'Ada Jones', email: 'ada@example.com' }, { id: 'c2', name: 'Bo Lind', email: 'bo@example.com' }];
		const held = [{ id: 'b1', who: 'c1' }, { id: 'b2', who: 'c2' }, { id: 'b3', who: 'c1' }];
		const { fields } = await fieldsFor({ '/bookings': page(held), '/clients': page(people) });
		expect(byId(fields).who).toEqual({
			id: 'who',
			displayName: 'who (a client; choose it in Client above, or add this field to give an ID)',
			type: 'string',
			pickedIn: 'client',
			// Judged an input, yet it starts removed: the client is chosen in Client.
			likelyInput: true,
			required: false,
			defaultMatch: false,
			display: true,
			removed: true,
		});
		expect(JSON.stringify(fields)).not.toMatch(/Ada|Jones|example\.com/);
		// Cancel or Reschedule has no Client parameter: the label does not point at one.
		const change = await fieldsFor({ '/bookings': page(held), '/clients': page(people) }, { operation: 'update' });
		expect(byId(change.fields).who.displayName).toBe('who (a client; add this field to give an ID)');
	});

	it('shows no email as an example and makes no choice of emails or phrases', async () => {
		const held = [
			{ id: 'b1', contact: 'ada@example.com', remark: 'Bring a cable' },
			{ id: 'b2', contact: 'ada@example.com', remark: 'Bring a cable' },
			{ id: 'b3', contact: 'bo@example.com', remark: null },
		];
		const offered = byId((await fieldsFor({ '/bookings': page(held) })).fields);
		expect(offered.contact).toMatchObject({ type: 'string', displayName: 'contact (text)' });
		expect(offered.remark).toMatchObject({ type: 'string', displayName: 'remark (text)' });
		expect(offered.remark.options).toBeUndefined();
	});

	it('makes a dropdown of a field whose few values repeat, of the values seen', async () => {
		const { fields } = await fieldsFor({ '/bookings': page(bookings) });
		expect(byId(fields).status).toMatchObject({
			type: 'options',
			options: [
				{ name: 'confirmed', value: 'confirmed' },
				{ name: 'cancelled', value: 'cancelled' },
			],
		});
	});

	it('makes a dropdown of rooms where the values are room ids, with ids the first page of rooms lacks added', async () => {
		const { fields } = await fieldsFor({ '/bookings': page(bookings), '/rooms': page([{ id: 'r1', name: 'Blue Room' }, { id: 'r2', name: 'Red Room' }]) });
		expect(byId(fields).room_id).toMatchObject({
			type: 'options',
			displayName: 'room_id (a room, e.g. r1)',
			options: [
				{ name: 'Blue Room', value: 'r1' },
				{ name: 'Red Room', value: 'r2' },
				{ name: 'r9', value: 'r9' },
			],
		});
	});

	it('makes the dropdown of rooms where the rooms come keyed by codes under a field not named like an identity (issue 40)', async () => {
		const coded = [
			{ id: 'b1', roomCode: 'MR-101', starts_at: '2026-12-01T10:00:00Z' },
			{ id: 'b2', roomCode: 'MR-102', starts_at: '2026-12-02T10:00:00Z' },
		];
		const rooms = { rooms: { 'MR-101': { title: 'Meeting room 101', roomCode: 'MR-101', seats: 8 }, 'MR-102': { title: 'Meeting room 102', roomCode: 'MR-102', seats: 4 } } };
		const { fields } = await fieldsFor({ '/bookings': page(coded), '/rooms': { statusCode: 200, body: rooms } });
		expect(byId(fields).roomCode).toMatchObject({
			type: 'options',
			options: [
				{ name: 'Meeting room 101', value: 'MR-101' },
				{ name: 'Meeting room 102', value: 'MR-102' },
			],
		});
	});

	it('leaves out the Identity Field the user named instead of id', async () => {
		const { fields } = await fieldsFor({ '/bookings': page([{ code: 'K1', id: 'i1', guests: 1 }]) }, { options: { identityPath: ' code ' } });
		expect(fields.map((field) => field.id)).toEqual(['id', 'guests']);
	});

	it('offers the fields of the first page where going further needs Options > Pagination: a sample needs one page', async () => {
		const { fields, emptyFieldsNotice, requests } = await fieldsFor({ '/bookings': { statusCode: 200, body: { data: bookings, count: 2500 } } });
		expect(emptyFieldsNotice).toBeUndefined();
		expect(Object.keys(byId(fields))).toEqual(['status', 'room_id', 'guests', 'paid', 'starts_at', 'note', 'extras.a']);
		expect(requests.filter((request) => String(request.url).endsWith('/bookings'))).toHaveLength(1);
	});

	it('reads no reference lists and shows a notice for a workspace without bookings', async () => {
		const { fields, emptyFieldsNotice, requests } = await fieldsFor({ '/bookings': page([]) });
		expect(fields).toEqual([]);
		expect(emptyFieldsNotice).toBe(`Your workspace has no bookings yet, so no fields could be seen. ${FALLBACK}`);
		expect(requests).toHaveLength(1);
	});

	it('shows the transport\'s own reason as a notice when bookings cannot be read, never the key', async () => {
		const { fields, emptyFieldsNotice } = await fieldsFor({ '/bookings': { statusCode: 403, body: { message: 'missing scope bookings.read' } } });
		expect(fields).toEqual([]);
		expect(emptyFieldsNotice).toMatch(/^No fields could be read from your workspace's bookings: .*403/);
		expect(emptyFieldsNotice).toContain(FALLBACK);
		expect(emptyFieldsNotice).not.toContain(TEST_KEY);
	});

	it('shows a bad Base URL as a notice too', async () => {
		const { context } = mockLoadOptionsContext({ credentials: { baseUrl: 'not a url', apiKey: 'k' } });
		const result = await bookingFields.call(context as ILoadOptionsFunctions);
		expect(result).toMatchObject({ fields: [], emptyFieldsNotice: expect.stringMatching(/^No fields could be read/) });
	});
});

describe('the form judged by more than one page where the first is uniform', () => {
	const booking = (id: number, status: string) => ({
		id: `b${id}`, status, room_id: id % 2 ? 'r1' : 'r2', starts_at: `2026-12-${String(id).padStart(2, '0')}T10:00:00Z`,
		cancel_reason: status === 'cancelled' ? `Reason ${id}` : null,
	});
	const rooms = page([{ id: 'r1', name: 'Blue Room' }, { id: 'r2', name: 'Red Room' }]);
	/** A workspace of two pages of bookings (a cursor walk), page 1 as given. */
	async function formOf(first: unknown[], second: unknown[], operation: string) {
		const { context, requests } = mockLoadOptionsContext({
			parameters: { operation },
			answers: (request: IHttpRequestOptions) => {
				const path = new URL(String(request.url)).pathname.replace('/api/partners/v1', '');
				if (path === '/rooms') return rooms;
				if (path !== '/bookings') return page([]);
				return (request.qs as { cursor?: string } | undefined)?.cursor === 'c2'
					? { statusCode: 200, body: { data: second, next_cursor: null } }
					: { statusCode: 200, body: { data: first, next_cursor: 'c2' } };
			},
		});
		const { fields } = await bookingFields.call(context as ILoadOptionsFunctions);
		return { judged: Object.fromEntries(fields.map((field) => [field.id, field.removed === true ? 'removed' : 'shown'])), fields, bookingRequests: requests.filter((request) => String(request.url).includes('/bookings')).length };
	}
	const cancelled = [1, 3, 5].map((id) => booking(id, 'cancelled'));
	const mixed = [2, 4, 6, 8, 9, 10].map((id) => booking(id, id === 9 ? 'cancelled' : 'confirmed'));

	it('reads the next page when the first is all cancelled, and judges as it would with a mixed first page', async () => {
		for (const operation of ['create', 'update']) {
			const uniformFirst = await formOf(cancelled, mixed, operation);
			const mixedFirst = await formOf(mixed, cancelled, operation);
			expect(uniformFirst.bookingRequests).toBe(2);
			expect([operation, uniformFirst.judged]).toEqual([operation, mixedFirst.judged]);
			// The state is offered with both values, never "the same on every booking seen".
			const status = byId(uniformFirst.fields).status;
			expect(status.displayName).not.toMatch(/the same on every booking/);
			expect(status.options?.map((option) => option.value).sort()).toEqual(['cancelled', 'confirmed']);
		}
		// Cancelling: the state is in the Cancel or Reschedule form as it opens.
		expect((await formOf(cancelled, mixed, 'update')).judged.status).toBe('shown');
	});

	it('reads one page when nothing on it is uniform text', async () => {
		const varied = [booking(2, 'confirmed'), booking(3, 'cancelled'), booking(4, 'confirmed')].map(({ cancel_reason: _, ...rest }) => rest);
		expect((await formOf(varied, mixed, 'create')).bookingRequests).toBe(1);
	});
});

describe('the examples a saved label may show (nothing of other people)', () => {
	it('calls a value a short code only when it is one token with a digit or mark, and no phone number', () => {
		for (const code of ['svc_rehearsal_2h', 'room_a1', 'EUR-2', 'A12', 'b-1', '2026-12-01', '42', 'x:1', '#7']) expect([code, isShortCode(code)]).toEqual([code, true]);
		for (const words of ['Ada', 'confirmed', 'Band member ill', 'Please prepare the space', 'ada@example.com', '0201234567', '020-7946-0958', '+442079460958', `a_${'b'.repeat(40)}`, '', 3])
			expect([words, isShortCode(words)]).toEqual([words, false]);
	});

	it('keeps examples of closed sets, rooms and services, numbers, true/false and codes; none of free text or a client', () => {
		const records = [
			{ id: 'b1', status: 'confirmed', note: 'Please prepare the space 15 minutes early', reason: 'Band member ill', first: 'Ada', code: 'PROMO10', room: 'r1', who: 'c1', guests: 3, paid: true },
			{ id: 'b2', status: 'confirmed', note: 'Quiet please', reason: null, first: 'Bo', code: 'X-2', room: 'r2', who: 'c2', guests: 5, paid: false },
			{ id: 'b3', status: 'cancelled', note: null, reason: 'Flu', first: 'Cy', code: 'PROMO10', room: 'r1', who: 'c1', guests: 2, paid: true },
		];
		const rooms: ReferenceList = { what: 'room', people: false, options: [{ name: 'Blue', value: 'r1' }, { name: 'Red', value: 'r2' }], complete: true };
		const clients: ReferenceList = { what: 'client', people: true, options: [{ name: 'Ada', value: 'c1' }, { name: 'Bo', value: 'c2' }], complete: true };
		const shown = Object.fromEntries(seenFields(records).map((field) => [field.name, exampleOf(field, referencedList(field, [rooms, clients]))]));
		expect(shown).toEqual({
			id: 'b1', status: 'confirmed', note: undefined, reason: undefined, first: undefined, code: 'PROMO10', room: 'r1', who: undefined, guests: '3', paid: 'true',
		});
	});

	it('stores no free text of other bookings in the Create or Cancel or Reschedule form', async () => {
		const held = [
			{ id: 'b1', status: 'confirmed', note: 'Please prepare the space 15 minutes early', cancel_reason: null, guests: 2 },
			{ id: 'b2', status: 'confirmed', note: 'Bring the red amp', cancel_reason: null, guests: 4 },
			{ id: 'b3', status: 'cancelled', note: null, cancel_reason: 'Band member ill', guests: 3 },
			{ id: 'b4', status: 'confirmed', note: 'Ada Jones will open', cancel_reason: null, guests: 1 },
		];
		for (const operation of ['create', 'update']) {
			const { fields } = await fieldsFor({ '/bookings': page(held) }, { operation });
			const saved = JSON.stringify(fields);
			for (const words of ['Please prepare', 'red amp', 'Band member', 'Ada']) expect([operation, saved.includes(words)]).toEqual([operation, false]);
			expect(byId(fields).cancel_reason.displayName).toMatch(/^cancel_reason \(text[;)]/);
			expect(byId(fields).guests.displayName).toBe('guests (number, e.g. 2)');
		}
	});
});

describe('fields seen on sampled records', () => {
	const records = [
		{ a: 'r1', b: '2027-03-02T10:00:00Z', c: 3, d: true, e: 'open', f: null, g: { x: 1 }, h: 'x' },
		{ a: 'r2', b: '2027-03-02T11:00:00+01:00', c: 4.5, d: false, e: 'open', f: null, g: { x: 2 }, h: 2 },
		{ a: 'r1', b: '2027-03-03T09:00:00Z', c: 5, d: true, e: 'closed', f: null, i: 'late field' },
	];

	it('infers one type per field from its values, in the order first seen; nested scalars by their path, lists and mixed types left to the body', () => {
		const fields = seenFields(records);
		expect(fields.map((field) => [field.name, field.type])).toEqual([
			['a', 'string'],
			['b', 'dateTime'],
			['c', 'number'],
			['d', 'boolean'],
			['e', 'string'],
			['f', 'string'],
			['g.x', 'number'],
			['i', 'string'],
		]);
		expect(fields.find((field) => field.name === 'g.x')?.path).toEqual(['g', 'x']);
		expect(fields.find((field) => field.name === 'a')).toMatchObject({ values: ['r1', 'r2'], filled: 3 });
		expect(fields.find((field) => field.name === 'f')).toMatchObject({ values: [], filled: 0 });
	});

	it('names a nested field by the segment that tells it from its kin, by its whole path where two would share a name', () => {
		const nested = seenFields([{
			id: 'b1', type: 'bookings', start: 'top',
			attributes: { start: '2027-01-01T10:00:00Z', note: 'hi' },
			relationships: { room: { data: { type: 'rooms', id: 'r1' } }, client: { data: { type: 'clients', id: 'c1' } } },
			links: { self: { href: 'https://x.test/b1' } },
		}]);
		expect(Object.fromEntries(shortNames(nested))).toEqual({
			id: 'id', type: 'type', start: 'start',
			// `start` is also a top-level field: the nested one keeps its path.
			'attributes.start': 'attributes.start', 'attributes.note': 'note',
			'relationships.room.data.type': 'relationships.room.data.type', 'relationships.room.data.id': 'relationships.room.data.id',
			'relationships.client.data.type': 'relationships.client.data.type', 'relationships.client.data.id': 'relationships.client.data.id',
			'links.self.href': 'href',
		});
		// Without the type tags beside them (the form sends those along), the references are named by the relationship.
		const offered = nested.filter((field) => !field.name.endsWith('.type'));
		expect(shortNames(offered).get('relationships.room.data.id')).toBe('room');
		expect(shortNames(offered).get('relationships.client.data.id')).toBe('client');
	});

	it('ignores keys that name JavaScript machinery', () => {
		const hostile = JSON.parse('{ "__proto__": "x", "ok": "y" }') as unknown;
		expect(seenFields([hostile]).map((field) => field.name)).toEqual(['ok']);
	});

	it('calls a field a choice only when it has few distinct values and one repeats', () => {
		const [a, , , , e, , i] = seenFields(records);
		expect(looksLikeChoice(e)).toBe(true);
		expect(looksLikeChoice(a)).toBe(true);
		expect(looksLikeChoice(i)).toBe(false);
	});

	it('recognises a reference by the identities of another list: a whole list needs half, a partial one a match', () => {
		const [a] = seenFields(records);
		const rooms: ReferenceList = { what: 'room', people: false, options: [{ name: 'Room One', value: 'r1' }], complete: true };
		const clients: ReferenceList = { what: 'client', people: true, options: [{ name: 'Ana', value: 'r2' }], complete: false };
		expect(referencedList(a, [rooms])?.what).toBe('room');
		expect(referencedList(a, [clients])?.what).toBe('client');
		expect(referencedList(a, [{ ...rooms, options: [{ name: 'Other', value: 'zz' }] }])).toBeUndefined();
		const [, b] = seenFields(records);
		expect(referencedList(b, [rooms, clients])).toBeUndefined();
	});
});

describe('which fields the form opens with, judged by the values (never by names)', () => {
	const NOW = Date.parse('2026-11-25T12:00:00Z');
	// Names are letters on purpose: nothing may depend on them.
	const records = [
		{ p: 'r1', q: '2026-12-01T10:00:00Z', r: '2026-12-01T11:00:00Z', s: 'open', t: 'EUR', u: '2026-11-01T09:00:00Z', v: '2026-11-01T09:00:00Z', w: null, x: null, y: 'Bring a cable', z: null },
		{ p: 'r2', q: '2026-12-02T10:00:00Z', r: '2026-12-02T12:00:00Z', s: 'open', t: 'EUR', u: '2026-11-02T09:00:00Z', v: '2026-11-02T09:00:00Z', w: null, x: null, y: null, z: null },
		{ p: 'r1', q: '2026-12-03T10:00:00Z', r: '2026-12-03T11:00:00Z', s: 'closed', t: 'EUR', u: '2026-11-03T09:00:00Z', v: '2026-11-04T08:00:00Z', w: '2026-11-04T08:00:00Z', x: 'Ill', y: null, z: null },
		{ p: 'r2', q: '2026-12-04T10:00:00Z', r: '2026-12-04T12:00:00Z', s: 'open', t: 'EUR', u: '2026-11-04T09:00:00Z', v: '2026-11-04T09:00:00Z', w: null, x: null, y: 'Quiet please', z: null },
		{ p: 'r1', q: '2026-12-05T10:00:00Z', r: '2026-12-05T11:00:00Z', s: 'open', t: 'EUR', u: '2026-11-05T09:00:00Z', v: '2026-11-05T09:00:00Z', w: null, x: null, y: null, z: null },
	];
	const rooms: ReferenceList = { what: 'room', people: false, options: [{ name: 'One', value: 'r1' }, { name: 'Two', value: 'r2' }], complete: true };
	const judge = (purpose: 'create' | 'change', rows: unknown[] = records) => {
		const judged = judgeFields(rows, seenFields(rows), [rooms], purpose, NOW);
		return Object.fromEntries([...judged].map(([name, { input, reason }]) => [name, input ? 'input' : (reason ?? 'hidden')]));
	};

	it('opens Create with the references, the span\'s start and free text; keeps what the workspace sets one click away', () => {
		expect(judge('create')).toEqual({
			p: 'input',
			q: 'input',
			// Always an hour or two after q, the same for every booking of one room: it follows.
			r: 'follows from q and p',
			s: 'hidden',
			t: 'the same on every booking seen',
			u: 'set by your workspace when a booking is written',
			v: 'set by your workspace when a booking is written',
			w: 'set by your workspace when a booking is written',
			x: 'empty until s is closed',
			y: 'input',
			z: 'empty on every booking seen',
		});
	});

	it('opens Cancel or Reschedule with the state later fields follow, and the later state\'s text', () => {
		const judged = judge('change');
		expect(judged.s).toBe('input');
		expect(judged.x).toBe('input');
		expect(judged.w).toBe('set by your workspace when a booking is written');
	});

	it('keeps a moment in the form when the data does not show it follows: lengths that differ within a room', () => {
		const varied = records.map((record, index) => ({ ...record, r: new Date(Date.parse(record.q) + (index + 1) * 1800_000).toISOString() }));
		expect(judge('create', varied).r).toBe('input');
	});

	it('reads a moment always past, beside moments ahead, as the workspace\'s own record time', () => {
		const rows = records.map(({ p, q, u }) => ({ p, q, u }));
		expect(judge('create', rows)).toEqual({ p: 'input', q: 'input', u: 'set by your workspace when a booking is written' });
	});

	it('keeps an end in the form that only correlates with a field the user does not give: prices that follow the length', () => {
		const hours = [1, 2, 1, 2, 3, 1];
		const priced = hours.map((length, index) => {
			const start = Date.parse('2026-12-01T10:00:00Z') + index * 86_400_000;
			return { q: new Date(start).toISOString(), r: new Date(start + length * 3_600_000).toISOString(), price: { amount_minor: 2000 * length, currency: 'EUR' } };
		});
		expect(judge('create', priced)).toMatchObject({ q: 'input', r: 'input', 'price.amount_minor': 'input' });
	});

	it('keeps an end in the form when every booking lasts one hour: a uniform length is no evidence of who sets it', () => {
		const hourly = records.map((record) => ({ ...record, r: new Date(Date.parse(record.q) + 3_600_000).toISOString() }));
		expect(judge('create', hourly).r).toBe('input');
		// Lengths fixed per room, and differing between rooms, are: the room the user chooses sets the end.
		expect(judge('create').r).toBe('follows from q and p');
	});

	it('keeps everything in the form when one booking is all there is to judge by', () => {
		expect(Object.values(judge('create', records.slice(0, 1))).filter((verdict) => verdict !== 'input' && verdict !== 'hidden')).toEqual([
			'set by your workspace when a booking is written',
			'set by your workspace when a booking is written',
		]);
	});
});
