/**
 * The clients the editor names and searches, however many the workspace has: a booking's client is read by its
 * id (the API's client card) when the editor does not know it yet, and a search by name reads the client list on
 * in bounded steps. Both feed the editor's memory (editorSession.ts), so a client is read once per session.
 */
import { SEARCH_PARAMETERS } from '../conventions';
import { type Endpoint, findEndpoint } from '../endpoints';
import { type DirectoryScan, editorSession, filterVerdict, MAX_KNOWN_CLIENTS, rememberClient } from '../editorSession';
import { recordIdentity } from '../identity';
import {
	CLIENTS_ENDPOINT,
	firstPageOf,
	identityRuleOf,
	labelOfRemembered,
	leavesOf,
	type ListReading,
	moreUnreachableNotice,
	type PageAllowance,
	type ReferenceList,
	type SampledPage,
	samplePage,
} from '../referenceLists';
import { canonicalJson, isPlainObject } from '../transport/json';
import { QuotaDeferral, type RatePacer, whenFree } from '../transport/ratePacer';
import { type ApiClient, settle } from '../transport/request';

const CLIENT_CARD = findEndpoint('client', 'get');

/** Requests one editor call may always make, however slow the API: a slow workspace gets as far as before. */
export const REQUESTS_PER_CALL = 150;
/** Requests one call may make at most: 60,000 records at 20 a page (30,000 at 10), the clients and bookings of a large venue. */
export const MAX_REQUESTS_PER_CALL = 3_000;
/** Past REQUESTS_PER_CALL, a call reads on while it has run less than this: a search answers in seconds. */
export const CALL_TIME_MS = 10_000;

/**
 * What one editor call may spend on reading lists. n8n's list loads its next page only when the user scrolls to
 * its end, and never by itself while a search text is typed, so a call that returned one row ("still reading")
 * could not be continued: a call reads on as long as a fast API allows, bounded in requests and in time.
 */
export class CallBudget {
	used = 0;
	/** When the API's quota frees up, where the quota stopped this call (it answers with what it has). */
	quotaFreeAt?: number;
	/** Set where the API's pace (not a used-up quota) would hold the call's next request past its time. */
	private paced = false;
	/** First pages of filtered lists read this call: a filter's trial answer is also its first page (filteredPage). */
	readonly filteredFirstPages = new Map<string, SampledPage>();
	private readonly until: number;

	constructor(
		private readonly clock: () => number = Date.now,
		/** The session's pacer (the client's): what the API said of its quota. */
		private readonly pacer?: RatePacer,
	) {
		this.until = clock() + CALL_TIME_MS;
	}

	/**
	 * Whether another request may be made. Past the call's time only one that can start at once: a slow API gets
	 * its REQUESTS_PER_CALL, a quota or its pace never holds a call past its time.
	 */
	allows(): boolean {
		if (this.quotaFreeAt !== undefined || this.paced) return false;
		const now = this.clock();
		const next = this.pacer?.nextStart();
		if (next && next.waitMs > 0 && now + next.waitMs > this.until) {
			this.quotaFreeAt = next.quotaFreeAt;
			return false;
		}
		return this.used < REQUESTS_PER_CALL || (this.used < MAX_REQUESTS_PER_CALL && now < this.until);
	}

	/**
	 * How many more requests may be made at once (client cards), as far as the count goes, and at most half of what
	 * the API's quota has left: labels never spend the window the next views need (those not read come unnamed, and
	 * a later view names them).
	 */
	left(): number {
		const counted = this.allows() ? Math.max(0, (this.used < REQUESTS_PER_CALL ? REQUESTS_PER_CALL : MAX_REQUESTS_PER_CALL) - this.used) : 0;
		const quota = this.pacer?.budgetLeft();
		return quota === undefined ? counted : Math.min(counted, Math.floor(quota / 2));
	}

	/**
	 * At most `requests` more of this call's requests, and no more than it allows (half of what the quota has left),
	 * for work that may stop part way and go on in a later view: the catalogues' pages a view's labels need, those
	 * `wanted` says (each catalogue's first page, say, and more only of those the labels name).
	 */
	share(requests: number, wanted: (what: string, first: boolean) => boolean = () => true): PageAllowance {
		let left = Math.min(requests, this.left());
		return {
			take: (what, first) => {
				if (left <= 0 || !wanted(what, first) || !this.allows()) return false;
				left--;
				this.spend(1);
				return true;
			},
		};
	}

	/** Notes a request the quota deferred (QuotaDeferral): the call stops and says when the quota frees up. */
	stopByQuota(error: QuotaDeferral): void {
		if (error.byQuota) this.quotaFreeAt = Math.max(this.quotaFreeAt ?? 0, error.freeAt);
		else this.paced = true;
	}

	/** Whether the quota, or the pace the API's limit sets, stopped this call before its budget ran out. */
	get stopped(): boolean {
		return this.quotaFreeAt !== undefined || this.paced;
	}

	/** What a notice row says when the quota stopped this call; undefined otherwise. */
	quotaNotice(): string | undefined {
		return this.quotaFreeAt === undefined ? undefined : `the API's request quota is used up; it frees up ${whenFree(this.quotaFreeAt)}`;
	}

	spend(requests: number): void {
		this.used += requests;
	}
}

/** Client cards read at once: a page's clients in a few round trips, without a burst the API would throttle. */
const CARDS_AT_ONCE = 5;

/**
 * Reads the cards of the clients not known yet, at most `limit` of them, and remembers them (a client the API
 * did not give is left unknown: its booking is labelled without it, and it is tried again in a later view).
 * Returns how many requests were made.
 */
export async function readClientCards(client: ApiClient, identities: Iterable<string>, limit: number): Promise<number> {
	const session = editorSession(client.sessionKey);
	const unknown = [...new Set(identities)].filter((identity) => !session.clients.has(identity)).slice(0, Math.max(0, limit));
	for (let at = 0; at < unknown.length; at += CARDS_AT_ONCE) {
		await Promise.all(
			unknown.slice(at, at + CARDS_AT_ONCE).map(async (identity) => {
				const card = await client.send({ endpoint: CLIENT_CARD, id: identity }).then(
					(response) => response.body,
					() => undefined,
				);
				if (isPlainObject(card)) rememberClient(session, identity, card);
			}),
		);
	}
	return unknown.length;
}

/**
 * The client list with the clients learned since added to it (by card or by reading the list); with `only`, just
 * those of the clients named there (a page's clients): a session that read thousands of clients labels each page
 * of bookings without listing them all again.
 */
export function withKnownClients(list: ReferenceList, client: ApiClient, only?: Iterable<string>): ReferenceList {
	const session = editorSession(client.sessionKey);
	const listed = identitiesOf(list);
	const known: Iterable<[string, unknown]> = only === undefined ? session.clients : [...new Set(only)].map((identity) => [identity, session.clients.get(identity)]);
	const added = [...known].flatMap(([identity, record]) => (listed.has(identity) || !isPlainObject(record) ? [] : [{ name: labelOfRemembered(record, identity), value: identity }]));
	return added.length === 0 ? list : { ...list, options: [...list.options, ...added] };
}

const listedIdentities = new WeakMap<ReferenceList, Set<string>>();

/** The identities a list holds, worked out once per list read: a search labels a thousand pages with it. */
function identitiesOf(list: ReferenceList): Set<string> {
	let identities = listedIdentities.get(list);
	if (!identities) listedIdentities.set(list, (identities = new Set(list.options.map((option) => String(option.value)))));
	return identities;
}

/** The reading of the client list in this session, for these list options. */
export function scanOf(client: ApiClient, reading: ListReading, identityField: string): DirectoryScan {
	const session = editorSession(client.sessionKey);
	const key = canonicalJson({ reading, identityField });
	let scan = session.scans.get(key);
	if (!scan) session.scans.set(key, (scan = { done: false, read: 0, identities: [] }));
	return scan;
}

/**
 * Reads the client list on from where this session's reading stopped, at most `budget` pages (a number, or what
 * a call's budget allows), remembering every client; once read to its end, a search by name needs no more
 * requests. Returns the reading and how many requests were made.
 */
export async function readDirectory(client: ApiClient, reading: ListReading, identityField: string, budget: number | CallBudget): Promise<{ scan: DirectoryScan; used: number }> {
	const scan = scanOf(client, reading, identityField);
	// One reading at a time: two editor calls at once (two pickers open) must not read the same page twice.
	const before = scan.busy;
	let done = () => {};
	scan.busy = new Promise<void>((resolve) => (done = resolve));
	await before;
	try {
		return await readOn(client, scan, reading, identityField, budget);
	} finally {
		done();
	}
}

/** The pages of one reading, each client remembered in the list's order. */
async function readOn(client: ApiClient, scan: DirectoryScan, reading: ListReading, identityField: string, budget: number | CallBudget): Promise<{ scan: DirectoryScan; used: number }> {
	const session = editorSession(client.sessionKey);
	const allows = typeof budget === 'number' ? () => used < budget : () => budget.allows();
	let used = 0;
	while (canReadOn(scan) && allows()) {
		const read = await settle(samplePage(client, CLIENTS_ENDPOINT, scan.token, reading));
		// The quota stops the reading where it is (a call's budget notes it; a count of pages leaves it to the caller):
		// the next call reads on from here.
		if (!read.ok && read.error instanceof QuotaDeferral && typeof budget !== 'number') {
			budget.stopByQuota(read.error);
			break;
		}
		if (!read.ok) throw read.error;
		const page = read.value;
		used++;
		if (typeof budget !== 'number') budget.spend(1);
		const rule = identityRuleOf(page.records, identityField || undefined);
		for (const record of page.records) {
			const identity = rule ? recordIdentity(record, rule) : undefined;
			if (identity === undefined) continue;
			rememberClient(session, identity, record);
			if (session.clients.has(identity)) scan.identities.push(identity);
		}
		scan.read += page.records.length;
		if (page.total !== undefined) scan.total = page.total;
		scan.token = page.nextToken;
		if (page.moreUnreachable) scan.stopped = moreUnreachableNotice(page.moreUnreachable);
		else if (scan.token === undefined) scan.done = true;
		else if (session.clients.size >= MAX_KNOWN_CLIENTS) scan.stopped = `the editor reads at most ${MAX_KNOWN_CLIENTS.toLocaleString('en-US')} clients to search by name`;
	}
	return { scan, used };
}

/** Whether the client list has more to read in this session. */
export function canReadOn(scan: DirectoryScan): boolean {
	return !scan.done && scan.stopped === undefined;
}

/** "1,660 of 5,000 clients": how far a reading got, with the total where the API stated one. */
export function howFar(read: number, total: number | undefined, noun: string): string {
	const count = (value: number) => value.toLocaleString('en-US');
	return total !== undefined && total >= read ? `${count(read)} of ${count(total)} ${noun}` : `${count(read)} ${noun}`;
}

// ---- The server's own filters, where the workspace demonstrably has them -----------------------------------------

/** Pages of a filtered list one call reads at most: a text that matches more than that is read on by scrolling. */
export const FILTERED_PAGES_PER_CALL = 5;

/** How one answer to a filtered request judges the filter: kept, refused for good, or not shown either way. */
type Judgement = 'kept' | 'refused' | 'unsure';

/** Records known to hold a search text (the session's clients), which a filter's whole answer must include. */
export interface KnownMatches {
	identities: string[];
	identitiesOf: (records: unknown[]) => Set<string>;
}

/** How many entries a page says its list has: the stated total, else the page when it is the whole list. */
function listSize(page: SampledPage): number {
	return page.total ?? (page.nextToken !== undefined || page.moreUnreachable ? Infinity : page.records.length);
}

/**
 * Whether a filtered answer demonstrably narrows the list to what was asked: fewer entries than the list unfiltered,
 * every entry holding what was asked (`holds`), and every record known to hold it among them where the answer is
 * the whole of it. An empty answer, or a long one beside a long list, shows nothing either way.
 */
export function judgeFilter(filtered: SampledPage, unfiltered: SampledPage, holds: (record: unknown) => boolean, known?: KnownMatches): Judgement {
	if (filtered.records.length === 0) return 'unsure';
	// An entry without what was asked: the server ignored the parameter or reads it otherwise.
	if (!filtered.records.every(holds)) return 'refused';
	const [size, whole] = [listSize(filtered), listSize(unfiltered)];
	// Two long lists without totals: the unfiltered one holding entries without what was asked, which the filtered
	// one (all of whose entries hold it) leaves out, is the fewer entries.
	const leftOut = unfiltered.records.some((record) => !holds(record));
	if (size === Infinity && whole === Infinity) return leftOut ? 'kept' : 'unsure';
	if (!(size < whole)) return 'refused';
	if (filtered.nextToken === undefined && known && known.identities.length > 0) {
		const answered = known.identitiesOf(filtered.records);
		if (!known.identities.every((identity) => answered.has(identity))) return 'refused';
	}
	return 'kept';
}

/**
 * The first page of a list as the filters are judged against, read once a session (the same page the labels' known
 * clients start from); counted on `budget` when this call sends it.
 */
export async function unfilteredPage(client: ApiClient, endpoint: Endpoint, reading: ListReading, budget?: CallBudget): Promise<SampledPage> {
	return await firstPageOf(client, endpoint, reading, editorSession(client.sessionKey), () => budget?.spend(1));
}

/**
 * A page of a list as the server filters it by `query`; the first page once a call, whether a filter's trial read
 * it or not.
 */
export async function filteredPage(client: ApiClient, endpoint: Endpoint, token: string | undefined, reading: ListReading, query: Record<string, string>, budget: CallBudget): Promise<SampledPage> {
	const key = filteredKey(endpoint, query);
	const kept = token === undefined ? budget.filteredFirstPages.get(key) : undefined;
	if (kept) return kept;
	budget.spend(1);
	const page = await samplePage(client, endpoint, token, reading, query);
	if (token === undefined) budget.filteredFirstPages.set(key, page);
	return page;
}

function filteredKey(endpoint: Endpoint, query: Record<string, string>): string {
	return canonicalJson({ path: endpoint.path, query });
}

/**
 * Whether a page of a filtered list may be read: its first page when this call holds it already (a filter's trial
 * answer, paid for: shown even where that request used up the quota), any other as the call's budget allows, and
 * while the call has made fewer than `cap` requests where one is given.
 */
export function mayReadFiltered(endpoint: Endpoint, token: string | undefined, query: Record<string, string>, budget: CallBudget, cap = Infinity): boolean {
	return (token === undefined && budget.filteredFirstPages.has(filteredKey(endpoint, query))) || (budget.used < cap && budget.allows());
}

/** One filtered request judged: an answer the API refuses (a 400 for a parameter it does not take) refuses the filter. */
async function tryFilter(client: ApiClient, endpoint: Endpoint, reading: ListReading, query: Record<string, string>, judge: (page: SampledPage) => Judgement, budget: CallBudget): Promise<Judgement> {
	const read = await settle(filteredPage(client, endpoint, undefined, reading, query, budget));
	if (read.ok) return judge(read.value);
	if (read.error instanceof QuotaDeferral) throw read.error;
	return 'refused';
}

/**
 * The query parameter a list takes a text search in, for this credential in this session: the one the user named
 * (Options > Search Parameter), the one learned before, or the first of the registry's (SEARCH_PARAMETERS) that,
 * tried now with `text`, demonstrably narrows the list (judgeFilter); none where nothing does, and each refused
 * one is not tried again this session. `holds` says whether a record holds the text; `known`, the identities of
 * records known to hold it.
 */
export async function textFilterOf(
	client: ApiClient,
	endpoint: Endpoint,
	reading: ListReading,
	named: string,
	text: string,
	holds: (record: unknown) => boolean,
	budget: CallBudget,
	known?: KnownMatches,
): Promise<string | undefined> {
	if (named !== '') return named;
	const verdict = filterVerdict(editorSession(client.sessionKey), `text ${endpoint.path} ${canonicalJson(reading)}`);
	if (verdict.kept !== undefined) return verdict.kept;
	const untried = SEARCH_PARAMETERS.filter((name) => !verdict.refused.has(name));
	if (untried.length === 0 || !budget.allows()) return undefined;
	const unfiltered = await unfilteredPage(client, endpoint, reading, budget);
	// A list that is one page needs no filter: it is searched where it is.
	if (listSize(unfiltered) <= unfiltered.records.length) return undefined;
	for (const name of untried) {
		if (!budget.allows()) break;
		const judgement = await tryFilter(client, endpoint, reading, { [name]: text }, (page) => judgeFilter(page, unfiltered, holds, known), budget);
		if (judgement === 'kept') return (verdict.kept = name);
		if (judgement === 'refused') verdict.refused.add(name);
	}
	return undefined;
}

/**
 * Whether a list takes a reference's own field as a filter (`?client_id=…`, the name the workspace's records use):
 * tried once a session with one identity, kept only where the answer holds that identity alone and fewer entries
 * than the list. Returns the parameter, or undefined.
 */
export async function referenceFilterOf(client: ApiClient, endpoint: Endpoint, reading: ListReading, path: string, identity: string, budget: CallBudget): Promise<string | undefined> {
	// Only a field at the top of a record is a parameter a server could take under its own name.
	if (path.includes('.')) return undefined;
	const verdict = filterVerdict(editorSession(client.sessionKey), `reference ${endpoint.path} ${canonicalJson(reading)}`);
	if (verdict.kept !== undefined) return verdict.kept === path ? path : undefined;
	if (verdict.refused.has(path) || !budget.allows()) return undefined;
	const unfiltered = await unfilteredPage(client, endpoint, reading, budget);
	const holds = (record: unknown) => leavesOf(record).some(([at, value]) => at === path && String(value) === identity);
	const judgement = await tryFilter(client, endpoint, reading, { [path]: identity }, (page) => judgeFilter(page, unfiltered, holds), budget);
	if (judgement === 'kept') return (verdict.kept = path);
	if (judgement === 'refused') verdict.refused.add(path);
	return undefined;
}
