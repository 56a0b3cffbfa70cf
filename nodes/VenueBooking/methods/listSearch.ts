/**
 * List search (resource locators' From List): bookings and clients, one page at a time, with readable labels.
 */
import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { type Endpoint, findEndpoint } from '../endpoints';
import { chooseRecordIdentity, recordIdentity } from '../identity';
import { isPlainObject, isScalar, UNSAFE_KEYS } from '../transport/json';
import { editorClient, readIdentityField, readListReading, samplePage } from './sampling';

/**
 * With a search text, a page may hold no match: reading on to the next pages (a few, never the whole list)
 * keeps the list from looking empty while more records exist. Without one, a view costs one page.
 */
const MAX_PAGES_PER_SEARCH = 5;

/** Two records with the same readable label get their identity added, so they can be told apart. */
function disambiguate(items: INodeListSearchItems[]): INodeListSearchItems[] {
	const counts = new Map<string, number>();
	for (const item of items) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
	return items.map((item) =>
		(counts.get(item.name) ?? 0) > 1 && item.name !== item.value ? { ...item, name: `${item.name} (${String(item.value)})` } : item,
	);
}

/**
 * A "From List" view of a list endpoint: one page per call (n8n asks for the next with the token when the
 * user scrolls), each record as its identity with a label from its content, filtered by the search text.
 */
export async function searchRecords(
	context: ILoadOptionsFunctions,
	endpoint: Endpoint,
	what: string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = await editorClient(context);
	const reading = readListReading(context);
	const identityField = readIdentityField(context);
	const results: INodeListSearchItems[] = [];
	let token = typeof paginationToken === 'string' && paginationToken !== '' ? paginationToken : undefined;
	const pageBudget = filter?.trim() ? MAX_PAGES_PER_SEARCH : 1;
	for (let pages = 0; pages < pageBudget; pages++) {
		const page = await samplePage(client, endpoint, token, reading);
		const rule = chooseRecordIdentity(client.node, page.records, identityField, what);
		for (const record of page.records) {
			const identity = recordIdentity(record, rule);
			if (identity === undefined) continue;
			const label = labelOf(record, identity);
			if (matchesSearch(record, label, filter)) results.push({ name: label, value: identity });
		}
		token = page.nextToken;
		if (results.length > 0 || token === undefined) break;
	}
	return { results: disambiguate(results), paginationToken: token };
}

export async function searchBookings(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchRecords(this, findEndpoint('booking', 'getAll'), 'booking', filter, paginationToken);
}

/**
 * Clients are people, and n8n saves the label of the one picked in the workflow (`cachedResultName`): their
 * labels leave out email addresses (the search box still matches them).
 */
export async function searchClients(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const found = await searchRecords(this, findEndpoint('client', 'getAll'), 'client', filter, paginationToken);
	return { ...found, results: disambiguate(found.results.map((item) => ({ ...item, name: withoutEmails(item.name, String(item.value)) }))) };
}

/** A label with the parts that are email addresses taken out; the identity when nothing else is left. */
export function withoutEmails(label: string, identity: string): string {
	const kept = label.split(SEPARATOR).map((part) => part.replace(/\s*\(([^()]*)\)$/, (whole, inner: string) => (EMAIL.test(inner) ? '' : whole)))
		.filter((part) => part !== '' && !EMAIL.test(part.trim()));
	return kept.length === 0 ? identity : kept.join(SEPARATOR);
}

/** Text longer than this is a description or a note, not something to recognise a record by. */
const MAX_LABEL_PART = 60;
const SEPARATOR = ' · ';

/** The kinds of short text people recognise records by, in the order a label shows them. */
type TextKind = 'phrase' | 'email' | 'dateTime' | 'word';
const KIND_ORDER: TextKind[] = ['phrase', 'email', 'dateTime', 'word'];
const MAX_PARTS = 2;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters only (a state, a currency): a word, unlike tokens that mix in digits or `_`, which read as codes. */
const WORD = /^\p{L}[\p{L}'’-]*$/u;

/**
 * What kind of readable text a value is, judged from the value alone (never from its field's name):
 * a phrase has letters and a space (a name, a title), then emails, date-times and plain words. Codes and
 * identifiers (`room_a1`, `8f3c…`) are not readable and are left out.
 */
export function textKind(value: unknown): TextKind | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (text === '' || text.length > MAX_LABEL_PART) return undefined;
	if (DATE_TIME.test(text)) return 'dateTime';
	if (EMAIL.test(text)) return 'email';
	if (/\s/.test(text) && /\p{L}/u.test(text)) return 'phrase';
	if (WORD.test(text)) return 'word';
	return undefined;
}

/**
 * A readable label from a record's own content: its first phrase (a name, a title), then its first email,
 * date-time or word, at most two parts, in the record's field order within each kind. A record without
 * readable text is labelled by its identity, so every entry still has a name.
 */
export function labelOf(record: unknown, identity: string): string {
	if (!isPlainObject(record)) return identity;
	const firstOfKind = new Map<TextKind, string>();
	for (const [key, value] of Object.entries(record)) {
		if (UNSAFE_KEYS.has(key)) continue;
		const kind = textKind(value);
		if (kind && !firstOfKind.has(kind) && String(value).trim() !== identity) firstOfKind.set(kind, String(value).trim());
	}
	const parts = KIND_ORDER.map((kind) => firstOfKind.get(kind)).filter((part): part is string => part !== undefined);
	return parts.length === 0 ? identity : parts.slice(0, MAX_PARTS).join(SEPARATOR);
}

/** Whether a record matches the search box: any of its top-level scalar values, or its label, contains the text. */
export function matchesSearch(record: unknown, label: string, filter: string | undefined): boolean {
	const wanted = filter?.trim().toLowerCase();
	if (!wanted) return true;
	if (label.toLowerCase().includes(wanted)) return true;
	if (!isPlainObject(record)) return false;
	return Object.entries(record).some(
		([key, value]) =>
			!UNSAFE_KEYS.has(key) &&
			isScalar(value) &&
			String(value).toLowerCase().includes(wanted),
	);
}
