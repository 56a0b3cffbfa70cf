/**
 * The clients the editor names and searches, however many the workspace has: a booking's client is read by its
 * id (the API's client card) when the editor does not know it yet, and a search by name reads the client list on
 * in bounded steps. Both feed the editor's memory (editorSession.ts), so a client is read once per session.
 */
import { findEndpoint } from '../endpoints';
import { type DirectoryScan, editorSession, MAX_KNOWN_CLIENTS, rememberClient } from '../editorSession';
import { recordIdentity } from '../identity';
import { CLIENTS_ENDPOINT, identityRuleOf, labelOfRemembered, type ListReading, moreUnreachableNotice, type ReferenceList, samplePage } from '../referenceLists';
import { canonicalJson, isPlainObject } from '../transport/json';
import type { ApiClient } from '../transport/request';

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
	private readonly until: number;

	constructor(private readonly clock: () => number = Date.now) {
		this.until = clock() + CALL_TIME_MS;
	}

	/** Whether another request may be made. */
	allows(): boolean {
		return this.used < REQUESTS_PER_CALL || (this.used < MAX_REQUESTS_PER_CALL && this.clock() < this.until);
	}

	/** How many more requests may be made at once (client cards), as far as the count goes. */
	left(): number {
		return this.allows() ? Math.max(0, (this.used < REQUESTS_PER_CALL ? REQUESTS_PER_CALL : MAX_REQUESTS_PER_CALL) - this.used) : 0;
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
		const page = await samplePage(client, CLIENTS_ENDPOINT, scan.token, reading);
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
