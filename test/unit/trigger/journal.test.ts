import { type IHttpRequestOptions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { entryIdentity } from '../../../nodes/VenueBooking/identity';
import { ApiClient } from '../../../nodes/VenueBooking/transport/request';
import { JournalReader, withWhatToSetInMessage } from '../../../nodes/VenueBooking/trigger/journal';
import { JOURNALS, type JournalSettings } from '../../../nodes/VenueBooking/trigger/description';
import type { JournalState } from '../../../nodes/VenueBooking/trigger/state';
import { mockContext, type MockAnswer } from '../mockContext';

const PAGE_SIZE = 3;
const fast = { retry: { maxRetries: 0, maxWaitMs: 1 }, timeoutMs: 1000 };
const settings = (more: Partial<JournalSettings> = {}): JournalSettings => ({
	journal: { key: 'webhookDeliveries', ...JOURNALS.webhookDeliveries },
	order: 'auto',
	emitExisting: false,
	maxExisting: 100,
	pagination: { mode: 'pageNumber', pageParameter: 'page', maxPages: 1000 },
	query: {},
	...more,
});

/** A journal served in pages of 3 (`?page=n`), entries `{ id, at }`; `refuse` answers a status instead. */
function journalServer(entries: Array<{ id: string; at: string }>, refuse?: (page: number) => number | undefined) {
	const pagesAsked: number[] = [];
	const answer = (request: IHttpRequestOptions): MockAnswer => {
		const page = Number((request.qs as { page?: number }).page);
		pagesAsked.push(page);
		const refusal = refuse?.(page);
		if (refusal) return { statusCode: refusal, body: { message: 'no such page' } };
		return { statusCode: 200, body: entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) };
	};
	return { pagesAsked, answer };
}

async function reader(answer: (request: IHttpRequestOptions) => MockAnswer, more?: Partial<JournalSettings>) {
	const mock = mockContext({ parameters: {}, answers: (request) => answer(request) });
	return new JournalReader(await ApiClient.create(mock.context, fast), settings(more));
}

const entry = (n: number) => ({ id: `e${n}`, at: `2026-11-${String(n).padStart(2, '0')}T10:00:00Z` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));
const ids = (list: unknown[]) => list.map((e) => (e as { id: string }).id);

describe('JournalReader, newest first (dates fall down the list)', () => {
	it('records a baseline from page 1 alone, then emits exactly what was added on top, oldest first', async () => {
		const journal = range(1, 7).reverse();
		const server = journalServer(journal);
		const baseline = await (await reader(server.answer)).baseline();
		expect(baseline.entries).toEqual([]);
		expect(baseline.state).toMatchObject({ order: 'newestFirst', identity: 'id', head: 's:e7' });
		expect(server.pagesAsked).toEqual([1]);

		journal.unshift(...range(8, 11).reverse());
		server.pagesAsked.length = 0;
		const poll = await (await reader(server.answer)).poll(baseline.state);
		expect(ids(poll.entries)).toEqual(['e8', 'e9', 'e10', 'e11']);
		expect(poll.state.head).toBe('s:e11');
		expect(server.pagesAsked).toEqual([1, 2]);
	});

	it('Fetch Test Event shows the newest entries, oldest first, reading one page', async () => {
		const server = journalServer(range(1, 9).reverse());
		expect(ids(await (await reader(server.answer)).sample(undefined, 2))).toEqual(['e8', 'e9']);
		expect(server.pagesAsked).toEqual([1]);
	});
});

describe('JournalReader on entries identified by `Id` (Mindbody-style), and states stored before that was read', () => {
	const pascal = (n: number) => ({ Id: 1000 + n, Status: 'Booked', At: entry(n).at });
	/** A journal of PascalCase entries, newest first, in pages of 3. */
	function pascalServer(entries: Array<ReturnType<typeof pascal>>) {
		return (request: IHttpRequestOptions): MockAnswer => {
			const page = Number((request.qs as { page?: number }).page);
			return { statusCode: 200, body: entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) };
		};
	}

	it('tells entries apart by `Id`: an entry whose status changed is not new, each new entry comes once', async () => {
		const journal = Array.from({ length: 5 }, (_, i) => pascal(5 - i));
		const baseline = await (await reader(pascalServer(journal))).baseline();
		expect(baseline.state).toMatchObject({ identity: 'field:Id', head: 'n:1005' });
		// The newest entry changes its status (a hash would call it new), and two entries arrive on top.
		journal[0] = { ...journal[0], Status: 'Cancelled' };
		journal.unshift(pascal(7), pascal(6));
		const poll = await (await reader(pascalServer(journal))).poll(baseline.state);
		expect(poll.entries.map((e) => (e as { Id: number }).Id)).toEqual([1006, 1007]);
		expect(poll.state.identity).toBe('field:Id');
	});

	it('a state stored with content hashes (before `Id` was read) keeps hashing: nothing old comes back, the new entry comes once', async () => {
		const journal = Array.from({ length: 5 }, (_, i) => pascal(5 - i));
		const stored: JournalState = { version: 1, identity: 'hash', order: 'newestFirst', recent: journal.slice(0, 3).reverse().map((e) => entryIdentity(e, 'hash')) };
		journal.unshift(pascal(6));
		const poll = await (await reader(pascalServer(journal))).poll(stored);
		expect(poll.entries.map((e) => (e as { Id: number }).Id)).toEqual([1006]);
		expect(poll.state.identity).toBe('hash');
		expect(poll.state.recent.every((identity) => identity.startsWith('h:'))).toBe(true);
	});

	it('a state stored with `id` on entries that have `id` reads on unchanged', async () => {
		const journal = range(1, 5).reverse();
		const stored: JournalState = { version: 1, identity: 'id', order: 'newestFirst', recent: ['s:e3', 's:e4', 's:e5'], head: 's:e5' };
		journal.unshift(entry(6));
		const poll = await (await reader(journalServer(journal).answer)).poll(stored);
		expect(ids(poll.entries)).toEqual(['e6']);
		expect(poll.state).toMatchObject({ identity: 'id', head: 's:e6' });
	});
});

describe('JournalReader, oldest first (dates rise down the list)', () => {
	it('walks to the end once for the baseline, then continues from the stored last page', async () => {
		const journal = range(1, 7);
		const server = journalServer(journal);
		const baseline = await (await reader(server.answer)).baseline();
		expect(baseline.state.order).toBe('oldestFirst');
		expect(baseline.state.tail?.request.query).toEqual({ page: 3 });

		journal.push(...range(8, 10));
		server.pagesAsked.length = 0;
		const poll = await (await reader(server.answer)).poll(baseline.state);
		expect(ids(poll.entries)).toEqual(['e8', 'e9', 'e10']);
		expect(server.pagesAsked).toEqual([3, 4, 5]);
		expect(poll.state.tail?.request.query).toEqual({ page: 4 });
	});

	it('falls back to page 1 when the stored page is refused as stale, and emits nothing twice', async () => {
		const journal = range(1, 7);
		const baseline = await (await reader(journalServer(journal).answer)).baseline();
		journal.push(entry(8));
		const server = journalServer(journal, (page) => (page === 3 && journal.length === 8 ? 410 : undefined));
		let calls = 0;
		const poll = await (
			await reader((request) => (calls++ === 0 ? server.answer(request) : journalServer(journal).answer(request)))
		).poll(baseline.state);
		expect(ids(poll.entries)).toEqual(['e8']);
		expect(server.pagesAsked).toEqual([3]);
	});

	it('fails the poll, advancing nothing, when the stored page is refused for another reason', async () => {
		const journal = range(1, 7);
		const baseline = await (await reader(journalServer(journal).answer)).baseline();
		const refusing = journalServer(journal, () => 401);
		await expect((await reader(refusing.answer)).poll(baseline.state)).rejects.toBeInstanceOf(NodeApiError);
	});

	it('starts over at the end, emitting nothing, when every remembered entry is gone', async () => {
		const state: JournalState = { version: 1, identity: 'id', order: 'oldestFirst', recent: ['s:gone1', 's:gone2'] };
		const poll = await (await reader(journalServer(range(20, 24)).answer)).poll(state);
		expect(poll.entries).toEqual([]);
		expect(poll.state.recent).toEqual(['s:e20', 's:e21', 's:e22', 's:e23', 's:e24']);
	});

	it('emits the newest existing entries on the first poll when asked to', async () => {
		const baseline = await (await reader(journalServer(range(1, 8)).answer, { emitExisting: true, maxExisting: 2 })).baseline();
		expect(ids(baseline.entries)).toEqual(['e7', 'e8']);
	});
});

describe('JournalReader, saying when the order was guessed', () => {
	/** A journal of any entries in pages of 3, and a reader that records what it tells the user. */
	async function informingReader(entries: unknown[], more?: Partial<JournalSettings>) {
		const told: string[] = [];
		const mock = mockContext({
			parameters: {},
			answers: (request) => {
				const page = Number((request.qs as { page?: number }).page);
				return { statusCode: 200, body: entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) };
			},
		});
		const journal = new JournalReader(await ApiClient.create(mock.context, fast), settings(more), (message) => told.push(message));
		return { journal, told };
	}
	const SECOND = 1767225600;
	/** Newest first, with Unix seconds in a field named like no date. */
	const numericNewestFirst = Array.from({ length: 9 }, (_, i) => ({ id: `n${9 - i}`, created: SECOND + (9 - i) * 60 }));
	const undated = Array.from({ length: 9 }, (_, i) => ({ id: `u${i + 1}` }));

	it('Fetch Test Event says the order was taken as oldest first, naming Options > Journal Order', async () => {
		const { journal, told } = await informingReader(undated);
		await journal.sample(undefined, 2);
		expect(told).toContain(
			"The journal's order could not be told from its entries (no timestamps), so it was taken as oldest first; if Fetch Test Event shows old entries, set Options > Journal Order.",
		);
	});

	it('activation says so too, and that new entries are looked for at both ends', async () => {
		const { journal, told } = await informingReader(undated);
		const baseline = await journal.baseline();
		expect(baseline.state.order).toBeUndefined();
		expect(told).toContain(
			"The journal's order could not be told from its entries (no timestamps), so it was taken as oldest first, and new entries are looked for at both ends until they show where they arrive; to be sure of it, set Options > Journal Order.",
		);
	});

	it('names the reason: too few entries, or timestamps that do not agree', async () => {
		const few = await informingReader(undated.slice(0, 2));
		await few.journal.sample(undefined, 2);
		expect(few.told[0]).toMatch(/\(only 2 entries on its first page\)/);
		const zigzag = await informingReader([0, 120, 60].map((step, i) => ({ id: i, created: SECOND + step })));
		await zigzag.journal.baseline();
		expect(zigzag.told[0]).toMatch(/\(its timestamps do not all rise or all fall\)/);
	});

	it('says nothing when timestamps tell the order, the user set it, a poll learned it, or the journal is empty', async () => {
		const dated = await informingReader(numericNewestFirst);
		await dated.journal.sample(undefined, 2);
		await dated.journal.baseline();
		const chosen = await informingReader(undated, { order: 'oldestFirst' });
		await chosen.journal.sample(undefined, 2);
		await chosen.journal.baseline();
		const learned = await informingReader(undated);
		await learned.journal.sample({ version: 1, identity: 'id', order: 'newestFirst', recent: [] }, 2);
		const empty = await informingReader([]);
		await empty.journal.sample(undefined, 2);
		await empty.journal.baseline();
		expect([...dated.told, ...chosen.told, ...learned.told, ...empty.told].filter((message) => /order/.test(message))).toEqual([]);
	});

	it('a newest-first journal with Unix seconds is read as newest first: Fetch Test Event shows its newest entries', async () => {
		const { journal } = await informingReader(numericNewestFirst);
		expect(ids(await journal.sample(undefined, 2))).toEqual(['n8', 'n9']);
		expect((await journal.baseline()).state.order).toBe('newestFirst');
	});
});

describe('JournalReader on a journal keyed by numeric ids (Checkfront-style), newest first', () => {
	/** Pages of 3 as text, `{"request": {…}, "delivery/index": {"<id>": {…}}}`: JSON.parse alone would sort the keys ascending. */
	function keyedServer(journal: Array<{ id: number; at: string }>) {
		return (request: IHttpRequestOptions): MockAnswer => {
			// Automatic mode asks for page 1 without a page parameter.
			const page = Number((request.qs as { page?: number } | undefined)?.page ?? 1);
			const slice = journal.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
			const members = slice.map((entry) => `${JSON.stringify(String(entry.id))}:${JSON.stringify(entry)}`).join(',');
			const pages = Math.max(1, Math.ceil(journal.length / PAGE_SIZE));
			return { statusCode: 200, body: `{"request":{"status":"OK","page":${page},"pages":${pages}},"delivery/index":${slice.length === 0 ? '[]' : `{${members}}`}}` };
		};
	}
	const keyed = (n: number) => ({ id: 1000 + n, at: `2026-11-${String(n).padStart(2, '0')}T10:00:00Z` });
	const numbers = (list: unknown[]) => list.map((e) => (e as { id: number }).id);

	it('reads each page in the server order: Fetch Test Event the newest, a poll each new entry once, oldest first', async () => {
		const journal = Array.from({ length: 7 }, (_, i) => keyed(7 - i));
		const answer = keyedServer(journal);
		expect(numbers(await (await reader(answer, { pagination: { mode: 'auto', maxPages: 1000 } })).sample(undefined, 2))).toEqual([1006, 1007]);
		const baseline = await (await reader(answer, { pagination: { mode: 'auto', maxPages: 1000 } })).baseline();
		expect(baseline.state.order).toBe('newestFirst');
		journal.unshift(keyed(9), keyed(8));
		const poll = await (await reader(answer, { pagination: { mode: 'auto', maxPages: 1000 } })).poll(baseline.state);
		expect(numbers(poll.entries)).toEqual([1008, 1009]);
	});
});

describe('JournalReader on a journal whose next-page token has a name no table knows (issue 40)', () => {
	/** `{"items", "tokenForNext", "span"}` in pages of 3, oldest first; the token is taken back only under `takes`. */
	function tokenJournal(entries: Array<{ id: string; at: string }>, takes: string) {
		const asked: Array<Record<string, unknown>> = [];
		const answer = (request: IHttpRequestOptions): MockAnswer => {
			const query = { ...(request.qs ?? {}) } as Record<string, unknown>;
			asked.push(query);
			const start = takes in query ? Number(String(query[takes]).slice(1)) : 0;
			const items = entries.slice(start, start + PAGE_SIZE);
			const end = start + items.length;
			return { statusCode: 200, body: { items, ...(end < entries.length ? { tokenForNext: `t${end}` } : {}), span: { first: start + 1, last: end } } };
		};
		return { asked, answer };
	}
	const automatic = { pagination: { mode: 'auto' as const, maxPages: 1000 } };

	it('walks the journal to its end on activation under the name page 2 confirms, then emits each new entry once', async () => {
		const journal = range(1, 7);
		const baseline = await (await reader(tokenJournal(journal, 'next_token').answer, automatic)).baseline();
		expect(baseline.state.order).toBe('oldestFirst');
		expect(baseline.state.recent).toContain('s:e7');
		journal.push(...range(8, 10));
		const poll = await (await reader(tokenJournal(journal, 'next_token').answer, automatic)).poll(baseline.state);
		expect(ids(poll.entries)).toEqual(['e8', 'e9', 'e10']);
		const idle = await (await reader(tokenJournal(journal, 'next_token').answer, automatic)).poll(poll.state);
		expect(idle.entries).toEqual([]);
	});

	it('fails activation, naming the field and what to set, where no name brings the token back: never deaf', async () => {
		const run = (await reader(tokenJournal(range(1, 7), 'pagingKey').answer, automatic)).baseline();
		await expect(run).rejects.toThrow(/"tokenForNext" holds a next-page token.*ignored the token under every name/);
		await expect(run).rejects.toMatchObject({ description: expect.stringMatching(/Set Options > Pagination to Cursor, with Next Cursor Field "tokenForNext"/) });
		// n8n shows a failed activation by its message alone: the message names the setting too, up to its details.
		await expect(run).rejects.toThrow(/repeated page 1\. Set Options > Pagination to Cursor, with Next Cursor Field "tokenForNext" and the Cursor Parameter the API documents for sending it back\.$/);
	});
});

describe('withWhatToSetInMessage', () => {
	const node = { id: '1', name: 'Venue Booking Trigger', type: 't', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };

	it('adds the sentence naming an option, up to its details, once; leaves other errors alone', () => {
		const error = new NodeOperationError(node, 'The API said more entries follow', { description: 'Read 3 entries. Set Options > Pagination as the API documents it: Cursor or Offset. Or not.' });
		expect(withWhatToSetInMessage(error)).toBe(error);
		expect(error.message).toBe('The API said more entries follow. Set Options > Pagination as the API documents it.');
		withWhatToSetInMessage(error);
		expect(error.message).toBe('The API said more entries follow. Set Options > Pagination as the API documents it.');
		const plain = new NodeOperationError(node, 'Nothing to set', { description: 'The server said no.' });
		expect((withWhatToSetInMessage(plain) as Error).message).toBe('Nothing to set');
		const other = new Error('boom');
		expect(withWhatToSetInMessage(other)).toBe(other);
	});
});

describe('Fetch Test Event on a journal whose pages are too short to tell the order (issue 40)', () => {
	it('judges the order from the next pages with page 1, and shows the newest entries of a newest-first journal', async () => {
		const journal = range(1, 9).reverse();
		const pagesAsked: number[] = [];
		const answer = (request: IHttpRequestOptions): MockAnswer => {
			const page = Number((request.qs as { page?: number }).page);
			pagesAsked.push(page);
			return { statusCode: 200, body: journal.slice((page - 1) * 2, page * 2) };
		};
		const sample = await (await reader(answer)).sample(undefined, 3);
		expect(ids(sample)).toEqual(['e7', 'e8', 'e9']);
		// Pages 1 and 2 told the order (4 entries); the journal was not walked to its end.
		expect(pagesAsked).toEqual([1, 2]);
	});
});
