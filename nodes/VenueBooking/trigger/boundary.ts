/**
 * Finding where new entries end: pages scanned until a remembered entry appears.
 */
import type { WalkedPage } from '../transport/pagination/walk';
import { type JournalState, RECENT_LIMIT } from './state';

/** Where the journal's page walk ended: the request of its last non-empty page. */
export type JournalTail = JournalState['tail'];

/**
 * Which side of a remembered entry the new ones are on. Newest first: they are listed before it, so the
 * scan stops at the first remembered entry. Oldest first: after it, so every remembered entry restarts
 * the collection and the scan goes to the end.
 */
export type NewEntriesSide = 'beforeKnown' | 'afterKnown';

export interface BoundaryScan {
	/** Entries not remembered, in listed order, each once (page boundaries shift while entries arrive). */
	fresh: unknown[];
	freshIdentities: string[];
	/** Whether a remembered entry was found: without one, which entries are new cannot be told. */
	sawKnown: boolean;
	/** Identity of the first entry of page 1, when page 1 was read: where new entries appear tells the order. */
	head?: string;
	tail: JournalTail;
	/** Identities of the last entries listed (at most RECENT_LIMIT), to start over from when nothing is known. */
	lastIdentities: string[];
}

/** Walks pages and separates the new entries from the remembered ones; the one boundary search of the trigger. */
export async function scanForNew(
	pages: AsyncIterable<WalkedPage>,
	known: ReadonlySet<string>,
	identityOf: (entry: unknown) => string,
	options: { side: NewEntriesSide; fromTop: boolean },
): Promise<BoundaryScan> {
	const scan: BoundaryScan = { fresh: [], freshIdentities: [], sawKnown: false, tail: undefined, lastIdentities: [] };
	const last = new LastEntries<string>(RECENT_LIMIT);
	const seen = new Set<string>();
	scanning: for await (const page of pages) {
		const entries = page.entries ?? [];
		if (entries.length === 0) continue;
		if (options.fromTop && page.number === 1) scan.head = identityOf(entries[0]);
		scan.tail = { pagination: page.pagination ?? { mode: 'off' }, request: page.request };
		for (const entry of entries) {
			const identity = identityOf(entry);
			last.push(identity);
			if (known.has(identity)) {
				scan.sawKnown = true;
				if (options.side === 'beforeKnown') break scanning;
				// Everything listed before a remembered entry is older than it, hence already seen.
				scan.fresh = [];
				scan.freshIdentities = [];
				seen.clear();
				continue;
			}
			if (seen.has(identity)) continue;
			seen.add(identity);
			scan.fresh.push(entry);
			scan.freshIdentities.push(identity);
		}
	}
	scan.lastIdentities = last.last();
	return scan;
}

/**
 * The last `capacity` values pushed, in arrival order: the journal's newest end while walking an oldest-first
 * list. Trimmed in batches, so pushing stays cheap on 100,000-entry journals.
 */
export class LastEntries<T = unknown> {
	private readonly items: T[] = [];

	constructor(private readonly capacity: number) {}

	push(value: T): void {
		if (this.capacity === 0) return;
		this.items.push(value);
		if (this.items.length >= this.capacity * 2) this.items.splice(0, this.items.length - this.capacity);
	}

	last(): T[] {
		return this.items.slice(-this.capacity);
	}
}
