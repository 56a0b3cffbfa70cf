import { listAt, locateList, parseBody, toJsonItems, toJsonObject } from '../../../nodes/VenueBooking/transport/response';

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
