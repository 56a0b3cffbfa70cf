/**
 * The lists bookings refer to (rooms, services, clients), read a page at a time through the node's own
 * transport, and the names a person knows their records by. The editor's form and list search show them
 * (methods/), a write the API refused names the identities its message quotes with them (actions/write.ts), and
 * Add Names / Add Local Times put them, with local times, on the outputs of the action node and the trigger:
 * so this module is neither editor-only nor an action's, and imports neither.
 */
import { type IDataObject, type INode, type INodePropertyOptions, NodeOperationError } from 'n8n-workflow';
import { type Endpoint, ENDPOINTS, findEndpoint } from './endpoints';
import { chooseIdentityMode, detectIdentityField, recordIdentity } from './identity';
import { readListOptions } from './parameters/options';
import { type ParameterReader, readWorkspaceTimeZone, readZoneInForce } from './parameters/readers';
import { formatLocalTime, isDateOrDateTimeText, readTimestamp } from './timestamps';
import { MAX_QUOTED_BODY } from './transport/errors';
import { canonicalJson, hashText, isPlainObject, isScalar, type Scalar, walkFields } from './transport/json';
import {
	DEFAULT_PAGINATION,
	numberAt,
	type PageRequest,
	type PaginationSettings,
	readPageRequest,
	readResolvedPagination,
	type ResolvedPagination,
} from './transport/pagination/strategies';
import { findListSignals, moreSignalled } from './transport/pagination/detect';
import { HOW_TO_SET_PAGINATION, walkPages, type WalkedPage } from './transport/pagination/walk';
import { type ApiClient, settle } from './transport/request';

// ---- One page of a list ----------------------------------------------------------------------------------

/** How the node's lists are read: its Pagination and Items Field options, as an execution reads them. */
export interface ListReading {
	settings: PaginationSettings;
	itemsPath?: string;
}

/** One page of a list endpoint, read for the editor, and how to ask for the page after it. */
export interface SampledPage {
	records: unknown[];
	/** Opaque to n8n: the next page's request, or undefined on the last page. */
	nextToken?: string;
	/** Set where the page says more entries follow but names no way to them: what to tell the user. */
	moreUnreachable?: MoreUnreachable;
	/** How many entries the whole list holds, where the page states it. */
	total?: number;
	/**
	 * With `revealEnd`, on a first page whose answer reveals the list's last page (a total beside page numbers or offsets, a last
	 * link) and a counter that steps from page to page: a token for that last page, which reads on backwards.
	 */
	lastToken?: string;
	/** On a page read from such a token: the page before it, until the first. */
	previousToken?: string;
	/** Whether `previousToken` is the first page's (a search that read the first page first stops before it). */
	previousIsFirst?: boolean;
}

/**
 * A page that says more entries follow where no way to them was found without settings. A Return All run
 * fails with `error`; the editor shows the page and says what was seen (`said`) and what to set.
 */
export interface MoreUnreachable {
	said: string;
	error: NodeOperationError;
}

/** The words the editor shows beside such a page, as the run's error says them, short enough for one row. */
export function moreUnreachableNotice({ said }: MoreUnreachable): string {
	return `Set Options > Pagination to list more: the API said more entries follow (${said})`;
}

/**
 * What a page token holds. The pagination strategies keep no state between pages, so the settled
 * pagination and the next page's request are all that is needed to continue where the list stopped.
 */
interface PageToken {
	pagination: ResolvedPagination;
	request: PageRequest;
	/** A fingerprint of the page the token was written after: the next page repeating it is no next page. */
	previous?: string;
	/** How the page before this one is asked for, on a list read from its end. */
	back?: BackStep;
}

/** A page counter (page number or offset, in the query or the URL) and how far apart pages are in it. */
interface BackStep {
	parameter: string;
	inUrl: boolean;
	step: number;
	/** The counter's value on the first page. */
	first: number;
}

function encodeToken(token: PageToken): string {
	return JSON.stringify(token);
}

/**
 * The token comes back from the editor, so it is checked rather than trusted: a malformed one is an error,
 * and a next-page URL in it is still held to the credential's origin by the transport.
 */
function decodeToken(node: INode, text: string): PageToken {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		parsed = undefined;
	}
	const pagination = isPlainObject(parsed) ? readResolvedPagination(parsed.pagination) : undefined;
	const request = isPlainObject(parsed) ? readPageRequest(parsed.request) : undefined;
	const previous = isPlainObject(parsed) && typeof parsed.previous === 'string' ? parsed.previous : undefined;
	const back = isPlainObject(parsed) ? readBackStep(parsed.back) : undefined;
	if (!pagination || !request || (isPlainObject(parsed) && parsed.back !== undefined && !back)) {
		throw new NodeOperationError(node, 'The list could not continue: its page marker is not one this node wrote', {
			description: 'Close the list and open it again.',
		});
	}
	return { pagination, request, ...(previous !== undefined ? { previous } : {}), ...(back ? { back } : {}) };
}

function readBackStep(value: unknown): BackStep | undefined {
	if (!isPlainObject(value)) return undefined;
	const { parameter, inUrl, step, first } = value;
	const counted = (number: unknown) => typeof number === 'number' && Number.isInteger(number);
	if (typeof parameter !== 'string' || typeof inUrl !== 'boolean' || !counted(step) || (step as number) <= 0 || !counted(first)) return undefined;
	return { parameter, inUrl, step: step as number, first: first as number };
}

/** A page request's counter, where it is a whole number. */
function counterOf(request: PageRequest, parameter: string, inUrl: boolean): number | undefined {
	const raw = inUrl ? (request.url === undefined ? null : new URL(request.url).searchParams.get(parameter)) : request.query?.[parameter];
	const number = raw === null || raw === undefined || raw === '' ? NaN : Number(raw);
	return Number.isInteger(number) ? number : undefined;
}

function withCounter(request: PageRequest, { parameter, inUrl }: BackStep, value: number): PageRequest {
	if (!inUrl) return { query: { ...(request.query ?? {}), [parameter]: value }, ...(request.url !== undefined ? { url: request.url } : {}), marker: String(value) };
	const url = new URL(request.url!);
	url.searchParams.set(parameter, String(value));
	return { ...(request.query ? { query: request.query } : {}), url: url.toString(), marker: url.toString() };
}

/**
 * How a list counts its pages, judged from the first page's request and the next one's: exactly one parameter (of
 * the query, or of the next URL) differs, and as whole numbers that grow (page 1 → 2, offset 0 → 20). A parameter
 * the next and the last page hold alike (JSON:API's `page[size]`, absent from a first request) counts nothing. A
 * first request without the counter counts from where the next one's step says. Anything else (a cursor, two
 * changed parameters) is no counter.
 */
function counterStep(first: PageRequest, next: PageRequest, last: PageRequest): BackStep | undefined {
	const inQuery = (request: PageRequest) => Object.keys(request.query ?? {});
	const inUrl = (request: PageRequest) => (request.url === undefined ? [] : [...new URL(request.url).searchParams.keys()]);
	const candidates = [
		...[...new Set([...inQuery(first), ...inQuery(next)])].map((parameter) => ({ parameter, inUrl: false })),
		...(next.url !== undefined ? [...new Set([...inUrl(first), ...inUrl(next)])].map((parameter) => ({ parameter, inUrl: true })) : []),
	];
	const read = (request: PageRequest, parameter: string, url: boolean) =>
		url ? (request.url === undefined ? null : new URL(request.url).searchParams.get(parameter)) : request.query?.[parameter] === undefined ? null : String(request.query[parameter]);
	const changed = candidates.filter(({ parameter, inUrl: url }) => read(first, parameter, url) !== read(next, parameter, url) && read(next, parameter, url) !== read(last, parameter, url));
	if (changed.length !== 1) return undefined;
	const [{ parameter, inUrl: url }] = changed;
	const after = counterOf(next, parameter, url);
	const before = read(first, parameter, url) === null ? undefined : counterOf(first, parameter, url);
	if (after === undefined || (before === undefined && read(first, parameter, url) !== null)) return undefined;
	// Without the counter, the first page is the one before the second: page 1 before 2, offset 0 before 20.
	const start = before ?? (after === 2 ? 1 : after === 1 ? 0 : undefined);
	const fallbackStep = after > 2 ? after : undefined;
	const step = before !== undefined ? after - before : after === 2 || after === 1 ? 1 : fallbackStep;
	if (step === undefined || step <= 0) return undefined;
	return { parameter, inUrl: url, step, first: start ?? 0 };
}

/** Where a first page says the list ends (trigger/journalEnd.ts's revealedEnd, handed in by the editor, which jumps). */
export type RevealEnd = (first: WalkedPage & { entries: unknown[] }) => { pagination: ResolvedPagination; request: PageRequest } | undefined;

/**
 * A token for the list's last page, where the first page reveals it (trigger/journalEnd.ts reads a journal from
 * its end the same way) and the pages are counted: the last page's counter falls on a page of the walk, so
 * reading backwards from it meets page 1 again without repeating an entry.
 */
function lastPageToken(first: WalkedPage & { entries: unknown[] }, revealEnd: RevealEnd): string | undefined {
	if (!first.next || !first.pagination) return undefined;
	const end = revealEnd(first);
	const back = end ? counterStep(first.request, first.next, end.request) : undefined;
	if (!end || !back) return undefined;
	const stated = counterOf(end.request, back.parameter, back.inUrl);
	if (stated === undefined || stated <= back.first) return undefined;
	// An offset window that ends exactly at the list's end may start between pages: the page of the walk that holds it.
	const last = back.first + Math.ceil((stated - back.first) / back.step) * back.step;
	const request = withCounter(end.request, back, last);
	// Written after page 1 like a next page's token: a "last page" that answers page 1 again (an API that ignores the
	// page parameter Automatic derived) is read as a repeated page, no last page.
	return encodeToken({ pagination: end.pagination, request, back, previous: pageFingerprint(first.entries) });
}

/** The token of the page before a page read backwards, and whether it is the first page's; undefined before the first. */
function previousPageToken(resume: PageToken, pagination: ResolvedPagination | undefined): { token: string; first: boolean } | undefined {
	const { back } = resume;
	const at = back ? counterOf(resume.request, back.parameter, back.inUrl) : undefined;
	if (!back || at === undefined || at - back.step < back.first) return undefined;
	const token = encodeToken({ pagination: pagination ?? resume.pagination, request: withCounter(resume.request, back, at - back.step), back });
	return { token, first: at - back.step === back.first };
}

/**
 * Reads exactly one page of a list endpoint through the node's own transport and the node's own list
 * options (pagination as set or detected, Items Field, retries, scope-named errors), starting from a token
 * of an earlier page or from the first. The page is what a Return All walk would read at that point, with
 * the same checks, but a page that says more entries follow and names no way to them is kept, never taken for
 * the end of the list: it has no next token and carries `moreUnreachable`, what the run's error says. The
 * editor never walks a whole list: a 100,000-record workspace costs one request per list view.
 */
export async function samplePage(
	client: ApiClient,
	endpoint: Endpoint,
	token?: string,
	reading: ListReading = { settings: DEFAULT_PAGINATION },
	/** Query parameters sent on every page (a server-side filter the editor learned; methods/clientDirectory.ts). */
	query?: IDataObject,
	/** How page 1 reveals the list's end, for a view that opens on the last page (methods/listSearch.ts). */
	revealEnd?: RevealEnd,
): Promise<SampledPage> {
	const resume = token ? decodeToken(client.node, token) : undefined;
	// A sample needs this page only: where the walk beyond it needs settings, the page is kept and that is said.
	let moreUnreachable: MoreUnreachable | undefined;
	const onMoreUnreachable = (said: string, error: NodeOperationError) => (moreUnreachable = { said, error });
	const pages = walkPages(client, { endpoint, ...(query ? { query } : {}) }, { settings: reading.settings, itemsPath: reading.itemsPath, resume, onMoreUnreachable });
	const { value: page } = await pages.next();
	await pages.return(undefined);
	if (!page || page.entries === undefined) return { records: [] };
	const previous = pageFingerprint(page.entries);
	if (resume?.previous !== undefined && page.entries.length > 0 && previous === resume.previous) return repeatedPage(client, page);
	const { totalPath } = findListSignals({ ...page, entries: page.entries });
	const total = numberAt(page.response, totalPath);
	const lastToken = resume || !revealEnd ? undefined : lastPageToken({ ...page, entries: page.entries }, revealEnd);
	const before = resume?.back ? previousPageToken(resume, page.pagination) : undefined;
	return {
		records: page.entries,
		...(Number.isFinite(total) ? { total } : {}),
		nextToken: page.next && page.pagination ? encodeToken({ pagination: page.pagination, request: page.next, previous }) : undefined,
		...(moreUnreachable ? { moreUnreachable } : {}),
		...(lastToken ? { lastToken } : {}),
		...(before ? { previousToken: before.token, previousIsFirst: before.first } : {}),
	};
}

function pageFingerprint(entries: unknown[]): string {
	return hashText(canonicalJson(entries));
}

/**
 * The page after a page came back as that page again: the API did not understand the page parameter
 * Automatic mode derived from its answer (a walk to the end fails on it the same way). Nothing new to show:
 * no records, no next page, and what the page said about more entries.
 */
function repeatedPage(client: ApiClient, page: WalkedPage & { entries: unknown[] }): SampledPage {
	const said = moreSignalled({ ...page, entries: page.entries }, { read: page.entries.length, resumed: false, page: 1, unpaged: false }) ?? 'its answer named a next page';
	const error = new NodeOperationError(client.node, `The API said more entries follow (${said}), but the next page came back as the page before it`, {
		description: `The API did not understand the page parameter Automatic mode derived from its answer. ${HOW_TO_SET_PAGINATION}`,
	});
	return { records: [], moreUnreachable: { said, error } };
}

// ---- Readable labels from a record's content ------------------------------------------------------------

/** Text longer than this is a description or a note, not something to recognise a record by. */
const MAX_LABEL_PART = 60;
export const SEPARATOR = ' · ';

/** The kinds of short text people recognise records by, in the order a label shows them. */
type TextKind = 'phrase' | 'email' | 'dateTime' | 'word';
const KIND_ORDER: TextKind[] = ['phrase', 'email', 'dateTime', 'word'];
const MAX_PARTS = 2;

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters only (a state, a currency): a word, unlike tokens that mix in digits or `_`, which read as codes. */
const WORD = /^\p{L}[\p{L}'’-]*$/u;

/**
 * The words of the API's own paths (bookings, rooms, webhooks, …), plural and singular, in lower case. A record
 * that holds one of them says what kind of record it or its reference is (JSON:API's `type`, Stripe's
 * `object`, Salesforce's `attributes.type`), which is no state and no name.
 */
const PATH_WORDS = new Set(
	ENDPOINTS.flatMap((endpoint) => endpoint.path.split('/').filter((part) => WORD.test(part))).flatMap((plural) => [
		plural,
		plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.replace(/s$/, ''),
	]),
);

/**
 * What kind of readable text a value is, judged from the value alone (never from its field's name):
 * a phrase has letters and a space (a name, a title), then emails, date-times and plain words. Codes and
 * identifiers (`room_a1`, `8f3c…`) are not readable and are left out.
 */
export function textKind(value: unknown): TextKind | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (text === '' || text.length > MAX_LABEL_PART) return undefined;
	if (isDateOrDateTimeText(text)) return 'dateTime';
	if (EMAIL.test(text)) return 'email';
	if (/\s/.test(text) && /\p{L}/u.test(text)) return 'phrase';
	if (WORD.test(text) && !PATH_WORDS.has(text.toLowerCase())) return 'word';
	return undefined;
}

/** Nested objects are followed this deep: JSON:API keeps a record's fields in `attributes`, its references in `relationships.room.data.id`. */
export const MAX_LEAF_DEPTH = 4;
/** Enough for any record; a hostile record with thousands of keys costs no more than this. */
const MAX_LEAVES = 200;

/** A record's scalar values with their dot paths, in its field order, nested objects followed (not lists). */
export function leavesOf(record: unknown): Array<[string, Scalar]> {
	const leaves: Array<[string, Scalar]> = [];
	walkFields(record, MAX_LEAF_DEPTH, ({ path, value }) => {
		if (leaves.length >= MAX_LEAVES) return 'stop';
		if (isScalar(value)) leaves.push([path.join('.'), value]);
		return undefined;
	});
	return leaves;
}

/** The readable parts of a record (see labelOf), at most MAX_PARTS. */
function labelParts(record: unknown, identity: string): string[] {
	const firstOfKind = new Map<TextKind, string>();
	for (const [, value] of leavesOf(record)) {
		const kind = textKind(value);
		if (kind && !firstOfKind.has(kind) && String(value).trim() !== identity) firstOfKind.set(kind, String(value).trim());
	}
	return KIND_ORDER.map((kind) => firstOfKind.get(kind)).filter((part): part is string => part !== undefined).slice(0, MAX_PARTS);
}

/**
 * A readable label from a record's own content: its first phrase (a name, a title), then its first email,
 * date-time or word, at most two parts, in the record's field order within each kind (nested fields, as
 * JSON:API's attributes, after the ones before them). A record without readable text is labelled by its
 * identity, so every entry still has a name.
 */
export function labelOf(record: unknown, identity: string): string {
	const parts = labelParts(record, identity);
	return parts.length === 0 ? identity : parts.join(SEPARATOR);
}

const rememberedLabels = new WeakMap<object, string>();

/** labelOf for a record the editor keeps in its memory, worked out once: thousands of clients are labelled per view. */
export function labelOfRemembered(record: object, identity: string): string {
	let label = rememberedLabels.get(record);
	if (label === undefined) rememberedLabels.set(record, (label = labelOf(record, identity)));
	return label;
}

// ---- The lists bookings refer to ---------------------------------------------------------------------------

/** A list whose records bookings may refer to: rooms, services and clients. */
export interface ReferenceList {
	what: string;
	/** Records of people (clients): recognised, but never offered as options n8n would save. */
	people: boolean;
	/** The records read (a catalogue's whole list; the clients the editor knows), as dropdown entries (label, identity). */
	options: INodePropertyOptions[];
	/** Whether those records are the whole list. */
	complete: boolean;
}

/**
 * A catalogue (rooms, services) is read whole, up to this many entries: a rental shop's hundreds of items all
 * reach the dropdown, and a list longer than this says so on its entries rather than passing for the whole.
 */
export const MAX_CATALOGUE_ENTRIES = 2_000;

/**
 * How far the reading of a catalogue got in an editor session (ReferenceMemory's `readings`): a reading the editor's
 * quota or deadline stopped goes on from its next page in a later view instead of starting again.
 */
export interface CatalogueReading {
	records: unknown[];
	token?: string;
	/** Read to its end, or as far as it goes (the cap, a page beyond that needs settings). */
	done: boolean;
	/** Once done: whether the records are the whole list. */
	complete?: boolean;
}

/**
 * How many pages of the catalogues a view may still read for its labels (an editor call's share of its requests):
 * a catalogue stopped by it is used as far as it was read, and a later view reads it on. Catalogues start at once,
 * so each gets its first page while the allowance lasts.
 */
export interface PageAllowance {
	/** Whether one more page of the catalogue `what` may be read (its first, or one more); counted as read when so. */
	take(what: string, first: boolean): boolean;
}

/**
 * A list's records up to `maxEntries`, and whether they were all of it; from where `progress` stopped, when given.
 * Where `mayRead` refuses a page, the records read so far, not whole, and `progress` left to read on.
 */
async function readList(
	client: ApiClient,
	endpoint: Endpoint,
	reading: ListReading | undefined,
	maxEntries: number,
	progress: CatalogueReading = { records: [], done: false },
	mayRead?: (first: boolean) => boolean,
): Promise<{ records: unknown[]; complete: boolean }> {
	const { records } = progress;
	if (progress.done) return { records, complete: progress.complete === true };
	do {
		if (mayRead && !mayRead(records.length === 0 && progress.token === undefined)) return { records, complete: false };
		const page = await samplePage(client, endpoint, progress.token, reading);
		records.push(...page.records);
		progress.token = page.nextToken;
		// Pages beyond need settings: what was read is used, and known to be only part of the list.
		if (page.moreUnreachable) return Object.assign(progress, { done: true, complete: false });
	} while (progress.token !== undefined && records.length < maxEntries);
	const whole = progress.token === undefined && records.length <= maxEntries;
	records.splice(maxEntries);
	return Object.assign(progress, { done: true, complete: whole });
}

const CATALOGUES: Array<{ what: string; endpoint: Endpoint }> = [
	{ what: 'room', endpoint: findEndpoint('room', 'getAll') },
	{ what: 'service', endpoint: findEndpoint('service', 'getAll') },
];
export const CLIENTS_ENDPOINT = findEndpoint('client', 'getAll');

/** How the records of a list are identified: `id`, else the Identity Field the user named, else one detected. */
export function identityRuleOf(records: unknown[], identityField?: string): { path: string; named: boolean } | undefined {
	const path = chooseIdentityMode(records) === 'id' ? 'id' : (identityField ?? detectIdentityField(records));
	return path ? { path, named: path !== 'id' } : undefined;
}

/** Dropdown entries of records, each labelled by its content; `note` describes every entry (a list cut short). */
export function optionsOf(records: unknown[], rule: { path: string; named: boolean }, note?: string): INodePropertyOptions[] {
	return records.flatMap((record) => {
		const identity = recordIdentity(record, rule);
		return identity === undefined ? [] : [{ name: labelOf(record, identity), value: identity, ...(note ? { description: note } : {}) }];
	});
}

/** A catalogue read whole (bounded), or undefined where the key may not read it or it is empty. */
async function readCatalogue(
	client: ApiClient,
	what: string,
	endpoint: Endpoint,
	reading?: ListReading,
	identityField?: string,
	progress?: CatalogueReading,
	allowance?: PageAllowance,
): Promise<ReferenceList | undefined> {
	try {
		const mayRead = allowance && ((first: boolean) => allowance.take(what, first));
		const read = await settle(readList(client, endpoint, reading, MAX_CATALOGUE_ENTRIES, progress, mayRead));
		// Stopped part way (the editor's quota, deadline or the view's allowance): the records read so far name what
		// they can, and a later view reads on from there.
		const { records, complete } = read.ok ? read.value : { records: progress?.records ?? [], complete: false };
		const rule = records.length > 0 ? identityRuleOf(records, identityField) : undefined;
		if (!rule) return undefined;
		const note = complete ? undefined : `One of the first ${records.length} ${what}s read; the list has more: type another by its ID as an expression`;
		return { what, people: false, options: optionsOf(records, rule, note), complete };
	} catch {
		return undefined;
	}
}

/**
 * What the editor keeps between its views (editorSession.ts): the catalogues it read, by the reading that read
 * them, and the client records it learned. An execution passes none and reads afresh.
 */
export interface ReferenceMemory {
	lists: Map<string, Promise<unknown>>;
	clients: ReadonlyMap<string, unknown>;
	remember(identity: string, record: unknown): void;
	/** How far each catalogue's reading got, by the reading's key and the catalogue: it goes on where it stopped. */
	readings?: Map<string, CatalogueReading>;
}

/**
 * The clients known: those of the client list's first page and those the editor learned since (by id, or by
 * reading the list for a search). A part of the list, never taken for all of it unless the first page is all.
 */
async function knownClients(client: ApiClient, reading?: ListReading, identityField?: string, memory?: ReferenceMemory): Promise<ReferenceList | undefined> {
	// The first page is read once a session too: it tells how clients are identified and whether it is the whole list.
	try {
		const read = await settle(firstPageOf(client, CLIENTS_ENDPOINT, reading, memory));
		if (!read.ok) return undefined;
		const page = read.value;
		const rule = page.records.length > 0 ? identityRuleOf(page.records, identityField) : undefined;
		if (!rule) return undefined;
		const firstPage = optionsOf(page.records, rule);
		const whole = page.nextToken === undefined && !page.moreUnreachable;
		if (!memory) return { what: 'client', people: true, options: firstPage, complete: whole };
		for (const record of page.records) {
			const identity = recordIdentity(record, rule);
			if (identity !== undefined) memory.remember(identity, record);
		}
		const known = [...memory.clients].flatMap(([identity, record]) => (isPlainObject(record) ? [{ name: labelOfRemembered(record, identity), value: identity }] : []));
		return { what: 'client', people: true, options: known, complete: whole && known.length === firstPage.length };
	} catch {
		return undefined;
	}
}

/**
 * The first page of a list as the server answers it unfiltered, read once a session where the editor's memory is
 * given (the clients known start from it; a server filter is judged against it); `onRead` is told when it is sent.
 * A page that failed is read again next time rather than remembered as failed.
 */
export async function firstPageOf(client: ApiClient, endpoint: Endpoint, reading: ListReading | undefined, memory?: Pick<ReferenceMemory, 'lists'>, onRead?: () => void): Promise<SampledPage> {
	const key = `first page ${endpoint.path} ${canonicalJson(reading ?? null)}`;
	let reads = memory?.lists.get(key) as Promise<SampledPage> | undefined;
	if (!reads) {
		onRead?.();
		reads = samplePage(client, endpoint, undefined, reading);
		memory?.lists.set(key, reads);
	}
	const read = await settle(reads);
	if (read.ok) return read.value;
	memory?.lists.delete(key);
	throw read.error;
}

/**
 * The lists bookings may refer to: the rooms and services read whole (kept in the editor's memory when given, so
 * a session reads them once), and the clients known. A list the key may not read (or that fails) is left out:
 * its dropdown is a comfort, and the field stays a text field the user fills. With `allowance`, the catalogues are
 * read only as far as it lasts (the rest in a later view).
 */
export async function loadReferenceLists(client: ApiClient, reading?: ListReading, identityField?: string, memory?: ReferenceMemory, allowance?: PageAllowance): Promise<ReferenceList[]> {
	const key = canonicalJson({ reading: reading ?? null, identityField: identityField ?? null });
	let catalogues = memory?.lists.get(key) as Promise<Array<ReferenceList | undefined>> | undefined;
	if (!catalogues) {
		const progressOf = (what: string) => {
			const readingKey = `${key}#${what}`;
			let progress = memory?.readings?.get(readingKey);
			if (!progress?.done) memory?.readings?.set(readingKey, (progress = progress ?? { records: [], done: false }));
			return progress;
		};
		catalogues = Promise.all(CATALOGUES.map(({ what, endpoint }) => readCatalogue(client, what, endpoint, reading, identityField, progressOf(what), allowance)));
		memory?.lists.set(key, catalogues);
	}
	const [read, clients] = await Promise.all([catalogues, knownClients(client, reading, identityField, memory)]);
	// A list that failed, or was read only in part, is read (on) again next time rather than remembered as it is.
	const unfinished = CATALOGUES.some(({ what }) => memory?.readings?.get(`${key}#${what}`)?.done === false);
	if (read.some((list) => list === undefined) || unfinished) memory?.lists.delete(key);
	return [...read, clients].filter((list): list is ReferenceList => list !== undefined);
}

/** The words of a field's path, singular and in lower case: "relationships.room.data.id" → room, data, id; "clientId" → client, id. */
function pathWords(path: string): string[] {
	return path
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.split(/[^A-Za-z0-9]+/)
		.filter((word) => word !== '')
		.map((word) => word.toLowerCase().replace(/ies$/, 'y').replace(/s$/, ''));
}

/**
 * A value that could be a record's identity: a number, or a short text without spaces or slashes that is no email, date or
 * word of the API's paths (JSON:API's `relationships.client.data.type` holds "clients": a kind, not a client).
 */
function identityLike(value: Scalar): boolean {
	if (typeof value === 'number') return Number.isInteger(value);
	// A URL or path (Jira's `client.self` beside `client.id`) is where a record lives, not its identity.
	if (typeof value !== 'string' || value === '' || value.length > 100 || /[\s/]/.test(value)) return false;
	return !EMAIL.test(value) && !isDateOrDateTimeText(value) && !PATH_WORDS.has(value.toLowerCase());
}

const listIdentities = new WeakMap<ReferenceList, Set<string>>();

/** The identities of a list's entries, gathered once per list: every path of every page is matched against them. */
function identitiesOf(list: ReferenceList): Set<string> {
	let identities = listIdentities.get(list);
	if (!identities) listIdentities.set(list, (identities = new Set(list.options.map((option) => String(option.value)))));
	return identities;
}

/**
 * The list a field refers to, judged by the field it sits in. A field whose path names one of the lists
 * (`room_id`, `relationships.client.data.id`, `fields.service.id`: the words of the API's own paths) refers to
 * that list alone, when its values fit it: a whole list must hold at least half of them, a partial one (the
 * clients) any, or the values must read as identities. A field that names no list refers to the one list whose
 * identities cover its values — never where two lists do: where ids are numbers, a service #38 is also a room #38.
 */
export function referencedList(field: { type: string; values: readonly Scalar[]; name?: string }, lists: ReferenceList[]): ReferenceList | undefined {
	if (field.values.length === 0 || field.type === 'boolean' || field.type === 'dateTime') return undefined;
	const matchesOf = (list: ReferenceList) => {
		const identities = identitiesOf(list);
		return field.values.filter((value) => identities.has(String(value))).length;
	};
	const fits = (list: ReferenceList, matches: number) => (list.complete ? matches * 2 >= field.values.length : matches > 0);
	const words = field.name === undefined ? [] : pathWords(field.name);
	const named = lists.filter((list) => words.includes(list.what));
	if (named.length === 1) {
		const [list] = named;
		const matches = matchesOf(list);
		return fits(list, matches) || (!list.complete && field.values.every(identityLike)) ? list : undefined;
	}
	const candidates = lists
		.filter((list) => named.length === 0 || named.includes(list))
		.map((list) => ({ list, matches: matchesOf(list) }))
		.filter(({ list, matches }) => matches > 0 && fits(list, matches));
	if (candidates.length === 0 && named.length === 0) return listByIdentityPrefix(field.values, lists);
	return candidates.length === 1 ? candidates[0].list : undefined;
}

/** The kind prefix of an identity written as `<letters>_<rest>` or `<letters>-<rest>` (Stripe's `cus_…`). */
function identityPrefix(value: Scalar): string | undefined {
	return typeof value === 'string' ? /^([A-Za-z]{2,12})[_-][A-Za-z0-9]/.exec(value)?.[1] : undefined;
}

/**
 * A field named for no list (Stripe's `customer` beside clients) whose values carry the kind prefix the
 * identities of one partial list carry (`cus_…`): none of them is among the records read yet (a workspace of
 * thousands of clients), but they are that list's by their form, and the editor reads them by id.
 */
function listByIdentityPrefix(values: readonly Scalar[], lists: ReferenceList[]): ReferenceList | undefined {
	const prefixes = new Set(values.map(identityPrefix));
	const [prefix] = prefixes;
	if (prefixes.size !== 1 || prefix === undefined || !values.every(identityLike)) return undefined;
	const sharing = lists.filter((list) => {
		const options = list.options.map((option) => identityPrefix(String(option.value)));
		return !list.complete && options.length > 0 && options.filter((found) => found === prefix).length * 2 >= options.length;
	});
	return sharing.length === 1 ? sharing[0] : undefined;
}

/**
 * A referenced record's name: the first part of its label ("Ada Jones" where the label adds the email), as
 * labelOf above wrote it.
 */
export function recordName(option: INodePropertyOptions): string {
	return String(option.name).split(SEPARATOR)[0];
}

const namesRead = new WeakMap<ReferenceList, Map<string, string>>();

/** Each record of a referenced list by its identity, with its name; worked out once per list read (a search labels many pages). */
export function namesOf(list: ReferenceList): Map<string, string> {
	let names = namesRead.get(list);
	if (!names) namesRead.set(list, (names = new Map(list.options.map((option) => [String(option.value), recordName(option)]))));
	return names;
}

/**
 * The list the values of one path refer to, by the form's rule (`referencedList`: the list the path names, else
 * the one list whose identities cover them), over any path, nested ones too.
 */
export function listReferencedBy(values: readonly Scalar[], lists: ReferenceList[], path?: string): ReferenceList | undefined {
	const distinct = [...new Set(values.filter((value) => typeof value === 'string' || typeof value === 'number'))];
	return referencedList({ type: 'string', values: distinct, ...(path !== undefined ? { name: path } : {}) }, lists);
}

// ---- Naming the identities a message quotes ----------------------------------------------------------------

/** A record the editor showed by name: its identity, its name, and what it is ("service"). */
export interface NamedRecord {
	identity: string;
	name: string;
	what: string;
}

/** Identities named in one message at most: a body quoting hundreds of ids gets the first ones. */
const MAX_NAMED = 10;

/** Characters that end a quoted identity in a message: spaces, quotes, brackets and list punctuation. */
const TOKEN_SEPARATORS = /[\s"'`,;:()[\]{}<>=\\]+/;

/**
 * The names of the identities an error's text quotes, as a line for its description:
 * "In your workspace: svc_photo_1h = Photo studio, 1 hour (service); room_rehearsal_1 = Rehearsal Room 1 (room)".
 * An identity counts when the text holds it as a whole word; one made of digits only (`7`) could be any
 * number in the text, so it counts only when the request sent it (`sent`). Undefined when none is quoted.
 */
export function nameQuotedIdentities(text: string, records: readonly NamedRecord[], sent: ReadonlySet<string>): string | undefined {
	const tokens = new Set(
		text
			.slice(0, MAX_QUOTED_BODY * 2)
			.split(TOKEN_SEPARATORS)
			.map((token) => token.replace(/[.!?]+$/, ''))
			.filter((token) => token !== ''),
	);
	const byIdentity = new Map<string, NamedRecord[]>();
	for (const record of records) {
		if (!tokens.has(record.identity) || record.name === record.identity) continue;
		if (/^\d+$/.test(record.identity) && !sent.has(record.identity)) continue;
		byIdentity.set(record.identity, [...(byIdentity.get(record.identity) ?? []), record]);
	}
	const named = [...byIdentity.entries()]
		.slice(0, MAX_NAMED)
		.map(([identity, found]) => `${identity} = ${found.map(({ name, what }) => `${name} (${what})`).join(' or ')}`);
	return named.length === 0 ? undefined : `In your workspace: ${named.join('; ')}`;
}

// ---- Names and local times added to output items (Options > Add Names, Add Local Times) -------------------
//
// On the action node and the trigger alike: the names of the rooms, services and clients a record refers to, and
// the local time of each of its date-times. Version 1.2 of either node adds them as flat fields a person reads in
// a spreadsheet (`room_name`, `client_name`, `start_local`), named from the record's own field names; earlier
// versions keep their saved workflows' output, everything nested under `addedByNode` by path.

/** The records whose references Add Names names: bookings, payments, and the trigger's journal entries. */
export const NAMED_RESOURCES = ['booking', 'payment', 'webhookDelivery'];

/** The one key under which the node adds what is not the API's, so nothing added is taken for an API field. */
export const ADDED_KEY = 'addedByNode';

/** Distinct references named per run at most; a list of rooms or services is read up to this many pages. */
const MAX_NAMED_REFERENCES = 1000;
const MAX_LIST_PAGES = 50;
/** Look-ups in flight at once: a 20,000-booking export must not open a request per client at the same moment. */
const MAX_LOOKUPS_IN_FLIGHT = 8;

/** The lists a reference may point to, by the words of the API's own paths (endpoints.ts), never by a field name. */
const REFERRED = (['room', 'service', 'client', 'booking'] as const).map((resource) => {
	const list = findEndpoint(resource, 'getAll');
	const byId = resource === 'client' || resource === 'booking' ? findEndpoint(resource, 'get') : undefined;
	return { resource, words: [resource, list.path.split('/').pop() ?? resource], list, byId };
});
type Referred = (typeof REFERRED)[number];

/** The words of a path: its segments split at `_`, `-` and lower-to-upper case changes, in lower case. */
function wordsOf(path: string): string[][] {
	return path.split('.').map((segment) => segment.replace(/([a-z\d])([A-Z])/g, '$1 $2').split(/[\s_-]+/).map((word) => word.toLowerCase()).filter(Boolean));
}

/**
 * The list a field refers to, judged by the field it sits in: a path holding a list's word (`room` or `rooms`)
 * whose last segment is that word or an identity (`room_id`, `roomId`, `relationships.room.data.id`). A `type`
 * tag or a nested name (`client.name`) is no reference.
 */
export function referredBy(path: string): Referred | undefined {
	const segments = wordsOf(path);
	const last = segments[segments.length - 1] ?? [];
	const isIdentity = last[last.length - 1] === 'id';
	return REFERRED.find(({ words }) => segments.some((segment) => segment.some((word) => words.includes(word))) &&
		(isIdentity || (last.length === 1 && words.includes(last[0]))));
}

/** The node version from which names and local times are flat fields by default (saved workflows keep theirs). */
export const FLAT_ADDITIONS_VERSION = 1.2;

/**
 * Options > Add Local Times and Add Names, applied to each item's results: flat fields from version 1.2 on, under
 * ADDED_KEY before. Names are looked up once per run and reference: a client or booking by its ID (GET by id),
 * rooms and services from their lists (read once, at most MAX_LIST_PAGES pages); a lookup that fails leaves that
 * name out and is counted for the hint.
 */
export class OutputAdditions {
	private readonly looked = new Map<string, Promise<unknown>>();
	private readonly lists = new Map<string, Promise<Map<string, unknown>>>();
	private unnamed = 0;
	private skipped = 0;
	private inFlight = 0;
	private readonly waiting: Array<() => void> = [];

	/** `resource`: what the records are (booking, payment; a webhook delivery's entries name bookings too). */
	constructor(private readonly parameters: ParameterReader, private readonly client: ApiClient, private readonly resource: string) {}

	async add(results: IDataObject[], itemIndex: number): Promise<IDataObject[]> {
		const localTimes = this.parameters.getNodeParameter('options.addLocalTimes', itemIndex, false) === true;
		const names = NAMED_RESOURCES.includes(this.resource) && this.parameters.getNodeParameter('options.addNames', itemIndex, false) === true;
		if (!localTimes && !names) return results;
		const zone = localTimes ? readZoneInForce(this.parameters, itemIndex) : '';
		const zoneless = localTimes ? readWorkspaceTimeZone(this.client) : 'UTC';
		if (this.client.node.typeVersion >= FLAT_ADDITIONS_VERSION) {
			return await Promise.all(results.map(async (record) => flatAdditions(record, names ? await this.namesOf(record, '', true) : {}, localTimes ? localTimesOf(record, zone, zoneless) : {}, zone)));
		}
		return await Promise.all(results.map(async (record) => {
			if (Object.prototype.hasOwnProperty.call(record, ADDED_KEY)) {
				throw new NodeOperationError(this.client.node, `The API's answer already holds a field "${ADDED_KEY}", where the node would add local times and names`, {
					itemIndex, description: 'Turn off Options > Add Local Times and Add Names for this node.',
				});
			}
			const added: IDataObject = {};
			if (localTimes) Object.assign(added, { timeZone: zone, localTimes: localTimesOf(record, zone, zoneless) });
			if (names) added.names = await this.namesOf(record, '', true);
			return { ...record, [ADDED_KEY]: added };
		}));
	}

	/** The names of the records a record refers to, by path; a booking's own references under its path (`booking_id.room_id`). */
	private async namesOf(record: unknown, prefix: string, followBookings: boolean): Promise<IDataObject> {
		const named: IDataObject = {};
		for (const [path, value] of leavesOf(record)) {
			const referred = referredBy(path);
			if (!referred || (typeof value !== 'string' && typeof value !== 'number') || String(value).trim() === '') continue;
			if (referred.resource === 'booking' && !followBookings) continue;
			const found = await this.lookUp(referred, String(value));
			if (found === undefined) continue;
			if (referred.resource === 'booking') Object.assign(named, await this.namesOf(found, `${prefix}${path}.`, false));
			else {
				const name = recordName({ name: labelOf(found, String(value)), value: String(value) });
				if (name !== String(value)) named[`${prefix}${path}`] = name;
			}
		}
		return named;
	}

	/** One referenced record, looked up once per run; undefined where it cannot be read. */
	private async lookUp(referred: Referred, identity: string): Promise<unknown> {
		const key = `${referred.resource}\u0000${identity}`;
		let found = this.looked.get(key);
		if (!found) {
			if (this.looked.size >= MAX_NAMED_REFERENCES) {
				this.skipped++;
				return undefined;
			}
			found = this.limited(() => this.read(referred, identity)).then((record) => {
				if (record === undefined) this.unnamed++;
				return record;
			});
			this.looked.set(key, found);
		}
		return await found;
	}

	/** Runs a look-up when one of MAX_LOOKUPS_IN_FLIGHT places is free; a finished one hands its place to the next. */
	private async limited<T>(work: () => Promise<T>): Promise<T> {
		if (this.inFlight < MAX_LOOKUPS_IN_FLIGHT) this.inFlight++;
		else await new Promise<void>((resolve) => this.waiting.push(resolve));
		try {
			return await work();
		} finally {
			const next = this.waiting.shift();
			if (next) next();
			else this.inFlight--;
		}
	}

	private async read(referred: Referred, identity: string): Promise<unknown> {
		if (referred.byId) {
			const answer = await settle(this.client.send({ endpoint: referred.byId, id: identity }));
			return answer.ok && answer.value.body !== null && typeof answer.value.body === 'object' ? answer.value.body : undefined;
		}
		let list = this.lists.get(referred.resource);
		if (!list) {
			// With the node's Pagination and Items Field, as the editor reads these lists.
			const { pagination, itemsPath } = readListOptions(this.parameters, 0);
			list = readWholeList(this.client, referred.list, { settings: pagination, itemsPath });
			this.lists.set(referred.resource, list);
		}
		return (await list).get(identity);
	}

	/** The hint after a run where some references could not be named. */
	describeUnnamed(): string | undefined {
		if (this.unnamed === 0 && this.skipped === 0) return undefined;
		const parts = [
			this.unnamed > 0 ? `${this.unnamed} referenced record${this.unnamed === 1 ? '' : 's'} could not be read (no access, or not found)` : '',
			this.skipped > 0 ? `${this.skipped} reference${this.skipped === 1 ? '' : 's'} beyond the first ${MAX_NAMED_REFERENCES} of this run were not looked up` : '',
		].filter(Boolean);
		return `Add Names: ${parts.join('; ')}; those names are left out.`;
	}
}

/** A list's records by identity, read through the node's walk, at most MAX_LIST_PAGES pages; empty where it cannot be read. */
async function readWholeList(client: ApiClient, endpoint: Endpoint, reading: ListReading): Promise<Map<string, unknown>> {
	const records: unknown[] = [];
	let token: string | undefined;
	for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
		const page = await settle(samplePage(client, endpoint, token, reading));
		if (!page.ok) break;
		records.push(...page.value.records);
		token = page.value.nextToken;
		if (token === undefined) break;
	}
	const path = chooseIdentityMode(records) === 'id' ? 'id' : detectIdentityField(records);
	const rule = { path: path ?? 'id', named: path !== 'id' };
	return new Map(records.flatMap((record) => {
		const identity = path ? recordIdentity(record, rule) : undefined;
		return identity === undefined ? [] : [[identity, record] as [string, unknown]];
	}));
}

/**
 * The local time of each date-time of a record in `zone`, by path: ISO date-time text only (a number is a time
 * only where a whole column says so, which one record cannot), zone-less text read in the workspace's zone.
 */
export function localTimesOf(record: unknown, zone: string, zoneless: string): IDataObject {
	const times: IDataObject = {};
	for (const [path, value] of leavesOf(record)) {
		const stamp = typeof value === 'string' ? readTimestamp(value, zoneless) : undefined;
		if (stamp?.form === 'isoDateTime') times[path] = formatLocalTime(stamp.epochMs, zone);
	}
	return times;
}

// ---- Flat fields (version 1.2 on) --------------------------------------------------------------------------

/** Whether a field name is written in camelCase (`roomId`) rather than snake_case (`room_id`). */
function camel(name: string): boolean {
	return /[a-z\d][A-Z]/.test(name) && !name.includes('_');
}

/** A new field name from a record's own: `room_id` → `room_name`, `roomId` → `roomName`, `start` → `start_local`. */
function joined(base: string, word: string, camelCase: boolean): string {
	if (base === '') return word;
	return camelCase ? `${base}${word.charAt(0).toUpperCase()}${word.slice(1)}` : `${base}_${word}`;
}

/**
 * The flat key of a referenced record's name, from the path that refers to it: the segment that names the list
 * (`room_id`, `roomId`, `relationships.room.data.id` → room) without its identity word, then "name" in that
 * segment's style: `room_name`, `roomName`.
 */
export function nameKeyOf(path: string): string {
	const segments = path.split('.');
	const referred = referredBy(path);
	const naming = [...segments].reverse().find((segment) => referred && wordsOf(segment)[0].some((word) => referred.words.includes(word))) ?? segments[segments.length - 1];
	const base = naming.replace(/([_-]?id|Id|ID)$/, '');
	return joined(base, 'name', camel(naming));
}

/** The flat key of a date-time's local time: its field's own name and "local" (`start_local`, `startsAtLocal`). */
export function localKeyOf(path: string): string {
	const last = path.split('.').pop() ?? path;
	return joined(last, 'local', camel(last));
}

/** A date-time as a person reads it in a spreadsheet, in the zone it was turned into: "2026-12-02 10:00". */
function readableLocal(offsetTime: string): string {
	return offsetTime.slice(0, 16).replace('T', ' ');
}

/**
 * A record with its names and local times as flat fields after its own: each name under nameKeyOf of its path
 * (a payment's own client first, its booking's room and client where it has none), each local time under
 * localKeyOf, and the zone they are in once. A field the record already holds is never overwritten: where a key
 * is taken, the whole path is spelt out (`attributes_start_local`).
 */
export function flatAdditions(record: IDataObject, names: IDataObject, times: IDataObject, zone: string): IDataObject {
	const out: IDataObject = { ...record };
	const camelCase = Object.keys(record).some(camel) && !Object.keys(record).some((key) => key.includes('_'));
	const put = (key: string, path: string, value: unknown) => {
		const spelt = path.split('.').join(camelCase ? '' : '_');
		const chosen = !(key in out) ? key : !(spelt in out) && spelt !== key ? spelt : undefined;
		if (chosen !== undefined) out[chosen] = value as IDataObject[string];
	};
	// The record's own references (`client_id`) first; those read through its booking (`booking_id.room_id`) only
	// add what it does not name itself (a payment's room, not a second client).
	const paths = Object.keys(names);
	for (const path of paths.filter((candidate) => !readThroughBooking(candidate))) put(nameKeyOf(path), path, names[path]);
	for (const path of paths.filter(readThroughBooking)) {
		const key = nameKeyOf(path);
		if (!(key in out)) out[key] = names[path];
	}
	const timed = Object.entries(times);
	for (const [path, value] of timed) put(localKeyOf(path), `${path}.local`, readableLocal(String(value)));
	if (timed.length > 0) put(camelCase ? 'localTimeZone' : 'local_time_zone', 'local.time.zone', zone);
	return out;
}

/** Whether a name's path was read through a booking the record refers to (`booking_id.room_id`). */
function readThroughBooking(path: string): boolean {
	const segments = path.split('.');
	return segments.some((_, index) => index > 0 && referredBy(segments.slice(0, index).join('.'))?.resource === 'booking');
}
