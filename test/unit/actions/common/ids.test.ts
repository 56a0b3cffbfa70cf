import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { idProperty, readId } from '../../../../nodes/VenueBooking/actions/common/ids';
import type { IdParameter } from '../../../../nodes/VenueBooking/endpoints';
import { parameterReader, thrownBy } from '../../mockContext';

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
	it('is a required text parameter with the row name and label', () => {
		expect(idProperty(BOOKING_ID)).toMatchObject({ name: 'bookingId', displayName: 'Booking ID', type: 'string', required: true });
		expect(idProperty(BOOKING_ID).description).toContain("booking's identifier");
	});
});
