/**
 * Activation and Fetch Test Event on an oldest-first journal: they jump to the end where the first page
 * reveals it (Link rel="last", total pages, a total count) in at most 3 requests, and walk when it does
 * not, or when the revealed end is wrong. Afterwards, polls emit exactly the new entries.
 */
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { DEFAULT_PAGINATION } from '../../../nodes/VenueBooking/transport/pagination/strategies';
import { ApiClient } from '../../../nodes/VenueBooking/transport/request';
import { JournalReader } from '../../../nodes/VenueBooking/trigger/journal';
import { JOURNALS, type JournalSettings } from '../../../nodes/VenueBooking/trigger/description';
import type { JournalState } from '../../../nodes/VenueBooking/trigger/state';
import { TEST_KEY, TEST_NODE } from '../mockContext';

const SIZE = 20;
const ORIGIN = 'https://studio.example.com';
const PATH = '/api/partners/v1/webhooks/deliveries';

interface Entry {
	id: string;
	at: string;
}

function journalOf(count: number): Entry[] {
	return Array.from({ length: count }, (_, i) => ({ id: `d${i + 1}`, at: new Date(Date.UTC(2027, 0, 1) + i * 60_000).toISOString() }));
}

type Answer = { statusCode: number; body?: unknown; headers?: Record<string, string> };
/** A journal server in one style; names are this test's own, as a real API's would be its own. */
type Server = (journal: Entry[], query: Record<string, string>) => Answer;

const page = (journal: Entry[], start: number) => journal.slice(start, start + SIZE);
const pagesOf = (journal: Entry[]) => Math.max(1, Math.ceil(journal.length / SIZE));

const SERVERS: Record<string, Server> = {
	'Link rel="last"': (journal, q) => {
		const start = Number(q.from ?? 0);
		const last = (pagesOf(journal) - 1) * SIZE;
		const links = [`<${PATH}?from=${last}>; rel="last"`];
		if (start + SIZE < journal.length) links.push(`<${PATH}?from=${start + SIZE}>; rel="next"`);
		if (start > 0) links.push(`<${PATH}?from=${Math.max(0, start - SIZE)}>; rel="prev"`);
		return { statusCode: 200, body: page(journal, start), headers: { link: links.join(', ') } };
	},
	'page number with total pages': (journal, q) => {
		const number = Number(q.page ?? 1);
		return { statusCode: 200, body: { deliveries: page(journal, (number - 1) * SIZE), page: number, total_pages: pagesOf(journal) } };
	},
	'page number with a total count in headers': (journal, q) => {
		const number = Number(q.page ?? 1);
		return { statusCode: 200, body: page(journal, (number - 1) * SIZE), headers: { 'x-page': String(number), 'x-total-count': String(journal.length) } };
	},
	'offset with a total': (journal, q) => {
		const offset = Number(q.offset ?? 0);
		return { statusCode: 200, body: { entries: page(journal, offset), meta: { offset, total: journal.length } } };
	},
	// JSON:API: links in the body, the last page among them; no counters the walk could compute with.
	'JSON:API links.last in the body': (journal, q) => {
		const number = Number(q['page[number]'] ?? 1);
		const at = (n: number) => `${PATH}?page%5Bnumber%5D=${n}`;
		const links = { self: at(number), prev: number > 1 ? at(number - 1) : null, last: at(pagesOf(journal)), next: number < pagesOf(journal) ? at(number + 1) : null };
		return { statusCode: 200, body: { data: page(journal, (number - 1) * SIZE), links } };
	},
	// Laravel's paginator: next_page_url and last_page_url beside the list (and a links array of its own).
	'Laravel last_page_url': (journal, q) => {
		const number = Number(q.page ?? 1);
		const at = (n: number) => `${ORIGIN}${PATH}?page=${n}`;
		const body = {
			data: page(journal, (number - 1) * SIZE),
			links: [{ url: null, label: 'Previous', active: false }],
			next_page_url: number < pagesOf(journal) ? at(number + 1) : null,
			prev_page_url: number > 1 ? at(number - 1) : null,
			last_page_url: at(pagesOf(journal)),
		};
		return { statusCode: 200, body };
	},
};

const cursorServer: Server = (journal, q) => {
	const start = Number(q.cursor ?? 0);
	return { statusCode: 200, body: { items: page(journal, start), next_cursor: start + SIZE < journal.length ? String(start + SIZE) : null } };
};

function serving(journal: Entry[], server: Server) {
	const asked: string[] = [];
	const context = {
		getNode: () => TEST_NODE,
		getCredentials: async () => ({ baseUrl: ORIGIN, apiKey: TEST_KEY }),
		helpers: {
			httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => {
				const url = new URL(request.url);
				const query: Record<string, string> = { ...Object.fromEntries(url.searchParams) };
				for (const [key, value] of Object.entries(request.qs ?? {})) query[key] = String(value);
				asked.push(`${url.pathname}?${new URLSearchParams(query).toString()}`);
				const answer = server(journal, query);
				const headers = { 'content-type': 'application/json', ...(answer.headers ?? {}) };
				return { statusCode: answer.statusCode, headers, body: JSON.stringify(answer.body ?? { error: 'no' }) };
			},
		},
	};
	return { context: context as unknown as IExecuteFunctions, asked };
}

const SETTINGS: JournalSettings = { journal: { key: 'webhookDeliveries', ...JOURNALS.webhookDeliveries }, order: 'auto', emitExisting: false, maxExisting: 100, pagination: DEFAULT_PAGINATION, query: {} };

async function reader(journal: Entry[], server: Server, settings: Partial<JournalSettings> = {}) {
	const served = serving(journal, server);
	const client = await ApiClient.create(served.context);
	const told: string[] = [];
	return { journal: new JournalReader(client, { ...SETTINGS, ...settings }, (message) => told.push(message)), asked: served.asked, told };
}

const ids = (entries: unknown[]) => entries.map((entry) => (entry as Entry).id);

describe.each(Object.keys(SERVERS))('a 2,000-entry oldest-first journal, %s', (name) => {
	const server = SERVERS[name];

	it('activation reads the end in at most 3 requests, and the next polls emit exactly the new entries', async () => {
		const journal = journalOf(2_000);
		const { journal: reading, asked, told } = await reader(journal, server);
		const baseline = await reading.baseline();
		expect(asked.length).toBeLessThanOrEqual(3);
		expect(baseline.entries).toEqual([]);
		expect(baseline.state.recent.at(-1)).toMatch(/:d2000$/);
		expect(told).toEqual([]);
		let state: JournalState = baseline.state;
		let next = 2_001;
		for (const added of [3, 0, 25, 1]) {
			for (let i = 0; i < added; i++) journal.push({ id: `d${next++}`, at: new Date(Date.UTC(2027, 0, 1) + next * 60_000).toISOString() });
			const polled = await (await reader(journal, server)).journal.poll(state);
			expect(ids(polled.entries)).toEqual(journal.slice(journal.length - added).map((entry) => entry.id));
			state = polled.state;
		}
	});

	it('Fetch Test Event shows the newest entries in at most 3 requests', async () => {
		const journal = journalOf(2_001);
		const { journal: reading, asked } = await reader(journal, server);
		expect(ids(await reading.sample(undefined, 5))).toEqual(['d1997', 'd1998', 'd1999', 'd2000', 'd2001']);
		expect(asked.length).toBeLessThanOrEqual(3);
	});

	it('Emit Existing Entries still emits as many as asked for (walking when the end holds fewer)', async () => {
		const journal = journalOf(300);
		const { journal: reading } = await reader(journal, server, { emitExisting: true, maxExisting: 45 });
		expect(ids((await reading.baseline()).entries)).toEqual(journal.slice(-45).map((entry) => entry.id));
	});
});

describe('journals that do not reveal their end, or reveal it wrongly', () => {
	it('a cursor journal is walked on activation (and says so); Fetch Test Event walks to its newest entries too', async () => {
		const journal = journalOf(400);
		const { journal: reading, asked, told } = await reader(journal, cursorServer);
		const baseline = await reading.baseline();
		expect(asked.length).toBe(20);
		expect(baseline.state.recent.at(-1)).toMatch(/:d400$/);
		expect(told.join(' ')).toMatch(/does not say where it ends/);
		const sampling = await reader(journal, cursorServer);
		// The newest five, which only the last page holds: never the first pages' entries shown as the newest.
		expect(await sampling.journal.sample(undefined, 5)).toEqual(journal.slice(-5));
		expect(sampling.asked.length).toBe(20);
		expect(sampling.told.join(' ')).toMatch(/read all 20 pages of the journal to reach its newest entries/);
	});

	it('a Link rel="last" the API then refuses (404) falls back to the walk', async () => {
		// The last link names a page the API then refuses (an expired token, say).
		const refusing: Server = (journal, q) => {
			if (q.stale) return { statusCode: 404 };
			const answer = SERVERS['Link rel="last"'](journal, q);
			answer.headers = { link: (answer.headers?.link ?? '').replace('from=1980>', 'from=1980&stale=1>') };
			return answer;
		};
		const journal = journalOf(2_000);
		const { journal: reading, asked, told } = await reader(journal, refusing);
		const baseline = await reading.baseline();
		expect(baseline.state.recent.at(-1)).toMatch(/:d2000$/);
		// Page 1, the refused last page, then pages 2 to 100 of the walk.
		expect(asked.length).toBe(1 + 1 + 99);
		expect(told.join(' ')).toMatch(/did not hold entries/);
	});

	it.each([
		['too high', 3_000],
		['too low', 1_000],
	])('a total that is %s still ends where walking ends', async (_label, claimed) => {
		const lying: Server = (journal, q) => {
			const answer = SERVERS['offset with a total'](journal, q);
			(answer.body as { meta: { total: number } }).meta.total = claimed;
			return answer;
		};
		const journal = journalOf(2_000);
		const walked = await reader(journal, lying, { pagination: { ...DEFAULT_PAGINATION, maxPages: 1_000 } });
		// What a plain walk (no jump) would take as the end, with the same lie.
		const expectedEnd = Math.min(claimed, 2_000);
		const baseline = await walked.journal.baseline();
		expect(baseline.state.recent.at(-1)).toMatch(new RegExp(`:d${expectedEnd}$`));
		if (claimed > 2_000) expect(walked.told.join(' ')).toMatch(/did not hold entries/);
		else expect(walked.asked.length).toBeLessThanOrEqual(3);
	});
});
