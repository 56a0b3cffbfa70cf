import { describeReading, listOperation } from '../../../nodes/VenueBooking/actions/list';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { API, ok, runOperation } from './runOperation';

const rooms = listOperation(findEndpoint('room', 'getAll'));
const twoPages = [ok({ rooms: [{ n: 1 }, { n: 2 }], next_cursor: 'c2' }), ok({ rooms: [{ n: 3 }, { n: 4 }], next_cursor: null })];

describe('listOperation', () => {
	it('describes Return All, a Limit shown only without it, the query and the options', () => {
		const names = rooms.description.map((p) => p.name);
		expect(names).toEqual(['returnAll', 'limit', 'sendQuery', 'specifyQuery', 'queryParameters', 'jsonQuery', 'options']);
		expect(rooms.description[1].displayOptions?.show).toMatchObject({ returnAll: [false], resource: ['room'], operation: ['getAll'] });
	});

	it('walks every page with Return All, one item per entry', async () => {
		const { results, requests } = await runOperation(rooms, { parameters: { returnAll: true }, answers: twoPages });
		expect(results).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
		expect(requests.map((r) => [r.url, r.qs])).toEqual([
			[`${API}/rooms`, undefined],
			[`${API}/rooms`, { cursor: 'c2' }],
		]);
	});

	it('stops at Limit, in the middle of a page', async () => {
		const { results } = await runOperation(rooms, { parameters: { limit: 3 }, answers: twoPages });
		expect(results).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
	});

	it('gives one item per page with Raw Response', async () => {
		const { results } = await runOperation(rooms, { parameters: { returnAll: true, options: { rawResponse: true } }, answers: twoPages });
		expect(results).toEqual([twoPages[0].body, twoPages[1].body]);
	});

	it('passes a body without a list on whole, and an empty answer lists nothing', async () => {
		expect((await runOperation(rooms, { parameters: { returnAll: true }, answers: [ok({ a: 1 })] })).results).toEqual([{ a: 1 }]);
		expect((await runOperation(rooms, { parameters: { returnAll: true }, answers: [{ statusCode: 200, body: '' }] })).results).toEqual([]);
	});
});

describe('the hint of a walk', () => {
	const deliveries = findEndpoint('webhookDelivery', 'getAll');

	it('says what was read in plain words first, then the detail; one page with nothing to explain says nothing', () => {
		expect(describeReading(deliveries, { entries: 1234, pages: 62, raw: false }, ['Pagination (automatic): page number (sent as "page", from 1)'])).toBe(
			'Read 1,234 webhook deliveries over 62 pages. Pagination (automatic): page number (sent as "page", from 1)',
		);
		expect(describeReading(deliveries, { entries: 1, pages: 1, raw: false }, ['detail'])).toBe('Read 1 webhook delivery on 1 page. detail');
		expect(describeReading(findEndpoint('booking', 'getAll'), { entries: 0, pages: 3, raw: true }, [])).toBe('Read 3 pages of bookings.');
		expect(describeReading(deliveries, { entries: 5, pages: 1, raw: false }, [])).toBeUndefined();
	});
});
