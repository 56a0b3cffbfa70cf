/**
 * Pagination settings and strategies: how the next page is asked for (next URL in the body or Link header,
 * cursor, the last entry's identity, page number, offset) and read from a fetched page, and when a page is
 * the last one (a more-flag saying so, a stated total reached, a page shorter than the pages before it).
 */
import type { IDataObject } from 'n8n-workflow';
import { IDENTITY_FIELD, keyWords, LINK_HEADER, LINK_RELATIONS, MARKER_NAMES, normalizeKey, speaksOfDone } from '../../conventions';
import { isPlainObject, readPath } from '../json';
import { type ApiResponse, headerValue } from '../request';

/** A page as the walker saw it: what was asked, what came back, and the entries found in it. */
export interface FetchedPage {
	query: IDataObject;
	response: ApiResponse;
	entries: unknown[];
	/**
	 * How many entries the walk's first page held, when the walk started at the first page: pages of a
	 * numbered or offset list are that long until the last, so a shorter one ends the list.
	 */
	firstPageLength?: number;
}

/** What to send for a page: extra query parameters, or a whole URL the server gave. */
export interface PageRequest {
	query?: IDataObject;
	url?: string;
	/** The value that identifies this page's position; seeing it twice means the server is looping. */
	marker?: string;
	/**
	 * Asked for without the API's word that it exists: a page number or offset counted on past a full page,
	 * with no total or more-flag to confirm it. An API may refuse such a page (404 past the end), which then
	 * ends the list rather than failing it.
	 */
	guessed?: boolean;
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

/** More-flags that are true on the LAST page, so they read the other way round (the registry's done-flags). */
export const FINISHED_FLAG_KEYS = MARKER_NAMES.doneFlag;

function flagKey(path: string): string {
	return path.slice(path.lastIndexOf('.') + 1).replace(/^header:/i, '');
}

/** Whether a flag is true on the last page: a registry done-flag, or a key whose words speak of the end (`endOfList`). */
function readsBackwards(path: string): boolean {
	const key = flagKey(path);
	return FINISHED_FLAG_KEYS.has(normalizeKey(key)) || speaksOfDone(keyWords(key));
}

/**
 * What a more-flag at `path` says: true when more entries follow, false when this is the last page, undefined
 * when there is no such flag (or it holds something other than a boolean). `has_more: true` and
 * `isLast: false` both mean more.
 */
export function flagSaysMore(response: ApiResponse, path: string | undefined): boolean | undefined {
	if (!path) return undefined;
	const raw = readMarker(response, path);
	const value = raw === 'true' ? true : raw === 'false' ? false : raw;
	if (typeof value !== 'boolean') return undefined;
	return readsBackwards(path) ? !value : value;
}

/**
 * The page length a numbered, offset or last-entry list keeps until its last page: the size the response
 * states (`per_page`, `limit`, `maxResults`: servers lower what was asked without saying otherwise), else
 * the first page's length. Undefined while nothing tells it.
 */
function knownPageSize(last: FetchedPage, sizePath: string | undefined): number | undefined {
	const stated = numberAt(last.response, sizePath);
	if (Number.isFinite(stated) && stated > 0) return stated;
	return last.firstPageLength;
}

/** Whether `last` is shorter than the list's pages, so nothing follows it. */
function isShortPage(last: FetchedPage, sizePath: string | undefined): boolean {
	const size = knownPageSize(last, sizePath);
	return size !== undefined && last.entries.length < size;
}

/**
 * A total a walk may stop on: only on evidence. A number no larger than the page's entries may be this page's own
 * count (`"count": 100` beside 100 entries and a next link; past page 1 it can be nothing else), so it ends nothing:
 * the walk asks for the next page as it would with no total (a guess, which an empty, short or refused page ends).
 * NaN when none.
 */
function evidencedTotal(last: FetchedPage, stated: number): number {
	return stated <= last.entries.length ? NaN : stated;
}

/** A number the response states at a body path or `header:<Name>`; NaN when absent or not a number. */
export function numberAt(response: ApiResponse, path: string | undefined): number {
	return path ? Number(readMarker(response, path)) : NaN;
}

/**
 * A link a page names, as an absolute URL. Relative links resolve against the page that gave them, as a browser
 * would, except a path written from the host root without its leading slash (Booqable's `api/4/orders?…` on
 * /api/4/orders), which resolves against the origin.
 */
export function resolveLink(link: string, pageUrl: string): string {
	return new URL(isRootPathWithoutSlash(link, pageUrl) ? `/${link}` : link, pageUrl).toString();
}

/**
 * Whether a link is a path from the host root written without its leading slash: no scheme, no leading `/`, `?`
 * or `.`, a `/` or `?` in it, and its first segment the first segment of the page's own path. A link relative to
 * the page (`bookings?page=2` on /api/v1/bookings) starts otherwise and resolves as a browser would.
 */
export function isRootPathWithoutSlash(link: string, pageUrl: string): boolean {
	if (/^[a-z][a-z0-9+.-]*:/i.test(link) || /^[/?.#]/.test(link) || !/[/?]/.test(link) || !URL.canParse(pageUrl)) return false;
	const first = link.split(/[/?#]/)[0];
	return first !== '' && first === new URL(pageUrl).pathname.split('/')[1];
}

/** The next page is the URL the previous one names, in a body field or in a `Link: rel="next"` header. */
function nextUrlStrategy(nextUrlPath: string | undefined): PaginationStrategy {
	return {
		description: nextUrlPath ? `next URL from "${nextUrlPath}"` : 'next URL from the Link header',
		first: () => ({}),
		next(last) {
			const named = nextUrlPath ? readMarker(last.response, nextUrlPath) : undefined;
			// The field may hold the URL itself or a list of link objects, of which the "next" one counts.
			const raw = nextUrlPath
				? (Array.isArray(named) ? linkFromList(named, LINK_RELATIONS.next) : named)
				: nextLinkFromHeader(headerValue(last.response.headers, LINK_HEADER));
			if (!isScalarMarker(raw)) return undefined;
			const url = resolveLink(String(raw), last.response.url);
			return { url, marker: url };
		},
	};
}

/** The next page is asked for by sending back the cursor the previous page gave. */
function cursorStrategy(parameter: string, path: string, settings: CursorPagination): PaginationStrategy {
	const sizeParameter = settings.pageSizeParameter;
	return {
		description: `cursor (next cursor from "${path}", sent as "${parameter}")`,
		first: (pageSize) => ({ query: withSize({}, sizeParameter, pageSize) }),
		next(last, pageSize) {
			if (flagSaysMore(last.response, settings.hasMorePath) === false) return undefined;
			const cursor = readMarker(last.response, path);
			if (!isScalarMarker(cursor)) return undefined;
			return { query: withSize({ [parameter]: cursor }, sizeParameter, pageSize), marker: String(cursor) };
		},
	};
}

/**
 * Pages are numbered. The list ends where a more-flag says so, at the last page or total the response
 * states, on a page shorter than the list's pages, or on an empty page; a page past the end that the API
 * refuses (404) ends it too, when nothing promised that page.
 */
function pageNumberStrategy(parameter: string, settings: PageNumberPagination): PaginationStrategy {
	const firstPage = settings.firstPage ?? 1;
	const sizeParameter = settings.pageSizeParameter;
	return {
		description: `page number (sent as "${parameter}", from ${firstPage}${settings.cursorPath ? `, with the token of "${settings.cursorPath}" sent as "${settings.cursorParameter ?? ''}"` : ''})`,
		first: (pageSize) => ({ query: withSize({ [parameter]: firstPage }, sizeParameter, pageSize) }),
		next(last) {
			const stated = numberAt(last.response, settings.currentPagePath);
			const sent = Number(last.query[parameter]);
			const current = Number.isFinite(stated) ? stated : Number.isFinite(sent) ? sent : firstPage;
			const flag = flagSaysMore(last.response, settings.hasMorePath);
			if (flag === false) return undefined;
			const totalPages = numberAt(last.response, settings.totalPagesPath);
			if (Number.isFinite(totalPages) && current >= totalPages + firstPage - 1) return undefined;
			const pagesRead = current - firstPage + 1;
			const total = evidencedTotal(last, numberAt(last.response, settings.totalPath));
			const size = knownPageSize(last, settings.pageSizePath);
			if (Number.isFinite(total) && size !== undefined && pagesRead * size >= total) return undefined;
			const promised = flag === true || Number.isFinite(totalPages) || Number.isFinite(total);
			if (!promised && isShortPage(last, settings.pageSizePath)) return undefined;
			const page = current + 1;
			// The size stays what the walk started with: changing it mid-walk would shift page boundaries.
			const sizeSent = sizeParameter ? last.query[sizeParameter] : undefined;
			const token = settings.cursorPath ? readMarker(last.response, settings.cursorPath) : undefined;
			// With a page token the number goes beside it alone: the token holds the search and the page size.
			const query =
				settings.cursorParameter && isScalarMarker(token)
					? { [settings.cursorParameter]: token, [parameter]: page }
					: withSize({ [parameter]: page }, sizeParameter, sizeSent === undefined ? undefined : Number(sizeSent));
			return promised ? { query, marker: String(page) } : { query, marker: String(page), guessed: true };
		},
	};
}

/**
 * Entries are addressed by offset; the next offset is the previous plus what the page returned (servers
 * return fewer than asked). The list ends as a numbered one does: flag, total, short page, empty page.
 */
function offsetStrategy(parameter: string, settings: OffsetPagination): PaginationStrategy {
	const limitParameter = settings.limitParameter;
	return {
		description: `offset (sent as "${parameter}"${limitParameter ? ` with "${limitParameter}"` : ''})`,
		first: (pageSize) => ({ query: withSize({ [parameter]: 0 }, limitParameter, pageSize) }),
		next(last, pageSize) {
			const sent = Number(last.query[parameter]);
			const stated = numberAt(last.response, settings.offsetPath);
			const start = Number.isFinite(sent) ? sent : Number.isFinite(stated) ? stated : 0;
			const offset = start + last.entries.length;
			const flag = flagSaysMore(last.response, settings.hasMorePath);
			if (flag === false) return undefined;
			const total = evidencedTotal(last, numberAt(last.response, settings.totalPath));
			if (Number.isFinite(total) && offset >= total) return undefined;
			const promised = flag === true || Number.isFinite(total);
			if (!promised && isShortPage(last, settings.pageSizePath)) return undefined;
			const query = withSize({ [parameter]: offset }, limitParameter, pageSize);
			return promised ? { query, marker: String(offset) } : { query, marker: String(offset), guessed: true };
		},
	};
}

/**
 * The next page starts after the last entry: its identity (or another field) is sent back, as Stripe's
 * `starting_after` and OpenAI's `after` do. The list ends where the more-flag says so, or, without a flag,
 * on a page shorter than the list's pages or an empty one.
 */
function afterLastStrategy(parameter: string, field: string, settings: AfterLastPagination): PaginationStrategy {
	const sizeParameter = settings.pageSizeParameter;
	const until = settings.hasMorePath ? `, while "${settings.hasMorePath}" says more` : '';
	return {
		description: `after the last entry (its "${field}" sent as "${parameter}"${until})`,
		first: (pageSize) => ({ query: withSize({}, sizeParameter, pageSize) }),
		next(last, pageSize) {
			const flag = flagSaysMore(last.response, settings.hasMorePath);
			if (flag === false) return undefined;
			if (flag === undefined && isShortPage(last, settings.pageSizePath)) return undefined;
			const value = readPath(last.entries[last.entries.length - 1], field);
			// Without the field there is nothing to continue from; the walk then checks what the page promised.
			if (!isScalarMarker(value)) return undefined;
			const request = { query: withSize({ [parameter]: value }, sizeParameter, pageSize), marker: `${parameter}=${String(value)}` };
			return flag === true ? request : { ...request, guessed: true };
		},
	};
}

/** The option a chosen mode cannot work without, when it is empty; checked before any request. */
export function missingSetting(settings: Omit<Partial<PaginationSettings>, 'mode'> & { mode: PaginationMode }): string | undefined {
	const needs: Partial<Record<PaginationMode, Array<[string | undefined, string]>>> = {
		cursor: [
			[settings.cursorParameter, 'Cursor Parameter'],
			[settings.cursorPath, 'Next Cursor Field'],
		],
		pageNumber: [[settings.pageParameter, 'Page Parameter']],
		offset: [[settings.offsetParameter, 'Offset Parameter']],
		afterLast: [[settings.afterParameter, 'After Parameter']],
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
		case 'afterLast':
			return afterLastStrategy(required(settings.afterParameter), settings.afterField?.trim() || DEFAULT_AFTER_FIELD, settings);
		default:
			return undefined;
	}
}

/** How Get Many walks through pages; the user's choice in Options > Pagination. */
export type PaginationMode = 'auto' | 'off' | 'nextUrl' | 'cursor' | 'pageNumber' | 'offset' | 'afterLast';

/** After Last Entry sends the last entry's identity unless the user names another field. */
export const DEFAULT_AFTER_FIELD = IDENTITY_FIELD;

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
	/** After Last Entry: the query parameter that carries the last entry's field, and that field's dot path. */
	afterParameter?: string;
	afterField?: string;
	/**
	 * Cursor, After Last Entry: dot path of the flag that says more entries follow (`has_more`, or `isLast` read the other way).
	 */
	hasMorePath?: string;
	/** Page Number, Cursor and After Last Entry: an optional query parameter for the page size. */
	pageSizeParameter?: string;
	/** The page size to ask for, when a page-size (or limit) parameter is known. */
	pageSize?: number;
	/** Safety cap: more pages than this is an error, never an endless loop. */
	maxPages: number;
}

/** Where a response states how long its list is: read on page 1 by every mode, explicit ones included. */
export interface StatedLengthPaths {
	/** The flag that says more entries follow (a more-flag such as has_more, or a done-flag such as isLast read the other way round). */
	hasMorePath?: string;
	totalPath?: string;
	totalPagesPath?: string;
	/** Where the response states its page length (`per_page`, `limit`, `maxResults`), read before the size asked for. */
	pageSizePath?: string;
}

/**
 * Set by Automatic mode when it found the way to page 2 by structure, under a name the registry lacks (or guessed
 * the parameter's name): page 2 must show the API understood (new entries, none of page 1 again; an echoed offset
 * equal to the one sent) before the walk trusts it. Page 1's fingerprint travels with it, so that a walk resumed at
 * page 2 (the editor's next view, the trigger's next poll) can still tell a repeat.
 */
interface Guessed {
	unverified?: boolean;
	firstPageFingerprint?: string;
}

export interface NextUrlPagination extends StatedLengthPaths, Guessed {
	mode: 'nextUrl';
	nextUrlPath?: string;
}

export interface CursorPagination extends StatedLengthPaths, Guessed {
	mode: 'cursor';
	cursorParameter: string;
	cursorPath: string;
	pageSizeParameter?: string;
	/**
	 * Set by Automatic mode when it derived the cursor parameter from the cursor's key (`nextPageToken` →
	 * `pageToken`): the next candidate, the key itself, sent instead when page 2 shows the API ignored the
	 * derived name (AWS answers `NextToken` with `NextToken`).
	 */
	cursorAlternative?: string;
	/** For a token found by structure: the names tried after `cursorAlternative`, in order. */
	cursorAlternatives?: string[];
}

export interface PageNumberPagination extends StatedLengthPaths {
	mode: 'pageNumber';
	pageParameter: string;
	firstPage?: number;
	currentPagePath?: string;
	pageSizeParameter?: string;
	/**
	 * A token of the first answer that later pages send back beside the page number (Bookeo's
	 * `pageNavigationToken`): the parameter it is sent as, and where the answer holds it.
	 */
	cursorParameter?: string;
	cursorPath?: string;
	/**
	 * The length of page 1, kept for numbered pages with a stated total: a walk resumed at a later page (the
	 * trigger's jump to the end, its next poll) needs it to tell that the total ends there, and does not see page 1.
	 */
	pageLength?: number;
}

export interface OffsetPagination extends StatedLengthPaths, Guessed {
	mode: 'offset';
	offsetParameter: string;
	limitParameter?: string;
	offsetPath?: string;
	/** Where the answer echoes the offset it was asked for (Mindbody's `RequestedOffset`): page 2 confirms a guessed name by it. */
	offsetEchoPath?: string;
	/** Guessed names still to try when page 2 shows the API ignored the offset sent, each with its limit's name ('' for none). */
	offsetCandidates?: string[];
	limitCandidates?: string[];
}

export interface AfterLastPagination extends StatedLengthPaths {
	mode: 'afterLast';
	afterParameter: string;
	afterField?: string;
	pageSizeParameter?: string;
	/**
	 * Set by Automatic mode when it guessed the After Last Entry parameter's name: the second page must then
	 * show the API understood it (no entry of the first page again) before the walk trusts the guess.
	 */
	unverified?: boolean;
}

/**
 * A strategy with every detail settled (explicit or detected), as plain JSON, one shape per mode: the
 * trigger stores it to resume a walk in a later poll. The optional paths are what automatic detection
 * found in responses.
 */
export type ResolvedPagination =
	| { mode: 'off' }
	| NextUrlPagination
	| CursorPagination
	| PageNumberPagination
	| OffsetPagination
	| AfterLastPagination;

/** The settled pagination of one mode. */
export type PaginationOf<M extends ResolvedPagination['mode']> = Extract<ResolvedPagination, { mode: M }>;

/** Per mode, each field of its shape and the type of value it holds: what a stored pagination is checked against. */
const SHAPES: { [M in ResolvedPagination['mode']]: Record<string, 'string' | 'number' | 'boolean' | 'strings'> } = {
	off: {},
	nextUrl: { nextUrlPath: 'string', unverified: 'boolean', firstPageFingerprint: 'string' },
	cursor: {
		cursorParameter: 'string',
		cursorPath: 'string',
		pageSizeParameter: 'string',
		cursorAlternative: 'string',
		cursorAlternatives: 'strings',
		unverified: 'boolean',
		firstPageFingerprint: 'string',
	},
	pageNumber: { pageParameter: 'string', firstPage: 'number', currentPagePath: 'string', pageSizeParameter: 'string', pageLength: 'number', cursorParameter: 'string', cursorPath: 'string' },
	offset: {
		offsetParameter: 'string',
		limitParameter: 'string',
		offsetPath: 'string',
		offsetEchoPath: 'string',
		offsetCandidates: 'strings',
		limitCandidates: 'strings',
		unverified: 'boolean',
		firstPageFingerprint: 'string',
	},
	afterLast: { afterParameter: 'string', afterField: 'string', pageSizeParameter: 'string', unverified: 'boolean' },
};

const STATED_LENGTH_FIELDS = { hasMorePath: 'string', totalPath: 'string', totalPagesPath: 'string', pageSizePath: 'string' } as const;

/** The fields a mode cannot walk without. */
const REQUIRED_FIELDS: Partial<Record<ResolvedPagination['mode'], string[]>> = {
	cursor: ['cursorParameter', 'cursorPath'],
	pageNumber: ['pageParameter'],
	offset: ['offsetParameter'],
	afterLast: ['afterParameter'],
};

/**
 * A settled pagination read back from storage (the trigger's static data, a page token of the editor):
 * checked field by field against its mode's shape, never cast. Undefined when it is not one this node
 * writes (an unknown mode, a field of the wrong type, a required parameter missing). Fields of other
 * modes, which settings from the editor may carry along, are left out.
 */
export function readResolvedPagination(value: unknown): ResolvedPagination | undefined {
	if (!isPlainObject(value) || typeof value.mode !== 'string' || !Object.prototype.hasOwnProperty.call(SHAPES, value.mode)) return undefined;
	const mode = value.mode as ResolvedPagination['mode'];
	const fields: Record<string, string> = mode === 'off' ? {} : { ...SHAPES[mode], ...STATED_LENGTH_FIELDS };
	const read: Record<string, unknown> = { mode };
	for (const [field, type] of Object.entries(fields)) {
		const stored = value[field];
		if (stored === undefined) continue;
		if (type === 'strings') {
			if (!Array.isArray(stored) || !stored.every((name) => typeof name === 'string')) return undefined;
			read[field] = [...(stored as string[])];
			continue;
		}
		if (typeof stored !== type || (type === 'number' && !Number.isFinite(stored))) return undefined;
		read[field] = stored;
	}
	if ((REQUIRED_FIELDS[mode] ?? []).some((field) => read[field] === undefined)) return undefined;
	return read as unknown as ResolvedPagination;
}

/**
 * A page request read back from storage: its query a plain object of scalars, its URL and marker text.
 * Undefined when it is not one this node writes.
 */
export function readPageRequest(value: unknown): PageRequest | undefined {
	if (!isPlainObject(value)) return undefined;
	const { query, url, marker, guessed } = value;
	if (query !== undefined && (!isPlainObject(query) || !Object.values(query).every((entry) => ['string', 'number', 'boolean'].includes(typeof entry)))) return undefined;
	if ((url !== undefined && typeof url !== 'string') || (marker !== undefined && typeof marker !== 'string') || (guessed !== undefined && typeof guessed !== 'boolean')) {
		return undefined;
	}
	return {
		...(query !== undefined ? { query: { ...(query as IDataObject) } } : {}),
		...(url !== undefined ? { url } : {}),
		...(marker !== undefined ? { marker } : {}),
		...(guessed !== undefined ? { guessed } : {}),
	};
}

export const DEFAULT_MAX_PAGES = 10_000;

export const DEFAULT_PAGINATION: PaginationSettings = { mode: 'auto', maxPages: DEFAULT_MAX_PAGES };

/**
 * The `rel="next"` target of an RFC 8288 Link header, e.g. `<https://x/api?page=2>; rel="next"`.
 * Relations may be listed together (`rel="next last"`) and parameters may come in any order.
 */
export function nextLinkFromHeader(header: string | undefined): string | undefined {
	return linkFromHeader(header, LINK_RELATIONS.next);
}

/**
 * The target of the link with relation `rel` in a body's list of link objects, HATEOAS style (PayPal:
 * `"links": [{"href": "…", "rel": "next", "method": "GET"}]`); undefined when `value` is no such list.
 */
export function linkFromList(value: unknown, rel: string): string | undefined {
	if (!Array.isArray(value)) return undefined;
	for (const link of value) {
		if (!link || typeof link !== 'object') continue;
		const { rel: relation, href } = link as Record<string, unknown>;
		if (typeof relation === 'string' && typeof href === 'string' && relation.toLowerCase().split(/\s+/).includes(rel)) return href;
	}
	return undefined;
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
