import * as create from '../../../../nodes/VenueBooking/actions/booking/create.operation';
import { API, ok, runOperation } from '../shapes/runOperation';

describe('Booking → Create', () => {
	it('is shown for booking / create only, with the seen fields and no id to pick', () => {
		const names = create.description.map((property) => property.name);
		expect(names).toEqual(expect.arrayContaining(['fields', 'jsonBody', 'options']));
		expect(names).not.toContain('bookingId');
		for (const property of create.description) expect(property.displayOptions?.show).toMatchObject({ resource: ['booking'], operation: ['create'] });
	});

	it('POSTs to /bookings with the filled fields', async () => {
		const { results, requests } = await runOperation(create, {
			parameters: { fields: { mappingMode: 'defineBelow', value: { client_id: 'c1' } }, specifyBody: 'json', jsonBody: '{"note":"hi"}' },
			answers: [ok({ id: 'new' })],
		});
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'POST', url: `${API}/bookings` });
		expect(JSON.parse(String(requests[0].body))).toEqual({ client_id: 'c1', note: 'hi' });
		expect(results).toEqual([{ id: 'new' }]);
	});
});
