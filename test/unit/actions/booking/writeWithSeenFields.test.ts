import type { INodeProperties } from 'n8n-workflow';

import { writeWithSeenFields } from '../../../../nodes/VenueBooking/actions/booking/writeWithSeenFields';
import { findEndpoint } from '../../../../nodes/VenueBooking/endpoints';
import { API, ok, runOperation } from '../shapes/runOperation';

const reschedule = writeWithSeenFields(findEndpoint('booking', 'update'));
const create = writeWithSeenFields(findEndpoint('booking', 'create'));

const names = (properties: INodeProperties[]) => properties.map((property) => property.name);
const optionNames = (properties: INodeProperties[]) =>
	names((properties.find((property) => property.name === 'options')?.options ?? []) as INodeProperties[]);
const mapped = (value: Record<string, unknown>) => ({ mappingMode: 'defineBelow', value });

describe('a booking write with the fields seen in the workspace', () => {
	it('describes the id picker and its Identity Field only for a {id} row, the seen fields and the required body for both', () => {
		expect(names(reschedule.description)).toEqual(expect.arrayContaining(['bookingId', 'seenFieldsNotice', 'fields', 'jsonBody', 'sendQuery', 'options']));
		expect(names(reschedule.description)).not.toContain('sendBody');
		expect(optionNames(reschedule.description)).toContain('identityPath');
		expect(names(create.description)).not.toContain('bookingId');
		expect(optionNames(create.description)).not.toContain('identityPath');
		expect(names(create.description)).toEqual(expect.arrayContaining(['fields', 'jsonBody']));
	});

	it('shows every parameter for its own operation only', () => {
		for (const property of reschedule.description) expect(property.displayOptions?.show).toMatchObject({ resource: ['booking'], operation: ['update'] });
		for (const property of create.description) expect(property.displayOptions?.show).toMatchObject({ resource: ['booking'], operation: ['create'] });
	});

	it('sends the filled fields and the free-form body as one JSON object, with the query, to the encoded id', async () => {
		const { results, requests } = await runOperation(reschedule, {
			parameters: {
				bookingId: { __rl: true, mode: 'list', value: 'bk 7/x' },
				fields: mapped({ status: 'cancelled', room_id: '', note: null }),
				specifyBody: 'json',
				jsonBody: '{"reason":"ill"}',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'notify', value: 'false' }] },
			},
			answers: [ok({ id: 'bk 7/x', status: 'cancelled' })],
		});
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'PATCH', url: `${API}/bookings/bk%207%2Fx`, qs: { notify: 'false' } });
		expect(JSON.parse(String(requests[0].body))).toEqual({ status: 'cancelled', reason: 'ill' });
		expect(results).toEqual([{ id: 'bk 7/x', status: 'cancelled' }]);
	});

	it('POSTs the fields alone when the body is left empty, and wraps a non-object answer', async () => {
		const { results, requests } = await runOperation(create, {
			parameters: { fields: mapped({ client_id: 'c1', starts_at: '2026-12-01T10:00:00Z' }), specifyBody: 'json', jsonBody: '' },
			answers: [ok([{ id: 'new' }])],
		});
		expect(requests[0]).toMatchObject({ method: 'POST', url: `${API}/bookings` });
		expect(JSON.parse(String(requests[0].body))).toEqual({ client_id: 'c1', starts_at: '2026-12-01T10:00:00Z' });
		expect(results).toEqual([{ value: [{ id: 'new' }] }]);
	});

	it('takes its timeout from the item\'s Options', async () => {
		const { requests } = await runOperation(create, {
			parameters: { fields: mapped({ a: 1 }), specifyBody: 'json', jsonBody: '{}', options: { timeout: 1234 } },
			answers: [ok({})],
		});
		expect(requests[0].timeout).toBe(1234);
	});

	it('fails a field given twice before any request, naming the parameter, the field and the item', async () => {
		const run = runOperation(
			reschedule,
			{ parameters: { bookingId: 'b1', fields: mapped({ status: 'cancelled' }), specifyBody: 'json', jsonBody: '{"status":"moved"}' }, answers: [], items: 3 },
			2,
		);
		await expect(run).rejects.toThrow('Fields Seen in Your Workspace: "status" is also given in the body (item 2)');
	});

	it('fails a bad id before any request, even with valid fields', async () => {
		const run = runOperation(reschedule, { parameters: { bookingId: '..', fields: mapped({ status: 'x' }), specifyBody: 'json', jsonBody: '{}' }, answers: [] });
		await expect(run).rejects.toThrow('Booking ID: ".." is not a valid identifier (item 0)');
	});
});
