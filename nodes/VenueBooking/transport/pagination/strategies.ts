/**
 * Pagination settings and strategies: how the next page is asked for (next URL in the body or Link header,
 * cursor, page number, offset) and read from a fetched page.
 */
import type { IDataObject } from 'n8n-workflow';
import { isPlainObject, readPath } from '../json';
import { type ApiResponse, headerValue } from '../request';

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

/**
 * One way of walking pages. Strategies keep no state between pages: everything they need is in the last
 * page's request and response, so a walk can resume from a stored request in a later poll. `pageSize` is
 * how many entries are still wanted, when a limit applies.
 */
export interface PaginationStrategy {
	/** For the user: what was used, e.g. `cursor (next cursor from "meta.next", sent as "cursor")`. */
	readonly description: string;
	first(pageSize: number | undefined): PageRequest;
	/** The request for the page after `last`, or undefined when `last` was the final page. */
	next(last: FetchedPage, pageSize: number | undefined): PageRequest | undefined;
}

/** Reads a value from the body by dot path, or from a header when the path is `header:<Name>`. */
function readMarker(response: ApiResponse, path: string): unknown {
	if (path.toLowerCase().startsWith('header:')) return headerValue(response.headers, path.slice('header:'.length).trim());
	return readPath(response.body, path);
}

function withSize(query: IDataObject, parameter: string | undefined, size: number | undefined): IDataObject {
	if (parameter?.trim() && size !== undefined) query[parameter.trim()] = size;
	return query;
}

/** Whether the body says outright that no page follows (`has_more: false` and the like). */
function saysNoMore(body: unknown, hasMorePath: string | undefined): boolean {
	if (!hasMorePath || !isPlainObject(body)) return false;
	return readPath(body, hasMorePath) === false;
}

/** A number the response states at a body path or `header:<Name>`; NaN when absent or not a number. */
export function numberAt(response: ApiResponse, path: string | undefined): number {
	return path ? Number(readMarker(response, path)) : NaN;
}

/** The next page is the URL the previous one names, in a body field or in a `Link: rel="next"` header. */
function nextUrlStrategy(nextUrlPath: string | undefined): PaginationStrategy {
	return {
		description: nextUrlPath ? `next URL from "${nextUrlPath}"` : 'next URL from the Link header',
		first: () => ({}),
		next(last) {
			const raw = nextUrlPath
				? readMarker(last.response, nextUrlPath)
				: nextLinkFromHeader(headerValue(last.response.headers, 'link'));
			if (!isScalarMarker(raw)) return undefined;
			// Relative links resolve against the page that gave them, as a browser would.
			const url = new URL(String(raw), last.response.url).toString();
			return { url, marker: url };
		},
	};
}

/** The next page is asked for by sending back the cursor the previous page gave. */
function cursorStrategy(parameter: string, path: string, settings: ResolvedPagination): PaginationStrategy {
	const sizeParameter = settings.pageSizeParameter;
	return {
		description: `cursor (next cursor from "${path}", sent as "${parameter}")`,
		first: (pageSize) => ({ query: withSize({}, sizeParameter, pageSize) }),
		next(last, pageSize) {
			if (saysNoMore(last.response.body, settings.hasMorePath)) return undefined;
			const cursor = readMarker(last.response, path);
			if (!isScalarMarker(cursor)) return undefined;
			return { query: withSize({ [parameter]: cursor }, sizeParameter, pageSize), marker: String(cursor) };
		},
	};
}

/** Pages are numbered; the walk ends on an empty page or at the total the response states. */
function pageNumberStrategy(parameter: string, settings: ResolvedPagination): PaginationStrategy {
	const firstPage = settings.firstPage ?? 1;
	const sizeParameter = settings.pageSizeParameter;
	return {
		description: `page number (sent as "${parameter}", from ${firstPage})`,
		first: (pageSize) => ({ query: withSize({ [parameter]: firstPage }, sizeParameter, pageSize) }),
		next(last) {
			const stated = numberAt(last.response, settings.currentPagePath);
			const sent = Number(last.query[parameter]);
			const current = Number.isFinite(stated) ? stated : Number.isFinite(sent) ? sent : firstPage;
			const totalPages = numberAt(last.response, settings.totalPagesPath);
			if (Number.isFinite(totalPages) && current >= totalPages + firstPage - 1) return undefined;
			const page = current + 1;
			// The size stays what the walk started with: changing it mid-walk would shift page boundaries.
			const size = sizeParameter ? last.query[sizeParameter] : undefined;
			const query = withSize({ [parameter]: page }, sizeParameter, size === undefined ? undefined : Number(size));
			return { query, marker: String(page) };
		},
	};
}

/** Entries are addressed by offset; the next offset is the previous plus what it returned. */
function offsetStrategy(parameter: string, settings: ResolvedPagination): PaginationStrategy {
	const limitParameter = settings.limitParameter;
	return {
		description: `offset (sent as "${parameter}"${limitParameter ? ` with "${limitParameter}"` : ''})`,
		first: (pageSize) => ({ query: withSize({ [parameter]: 0 }, limitParameter, pageSize) }),
		next(last, pageSize) {
			const sent = Number(last.query[parameter]);
			const stated = numberAt(last.response, settings.offsetPath);
			const start = Number.isFinite(sent) ? sent : Number.isFinite(stated) ? stated : 0;
			const offset = start + last.entries.length;
			const total = numberAt(last.response, settings.totalPath);
			if (Number.isFinite(total) && offset >= total) return undefined;
			return { query: withSize({ [parameter]: offset }, limitParameter, pageSize), marker: String(offset) };
		},
	};
}

/** The option a chosen mode cannot work without, when it is empty; checked before any request. */
export function missingSetting(settings: ResolvedPagination): string | undefined {
	const needs: Partial<Record<ResolvedPagination['mode'], Array<[string | undefined, string]>>> = {
		cursor: [
			[settings.cursorParameter, 'Cursor Parameter'],
			[settings.cursorPath, 'Next Cursor Field'],
		],
		pageNumber: [[settings.pageParameter, 'Page Parameter']],
		offset: [[settings.offsetParameter, 'Offset Parameter']],
	};
	return (needs[settings.mode] ?? []).find(([value]) => !value?.trim())?.[1];
}

function required(value: string | undefined): string {
	return (value ?? '').trim();
}

/** The strategy for settled settings (checked with missingSetting first); undefined for Off. */
export function strategyFor(settings: ResolvedPagination): PaginationStrategy | undefined {
	switch (settings.mode) {
		case 'nextUrl':
			return nextUrlStrategy(settings.nextUrlPath?.trim() || undefined);
		case 'cursor':
			return cursorStrategy(required(settings.cursorParameter), required(settings.cursorPath), settings);
		case 'pageNumber':
			return pageNumberStrategy(required(settings.pageParameter), settings);
		case 'offset':
			return offsetStrategy(required(settings.offsetParameter), settings);
		default:
			return undefined;
	}
}

/** How Get Many walks through pages; the user's choice in Options > Pagination. */
export type PaginationMode = 'auto' | 'off' | 'nextUrl' | 'cursor' | 'pageNumber' | 'offset';

export interface PaginationSettings {
	mode: PaginationMode;
	/** Next URL: dot path of the next page's URL in the body; empty reads the `Link: rel="next"` header. */
	nextUrlPath?: string;
	/** Cursor: the query parameter that carries the cursor. */
	cursorParameter?: string;
	/** Cursor: dot path of the next cursor in the body, or `header:<Name>` for a response header. */
	cursorPath?: string;
	/** Page Number: the query parameter of the page number, and the number of the first page. */
	pageParameter?: string;
	firstPage?: number;
	/** Offset: the query parameters of the offset and of the page length. */
	offsetParameter?: string;
	limitParameter?: string;
	/** Page Number and Cursor: an optional query parameter for the page size. */
	pageSizeParameter?: string;
	/** The page size to ask for, when a page-size (or limit) parameter is known. */
	pageSize?: number;
	/** Safety cap: more pages than this is an error, never an endless loop. */
	maxPages: number;
}

/**
 * A strategy with every detail settled (explicit or detected), as plain JSON: the trigger stores it to
 * resume a walk in a later poll. The optional paths are what automatic detection found in responses.
 */
export interface ResolvedPagination {
	mode: Exclude<PaginationMode, 'auto'>;
	nextUrlPath?: string;
	cursorParameter?: string;
	cursorPath?: string;
	hasMorePath?: string;
	pageParameter?: string;
	firstPage?: number;
	currentPagePath?: string;
	totalPagesPath?: string;
	offsetParameter?: string;
	limitParameter?: string;
	offsetPath?: string;
	totalPath?: string;
	pageSizeParameter?: string;
}

export const DEFAULT_MAX_PAGES = 10_000;

export const DEFAULT_PAGINATION: PaginationSettings = { mode: 'auto', maxPages: DEFAULT_MAX_PAGES };

/**
 * The `rel="next"` target of an RFC 8288 Link header, e.g. `<https://x/api?page=2>; rel="next"`.
 * Relations may be listed together (`rel="next last"`) and parameters may come in any order.
 */
export function nextLinkFromHeader(header: string | undefined): string | undefined {
	return linkFromHeader(header, 'next');
}

/** The target of the link with relation `rel` (e.g. "last") in an RFC 8288 Link header. */
export function linkFromHeader(header: string | undefined, rel: string): string | undefined {
	if (!header) return undefined;
	for (const part of splitLinks(header)) {
		const match = /^\s*<([^>]*)>(.*)$/s.exec(part);
		if (!match) continue;
		const relation = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2]);
		const relations = (relation?.[1] ?? relation?.[2] ?? '').toLowerCase().split(/\s+/);
		if (relations.includes(rel)) return match[1];
	}
	return undefined;
}

/** Splits on the commas between links, not the commas inside `<...>` or quoted parameters. */
function splitLinks(header: string): string[] {
	const parts: string[] = [];
	let depth = '';
	let start = 0;
	for (let i = 0; i < header.length; i++) {
		const char = header[i];
		if (depth === '' && (char === '<' || char === '"')) depth = char === '<' ? '>' : '"';
		else if (char === depth) depth = '';
		else if (depth === '' && char === ',') {
			parts.push(header.slice(start, i));
			start = i + 1;
		}
	}
	parts.push(header.slice(start));
	return parts;
}

/** Whether a value can be a next-page marker (a cursor, a page, an offset): non-empty text or a finite number. */
export function isScalarMarker(value: unknown): value is string | number {
	return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}
