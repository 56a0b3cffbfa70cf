import { canonicalJson, cutText, hashText, isPlainObject, keyWords, readPath, walkFields } from '../../../nodes/VenueBooking/transport/json';

describe('canonicalJson', () => {
	it('sorts object keys at every level and keeps array order', () => {
		expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
	});

	it('gives the same text whatever the key order', () => {
		expect(canonicalJson({ x: 1, y: 'two' })).toBe(canonicalJson({ y: 'two', x: 1 }));
	});

	it('writes scalars as JSON does, and undefined as null', () => {
		expect(canonicalJson('a"b')).toBe('"a\\"b"');
		expect(canonicalJson(1.5)).toBe('1.5');
		expect(canonicalJson(undefined)).toBe('null');
		expect(canonicalJson([])).toBe('[]');
		expect(canonicalJson({})).toBe('{}');
	});

	it('handles nesting far deeper than the call stack allows', () => {
		let deep: unknown = 0;
		for (let i = 0; i < 100_000; i++) deep = [deep];
		const text = canonicalJson(deep);
		expect(text.length).toBe(200_001);
		expect(text.startsWith('[[[')).toBe(true);
	});

	it('stops soon after maxLength, so a huge body is not serialised whole', () => {
		const huge = Array.from({ length: 100_000 }, (_, i) => ({ i }));
		const text = canonicalJson(huge, 50);
		expect(text.length).toBeGreaterThan(50);
		expect(text.length).toBeLessThan(80);
		expect(text.startsWith('[{"i":0},{"i":1}')).toBe(true);
	});
});

describe('readPath', () => {
	it('follows a dot path through objects and arrays', () => {
		expect(readPath({ meta: { next: { cursor: 'c2' } } }, 'meta.next.cursor')).toBe('c2');
		expect(readPath({ rows: ['a', 'b'] }, 'rows.1')).toBe('b');
	});

	it('reads a key that itself holds dots whole (OData\'s @odata.nextLink), before splitting the path', () => {
		expect(readPath({ '@odata.nextLink': 'https://x/p?$skiptoken=1', value: [] }, '@odata.nextLink')).toBe('https://x/p?$skiptoken=1');
		expect(readPath({ '@odata': { nextLink: 'split' } }, '@odata.nextLink')).toBe('split');
		expect(readPath(JSON.parse('{"__proto__":{"polluted":1}}'), '__proto__.polluted')).toBeUndefined();
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

describe('cutText', () => {
	it('keeps text within the bound whole', () => {
		expect(cutText('abcde', 5)).toBe('abcde');
		expect(cutText('abcde', 5, { markAfter: true, sayLength: true })).toBe('abcde');
	});

	it('cuts with the mark within the bound, or after it, saying the whole length when asked', () => {
		expect(cutText('abcdef', 5)).toBe('abcd…');
		expect(cutText('abcdef', 5, { markAfter: true })).toBe('abcde…');
		expect(cutText('abcdef', 5, { markAfter: true, sayLength: true })).toBe('abcde… (6 characters)');
	});
});

describe('hashText', () => {
	it('is 16 hex digits, the same for the same text, different for different text', () => {
		expect(hashText('a')).toMatch(/^[0-9a-f]{16}$/);
		expect(hashText('a')).toBe(hashText('a'));
		expect(hashText('a')).not.toBe(hashText('b'));
	});
});

describe('walkFields', () => {
	const record = { a: 1, b: { c: 'x', d: { e: true } }, list: [{ f: 1 }], ['__proto__']: { g: 1 } };
	const seen = (maxDepth: number, answer?: (path: string) => 'stop' | 'skip' | void) => {
		const paths: string[] = [];
		walkFields(record, maxDepth, ({ path, descends }) => {
			paths.push(`${path.join('.')}${descends ? '/' : ''}`);
			return answer?.(path.join('.'));
		});
		return paths;
	};

	it('visits every field depth first in field order, into objects down to maxDepth, never into lists', () => {
		expect(seen(3)).toEqual(['a', 'b/', 'b.c', 'b.d/', 'b.d.e', 'list']);
		expect(seen(2)).toEqual(['a', 'b/', 'b.c', 'b.d', 'list']);
		expect(seen(1)).toEqual(['a', 'b', 'list']);
	});

	it('stops the whole walk, or skips going into one field, as the visitor says', () => {
		expect(seen(3, (path) => (path === 'b.c' ? 'stop' : undefined))).toEqual(['a', 'b/', 'b.c']);
		expect(seen(3, (path) => (path === 'b' ? 'skip' : undefined))).toEqual(['a', 'b/', 'list']);
	});

	it('has no fields to visit in anything but an object', () => {
		for (const root of [null, 'text', 3, [{ a: 1 }]]) expect(() => walkFields(root, 3, () => 'stop')).not.toThrow();
		const paths: string[] = [];
		walkFields([{ a: 1 }], 3, ({ path }) => void paths.push(path.join('.')));
		expect(paths).toEqual([]);
	});
});

describe('keyWords', () => {
	it('splits a key into lower-case words in any case style', () => {
		expect(keyWords('isSuccess')).toEqual(['is', 'success']);
		expect(keyWords('validation_errors')).toEqual(['validation', 'errors']);
		expect(keyWords('HTTPStatus')).toEqual(['http', 'status']);
		expect(keyWords('$errors')).toEqual(['errors']);
		expect(keyWords('Result-Status')).toEqual(['result', 'status']);
		expect(keyWords('OK')).toEqual(['ok']);
		expect(keyWords('')).toEqual([]);
	});
});
