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

/** The client list with the clients learned since added to it (by card or by reading the list). */
export function withKnownClients(list: ReferenceList, client: ApiClient): ReferenceList {
	const session = editorSession(client.sessionKey);
	const listed = new Set(list.options.map((option) => String(option.value)));
	const added = [...session.clients].flatMap(([identity, record]) => (listed.has(identity) || !isPlainObject(record) ? [] : [{ name: labelOfRemembered(record, identity), value: identity }]));
	return added.length === 0 ? list : { ...list, options: [...list.options, ...added] };
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
 * Reads the client list on from where this session's reading stopped, at most `budget` pages, remembering
 * every client; once read to its end, a search by name needs no more requests. Returns the reading and how many
 * requests were made.
 */
export async function readDirectory(client: ApiClient, reading: ListReading, identityField: string, budget: number): Promise<{ scan: DirectoryScan; used: number }> {
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
async function readOn(client: ApiClient, scan: DirectoryScan, reading: ListReading, identityField: string, budget: number): Promise<{ scan: DirectoryScan; used: number }> {
	const session = editorSession(client.sessionKey);
	let used = 0;
	while (canReadOn(scan) && used < budget) {
		const page = await samplePage(client, CLIENTS_ENDPOINT, scan.token, reading);
		used++;
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
