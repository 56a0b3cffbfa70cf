import { hasOwnIdentity, isRecordItself, listAt, locateList, memberKeysInText, parseBody, toJsonItems, toJsonObject, writeAnswerItems } from '../../../nodes/VenueBooking/transport/response';

describe('parseBody', () => {
	it('parses JSON text, including bare values, and reads a blank body as undefined', () => {
		expect(parseBody('{"a":[1]}', 'application/json')).toEqual({ ok: true, value: { a: [1] } });
		expect(parseBody('"x"', undefined)).toEqual({ ok: true, value: 'x' });
		expect(parseBody('null', 'application/json')).toEqual({ ok: true, value: null });
		expect(parseBody('  \n', 'application/json')).toEqual({ ok: true, value: undefined });
	});

	it('passes a body a helper already parsed', () => {
		const body = { already: true };
		expect(parseBody(body, undefined)).toEqual({ ok: true, value: body });
	});

	it('calls an HTML page what it is and quotes its start', () => {
		const result = parseBody('<!DOCTYPE html><html><body>Welcome to our studio</body></html>', 'text/html');
		expect(result).toMatchObject({ ok: false, problem: 'The API answered with an HTML page instead of JSON' });
		expect(!result.ok && result.hint).toContain('Welcome to our studio');
	});

	it('tells invalid JSON from text of another type', () => {
		expect(parseBody('{"a":', 'application/json')).toMatchObject({ ok: false, problem: 'The API answered with invalid JSON' });
		expect(parseBody('plain words', 'text/plain')).toMatchObject({ ok: false, problem: 'The API answered with text/plain instead of JSON' });
		expect(parseBody('plain words', undefined)).toMatchObject({ ok: false, problem: 'The API answered with text instead of JSON' });
	});

	it('shortens the quoted start of a long body to one line of 120 characters', () => {
		const result = parseBody(`oops\n${'x'.repeat(500)}`, 'text/plain');
		expect(!result.ok && result.hint).toBe(`The body starts: oops ${'x'.repeat(115)}…`);
	});

	it('refuses JSON nested more than 200 levels deep, parsed or not', () => {
		const deep = `${'['.repeat(201)}${']'.repeat(201)}`;
		expect(parseBody(deep, 'application/json')).toMatchObject({ ok: false, problem: expect.stringMatching(/nested more than 200 levels/) });
		expect(parseBody(`${'['.repeat(200)}${']'.repeat(200)}`, 'application/json').ok).toBe(true);
		expect(parseBody(JSON.parse(deep), undefined).ok).toBe(false);
	});
});

describe('locateList', () => {
	it('finds the one array of records one or two objects down in containers of any name (issue 40)', () => {
		expect(locateList({ $Embedded: { bookings: [{ id: 1 }] }, page: { total: 1 } })).toEqual({ kind: 'property', path: '$Embedded.bookings' });
		expect(locateList({ result: { rows: [{ id: 1 }] }, meta: { next: 'x' } })).toEqual({ kind: 'property', path: 'result.rows' });
		expect(locateList({ response: { embedded: { payments: [{ id: 1 }] } }, links: { next: 'x' } })).toEqual({ kind: 'property', path: 'response.embedded.payments' });
		// Two such arrays, or an array of plain values, tell nothing.
		expect(locateList({ a: { rows: [{ id: 1 }] }, b: { rows: [{ id: 2 }] } })).toEqual({ kind: 'none' });
		expect(locateList({ meta: { tags: ['x'] } })).toEqual({ kind: 'none' });
	});

	it('takes a JSON array as the list, and the one array-valued property of an object', () => {
		expect(locateList([1])).toEqual({ kind: 'body' });
		expect(locateList({ bookings: [], next: 'x', total: 3 })).toEqual({ kind: 'property', path: 'bookings' });
	});

	it('finds no list in an object with two arrays or none, nor in a scalar', () => {
		expect(locateList({ a: [], b: [] })).toEqual({ kind: 'none' });
		expect(locateList({ a: 1 })).toEqual({ kind: 'none' });
		expect(locateList('text')).toEqual({ kind: 'none' });
	});

	it('prefers the array with a list\'s usual name when there are several (Laravel\'s data beside links)', () => {
		expect(locateList({ data: [1], links: [{ url: null }], total: 1 })).toEqual({ kind: 'property', path: 'data' });
		expect(locateList({ results: [], errors: [] })).toEqual({ kind: 'property', path: 'results' });
		expect(locateList({ data: [], items: [] })).toEqual({ kind: 'none' });
	});

	it('finds the list one object down in a container (HAL _embedded, data.items), and only there', () => {
		expect(locateList({ _embedded: { bookings: [1] }, page: { number: 0 } })).toEqual({ kind: 'property', path: '_embedded.bookings' });
		expect(locateList({ data: { items: [1], cursor: 'c' } })).toEqual({ kind: 'property', path: 'data.items' });
		expect(locateList({ id: 'b1', client: { tags: ['x'] } })).toEqual({ kind: 'none' });
		expect(locateList({ _embedded: { a: [], b: [] } })).toEqual({ kind: 'none' });
	});

	it('ignores arrays under __proto__ or constructor keys, and takes the user\'s path over any guess', () => {
		expect(locateList(JSON.parse('{"__proto__":[1],"rows":[2]}'))).toEqual({ kind: 'property', path: 'rows' });
		expect(locateList([1], 'data.rows')).toEqual({ kind: 'property', path: 'data.rows' });
	});
});

describe('listAt', () => {
	it('reads the entries at a location, or undefined when the body has none there', () => {
		expect(listAt([1, 2], { kind: 'body' })).toEqual([1, 2]);
		expect(listAt({ data: { rows: [3] } }, { kind: 'property', path: 'data.rows' })).toEqual([3]);
		expect(listAt({ data: 'x' }, { kind: 'property', path: 'data' })).toBeUndefined();
		expect(listAt({ a: 1 }, { kind: 'body' })).toBeUndefined();
		expect(listAt([1], { kind: 'none' })).toBeUndefined();
	});
});

describe('toJsonObject / toJsonItems', () => {
	it('passes objects through, wraps other values, and reads an empty body as success', () => {
		const record = { id: 1 };
		expect(toJsonObject(record)).toBe(record);
		expect(toJsonObject(['a'])).toEqual({ value: ['a'] });
		expect(toJsonObject(0)).toEqual({ value: 0 });
		expect(toJsonObject(null)).toEqual({ value: null });
		expect(toJsonObject(undefined)).toEqual({ success: true });
		expect(toJsonObject('')).toEqual({ success: true });
	});

	it('gives one item per entry, in order', () => {
		expect(toJsonItems([{ a: 1 }, 'x', 2])).toEqual([{ a: 1 }, { value: 'x' }, { value: 2 }]);
	});
});

describe('lists keyed by id (PHP-built platforms such as Checkfront)', () => {
	const booking = (id: number, extra: Record<string, unknown> = {}) => ({ booking_id: id, code: `ABCD-${id}`, status_id: 'PAID', ...extra });

	it('finds an object of records keyed by their identity, at the top, in a property, or one down in a container', () => {
		const keyed = { '1042': booking(1042), '1043': booking(1043) };
		expect(locateList({ request: { status: 'OK', page: 1, pages: 4, records: 357 }, 'booking/index': keyed })).toEqual({ kind: 'property', path: 'booking/index' });
		expect(locateList(keyed)).toEqual({ kind: 'body' });
		expect(locateList({ data: { bookings: keyed }, meta: { page: 1 } })).toEqual({ kind: 'property', path: 'data.bookings' });
		// Identities under other names, and codes rather than numbers.
		expect(locateList({ items: { 'ABCD-261126': { Code: 'x', itemId: 'ABCD-261126' }, 'EFGH-261126': { Code: 'y', itemId: 'EFGH-261126' } } })).toEqual({
			kind: 'property',
			path: 'items',
		});
		expect(listAt({ 'booking/index': keyed }, { kind: 'property', path: 'booking/index' })).toEqual([booking(1042), booking(1043)]);
	});

	it('finds an object keyed by position ("0", "1", …) whose members share one shape', () => {
		const byPosition = { '0': { name: 'Loft', size: 3 }, '1': { name: 'Studio', size: 5 } };
		expect(locateList({ rooms: byPosition })).toEqual({ kind: 'property', path: 'rooms' });
		expect(listAt({ rooms: byPosition }, { kind: 'property', path: 'rooms' })).toEqual([byPosition[0], byPosition[1]]);
		// Different key sets, but one identity-like field every member holds.
		expect(locateList({ rooms: { '0': { id: 'r1', name: 'Loft' }, '1': { id: 'r2', capacity: 4 } } })).toEqual({ kind: 'property', path: 'rooms' });
	});

	it('leaves a single record whose fields are objects a record: keys that are neither identities nor positions, or shapes that differ', () => {
		const record = { id: 'bk_1', customer: { id: 'c1', name: 'Ada' }, room: { id: 'r1', name: 'Loft' } };
		expect(locateList(record)).toEqual({ kind: 'none' });
		expect(locateList({ customer: { id: 'c1' }, room: { id: 'r1' } })).toEqual({ kind: 'none' });
		// Positions, but members of different shapes with no shared identity.
		expect(locateList({ settings: { '0': { theme: 'dark' }, '1': { locale: 'de' } } })).toEqual({ kind: 'none' });
		// Positions out of sequence, a member that is no record, an identity that is not the key.
		expect(locateList({ rows: { '0': { id: 1 }, '2': { id: 2 } } })).toEqual({ kind: 'none' });
		expect(locateList({ rows: { '7': { id: 7 }, '8': 'eight' } })).toEqual({ kind: 'none' });
		expect(locateList({ rows: { '7': { id: 8 }, '8': { id: 7 } } })).toEqual({ kind: 'none' });
		// Two keyed lists side by side: which is meant is the user's to say.
		expect(locateList({ a: { '1': { id: 1 } }, b: { '2': { id: 2 } } })).toEqual({ kind: 'none' });
		// An array anywhere keeps its old precedence.
		expect(locateList({ data: [1], extra: { '1': { id: 1 } } })).toEqual({ kind: 'property', path: 'data' });
	});

	it('finds a list keyed by codes under a field of any name, or by code-like keys over members of one shape (issue 40)', () => {
		const customers = { 'C-17': { customerCode: 'C-17', name: 'Ada' }, 'C-18': { customerCode: 'C-18', name: 'Bo' } };
		expect(locateList({ customers, paging: { page: 1 } })).toEqual({ kind: 'property', path: 'customers' });
		expect(listAt({ customers }, { kind: 'property', path: 'customers' })).toEqual([customers['C-17'], customers['C-18']]);
		// Slugs echoed by a member field, with fields that differ from member to member.
		expect(locateList({ rooms: { loft: { slug: 'loft', seats: 8 }, 'studio-a': { slug: 'studio-a', floor: 2 } } })).toEqual({ kind: 'property', path: 'rooms' });
		// One member is enough where its key reads as a code.
		expect(locateList({ rooms: { 'MR-101': { ref: 'MR-101', name: 'Meeting room' } } })).toEqual({ kind: 'property', path: 'rooms' });
		// Codes as keys, members of one shape that do not repeat their key; the body itself keyed so.
		const slots = { SLOT0900: { start: '09:00', free: true }, SLOT1000: { start: '10:00', free: false }, SLOT1100: { start: '11:00', free: true, note: 'x' } };
		expect(locateList({ slots })).toEqual({ kind: 'property', path: 'slots' });
		expect(locateList(slots)).toEqual({ kind: 'body' });
		expect(locateList({ rooms: { LOFT_1: { name: 'Loft A', seats: 8 }, LOFT_2: { name: 'Loft B', seats: 6 } } })).toEqual({ kind: 'property', path: 'rooms' });
	});

	it('keeps a record with nested objects one record: field names as keys, one member, or shapes that differ, with no key repeated', () => {
		const booking = { id: 'bk_1', room: { id: 'r1', name: 'Loft' }, client: { id: 'c1', name: 'Ada' }, price: { amount: 10, currency: 'EUR' } };
		expect(locateList(booking)).toEqual({ kind: 'none' });
		expect(locateList({ room: { id: 'r1', name: 'Loft' }, client: { id: 'c1', name: 'Ada' } })).toEqual({ kind: 'none' });
		expect(locateList({ booking: { room: { id: 'r1', name: 'Loft' }, backupRoom: { id: 'r2', name: 'Studio' } } })).toEqual({ kind: 'none' });
		// Code-like keys over members of different shapes, or a single member whose key is a plain word.
		expect(locateList({ parts: { A1: { theme: 'dark' }, B2: { locale: 'de', zone: 'x' } } })).toEqual({ kind: 'none' });
		expect(locateList({ room: { room: 'loft', name: 'Loft' } })).toEqual({ kind: 'none' });
		// HAL's links have one shape, but their keys are words, in any case.
		expect(locateList({ _links: { self: { href: '/a' }, next: { href: '/b' } }, total: 3 })).toEqual({ kind: 'none' });
		expect(locateList({ LINKS: { SELF: { HREF: '/a' }, NEXT: { HREF: '/b' } }, TOTAL: 3 })).toEqual({ kind: 'none' });
		// Links keyed by their relation, which each repeats, are links too.
		expect(locateList({ links: { self: { rel: 'self', href: '/a' }, next: { rel: 'next', href: '/b' } } })).toEqual({ kind: 'none' });
		expect(locateList({ rooms: { LOFT_A: { name: 'Loft A', seats: 8 }, LOFT_B: { name: 'Loft B', seats: 6 } } })).toEqual({ kind: 'none' });
	});

	it('reads the members in the order the server wrote them, though JSON.parse sorts integer-like keys', () => {
		const text = '{"request":{"status":"OK","page":1},"booking/index":{"1044":{"booking_id":1044},"1043":{"booking_id":1043},"1042":{"booking_id":1042}}}';
		const parsed = parseBody(text, 'application/json');
		if (!parsed.ok) throw new Error('not parsed');
		expect(Object.keys((parsed.value as Record<string, Record<string, unknown>>)['booking/index'])).toEqual(['1042', '1043', '1044']);
		const location = locateList(parsed.value);
		expect(listAt(parsed.value, location)?.map((entry) => (entry as { booking_id: number }).booking_id)).toEqual([1044, 1043, 1042]);
		// The body itself keyed, with strings that hold braces, quotes and escapes before the list.
		const top = parseBody('{"9":{"id":9,"note":"a \\"}{\\" b"},"10":{"id":10,"note":"\\\\"},"2":{"id":2,"note":"[x"}}', undefined);
		if (!top.ok) throw new Error('not parsed');
		expect(listAt(top.value, locateList(top.value))?.map((entry) => (entry as { id: number }).id)).toEqual([9, 10, 2]);
	});

	it('follows the Items Field to an object of records, and reads an empty keyed list written as {} or []', () => {
		const byCode = { first: { name: 'a' }, second: { label: 'b' } };
		expect(listAt({ result: byCode }, locateList({ result: byCode }, 'result'))).toEqual([{ name: 'a' }, { label: 'b' }]);
		expect(listAt({ 'booking/index': {} }, { kind: 'property', path: 'booking/index' })).toEqual([]);
		expect(listAt({ 'booking/index': [] }, { kind: 'property', path: 'booking/index' })).toEqual([]);
		expect(listAt({}, { kind: 'body' })).toEqual([]);
		expect(listAt({ result: { a: 1 } }, { kind: 'property', path: 'result' })).toBeUndefined();
	});

	it('reads member keys from the text of a nested path only, and nothing where there is no object', () => {
		expect(memberKeysInText('{"a":{"3":{},"1":{}},"b":{"2":{}}}', ['a'])).toEqual(['3', '1']);
		expect(memberKeysInText('{"a":[{"3":{}}],"b":{"2":{},"1":[]}}', ['b'])).toEqual(['2', '1']);
		expect(memberKeysInText('{"a":[{"b":{"1":{}}}]}', ['a', 'b'])).toBeUndefined();
		expect(memberKeysInText('{"x":{"2":1,"1":2}}', [])).toEqual(['x']);
	});
});

describe('writeAnswerItems: what a write answered, as items (issue 40)', () => {
	const booking = { id: 'bk_9', start: '2026-12-01T10:00:00Z', room: { id: 'room_3' }, client: { id: 'cl_1' } };

	it('keeps an object or nothing as one item, untouched, as before', () => {
		const envelope = { success: true, data: booking };
		expect(writeAnswerItems(envelope)[0]).toBe(envelope);
		expect(writeAnswerItems(booking)[0]).toBe(booking);
		expect(writeAnswerItems(undefined)).toEqual([{ success: true }]);
		expect(writeAnswerItems([])).toEqual([{ value: [] }]);
		expect(writeAnswerItems(['ok', 1])).toEqual([{ value: ['ok', 1] }]);
	});

	it('reads an array result by result: a record as itself, a result by the one member that is a record, whatever its key', () => {
		expect(writeAnswerItems([booking])).toEqual([booking]);
		expect(writeAnswerItems([{ success: true, created: booking }])).toEqual([booking]);
		expect(writeAnswerItems([{ ok: true, bookingId: 'bk_9', theBooking: booking }])).toEqual([booking]);
		expect(writeAnswerItems([{ status: 'OK', changed: { ...booking, state: 'cancelled' } }, { status: 'OK', changed: booking }])).toEqual([{ ...booking, state: 'cancelled' }, booking]);
		// Without one record inside, the result is the item.
		const two = { success: true, before: { id: 1 }, after: { id: 2 } };
		expect(writeAnswerItems([two])).toEqual([two]);
		expect(writeAnswerItems([{ success: true }])).toEqual([{ success: true }]);
	});

	it('tells a record from a result about one: an identity and a value of its own beside the result\'s words', () => {
		expect(hasOwnIdentity({ bookingId: 7 })).toBe(true);
		expect(hasOwnIdentity({ booking_uuid: 'u' })).toBe(true);
		expect(hasOwnIdentity({ id: '' })).toBe(false);
		expect(hasOwnIdentity({ identifier: 'x', valid: true })).toBe(false);
		expect(isRecordItself(booking)).toBe(true);
		expect(isRecordItself({ id: 'dlv_1', status: 'failed', error: 'timeout', url: 'https://x' })).toBe(true);
		expect(isRecordItself({ id: 'bk_9', success: true, errorMessage: '', created: booking })).toBe(false);
		expect(isRecordItself({ requestId: 'rq', status: 'error', message: 'taken' })).toBe(false);
	});
});
