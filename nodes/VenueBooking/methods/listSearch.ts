/**
 * List search (resource locators' From List): bookings and clients, one page at a time, with labels a person
 * recognises: bookings by time, room and client, the references resolved through the lists the form's
 * dropdowns read (referenceLists.ts, which also names the ids a refused write's message quotes).
 */
import { type ILoadOptionsFunctions, type INode, type INodeListSearchItems, type INodeListSearchResult, NodeOperationError } from 'n8n-workflow';
import { isCancelledState } from '../conventions';
import { type Endpoint, findEndpoint } from '../endpoints';
import { itemlessParameters, readWorkspaceTimeZone, readZoneInForce } from '../parameters/readers';
import { chooseRecordIdentity, type IdentityRule, recordIdentity } from '../identity';
import { readTimestamp, readTimestampField } from '../timestamps';
import { isPlainObject, type Scalar } from '../transport/json';
import { editorSession, rememberClient } from '../editorSession';
import { revealedEnd } from '../trigger/journalEnd';
import { detectOrder } from '../trigger/order';
import { type ApiClient, settle } from '../transport/request';
import {
	CLIENTS_ENDPOINT,
	EMAIL,
	identityRuleOf,
	labelOf,
	labelOfRemembered,
	leavesOf,
	type ListReading,
	listReferencedBy,
	loadReferenceLists,
	moreUnreachableNotice,
	namesOf,
	type PageAllowance,
	type ReferenceList,
	samplePage,
	type SampledPage,
	SEPARATOR,
} from '../referenceLists';
import { QuotaDeferral } from '../transport/ratePacer';
import { CallBudget, canReadOn, FILTERED_PAGES_PER_CALL, filteredPage, howFar, type KnownMatches, mayReadFiltered, readClientCards, readDirectory, referenceFilterOf, scanOf, textFilterOf, unfilteredPage, withKnownClients } from './clientDirectory';
import { editorClient, readIdentityField, readListReading, readSearchParameter } from './sampling';

/**
 * A search call returns once it holds this many matches (else at the list's end or its budget's). A person's
 * bookings, namesakes' included, fit in one answer: the newest of them is at the end of a list kept in creation
 * order, and a call that stopped at the first few would show only the oldest (n8n's list then loads on only as
 * the user scrolls).
 */
const MATCHES_PER_CALL = 200;

/** Identities up to this length are shown whole where two labels collide; longer ones by their end. */
const SHORT_IDENTITY = 8;

/**
 * Two records with the same label get a short piece of their identity added ("… · #a1b2c3"), and the whole
 * identity where the short pieces collide too, so every entry can be told apart.
 */
function disambiguate(items: INodeListSearchItems[]): INodeListSearchItems[] {
	const count = (names: string[]) => names.reduce((counts, name) => counts.set(name, (counts.get(name) ?? 0) + 1), new Map<string, number>());
	const labels = count(items.map((item) => item.name));
	const short = (value: string) => (value.length <= SHORT_IDENTITY ? value : `…${value.slice(-6)}`);
	const named = items.map((item) =>
		(labels.get(item.name) ?? 0) > 1 && item.name !== item.value ? { ...item, name: `${item.name} · #${short(String(item.value))}` } : item,
	);
	const again = count(named.map((item) => item.name));
	return named.map((item, index) =>
		(again.get(item.name) ?? 0) > 1 && items[index].name !== item.name ? { ...item, name: `${items[index].name} · #${String(item.value)}` } : item,
	);
}

/** What the picker knows besides the page: the lists bookings refer to, the zone in force and now. */
interface Recognition {
	lists: ReferenceList[];
	timeZone: string;
	now: number;
	/** The zone the workspace writes zone-less date-times in (the credential's Workspace Time Zone); unset: UTC. */
	workspaceZone?: string;
	/** The action picked for (Cancel, Reschedule) when it cannot apply to a cancelled booking: those are left out. */
	refusesCancelled?: string;
}

/** What the picker knows besides the page, read for a view; with `allowance`, the catalogues only as far as it lasts. */
type RecognitionOf = (client: ApiClient, reading: ListReading, allowance?: PageAllowance) => Promise<Recognition>;

/** Where a search stands between calls: the next page of the list and how many records were searched. */
interface SearchPosition {
	/** The list's own page token; undefined before the first page. */
	page?: string;
	searched: number;
	total?: number;
	/** Set where the pages are those of the list as the server filtered it by the search text. */
	filtered?: true;
	/** A booking search through the server's filters: the clients named by the text whose bookings are still to read. */
	clients?: string[];
	/** Whether the list is read from its end towards its first page (the booking picker opened on the newest). */
	backward?: boolean;
	/** Set where a search read the first page before the end: reading backwards, it ends at the page after it. */
	firstSearched?: boolean;
}

function readPosition(node: INode, token: string | undefined): SearchPosition {
	if (token === undefined || token === '') return { searched: 0 };
	let parsed: unknown;
	try {
		parsed = JSON.parse(token);
	} catch {
		parsed = undefined;
	}
	if (!isPlainObject(parsed) || typeof parsed.searched !== 'number' || (parsed.page !== undefined && typeof parsed.page !== 'string')) {
		throw new NodeOperationError(node, 'The list could not continue: its page marker is not one this node wrote', { description: 'Close the list and open it again.' });
	}
	const clients = Array.isArray(parsed.clients) && parsed.clients.every((identity) => typeof identity === 'string') ? (parsed.clients as string[]) : undefined;
	return {
		page: parsed.page as string | undefined,
		searched: parsed.searched,
		...(typeof parsed.total === 'number' ? { total: parsed.total } : {}),
		...(parsed.filtered === true ? { filtered: true as const } : {}),
		...(clients ? { clients } : {}),
		...(parsed.backward === true ? { backward: true } : {}),
		...(parsed.firstSearched === true ? { firstSearched: true } : {}),
	};
}

/**
 * A "From List" view of a list endpoint, each record as its identity with a label from its content, filtered
 * by the search text. Without one, a call is one page (n8n asks for the next with the token as the user
 * scrolls). With one, a call reads on until it holds a page of matches or has spent its budget (CallBudget: the
 * pages of the list and of the client list, client cards), and where the list goes on, its last row says how much
 * was searched (the token continues from there). n8n loads the next page of a searched list only when the user
 * scrolls to its end, so the first call must bring the matches itself, not a "still reading" row.
 * With `recognition` (the booking picker), labels name the booking's time, room and client, the search box
 * matches those names too, and each call's records are shown in time order.
 */
export async function searchRecords(
	context: ILoadOptionsFunctions,
	endpoint: Endpoint,
	what: string,
	filter?: string,
	paginationToken?: string,
	recognition?: RecognitionOf,
): Promise<INodeListSearchResult> {
	const client = await editorClient(context);
	const reading = readListReading(context);
	const identityField = readIdentityField(context);
	const searching = (filter ?? '').trim() !== '';
	const position = readPosition(client.node, paginationToken);
	const budget = new CallBudget(Date.now, client.pacer);
	// Where the workspace filters by name, a search by a client's name is a handful of requests (searchByFilters).
	const byFilters = searching && recognition && position.page === undefined ? await quotaStopped(budget, searchByFilters(context, client, endpoint, filter ?? '', position, budget, recognition)) : undefined;
	if (byFilters?.result) return byFilters.result;
	if (searching && recognition && budget.stopped) return { results: [noticeRow(stopNotice(budget))], paginationToken: JSON.stringify(position) };
	if (searching && recognition && !byFilters?.clientsKnown) {
		// Bookings hold their client's identity, not the name typed: every client's name is read first, once a session.
		const { scan } = await readDirectory(client, reading, identityField, budget);
		if (budget.quotaFreeAt !== undefined && canReadOn(scan)) {
			const notice = `Read ${howFar(scan.read, scan.total, 'clients')} to search by client name; ${budget.quotaNotice()} — search again then to read on`;
			return { results: [noticeRow(notice)], paginationToken: JSON.stringify(position) };
		}
		if (canReadOn(scan)) {
			// One row cannot be scrolled, and n8n asks again for a searched list only on scroll or a new search text;
			// a new search reads on from here (the session remembers the reading).
			const notice = `Reading the client list to search by client name: ${howFar(scan.read, scan.total, 'clients')} so far — search again to read on`;
			return { results: [noticeRow(notice)], paginationToken: JSON.stringify(position) };
		}
	}
	// The booking picker's first view reads only the catalogues its labels name (labelledCatalogues) and opens on
	// upcoming bookings, not on the list's first page; a first search call reads on from the list's end the same way
	// (openOnUpcoming).
	const firstView = recognition !== undefined && !searching && (paginationToken ?? '') === '';
	const firstSearch = recognition !== undefined && searching && position.page === undefined && position.searched === 0;
	let known = recognition ? await recognition(client, reading, firstView ? labelledCatalogues : undefined) : undefined;
	if (firstView && known && partReadCatalogueOverlaps(known.lists)) known = await recognition!(client, reading);
	const opened = (firstView || firstSearch) && known ? await settle(openOnUpcoming(client, endpoint, reading, identityField, what, known, firstSearch)) : undefined;
	// The quota stopped the opening read: the notice says when it frees up, and the view starts over then.
	if (opened && !opened.ok && opened.error instanceof QuotaDeferral) {
		budget.stopByQuota(opened.error);
		return { results: [noticeRow(stopNotice(budget))], paginationToken: JSON.stringify(position) };
	}
	if (opened && !opened.ok) throw opened.error;
	const opening = opened?.value;
	// The pages the opening read are shown first, in order; the list goes on from the last of them.
	const queued = [...(opening?.pages ?? [])];
	if (opening) budget.spend(opening.requests);
	const backward = position.backward === true || opening?.backward === true;
	const firstSearched = position.firstSearched === true || opening?.firstSearched === true;
	const results: Array<INodeListSearchItems & { at?: number; upcoming?: boolean }> = [];
	let { page: token, searched, total } = position;
	let notice: string | undefined;
	let stoppedBeforePage = false;
	let leftOut = 0;
	do {
		let page = queued.shift();
		if (!page) {
			const read = await settle(samplePage(client, endpoint, token, reading));
			// The quota stops the reading where it is, said in the last row; the token reads on from this page.
			if (!read.ok && read.error instanceof QuotaDeferral) {
				budget.stopByQuota(read.error);
				stoppedBeforePage = true;
				break;
			}
			if (!read.ok) throw read.error;
			page = read.value;
			budget.spend(1);
		}
		notice = page.moreUnreachable ? moreUnreachableNotice(page.moreUnreachable) : undefined;
		const rule = chooseRecordIdentity(client.node, page.records, identityField, what);
		const readClientsOn = async (pages: number) => (await quotaStopped(budget, readDirectory(client, reading, identityField, pages)))?.used ?? 0;
		const labelled = known ? await recognisedLabels(client, page.records, rule, known, budget.left(), readClientsOn) : plainLabels(page.records, rule);
		budget.spend(labelled.cards);
		for (const { record, identity, label, searchable, at, upcoming, cancelled } of labelled.items) {
			if (!matchesSearch(record, searchable, filter)) continue;
			if (cancelled && known?.refusesCancelled) leftOut++;
			else results.push({ name: label, value: identity, at, upcoming });
		}
		// Reading backwards after a search searched the first page first, the page after it is the last to read.
		token = !backward ? page.nextToken : firstSearched && page.previousIsFirst ? undefined : page.previousToken;
		searched += page.records.length;
		total = page.total ?? total;
		// Pages already read are shown whatever the budget; reading on is a search's, while it lasts.
	} while (queued.length > 0 || (searching && token !== undefined && results.length < MATCHES_PER_CALL && budget.allows()));
	const ordered = known ? upcomingFirst(results) : results;
	const shown = disambiguate(ordered.map(({ name, value }) => ({ name, value })));
	// Stopped by the quota, the list goes on from where it stopped (its first page too).
	const goesOn = token !== undefined || stoppedBeforePage;
	const next = !goesOn
		? undefined
		: JSON.stringify({ ...(token !== undefined ? { page: token } : {}), searched, ...(total !== undefined ? { total } : {}), ...(backward ? { backward } : {}), ...(firstSearched ? { firstSearched } : {}) });
	// A search that has more to read says how far it got: a short list of matches is not all there is.
	const stoppedByQuota = budget.quotaNotice();
	if (stoppedByQuota && next !== undefined) notice ??= `${searching ? `Searched ${howFar(searched, total, `${what}s`)}` : 'Stopped'}; ${stoppedByQuota} — scroll for more then`;
	if (searching && next !== undefined) notice ??= `Searched ${howFar(searched, total, `${what}s`)} — scroll for more`;
	const notices = [notice, opening?.notice, leftOut > 0 ? cancelledLeftOutNotice(leftOut, known!.refusesCancelled!) : undefined].filter((text) => text !== undefined);
	return { results: [...shown, ...notices.map(noticeRow)], paginationToken: next };
}

/**
 * A row that says something instead of offering a record: the last of the list, after the records of the page
 * that could be read. Its value is `false`, which n8n's list never selects (a click or Enter on a true/false
 * value does nothing), so nothing is saved from it.
 */
export function noticeRow(notice: string): INodeListSearchItems {
	return { name: `⚠ ${notice}`, value: false };
}

/** Whether a picker's row is a notice rather than a record. */
export function isNoticeRow(item: INodeListSearchItems): boolean {
	return typeof item.value === 'boolean';
}

interface Labelled {
	record: unknown;
	identity: string;
	label: string;
	/** What the search box is matched against besides the record's own values. */
	searchable: string;
	/** The record's moment, for the time order. */
	at?: number;
	/** Whether its day is today or later in the picker's zone. */
	upcoming?: boolean;
	/** Whether the record says it is cancelled (the registry's `cancelledState` words). */
	cancelled?: boolean;
}

/** A page's records labelled, and how many requests (client cards, pages of the client list) were made to label them. */
interface LabelledPage {
	items: Labelled[];
	cards: number;
}

function plainLabels(records: unknown[], rule: IdentityRule): LabelledPage {
	const items = records.flatMap((record) => {
		const identity = recordIdentity(record, rule);
		if (identity === undefined) return [];
		const label = labelOf(record, identity);
		return [{ record, identity, label, searchable: label }];
	});
	return { items, cards: 0 };
}

/**
 * The bookings a person looks for first: from today on, soonest first; then the past, latest first (yesterday's
 * before last year's). Records without a time keep their place at the end.
 */
function upcomingFirst<T extends { at?: number; upcoming?: boolean }>(items: T[]): T[] {
	const ahead = items.filter((item) => item.at !== undefined && item.upcoming).sort((a, b) => a.at! - b.at!);
	const past = items.filter((item) => item.at !== undefined && !item.upcoming).sort((a, b) => b.at! - a.at!);
	return [...ahead, ...past, ...items.filter((item) => item.at === undefined)];
}

export async function searchBookings(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	// Options > Time Zone, else the zone n8n hands its editor (the instance's: its editor routes see no workflow
	// settings): the zone the form's labels name, so the picker and the form show one zone.
	const timeZone = readZoneInForce(itemlessParameters(this), 0);
	const refusesCancelled = actionRefusingCancelled(this);
	const recognition = async (client: ApiClient, reading: ListReading, allowance?: PageAllowance): Promise<Recognition> => ({
		lists: await loadReferenceLists(client, reading, undefined, editorSession(client.sessionKey), allowance),
		timeZone,
		now: Date.now(),
		workspaceZone: readWorkspaceTimeZone(client),
		...(refusesCancelled ? { refusesCancelled } : {}),
	});
	return await searchRecords(this, findEndpoint('booking', 'getAll'), 'booking', filter, paginationToken, recognition);
}

/**
 * Clients are people, and n8n saves the label of the one picked in the workflow (`cachedResultName`): their
 * labels leave out email addresses (the search box still matches them). A search goes through the whole client
 * list (searchDirectory), not a prefix of it.
 */
export async function searchClients(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const found = (filter ?? '').trim() === '' ? await searchRecords(this, CLIENTS_ENDPOINT, 'client', filter, paginationToken) : await searchDirectory(this, filter ?? '', paginationToken);
	return { ...found, results: disambiguate(found.results.map((item) => (isNoticeRow(item) ? item : { ...item, name: withoutEmails(item.name, String(item.value)) }))) };
}

/**
 * A search of the Client pickers: the clients in the list's order from where the last call stopped, every match
 * shown, the client list read on as far as needed (as far as a call's budget goes). The list read is
 * remembered for the editor session (clientDirectory.ts), so the next search, or the booking picker's search by a
 * client's name, reads nothing again. The API shows no search parameter, so none is sent.
 */
async function searchDirectory(context: ILoadOptionsFunctions, filter: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const client = await editorClient(context);
	const reading = readListReading(context);
	const identityField = readIdentityField(context);
	const session = editorSession(client.sessionKey);
	const scan = scanOf(client, reading, identityField);
	const position = readPosition(client.node, paginationToken);
	const budget = new CallBudget(Date.now, client.pacer);
	const filtered = await quotaStopped(budget, searchFilteredClients(context, client, filter, position, budget));
	if (filtered) return filtered;
	if (budget.stopped) return { results: [noticeRow(stopNotice(budget))], paginationToken: paginationToken || JSON.stringify(position) };
	let at = position.searched;
	const results: INodeListSearchItems[] = [];
	while (results.length < MATCHES_PER_CALL) {
		if (at < scan.identities.length) {
			const identity = scan.identities[at++];
			const record = session.clients.get(identity);
			if (!isPlainObject(record)) continue;
			const label = labelOfRemembered(record, identity);
			if (matchesSearch(record, label, filter)) results.push({ name: label, value: identity });
		} else if (canReadOn(scan) && budget.allows()) {
			const read = await quotaStopped(budget, readDirectory(client, reading, identityField, 1));
			if (!read) break;
			budget.spend(read.used);
		} else break;
	}
	const more = at < scan.identities.length || canReadOn(scan);
	const quota = budget.quotaNotice();
	const notice = more ? `Searched ${howFar(at, scan.total, 'clients')}${quota ? `; ${quota} — scroll for more then` : ' — scroll for more'}` : scan.stopped;
	return { results: notice ? [...results, noticeRow(notice)] : results, paginationToken: more ? JSON.stringify({ searched: at }) : undefined };
}

// ---- Searches through the server's own filters -------------------------------------------------------------------

/** Work the quota may stop: its QuotaDeferral is noted on the call's budget (the call answers with what it has). */
async function quotaStopped<T>(budget: CallBudget, work: Promise<T>): Promise<T | undefined> {
	const done = await settle(work);
	if (done.ok) return done.value;
	if (done.error instanceof QuotaDeferral) {
		budget.stopByQuota(done.error);
		return undefined;
	}
	throw done.error;
}

/** The one row of a call the quota, or the pace the API's limit sets, stopped before it read anything to show. */
function stopNotice(budget: CallBudget): string {
	const quota = budget.quotaNotice();
	return quota ? `${quota} — search again then` : "The API's rate limit allows no more requests in this view — search again to read on";
}

/**
 * Requests a booking search through the server's filters makes in a call: the client list filtered, the bookings'
 * first page, the catalogues' pages its labels need as far as the rest allows after a page of each client's
 * bookings, and those bookings; a client not started within them is read on scrolling (issue 41: a far client's
 * booking found in at most 20). A client started is read to its end, so a call may end a page or two past it.
 */
export const FILTERED_SEARCH_REQUESTS = 20;
/** The catalogues' first pages (rooms, services) a search by filters reads for its labels however little is left. */
const CATALOGUE_FIRST_PAGES = 2;

/** Clients a name may name at most for a booking search to read their bookings by filter; more is no one person's name. */
const CLIENTS_BY_FILTER = 40;
/** Clients whose bookings one call reads by filter; the token goes on with the others (namesakes, a common first name). */
const CLIENTS_PER_CALL = 8;

/** The session's clients whose records hold the text, which a client filter's whole answer must include. */
function knownMatches(client: ApiClient, text: string, identityField: string): KnownMatches {
	const session = editorSession(client.sessionKey);
	const identities = [...session.clients].flatMap(([identity, record]) => (isPlainObject(record) && matchesSearch(record, '', text) ? [identity] : []));
	const identitiesOf = (records: unknown[]) => {
		const rule = identityRuleOf(records, identityField || undefined);
		return new Set(rule ? records.flatMap((record) => recordIdentity(record, rule) ?? []) : []);
	};
	return { identities, identitiesOf };
}

/** The client list's text filter for this search (the option, or the parameter learned this session), with how it is read; undefined without one. */
async function clientFilter(context: ILoadOptionsFunctions, client: ApiClient, text: string, budget: CallBudget) {
	const reading = readListReading(context);
	const identityField = readIdentityField(context);
	const holds = (record: unknown) => matchesSearch(record, '', text);
	const parameter = await textFilterOf(client, CLIENTS_ENDPOINT, reading, readSearchParameter(context), text, holds, budget, knownMatches(client, text, identityField));
	return parameter === undefined ? undefined : { reading, identityField, holds, parameter };
}

/**
 * A Client picker's search through the client list as the server filters it by the text (Options > Search Parameter,
 * or the parameter learned this session: clientDirectory.ts's textFilterOf), every client remembered for the session
 * and shown only where it holds the text; undefined where the list takes no filter (the whole list is read on).
 */
async function searchFilteredClients(context: ILoadOptionsFunctions, client: ApiClient, text: string, position: SearchPosition, budget: CallBudget): Promise<INodeListSearchResult | undefined> {
	// A search that read the whole list from the start goes on the same way.
	if (position.searched > 0 && !position.filtered) return undefined;
	const filter = await clientFilter(context, client, text, budget);
	if (!filter) return undefined;
	const { reading, identityField, holds, parameter } = filter;
	const session = editorSession(client.sessionKey);
	const results: INodeListSearchItems[] = [];
	let { page: token, searched, total } = position;
	let pages = 0;
	while (pages < FILTERED_PAGES_PER_CALL && results.length < MATCHES_PER_CALL && mayReadFiltered(CLIENTS_ENDPOINT, token, { [parameter]: text }, budget)) {
		const read = await quotaStopped(budget, filteredPage(client, CLIENTS_ENDPOINT, token, reading, { [parameter]: text }, budget));
		if (!read) break;
		pages++;
		const rule = identityRuleOf(read.records, identityField || undefined);
		for (const record of read.records) {
			const identity = rule ? recordIdentity(record, rule) : undefined;
			if (identity === undefined || !isPlainObject(record)) continue;
			rememberClient(session, identity, record);
			if (holds(record)) results.push({ name: labelOfRemembered(record, identity), value: identity });
		}
		searched += read.records.length;
		total = read.total ?? total;
		token = read.nextToken;
		if (token === undefined) break;
	}
	const goesOn = token !== undefined || (budget.stopped && pages === 0);
	const next = goesOn ? JSON.stringify({ ...(token !== undefined ? { page: token } : {}), searched, ...(total !== undefined ? { total } : {}), filtered: true }) : undefined;
	const found = `Searched ${howFar(searched, total, 'clients')} the API found for the text`;
	const quota = budget.quotaNotice();
	const notice = !goesOn ? undefined : quota ? `${found}; ${quota} — scroll for more then` : `${found} — scroll for more`;
	return { results: notice ? [...results, noticeRow(notice)] : results, paginationToken: next };
}

/**
 * The clients the server's filter names for a text (all, or a first part of them), each remembered, the most recently
 * created first: where their records' timestamps show the list newest first (trigger/order.ts's reading), in its
 * order; else from the end of the list, where most APIs keep the newest (a new booking is most likely a recent
 * client's, and the end of a long list is what a person cannot scroll to). Undefined without a filter.
 */
async function clientsNamed(context: ILoadOptionsFunctions, client: ApiClient, text: string, budget: CallBudget): Promise<{ identities: string[]; complete: boolean } | undefined> {
	const filter = await clientFilter(context, client, text, budget);
	if (!filter) return undefined;
	const { reading, identityField, holds, parameter } = filter;
	const session = editorSession(client.sessionKey);
	const identities: string[] = [];
	const records: unknown[] = [];
	let token: string | undefined;
	let pages = 0;
	let stopped = false;
	do {
		if (!mayReadFiltered(CLIENTS_ENDPOINT, token, { [parameter]: text }, budget)) {
			stopped = true;
			break;
		}
		const page = await filteredPage(client, CLIENTS_ENDPOINT, token, reading, { [parameter]: text }, budget);
		const rule = identityRuleOf(page.records, identityField || undefined);
		for (const record of page.records) {
			const identity = rule ? recordIdentity(record, rule) : undefined;
			if (identity === undefined || !isPlainObject(record) || !holds(record)) continue;
			rememberClient(session, identity, record);
			identities.push(identity);
			records.push(record);
		}
		token = page.nextToken;
	} while (token !== undefined && ++pages < FILTERED_PAGES_PER_CALL && identities.length <= CLIENTS_BY_FILTER);
	const newestFirst = detectOrder(records, readWorkspaceTimeZone(client)) === 'newestFirst';
	return { identities: newestFirst ? identities : identities.reverse(), complete: !stopped && token === undefined };
}

/** What a booking search got through the server's filters: its answer, or whether the clients its text names are known. */
interface FilteredSearch {
	result?: INodeListSearchResult;
	/** The server's client filter named every client the text names (none or a few): the client list need not be read. */
	clientsKnown: boolean;
}

/**
 * A booking search by a client's name through the server's own filters, where the workspace demonstrably has them:
 * the client list filtered by the text, then each named client's bookings, the bookings filtered by the field that
 * holds a booking's client (its own name, from the workspace's bookings: clientDirectory.ts's referenceFilterOf).
 * A handful of requests instead of the client list and the bookings read whole. No answer where a filter is missing,
 * the text names no client or more than a few: the bounded read-on answers then.
 */
async function searchByFilters(
	context: ILoadOptionsFunctions,
	client: ApiClient,
	endpoint: Endpoint,
	text: string,
	position: SearchPosition,
	budget: CallBudget,
	recognition: RecognitionOf,
): Promise<FilteredSearch> {
	// The clients still to read, handed on by the call before; else those the server names for the text, the most
	// recently created first (clientsNamed).
	const named = position.clients ? { identities: position.clients, complete: true } : await clientsNamed(context, client, text, budget);
	if (!named) return { clientsKnown: false };
	const clientsKnown = named.complete;
	if (named.identities.length === 0 || named.identities.length > CLIENTS_BY_FILTER) return { clientsKnown };
	const ordered = named.identities;
	const [now, later] = [ordered.slice(0, CLIENTS_PER_CALL), ordered.slice(CLIENTS_PER_CALL)];
	const reading = readListReading(context);
	const identityField = readIdentityField(context);
	const first = await unfilteredPage(client, endpoint, reading, budget);
	// The labels' catalogues (rooms, services) get what the call has left after a page of each client's bookings:
	// a first search of a session answers in FILTERED_SEARCH_REQUESTS, and a room its labels could not name yet is
	// named by a later view (the session reads the catalogues on). Each catalogue's first page at least (they tell a
	// room's field from a service's where identities are numbers), more only of those a label names.
	const labelPages = Math.max(CATALOGUE_FIRST_PAGES, FILTERED_SEARCH_REQUESTS - budget.used - now.length);
	const known = await recognition(client, reading, budget.share(labelPages, labelledCatalogues.take));
	const rule = chooseRecordIdentity(client.node, first.records, identityField, 'booking');
	// The field that holds a booking's client, read from the workspace's own bookings (never a name of ours).
	const leaves = first.records.map((record) => new Map(leavesOf(record)));
	const path = [...readPage(leaves, known.lists, rule.path, known.now).references].find(([, list]) => list.people)?.[0];
	if (path === undefined) return { clientsKnown };
	const parameter = await referenceFilterOf(client, endpoint, reading, path, now[0], budget);
	if (parameter === undefined) return { clientsKnown };
	const results: Array<INodeListSearchItems & { at?: number; upcoming?: boolean }> = [];
	let complete = named.complete;
	// Clients the call had no budget left for go on in the token, before the others.
	const unread: string[] = [];
	// What the last client's bookings cost: a client is started only where as many fit in the call's FILTERED_SEARCH_REQUESTS.
	let perClient = 1;
	for (const identity of now) {
		// The first client's page may be in hand already (the reference filter's trial answer).
		if (!mayReadFiltered(endpoint, undefined, { [parameter]: identity }, budget, FILTERED_SEARCH_REQUESTS - perClient + 1)) {
			unread.push(identity);
			continue;
		}
		const before = budget.used;
		let token: string | undefined;
		let pages = 0;
		do {
			if (!mayReadFiltered(endpoint, token, { [parameter]: identity }, budget)) break;
			const page = await filteredPage(client, endpoint, token, reading, { [parameter]: identity }, budget);
			const labelled = await recognisedLabels(client, page.records, rule, known, budget.left(), async () => 0);
			budget.spend(labelled.cards);
			for (const item of labelled.items) {
				// As in the read-on: the action's refused bookings (cancelled ones, for Cancel or Reschedule) are not offered.
				if (!matchesSearch(item.record, item.searchable, text) || (item.cancelled && known.refusesCancelled)) continue;
				results.push({ name: item.label, value: item.identity, at: item.at, upcoming: item.upcoming });
			}
			token = page.nextToken;
		} while (token !== undefined && ++pages < FILTERED_PAGES_PER_CALL);
		perClient = Math.max(1, budget.used - before);
		if (token !== undefined || !budget.allows()) complete = false;
	}
	const rest = [...unread, ...later];
	const read = now.length - unread.length;
	// Nothing of theirs: the text may still name a room or a day, which the read-on finds.
	if (results.length === 0 && rest.length === 0) return { clientsKnown };
	const shown = disambiguate(upcomingFirst(results).map(({ name, value }) => ({ name, value })));
	const quota = budget.quotaNotice();
	const clients = (count: number) => `${count.toLocaleString('en-US')} client${count === 1 ? '' : 's'}`;
	const said = `The bookings of ${clients(read)} of ${clients(ordered.length)} the API found for the text`;
	const notice =
		rest.length > 0 ? `${said}${quota ? `; ${quota} — scroll for more then` : ' — scroll for more'}` : complete ? undefined : `${said}, as far as read${quota ? `; ${quota} — search again then` : ' — type more of the name to narrow'}`;
	const next = rest.length > 0 ? JSON.stringify({ searched: 0, clients: rest }) : undefined;
	return { result: { results: notice ? [...shown, noticeRow(notice)] : shown, paginationToken: next }, clientsKnown };
}

/** A label with the parts that are email addresses taken out; the identity when nothing else is left. */
export function withoutEmails(label: string, identity: string): string {
	const kept = label.split(SEPARATOR).map((part) => part.replace(/\s*\(([^()]*)\)$/, (whole, inner: string) => (EMAIL.test(inner) ? '' : whole)))
		.filter((part) => part !== '' && !EMAIL.test(part.trim()));
	return kept.length === 0 ? identity : kept.join(SEPARATOR);
}

/** Lower case without accents, so "chloe" finds "Chloé". */
function folded(text: string): string {
	return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/**
 * Whether a record matches the search box, ignoring case and accents: the text typed appears as it is in
 * its label, resolved names (`searchable`) or own values (an ISO prefix, an id, an email); or every word typed
 * begins a word there, in any order ("ada jones", "studio a tomorrow"). A one-letter word is a whole word
 * following the word typed before it ("Studio A", "Room 1"): on its own, an "a" or a "1" is in almost every
 * record (in "garci.a@…", in "1 Dec").
 */
export function matchesSearch(record: unknown, searchable: string, filter: string | undefined): boolean {
	const typed = folded((filter ?? '').trim());
	if (typed === '') return true;
	const text = folded([searchable, ...leavesOf(record).map(([, value]) => String(value))].join('\n'));
	if (text.includes(typed)) return true;
	const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
	const typedWords = typed.split(/\s+/);
	return typedWords.every((wanted, index) => {
		if (wanted.length > 1) return words.some((word) => word.startsWith(wanted));
		const before = typedWords[index - 1];
		if (before === undefined) return words.includes(wanted);
		return words.some((word, at) => word === wanted && at > 0 && words[at - 1].startsWith(before));
	});
}

// ---- Bookings a person recognises ----------------------------------------------------------------------

/** The references a booking's label names, in this order; the others (a service) are matched by the search box. */
const NAMED_IN_LABEL = ['room', 'client'];

/**
 * The catalogue pages read for labels alone (the first view; a search by filters, within its share): whole those a
 * label names (rooms), the first page of the others (services: it tells their field from a room's), the rest read
 * on by a later view or a read-on search, which matches a service's name. A venue's 40 services are 4 requests of
 * a first view that shows none of them.
 */
const labelledCatalogues: PageAllowance = { take: (what, first) => first || NAMED_IN_LABEL.includes(what) };

/**
 * Whether a catalogue read only in part holds an identity another catalogue holds too (rooms and services numbered
 * 1…n each): which list a field refers to then depends on the part unread (referencedList), so it is read whole.
 */
function partReadCatalogueOverlaps(lists: ReferenceList[]): boolean {
	const catalogues = lists.filter((list) => !list.people);
	const identities = (list: ReferenceList) => new Set(list.options.map((option) => String(option.value)));
	return catalogues.some((list) => {
		if (list.complete) return false;
		const own = identities(list);
		return catalogues.some((other) => other !== list && other.options.some((option) => own.has(String(option.value))));
	});
}

/**
 * One formatter per zone and form, made once: making an Intl.DateTimeFormat costs far more than formatting with
 * one, and a search labels thousands of bookings.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
	const key = `${locale} ${JSON.stringify(options)}`;
	let made = formatters.get(key);
	if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
	return made;
}

/** The calendar day of an instant in a zone, as a day number (for today / tomorrow / yesterday). */
function dayNumber(epochMs: number, timeZone: string): number {
	const [year, month, day] = formatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
		.format(epochMs)
		.split('-')
		.map(Number);
	return Date.UTC(year, month - 1, day) / 86_400_000;
}

const NEAR_DAYS: Record<string, string> = { '-1': 'Yesterday', '0': 'Today', '1': 'Tomorrow' };

/**
 * The zone a booking's time is shown in: the picker's (Options > Time Zone, else n8n's). A date-time written without
 * a zone is shown as written when the credential names no Workspace Time Zone (nothing states its zone); with one,
 * it was read there, and is shown in the picker's zone like any other.
 */
function shownZone(value: Scalar, timeZone: string, workspaceZone: string): string {
	const zoneless = workspaceZone === 'UTC' && typeof value === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) && readTimestamp(value)?.form === 'isoDateTime';
	return zoneless ? 'UTC' : timeZone;
}

/**
 * An instant as a person reads it in the picker's zone: "Thu 26 Nov 2026, 15:00". n8n saves a picked entry's label
 * in the workflow (`cachedResultName`), so the label holds the date itself, never "Tomorrow", which goes stale.
 */
export function timeInWords(value: Scalar, epochMs: number, timeZone: string, workspaceZone = 'UTC'): string {
	return formatter('en-GB', {
		timeZone: shownZone(value, timeZone, workspaceZone),
		weekday: 'short',
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	})
		.format(epochMs)
		.replace(/^(\w+),/, '$1');
}

/** "Yesterday", "Today" or "Tomorrow" for an instant near now in the picker's zone: searchable, never in a label. */
export function nearDay(value: Scalar, epochMs: number, timeZone: string, now: number, workspaceZone = 'UTC'): string | undefined {
	const zone = shownZone(value, timeZone, workspaceZone);
	return NEAR_DAYS[String(dayNumber(epochMs, zone) - dayNumber(now, zone))];
}

/** What a page of bookings shows about each: which paths hold its time and its references. */
interface PageReading {
	time?: string;
	references: Map<string, ReferenceList>;
}

/**
 * Reads a page of bookings by their values, never by field names: a reference is a path whose values are
 * identities of rooms, services or clients; the time is a path where every booking holds a timestamp, the
 * first one reaching past now where one does (a booking's own time may lie ahead; the moments a record was
 * created or changed never do).
 */
function readPage(leaves: Array<Map<string, Scalar>>, lists: ReferenceList[], identityPath: string, now: number): PageReading {
	const paths = [...new Set(leaves.flatMap((record) => [...record.keys()]))].filter((path) => path !== identityPath);
	const valuesAt = (path: string) => leaves.map((record) => record.get(path)).filter((value): value is Scalar => value !== undefined && value !== null);
	const references = new Map<string, ReferenceList>();
	for (const path of paths) {
		const values = valuesAt(path).filter((value) => typeof value === 'string' || typeof value === 'number');
		const list = values.length > 0 ? listReferencedBy(values, lists, path) : undefined;
		if (list) references.set(path, list);
	}
	const timed = paths.flatMap((path) => {
		if (references.has(path)) return [];
		const values = leaves.map((record) => record.get(path));
		const field = values.every((value) => value !== undefined && value !== null) ? readTimestampField(values) : undefined;
		return field ? [{ path, ahead: field.epochMs.some((ms) => ms > now) }] : [];
	});
	const time = (timed.find((candidate) => candidate.ahead) ?? timed[0])?.path;
	return { time, references };
}

/** Each record of a list by its identity, with its whole label; worked out once per list read. */
const fullNamesRead = new WeakMap<ReferenceList, Map<string, string>>();
function fullNamesOf(list: ReferenceList): Map<string, string> {
	let found = fullNamesRead.get(list);
	if (!found) fullNamesRead.set(list, (found = new Map(list.options.map((option) => [String(option.value), String(option.name)]))));
	return found;
}

/**
 * Booking labels a person recognises: "Thu 26 Nov 2026, 15:00 · Studio A · Ada Jones", each reference
 * by its record's name; the state is searched, never shown (the label is saved). Where a page holds no time and
 * no known reference, the plain label.
 */
async function recognisedLabels(
	client: ApiClient,
	records: unknown[],
	rule: IdentityRule,
	known: Recognition,
	budget: number,
	readClientsOn: (pages: number) => Promise<number>,
): Promise<LabelledPage> {
	const identified = records.flatMap((record) => {
		const identity = recordIdentity(record, rule);
		return identity === undefined ? [] : [{ record, identity, leaves: new Map(leavesOf(record)) }];
	});
	const page = readPage(
		identified.map(({ leaves }) => leaves),
		known.lists,
		rule.path,
		known.now,
	);
	// The clients the page names and the editor does not know yet are read by id: a label names its own client
	// however far down the client list it is.
	let cards = 0;
	for (const [path, list] of page.references) {
		if (!list.people) continue;
		const identities = identified.flatMap(({ leaves }) => {
			const value = leaves.get(path);
			return value === undefined || value === null ? [] : [String(value)];
		});
		// A page of hundreds of bookings (APIs that answer 300, 1,000 or 2,000 a page) names more clients than a call
		// reads cards for: the client list is read on instead, each of its pages naming as many clients as a card each.
		const session = editorSession(client.sessionKey);
		const unknown = new Set(identities.filter((identity) => !session.clients.has(identity))).size;
		if (unknown > budget - cards) cards += await readClientsOn(budget - cards);
		cards += await readClientCards(client, identities, budget - cards);
		page.references.set(path, withKnownClients(list, client, identities));
	}
	const names = new Map([...page.references.values()].map((list) => [list, namesOf(list)]));
	const fullNames = new Map([...page.references.values()].map((list) => [list, fullNamesOf(list)]));
	const items = identified.map(({ record, identity, leaves }) => {
		const moment = page.time !== undefined ? leaves.get(page.time) : undefined;
		const stamp = moment !== undefined && moment !== null ? readTimestamp(moment, known.workspaceZone) : undefined;
		const when = stamp && moment !== undefined && moment !== null ? timeInWords(moment, stamp.epochMs, known.timeZone, known.workspaceZone) : undefined;
		const near = stamp && moment !== undefined && moment !== null ? nearDay(moment, stamp.epochMs, known.timeZone, known.now, known.workspaceZone) : undefined;
		const day = stamp && moment !== undefined && moment !== null ? dayInZone(moment, stamp.epochMs, known) : undefined;
		const cancelled = [...leaves.values()].some(isCancelledState);
		const named: Array<{ what: string; name: string; full: string }> = [];
		for (const [path, list] of page.references) {
			const value = leaves.get(path);
			const name = value === undefined || value === null ? undefined : names.get(list)?.get(String(value));
			const full = value === undefined || value === null ? undefined : fullNames.get(list)?.get(String(value));
			if (name) named.push({ what: list.what, name, full: String(full ?? name) });
		}
		const shown = NAMED_IN_LABEL.flatMap((what) => named.filter((reference) => reference.what === what).map((reference) => reference.name));
		const parts = [when, ...shown].filter((part) => part !== undefined);
		// n8n's list shows an entry's label alone (1.123 and 2.x render no description), and saves the picked one in the
		// workflow (`cachedResultName`): a live state there ("confirmed") would be false after the very Cancel it was
		// picked for. Only "Cancelled", which no later change undoes, is in the label; a live booking carries no mark.
		const plain = parts.length > 0 ? parts.join(SEPARATOR) : labelOf(record, identity);
		const label = cancelled ? `${CANCELLED_MARK}${SEPARATOR}${plain}` : plain;
		// The search box also finds a booking by every name it refers to in full ("Photo studio", an email), by its
		// day as a date (2026-12-02) and by the day's name while near ("studio a tomorrow"), which the label does not keep.
		const searchable = [label, ...(near ? [near] : []), ...(day ? [day.iso] : []), ...named.map((reference) => reference.full)].join('\n');
		return { record, identity, label, searchable, at: stamp?.epochMs, upcoming: day ? day.number >= day.today : undefined, cancelled };
	});
	return { items, cards };
}

// ---- The booking picker's first view and its marks -------------------------------------------------------

/** How a cancelled booking's label begins: a state no later change undoes, so a saved label never goes stale. */
export const CANCELLED_MARK = '✕ Cancelled';

/** The day of a booking in the picker's zone: its number, today's, and as an ISO date for the search box. */
function dayInZone(value: Scalar, epochMs: number, known: Recognition): { number: number; today: number; iso: string } {
	const zone = shownZone(value, known.timeZone, known.workspaceZone ?? 'UTC');
	const iso = formatter('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(epochMs);
	return { number: dayNumber(epochMs, zone), today: dayNumber(known.now, zone), iso };
}

/** What the first view or a search's first call read: the pages to show, what they cost, how the list goes on. */
interface Opening {
	/** In the order shown: the first page, the last page, or (a search) the first page and then the last. */
	pages: SampledPage[];
	requests: number;
	/** Whether the list goes on backwards from the last of them. */
	backward?: boolean;
	/** Whether the first page is among them, read before the end: reading backwards ends at the page after it. */
	firstSearched?: boolean;
	notice?: string;
}

/**
 * The booking picker's first view, and the first call of a search. Lists are kept in creation order, oldest first,
 * in most APIs; a venue's upcoming bookings were made recently and sit at the end. The first page is read as
 * before; where it holds no booking from today on and its answer reveals the last page (a total beside page numbers
 * or offsets, a last link: what trigger/journalEnd.ts jumps by), the view opens on the last page and scrolls back
 * towards the first. One booking page more than the first page alone, and its bookings are not labelled (no client
 * cards read for it); the services' pages a first view leaves unread (labelledCatalogues) pay for it. Where nothing
 * reveals the end (a cursor), the first page is shown with a notice saying how to find upcoming bookings.
 * A search (`searching`) searches the first page, then the list from its end backwards the same way: today's and
 * tomorrow's bookings, and a client's newest, are in the last pages of 20,000, not after 17,000 others (it reads
 * back to the page after the first). A last page the API refuses, answers empty, or answers with the first page's
 * records (it ignored the page parameter Automatic derived) was no last page: the list is read forwards as before.
 */
async function openOnUpcoming(client: ApiClient, endpoint: Endpoint, reading: ListReading, identityField: string, what: string, known: Recognition, searching = false): Promise<Opening> {
	const first = await samplePage(client, endpoint, undefined, reading, undefined, (page) => revealedEnd(page, undefined));
	if (first.records.length === 0 || first.moreUnreachable || holdsUpcoming(client, first.records, identityField, what, known) !== false) return { pages: [first], requests: 1 };
	const noJump = searching || first.nextToken === undefined ? {} : { notice: NO_JUMP_NOTICE };
	if (!first.lastToken) return { pages: [first], requests: 1, ...noJump };
	const last = await settle(samplePage(client, endpoint, first.lastToken, reading));
	// The quota stopped the jump: the view says when it frees up rather than that there is no way to the end.
	if (!last.ok && last.error instanceof QuotaDeferral) throw last.error;
	// A last page refused, empty, or page 1 answered again (samplePage reads it as a repeated page: no records).
	if (!last.ok || last.value.records.length === 0) return { pages: [first], requests: 2, ...noJump };
	return searching ? { pages: [first, last.value], requests: 2, backward: true, firstSearched: true } : { pages: [last.value], requests: 2, backward: true };
}

const NO_JUMP_NOTICE = 'These are the oldest bookings (the API offers no way to jump to today): search "today", "tomorrow" or a date';

/** Whether a page holds a booking from today on; undefined where its records hold no time. */
function holdsUpcoming(client: ApiClient, records: unknown[], identityField: string, what: string, known: Recognition): boolean | undefined {
	const rule = chooseRecordIdentity(client.node, records, identityField, what);
	const leaves = records.map((record) => new Map(leavesOf(record)));
	const { time } = readPage(leaves, known.lists, rule.path, known.now);
	if (time === undefined) return undefined;
	return leaves.some((record) => {
		const moment = record.get(time);
		const stamp = moment === undefined || moment === null ? undefined : readTimestamp(moment, known.workspaceZone);
		if (!stamp || moment === undefined || moment === null) return false;
		const day = dayInZone(moment, stamp.epochMs, known);
		return day.number >= day.today;
	});
}

/** Bookings an action cannot apply to are left out of its picker; the last row says how many and why. */
function cancelledLeftOutNotice(count: number, action: string): string {
	return `${count.toLocaleString('en-US')} cancelled booking${count === 1 ? '' : 's'} not offered: ${action} does not apply to a cancelled booking`;
}

/** The action of a Booking → Change node that cannot apply to a cancelled booking (Cancel, Reschedule), if it is one. */
function actionRefusingCancelled(context: ILoadOptionsFunctions): string | undefined {
	const action = (() => {
		try {
			return context.getNodeParameter('bookingAction', '');
		} catch {
			return undefined;
		}
	})();
	return action === 'cancel' ? 'Cancel' : action === 'reschedule' ? 'Reschedule' : undefined;
}
