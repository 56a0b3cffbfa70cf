/**
 * The walk over a list's pages: in order, de-duplicated, bounded by Max Pages and Limit, with pages fetched
 * ahead where their addresses are predictable.
 */
import { type IDataObject, NodeOperationError } from 'n8n-workflow';
import { AFTER_PARAMETERS } from '../../conventions';
import { describeWindow } from '../adaptiveWindow';
import { isStalePageRefusal, settle } from '../errors';
import { canonicalJson, readPath } from '../json';
import { hashText } from '../../identity';
import type { ApiClient, ApiRequest, ApiResponse } from '../request';
import { listAt, type ListLocation, locateList } from '../response';
import { detectPagination, findListSignals, moreSignalled, reasonToDoubtCompleteness } from './detect';
import { addressPages, PagePrefetcher } from './prefetch';
import {
	DEFAULT_AFTER_FIELD,
	type FetchedPage,
	missingSetting,
	type PageRequest,
	type PaginationSettings,
	type PaginationStrategy,
	type ResolvedPagination,
	strategyFor,
} from './strategies';

export interface WalkOptions {
	settings: PaginationSettings;
	/** Stop once this many entries have been returned; undefined walks to the end. */
	limit?: number;
	/** The user's override of where the list sits in each response. */
	itemsPath?: string;
	/**
	 * Told once what Automatic mode used, so the user can see it (and override it); a single page without
	 * markers is mentioned only when it looks like a full page of a longer list.
	 */
	onDetected?: (description: string) => void;
	/** Continue a walk of an earlier run: re-request this page with these settled settings. */
	resume?: { pagination: ResolvedPagination; request: PageRequest };
	/**
	 * With Return All, how many pages may be fetched at once where the pages can be addressed directly
	 * (page numbers or offsets with a stated total); 1 or undefined walks one page at a time.
	 */
	parallel?: number;
	/** Told how many pages were fetched at once, and why the window backed off. */
	onConcurrency?: (message: string) => void;
}

/** A page and its entries; `entries` is undefined when the response held no list at all. */
export interface WalkedPage {
	number: number;
	query: IDataObject;
	response: ApiResponse;
	entries: unknown[] | undefined;
	/** What was sent for this page, enough to request it again later. */
	request: PageRequest;
	/** The request for the page after this one; undefined on the last page (or once Limit is reached). */
	next?: PageRequest;
	/** The settled pagination once known (after page 1 in Automatic mode); undefined if there is none. */
	pagination: ResolvedPagination | undefined;
}

/** Query parameters an explicit strategy writes itself; the user's query must leave them to it. */
function controlledParameters(settings: PaginationSettings): string[] {
	const byMode: Partial<Record<PaginationSettings['mode'], Array<string | undefined>>> = {
		cursor: [settings.cursorParameter, settings.pageSizeParameter],
		pageNumber: [settings.pageParameter, settings.pageSizeParameter],
		offset: [settings.offsetParameter, settings.limitParameter],
		afterLast: [settings.afterParameter, settings.pageSizeParameter],
	};
	return (byMode[settings.mode] ?? []).map((name) => name?.trim() ?? '').filter((name) => name !== '');
}

/** A cheap fingerprint of a page: equal fingerprints on consecutive pages mean the server repeats itself. */
function fingerprint(entries: unknown[]): string {
	if (entries.length === 0) return '';
	return `${entries.length}|${canonicalJson(entries[0])}|${canonicalJson(entries[entries.length - 1])}`;
}

/** The settings as settled pagination, for every mode but Automatic (which settles after page 1). */
function settledFromSettings(settings: PaginationSettings): ResolvedPagination | undefined {
	const { mode } = settings;
	if (mode === 'auto') return undefined;
	// The walk's own limits (Max Pages, the page size asked for) stay in the settings; the rest is the strategy.
	const strategy: Partial<PaginationSettings> = { ...settings };
	delete strategy.maxPages;
	delete strategy.pageSize;
	return { ...strategy, mode };
}

/** How to set the walk by hand, for messages about a list the walk could not follow. */
const HOW_TO_SET_PAGINATION =
	`Set Options > Pagination as the API documents it: After Last Entry (the parameter that takes the last entry's ID, e.g. "${AFTER_PARAMETERS.default}"), Cursor, Page Number, Offset or Next URL. To take only the first page, set Pagination to Off.`;

/**
 * Walks the pages of a list endpoint and yields them one by one, so callers can stop early (Limit) and
 * never hold more than they need. Ends on an empty page, on a page the strategy says is the last, or when
 * the limit is reached. A list is never reported complete while its last page said more entries follow:
 * that is an error saying what to set. A marker seen twice, a page identical to the one before it, or more
 * than Max Pages pages is an error, never an endless loop.
 */
export async function* walkPages(client: ApiClient, base: ApiRequest, options: WalkOptions): AsyncGenerator<WalkedPage> {
	const walk = new PageWalk(client, base, options);
	try {
		yield* walk.pages();
	} finally {
		// However the walk ended (end of list, Limit, an error), nothing more is fetched ahead.
		await walk.stopFetchingAhead();
	}
}

/** One walk's state, with each step of a page a named method. */
class PageWalk {
	private pagination: ResolvedPagination | undefined;
	private strategy: PaginationStrategy | undefined;
	private readonly detecting: boolean;
	private request: PageRequest;
	private location: ListLocation | undefined;
	private readonly seenMarkers = new Set<string>();
	private previousFingerprint = '';
	private returned = 0;
	private firstPageLength: number | undefined;
	/** The identities of page 1, kept only while an automatic After Last Entry guess awaits its check. */
	private firstPageIdentities: Set<string> | undefined;
	private prefetch: PagePrefetcher | undefined;

	constructor(
		private readonly client: ApiClient,
		private readonly base: ApiRequest,
		private readonly options: WalkOptions,
	) {
		const { settings } = options;
		this.pagination = options.resume?.pagination ?? settledFromSettings(settings);
		this.checkSettings();
		this.strategy = this.pagination ? strategyFor(this.pagination) : undefined;
		this.detecting = this.pagination === undefined;
		this.request = options.resume?.request ?? (this.strategy ? this.strategy.first(this.sizeFor(options.limit)) : {});
		this.firstPageLength = options.resume?.pagination.pageLength;
	}

	async *pages(): AsyncGenerator<WalkedPage> {
		const { limit } = this.options;
		for (let number = 1; ; number++) {
			this.checkMaxPages(number);
			let fetched = await this.fetch(number);
			if (!fetched) return;
			let entries = this.entriesOf(fetched.response, number);
			if (number === 1 && entries !== undefined && entries.length > 0) this.settleOnFirstPage({ ...fetched, entries });
			// The first page after page 1, in this walk or in the one that handed over to it.
			if ((number === 2 || (number === 1 && this.options.resume)) && entries && this.switchCursorParameter(entries)) {
				fetched = await this.fetch(number);
				if (!fetched) return;
				entries = this.entriesOf(fetched.response, number);
			}
			const { query, response } = fetched;
			if (number === 2 && entries) this.verifyAfterLastGuess(entries);
			const page: WalkedPage = { number, query, response, entries, request: this.request, pagination: this.pagination };
			if (entries === undefined || entries.length === 0) {
				yield page;
				return;
			}
			this.returned += entries.length;
			const limitReached = limit !== undefined && this.returned >= limit;
			page.next = limitReached ? undefined : this.nextRequest(number, { query, response, entries, firstPageLength: this.firstPageLength });
			yield page;
			if (!page.next) return;
			this.request = page.next;
			if (number === 1) this.startFetchingAhead({ query, response, entries }, page.next);
		}
	}

	async stopFetchingAhead(): Promise<void> {
		if (!this.prefetch) return;
		this.prefetch.stop();
		await this.prefetch.drain();
		const message = describeWindow(this.prefetch.window.summary(), 'pages', this.client.pacer.summary().refusals);
		if (message) this.options.onConcurrency?.(message);
	}

	private fail(message: string, description: string): NodeOperationError {
		return new NodeOperationError(this.client.node, message, { description, itemIndex: this.base.itemIndex });
	}

	private checkSettings(): void {
		const { settings } = this.options;
		const missing = this.pagination ? missingSetting(this.pagination) : undefined;
		if (missing) {
			throw this.fail(`Pagination needs the "${missing}" option for the chosen mode`, 'Set it under Options > Pagination.');
		}
		const clash = settings.mode === 'auto' ? undefined : controlledParameters(settings).find((name) => name in (this.base.query ?? {}));
		if (clash) {
			throw this.fail(
				`The query parameter "${clash}" is also set by Options > Pagination`,
				'Pagination sends it on every page. Remove it from the query parameters, or set Pagination to Off to send it yourself.',
			);
		}
	}

	/** A page size is only ever sent through a parameter the user named, so the API's own default holds otherwise. */
	private sizeFor(remaining: number | undefined): number | undefined {
		const { pageSize } = this.options.settings;
		return pageSize !== undefined && remaining !== undefined ? Math.min(pageSize, remaining) : pageSize ?? remaining;
	}

	private checkMaxPages(number: number): void {
		const { maxPages } = this.options.settings;
		if (number > maxPages) {
			throw this.fail(
				`Stopped after ${maxPages} pages (the Max Pages limit) and the API still offered more`,
				'If the list really is that long, raise Options > Max Pages; otherwise set Options > Pagination explicitly.',
			);
		}
	}

	/**
	 * Page `number`'s answer, or undefined when the API refused a page the walk only guessed at (a page number
	 * or offset past a full page, with nothing stating it exists): past the end, that refusal is the end.
	 */
	private async fetch(number: number): Promise<{ query: IDataObject; response: ApiResponse } | undefined> {
		const query: IDataObject = { ...(this.base.query ?? {}), ...(this.request.query ?? {}) };
		const sending = this.prefetch?.take(number, this.request) ?? this.client.send({ ...this.base, query, url: this.request.url, page: number });
		const outcome = await settle(sending);
		if (outcome.ok) return { query, response: outcome.value };
		if (number > 1 && this.request.guessed && isStalePageRefusal(outcome.error)) {
			this.options.onDetected?.(`Pagination: page ${number} was refused after a full page, with no total or more-flag promising it; taken as the end of the list.`);
			return undefined;
		}
		throw outcome.error;
	}

	private entriesOf(response: ApiResponse, number: number): unknown[] | undefined {
		const { itemsPath } = this.options;
		this.location ??= locateList(response.body, itemsPath);
		const entries = listAt(response.body, this.location);
		if (entries === undefined && number > 1) {
			throw this.fail(
				`Page ${number} of the list has no list where page 1 had one`,
				'The API changed the shape of its answer between pages. Set Options > Items Field if the list sits in a named field.',
			);
		}
		if (entries === undefined && itemsPath) {
			throw this.fail(
				`The response has no list at "${itemsPath}" (the Items Field option)`,
				'Clear the Items Field option to detect the list automatically, or correct the path.',
			);
		}
		return entries;
	}

	/**
	 * Page 1 settles the walk: Automatic mode detects the pagination (and says what it found), an explicit
	 * mode learns where the response states its more-flag, totals and page length, and the first page's
	 * length becomes the length a shorter (last) page is measured against.
	 */
	private settleOnFirstPage(first: FetchedPage): void {
		if (!this.options.resume) this.firstPageLength = first.entries.length;
		if (this.detecting) {
			this.pagination = detectPagination(first) ?? { mode: 'off' };
			this.strategy = strategyFor(this.pagination);
			if (this.strategy) {
				const guess = this.pagination.unverified ? ' (a guess, checked on the second page)' : '';
				this.options.onDetected?.(`Pagination (automatic): ${this.strategy.description}${guess}`);
			}
			if (this.pagination.unverified) this.firstPageIdentities = new Set(first.entries.map((entry) => identityText(entry)));
			if (this.pagination.cursorAlternative) this.pagination = { ...this.pagination, firstPageFingerprint: hashText(fingerprint(first.entries)) };
		} else if (this.pagination && this.pagination.mode !== 'off') {
			const signals = findListSignals(first);
			// Options left empty in the editor arrive as "": those are found in the response like undefined ones.
			const unset = Object.fromEntries(Object.entries(signals).filter(([key]) => !this.pagination?.[key as keyof ResolvedPagination]));
			this.pagination = { ...this.pagination, ...unset };
			this.strategy = strategyFor(this.pagination);
		}
		if (!this.options.resume && this.pagination?.mode === 'pageNumber' && this.pagination.totalPath) {
			this.pagination = { ...this.pagination, pageLength: first.entries.length };
		}
	}

	/**
	 * An automatic After Last Entry walk guessed the parameter's name; page 2 shows whether the API understood
	 * it. An API that ignored it answers with page 1's entries again, and the walk stops with what to set.
	 */
	private verifyAfterLastGuess(entries: unknown[]): void {
		const known = this.firstPageIdentities;
		if (!known || !this.pagination) return;
		this.firstPageIdentities = undefined;
		if (entries.some((entry) => known.has(identityText(entry)))) {
			throw this.fail(
				`The API said more entries follow, but did not understand the page parameter Automatic mode guessed ("${this.pagination.afterParameter}" with the last entry's "${DEFAULT_AFTER_FIELD}"): page 2 repeated entries of page 1`,
				HOW_TO_SET_PAGINATION,
			);
		}
		this.pagination = { ...this.pagination, unverified: undefined };
	}

	/**
	 * Automatic mode derived the cursor's parameter from its key (`NextToken` → `token`). An API that ignored
	 * that name answers page 2 with page 1 again: the walk then asks for page 2 once more with the key itself
	 * as the parameter (`NextToken`, as AWS takes it) and says so. True when the page is to be fetched again;
	 * the walk's own checks judge that answer as any other.
	 */
	private switchCursorParameter(entries: unknown[]): boolean {
		const pagination = this.pagination;
		if (!pagination?.cursorAlternative || pagination.firstPageFingerprint === undefined) return false;
		const { cursorAlternative: alternative, firstPageFingerprint: firstPage, ...settled } = pagination;
		this.pagination = settled;
		const derived = settled.cursorParameter;
		const query = { ...(this.request.query ?? {}) };
		if (hashText(fingerprint(entries)) !== firstPage || derived === undefined || !(derived in query)) return false;
		query[alternative] = query[derived];
		delete query[derived];
		this.pagination = { ...settled, cursorParameter: alternative };
		this.strategy = strategyFor(this.pagination);
		this.request = { ...this.request, query };
		this.options.onDetected?.(`Pagination (automatic): the API ignored the cursor sent as "${derived}" (page 2 repeated page 1), so it is sent as "${alternative}", the name the API gave it.`);
		return true;
	}

	/** The request for the page after `last`, after every guard; undefined when `last` ends the list. */
	private nextRequest(number: number, last: FetchedPage): PageRequest | undefined {
		const next = this.strategy?.next(last, this.sizeFor(this.options.limit === undefined ? undefined : this.options.limit - this.returned));
		if (!next) {
			this.checkComplete(number, last);
			return undefined;
		}
		this.checkNotLooping(number, next, last);
		return next;
	}

	/**
	 * The walk has no next page. That is the end only if the page does not say otherwise; a list whose
	 * answer said more entries follow is never returned as complete. Pagination set to Off asks for one page.
	 */
	private checkComplete(number: number, last: FetchedPage): void {
		if (this.options.settings.mode === 'off') return;
		const more = moreSignalled(last, { read: this.returned, resumed: this.options.resume !== undefined, page: number, unpaged: !this.strategy });
		if (more) {
			const how = this.strategy ? `the ${this.strategy.description} pagination names no page after page ${number}` : 'the answer names no next page, cursor or way to ask for one';
			throw this.fail(
				`The API said more entries follow (${more}), but ${how}`,
				`Read ${this.returned} entries on ${number} page${number === 1 ? '' : 's'} so far; returning them as the whole list would lose the rest. ${HOW_TO_SET_PAGINATION}`,
			);
		}
		if (!this.strategy && number === 1) {
			const doubt = reasonToDoubtCompleteness(last.entries.length, last.query);
			if (doubt) {
				this.options.onDetected?.(
					`Pagination (automatic): the response named no next page, so it was taken as complete, but it held ${last.entries.length} entries, ${doubt}. If entries are missing, set Options > Pagination explicitly.`,
				);
			}
		}
	}

	/**
	 * Automatic mode read the page parameter's name off the first answer (`page` beside `currentPage`,
	 * Strapi's `meta.pagination.page`), but the API answered page 2 with page 1 again: the parameter that asks
	 * for a page is named nowhere in the answers, so the user must name it.
	 */
	private failIgnoredDerivedParameter(number: number, last: FetchedPage): void {
		const derived = this.pagination?.mode === 'pageNumber' || this.pagination?.mode === 'offset';
		if (!this.detecting || !derived || number !== 2) return;
		const more = moreSignalled(last, { read: this.firstPageLength ?? this.returned, resumed: this.options.resume !== undefined, page: 1, unpaged: false });
		throw this.fail(
			`The API said more entries follow${more ? ` (${more})` : ''}, but ignored the page parameter Automatic mode derived from its answer (${this.strategy?.description ?? ''}): page 2 came back as page 1`,
			`Read ${this.firstPageLength ?? 0} entries on page 1; returning them as the whole list would lose the rest. ${HOW_TO_SET_PAGINATION}`,
		);
	}

	private checkNotLooping(number: number, next: PageRequest, last: FetchedPage): void {
		const description = this.strategy?.description ?? '';
		const entries = last.entries;
		if (next.marker !== undefined) {
			if (this.seenMarkers.has(next.marker)) {
				this.failIgnoredDerivedParameter(number, last);
				throw this.fail(
					`The API pointed back to a page it already gave (${description}, at page ${number})`,
					'Stopped to avoid an endless loop. Check the query parameters, or set Options > Pagination explicitly.',
				);
			}
			this.seenMarkers.add(next.marker);
		}
		const current = fingerprint(entries);
		if (current === this.previousFingerprint) {
			this.failIgnoredDerivedParameter(number, last);
			throw this.fail(
				`The API returned the same page twice in a row (page ${number}, ${description})`,
				'The API ignored the pagination parameter, so the walk stopped instead of looping. Set Options > Pagination to match the API.',
			);
		}
		this.previousFingerprint = current;
	}

	/** With Return All, pages whose addresses the first page makes predictable are fetched ahead. */
	private startFetchingAhead(first: FetchedPage, second: PageRequest): void {
		const { options, pagination } = this;
		if (!pagination || options.limit !== undefined || (options.parallel ?? 1) <= 1) return;
		const address = addressPages(pagination, first, second);
		if (address && address.count > 2) {
			const lastNumber = Math.min(address.count, options.settings.maxPages);
			this.prefetch = new PagePrefetcher(this.client, this.base, address, lastNumber, options.parallel ?? 1, 2);
		}
	}
}

/** An entry's identity for the After Last Entry check: its `id`, or its whole content when it has none. */
function identityText(entry: unknown): string {
	const id = readPath(entry, DEFAULT_AFTER_FIELD);
	return id === undefined || id === null || typeof id === 'object' ? canonicalJson(entry) : `${typeof id}:${String(id)}`;
}
