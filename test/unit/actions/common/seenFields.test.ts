import { readId } from '../../../../nodes/VenueBooking/actions/common/ids';
import { mergeBody, readSeenFields } from '../../../../nodes/VenueBooking/actions/common/seenFields';
import { findEndpoint } from '../../../../nodes/VenueBooking/endpoints';
import { mockContext } from '../../mockContext';

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
