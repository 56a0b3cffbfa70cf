/**
 * The journal reader: baseline on activation, each new entry once and oldest first on every poll, the
 * sample for Fetch Test Event, and the state kept between polls.
 */
import { NodeOperationError } from 'n8n-workflow';
import { isStalePageRefusal } from '../transport/errors';
import { walkPages, type WalkedPage } from '../transport/pagination/walk';
import { readWorkspaceTimeZone } from '../parameters/readers';
import { type ApiClient, settle } from '../transport/request';
import { type BoundaryScan, type JournalTail, LastEntries, type NewEntriesSide, scanForNew } from './boundary';
import { chooseIdentityMode, entryIdentity, type IdentityMode } from '../identity';
import { readFromEnd, type EndRead } from './journalEnd';
import { describeUnknownOrder, detectOrder, judgeOrder, type JournalOrder } from './order';
import { JOURNAL_ORDER_OPTION, type JournalSettings } from './description';
import { remember, RECENT_LIMIT, type JournalState } from './state';

/** Pages a manual sample reads before the log mentions what reaching the journal's end cost. */
const MAX_SAMPLE_PAGES = 3;

/** Pages Fetch Test Event reads beyond page 1 to tell the order when page 1's timestamps are all one instant. */
const MAX_ORDER_EVIDENCE_PAGES = 20;

export interface PollOutcome {
	/** New entries, oldest first, exactly as the API gave them. */
	entries: unknown[];
	state: JournalState;
}

/** Where a message sends the user to set the order themselves. */
const SET_ORDER = `set Options > ${JOURNAL_ORDER_OPTION}`;

/**
 * The order Automatic found on page 1, and when page 1 showed none, a message saying the order was guessed
 * (`guessed` says what was then done). Nothing is said for an empty page: no entry was taken from either end.
 */
function orderOnPage(entries: unknown[], guessed: string, zoneless: string): { order: JournalOrder | undefined; guess?: string } {
	const evidence = judgeOrder(entries, zoneless);
	if (evidence.order !== undefined || entries.length === 0) return { order: evidence.order };
	const why = describeUnknownOrder(evidence.reason, entries.length);
	return { order: undefined, guess: `The journal's order could not be told from its entries (${why}), so ${guessed}` };
}

/** A walk of the journal from its first page, with that page already read. */
interface OpenedWalk {
	firstPage: WalkedPage | undefined;
	firstEntries: unknown[];
	/** The pages after the first. */
	rest: AsyncGenerator<WalkedPage>;
	/** Page 1 followed by the rest, for callers that go through every page. */
	all(): AsyncGenerator<WalkedPage>;
}

/**
 * Reads the watched journal (webhook deliveries or payments) for the trigger: every entry exactly once, oldest first.
 *
 * Newest-first journals are read from the top until the first remembered entry. Oldest-first journals
 * are continued from the last page read before (its request is stored), so a poll costs about one
 * request per page of new entries whatever the journal's size. Until the order is known (from rising or
 * falling timestamps in the entries, or from the user), a poll looks where the journal changed: a new
 * first entry means new entries arrive on top. Activation and Fetch Test Event say when they had to
 * guess the order, naming the option that settles it.
 */
/**
 * n8n reports a failed activation by the error's message alone (the description is dropped), so a journal the
 * trigger cannot walk says what to set in its message too: the description's sentence that names the option, up to
 * its details ("Set Options > Pagination as the API documents it").
 */
export function withWhatToSetInMessage(error: unknown): unknown {
	if (!(error instanceof NodeOperationError) || typeof error.description !== 'string' || error.message.includes(OPTIONS_PREFIX)) return error;
	const sentence = error.description.split(/(?<=\.)\s+/).find((part) => part.includes(OPTIONS_PREFIX));
	if (!sentence) return error;
	const setting = sentence.split(':')[0].replace(/\.$/, '');
	error.message = `${error.message}. ${setting}.`;
	return error;
}

const OPTIONS_PREFIX = 'Options >';

export class JournalReader {
	constructor(
		private readonly client: ApiClient,
		private readonly settings: JournalSettings,
		/** Told how the journal was read when that costs more than it might (walked instead of jumped). */
		private readonly inform: (message: string) => void = () => undefined,
	) {}

	/** The journal's newest entries straight from its end, when page 1 reveals the end; see journalEnd.ts. */
	private fromEnd(first: WalkedPage, keep: number, need: number): Promise<EndRead | undefined> {
		return readFromEnd(first, this.settings.pagination.pageSize, (resume) => this.walk(resume), this.inform, { keep, need });
	}

	private async *walk(resume?: JournalTail): AsyncGenerator<WalkedPage> {
		try {
			yield* walkPages(
				this.client,
				{ endpoint: this.settings.journal.endpoint, query: this.settings.query },
				{ settings: this.settings.pagination, itemsPath: this.settings.itemsPath, resume },
			);
		} catch (error) {
			throw withWhatToSetInMessage(error);
		}
	}

	/** Starts a walk from page 1 and reads that page: the one place page 1 is requested. */
	private async openWalk(): Promise<OpenedWalk> {
		const rest = this.walk();
		const first = await rest.next();
		const firstPage: WalkedPage | undefined = first.done ? undefined : first.value;
		return {
			firstPage,
			firstEntries: firstPage?.entries ?? [],
			rest,
			async *all() {
				if (firstPage) yield firstPage;
				yield* rest;
			},
		};
	}

	private identity(entry: unknown, mode: IdentityMode): string {
		return entryIdentity(entry, mode, this.settings.identityPath);
	}

	private scan(pages: AsyncIterable<WalkedPage>, state: JournalState, side: NewEntriesSide, fromTop: boolean): Promise<BoundaryScan> {
		return scanForNew(pages, new Set(state.recent), (entry) => this.identity(entry, state.identity), { side, fromTop });
	}

	/** The first poll: remember where the journal stands, and emit existing entries only if asked to. */
	async baseline(): Promise<PollOutcome> {
		const wanted = this.settings.emitExisting ? this.settings.maxExisting : 0;
		const walk = await this.openWalk();
		const { firstEntries } = walk;
		const identity = chooseIdentityMode(firstEntries);
		const order = this.baselineOrder(firstEntries);
		const head = firstEntries.length > 0 ? this.identity(firstEntries[0], identity) : undefined;
		if (order === 'newestFirst') return this.baselineFromTop(walk, wanted, { version: 1, identity, order, recent: [], head });

		// Oldest first, or not known yet: the newest entries are at the end, so reach it once.
		const { lastEntries, tail } = await this.readToEnd(walk, wanted);
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

	/** The zone the journal's zone-less date-times are read in: the credential's Workspace Time Zone, UTC when unset. */
	private zoneless(): string {
		return readWorkspaceTimeZone(this.client);
	}

	/** The order set by the user, or read from page 1's entries, telling the user when it was only a guess. */
	private baselineOrder(firstEntries: unknown[]): JournalOrder | undefined {
		if (this.settings.order !== 'auto') return this.settings.order;
		const detected = orderOnPage(
			firstEntries,
			`it was taken as oldest first, and new entries are looked for at both ends until they show where they arrive; to be sure of it, ${SET_ORDER}.`,
			this.zoneless(),
		);
		if (detected.guess) this.inform(detected.guess);
		return detected.order;
	}

	/** A newest-first baseline: page 1 is all of it, unless more existing entries are to be emitted. */
	private async baselineFromTop(walk: OpenedWalk, wanted: number, state: JournalState): Promise<PollOutcome> {
		const top = [...walk.firstEntries];
		while (top.length < wanted) {
			const next = await walk.rest.next();
			if (next.done || !next.value.entries?.length) break;
			top.push(...next.value.entries);
		}
		await walk.rest.return(undefined);
		const newestFirst = top.slice(0, Math.max(wanted, RECENT_LIMIT));
		const recent = newestFirst.slice(0, RECENT_LIMIT).reverse().map((entry) => this.identity(entry, state.identity));
		return { entries: newestFirst.slice(0, wanted).reverse(), state: { ...state, recent } };
	}

	/**
	 * The journal's last entries and the page they end on: straight from the end where page 1 reveals it,
	 * otherwise by walking every page once. Emitting existing entries needs as many as asked for; the end may
	 * hold fewer, and then the walk does it.
	 */
	private async readToEnd(walk: OpenedWalk, wanted: number): Promise<{ lastEntries: unknown[]; tail: JournalTail }> {
		const keep = Math.max(wanted, RECENT_LIMIT);
		const fromEnd = walk.firstPage ? await this.fromEnd(walk.firstPage, keep, wanted) : undefined;
		if (fromEnd && (wanted === 0 || fromEnd.entries.length >= wanted)) {
			await walk.rest.return(undefined);
			return { lastEntries: fromEnd.entries.slice(-keep), tail: fromEnd.tail };
		}
		const last = new LastEntries(keep);
		let tail: JournalTail;
		for await (const page of walk.all()) {
			if (!page.entries?.length) continue;
			for (const entry of page.entries) last.push(entry);
			tail = { pagination: page.pagination ?? { mode: 'off' }, request: page.request };
		}
		return { lastEntries: last.last(), tail };
	}

	/** A later poll: the entries added since the state was written, and the state after them. */
	async poll(state: JournalState): Promise<PollOutcome> {
		const order = this.settings.order === 'auto' ? state.order : this.settings.order;
		if (order === 'newestFirst') return this.readFromTop(state, 'newestFirst');
		if (order === 'oldestFirst') return this.continueFromTail(state, 'oldestFirst');

		// Order not known yet: page 1 may show it (dates), or show where the journal changed.
		const walk = await this.openWalk();
		await walk.rest.return(undefined);
		const detected = detectOrder(walk.firstEntries, this.zoneless());
		if (detected === 'newestFirst') return this.readFromTop(state, detected);
		if (detected === 'oldestFirst') return this.continueFromTail(state, detected);
		const top = walk.firstEntries.length > 0 ? this.identity(walk.firstEntries[0], state.identity) : undefined;
		if (top !== undefined && top !== state.head && !state.recent.includes(top)) {
			return this.readFromTop(state, undefined);
		}
		return this.continueFromTail(state, undefined);
	}

	/** Newest first: collect entries from the top until a remembered one; they are the new ones. */
	private async readFromTop(state: JournalState, order: JournalOrder | undefined): Promise<PollOutcome> {
		const scan = await this.scan(this.walk(), state, 'beforeKnown', true);
		if (!scan.sawKnown && state.recent.length > 0) {
			// Every remembered entry is gone from the journal (deleted or expired): which of the listed
			// entries are new cannot be told, so start over from here rather than emit old ones again.
			return { entries: [], state: { ...state, recent: scan.freshIdentities.slice(0, RECENT_LIMIT).reverse(), head: scan.head } };
		}
		const confirmed = order ?? (scan.fresh.length > 0 && scan.sawKnown ? 'newestFirst' : undefined);
		return {
			entries: scan.fresh.reverse(),
			state: {
				...state,
				order: confirmed,
				recent: remember(state.recent, scan.freshIdentities.reverse()),
				head: scan.head ?? state.head,
			},
		};
	}

	/**
	 * Oldest first: continue from the last page read before; entries after the last remembered one are
	 * new. Falls back to a walk from page 1 when the stored page no longer holds a remembered entry (an
	 * expired cursor, a shortened journal).
	 */
	private async continueFromTail(state: JournalState, order: JournalOrder | undefined): Promise<PollOutcome> {
		const fromTail = state.tail ? await this.resumeFromTail(state, state.tail) : undefined;
		const scan = fromTail?.sawKnown ? fromTail : await this.scan(this.walk(), state, 'afterKnown', true);
		const tail = scan.tail ?? state.tail;
		const head = scan.head ?? state.head;
		if (!scan.sawKnown && state.recent.length > 0) {
			// As in readFromTop: with no remembered entry left, start over at the journal's end.
			return { entries: [], state: { ...state, recent: remember([], scan.lastIdentities), tail, head } };
		}
		const confirmed = order ?? (scan.fresh.length > 0 ? 'oldestFirst' : undefined);
		return {
			entries: scan.fresh,
			state: { ...state, order: confirmed, recent: remember(state.recent, scan.freshIdentities), tail, head },
		};
	}

	/**
	 * Continues from the stored page. A stored page the API no longer serves is no failure of the poll: the
	 * caller walks from page 1 instead. Anything else fails the poll, so nothing advances.
	 */
	private async resumeFromTail(state: JournalState, tail: NonNullable<JournalTail>): Promise<BoundaryScan | undefined> {
		const outcome = await settle(this.scan(this.walk(tail), state, 'afterKnown', false));
		if (outcome.ok) return outcome.value;
		if (isStalePageRefusal(outcome.error)) return undefined;
		throw outcome.error;
	}

	/** Manual mode: the newest few entries, oldest first, read without touching any state. */
	async sample(state: JournalState | undefined, count: number): Promise<unknown[]> {
		const known = this.settings.order === 'auto' ? state?.order : this.settings.order;
		const walk = await this.openWalk();
		const read: WalkedPage[] = walk.firstPage ? [walk.firstPage] : [];
		const early = [...walk.firstEntries];
		// An order the user set or a poll learned is no guess. Entries written in one instant share a timestamp,
		// so when page 1 alone does not tell the order, the next pages may: each is judged beside page 1's first entry.
		// A page too short to tell (pages of 2) is judged with the pages after it, all together.
		let evidence = known === undefined ? judgeOrder(early, this.zoneless()) : undefined;
		const undecided = () => evidence?.order === undefined && (evidence?.reason === 'timestampsDisagree' || (evidence?.reason === 'tooFewEntries' && early.length > 0));
		for (let extra = 0; undecided() && extra < MAX_ORDER_EVIDENCE_PAGES; extra++) {
			const next = await walk.rest.next();
			if (next.done || !next.value.entries?.length) break;
			read.push(next.value);
			early.push(...next.value.entries);
			const tooFew = evidence !== undefined && evidence.order === undefined && evidence.reason === 'tooFewEntries';
			evidence = tooFew ? judgeOrder(early, this.zoneless()) : judgeOrder([walk.firstEntries[0], ...next.value.entries], this.zoneless());
		}
		const detected =
			known !== undefined
				? { order: known }
				: evidence?.order !== undefined
					? { order: evidence.order }
					: orderOnPage(walk.firstEntries, `it was taken as oldest first; if Fetch Test Event shows old entries, ${SET_ORDER}.`, this.zoneless());
		if (detected.guess) this.inform(detected.guess);
		if (detected.order === 'newestFirst') {
			await walk.rest.return(undefined);
			return early.slice(0, count).reverse();
		}
		const fromEnd = walk.firstPage ? await this.fromEnd(walk.firstPage, count, count) : undefined;
		if (fromEnd) {
			await walk.rest.return(undefined);
			return fromEnd.entries;
		}
		// The journal reveals no end: its newest entries are on its last page, so the walk goes there (Max Pages
		// bounds it), once; the log says what that cost.
		const last = new LastEntries(count);
		for (const page of read) for (const entry of page.entries ?? []) last.push(entry);
		let pages = read.length;
		for await (const page of walk.rest) {
			for (const entry of page.entries ?? []) last.push(entry);
			pages++;
		}
		if (pages > MAX_SAMPLE_PAGES) this.inform(`Fetch Test Event read all ${pages} pages of the journal to reach its newest entries, since it reveals no end.`);
		return last.last();
	}
}
