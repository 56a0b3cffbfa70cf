/**
 * How the credential test is wired, in the shape n8n's CredentialsTester looks for it: it takes a
 * credential's own declarative `test` first, and only without one asks each node that uses the credential
 * for its `testedBy` method. So the credential must have no `test`, and every node that names the
 * credential (n8n may ask any of them first) must name and carry the same function.
 */
import { VenueBookingApi } from '../../../credentials/VenueBookingApi.credentials';
import { venueBookingApiTest } from '../../../nodes/VenueBooking/methods/credentialTest';
import { VenueBooking } from '../../../nodes/VenueBooking/VenueBooking.node';
import { VenueBookingTrigger } from '../../../nodes/VenueBooking/VenueBookingTrigger.node';

describe('credential test wiring', () => {
	it('the credential has no declarative test, which n8n would run instead of the function', () => {
		expect('test' in new VenueBookingApi()).toBe(false);
	});

	it.each([
		['Venue Booking', new VenueBooking()],
		['Venue Booking Trigger', new VenueBookingTrigger()],
	])('%s names the test function and carries it', (_name, node) => {
		expect(node.description.credentials).toEqual([{ name: 'venueBookingApi', required: true, testedBy: 'venueBookingApiTest' }]);
		expect(node.methods?.credentialTest?.venueBookingApiTest).toBe(venueBookingApiTest);
	});
});
