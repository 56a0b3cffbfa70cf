import * as update from '../../../../nodes/VenueBooking/actions/booking/update.operation';
import { API, ok, runOperation } from '../shapes/runOperation';

describe('Booking → Cancel or Reschedule', () => {
	it('is shown for booking / update only, with the booking picked from a list or given by id', () => {
		const picker = update.description.find((property) => property.name === 'bookingId');
		expect(picker).toMatchObject({ type: 'resourceLocator', required: true });
		expect(picker?.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchBookings'],
			['id', undefined],
		]);
		for (const property of update.description) expect(property.displayOptions?.show).toMatchObject({ resource: ['booking'], operation: ['update'] });
	});

	it('PATCHes the picked booking with the filled fields', async () => {
		const { results, requests } = await runOperation(update, {
			parameters: { bookingId: { __rl: true, mode: 'id', value: ' b/9 ' }, fields: { mappingMode: 'defineBelow', value: { status: 'cancelled' } }, specifyBody: 'json', jsonBody: '' },
			answers: [ok({ id: 'b/9', status: 'cancelled' })],
		});
		expect(requests[0]).toMatchObject({ method: 'PATCH', url: `${API}/bookings/b%2F9` });
		expect(JSON.parse(String(requests[0].body))).toEqual({ status: 'cancelled' });
		expect(results).toEqual([{ id: 'b/9', status: 'cancelled' }]);
	});

	it('refuses an empty pick before any request, naming the parameter and the item', async () => {
		const run = runOperation(update, { parameters: { bookingId: { __rl: true, mode: 'list', value: '' }, specifyBody: 'json', jsonBody: '{}' }, answers: [] });
		await expect(run).rejects.toThrow('Booking ID: is empty (item 0)');
	});
});
