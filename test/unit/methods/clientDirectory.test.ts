/** The clients the editor names and searches: cards read by id once per session, the list read on in bounded steps. */
import type { IHttpRequestOptions } from 'n8n-workflow';
import { editorSession, forgetEditorSessions } from '../../../nodes/VenueBooking/editorSession';
import {
	CALL_TIME_MS,
	CallBudget,
	canReadOn,
	howFar,
	judgeFilter,
	MAX_REQUESTS_PER_CALL,
	readClientCards,
	readDirectory,
	REQUESTS_PER_CALL,
	withKnownClients,
} from '../../../nodes/VenueBooking/methods/clientDirectory';
import { DEFAULT_PAGINATION } from '../../../nodes/VenueBooking/transport/pagination/strategies';
import { RatePacer } from '../../../nodes/VenueBooking/transport/ratePacer';
import { ApiClient } from '../../../nodes/VenueBooking/transport/request';
import { type MockAnswer, mockContext } from '../mockContext';

beforeEach(() => forgetEditorSessions());

/** The client list read as the pickers read it with Options left as they are. */
const AUTOMATIC = { settings: DEFAULT_PAGINATION };

const pathOf = (request: IHttpRequestOptions) => new URL(String(request.url)).pathname.replace('/api/partners/v1', '');

/** A client card for c1…c9; c7 is gone (404), as a client deleted since its booking was made. */
function cards(request: IHttpRequestOptions): MockAnswer {
	const id = pathOf(request).split('/').pop() ?? '';
	return id === 'c7' ? { statusCode: 404, body: { error: 'not found' } } : { statusCode: 200, body: { id, name: `Client ${id.toUpperCase()}` } };
}

/** A client list of `pages` pages of two clients each, walked by cursor; the total stated on every page. */
function clientPages(pages: number) {
	return (request: IHttpRequestOptions): MockAnswer => {
		const n = Number((request.qs as { cursor?: string } | undefined)?.cursor ?? 1);
		const data = [{ id: `p${n}a`, name: `Page${n} First` }, { id: `p${n}b`, name: `Page${n} Second` }];
		return { statusCode: 200, body: { data, meta: { total: pages * 2, ...(n < pages ? { next_cursor: String(n + 1) } : {}) } } };
	};
}

async function clientFor(answers: (request: IHttpRequestOptions) => MockAnswer) {
	const mock = mockContext({ parameters: {}, answers });
	return { client: await ApiClient.create(mock.context), requests: mock.requests };
}

describe('client cards read by id', () => {
	it('reads each unknown client once per session, within the limit, and leaves a client the API did not give unknown', async () => {
		const { client, requests } = await clientFor(cards);
		expect(await readClientCards(client, ['c1', 'c2', 'c1', 'c7'], 10)).toBe(3);
		expect(requests.map(pathOf).sort()).toEqual(['/clients/c1', '/clients/c2', '/clients/c7']);
		const session = editorSession(client.sessionKey);
		expect(session.clients.get('c1')).toEqual({ id: 'c1', name: 'Client C1' });
		expect(session.clients.has('c7')).toBe(false);

		// Known clients cost nothing; the one that failed is tried again; the limit bounds what is read.
		expect(await readClientCards(client, ['c1', 'c2', 'c7', 'c3', 'c4'], 2)).toBe(2);
		expect(requests.map(pathOf).slice(3).sort()).toEqual(['/clients/c3', '/clients/c7']);
		expect(session.clients.has('c4')).toBe(false);
	});

	it('adds the clients learned to the client list, after the listed ones, without repeating one', async () => {
		const { client } = await clientFor(cards);
		await readClientCards(client, ['c1', 'c2'], 10);
		const list = { what: 'client', people: true, options: [{ name: 'Client C1', value: 'c1' }], complete: false };
		const added = withKnownClients(list, client);
		expect(added.options.map((option) => option.value)).toEqual(['c1', 'c2']);
		expect(added.options[1].name).toContain('Client C2');
	});
});

describe('the client list read on in bounded steps', () => {
	it('continues where the last call stopped, within its budget, and ends at the list\'s end', async () => {
		const { client, requests } = await clientFor(clientPages(3));
		const first = await readDirectory(client, AUTOMATIC, '', 2);
		expect(first.used).toBe(2);
		expect(first.scan.identities).toEqual(['p1a', 'p1b', 'p2a', 'p2b']);
		expect(canReadOn(first.scan)).toBe(true);
		expect(howFar(first.scan.read, first.scan.total, 'clients')).toBe('4 of 6 clients');

		const second = await readDirectory(client, AUTOMATIC, '', 5);
		expect(second.used).toBe(1);
		expect(second.scan.identities).toHaveLength(6);
		expect(canReadOn(second.scan)).toBe(false);
		expect(requests).toHaveLength(3);

		// Read to its end, the list costs no more requests.
		expect((await readDirectory(client, AUTOMATIC, '', 5)).used).toBe(0);
		expect(requests).toHaveLength(3);
	});

	it('lets two calls at once read each page only once', async () => {
		const { client, requests } = await clientFor(clientPages(4));
		const [a, b] = await Promise.all([readDirectory(client, AUTOMATIC, '', 2), readDirectory(client, AUTOMATIC, '', 2)]);
		expect(a.used + b.used).toBe(4);
		expect(requests).toHaveLength(4);
		expect(b.scan.identities).toHaveLength(8);
		expect(new Set(b.scan.identities).size).toBe(8);
	});

	it('reads on as far as a call\'s budget allows, counting each page in it', async () => {
		const { client, requests } = await clientFor(clientPages(4));
		const budget = new CallBudget();
		budget.spend(MAX_REQUESTS_PER_CALL - 2);
		const read = await readDirectory(client, AUTOMATIC, '', budget);
		expect(read.used).toBe(2);
		expect(budget.allows()).toBe(false);
		expect(requests).toHaveLength(2);
		expect(canReadOn(read.scan)).toBe(true);
	});

	it('says how far a reading got, with the total only where one was stated and not passed', () => {
		expect(howFar(1660, 5000, 'clients')).toBe('1,660 of 5,000 clients');
		expect(howFar(20, undefined, 'clients')).toBe('20 clients');
		expect(howFar(30, 20, 'bookings')).toBe('30 bookings');
	});
});

describe('what one editor call may spend', () => {
	it('always REQUESTS_PER_CALL requests, however slow the API', () => {
		let now = 0;
		const budget = new CallBudget(() => now);
		now = CALL_TIME_MS * 10;
		expect(budget.allows()).toBe(true);
		expect(budget.left()).toBe(REQUESTS_PER_CALL);
		budget.spend(REQUESTS_PER_CALL - 1);
		expect(budget.left()).toBe(1);
		budget.spend(1);
		expect(budget.allows()).toBe(false);
		expect(budget.left()).toBe(0);
	});

	it('more, up to MAX_REQUESTS_PER_CALL, while the call has run less than CALL_TIME_MS', () => {
		let now = 1_000;
		const budget = new CallBudget(() => now);
		budget.spend(REQUESTS_PER_CALL);
		expect(budget.allows()).toBe(true);
		expect(budget.left()).toBe(MAX_REQUESTS_PER_CALL - REQUESTS_PER_CALL);
		now += CALL_TIME_MS - 1;
		expect(budget.allows()).toBe(true);
		now += 1;
		expect(budget.allows()).toBe(false);

		const fast = new CallBudget(() => 0);
		fast.spend(MAX_REQUESTS_PER_CALL - 1);
		expect(fast.allows()).toBe(true);
		fast.spend(1);
		expect(fast.allows()).toBe(false);
	});
});

describe('a call under the API\'s quota', () => {
	const budgetHeaders = (remaining: number, reset: number) => (name: string) =>
		({ 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset) })[name.toLowerCase()];

	it('stops where the quota would hold the next request past the call\'s time, saying when it frees up', async () => {
		const pacer = new RatePacer();
		const budget = new CallBudget(Date.now, pacer);
		expect(budget.allows()).toBe(true);
		pacer.observe(await pacer.admit(60_000), 200, budgetHeaders(0, 45));
		expect(budget.allows()).toBe(false);
		expect(budget.quotaNotice()).toMatch(/^the API's request quota is used up; it frees up in about 4\d s \(\d\d:\d\d:\d\d UTC\)$/);
	});

	it('spends at most half of what the quota has left on labels (client cards)', async () => {
		const pacer = new RatePacer();
		const budget = new CallBudget(Date.now, pacer);
		expect(budget.left()).toBe(REQUESTS_PER_CALL);
		pacer.observe(await pacer.admit(60_000), 200, budgetHeaders(30, 45));
		expect(budget.left()).toBe(15);
	});
});

describe('a share of a call\'s requests (the labels\' catalogue pages)', () => {
	it('gives at most so many pages, only those wanted, each counted in the call, and no more than half of what the quota has left', async () => {
		const pacer = new RatePacer();
		const budget = new CallBudget(Date.now, pacer);
		const share = budget.share(3, (what, first) => first || what === 'room');
		expect(share.take('service', false)).toBe(false);
		expect(share.take('service', true)).toBe(true);
		expect(share.take('room', false)).toBe(true);
		expect(share.take('room', false)).toBe(true);
		expect(share.take('room', false)).toBe(false);
		expect(budget.used).toBe(3);
		pacer.observe(await pacer.admit(60_000), 200, (name: string) => ({ 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': '45' })[name.toLowerCase()]);
		const halved = budget.share(10);
		expect([1, 2, 3].map(() => halved.take('room', false))).toEqual([true, true, false]);
	});
});

describe('judgeFilter: whether a filtered answer demonstrably narrows a list', () => {
	const holdsAda = (record: unknown) => JSON.stringify(record).includes('Ada');
	const page = (names: string[], more: { nextToken?: string; total?: number } = {}) => ({ records: names.map((name, at) => ({ id: `${name}-${at}`, name })), ...more });
	const unfiltered = page(['Ada Jones', 'Bo Berg', 'Cy Dahl'], { nextToken: 't', total: 300 });

	it('keeps one whose answer is fewer entries, each holding the text', () => {
		expect(judgeFilter(page(['Ada Jones', 'Ada Lund'], { total: 2 }), unfiltered, holdsAda)).toBe('kept');
		expect(judgeFilter(page(['Ada Jones']), unfiltered, holdsAda)).toBe('kept');
	});

	it('refuses one that does not narrow (the list as it was) or narrows wrongly (an entry without the text)', () => {
		expect(judgeFilter(unfiltered, unfiltered, holdsAda)).toBe('refused');
		expect(judgeFilter(page(['Ada Jones', 'Bo Berg']), unfiltered, holdsAda)).toBe('refused');
		expect(judgeFilter(page(['Ada Jones'], { total: 300 }), unfiltered, holdsAda)).toBe('refused');
	});

	it('refuses a whole answer that leaves out a record known to hold the text', () => {
		const known = { identities: ['Ada Lund-9'], identitiesOf: (records: unknown[]) => new Set(records.map((record) => (record as { id: string }).id)) };
		expect(judgeFilter(page(['Ada Jones']), unfiltered, holdsAda, known)).toBe('refused');
		expect(judgeFilter({ records: [{ id: 'Ada Lund-9', name: 'Ada Lund' }] }, unfiltered, holdsAda, known)).toBe('kept');
	});

	it('is unsure of an empty answer, and of two long lists where nothing the unfiltered one holds is left out', () => {
		expect(judgeFilter(page([]), unfiltered, holdsAda)).toBe('unsure');
		const longAdas = page(['Ada A', 'Ada B'], { nextToken: 'x' });
		expect(judgeFilter(longAdas, page(['Ada C', 'Ada D'], { nextToken: 'y' }), holdsAda)).toBe('unsure');
		expect(judgeFilter(longAdas, page(['Ada C', 'Bo Berg'], { nextToken: 'y' }), holdsAda)).toBe('kept');
	});
});
