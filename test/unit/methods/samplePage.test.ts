import { samplePage } from '../../../nodes/VenueBooking/methods/samplePage';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { ApiClient } from '../../../nodes/VenueBooking/transport/request';
import { mockContext } from '../mockContext';

const bookings = findEndpoint('booking', 'getAll');

describe('one page for the editor', () => {
	it('reads one page, and continues from its token with the detected pagination', async () => {
		const { context, requests } = mockContext({
			parameters: {},
			answers: [
				{ statusCode: 200, body: { data: [{ id: 1 }, { id: 2 }], meta: { next_cursor: 'c2' } } },
				{ statusCode: 200, body: { data: [{ id: 3 }], meta: { next_cursor: null } } },
			],
		});
		const client = await ApiClient.create(context);
		const first = await samplePage(client, bookings);
		expect(first.records).toEqual([{ id: 1 }, { id: 2 }]);
		expect(requests).toHaveLength(1);
		const second = await samplePage(client, bookings, first.nextToken);
		expect(second).toEqual({ records: [{ id: 3 }], nextToken: undefined });
		expect(requests[1].qs).toMatchObject({ cursor: 'c2' });
	});

	it('refuses a token it did not write', async () => {
		const { context, requests } = mockContext({ parameters: {} });
		const client = await ApiClient.create(context);
		await expect(samplePage(client, bookings, 'not json')).rejects.toThrow('its page marker is not one this node wrote');
		await expect(samplePage(client, bookings, '{"pagination":{},"request":{}}')).rejects.toThrow('page marker');
		expect(requests).toHaveLength(0);
	});

	it('holds a next-page URL in a token to the credential\'s origin', async () => {
		const { context, requests } = mockContext({ parameters: {} });
		const client = await ApiClient.create(context);
		const forged = JSON.stringify({ pagination: { mode: 'nextUrl' }, request: { url: 'https://elsewhere.example.net/steal' } });
		await expect(samplePage(client, bookings, forged)).rejects.toThrow(/another address/);
		expect(requests).toHaveLength(0);
	});

	it('a response without a list samples nothing', async () => {
		const { context } = mockContext({ parameters: {}, answers: [{ statusCode: 200, body: { ok: true } }] });
		expect(await samplePage(await ApiClient.create(context), bookings)).toEqual({ records: [] });
	});
});
