import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { bodyProperties, mergeBody, readBody, readSeenFields } from '../../../nodes/VenueBooking/parameters/body';
import { readId } from '../../../nodes/VenueBooking/parameters/ids';
import { mockContext, parameterReader, thrownBy } from '../mockContext';

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

const reader = (parameters: Record<string, unknown>) => mockContext({ parameters: parameters as never }).context;

describe('the offered fields and the free-form body', () => {
	it('sends the filled fields as entered and leaves empty ones out', () => {
		const context = reader({ fields: { mappingMode: 'defineBelow', value: { a: 'x', b: null, c: '', d: 0, e: false } } });
		expect(readSeenFields(context, 0)).toEqual({ a: 'x', d: 0, e: false });
		expect(readSeenFields(reader({}), 0)).toEqual({});
	});

	it('merges both, and a name given in both is an error naming it and the item', () => {
		const context = reader({});
		expect(mergeBody(context, 0, { a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
		expect(mergeBody(context, 0, {}, [1])).toEqual([1]);
		expect(mergeBody(context, 0, { a: 1 }, undefined)).toEqual({ a: 1 });
		expect(() => mergeBody(context, 3, { a: 1 }, { a: 2 })).toThrow('Fields Seen in Your Workspace: "a" is also given in the body (item 3)');
		expect(() => mergeBody(context, 0, { a: 1 }, [1])).toThrow('cannot be combined with a body that is not a JSON object');
	});
});

describe('Booking ID as a resource locator', () => {
	const id = findEndpoint('booking', 'get').id!;

	it('reads a picked value, a typed value and a plain string of a saved workflow alike', () => {
		expect(readId(reader({ bookingId: { __rl: true, mode: 'list', value: 'b 1' } }), 0, id)).toBe('b 1');
		expect(readId(reader({ bookingId: { __rl: true, mode: 'id', value: ' 42 ' } }), 0, id)).toBe('42');
		expect(readId(reader({ bookingId: 'bkg_7' }), 0, id)).toBe('bkg_7');
	});

	it('refuses an empty pick before any request', () => {
		expect(() => readId(reader({ bookingId: { __rl: true, mode: 'list', value: '' } }), 2, id)).toThrow('Booking ID: is empty (item 2)');
	});
});
