import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, readPath } from '../paths';
import { headerValue, type ApiResponse } from '../request';
import { nextLinkFromHeader } from './linkHeader';

/** A page as the walker saw it: what was asked, what came back, and the entries found in it. */
export interface FetchedPage {
	query: IDataObject;
	response: ApiResponse;
	entries: unknown[];
}

/** What to send for a page: extra query parameters, or a whole URL the server gave. */
export interface PageRequest {
	query?: IDataObject;
	url?: string;
	/** The value that identifies this page's position; seeing it twice means the server is looping. */
	marker?: string;
}

/** One way of walking pages. `pageSize` is how many entries are still wanted, when a limit applies. */
export interface PaginationStrategy {
	/** For the user: what was used, e.g. `cursor (next cursor from "meta.next", sent as "cursor")`. */
	readonly description: string;
	first(pageSize: number | undefined): PageRequest;
	/** The request for the page after `last`, or undefined when `last` was the final page. */
	next(last: FetchedPage, pageSize: number | undefined): PageRequest | undefined;
}

/** Reads a value from the body by dot path, or from a header when the path is `header:<Name>`. */
export function readMarker(response: ApiResponse, path: string): unknown {
	if (path.toLowerCase().startsWith('header:')) return headerValue(response.headers, path.slice('header:'.length).trim());
	return readPath(response.body, path);
}

function isPresent(value: unknown): value is string | number {
	return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}

function withSize(query: IDataObject, parameter: string | undefined, size: number | undefined): IDataObject {
	if (parameter && size !== undefined) query[parameter] = size;
	return query;
}

/** Whether the body says outright that no page follows (`has_more: false` and the like). */
function saysNoMore(body: unknown, hasMorePath: string | undefined): boolean {
	if (!hasMorePath || !isPlainObject(body)) return false;
	return readPath(body, hasMorePath) === false;
}

/** The next page is the URL the previous one names, in a body field or in a `Link: rel="next"` header. */
export function nextUrlStrategy(nextUrlPath: string | undefined): PaginationStrategy {
	const fromHeader = !nextUrlPath;
	return {
		description: fromHeader ? 'next URL from the Link header' : `next URL from "${nextUrlPath}"`,
		first: () => ({}),
		next(last) {
			const raw = fromHeader
				? nextLinkFromHeader(headerValue(last.response.headers, 'link'))
				: readMarker(last.response, nextUrlPath);
			if (!isPresent(raw)) return undefined;
			// Relative links resolve against the page that gave them, as a browser would.
			const url = new URL(String(raw), last.response.url).toString();
			return { url, marker: url };
		},
	};
}

export interface CursorOptions {
	parameter: string;
	path: string;
	pageSizeParameter?: string;
	hasMorePath?: string;
}

/** The next page is asked for by sending back the cursor the previous page gave. */
export function cursorStrategy(options: CursorOptions): PaginationStrategy {
	return {
		description: `cursor (next cursor from "${options.path}", sent as "${options.parameter}")`,
		first: (pageSize) => ({ query: withSize({}, options.pageSizeParameter, pageSize) }),
		next(last, pageSize) {
			if (saysNoMore(last.response.body, options.hasMorePath)) return undefined;
			const cursor = readMarker(last.response, options.path);
			if (!isPresent(cursor)) return undefined;
			const query = withSize({ [options.parameter]: cursor }, options.pageSizeParameter, pageSize);
			return { query, marker: String(cursor) };
		},
	};
}

export interface PageNumberOptions {
	parameter: string;
	firstPage: number;
	pageSizeParameter?: string;
	/** Where the response states the number of pages, when it does; saves the final empty request. */
	totalPagesPath?: string;
	/** Where the response states the page it returned, when it does. */
	currentPagePath?: string;
}

/** Pages are numbered; the walk ends on an empty page or at the total the response states. */
export function pageNumberStrategy(options: PageNumberOptions): PaginationStrategy {
	let fixedSize: number | undefined;
	return {
		description: `page number (sent as "${options.parameter}", from ${options.firstPage})`,
		first(pageSize) {
			// The size is fixed on the first request: changing it mid-walk would shift page boundaries.
			fixedSize = pageSize;
			return { query: withSize({ [options.parameter]: options.firstPage }, options.pageSizeParameter, fixedSize) };
		},
		next(last) {
			const sent = Number(last.query[options.parameter]);
			const stated = options.currentPagePath ? Number(readMarker(last.response, options.currentPagePath)) : NaN;
			const current = Number.isFinite(stated) ? stated : sent;
			const totalPages = options.totalPagesPath ? Number(readMarker(last.response, options.totalPagesPath)) : NaN;
			if (Number.isFinite(totalPages) && current >= totalPages + options.firstPage - 1) return undefined;
			const page = current + 1;
			return {
				query: withSize({ [options.parameter]: page }, options.pageSizeParameter, fixedSize),
				marker: String(page),
			};
		},
	};
}

export interface OffsetOptions {
	offsetParameter: string;
	limitParameter?: string;
	/** Where the response states the total number of entries, when it does. */
	totalPath?: string;
	/** Where the response states the offset it returned, for a first request that sent none. */
	offsetPath?: string;
}

/** Entries are addressed by offset; the next offset is the previous plus what it returned. */
export function offsetStrategy(options: OffsetOptions): PaginationStrategy {
	return {
		description: `offset (sent as "${options.offsetParameter}"${options.limitParameter ? ` with "${options.limitParameter}"` : ''})`,
		first: (pageSize) => ({ query: withSize({ [options.offsetParameter]: 0 }, options.limitParameter, pageSize) }),
		next(last, pageSize) {
			const sent = Number(last.query[options.offsetParameter]);
			const stated = options.offsetPath ? Number(readMarker(last.response, options.offsetPath)) : NaN;
			const start = Number.isFinite(sent) ? sent : Number.isFinite(stated) ? stated : 0;
			const offset = start + last.entries.length;
			const total = options.totalPath ? Number(readMarker(last.response, options.totalPath)) : NaN;
			if (Number.isFinite(total) && offset >= total) return undefined;
			return {
				query: withSize({ [options.offsetParameter]: offset }, options.limitParameter, pageSize),
				marker: String(offset),
			};
		},
	};
}
