import { NodeApiError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { findEndpoint } from '../endpoints';
import type { PaginationSettings } from '../transport/pagination/settings';
import { walkPages, type WalkedPage, type WalkOptions } from '../transport/pagination/walk';
import type { ApiClient } from '../transport/request';
import { chooseIdentityMode, identityOf, type IdentityMode } from './identity';
import { detectOrder, type JournalOrder } from './order';
import { remember, RECENT_LIMIT, type JournalState } from './state';

const deliveries = findEndpoint('webhookDelivery', 'getAll');

export interface JournalSettings {
	order: 'auto' | JournalOrder;
	/** Dot path of a field that identifies an entry, when the user names one. */
	identityPath?: string;
	/** Emit entries that exist at the first poll (up to maxExisting) instead of only recording them. */
	emitExisting: boolean;
	maxExisting: number;
	itemsPath?: string;
	pagination: PaginationSettings;
	query: IDataObject;
}

export interface PollOutcome {
	/** New entries, oldest first, exactly as the API gave them. */
	entries: unknown[];
	state: JournalState;
}

/** Entries kept in arrival order with a cap: the journal's newest end when walking an oldest-first list. */
class LastEntries {
	readonly items: unknown[] = [];
	constructor(private readonly capacity: number) {}
	push(entry: unknown): void {
		if (this.capacity === 0) return;
		this.items.push(entry);
		// Trimming in batches keeps pushing cheap on 100,000-entry journals.
		if (this.items.length >= this.capacity * 2) this.items.splice(0, this.items.length - this.capacity);
	}
	last(): unknown[] {
		return this.items.slice(-this.capacity);
	}
}

/**
 * Reads the webhook delivery journal for the trigger: every entry exactly once, oldest first.
 *
 * Newest-first journals are read from the top until the first remembered entry. Oldest-first journals
 * are continued from the last page read before (its request is stored), so a poll costs about one
 * request per page of new entries whatever the journal's size. Until the order is known (from rising or
 * falling date-times in the entries, or from the user), a poll looks where the journal changed: a new
 * first entry means new entries arrive on top.
 */
export class JournalReader {
	constructor(
		private readonly client: ApiClient,
		private readonly settings: JournalSettings,
	) {}

	private walk(extra: Partial<WalkOptions> = {}): AsyncGenerator<WalkedPage> {
		return walkPages(
			this.client,
			{ endpoint: deliveries, query: this.settings.query },
			{ settings: this.settings.pagination, itemsPath: this.settings.itemsPath, ...extra },
		);
	}

	private identity(entry: unknown, mode: IdentityMode): string {
		return identityOf(entry, mode, this.settings.identityPath);
	}

	/** The first poll: remember where the journal stands, and emit existing entries only if asked to. */
	async baseline(): Promise<PollOutcome> {
		const wanted = this.settings.emitExisting ? this.settings.maxExisting : 0;
		const pages = this.walk();
		const first = await pages.next();
		const firstPage: WalkedPage | undefined = first.done ? undefined : first.value;
		const firstEntries = firstPage?.entries ?? [];
		const identity = chooseIdentityMode(firstEntries);
		const order = this.settings.order === 'auto' ? detectOrder(firstEntries) : this.settings.order;
		const head = firstEntries.length > 0 ? this.identity(firstEntries[0], identity) : undefined;

		if (order === 'newestFirst') {
			// The newest entries are on top: page 1 is the whole baseline unless more existing ones are wanted.
			const top = [...firstEntries];
			while (top.length < wanted) {
				const next = await pages.next();
				if (next.done || !next.value.entries?.length) break;
				top.push(...next.value.entries);
			}
			await pages.return(undefined);
			const newestFirst = top.slice(0, Math.max(wanted, RECENT_LIMIT));
			const recent = newestFirst.slice(0, RECENT_LIMIT).reverse().map((entry) => this.identity(entry, identity));
			return {
				entries: newestFirst.slice(0, wanted).reverse(),
				state: { version: 1, identity, order, recent, head },
			};
		}

		// Oldest first, or not known yet: the newest entries are at the end, so walk to it once.
		const last = new LastEntries(Math.max(wanted, RECENT_LIMIT));
		let tail: JournalState['tail'];
		const visit = (page: WalkedPage) => {
			if (!page.entries?.length) return;
			for (const entry of page.entries) last.push(entry);
			tail = { pagination: page.pagination ?? { mode: 'off' }, request: page.request };
		};
		if (firstPage) visit(firstPage);
		for await (const page of pages) visit(page);
		const lastEntries = last.last();
		let recent = lastEntries.slice(-RECENT_LIMIT).map((entry) => this.identity(entry, identity));
		if (order === undefined) {
			// Which end is newest is not known yet: remember both ends, so either can be the boundary.
			const topIdentities = firstEntries.slice(0, RECENT_LIMIT).map((entry) => this.identity(entry, identity));
			recent = [...new Set([...topIdentities, ...recent])];
		}
		return {
			entries: wanted > 0 ? lastEntries.slice(-wanted) : [],
			state: { version: 1, identity, order, recent, head, tail },
		};
	}

	/** A later poll: the entries added since the state was written, and the state after them. */
	async poll(state: JournalState): Promise<PollOutcome> {
		const order = this.settings.order === 'auto' ? state.order : this.settings.order;
		if (order === 'newestFirst') return this.readFromTop(state, 'newestFirst');
		if (order === 'oldestFirst') return this.continueFromTail(state, 'oldestFirst');

		// Order not known yet: page 1 may show it (dates), or show where the journal changed.
		const pages = this.walk();
		const first = await pages.next();
		await pages.return(undefined);
		const entries = first.done ? [] : first.value.entries ?? [];
		const detected = detectOrder(entries);
		if (detected === 'newestFirst') return this.readFromTop(state, detected);
		if (detected === 'oldestFirst') return this.continueFromTail(state, detected);
		const top = entries.length > 0 ? this.identity(entries[0], state.identity) : undefined;
		if (top !== undefined && top !== state.head && !state.recent.includes(top)) {
			return this.readFromTop(state, undefined);
		}
		return this.continueFromTail(state, undefined);
	}

	/** Newest first: collect entries from the top until a remembered one; they are the new ones. */
	private async readFromTop(state: JournalState, order: JournalOrder | undefined): Promise<PollOutcome> {
		const known = new Set(state.recent);
		const seen = new Set<string>();
		const fresh: unknown[] = [];
		const freshIdentities: string[] = [];
		let head: string | undefined;
		let boundaryFound = false;
		for await (const page of this.walk()) {
			const entries = page.entries ?? [];
			if (page.number === 1 && entries.length > 0) head = this.identity(entries[0], state.identity);
			for (const entry of entries) {
				const identity = this.identity(entry, state.identity);
				if (known.has(identity)) {
					boundaryFound = true;
					break;
				}
				// Page boundaries shift while entries arrive: the same entry can show up on two pages.
				if (seen.has(identity)) continue;
				seen.add(identity);
				fresh.push(entry);
				freshIdentities.push(identity);
			}
			if (boundaryFound) break;
		}
		if (!boundaryFound && state.recent.length > 0) {
			// Every remembered entry is gone from the journal (deleted or expired): which of the listed
			// entries are new cannot be told, so start over from here rather than emit old ones again.
			return { entries: [], state: { ...state, recent: freshIdentities.slice(0, RECENT_LIMIT).reverse(), head } };
		}
		fresh.reverse();
		freshIdentities.reverse();
		const confirmed = order ?? (fresh.length > 0 && boundaryFound ? 'newestFirst' : undefined);
		return {
			entries: fresh,
			state: { ...state, order: confirmed, recent: remember(state.recent, freshIdentities), head: head ?? state.head },
		};
	}

	/**
	 * Oldest first: continue from the last page read before; entries after the last remembered one are
	 * new. Falls back to a walk from page 1 when the stored page no longer holds a remembered entry (an
	 * expired cursor, a shortened journal).
	 */
	private async continueFromTail(state: JournalState, order: JournalOrder | undefined): Promise<PollOutcome> {
		const fromTail = state.tail ? await this.resumeOrUndefined(state) : undefined;
		const result = fromTail?.sawKnown ? fromTail : await this.collectAfterKnown(state, undefined);
		if (!result.sawKnown && state.recent.length > 0) {
			// As in readFromTop: with no remembered entry left, start over at the journal's end.
			return {
				entries: [],
				state: { ...state, recent: remember([], result.lastIdentities), tail: result.tail ?? state.tail, head: result.head ?? state.head },
			};
		}
		const identities = result.fresh.map((entry) => this.identity(entry, state.identity));
		const confirmed = order ?? (result.fresh.length > 0 ? 'oldestFirst' : undefined);
		return {
			entries: result.fresh,
			state: {
				...state,
				order: confirmed,
				recent: remember(state.recent, identities),
				tail: result.tail ?? state.tail,
				head: result.head ?? state.head,
			},
		};
	}

	/**
	 * Continues from the stored page. A stored page the API now refuses (an expired cursor: 400, 404,
	 * 410, 422) is no failure of the poll; the caller walks from page 1 instead. Anything else — the key
	 * refused, rate limits, outages — fails the poll, so nothing advances.
	 */
	private async resumeOrUndefined(state: JournalState) {
		let refused: unknown;
		try {
			return await this.collectAfterKnown(state, state.tail);
		} catch (error) {
			refused = error;
		}
		const stale = refused instanceof NodeApiError && [400, 404, 410, 422].includes(Number(refused.httpCode));
		if (!stale) throw refused;
		return undefined;
	}

	private async collectAfterKnown(state: JournalState, tail: JournalState['tail']) {
		const known = new Set(state.recent);
		const seen = new Set<string>();
		let fresh: unknown[] = [];
		let sawKnown = false;
		let lastTail: JournalState['tail'];
		let head: string | undefined;
		const last = new LastEntries(RECENT_LIMIT);
		for await (const page of this.walk({ resume: tail })) {
			const entries = page.entries ?? [];
			if (entries.length === 0) continue;
			if (!tail && page.number === 1) head = this.identity(entries[0], state.identity);
			lastTail = { pagination: page.pagination ?? { mode: 'off' }, request: page.request };
			for (const entry of entries) {
				const identity = this.identity(entry, state.identity);
				last.push(identity);
				if (known.has(identity)) {
					// Everything listed before a remembered entry is older than it, hence already seen.
					sawKnown = true;
					fresh = [];
					seen.clear();
					continue;
				}
				if (seen.has(identity)) continue;
				seen.add(identity);
				fresh.push(entry);
			}
		}
		return { fresh, sawKnown, tail: lastTail, head, lastIdentities: last.last() as string[] };
	}

	/** Manual mode: the newest few entries, oldest first, read without touching any state. */
	async sample(state: JournalState | undefined, count: number): Promise<unknown[]> {
		const order = this.settings.order === 'auto' ? state?.order : this.settings.order;
		const pages = this.walk();
		const first = await pages.next();
		const firstEntries = first.done ? [] : first.value.entries ?? [];
		const known = order ?? detectOrder(firstEntries);
		if (known === 'newestFirst') {
			await pages.return(undefined);
			return firstEntries.slice(0, count).reverse();
		}
		const last = new LastEntries(count);
		for (const entry of firstEntries) last.push(entry);
		for await (const page of pages) for (const entry of page.entries ?? []) last.push(entry);
		return last.last();
	}
}
