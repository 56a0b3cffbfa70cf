/** The webhook delivery journal: both orders, and pages that stay stable while entries are appended. */
import { startSandbox, type PaginationStyle, type Sandbox } from '../../sandbox';
import { apiClient, walkAll } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ dialect: { naming: 'camel' } });
});
afterAll(() => sandbox.close());

const idsOf = (items: ReadonlyArray<Record<string, unknown> | { id: string }>) => items.map((item) => item.id);

describe('journal order', () => {
	it('lists newest first by default', async () => {
		sandbox.setOptions({ pagination: 'cursor', journalOrder: 'newestFirst' });
		const walk = await walkAll(apiClient(sandbox), '/webhooks/deliveries', sandbox.paginationNames(), 25);
		expect(idsOf(walk.items)).toEqual(idsOf(sandbox.store.journalOldestFirst()).reverse());
	});

	it('lists oldest first when asked', async () => {
		sandbox.setOptions({ pagination: 'cursor', journalOrder: 'oldestFirst' });
		const walk = await walkAll(apiClient(sandbox), '/webhooks/deliveries', sandbox.paginationNames(), 25);
		expect(idsOf(walk.items)).toEqual(idsOf(sandbox.store.journalOldestFirst()));
	});

	it('keeps the natural order in store.journalOldestFirst() and store.deliveries', () => {
		const journal = sandbox.store.journalOldestFirst();
		expect(idsOf(journal)).toEqual(idsOf(sandbox.store.deliveries));
		const times = journal.map((d) => d.createdAt);
		expect(times).toEqual([...times].sort());
	});

	it('appends entries with store.appendDeliveries', () => {
		const before = sandbox.store.deliveries.length;
		const added = sandbox.store.appendDeliveries(3, 'booking.rescheduled');
		expect(added).toHaveLength(3);
		expect(sandbox.store.deliveries).toHaveLength(before + 3);
		expect(added.every((d) => d.event === 'booking.rescheduled' && d.bookingId !== null)).toBe(true);
		expect(sandbox.store.journalOldestFirst().slice(-3)).toEqual(added);
	});
});

const anchoredStyles: PaginationStyle[] = ['cursor', 'nextUrl', 'linkHeader'];

describe.each(anchoredStyles)('%s pages while entries are appended', (style) => {
	it.each([true, false])('newest first, envelope %s: no entry is skipped or repeated', async (envelope) => {
		sandbox.setOptions({ pagination: style, journalOrder: 'newestFirst', dialect: { envelope } });
		const expected = idsOf(sandbox.store.journalOldestFirst()).reverse();
		const walk = await walkAll(apiClient(sandbox), '/webhooks/deliveries', sandbox.paginationNames(), 10, {}, () => sandbox.store.appendDeliveries(7));
		// New entries land before the first page already read; the walk continues exactly where it was.
		expect(idsOf(walk.items)).toEqual(expected);
	});

	it('oldest first: appended entries come at the end of the walk', async () => {
		sandbox.setOptions({ pagination: style, journalOrder: 'oldestFirst', dialect: { envelope: true } });
		const before = idsOf(sandbox.store.journalOldestFirst());
		let appended: string[] = [];
		const walk = await walkAll(apiClient(sandbox), '/webhooks/deliveries', sandbox.paginationNames(), 10, {}, () => {
			appended = idsOf(sandbox.store.appendDeliveries(4)) as string[];
		});
		expect(idsOf(walk.items)).toEqual([...before, ...appended]);
	});
});

describe('page and offset styles under appends', () => {
	it('shift, as page-numbered lists of real APIs do (documented behaviour)', async () => {
		sandbox.setOptions({ pagination: 'offset', journalOrder: 'newestFirst', dialect: { envelope: true } });
		const client = apiClient(sandbox);
		const first = await client.get('/webhooks/deliveries', { params: { offset: 0, limit: 10 } });
		sandbox.store.appendDeliveries(3);
		const second = await client.get('/webhooks/deliveries', { params: { offset: 10, limit: 10 } });
		// The last three entries of page one come again at the start of page two.
		expect(idsOf(second.data.items).slice(0, 3)).toEqual(idsOf(first.data.items).slice(7));
	});
});
