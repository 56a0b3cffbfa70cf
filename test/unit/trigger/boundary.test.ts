import type { WalkedPage } from '../../../nodes/VenueBooking/transport/pagination/walk';
import { LastEntries, scanForNew } from '../../../nodes/VenueBooking/trigger/boundary';

/** Pages of entries `{ id }`, numbered from 1, as the pagination walk yields them. */
async function* pages(...lists: string[][]): AsyncGenerator<WalkedPage> {
	let number = 0;
	for (const ids of lists) {
		number++;
		yield {
			number,
			query: {},
			response: { statusCode: 200, headers: {}, body: undefined, url: 'https://x.example.com' },
			entries: ids.map((id) => ({ id })),
			request: { query: { page: number } },
			pagination: { mode: 'pageNumber', pageParameter: 'page' },
		} as WalkedPage;
	}
}
const id = (entry: unknown) => (entry as { id: string }).id;

describe('scanForNew', () => {
	it('newest first: takes what is listed before the first remembered entry, and stops there', async () => {
		const walked: number[] = [];
		async function* counted() {
			for await (const page of pages(['n3', 'n2'], ['n1', 'k2', 'k1'], ['never'])) {
				walked.push(page.number);
				yield page;
			}
		}
		const scan = await scanForNew(counted(), new Set(['k1', 'k2']), id, { side: 'beforeKnown', fromTop: true });
		expect(scan.freshIdentities).toEqual(['n3', 'n2', 'n1']);
		expect(scan.sawKnown).toBe(true);
		expect(scan.head).toBe('n3');
		expect(walked).toEqual([1, 2]);
	});

	it('oldest first: takes what is listed after the last remembered entry, through to the end', async () => {
		const scan = await scanForNew(pages(['k1', 'x'], ['k2', 'n1'], ['n2'], []), new Set(['k1', 'k2']), id, { side: 'afterKnown', fromTop: false });
		expect(scan.freshIdentities).toEqual(['n1', 'n2']);
		expect(scan.fresh).toEqual([{ id: 'n1' }, { id: 'n2' }]);
		expect(scan.head).toBeUndefined();
		// The last non-empty page is where the next poll continues.
		expect(scan.tail?.request).toEqual({ query: { page: 3 } });
		expect(scan.lastIdentities).toEqual(['k1', 'x', 'k2', 'n1', 'n2']);
	});

	it('takes an entry repeated across shifted pages once, and says when nothing remembered was seen', async () => {
		const scan = await scanForNew(pages(['a', 'b'], ['b', 'c']), new Set(['gone']), id, { side: 'afterKnown', fromTop: true });
		expect(scan.freshIdentities).toEqual(['a', 'b', 'c']);
		expect(scan.sawKnown).toBe(false);
		expect(scan.head).toBe('a');
	});

	it('keeps only the newest 256 identities of a long walk', async () => {
		const many = Array.from({ length: 1000 }, (_, i) => `e${i}`);
		const scan = await scanForNew(pages(many), new Set(), id, { side: 'afterKnown', fromTop: true });
		expect(scan.lastIdentities).toHaveLength(256);
		expect(scan.lastIdentities[255]).toBe('e999');
		expect(scan.lastIdentities[0]).toBe('e744');
	});
});

describe('LastEntries', () => {
	it('keeps the last values pushed, in arrival order, however many came', () => {
		const last = new LastEntries<number>(3);
		for (let i = 1; i <= 1000; i++) last.push(i);
		expect(last.last()).toEqual([998, 999, 1000]);
	});

	it('keeps everything while under its capacity, and nothing with capacity 0', () => {
		const few = new LastEntries<string>(5);
		few.push('a');
		few.push('b');
		expect(few.last()).toEqual(['a', 'b']);
		const none = new LastEntries(0);
		none.push('x');
		expect(none.last()).toEqual([]);
	});
});
