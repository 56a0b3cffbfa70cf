import { type IDataObject, NodeOperationError } from 'n8n-workflow';
import type { IdParameter } from '../../../nodes/VenueBooking/endpoints';
import { idProperty, readId } from '../../../nodes/VenueBooking/parameters/ids';
import { parameterReader, thrownBy } from '../mockContext';

const BOOKING_ID: IdParameter = { name: 'bookingId', displayName: 'Booking ID', what: 'booking' };

describe('readId', () => {
	it('trims text and takes a number as text; characters a path cannot hold are left to the transport', () => {
		expect(readId(parameterReader({ bookingId: '  bk/1 ' }), 0, BOOKING_ID)).toBe('bk/1');
		expect(readId(parameterReader({ bookingId: 42 }), 0, BOOKING_ID)).toBe('42');
	});

	it.each([
		['', 'Booking ID: is empty (item 1)'],
		[' \t', 'Booking ID: is empty (item 1)'],
		['.', 'Booking ID: "." is not a valid identifier (item 1)'],
		['..', 'Booking ID: ".." is not a valid identifier (item 1)'],
		[{ id: 1 }, 'Booking ID: must be text or a number, but it is an object (item 1)'],
		[null, 'Booking ID: must be text or a number, but it is null (item 1)'],
	])('refuses %p before any request', (bookingId, message) => {
		const error = thrownBy(() => readId(parameterReader({ bookingId: bookingId as IDataObject[string] }), 1, BOOKING_ID));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
	});
});

describe('idProperty', () => {
	it('is a required resource locator with the row name and label: From List (the search method of its kind) or By ID', () => {
		const property = idProperty(BOOKING_ID);
		expect(property).toMatchObject({ name: 'bookingId', displayName: 'Booking ID', type: 'resourceLocator', required: true });
		expect(property.default).toEqual({ mode: 'list', value: '' });
		expect(property.modes?.map((mode) => [mode.name, mode.type])).toEqual([['list', 'list'], ['id', 'string']]);
		expect(property.modes?.[0].typeOptions?.searchListMethod).toEqual(expect.any(String));
		expect(property.description).toContain('identifier');
	});
});
