import { listAt, locateList, toJsonItems, toJsonObject } from '../../../nodes/VenueBooking/transport/responseItems';

describe('locateList', () => {
	it('takes a JSON array as the list, and the one array-valued property of an object', () => {
		expect(locateList([1])).toEqual({ kind: 'body' });
		expect(locateList({ bookings: [], next: 'x', total: 3 })).toEqual({ kind: 'property', path: 'bookings' });
	});

	it('finds no list in an object with two arrays or none, nor in a scalar', () => {
		expect(locateList({ a: [], b: [] })).toEqual({ kind: 'none' });
		expect(locateList({ a: 1 })).toEqual({ kind: 'none' });
		expect(locateList('text')).toEqual({ kind: 'none' });
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
