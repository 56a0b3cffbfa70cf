import { fieldOptions, fieldPaths, valueOptions, valuesSeen } from '../../../nodes/VenueBooking/methods/journalFields';

/** Entries shaped unlike the sandbox's: the discovery must find whatever names the entries use. */
const entries = [
	{ uid: 'd1', type: 'order.paid', meta: { attempt: 1, ok: true, target: { host: 'a.example' } }, tags: ['x', 'y', 'x'], body: null },
	{ uid: 'd2', type: 'order.paid', meta: { attempt: 2, ok: false, target: { host: 'a.example' } }, tags: [] },
	{ uid: 'd3', type: 'order.refunded', meta: { attempt: 1, ok: true }, 'dotted.key': 'unreachable', list: [{ a: 1 }] },
];

describe('fieldPaths', () => {
	it('finds every scalar field, nested ones as dot paths, lists of scalars, sorted', () => {
		expect(fieldPaths(entries)).toEqual(['meta.attempt', 'meta.ok', 'meta.target.host', 'tags', 'type', 'uid']);
	});

	it('stops three levels deep and skips keys a dot path cannot reach', () => {
		expect(fieldPaths([{ a: { b: { c: 'three' } } }, { a: { b: { c: { d: 'four' } } } }])).toEqual(['a.b.c']);
		expect(fieldPaths([JSON.parse('{"__proto__": {"x": 1}, "": 2, "ok": 3}')])).toEqual(['ok']);
		expect(fieldPaths(['text', 7, null, [1, 2]])).toEqual([]);
	});

	it('offers at most 200 fields from a page with thousands of keys', () => {
		const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
		expect(fieldPaths([wide])).toHaveLength(200);
	});
});

describe('valuesSeen', () => {
	it('counts each entry once per value, most frequent first, then by text', () => {
		expect(valuesSeen(entries, 'type')).toEqual([
			{ value: 'order.paid', entries: 2 },
			{ value: 'order.refunded', entries: 1 },
		]);
		expect(valuesSeen(entries, 'tags')).toEqual([
			{ value: 'x', entries: 1 },
			{ value: 'y', entries: 1 },
		]);
		expect(valuesSeen(entries, 'meta.ok')).toEqual([
			{ value: true, entries: 2 },
			{ value: false, entries: 1 },
		]);
	});

	it('keeps numbers as numbers, so a chosen value is stored with its type', () => {
		expect(valuesSeen(entries, 'meta.attempt').map((seen) => seen.value)).toEqual([1, 2]);
	});
});

describe('options for the dropdowns', () => {
	it('labels fields and values as seen in the journal, with counts and an example', () => {
		const type = fieldOptions(entries).find((option) => option.value === 'type');
		expect(type).toEqual({
			name: 'type',
			value: 'type',
			description: 'Seen in your journal: in 3 of 3 sampled entries, 2 different values, e.g. order.paid',
		});
		const host = fieldOptions(entries).find((option) => option.value === 'meta.target.host');
		expect(host?.description).toBe('Seen in your journal: in 2 of 3 sampled entries, 1 different value, e.g. a.example');
		expect(valueOptions(entries, 'type')).toEqual([
			{ name: 'order.paid', value: 'order.paid', description: 'Seen in your journal: in 2 of 3 sampled entries' },
			{ name: 'order.refunded', value: 'order.refunded', description: 'Seen in your journal: in 1 of 3 sampled entries' },
		]);
	});

	it('cuts long labels but keeps the whole value', () => {
		const long = 'x'.repeat(120);
		const [option] = valueOptions([{ note: long }], 'note');
		expect(option.value).toBe(long);
		expect(option.name).toHaveLength(80);
		expect(String(option.name).endsWith('…')).toBe(true);
	});
});
