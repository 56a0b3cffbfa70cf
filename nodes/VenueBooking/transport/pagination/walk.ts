import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import type { ApiClient, ApiRequest } from '../request';
import { listAt, locateList, type ListLocation } from '../responseItems';
import { detectStrategy } from './detect';
import type { PaginationSettings } from './settings';
import {
	cursorStrategy,
	nextUrlStrategy,
	offsetStrategy,
	pageNumberStrategy,
	type FetchedPage,
	type PageRequest,
	type PaginationStrategy,
} from './strategies';

export interface WalkOptions {
	settings: PaginationSettings;
	/** Stop once this many entries have been returned; undefined walks to the end. */
	limit?: number;
	/** The user's override of where the list sits in each response. */
	itemsPath?: string;
	/** Told once what Automatic mode used, so the user can see it (and override it). */
	onDetected?: (description: string) => void;
}

/** A page and its entries; `entries` is undefined when the response held no list at all. */
export interface WalkedPage extends Omit<FetchedPage, 'entries'> {
	entries: unknown[] | undefined;
	number: number;
}

/** The strategy the user chose explicitly; undefined for Automatic and Off. */
export function explicitStrategy(settings: PaginationSettings): PaginationStrategy | undefined {
	switch (settings.mode) {
		case 'nextUrl':
			return nextUrlStrategy(settings.nextUrlPath?.trim() || undefined);
		case 'cursor':
			return cursorStrategy({
				parameter: required(settings.cursorParameter, 'Cursor Parameter'),
				path: required(settings.cursorPath, 'Next Cursor Field'),
				pageSizeParameter: settings.pageSizeParameter?.trim() || undefined,
			});
		case 'pageNumber':
			return pageNumberStrategy({
				parameter: required(settings.pageParameter, 'Page Parameter'),
				firstPage: settings.firstPage ?? 1,
				pageSizeParameter: settings.pageSizeParameter?.trim() || undefined,
			});
		case 'offset':
			return offsetStrategy({
				offsetParameter: required(settings.offsetParameter, 'Offset Parameter'),
				limitParameter: settings.limitParameter?.trim() || undefined,
			});
		default:
			return undefined;
	}
}

class MissingSettingError extends Error {}

function required(value: string | undefined, label: string): string {
	const trimmed = value?.trim();
	if (!trimmed) throw new MissingSettingError(`Pagination needs the "${label}" option for the chosen mode`);
	return trimmed;
}

/** A cheap fingerprint of a page: equal fingerprints on consecutive pages mean the server repeats itself. */
function fingerprint(entries: unknown[]): string {
	if (entries.length === 0) return '';
	return `${entries.length}|${JSON.stringify(entries[0])}|${JSON.stringify(entries[entries.length - 1])}`;
}

/**
 * Walks the pages of a list endpoint and yields them one by one, so callers can stop early (Limit) and
 * never hold more than they need. Ends on an empty page, on a page without a next marker, or when the
 * limit is reached; a marker seen twice, a page identical to the one before it, or more than Max Pages
 * pages is an error, never an endless loop.
 */
export async function* walkPages(client: ApiClient, base: ApiRequest, options: WalkOptions): AsyncGenerator<WalkedPage> {
	const { settings, limit } = options;
	const fail = (message: string, description: string) =>
		new NodeOperationError(client.node, message, { description, itemIndex: base.itemIndex });
	let strategy: PaginationStrategy | undefined;
	try {
		strategy = explicitStrategy(settings);
	} catch (error) {
		if (error instanceof MissingSettingError) throw fail(error.message, 'Set it under Options > Pagination.');
		throw error;
	}
	// A page size is only ever sent through a parameter the user named, so the API's own default holds otherwise.
	const sizeFor = (remaining: number | undefined) =>
		settings.pageSize !== undefined && remaining !== undefined
			? Math.min(settings.pageSize, remaining)
			: settings.pageSize ?? remaining;

	let request: PageRequest = strategy ? strategy.first(sizeFor(limit)) : {};
	let location: ListLocation | undefined;
	const seenMarkers = new Set<string>();
	let previousFingerprint = '';
	let returned = 0;

	for (let number = 1; ; number++) {
		if (number > settings.maxPages) {
			throw fail(
				`Stopped after ${settings.maxPages} pages (the Max Pages limit) and the API still offered more`,
				'If the list really is that long, raise Options > Pagination > Max Pages; otherwise set the pagination mode explicitly.',
			);
		}
		const query: IDataObject = { ...(base.query ?? {}), ...(request.query ?? {}) };
		const response = await client.send({ ...base, query, url: request.url });
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
		const page: WalkedPage = { query, response, entries, number };
		yield page;
		if (entries === undefined || entries.length === 0) return;
		returned += entries.length;
		if (limit !== undefined && returned >= limit) return;

		if (settings.mode === 'auto' && number === 1) {
			strategy = detectStrategy({ query, response, entries });
			options.onDetected?.(
				strategy
					? `Pagination (automatic): ${strategy.description}`
					: 'Pagination (automatic): the response named no next page, so it was taken as complete. If entries are missing, set Options > Pagination explicitly.',
			);
		}
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
	}
}
