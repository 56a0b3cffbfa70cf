import { requireId, showFor } from '../../../../nodes/VenueBooking/actions/shapes/display';
import { findEndpoint } from '../../../../nodes/VenueBooking/endpoints';

describe('showFor', () => {
	it('shows a parameter for exactly one resource and operation', () => {
		expect(showFor({ resource: 'booking', operation: 'get' })).toEqual({ show: { resource: ['booking'], operation: ['get'] } });
	});
});

describe('requireId', () => {
	it('gives the id parameter of a {id} row', () => {
		expect(requireId(findEndpoint('client', 'get')).name).toBe('clientId');
	});

	it('calls a {id} row without an id parameter a mistake of the table, naming the endpoint', () => {
		const { id: _id, ...withoutId } = findEndpoint('booking', 'get');
		expect(() => requireId(withoutId)).toThrow('GET /bookings/{id} has no id parameter in the endpoint table');
	});
});
