import { looksLikeChoice, seenFields } from '../../../nodes/VenueBooking/methods/fieldTypes';
import { referencedList, type ReferenceList } from '../../../nodes/VenueBooking/methods/references';

describe('fields seen on sampled records', () => {
	const records = [
		{ a: 'r1', b: '2027-03-02T10:00:00Z', c: 3, d: true, e: 'open', f: null, g: { x: 1 }, h: 'x' },
		{ a: 'r2', b: '2027-03-02T11:00:00+01:00', c: 4.5, d: false, e: 'open', f: null, g: { x: 2 }, h: 2 },
		{ a: 'r1', b: '2027-03-03T09:00:00Z', c: 5, d: true, e: 'closed', f: null, i: 'late field' },
	];

	it('infers one type per field from its values, in the order first seen; objects and mixed types are left to the body', () => {
		const fields = seenFields(records);
		expect(fields.map((field) => [field.name, field.type])).toEqual([
			['a', 'string'],
			['b', 'dateTime'],
			['c', 'number'],
			['d', 'boolean'],
			['e', 'string'],
			['f', 'string'],
			['i', 'string'],
		]);
		expect(fields.find((field) => field.name === 'a')).toMatchObject({ values: ['r1', 'r2'], filled: 3 });
		expect(fields.find((field) => field.name === 'f')).toMatchObject({ values: [], filled: 0 });
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
		const rooms: ReferenceList = { what: 'room', options: [{ name: 'Room One', value: 'r1' }], complete: true };
		const clients: ReferenceList = { what: 'client', options: [{ name: 'Ana', value: 'r2' }], complete: false };
		expect(referencedList(a, [rooms])?.what).toBe('room');
		expect(referencedList(a, [clients])?.what).toBe('client');
		expect(referencedList(a, [{ ...rooms, options: [{ name: 'Other', value: 'zz' }] }])).toBeUndefined();
		const [, b] = seenFields(records);
		expect(referencedList(b, [rooms, clients])).toBeUndefined();
	});
});
