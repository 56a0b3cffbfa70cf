import { isPlainObject, readPath } from '../../../nodes/VenueBooking/transport/paths';

describe('readPath', () => {
	it('follows a dot path through objects and arrays', () => {
		expect(readPath({ meta: { next: { cursor: 'c2' } } }, 'meta.next.cursor')).toBe('c2');
		expect(readPath({ rows: ['a', 'b'] }, 'rows.1')).toBe('b');
	});

	it('is undefined for a missing step or a step into a scalar or null', () => {
		expect(readPath({ a: 1 }, 'b')).toBeUndefined();
		expect(readPath({ a: 1 }, 'a.b')).toBeUndefined();
		expect(readPath({ a: null }, 'a.b')).toBeUndefined();
		expect(readPath('text', 'length')).toBeUndefined();
	});

	it('never reads inherited properties or __proto__ / constructor / prototype, even as own keys', () => {
		expect(readPath({}, 'toString')).toBeUndefined();
		const hostile = JSON.parse('{"__proto__":{"next":"x"},"constructor":{"prototype":1}}') as unknown;
		expect(readPath(hostile, '__proto__.next')).toBeUndefined();
		expect(readPath(hostile, 'constructor.prototype')).toBeUndefined();
	});
});

describe('isPlainObject', () => {
	it('is true for objects only, not arrays or null', () => {
		expect(isPlainObject({})).toBe(true);
		expect(isPlainObject([])).toBe(false);
		expect(isPlainObject(null)).toBe(false);
		expect(isPlainObject('x')).toBe(false);
	});
});
