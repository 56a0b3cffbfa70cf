import { chooseIdentityMode, chooseRecordIdentity, detectIdentityField, entryIdentity, hashText, recordIdentity } from '../../nodes/VenueBooking/identity';
import { canonicalJson } from '../../nodes/VenueBooking/transport/json';
import { TEST_NODE } from './mockContext';

describe('entry identity', () => {
	it('uses ids only when every entry has a scalar one', () => {
		expect(chooseIdentityMode([{ id: 1 }, { id: 'b' }])).toBe('id');
		expect(chooseIdentityMode([{ id: 1 }, { other: 2 }])).toBe('hash');
		expect(chooseIdentityMode([{ id: { nested: 1 } }])).toBe('hash');
		expect(chooseIdentityMode([])).toBe('hash');
	});

	it('uses `id` in another case (Mindbody\'s `Id`) when every entry has a scalar one, `id` itself first', () => {
		expect(chooseIdentityMode([{ Id: 1042, Status: 'Booked' }, { Id: 1043, Status: 'Booked' }])).toBe('field:Id');
		expect(chooseIdentityMode([{ Id: 1042 }])).toBe('field:Id');
		expect(chooseIdentityMode([{ id: 'a', Id: 1 }, { id: 'b', Id: 2 }])).toBe('id');
		expect(chooseIdentityMode([{ Id: 1 }, { Id: { nested: 1 } }])).toBe('hash');
		expect(chooseIdentityMode([{ Id: 1 }, { Other: 2 }])).toBe('hash');
		// Other short texts are no identity for a journal: an event name repeats on later entries.
		expect(chooseIdentityMode([{ event: 'a' }, { event: 'b' }])).toBe('hash');
		expect(entryIdentity({ Id: 1042, Status: 'Booked' }, 'field:Id')).toBe('n:1042');
		expect(entryIdentity({ Id: 1042, Status: 'Cancelled' }, 'field:Id')).toBe(entryIdentity({ Id: 1042, Status: 'Booked' }, 'field:Id'));
		// An entry without the field is hashed, as in `id` mode.
		expect(entryIdentity({ Other: 1 }, 'field:Id')).toMatch(/^h:[0-9a-f]{16}$/);
	});

	it('tells a numeric id from the same text, and hashes long ids to a bounded length', () => {
		expect(entryIdentity({ id: 1 }, 'id')).not.toBe(entryIdentity({ id: '1' }, 'id'));
		expect(entryIdentity({ id: 'x'.repeat(500) }, 'id').length).toBeLessThanOrEqual(64);
	});

	it('hashes content independently of key order, and differently for different content', () => {
		const a = entryIdentity({ event: 'booking.created', at: 1, payload: { x: 1, y: [1, 2] } }, 'hash');
		const b = entryIdentity({ payload: { y: [1, 2], x: 1 }, at: 1, event: 'booking.created' }, 'hash');
		expect(a).toBe(b);
		expect(entryIdentity({ event: 'booking.created', at: 2 }, 'hash')).not.toBe(a);
	});

	it('reads a field the user names, falling back to the hash where it is missing', () => {
		expect(entryIdentity({ meta: { key: 'k1' } }, 'hash', 'meta.key')).toBe('s:k1');
		expect(entryIdentity({ other: 1 }, 'id', 'meta.key')).toMatch(/^h:[0-9a-f]{16}$/);
	});

	it('is safe with __proto__ keys and deep nesting', () => {
		const hostile = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');
		expect(canonicalJson(hostile)).toContain('"__proto__"');
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		let deep: unknown = 1;
		for (let i = 0; i < 5000; i++) deep = { d: deep };
		expect(entryIdentity(deep, 'hash')).toMatch(/^h:/);
	});

	it('spreads similar inputs over different hashes', () => {
		const hashes = new Set(Array.from({ length: 20_000 }, (_, i) => hashText(`{"id":${i}}`)));
		expect(hashes.size).toBe(20_000);
	});
});

describe('record identity in the editor (the trigger\'s rule)', () => {
	it('uses id when every record has a scalar one', () => {
		const rule = chooseRecordIdentity(TEST_NODE, [{ id: 1 }, { id: 'b' }], '', 'booking');
		expect(rule).toEqual({ path: 'id', named: false });
		expect(recordIdentity({ id: 1 }, rule)).toBe('1');
	});

	it('uses the field the user names, as a dot path, over any id', () => {
		const rule = chooseRecordIdentity(TEST_NODE, [{ id: 1, meta: { ref: 'R-1' } }], ' meta.ref ', 'booking');
		expect(recordIdentity({ id: 1, meta: { ref: 'R-1' } }, rule)).toBe('R-1');
		expect(recordIdentity({ id: 1 }, rule)).toBeUndefined();
	});

	it('without an id and without a named field: an error that points at the option', () => {
		expect(() => chooseRecordIdentity(TEST_NODE, [{ ref: 'a' }, { id: { nested: true } }], '', 'client')).toThrow(
			'The client records in your workspace have no "id" field to pick them by',
		);
	});
});

describe('the identity of records without an id', () => {
	it('is the first field holding a different short text on every record', () => {
		expect(detectIdentityField([{ kind: 'a', ref: 'r1', name: 'One' }, { kind: 'a', ref: 'cli_walk in', name: 'Two' }])).toBe('ref');
		expect(detectIdentityField([{ n: 1 }, { n: 2 }])).toBeUndefined();
		expect(detectIdentityField([{ n: 'x'.repeat(65) }, { n: 'y'.repeat(65) }])).toBeUndefined();
		expect(detectIdentityField([{ ref: 'r1' }, { ref: 'r1' }])).toBeUndefined();
		expect(detectIdentityField([{ ref: 'r1' }])).toBeUndefined();
		expect(detectIdentityField([{ ref: 'r1' }, 'x'])).toBeUndefined();
	});

	it('is the first field holding codes where a title comes before it: rooms filed under codes are referred to by them (issue 40)', () => {
		expect(detectIdentityField([{ title: 'Meeting room 101', roomCode: 'MR-101' }, { title: 'Meeting room 102', roomCode: 'MR-102' }])).toBe('roomCode');
		expect(detectIdentityField([{ title: 'Loft', slug: 'loft' }, { title: 'Studio', slug: 'studio' }])).toBe('title');
	});

	it("is id in another case first (Mindbody's integer Id), and never a date or time", () => {
		const appointments = [
			{ Status: 'Booked', StartDateTime: '2026-12-01T09:00:00', Id: 1042 },
			{ Status: 'Booked', StartDateTime: '2026-12-01T10:00:00', Id: 1043 },
		];
		expect(detectIdentityField(appointments)).toBe('Id');
		// Without it, the start times differ on the page but are no identity: the next unique text is.
		const noId = appointments.map(({ StartDateTime, Id }) => ({ StartDateTime, code: `A-${Id}` }));
		expect(detectIdentityField(noId)).toBe('code');
		expect(detectIdentityField([{ start: '2026-12-01 15:00:00' }, { start: '2026-12-02' }])).toBeUndefined();
		// An Id shared by two records is none.
		expect(detectIdentityField([{ Id: 1, ref: 'a' }, { Id: 1, ref: 'b' }])).toBe('ref');
	});
});
