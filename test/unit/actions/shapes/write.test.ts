import { writeOperation } from '../../../../nodes/VenueBooking/actions/shapes/write';
import { findEndpoint } from '../../../../nodes/VenueBooking/endpoints';
import { API, ok, runOperation } from './runOperation';

const reschedule = writeOperation(findEndpoint('booking', 'update'));
const sendTest = writeOperation(findEndpoint('webhook', 'sendTest'));

describe('writeOperation', () => {
	it('describes an id only for a {id} row, and Send Body only where the body is optional', () => {
		const names = (operation: typeof reschedule) => operation.description.map((p) => p.name);
		expect(names(reschedule)).toContain('bookingId');
		expect(names(reschedule)).not.toContain('sendBody');
		expect(names(sendTest)).not.toContain('bookingId');
		expect(names(sendTest)).toContain('sendBody');
	});

	it('PATCHes the encoded id with the JSON body and gives the answer as one item', async () => {
		const { results, requests } = await runOperation(reschedule, {
			parameters: { bookingId: 'bk/7', specifyBody: 'json', jsonBody: '{"status":"cancelled"}' },
			answers: [ok({ id: 'bk/7', status: 'cancelled' })],
		});
		expect(requests[0]).toMatchObject({ method: 'PATCH', url: `${API}/bookings/bk%2F7`, body: '{"status":"cancelled"}' });
		expect(results).toEqual([{ id: 'bk/7', status: 'cancelled' }]);
	});

	it('sends no body when an optional body is off, and an empty answer becomes { success: true }', async () => {
		const { results, requests } = await runOperation(sendTest, { parameters: {}, answers: [{ statusCode: 204, body: '' }] });
		expect(requests[0]).toMatchObject({ method: 'POST', url: `${API}/webhooks/test` });
		expect(requests[0].body).toBeUndefined();
		expect(results).toEqual([{ success: true }]);
	});

	it('reads every input before the request: a bad body sends nothing', async () => {
		const run = runOperation(reschedule, { parameters: { bookingId: 'b', specifyBody: 'json', jsonBody: '{' }, answers: [] });
		await expect(run).rejects.toThrow(/^Body \(JSON\): is not valid JSON/);
	});
});
