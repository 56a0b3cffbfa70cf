import { freeFormProperties, queryProperties, readJson, readJsonObject, readPairs, readQuery } from '../../../nodes/VenueBooking/parameters/freeForm';
import { parameterReader, thrownBy } from '../mockContext';

const rows = (...pairs: Array<[unknown, unknown]>) => ({ list: { parameters: pairs.map(([name, value]) => ({ name, value })) } });
const keepFirst = (_name: string, existing: unknown) => existing;

describe('readPairs', () => {
	it('trims names, turns a missing value into empty text, and asks onDuplicate about a repeated name', () => {
		const seen: unknown[] = [];
		const result = readPairs(parameterReader(rows([' a ', '1'], ['b', undefined], ['a', '2'])), 0, 'list', 'Fields', (name, existing, value) => {
			seen.push([name, existing, value]);
			return `${String(existing)}+${String(value)}`;
		});
		expect(result).toEqual({ a: '1+2', b: '' });
		expect(seen).toEqual([['a', '1', '2']]);
	});

	it('keeps __proto__ as a plain key and leaves Object.prototype alone', () => {
		const result = readPairs(parameterReader(rows(['__proto__', 'x'])), 0, 'list', 'Fields', keepFirst);
		expect(Object.keys(result)).toEqual(['__proto__']);
		expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
	});

	it('refuses a row without a name, naming its position and the item', () => {
		const error = thrownBy(() => readPairs(parameterReader(rows(['a', '1'], ['  ', '2'])), 2, 'list', 'Fields', keepFirst));
		expect(error.message).toBe('Fields: row 2 has no name (item 2)');
	});

	it('reads nothing when the list is unset', () => {
		expect(readPairs(parameterReader({}), 0, 'list', 'Fields', keepFirst)).toEqual({});
	});
});

describe('readJson', () => {
	it('parses text, takes a value an expression already produced as it is, and reads blank text as nothing', () => {
		expect(readJson(parameterReader({ json: '{"a":[1,2]}' }), 0, 'json', 'JSON')).toEqual({ a: [1, 2] });
		const object = { already: true };
		expect(readJson(parameterReader({ json: object }), 0, 'json', 'JSON')).toBe(object);
		expect(readJson(parameterReader({ json: '   ' }), 0, 'json', 'JSON')).toBeUndefined();
	});

	it('refuses invalid JSON with the parser message, the label and the item', () => {
		const error = thrownBy(() => readJson(parameterReader({ json: '{"a":' }), 1, 'json', 'Body (JSON)'));
		expect(error.message).toMatch(/^Body \(JSON\): is not valid JSON \(.+\) \(item 1\)$/);
	});
});

describe('readJsonObject', () => {
	it('gives the object, or an empty one for blank text', () => {
		expect(readJsonObject(parameterReader({ json: '{"a":1}' }), 0, 'json', 'Query')).toEqual({ a: 1 });
		expect(readJsonObject(parameterReader({ json: '' }), 0, 'json', 'Query')).toEqual({});
	});

	it.each([['[1]', 'an array'], ['7', 'a number'], ['null', 'null']])('refuses %s as %s', (json, type) => {
		expect(thrownBy(() => readJsonObject(parameterReader({ json }), 0, 'json', 'Query')).message).toBe(
			`Query: must be a JSON object, but it is ${type} (item 0)`,
		);
	});
});

describe('freeFormProperties', () => {
	const [mode, list, json] = freeFormProperties(
		{ modeLabel: 'Specify Body', mode: 'specifyBody', rowsLabel: 'Body Parameters', rows: 'bodyParameters', json: 'jsonBody' },
		{ sendBody: [true] },
	);

	it('offers rows or JSON, each shown only in its mode and under the given condition', () => {
		expect(mode).toMatchObject({ name: 'specifyBody', default: 'keypair', displayOptions: { show: { sendBody: [true] } } });
		expect(list).toMatchObject({ name: 'bodyParameters', displayOptions: { show: { sendBody: [true], specifyBody: ['keypair'] } } });
		expect(json).toMatchObject({ name: 'jsonBody', type: 'json', displayOptions: { show: { sendBody: [true], specifyBody: ['json'] } } });
	});
});

const queryRows = (...pairs: Array<[string, unknown]>) => ({
	sendQuery: true,
	queryParameters: { parameters: pairs.map(([name, value]) => ({ name, value })) },
});

describe('readQuery', () => {
	it('sends nothing unless Send Query Parameters is on', () => {
		expect(readQuery(parameterReader({ queryParameters: { parameters: [{ name: 'a', value: '1' }] } }), 0)).toEqual({});
	});

	it('repeats a name given in several queryRows as a list, in row order', () => {
		expect(readQuery(parameterReader(queryRows(['tag', 'a'], ['status', 'x'], ['tag', 'b'], ['tag', 'c'])), 0)).toEqual({
			tag: ['a', 'b', 'c'],
			status: 'x',
		});
	});

	it('takes JSON with scalars and lists of scalars', () => {
		const parameters = { sendQuery: true, specifyQuery: 'json', jsonQuery: '{"a":1,"b":[true,"x"]}' };
		expect(readQuery(parameterReader(parameters), 0)).toEqual({ a: 1, b: [true, 'x'] });
	});

	it('refuses a value a URL cannot carry, naming it, the input and the item', () => {
		const json = { sendQuery: true, specifyQuery: 'json', jsonQuery: '{"a":[{"b":1}]}' };
		expect(thrownBy(() => readQuery(parameterReader(json), 2)).message).toBe(
			'Query Parameters (JSON): the value of "a" is an array, which a URL cannot carry (item 2)',
		);
		expect(thrownBy(() => readQuery(parameterReader({ sendQuery: true, specifyQuery: 'json', jsonQuery: '{"n":null}' }), 0)).message).toMatch(
			/the value of "n" is null/,
		);
	});
});

describe('queryProperties', () => {
	it('shows every query input only while Send Query Parameters is on', () => {
		expect(queryProperties[0].name).toBe('sendQuery');
		expect(queryProperties.slice(1).every((p) => p.displayOptions?.show?.sendQuery?.[0] === true)).toBe(true);
	});
});
