/**
 * Automatic pagination: the strategy detected from the first page, and the reasons to doubt that a list
 * which named no next page is complete.
 */
import type { IDataObject } from 'n8n-workflow';
import { isPlainObject, UNSAFE_KEYS } from '../json';
import { headerValue } from '../request';
import { type FetchedPage, isScalarMarker, nextLinkFromHeader, type ResolvedPagination } from './strategies';

/**
 * Automatic pagination: the API document shows no pagination scheme, so the first response is read for
 * the markers APIs commonly use — a Link header, a next-page URL, a next cursor, page or offset counters —
 * in the body (top level or one object down, e.g. `meta.next_cursor`) or in `X-…` headers when the body
 * is a bare list. Keys are compared without case or separators, so `next_cursor`, `nextCursor` and
 * `X-Next-Cursor` read alike. Nothing found means a single, complete response.
 */

/** A marker found in a response: where it is (a body path or `header:<Name>`) and what it holds. */
interface Marker {
	path: string;
	/** The key as the server wrote it: request parameter names are derived from it. */
	key: string;
	normalized: string;
	value: unknown;
	/** The path of the object that holds the marker, to find its siblings (`has_more` next to a cursor). */
	parent: string;
}

const NEXT_URL_KEYS = new Set(['next', 'nexturl', 'nextpage', 'nextpageurl', 'nextlink', 'nexthref']);
const HAS_MORE_KEYS = new Set(['hasmore', 'hasnext', 'hasnextpage', 'more']);
const PAGE_KEYS = new Set(['page', 'pagenumber', 'pageno', 'currentpage', 'pageindex']);
const TOTAL_PAGES_KEYS = new Set(['totalpages', 'pagecount', 'lastpage', 'pages', 'numpages']);
const OFFSET_KEYS = new Set(['offset']);
const TOTAL_KEYS = new Set(['total', 'totalcount', 'totalitems', 'totalentries', 'count']);
const LIMIT_KEYS = new Set(['limit']);

function normalizeKey(key: string): string {
	return key.toLowerCase().replace(/^x-/, '').replace(/[^a-z0-9]/g, '');
}

function looksLikeUrl(value: unknown): value is string {
	return typeof value === 'string' && (/^https?:\/\//i.test(value) || value.startsWith('/') || value.startsWith('?'));
}

function numeric(value: unknown): number {
	return typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
}

/** Every candidate marker of a response: body fields (top level and one object down) and headers. */
function collectMarkers(page: FetchedPage): Marker[] {
	const markers: Marker[] = [];
	const body = page.response.body;
	if (isPlainObject(body)) {
		for (const key of Object.keys(body)) {
			if (UNSAFE_KEYS.has(key)) continue;
			const value = body[key];
			if (isPlainObject(value)) {
				for (const inner of Object.keys(value)) {
					if (UNSAFE_KEYS.has(inner)) continue;
					const innerValue = value[inner];
					if (typeof innerValue === 'object' && innerValue !== null) continue;
					markers.push({ path: `${key}.${inner}`, key: inner, normalized: normalizeKey(inner), value: innerValue, parent: key });
				}
			} else if (!Array.isArray(value)) {
				markers.push({ path: key, key, normalized: normalizeKey(key), value, parent: '' });
			}
		}
	}
	for (const name of Object.keys(page.response.headers)) {
		if (name.toLowerCase() === 'link') continue;
		const value = headerValue(page.response.headers, name);
		const key = name.replace(/^x-/i, '');
		markers.push({ path: `header:${name}`, key, normalized: normalizeKey(name), value, parent: 'header:' });
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

function sibling(markers: Marker[], of: Marker, keys: Set<string>): Marker | undefined {
	return markers.find((m) => m.parent === of.parent && keys.has(m.normalized));
}

function anywhere(markers: Marker[], keys: Set<string>, accept: (value: unknown) => boolean): Marker | undefined {
	return markers.find((m) => keys.has(m.normalized) && accept(m.value));
}

/** What the first page says about pagination, as settled settings; undefined when it says nothing. */
export function detectPagination(first: FetchedPage): ResolvedPagination | undefined {
	if (nextLinkFromHeader(headerValue(first.response.headers, 'link'))) return { mode: 'nextUrl' };

	const markers = collectMarkers(first);
	const nextUrl = anywhere(markers, NEXT_URL_KEYS, looksLikeUrl);
	if (nextUrl) return { mode: 'nextUrl', nextUrlPath: nextUrl.path };

	const cursor = markers.find(
		(m) => m.normalized.startsWith('next') && m.normalized.length > 4 && isScalarMarker(m.value) && !looksLikeUrl(m.value),
	);
	if (cursor) {
		return {
			mode: 'cursor',
			cursorParameter: parameterFromNextKey(cursor.key),
			cursorPath: cursor.path,
			hasMorePath: sibling(markers, cursor, HAS_MORE_KEYS)?.path,
		};
	}

	const page = anywhere(markers, PAGE_KEYS, (value) => Number.isFinite(numeric(value)));
	if (page) {
		return {
			mode: 'pageNumber',
			pageParameter: ['currentpage', 'pageindex'].includes(page.normalized) ? 'page' : page.key,
			firstPage: numeric(page.value),
			currentPagePath: page.path,
			totalPagesPath: sibling(markers, page, TOTAL_PAGES_KEYS)?.path,
			// A total entry count also tells where the pages end (used to fetch pages at once, or jump to the last).
			totalPath: sibling(markers, page, TOTAL_KEYS)?.path,
		};
	}

	const offset = anywhere(markers, OFFSET_KEYS, (value) => Number.isFinite(numeric(value)));
	if (offset) {
		return {
			mode: 'offset',
			offsetParameter: offset.key,
			offsetPath: offset.path,
			limitParameter: sibling(markers, offset, LIMIT_KEYS)?.key,
			totalPath: sibling(markers, offset, TOTAL_KEYS)?.path,
		};
	}
	return undefined;
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
	if (entryCount < 2) return undefined;
	const askedFor = Object.entries(query).find(([, value]) => typeof value !== 'object' && String(value).trim() === String(entryCount));
	if (askedFor) return `exactly as many as the query parameter "${askedFor[0]}" asked for`;
	if (COMMON_PAGE_SIZES.has(entryCount)) return 'a common page size';
	return undefined;
}
