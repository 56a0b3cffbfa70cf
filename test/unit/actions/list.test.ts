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

	it('says a list read to its end is complete, "N of N" where a total was stated; short of it, how many of the total', () => {
		const bookings = findEndpoint('booking', 'getAll');
		expect(describeReading(bookings, { entries: 62, pages: 4, raw: false, toEnd: true }, [])).toBe('Read all 62 bookings over 4 pages: the list is complete.');
		expect(describeReading(bookings, { entries: 62, pages: 4, raw: false, toEnd: true, total: 62 }, ['detail'])).toBe('Read all 62 of 62 bookings over 4 pages: the list is complete. detail');
		expect(describeReading(bookings, { entries: 0, pages: 3, raw: true, toEnd: true }, [])).toBe('Read all 3 pages of bookings: the list is complete.');
		// Limit (or Pagination Off) stops short: never called complete, the total says how much is left.
		expect(describeReading(bookings, { entries: 50, pages: 3, raw: false, total: 62 }, [])).toBe('Read 50 of 62 bookings over 3 pages.');
		expect(describeReading(bookings, { entries: 50, pages: 3, raw: false }, [])).toBe('Read 50 bookings over 3 pages.');
		// Limit that happened to take every entry of a stated total: complete.
		expect(describeReading(bookings, { entries: 62, pages: 4, raw: false, total: 62 }, [])).toBe('Read all 62 of 62 bookings over 4 pages: the list is complete.');
		// The end reached, but not the count stated: both numbers, and no claim.
		expect(describeReading(bookings, { entries: 61, pages: 4, raw: false, toEnd: true, total: 62 }, [])).toBe(
			'Read 61 bookings over 4 pages, to the end of the list, though its first page stated 62 (entries may have changed while the pages were read).',
		);
	});

	it('reads the total the first page states, in every walk', async () => {
		const counted = [ok({ rooms: [{ n: 1 }, { n: 2 }], next_cursor: 'c2', total_count: 4 }), ok({ rooms: [{ n: 3 }, { n: 4 }], next_cursor: null, total_count: 4 })];
		const all = await runOperation(rooms, { parameters: { returnAll: true }, answers: counted });
		expect(all.hints[0]).toMatch(/^Read all 4 of 4 rooms over 2 pages: the list is complete\. /);
		const uncounted = await runOperation(rooms, { parameters: { returnAll: true }, answers: twoPages });
		expect(uncounted.hints[0]).toMatch(/^Read all 4 rooms over 2 pages: the list is complete\. /);
		const limited = await runOperation(rooms, { parameters: { limit: 3 }, answers: counted });
		expect(limited.hints[0]).toMatch(/^Read 3 of 4 rooms over 2 pages\. /);
	});

	it('does not call a one-page list complete while its notice doubts it (exactly a common page size, nothing naming more)', async () => {
		const twenty = ok(Array.from({ length: 20 }, (_, i) => ({ id: `room_${i}` })));
		const all = await runOperation(rooms, { parameters: { returnAll: true }, answers: [twenty] });
		expect(all.hints[0]).toMatch(/^Read 20 rooms on 1 page\. Pagination \(automatic\): .*taken as complete, but it held 20 entries, a common page size/);
	});
});
