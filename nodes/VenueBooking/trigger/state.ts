/**
 * The trigger's state between polls: bounded, validated when read back; and, under n8n's durable poll cursors,
 * the activation baseline the first scheduled poll continues from.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { isPlainObject } from '../transport/json';
import { type PageRequest, readPageRequest, readResolvedPagination, type ResolvedPagination } from '../transport/pagination/strategies';
import { type IdentityMode, isIdentityMode } from '../identity';
import type { JournalKey } from './description';
import type { JournalOrder } from './order';

/**
 * Identities of the newest entries remembered between polls. Enough to find the boundary between seen
 * and new entries even when some of the last ones are deleted; small enough that the state stays well
 * under its bound (256 × 66 bytes plus one page request ≈ 20 KiB).
 */
export const RECENT_LIMIT = 256;

/** A stored next-page URL longer than this is dropped (the walk then restarts from page 1). */
const MAX_STORED_URL = 2048;

/**
 * What the trigger keeps in the workflow's static data. Plain JSON, versioned, and bounded in size
 * whatever the journal's size: n8n stores it with the workflow.
 */
export interface JournalState {
	version: 1;
	identity: IdentityMode;
	/** Settled once evidence shows it (or the user sets it); undefined until then. */
	order?: JournalOrder;
	/** Identities of the newest entries seen, oldest first. */
	recent: string[];
	/** Identity of the journal's first listed entry at the last poll: where new entries appear tells the order. */
	head?: string;
	/** Where the last non-empty page was, to continue an oldest-first journal without rereading it all. */
	tail?: { pagination: ResolvedPagination; request: PageRequest };
	/** The journal this position is in; states written before payments could be watched are in the deliveries'. */
	journal?: JournalKey;
}

const STATE_KEY = 'journal';

/**
 * Reads the state of the journal watched from static data, checked field by field, never cast. What the
 * poll cannot do without (the version, the identity mode, the remembered identities) being unreadable (an
 * older version, a hand edit) is no state, as on the first poll: a new baseline. So is the position in
 * another journal: switching Watch starts a new baseline, so the other journal's position is never taken
 * for entries of this one. An unreadable optional part is left out and relearned, losing nothing: an order
 * is settled again from evidence, and a position in the journal (`tail`) that is not one this node writes
 * is dropped, as a too-long stored URL is, so the walk restarts from page 1 and the remembered identities
 * still mark where new entries begin.
 */
export function readState(staticData: IDataObject, journal: JournalKey = 'webhookDeliveries'): JournalState | undefined {
	const stored = staticData[STATE_KEY];
	if (!isPlainObject(stored) || stored.version !== 1 || !Array.isArray(stored.recent)) return undefined;
	if (!isIdentityMode(stored.identity)) return undefined;
	if (!stored.recent.every((identity) => typeof identity === 'string')) return undefined;
	if ((stored.journal ?? 'webhookDeliveries') !== journal) return undefined;
	const state: JournalState = { version: 1, identity: stored.identity, recent: [...(stored.recent as string[])] };
	if (stored.order === 'newestFirst' || stored.order === 'oldestFirst') state.order = stored.order;
	if (typeof stored.head === 'string') state.head = stored.head;
	const tail = readTail(stored.tail);
	if (tail) state.tail = tail;
	if (stored.journal !== undefined) state.journal = journal;
	return state;
}

/** A stored position in the journal, when it is one this node writes: a settled pagination and a page request. */
function readTail(value: unknown): JournalState['tail'] {
	if (!isPlainObject(value)) return undefined;
	const pagination = readResolvedPagination(value.pagination);
	const request = readPageRequest(value.request);
	return pagination && request ? { pagination, request } : undefined;
}

/** Writes a state, keeping it within bounds. */
export function writeState(staticData: IDataObject, state: JournalState): void {
	const bounded: JournalState = { ...state, recent: state.recent.slice(-RECENT_LIMIT) };
	if (bounded.tail?.request.url && bounded.tail.request.url.length > MAX_STORED_URL) delete bounded.tail;
	// A fresh copy: the poll's own objects must not stay linked to what n8n persists.
	staticData[STATE_KEY] = JSON.parse(JSON.stringify(bounded)) as IDataObject;
}

/** The remembered identities plus new ones, newest last, bounded. */
export function remember(recent: string[], added: string[]): string[] {
	const merged = recent.concat(added);
	return merged.length > RECENT_LIMIT ? merged.slice(merged.length - RECENT_LIMIT) : merged;
}

/*
 * The activation baseline under n8n's durable poll cursors (n8n 2.36+, N8N_POLLER_DURABLE_CURSORS_ENABLED).
 *
 * There n8n keeps a poll trigger's node static data in its poller_state table: each poll works on a copy of the
 * stored cursor, and n8n commits that copy only after a *scheduled* poll. The poll it runs at activation is a test
 * poll: its copy is dropped, so the baseline taken then is lost, and the first scheduled poll would take a new one,
 * never emitting the entries recorded in between (docs/SCALE.md names the n8n code). The workflow's global static
 * data is not redirected: n8n saves it after activation and hands it to every later poll. So a baseline taken on a
 * cursor copy is also left there, under this node's id, and a poll that finds no state of its own continues from it.
 * It is kept until a poll finds its own state (the cursor was committed with an execution), so a poll whose execution
 * n8n did not commit is repeated from the same place: each entry once.
 */
/**
 * Whether node static data is a durable cursor's copy rather than n8n's own static data. n8n watches its static data
 * with an observable object that carries a hidden `__dataChanged` flag; a cursor copy is plain JSON from the database.
 */
export function onDurableCursor(staticData: IDataObject): boolean {
	return !('__dataChanged' in staticData);
}

/** Where in global static data this node's activation baseline is left (global data is shared by the workflow's nodes). */
function baselineKey(node: INode): string {
	return `venueBookingTrigger.activationBaseline.${node.id ?? node.name}`;
}

/** The node static data the activation poll left for the next poll, or undefined. */
export function activationBaseline(global: IDataObject, node: INode): IDataObject | undefined {
	const left = global[baselineKey(node)];
	return isPlainObject(left) ? (left as IDataObject) : undefined;
}

/** Leaves a copy of the node static data just written, for the next poll to continue from. */
export function leaveActivationBaseline(global: IDataObject, node: INode, nodeStaticData: IDataObject): void {
	global[baselineKey(node)] = JSON.parse(JSON.stringify(nodeStaticData)) as IDataObject;
}

/** Forgets the activation baseline once a poll has state of its own (n8n saves the change with the next execution). */
export function dropActivationBaseline(global: IDataObject, node: INode): void {
	const key = baselineKey(node);
	if (key in global) delete global[key];
}
