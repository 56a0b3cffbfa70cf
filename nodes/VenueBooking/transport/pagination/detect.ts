/**
 * Automatic pagination and the completeness rule. The API document shows no pagination scheme, so the first
 * response is read for the markers that widely used APIs put there (docs/API-CONVENTIONS.md surveys them):
 * a Link header, a next-page URL, a next cursor, page or offset counters, a more-flag beside entries that
 * have identities. The same markers say when a list is NOT complete: a walk that has no way to the next page
 * while the response says more entries follow fails instead of returning a strict prefix of the list.
 */
import type { IDataObject } from 'n8n-workflow';
import { isPlainObject, readPath, UNSAFE_KEYS } from '../json';
import { headerValue } from '../request';
import {
	DEFAULT_AFTER_FIELD,
	type FetchedPage,
	FINISHED_FLAG_KEYS,
	flagSaysMore,
	isScalarMarker,
	linkFromList,
	nextLinkFromHeader,
	type ResolvedPagination,
} from './strategies';

/**
 * The names detection knows, each from the survey, compared without case or separators (`next_cursor`,
 * `nextCursor` and `X-Next-Cursor` read alike). One place to extend when a new convention turns up.
 */
const NAMES = {
	/** A next page's URL: DRF `next`, JSON:API `links.next`, Graph `@odata.nextLink`, Salesforce `nextRecordsUrl`… */
	nextUrl: new Set(['next', 'nexturl', 'nextpage', 'nextpageurl', 'nextpageuri', 'nextlink', 'nexthref', 'odatanextlink', 'nextrecordsurl']),
	/** Keys that hold a URL one level below a `next` object: HAL `_links.next.href`, HubSpot `paging.next.link`. */
	urlInsideNext: new Set(['href', 'link', 'url', 'uri']),
	/** "More follows" when true: Stripe `has_more`, `hasNextPage`, Salesforce-style inverted flags are separate. */
	moreFlag: new Set(['hasmore', 'hasnext', 'hasnextpage', 'more', 'moreitemsincollection']),
	page: new Set(['page', 'pagenumber', 'pageno', 'currentpage', 'pageindex']),
	totalPages: new Set(['totalpages', 'pagecount', 'lastpage', 'pages', 'numpages']),
	offset: new Set(['offset', 'startat', 'start', 'skip']),
	/** Item totals: DRF `count`, `total_count`, Salesforce `totalSize`, Spring `totalElements`, header `X-Total-Count`. */
	total: new Set(['total', 'totalcount', 'totalitems', 'totalentries', 'count', 'totalsize', 'totalelements', 'totalresults', 'odatacount']),
	/** The page length the server states (it may be less than asked): `per_page`, `limit`, Jira `maxResults`. */
	pageSize: new Set(['perpage', 'pagesize', 'limit', 'maxresults', 'size', 'pagelength']),
	/** The limit parameter beside an offset. */
	limit: new Set(['limit', 'maxresults', 'pagesize', 'perpage']),
};

/**
 * Cursors whose request parameter is not their field's name without `next`: the survey's known pairs. Each
 * applies when the body has the field at that path and, where given, a sibling with that value.
 */
const KNOWN_CURSOR_PARAMETERS: Array<{ path: string; sibling?: [string, unknown]; parameter: string }> = [
	// Notion: `next_cursor` comes back as `start_cursor`.
	{ path: 'next_cursor', sibling: ['object', 'list'], parameter: 'start_cursor' },
];

/**
 * Cursors named without `next` that the survey found beside a list, sent back under their own name:
 * Square's top-level `cursor`, Azure's `continuationToken`. Only at the top of the body, where an echo of
 * the request's own cursor would sit in an object of request details instead.
 */
const BARE_CURSOR_KEYS = new Set(['cursor', 'continuationtoken']);

/** A marker found in a response: where it is (a body path or `header:<Name>`) and what it holds. */
interface Marker {
	path: string;
	/** The key as the server wrote it: request parameter names are derived from it. */
	key: string;
	normalized: string;
	value: unknown;
	/** The path of the object that holds the marker, to find its siblings (`has_more` next to a cursor). */
	parent: string;
	/** The normalized key of that object (`next` for `paging.next.after`). */
	parentKey: string;
}

function normalizeKey(key: string): string {
	return key.toLowerCase().replace(/^x-/, '').replace(/[^a-z0-9]/g, '');
}

function looksLikeUrl(value: unknown): value is string {
	return typeof value === 'string' && (/^https?:\/\//i.test(value) || value.startsWith('/') || value.startsWith('?'));
}

function numeric(value: unknown): number {
	return typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
}

const isNumeric = (value: unknown) => Number.isFinite(numeric(value));
const isFlag = (value: unknown) => typeof value === 'boolean' || value === 'true' || value === 'false';

/** How deep markers are looked for: `paging.next.after` and `_links.next.href` sit two objects down. */
const MARKER_DEPTH = 3;

/** Every candidate marker of a response: scalar body fields down to MARKER_DEPTH, and headers. */
function collectMarkers(page: FetchedPage): Marker[] {
	const markers: Marker[] = [];
	const visit = (object: Record<string, unknown>, prefix: string, parentKey: string, depth: number) => {
		for (const key of Object.keys(object)) {
			if (UNSAFE_KEYS.has(key)) continue;
			const value = object[key];
			const path = prefix ? `${prefix}.${key}` : key;
			if (isPlainObject(value)) {
				if (depth < MARKER_DEPTH) visit(value, path, normalizeKey(key), depth + 1);
			} else if (!Array.isArray(value)) {
				markers.push({ path, key, normalized: normalizeKey(key), value, parent: prefix, parentKey });
			}
		}
	};
	if (isPlainObject(page.response.body)) visit(page.response.body, '', '', 1);
	for (const name of Object.keys(page.response.headers)) {
		if (name.toLowerCase() === 'link') continue;
		const value = headerValue(page.response.headers, name);
		const key = name.replace(/^x-/i, '');
		markers.push({ path: `header:${name}`, key, normalized: normalizeKey(name), value, parent: 'header:', parentKey: '' });
	}
	return markers;
}

/** `next_cursor` → `cursor`, `nextPageToken` → `pageToken`, header `X-Next-Page-Token` → `page_token`. */
function parameterFromNextKey(key: string): string {
	const rest = key.replace(/^next[-_]?/i, '');
	// Header names carry no case, so a hyphenated one becomes snake_case, the likelier query spelling.
	if (rest.includes('-')) return rest.toLowerCase().replace(/-/g, '_');
	return rest.charAt(0).toLowerCase() + rest.slice(1);
}

/**
 * The parameter a cursor is sent back in: a known pair, the cursor's own key inside a `next` object
 * (HubSpot's `paging.next.after`), or a name derived from its key (`nextPageToken` → `pageToken`), with
 * the key itself as the alternative the walk falls back to when page 2 shows the API ignored the derived
 * name (AWS sends `NextToken` and takes `NextToken`).
 */
function cursorParameter(body: unknown, cursor: Marker): { parameter: string; alternative?: string } {
	const known = KNOWN_CURSOR_PARAMETERS.find(
		(pair) => pair.path === cursor.path && (!pair.sibling || readPath(body, pair.sibling[0]) === pair.sibling[1]),
	);
	if (known) return { parameter: known.parameter };
	if (cursor.parentKey === 'next') return { parameter: cursor.key };
	const derived = parameterFromNextKey(cursor.key);
	return derived === cursor.key || cursor.path.startsWith('header:') ? { parameter: derived } : { parameter: derived, alternative: cursor.key };
}

function sibling(markers: Marker[], of: Marker, keys: Set<string>, accept: (value: unknown) => boolean = () => true): Marker | undefined {
	return markers.find((m) => m.parent === of.parent && keys.has(m.normalized) && accept(m.value));
}

function anywhere(markers: Marker[], keys: Set<string>, accept: (value: unknown) => boolean): Marker | undefined {
	return markers.find((m) => keys.has(m.normalized) && accept(m.value));
}

/** A more-flag anywhere in the response, read either way round (`has_more`, or `done` / `isLast`). */
function moreFlag(markers: Marker[]): Marker | undefined {
	return markers.find((m) => (NAMES.moreFlag.has(m.normalized) || FINISHED_FLAG_KEYS.has(m.normalized)) && isFlag(m.value));
}

/** The signals beside a list that say how long it is: a more-flag, totals, the page length stated. */
export interface ListSignals {
	hasMorePath?: string;
	totalPath?: string;
	totalPagesPath?: string;
	pageSizePath?: string;
}

/** The list signals of a page, wherever they sit; explicit modes take them from the first page too. */
export function findListSignals(page: FetchedPage): ListSignals {
	const markers = collectMarkers(page);
	return {
		hasMorePath: moreFlag(markers)?.path,
		totalPath: anywhere(markers, NAMES.total, isNumeric)?.path,
		totalPagesPath: anywhere(markers, NAMES.totalPages, isNumeric)?.path,
		pageSizePath: anywhere(markers, NAMES.pageSize, isNumeric)?.path,
	};
}

/**
 * The next page asked for by the last entry's identity (`has_more` and entries with an `id`, no cursor):
 * OpenAI names `last_id` beside the list and takes `after`; otherwise Stripe's `starting_after`. The name is
 * a guess the walk checks on the second page.
 */
function detectAfterLast(first: FetchedPage, markers: Marker[], flag: Marker): ResolvedPagination | undefined {
	const allHaveIds = first.entries.length > 0 && first.entries.every((entry) => isScalarMarker(readPath(entry, DEFAULT_AFTER_FIELD)));
	if (!allHaveIds) return undefined;
	const namesLastId = markers.some((m) => m.normalized === 'lastid' && m.parent === flag.parent);
	return {
		mode: 'afterLast',
		afterParameter: namesLastId ? 'after' : 'starting_after',
		afterField: DEFAULT_AFTER_FIELD,
		hasMorePath: flag.path,
		unverified: true,
	};
}

/** What the first page says about pagination, as settled settings; undefined when it says nothing. */
export function detectPagination(first: FetchedPage): ResolvedPagination | undefined {
	if (nextLinkFromHeader(headerValue(first.response.headers, 'link'))) return { mode: 'nextUrl' };

	const markers = collectMarkers(first);
	const nextUrl = markers.find(
		(m) => (NAMES.nextUrl.has(m.normalized) || (m.parentKey === 'next' && NAMES.urlInsideNext.has(m.normalized))) && looksLikeUrl(m.value),
	);
	if (nextUrl) return { mode: 'nextUrl', nextUrlPath: nextUrl.path };
	const linkList = linkListWith(first, 'next');
	if (linkList) return { mode: 'nextUrl', nextUrlPath: linkList.path };

	const cursor =
		markers.find(
			(m) =>
				((m.normalized.startsWith('next') && m.normalized.length > 4) || (m.parentKey === 'next' && m.normalized === 'after')) &&
				isScalarMarker(m.value) &&
				!looksLikeUrl(m.value),
		) ?? markers.find((m) => m.parent === '' && BARE_CURSOR_KEYS.has(m.normalized) && isScalarMarker(m.value) && !looksLikeUrl(m.value));
	if (cursor) {
		const { parameter, alternative } = cursorParameter(first.response.body, cursor);
		return {
			mode: 'cursor',
			cursorParameter: parameter,
			...(alternative ? { cursorAlternative: alternative } : {}),
			cursorPath: cursor.path,
			hasMorePath: sibling(markers, cursor, NAMES.moreFlag)?.path,
		};
	}

	const page = anywhere(markers, NAMES.page, isNumeric);
	if (page) {
		return {
			mode: 'pageNumber',
			pageParameter: ['currentpage', 'pageindex'].includes(page.normalized) ? 'page' : page.key,
			firstPage: numeric(page.value),
			currentPagePath: page.path,
			totalPagesPath: sibling(markers, page, NAMES.totalPages, isNumeric)?.path,
			// A total entry count also tells where the pages end (used to fetch pages at once, or jump to the last).
			totalPath: sibling(markers, page, NAMES.total, isNumeric)?.path,
			pageSizePath: sibling(markers, page, NAMES.pageSize, isNumeric)?.path,
			hasMorePath: moreFlag(markers)?.path,
		};
	}

	const offset = anywhere(markers, NAMES.offset, isNumeric);
	if (offset) {
		return {
			mode: 'offset',
			offsetParameter: offset.key,
			offsetPath: offset.path,
			limitParameter: sibling(markers, offset, NAMES.limit, isNumeric)?.key,
			totalPath: sibling(markers, offset, NAMES.total, isNumeric)?.path,
			pageSizePath: sibling(markers, offset, NAMES.pageSize, isNumeric)?.path,
			hasMorePath: moreFlag(markers)?.path,
		};
	}

	const flag = moreFlag(markers);
	if (flag && flagSaysMore(first.response, flag.path)) return detectAfterLast(first, markers, flag);
	return undefined;
}

/** Names of a last page's URL in a body: JSON:API `links.last`, Laravel `last_page_url`, HAL `_links.last.href`. */
const LAST_URL_KEYS = new Set(['last', 'lastpageurl', 'lastpageuri', 'lastlink', 'lasturl']);

/** Names of the previous page's URL in a body: JSON:API `links.prev`, DRF `previous`, Laravel `prev_page_url`. */
const PREVIOUS_URL_KEYS = new Set(['prev', 'previous', 'prevpageurl', 'previouspageurl', 'prevlink', 'previouslink', 'prevurl']);

/**
 * A list of link objects in the body (`"links": [{"rel": "next", "href": …}]`, at the top or one object
 * down) that has a link of relation `rel`, with where it is; the walk reads the `next` one from there.
 */
function linkListWith(page: FetchedPage, rel: string): { url: string; path: string } | undefined {
	const body = page.response.body;
	if (!isPlainObject(body)) return undefined;
	const candidates: Array<[string, unknown]> = [];
	for (const [key, value] of Object.entries(body)) {
		if (UNSAFE_KEYS.has(key)) continue;
		if (Array.isArray(value)) candidates.push([key, value]);
		else if (isPlainObject(value)) {
			for (const [inner, nested] of Object.entries(value)) if (!UNSAFE_KEYS.has(inner) && Array.isArray(nested)) candidates.push([`${key}.${inner}`, nested]);
		}
	}
	for (const [path, value] of candidates) {
		const url = linkFromList(value, rel);
		if (url !== undefined && looksLikeUrl(url)) return { url, path };
	}
	return undefined;
}

/**
 * A URL the body names under one of `keys`, in a `{"href": …}` object under such a key, or as the link of
 * one of the relations `rels` in a list of link objects.
 */
function bodyLink(page: FetchedPage, keys: Set<string>, rels: string[]): { url: string; path: string } | undefined {
	for (const rel of rels) {
		const listed = linkListWith(page, rel);
		if (listed) return listed;
	}
	const marker = collectMarkers(page).find(
		(m) => !m.path.startsWith('header:') && (keys.has(m.normalized) || (keys.has(m.parentKey) && NAMES.urlInsideNext.has(m.normalized))) && looksLikeUrl(m.value),
	);
	return marker ? { url: String(marker.value), path: marker.path } : undefined;
}

/** The URL of the list's last page when the body names one, with where it was found. */
export function lastPageLink(page: FetchedPage): { url: string; path: string } | undefined {
	return bodyLink(page, LAST_URL_KEYS, ['last']);
}

/** The URL of the page before this one when the body names one. */
export function previousPageLink(page: FetchedPage): { url: string; path: string } | undefined {
	return bodyLink(page, PREVIOUS_URL_KEYS, ['prev', 'previous']);
}

/** Where the walk stands when it checks a list's end: what it read and whether it started mid-list. */
export interface WalkPosition {
	/** Entries read by this walk so far, this page included. */
	read: number;
	/** The walk resumed from a stored page, so `read` is not counted from the list's start. */
	resumed: boolean;
	/** Page number of this page in the walk. */
	page: number;
	/** The walk has no pagination at all (none detected): only the page itself can say it is not all. */
	unpaged: boolean;
}

/**
 * Why a page the walk cannot continue from still cannot be the list's end, or undefined when nothing says
 * more. A more-flag decides; else a stated total (above what was read: more; reached: complete, also in a
 * resumed walk, whose count can only be short) or a stated last page beyond this one. A list without any
 * pagination and without a stated total is also incomplete when its one page is exactly as long as the page
 * size the response states or a query parameter asked for; where a total is stated, a page size beside it
 * may be an echo of this page's length (`"PageSize": 63` beside `"TotalResults": 63`), no promise of more.
 */
export function moreSignalled(last: FetchedPage, position: WalkPosition): string | undefined {
	const markers = collectMarkers(last);
	const flag = moreFlag(markers);
	const says = flag ? flagSaysMore(last.response, flag.path) : undefined;
	if (says === false) return undefined;
	if (says === true && flag) return `"${flag.key}" is ${String(flag.value)}`;
	const total = anywhere(markers, NAMES.total, isNumeric);
	if (total) {
		const stated = numeric(total.value);
		if (totalReached(stated, last, position)) return undefined;
		// A resumed walk of pages counts from where it resumed; a list without pagination is read whole each time.
		if (!position.resumed || position.unpaged) return `"${total.key}" says ${stated} entries and ${Math.max(position.read, position.unpaged ? last.entries.length : 0)} were read`;
	}
	if (!position.resumed) {
		const pages = anywhere(markers, NAMES.totalPages, isNumeric);
		if (pages) {
			const lastPage = numeric(pages.value);
			return lastPage > position.page ? `"${pages.key}" says ${lastPage} pages and ${position.page} were read` : undefined;
		}
	}
	if (!position.unpaged || total) return undefined;
	const size = anywhere(markers, NAMES.pageSize, isNumeric);
	const statedSize = size ? numeric(size.value) : NaN;
	if (size && last.entries.length >= statedSize && last.entries.length > 1) {
		return `the page holds ${last.entries.length} entries, the page size "${size.key}" states`;
	}
	const asked = pageSizeAskedFor(last.entries.length, last.query);
	if (asked) return `the page holds exactly the ${last.entries.length} entries the query parameter "${asked}" asked for`;
	return undefined;
}

/**
 * Whether the walk has read all the entries a stated total counts: this walk's count, or, for a list without
 * pagination (one page, read whole at every poll), this page's length.
 */
function totalReached(stated: number, last: FetchedPage, position: WalkPosition): boolean {
	return position.read >= stated || (position.unpaged && last.entries.length >= stated);
}

/** The query parameter that asked for exactly this many entries (a page size the user sent), if any. */
function pageSizeAskedFor(entryCount: number, query: IDataObject): string | undefined {
	if (entryCount < 2) return undefined;
	return Object.entries(query).find(([, value]) => typeof value !== 'object' && String(value).trim() === String(entryCount))?.[0];
}

/** Sizes APIs commonly default to or cap their pages at. */
const COMMON_PAGE_SIZES = new Set([10, 20, 25, 30, 50, 100, 200, 250, 500, 1000]);

/**
 * Why a first page without any next-page marker may still not be the whole list, or undefined when
 * nothing suggests it: a page holding exactly a common page size, or exactly the number a query
 * parameter asked for, looks like a full page of a longer list whose marker the detection missed.
 * A page shorter than that is most likely all there is, and a warning on it would only worry.
 */
export function reasonToDoubtCompleteness(entryCount: number, query: IDataObject): string | undefined {
	const askedFor = pageSizeAskedFor(entryCount, query);
	if (askedFor) return `exactly as many as the query parameter "${askedFor}" asked for`;
	if (entryCount >= 2 && COMMON_PAGE_SIZES.has(entryCount)) return 'a common page size';
	return undefined;
}
