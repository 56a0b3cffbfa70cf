/**
 * The walk over a list's pages: in order, de-duplicated, bounded by Max Pages and Limit, with pages fetched
 * ahead where their addresses are predictable.
 */
import { type IDataObject, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { AFTER_PARAMETERS } from '../../conventions';
import { describeWindow } from '../retry';
import { isStalePageRefusal } from '../errors';
import { canonicalJson, hashText, readPath } from '../json';
import { type ApiClient, type ApiRequest, type ApiResponse, settle } from '../request';
import { listAt, type ListLocation, locateList } from '../response';
import { detectPagination, findListSignals, moreSignalled, reasonToDoubtCompleteness } from './detect';
import { addressPages, PagePrefetcher } from './prefetch';
import {
	DEFAULT_AFTER_FIELD,
	type FetchedPage,
	missingSetting,
	numberAt,
	type PageRequest,
	type PaginationOf,
	type PaginationSettings,
	type PaginationStrategy,
	type ResolvedPagination,
	type StatedLengthPaths,
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
	/** Told when a one-page list without markers is taken as complete although it looks like a full page (said in onDetected). */
	onDoubtedEnd?: () => void;
	/** Continue a walk of an earlier run: re-request this page with these settled settings. */
	resume?: { pagination: ResolvedPagination; request: PageRequest };
	/**
	 * With Return All, how many pages may be fetched at once where the pages can be addressed directly
	 * (page numbers or offsets with a stated total); 1 or undefined walks one page at a time.
	 */
	parallel?: number;
	/** Told how many pages were fetched at once, and why the window backed off. */
	onConcurrency?: (message: string) => void;
	/**
	 * For the editor's samples, which need one page, not the whole list: a page that says more entries follow
	 * where the walk finds no way to them is still given (as the last), and this is told what the page said and
	 * the error a walk to the end fails with. Without it, that page is the error.
	 */
	onMoreUnreachable?: (said: string, error: NodeOperationError) => void;
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
		off: [settings.pageSizeParameter],
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

/** The object without its undefined fields, so a settled pagination stores only what was set. */
function defined(pagination: ResolvedPagination): ResolvedPagination {
	return Object.fromEntries(Object.entries(pagination).filter(([, value]) => value !== undefined)) as ResolvedPagination;
}

/**
 * The settings as settled pagination, for every mode but Automatic (which settles after page 1): the chosen
 * mode's own fields. The walk's own limits (Max Pages, the page size asked for) stay in the settings.
 * Checked with missingSetting first.
 */
function settledFromSettings(settings: PaginationSettings): ResolvedPagination | undefined {
	const { hasMorePath, pageSizeParameter } = settings;
	switch (settings.mode) {
		case 'auto':
			return undefined;
		case 'off':
			return { mode: 'off' };
		case 'nextUrl':
			return defined({ mode: 'nextUrl', nextUrlPath: settings.nextUrlPath, hasMorePath });
		case 'cursor':
			return defined({ mode: 'cursor', cursorParameter: settings.cursorParameter ?? '', cursorPath: settings.cursorPath ?? '', hasMorePath, pageSizeParameter });
		case 'pageNumber':
			return defined({ mode: 'pageNumber', pageParameter: settings.pageParameter ?? '', firstPage: settings.firstPage, hasMorePath, pageSizeParameter });
		case 'offset':
			return defined({ mode: 'offset', offsetParameter: settings.offsetParameter ?? '', limitParameter: settings.limitParameter, hasMorePath });
		case 'afterLast':
			return defined({ mode: 'afterLast', afterParameter: settings.afterParameter ?? '', afterField: settings.afterField, hasMorePath, pageSizeParameter });
	}
}

/** How to set the walk by hand, for messages about a list the walk could not follow. */
export const HOW_TO_SET_PAGINATION =
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
	/** The page parameter Automatic mode guessed on page 1, until the next page confirms it. */
	private guess: Guess | undefined;
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
		this.request = options.resume?.request ?? (this.strategy ? this.strategy.first(this.sizeFor(options.limit)) : this.oneRequest(options.limit));
		const resumed = options.resume?.pagination;
		this.firstPageLength = resumed?.mode === 'pageNumber' ? resumed.pageLength : undefined;
		// A walk handed over before page 2 was seen still carries the guess, with page 1's fingerprint.
		if (resumed) this.guess = this.guessOf(resumed, undefined);
	}

	async *pages(): AsyncGenerator<WalkedPage> {
		const { limit } = this.options;
		for (let number = 1; ; number++) {
			this.checkMaxPages(number);
			let fetched = await this.fetch(number);
			if (!fetched) return;
			let entries = this.entriesOf(fetched.response, number);
			if (number === 1 && entries !== undefined && entries.length > 0) this.settleOnFirstPage({ ...fetched, entries });
			// The first page after page 1, in this walk or in the one that handed over to it, confirms a guess; each name
			// the API ignored asks for the page again under the next.
			while ((number === 2 || (number === 1 && this.options.resume)) && entries && this.confirmGuess({ ...fetched, entries })) {
				fetched = await this.fetch(number);
				if (!fetched) return;
				entries = this.entriesOf(fetched.response, number);
			}
			const { query, response } = fetched;
			const page: WalkedPage = { number, query, response, entries, request: this.request, pagination: this.pagination };
			if (entries === undefined || entries.length === 0) {
				yield page;
				return;
			}
			this.returned += entries.length;
			const limitReached = limit !== undefined && this.returned >= limit;
			page.next = limitReached ? undefined : this.nextRequest(number, { query, response, entries, firstPageLength: this.firstPageLength });
			// Page 2 passed every guard: whatever was guessed on page 1 holds.
			if (number === 2) this.guess = undefined;
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

	/**
	 * Off with a Page Size Parameter: the one request asks for that many entries (Acuity's `max`: a list cut at a
	 * size the client chooses, with no way to ask for more). Otherwise the request goes as the user wrote it.
	 */
	private oneRequest(limit: number | undefined): PageRequest {
		const parameter = this.options.settings.mode === 'off' ? this.options.settings.pageSizeParameter?.trim() : undefined;
		const size = this.sizeFor(limit);
		return parameter && size !== undefined ? { query: { [parameter]: size } } : {};
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
	 * or offset past a full page, with nothing stating it exists): past the end, that refusal is the end. A page 2
	 * refused while a guessed parameter name awaits its confirmation tries the next name (refusedGuess).
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
		// A guessed name the API refused: the page is asked for again under the next name (one fewer each time).
		if (this.refusedGuess(number, outcome.error)) return await this.fetch(number);
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
				const guess = 'unverified' in this.pagination && this.pagination.unverified ? ' (a guess, checked on the second page)' : '';
				this.options.onDetected?.(`Pagination (automatic): ${this.strategy.description}${guess}`);
			}
			const detected = this.pagination;
			if (detected.mode === 'cursor' || (detected.mode === 'nextUrl' && detected.unverified)) {
				this.pagination = { ...detected, firstPageFingerprint: hashText(fingerprint(first.entries)) };
			}
			this.guess = this.guessOf(this.pagination, first.entries);
		} else if (this.pagination && this.pagination.mode !== 'off') {
			const settled = this.pagination;
			const signals = findListSignals(first);
			// Options left empty in the editor arrive as "": those are found in the response like undefined ones.
			const unset = Object.fromEntries(Object.entries(signals).filter(([key]) => !settled[key as keyof StatedLengthPaths])) as StatedLengthPaths;
			this.pagination = { ...settled, ...unset };
			this.strategy = strategyFor(this.pagination);
		}
		if (!this.options.resume && this.pagination?.mode === 'pageNumber' && this.pagination.totalPath) {
			this.pagination = { ...this.pagination, pageLength: first.entries.length };
		}
	}

	/**
	 * The guess a settled pagination carries, if any: a page parameter Automatic mode named without the API
	 * naming it, or a link or token it found by structure. `firstPage` holds page 1's entries when this walk saw
	 * them; a walk resumed after page 1 has only the fingerprint the pagination carries.
	 */
	private guessOf(pagination: ResolvedPagination, firstPage: unknown[] | undefined): Guess | undefined {
		switch (pagination.mode) {
			case 'nextUrl': {
				if (!pagination.unverified) return undefined;
				const path = pagination.nextUrlPath ?? '';
				return {
					candidates: [],
					tried: [],
					ignored: (page) => bringsNothingNew(page.entries, firstPage, pagination.firstPageFingerprint),
					failure: () =>
						this.fail(
							`The API said more entries follow ("${path}" links to a next page), but the page that link gave repeated entries of page 1`,
							`Automatic mode found the link by its name and followed it as it is. ${HOW_TO_SET_PAGINATION}`,
						),
				};
			}
			case 'cursor': {
				// The cursor's parameter was derived from its key (`NextToken` → `token`), or the token was found by its
				// key's words: the key itself and the names its words give are the next candidates.
				const { cursorAlternative, cursorAlternatives = [], firstPageFingerprint: firstPrint, unverified, cursorPath } = pagination;
				const names = [cursorAlternative, ...cursorAlternatives].filter((name): name is string => name !== undefined && name !== '');
				if (firstPrint === undefined && !firstPage) return undefined;
				if (!unverified && names.length === 0 && firstPrint === undefined) return undefined;
				return {
					candidates: names.map((name) => ({ cursorParameter: name })),
					tried: [pagination.cursorParameter],
					ignored: (page) => bringsNothingNew(page.entries, firstPage, firstPrint),
					failure: (_last, tried) =>
						this.fail(
							`The API said more entries follow ("${cursorPath}" holds a next-page token), but ignored the token under every name Automatic mode tried (${quoted(tried)}): page 2 repeated page 1`,
							`Set Options > Pagination to Cursor, with Next Cursor Field "${cursorPath}" and the Cursor Parameter the API documents for sending it back.`,
						),
				};
			}
			case 'afterLast': {
				// The parameter's name ("starting_after", "after") is a guess; an API that ignored it repeats page 1's entries.
				if (!pagination.unverified || !firstPage) return undefined;
				const known = new Set(firstPage.map((entry) => identityText(entry)));
				return {
					candidates: [],
					tried: [pagination.afterParameter],
					ignored: (page) => page.entries.some((entry) => known.has(identityText(entry))),
					failure: () =>
						this.fail(
							`The API said more entries follow, but did not understand the page parameter Automatic mode guessed ("${pagination.afterParameter}" with the last entry's "${DEFAULT_AFTER_FIELD}"): page 2 repeated entries of page 1`,
							HOW_TO_SET_PAGINATION,
						),
				};
			}
			case 'offset':
				if (pagination.unverified && pagination.offsetEchoPath) return this.echoGuess(pagination);
				return this.counterGuess(firstPage);
			case 'pageNumber':
				return this.counterGuess(firstPage);
			default:
				return undefined;
		}
	}

	/**
	 * Page and offset counters read off page 1 (`page` beside `currentPage`): the parameter that asks for a page is
	 * named nowhere, and an API that ignored the name answers page 2 with page 1 again, nothing new on it.
	 */
	private counterGuess(firstPage: unknown[] | undefined): Guess | undefined {
		if (!firstPage || !this.detecting) return undefined;
		return {
			candidates: [],
			tried: [],
			// Judged on page 2 itself, so that a Limit reached there cannot return page 1's entries twice.
			ignored: (page) => bringsNothingNew(page.entries, firstPage, undefined),
			failure: (last) => {
				const more = last && moreSignalled(last, { read: this.firstPageLength ?? this.returned, resumed: this.options.resume !== undefined, page: 1, unpaged: false });
				return this.fail(
					`The API said more entries follow${more ? ` (${more})` : ''}, but ignored the page parameter Automatic mode derived from its answer (${this.strategy?.description ?? ''}): page 2 came back as page 1`,
					`Read ${this.firstPageLength ?? 0} entries on page 1; returning them as the whole list would lose the rest. ${HOW_TO_SET_PAGINATION}`,
				);
			},
		};
	}

	/**
	 * An offset whose parameter was guessed from the offset the answer echoes (Mindbody's `RequestedOffset`): page 2
	 * echoes the offset it was asked for when the API understood the name, and the one it used (0) when it did not.
	 */
	private echoGuess(pagination: PaginationOf<'offset'>): Guess {
		const echoPath = pagination.offsetEchoPath ?? '';
		const limits = pagination.limitCandidates ?? [];
		return {
			candidates: (pagination.offsetCandidates ?? []).map((name, i) => ({ offsetParameter: name, limitParameter: limits[i] ?? '' })),
			tried: [pagination.offsetParameter],
			ignored: (page) => {
				const sent = Number(page.query[this.parameterName() ?? '']);
				if (!(sent > 0)) return undefined;
				const echoed = numberAt(page.response, echoPath);
				return Number.isFinite(echoed) ? echoed !== sent : undefined;
			},
			failure: (_last, tried) =>
				this.fail(
					`The API said more entries follow, but did not take the offset under any name Automatic mode tried (${quoted(tried)}): page 2 echoed "${echoPath}" as another offset than the one sent`,
					`Set Options > Pagination to Offset, with the Offset Parameter (and Limit Parameter) the API documents.`,
				),
		};
	}

	/** The name the settled pagination sends its page parameter under. */
	private parameterName(): string | undefined {
		const field = this.pagination ? PARAMETER_FIELDS[this.pagination.mode] : undefined;
		const name = field ? (this.pagination as unknown as Record<string, unknown>)[field] : undefined;
		return typeof name === 'string' ? name : undefined;
	}

	/**
	 * The one step that confirms a guess on the page after page 1: the page shows the API understood the
	 * parameter (the guess holds), or that it ignored it; then the walk sends the next candidate name and
	 * asks for the page again (true: fetch it again, and say so), or, with no candidate left, fails saying
	 * what to set. A page that cannot tell (one the guessed parameter was not sent with, as a resumed page 1)
	 * leaves the guess for the next. A guess with no such judgement of the page is confirmed by the walk's loop
	 * guards instead (failGuess).
	 */
	private confirmGuess(page: FetchedPage): boolean {
		const pending = this.judgeableGuess();
		if (!pending) return false;
		const verdict = pending.guess.ignored?.(page);
		if (verdict === undefined) return false;
		return this.settleGuess(pending.guess, verdict, pending.sent, 'page 2 did not follow page 1', page);
	}

	/**
	 * A page asked for with a guessed name that the API refused (400, 404, 410, 422: many APIs refuse a parameter they
	 * do not know) judges the guess as a page 1 again would: the next name is tried, or the walk fails saying what to
	 * set. True: ask for the page again.
	 */
	private refusedGuess(number: number, error: unknown): boolean {
		if (!(number === 2 || (number === 1 && this.options.resume)) || !isStalePageRefusal(error)) return false;
		const pending = this.judgeableGuess();
		if (!pending) return false;
		const status = error instanceof NodeApiError && error.httpCode ? ` with ${error.httpCode}` : '';
		return this.settleGuess(pending.guess, true, pending.sent, `page 2 was refused${status}`);
	}

	/** The pending guess when the page just asked for can judge it: it was sent with the guessed parameter (a link is followed as it is). */
	private judgeableGuess(): { guess: Guess; sent: string | undefined } | undefined {
		const { guess, pagination } = this;
		if (!guess?.ignored || !pagination) return undefined;
		const sent = this.parameterName();
		// Only a page asked for with the guessed parameter can judge it (a walk resumed at page 1 cannot).
		if (pagination.mode !== 'nextUrl' && (sent === undefined || !(sent in (this.request.query ?? {})))) return undefined;
		return { guess, sent };
	}

	/**
	 * Page 2 judged the guess: it holds (the pagination drops its marks), or the API ignored it; then the request
	 * is renamed to the next candidate (true: ask again, and say so), or, with none left, the walk fails saying what
	 * to set.
	 */
	private settleGuess(guess: Guess, ignored: boolean, sent: string | undefined, why: string, page?: FetchedPage): boolean {
		this.guess = undefined;
		this.pagination = settledGuess(this.pagination!);
		if (!ignored) return false;
		const [candidate, ...rest] = guess.candidates;
		if (candidate === undefined) {
			if (!guess.failure) return false;
			const error = guess.failure(page, guess.tried);
			// The editor's sample shows the page it got with what was said (a page 1 again is no page there); a run fails.
			if (!this.options.onMoreUnreachable) throw error;
			this.options.onMoreUnreachable(error.message, error);
			return false;
		}
		const query = { ...(this.request.query ?? {}) };
		const settled = { ...(this.pagination as unknown as Record<string, unknown>) };
		for (const [field, name] of Object.entries(candidate)) {
			const before = settled[field];
			if (typeof before === 'string' && before in query) {
				if (name) query[name] = query[before];
				delete query[before];
			}
			if (name) settled[field] = name;
			else delete settled[field];
		}
		this.pagination = settled as unknown as ResolvedPagination;
		this.strategy = strategyFor(this.pagination);
		this.request = { ...this.request, query };
		const now = this.parameterName() ?? '';
		if (rest.length > 0 || guess.failure) this.guess = { ...guess, candidates: rest, tried: [...guess.tried, now] };
		this.options.onDetected?.(`Pagination (automatic): the API ignored "${sent ?? ''}" (${why}), so it is sent as "${now}".`);
		return true;
	}

	/** A loop guard fired on page 2 while a guess was still unconfirmed: the guess failed, and its own message says what to set. */
	private failGuess(number: number, last: FetchedPage): void {
		if (number === 2 && this.guess?.failure) throw this.guess.failure(last, this.guess.tried);
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
		if (this.options.settings.mode === 'off') {
			this.checkNotCutAtAskedSize(last);
			return;
		}
		const more = moreSignalled(last, { read: this.returned, resumed: this.options.resume !== undefined, page: number, unpaged: !this.strategy });
		if (more) {
			const how = this.strategy ? `the ${this.strategy.description} pagination names no page after page ${number}` : 'the answer names no next page, cursor or way to ask for one';
			const error = this.fail(
				`The API said more entries follow (${more}), but ${how}`,
				`Read ${this.returned} entries on ${number} page${number === 1 ? '' : 's'} so far; returning them as the whole list would lose the rest. ${HOW_TO_SET_PAGINATION}`,
			);
			if (!this.options.onMoreUnreachable) throw error;
			this.options.onMoreUnreachable(more, error);
			return;
		}
		if (!this.strategy && number === 1) {
			const doubt = reasonToDoubtCompleteness(last.entries.length, last.query);
			if (doubt) {
				this.options.onDoubtedEnd?.();
				this.options.onDetected?.(
					`Pagination (automatic): the response named no next page, so it was taken as complete, but it held ${last.entries.length} entries, ${doubt}. If entries are missing, set Options > Pagination explicitly.`,
				);
			}
		}
	}

	/**
	 * Off asks for one page; where it also asked for a size (Page Size Parameter) to get the whole list at once, an
	 * answer holding exactly that many entries may have been cut there, so Return All fails rather than return it.
	 */
	private checkNotCutAtAskedSize(last: FetchedPage): void {
		const parameter = this.options.settings.pageSizeParameter?.trim();
		const asked = this.options.settings.pageSize;
		if (this.options.limit !== undefined || !parameter || asked === undefined || last.entries.length < asked) return;
		const error = this.fail(
			`The answer holds ${last.entries.length} entries, the ${asked} asked for with "${parameter}": the list may go on past them`,
			`Pagination is Off, so nothing asks for more. Raise Options > Pagination > Page Size above the number of entries the list can hold, or narrow the query (a date range, a filter).`,
		);
		// The editor shows what the one answer holds, with this notice, as it does for any list it cannot walk on.
		if (!this.options.onMoreUnreachable) throw error;
		this.options.onMoreUnreachable(`the answer holds the ${asked} entries asked for with "${parameter}"`, error);
	}

	private checkNotLooping(number: number, next: PageRequest, last: FetchedPage): void {
		const description = this.strategy?.description ?? '';
		const entries = last.entries;
		if (next.marker !== undefined) {
			if (this.seenMarkers.has(next.marker)) {
				this.failGuess(number, last);
				throw this.fail(
					`The API pointed back to a page it already gave (${description}, at page ${number})`,
					'Stopped to avoid an endless loop. Check the query parameters, or set Options > Pagination explicitly.',
				);
			}
			this.seenMarkers.add(next.marker);
		}
		const current = fingerprint(entries);
		if (current === this.previousFingerprint) {
			this.failGuess(number, last);
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

/**
 * A page parameter Automatic mode guessed on page 1, carried until the next page confirms it: the names still
 * to try in order, how a page shows the API ignored the one sent, and what to say once none is left.
 */
interface Guess {
	/** Each candidate: the pagination fields it renames and their new names ('' drops the field). */
	candidates: Array<Record<string, string>>;
	/** The names sent so far, for the message once none worked. */
	tried: string[];
	/** Whether the page after page 1 shows the API ignored the parameter (undefined: it cannot tell); without it the loop guards judge. */
	ignored?: (page: FetchedPage) => boolean | undefined;
	/** The error once no candidate is left (given the page that showed it, when a loop guard did); without it the walk goes on and its guards judge. */
	failure?: (last: FetchedPage | undefined, tried: string[]) => NodeOperationError;
}

/**
 * Whether page 2 brings nothing new: every entry one of page 1 where this walk saw page 1 (an API that ignored the
 * parameter answers page 1 again; a list that shifted by an entry between the two requests still brings new ones),
 * else page 1's fingerprint again.
 */
function bringsNothingNew(entries: unknown[], firstPage: unknown[] | undefined, firstPrint: string | undefined): boolean {
	if (entries.length === 0) return false;
	if (firstPage) {
		const known = new Set(firstPage.map((entry) => identityText(entry)));
		return entries.every((entry) => known.has(identityText(entry)));
	}
	return firstPrint !== undefined && hashText(fingerprint(entries)) === firstPrint;
}

function quoted(names: string[]): string {
	return names.map((name) => `"${name}"`).join(', ');
}

/** The field that holds the page parameter's name, per mode. */
const PARAMETER_FIELDS: Partial<Record<ResolvedPagination['mode'], string>> = {
	cursor: 'cursorParameter',
	pageNumber: 'pageParameter',
	offset: 'offsetParameter',
	afterLast: 'afterParameter',
};

/** The pagination without the marks of a pending guess, once the guess is judged. */
function settledGuess(pagination: ResolvedPagination): ResolvedPagination {
	if (pagination.mode === 'off' || pagination.mode === 'pageNumber') return pagination;
	const settled: Record<string, unknown> = { ...pagination };
	for (const mark of GUESS_MARKS) delete settled[mark];
	return settled as unknown as ResolvedPagination;
}

/** The fields that carry a pending guess, dropped once page 2 judged it. */
const GUESS_MARKS = ['unverified', 'firstPageFingerprint', 'cursorAlternative', 'cursorAlternatives', 'offsetCandidates', 'limitCandidates'] as const;
