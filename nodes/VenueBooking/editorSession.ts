/**
 * What the editor remembers of a workspace between its calls: the catalogue lists it read whole, the clients it
 * learned by id or by reading the client list, and how far that reading got. n8n calls an editor method per
 * view and per scroll, each with a fresh context; without a memory every view would read the rooms again and
 * every label would fetch its client again. The memory is short (a few minutes: a renamed room shows soon),
 * bounded (a few workspaces, a bounded number of records each), lives only in the n8n process, and is never
 * saved. It is keyed by a hash of the Base URL and the credential (ApiClient's `sessionKey`), never by the API key.
 */

import type { CatalogueReading, ReferenceMemory } from './referenceLists';
import { RatePacer } from './transport/ratePacer';

/** How long a workspace's memory lasts after it was made: long enough for one editing session's views. */
export const SESSION_TTL_MS = 3 * 60_000;
/** Workspaces remembered at once; the oldest is forgotten first. */
const MAX_SESSIONS = 16;
/** Client records remembered per workspace: a 20,000-client directory, about 10 MB at most. */
export const MAX_KNOWN_CLIENTS = 20_000;

/** How far the reading of the whole client list got, so the next call continues it. */
export interface DirectoryScan {
	/** The next page's token; undefined when the list was read to its end (`done`) or could not continue. */
	token?: string;
	done: boolean;
	/** Whether the end was not reached for a reason other than the budget (a page beyond needs settings, the cap). */
	stopped?: string;
	read: number;
	/** The identities read, in the list's order: a search goes through them by position. */
	identities: string[];
	/** The total the API stated for the list, when it stated one. */
	total?: number;
	/** Set while a call reads the list on: a second call waits for it rather than reading the same pages. */
	busy?: Promise<void>;
}

/**
 * What the session learned of a server-side filter of one list: the parameter kept (it demonstrably narrowed the
 * list to entries holding what was asked), and those tried and refused, so each is tried once a session.
 */
export interface FilterVerdict {
	kept?: string;
	refused: Set<string>;
}

export interface EditorSession extends ReferenceMemory {
	/** Made at; the whole memory is dropped SESSION_TTL_MS later. */
	since: number;
	/** Reference lists read whole, by the reading that read them (pagination settings, identity field). */
	lists: Map<string, Promise<unknown>>;
	/** Client records by identity, from reads by id and from the client list. */
	clients: Map<string, unknown>;
	/** The reading of the client list, by the reading used. */
	scans: Map<string, DirectoryScan>;
	/**
	 * The pacer of the session's calls: what the API's answers said of its quota outlives one call, so a call made
	 * while the quota is used up stops at once instead of meeting a refusal first.
	 */
	pacer: RatePacer;
	/** Server-side filters learned, by list and kind (a text search, a reference to a client). */
	filters: Map<string, FilterVerdict>;
	/** How far each catalogue's reading got: a view the quota stopped leaves the rest to the next. */
	readings: Map<string, CatalogueReading>;
}

const sessions = new Map<string, EditorSession>();

/** The memory of one workspace, made afresh when there is none or it has expired. */
export function editorSession(key: string, now = Date.now()): EditorSession {
	const found = sessions.get(key);
	if (found && now - found.since < SESSION_TTL_MS) return found;
	sessions.delete(key);
	for (const [other, session] of sessions) if (now - session.since >= SESSION_TTL_MS) sessions.delete(other);
	while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
	const made: EditorSession = { since: now, lists: new Map(), clients: new Map(), scans: new Map(), pacer: new RatePacer(), filters: new Map(), readings: new Map(), remember: (identity, record) => rememberClient(made, identity, record) };
	sessions.set(key, made);
	return made;
}

/** Remembers a client record (or that there is none), within the bound: once full, new ones are not kept. */
export function rememberClient(session: EditorSession, identity: string, record: unknown): void {
	if (session.clients.has(identity) || session.clients.size < MAX_KNOWN_CLIENTS) session.clients.set(identity, record);
}

/** The verdict on a list's filter of one kind, made empty on first use. */
export function filterVerdict(session: EditorSession, key: string): FilterVerdict {
	let verdict = session.filters.get(key);
	if (!verdict) session.filters.set(key, (verdict = { refused: new Set() }));
	return verdict;
}

/** Forgets every workspace: for tests that count requests from a cold start. */
export function forgetEditorSessions(): void {
	sessions.clear();
}
