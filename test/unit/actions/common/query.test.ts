import { queryProperties, readQuery } from '../../../../nodes/VenueBooking/actions/common/query';
import { parameterReader, thrownBy } from '../../mockContext';

const rows = (...pairs: Array<[string, unknown]>) => ({
	sendQuery: true,
	queryParameters: { parameters: pairs.map(([name, value]) => ({ name, value })) },
});

describe('readQuery', () => {
	it('sends nothing unless Send Query Parameters is on', () => {
		expect(readQuery(parameterReader({ queryParameters: { parameters: [{ name: 'a', value: '1' }] } }), 0)).toEqual({});
	});

	it('repeats a name given in several rows as a list, in row order', () => {
		expect(readQuery(parameterReader(rows(['tag', 'a'], ['status', 'x'], ['tag', 'b'], ['tag', 'c'])), 0)).toEqual({
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
