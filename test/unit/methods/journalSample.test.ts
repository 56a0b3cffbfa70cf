import { sampleJournalPage } from '../../../nodes/VenueBooking/methods/journalSample';
import { mockLoadOptionsContext, type MockAnswer } from '../mockContext';

const JOURNAL = 'https://studio.example.com/api/partners/v1/webhooks/deliveries';
const entries = [
	{ id: 'd1', event: 'booking.created' },
	{ id: 'd2', event: 'booking.cancelled' },
];

describe('one page of the webhook delivery journal for the editor', () => {
	it('reads the first page only, even when more follow', async () => {
		const { context, requests } = mockLoadOptionsContext({
			answers: [{ statusCode: 200, body: { data: entries, meta: { next_cursor: 'c2' } } }],
		});
		expect(await sampleJournalPage(context)).toEqual(entries);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', url: JOURNAL });
	});

	it('sends the trigger\'s query parameters and applies its Items Field and timeout', async () => {
		const { context, requests } = mockLoadOptionsContext({
			parameters: {
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'status', value: 'failed' }] },
				options: { itemsPath: 'result.deliveries', timeout: 2500 },
			},
			answers: [{ statusCode: 200, body: { result: { deliveries: entries } } }],
		});
		expect(await sampleJournalPage(context)).toEqual(entries);
		expect(requests[0]).toMatchObject({ qs: { status: 'failed' }, timeout: 2500 });
	});

	it('an empty journal is an empty sample, not an error', async () => {
		const { context } = mockLoadOptionsContext({ answers: [{ statusCode: 200, body: { data: [] } }] });
		expect(await sampleJournalPage(context)).toEqual([]);
	});

	it('says where to point Items Field when the answer holds no list', async () => {
		const { context } = mockLoadOptionsContext({ answers: [{ statusCode: 200, body: { status: 'ok' } }] });
		const failure = await sampleJournalPage(context).catch((error: Error & { description?: string }) => error);
		expect(failure).toMatchObject({
			message: 'The webhook delivery journal answered with no list of entries',
			description: expect.stringContaining('Set Options > Items Field'),
		});
	});

	it('passes on the transport\'s error for a refused request', async () => {
		const answers: MockAnswer[] = [{ statusCode: 403, body: { message: 'missing scope webhooks.read' } }];
		const { context, requests } = mockLoadOptionsContext({ answers });
		await expect(sampleJournalPage(context)).rejects.toThrow(/403|permission|scope/i);
		expect(requests).toHaveLength(1);
	});
});
