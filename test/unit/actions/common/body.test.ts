import { bodyProperties, readBody } from '../../../../nodes/VenueBooking/actions/common/body';
import { parameterReader, thrownBy } from '../../mockContext';

describe('bodyProperties', () => {
	it('adds a Send Body switch only when the body is optional, and shows the rest only when it is on', () => {
		expect(bodyProperties(false).map((p) => p.name)).toEqual(['specifyBody', 'bodyParameters', 'jsonBody']);
		const optional = bodyProperties(true);
		expect(optional.map((p) => p.name)).toEqual(['sendBody', 'specifyBody', 'bodyParameters', 'jsonBody']);
		expect(optional.slice(1).every((p) => p.displayOptions?.show?.sendBody?.[0] === true)).toBe(true);
	});
});

describe('readBody', () => {
	it('sends nothing when an optional body is switched off', () => {
		expect(readBody(parameterReader({ jsonBody: '{"a":1}', specifyBody: 'json' }), 0, true)).toBeUndefined();
	});

	it('reads rows into an object by default', () => {
		const parameters = { bodyParameters: { parameters: [{ name: 'room', value: 'loft' }] } };
		expect(readBody(parameterReader(parameters), 0, false)).toEqual({ room: 'loft' });
	});

	it('refuses a row name given twice', () => {
		const parameters = { bodyParameters: { parameters: [{ name: 'a', value: '1' }, { name: 'a', value: '2' }] } };
		expect(thrownBy(() => readBody(parameterReader(parameters), 3, false)).message).toBe('Body Parameters: "a" is given more than once (item 3)');
	});

	it('takes a JSON object or array, an empty object for blank JSON, and refuses a bare value', () => {
		expect(readBody(parameterReader({ specifyBody: 'json', jsonBody: '[1,2]' }), 0, false)).toEqual([1, 2]);
		expect(readBody(parameterReader({ specifyBody: 'json', jsonBody: '' }), 0, false)).toEqual({});
		expect(thrownBy(() => readBody(parameterReader({ specifyBody: 'json', jsonBody: '"x"' }), 0, false)).message).toBe(
			'Body (JSON): must be a JSON object or array, but it is a string (item 0)',
		);
	});
});
