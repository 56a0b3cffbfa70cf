/**
 * The walk over a list's pages: in order, de-duplicated, bounded by Max Pages and Limit, with pages fetched
 * ahead where their addresses are predictable.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { canonicalJson } from '../json';
import type { ApiClient } from '../request';
import type { ApiRequest, ApiResponse } from '../request';
import { listAt, locateList, type ListLocation } from '../response';
import { describeWindow } from '../adaptiveWindow';
import { PagePrefetcher } from './prefetch';
import { reasonToDoubtCompleteness } from './detect';
import { detectPagination } from './detect';
import { addressPages } from './prefetch';
import type { PaginationSettings, ResolvedPagination } from './strategies';
import { missingSetting, strategyFor, type PageRequest, type PaginationStrategy } from './strategies';

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
	/** The settled pagination once known (after page 1 in Automatic mode); undefined if there is none. */
	pagination: ResolvedPagination | undefined;
}

/** Query parameters an explicit strategy writes itself; the user's query must leave them to it. */
function controlledParameters(settings: PaginationSettings): string[] {
	const byMode: Partial<Record<PaginationSettings['mode'], Array<string | undefined>>> = {
		cursor: [settings.cursorParameter, settings.pageSizeParameter],
		pageNumber: [settings.pageParameter, settings.pageSizeParameter],
		offset: [settings.offsetParameter, settings.limitParameter],
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

/**
 * Walks the pages of a list endpoint and yields them one by one, so callers can stop early (Limit) and
 * never hold more than they need. Ends on an empty page, on a page without a next marker, or when the
 * limit is reached; a marker seen twice, a page identical to the one before it, or more than Max Pages
 * pages is an error, never an endless loop.
 */
export async function* walkPages(client: ApiClient, base: ApiRequest, options: WalkOptions): AsyncGenerator<WalkedPage> {
	const ahead: Ahead = {};
	try {
		yield* walkInOrder(client, base, options, ahead);
	} finally {
		// However the walk ended (end of list, Limit, an error), nothing more is fetched ahead.
		ahead.prefetch?.stop();
		const message = ahead.prefetch ? describeWindow(ahead.prefetch.window.summary(), 'pages') : undefined;
		if (message) options.onConcurrency?.(message);
	}
}

/** Pages fetched ahead of the walk, once its first page shows they can be addressed directly. */
interface Ahead {
	prefetch?: PagePrefetcher;
}

async function* walkInOrder(client: ApiClient, base: ApiRequest, options: WalkOptions, ahead: Ahead): AsyncGenerator<WalkedPage> {
	const { settings, limit } = options;
	const fail = (message: string, description: string) =>
		new NodeOperationError(client.node, message, { description, itemIndex: base.itemIndex });
	let pagination = options.resume?.pagination ?? settledFromSettings(settings);
	const missing = pagination ? missingSetting(pagination) : undefined;
	if (missing) {
		throw fail(`Pagination needs the "${missing}" option for the chosen mode`, 'Set it under Options > Pagination.');
	}
	const clash = settings.mode === 'auto' ? undefined : controlledParameters(settings).find((name) => name in (base.query ?? {}));
	if (clash) {
		throw fail(
			`The query parameter "${clash}" is also set by Options > Pagination`,
			'Pagination sends it on every page. Remove it from the query parameters, or set Pagination to Off to send it yourself.',
		);
	}
	let strategy: PaginationStrategy | undefined = pagination ? strategyFor(pagination) : undefined;
	const detecting = pagination === undefined;
	// A page size is only ever sent through a parameter the user named, so the API's own default holds otherwise.
	const sizeFor = (remaining: number | undefined) =>
		settings.pageSize !== undefined && remaining !== undefined
			? Math.min(settings.pageSize, remaining)
			: settings.pageSize ?? remaining;

	let request: PageRequest = options.resume?.request ?? (strategy ? strategy.first(sizeFor(limit)) : {});
	let location: ListLocation | undefined;
	const seenMarkers = new Set<string>();
	let previousFingerprint = '';
	let returned = 0;

	for (let number = 1; ; number++) {
		if (number > settings.maxPages) {
			throw fail(
				`Stopped after ${settings.maxPages} pages (the Max Pages limit) and the API still offered more`,
				'If the list really is that long, raise Options > Max Pages; otherwise set Options > Pagination explicitly.',
			);
		}
		const query: IDataObject = { ...(base.query ?? {}), ...(request.query ?? {}) };
		const response = await (ahead.prefetch?.take(number, request) ?? client.send({ ...base, query, url: request.url }));
		location ??= locateList(response.body, options.itemsPath);
		const entries = listAt(response.body, location);
		if (entries === undefined && number > 1) {
			throw fail(
				`Page ${number} of the list has no list where page 1 had one`,
				'The API changed the shape of its answer between pages. Set Options > Items Field if the list sits in a named field.',
			);
		}
		if (entries === undefined && options.itemsPath) {
			throw fail(
				`The response has no list at "${options.itemsPath}" (the Items Field option)`,
				'Clear the Items Field option to detect the list automatically, or correct the path.',
			);
		}
		if (detecting && number === 1 && entries !== undefined && entries.length > 0) {
			pagination = detectPagination({ query, response, entries }) ?? { mode: 'off' };
			strategy = strategyFor(pagination);
			const doubt = strategy || (limit !== undefined && entries.length >= limit) ? undefined : reasonToDoubtCompleteness(entries.length, query);
			if (strategy) options.onDetected?.(`Pagination (automatic): ${strategy.description}`);
			else if (doubt) {
				options.onDetected?.(
					`Pagination (automatic): the response named no next page, so it was taken as complete, but it held ${entries.length} entries, ${doubt}. If entries are missing, set Options > Pagination explicitly.`,
				);
			}
		}
		yield { number, query, response, entries, request, pagination };
		if (entries === undefined || entries.length === 0) return;
		returned += entries.length;
		if (limit !== undefined && returned >= limit) return;
		if (!strategy) return;

		const next = strategy.next({ query, response, entries }, sizeFor(limit === undefined ? undefined : limit - returned));
		if (!next) return;
		if (next.marker !== undefined) {
			if (seenMarkers.has(next.marker)) {
				throw fail(
					`The API pointed back to a page it already gave (${strategy.description}, at page ${number})`,
					'Stopped to avoid an endless loop. Check the query parameters, or set Options > Pagination explicitly.',
				);
			}
			seenMarkers.add(next.marker);
		}
		const current = fingerprint(entries);
		if (current === previousFingerprint) {
			throw fail(
				`The API returned the same page twice in a row (page ${number}, ${strategy.description})`,
				'The API ignored the pagination parameter, so the walk stopped instead of looping. Set Options > Pagination to match the API.',
			);
		}
		previousFingerprint = current;
		request = next;
		if (number === 1 && pagination && limit === undefined && (options.parallel ?? 1) > 1) {
			const address = addressPages(pagination, { query, response, entries }, next);
			if (address && address.count > 2) {
				ahead.prefetch = new PagePrefetcher(client, base, address, Math.min(address.count, settings.maxPages), options.parallel ?? 1, 2);
			}
		}
	}
}
