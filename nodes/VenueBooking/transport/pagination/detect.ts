/**
 * Automatic pagination and the completeness rule. The API document shows no pagination scheme, so the first
 * response is read for the markers that widely used APIs put there (docs/API-CONVENTIONS.md surveys them):
 * a Link header, a next-page URL, a next cursor, page or offset counters, a more-flag beside entries that
 * have identities. The same markers say when a list is NOT complete: a walk that has no way to the next page
 * while the response says more entries follow fails instead of returning a strict prefix of the list.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	AFTER_PARAMETERS,
	COMMON_PAGE_SIZES,
	ECHO_PARAMETERS,
	keyWords,
	KNOWN_CURSOR_PARAMETERS,
	namesBareToken,
	namesPosition,
	onlyPagingContext,
	LINK_HEADER,
	LINK_RELATIONS,
	MARKER_NAMES as NAMES,
	normalizeKey,
	PAGE_COUNTS,
	PAGE_PARAMETERS,
	PAGE_TOKENS,
	PAGINATION_CHECKS,
	PAGING_WORDS,
	type PaginationCheck,
	onlyPagingNouns,
	speaksOfCount,
	speaksOfDone,
	speaksOfNext,
} from '../../conventions';
import { isPlainObject, readPath, UNSAFE_KEYS, walkFields } from '../json';
import { headerValue } from '../request';
import { isKeyedList } from '../response';
import {
	DEFAULT_AFTER_FIELD,
	type FetchedPage,
	flagSaysMore,
	isRootPathWithoutSlash,
	isScalarMarker,
	linkFromList,
	nextLinkFromHeader,
	resolveLink,
	type ResolvedPagination,
} from './strategies';

/** A marker found in a response: where it is (a body path or `header:<Name>`) and what it holds. */
interface Marker {
	path: string;
	/** The key as the server wrote it: request parameter names are derived from it. */
	key: string;
	normalized: string;
	value: unknown;
	/**
	 * The path of the object that holds the marker, to find its siblings (`has_more` next to a cursor).
	 */
	parent: string;
	/** The normalized key of that object (`next` for `paging.next.after`). */
	parentKey: string;
}

/** Whether a value is a link: absolute, from the host root (also without its leading slash), or a query. */
function looksLikeUrl(value: unknown, pageUrl: string): value is string {
	return typeof value === 'string' && (/^https?:\/\//i.test(value) || value.startsWith('/') || value.startsWith('?') || isRootPathWithoutSlash(value, pageUrl));
}

function numeric(value: unknown): number {
	return typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
}

const isNumeric = (value: unknown) => Number.isFinite(numeric(value));
const isFlag = (value: unknown) => typeof value === 'boolean' || value === 'true' || value === 'false';

/** How deep markers are looked for: `paging.next.after` and `_links.next.href` sit two objects down, some blocks one more. */
const MARKER_DEPTH = 4;

/** Every candidate marker of a response: scalar body fields down to MARKER_DEPTH, and headers. */
function collectMarkers(page: FetchedPage): Marker[] {
	const markers: Marker[] = [];
	walkFields(page.response.body, MARKER_DEPTH, ({ path, key, value }) => {
		// A list keyed by id holds entries, not markers (as an array does): a booking's `total` is its price.
		if (isPlainObject(value)) return isKeyedList(value) ? 'skip' : undefined;
		if (Array.isArray(value)) return undefined;
		const parentKey = path.length > 1 ? normalizeKey(path[path.length - 2]) : '';
		markers.push({ path: path.join('.'), key, normalized: normalizeKey(key), value, parent: path.slice(0, -1).join('.'), parentKey });
		return undefined;
	});
	for (const name of Object.keys(page.response.headers)) {
		if (name.toLowerCase() === LINK_HEADER) continue;
		const value = headerValue(page.response.headers, name);
		const key = name.replace(/^x-/i, '');
		markers.push({ path: `header:${name}`, key, normalized: normalizeKey(name), value, parent: 'header:', parentKey: '' });
	}
	return markers;
}

/** Every name the registry gives a paging role: a count found by its words is none of them (`pageCount` counts pages). */
const KNOWN_MARKERS = new Set(Object.values(NAMES).flatMap((names) => (typeof names === 'string' ? [names] : [...names])));

/** The prefix that marks a next cursor, as the derived parameter name drops it. */
const NEXT_PREFIX = new RegExp(`^${NAMES.nextPrefix}[-_]?`, 'i');

/**
 * `next_cursor` → `cursor`, `nextPageToken` → `pageToken`, header `X-Next-Page-Token` → `page_token`.
 */
function parameterFromNextKey(key: string): string {
	const rest = key.replace(NEXT_PREFIX, '');
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
	if (cursor.parentKey === NAMES.nextObject) return { parameter: cursor.key };
	const derived = parameterFromNextKey(cursor.key);
	return derived === cursor.key || cursor.path.startsWith('header:') ? { parameter: derived } : { parameter: derived, alternative: cursor.key };
}

function sibling(markers: Marker[], of: Marker, keys: Set<string>, accept: (value: unknown) => boolean = () => true): Marker | undefined {
	return markers.find((m) => m.parent === of.parent && keys.has(m.normalized) && accept(m.value));
}

function anywhere(markers: Marker[], keys: Set<string>, accept: (value: unknown) => boolean): Marker | undefined {
	return markers.find((m) => keys.has(m.normalized) && accept(m.value));
}

/**
 * The page size the response states (beside `of`, when given): a number under a page-size name, unless the name as
 * written states this page's length (Mindbody's `PageSize` reads like Strapi's `page_size`).
 */
function statedPageSize(markers: Marker[], of?: Marker): Marker | undefined {
	return markers.find(
		(m) => NAMES.pageSize.has(m.normalized) && !PAGE_COUNTS.has(m.key) && isNumeric(m.value) && (of === undefined || m.parent === of.parent),
	);
}

/**
 * A more-flag anywhere in the response, read either way round (`has_more`, or `done` / `isLast`): a registry name
 * first, else a flag whose key's words speak of more or of the end (`anotherPage`, `hasMoreItems`, `endOfList`).
 */
function moreFlag(markers: Marker[]): Marker | undefined {
	return (
		markers.find((m) => (NAMES.moreFlag.has(m.normalized) || NAMES.doneFlag.has(m.normalized)) && isFlag(m.value)) ??
		markers.find((m) => !m.path.startsWith('header:') && isFlag(m.value) && (speaksOfNext(keyWords(m.key)) || speaksOfDone(keyWords(m.key))))
	);
}

/**
 * A sign of a next page found by structure where no registry name matched: a field whose key speaks of the next
 * page (its words, or a parent such as `next: {"token": …}`) holding a link or an opaque token, or a link to the
 * same list with another query under a key that names nothing else. A token is text no entry holds and no date, or
 * a number; never a flag.
 */
interface NextSign {
	marker: Marker;
	kind: 'url' | 'token';
}

/** Dates are values, not tokens: `nextAvailable: "2026-12-01"` says when, not where the next page is. */
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;

function nextSigns(page: FetchedPage, markers: Marker[]): NextSign[] {
	const entryValues = new Set<string>();
	for (const entry of page.entries) {
		if (!isPlainObject(entry)) continue;
		for (const value of Object.values(entry)) if (typeof value === 'string') entryValues.add(value);
	}
	const signs: NextSign[] = [];
	for (const marker of markers) {
		if (marker.path.startsWith('header:') || isFlag(marker.value)) continue;
		const words = keyWords(marker.key);
		const parentWords = keyWords(marker.parent);
		const aside = [...words, ...parentWords].some((word) => PAGING_WORDS.other.has(word) || PAGING_WORDS.done.has(word));
		if (aside) continue;
		// A bare token (`cursor`, `bookmark`) counts at the top of the body or in a block of paging context.
		const bare = namesBareToken(words) && typeof marker.value === 'string' && (marker.parent === '' || onlyPagingContext(parentWords));
		const ofNext = speaksOfNext(words) || (onlyPagingNouns(words) && speaksOfNext(parentWords)) || bare;
		if (looksLikeUrl(marker.value, page.response.url)) {
			if (ofNext || (onlyPagingNouns(words) && sameListOtherQuery(marker.value, page.response.url))) signs.push({ marker, kind: 'url' });
			continue;
		}
		if (!ofNext) continue;
		const { value } = marker;
		// A number is a page's position only under a word that says so (`nextPage: 2`; `remaining: 99` is a count).
		const token =
			typeof value === 'number'
				? Number.isFinite(value) && namesPosition(words)
				: typeof value === 'string' && value.trim() !== '' && !DATE_LIKE.test(value) && !entryValues.has(value);
		if (token) signs.push({ marker, kind: 'token' });
	}
	return signs;
}

/** Whether a link points at the same list as the page (its path) with another query: another page of it. */
function sameListOtherQuery(link: string, pageUrl: string): boolean {
	if (!URL.canParse(pageUrl)) return false;
	const page = new URL(pageUrl);
	const target = new URL(resolveLink(link, pageUrl));
	return target.pathname === page.pathname && target.search !== '' && target.search !== page.search;
}

/**
 * The names a token found by structure may be sent back under, in the order tried: its own name, then names its
 * words give (`tokenForNext` → `token`, `next_token`, `nextToken`, `pageToken`, `page_token`), then the common
 * ones. Page 2 tells which the API understood.
 */
export function tokenParameters(key: string): string[] {
	const words = keyWords(key).filter((word) => !PAGING_WORDS.next.has(word) && !PAGING_WORDS.connectors.has(word) && !PAGING_WORDS.context.has(word));
	const content = words.length > 0 ? words : ['cursor'];
	const camel = (parts: string[]) => parts.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
	const snake = (parts: string[]) => parts.join('_');
	const paged = content.includes('page') ? content : ['page', ...content];
	const names = [key, camel(content), snake(content), snake(['next', ...content]), camel(['next', ...content]), camel(paged), snake(paged), 'cursor', 'token'];
	return [...new Set(names.filter((name) => name.trim() !== ''))];
}

/**
 * A number the page states as the list's total, on evidence: a registry total, else a key that speaks of a count
 * (`totalHits`, `recordCount`). A number below the page's entries is no total; one equal to them is this page's
 * count where the page also names a next page, or where the query asked for that number under the same name
 * (Calendly's `count=3` echoed as `pagination.count: 3`).
 */
function statedTotal(page: FetchedPage, markers: Marker[], beside?: Marker): Marker | undefined {
	const candidates = [
		...markers.filter((m) => NAMES.total.has(m.normalized) && isNumeric(m.value)),
		// A count by its words, unless the registry says it is this page's own (Rentman's `itemCount`) or a page size.
		// Headers by their words too, where they are the API's own (`X-Overall-Count`).
		...markers.filter(
			(m) =>
				(!m.path.startsWith('header:') || /^header:x-/i.test(m.path)) &&
				!KNOWN_MARKERS.has(m.normalized) &&
				!PAGE_COUNTS.has(m.key) &&
				isNumeric(m.value) &&
				speaksOfCount(keyWords(m.key)) &&
				!isMoney(m, markers),
		),
	];
	const totals = candidates.filter((m) => {
		if (beside && m.parent !== beside.parent) return false;
		const stated = numeric(m.value);
		if (stated < page.entries.length) return false;
		if (stated > page.entries.length) return true;
		const echoed = Object.entries(page.query).some(([name, value]) => normalizeKey(name) === m.normalized && String(value) === String(stated));
		return !echoed && !namesNextPage(page, markers);
	});
	// Of a count equal to the page and a number above it, the number above is the list's (`count: 7` beside `grandEntries: 27`).
	return totals.find((m) => numeric(m.value) > page.entries.length) ?? totals[0];
}

/** Whether a count by its words is an amount of money: an `amount` with a fraction, or beside a currency (its key's words or a code such as `EUR`). */
function isMoney(count: Marker, markers: Marker[]): boolean {
	if (!keyWords(count.key).includes('amount')) return false;
	if (!Number.isInteger(numeric(count.value))) return true;
	return markers.some(
		(m) => m.parent === count.parent && m !== count && (keyWords(m.key).some((word) => PAGING_WORDS.currency.has(word)) || (typeof m.value === 'string' && /^[A-Z]{3}$/.test(m.value))),
	);
}

/** Whether the page names a next page: a registry link or cursor, or a sign found by structure. */
function namesNextPage(page: FetchedPage, markers: Marker[]): boolean {
	const registry = CHECKS.nextUrl(page, markers) ?? CHECKS.linkList(page, markers) ?? CHECKS.linkHeader(page, markers) ?? CHECKS.cursor(page, markers);
	return registry !== undefined || nextSigns(page, markers).length > 0 || flagSaysMore(page.response, moreFlag(markers)?.path) === true;
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
		totalPath: statedTotal(page, markers)?.path,
		totalPagesPath: anywhere(markers, NAMES.totalPages, isNumeric)?.path,
		pageSizePath: statedPageSize(markers)?.path,
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
	const namesLastId = markers.some((m) => NAMES.lastId.has(m.normalized) && m.parent === flag.parent);
	return {
		mode: 'afterLast',
		afterParameter: namesLastId ? AFTER_PARAMETERS.afterLastId : AFTER_PARAMETERS.default,
		afterField: DEFAULT_AFTER_FIELD,
		hasMorePath: flag.path,
		unverified: true,
	};
}

/** One check of a first page: the settings it reads there, or undefined when its markers are not there. */
type Check = (first: FetchedPage, markers: Marker[]) => ResolvedPagination | undefined;

const CHECKS: Record<PaginationCheck, Check> = {
	linkHeader: (first) => (nextLinkFromHeader(headerValue(first.response.headers, LINK_HEADER)) ? { mode: 'nextUrl' } : undefined),
	nextUrl: (first, markers) => {
		const nextUrl = markers.find(
			(m) =>
				(NAMES.nextUrl.has(m.normalized) || (m.parentKey === NAMES.nextObject && NAMES.urlInsideNext.has(m.normalized))) &&
				looksLikeUrl(m.value, first.response.url),
		);
		return nextUrl ? { mode: 'nextUrl', nextUrlPath: nextUrl.path } : undefined;
	},
	linkList: (first) => {
		const linkList = linkListWith(first, LINK_RELATIONS.next);
		return linkList ? { mode: 'nextUrl', nextUrlPath: linkList.path } : undefined;
	},
	cursor: (first, markers) => {
		const cursor =
			markers.find(
				(m) =>
					((m.normalized.startsWith(NAMES.nextPrefix) && m.normalized.length > NAMES.nextPrefix.length) ||
						(m.parentKey === NAMES.nextObject && NAMES.cursorInsideNext.has(m.normalized))) &&
					isScalarMarker(m.value) &&
					!looksLikeUrl(m.value, first.response.url),
			) ??
			markers.find((m) => m.parent === '' && NAMES.bareCursor.has(m.normalized) && isScalarMarker(m.value) && !looksLikeUrl(m.value, first.response.url));
		if (!cursor) return undefined;
		const { parameter, alternative } = cursorParameter(first.response.body, cursor);
		// Where page 2 shows the API ignored the name, the key itself, then the names its words give, are tried.
		const [next, ...rest] = [...new Set([alternative ?? cursor.key, ...tokenParameters(cursor.key)])].filter((name) => name !== parameter);
		return {
			mode: 'cursor',
			cursorParameter: parameter,
			...(next ? { cursorAlternative: next } : {}),
			...(rest.length > 0 ? { cursorAlternatives: rest } : {}),
			cursorPath: cursor.path,
			hasMorePath: sibling(markers, cursor, NAMES.moreFlag)?.path,
		};
	},
	pageNumber: (first, markers) => {
		const page = anywhere(markers, NAMES.page, isNumeric);
		if (!page) return undefined;
		// A token beside the page number (Bookeo's `pageNavigationToken`): later pages send it back with the number.
		const token = markers.find((m) => m.parent === page.parent && PAGE_TOKENS.has(m.normalized) && isScalarMarker(m.value));
		return {
			mode: 'pageNumber',
			pageParameter: token ? PAGE_TOKENS.get(token.normalized)! : (PAGE_PARAMETERS.get(page.normalized) ?? page.key),
			...(token ? { cursorParameter: token.key, cursorPath: token.path } : {}),
			firstPage: numeric(page.value),
			currentPagePath: page.path,
			totalPagesPath: sibling(markers, page, NAMES.totalPages, isNumeric)?.path,
			// A total entry count also tells where the pages end (used to fetch pages at once, or jump to the last).
			totalPath: statedTotal(first, markers, page)?.path,
			pageSizePath: statedPageSize(markers, page)?.path,
			hasMorePath: moreFlag(markers)?.path,
		};
	},
	offset: (first, markers) => {
		const offset = anywhere(markers, NAMES.offset, isNumeric);
		if (!offset) return undefined;
		return {
			mode: 'offset',
			offsetParameter: offset.key,
			offsetPath: offset.path,
			limitParameter: sibling(markers, offset, NAMES.limit, isNumeric)?.key,
			totalPath: statedTotal(first, markers, offset)?.path,
			pageSizePath: statedPageSize(markers, offset)?.path,
			hasMorePath: moreFlag(markers)?.path,
		};
	},
	offsetEcho: (first, markers) => detectOffsetEcho(first, markers),
	nextSign: (first, markers) => {
		const [sign] = nextSigns(first, markers);
		if (!sign) return undefined;
		const hasMorePath = moreFlag(markers)?.path;
		// A link is followed as it is; page 2 must still bring new entries (the guess is checked there).
		if (sign.kind === 'url') return { mode: 'nextUrl', nextUrlPath: sign.marker.path, hasMorePath, unverified: true };
		const [parameter, alternative, ...alternatives] = tokenParameters(sign.marker.key);
		return {
			mode: 'cursor',
			cursorParameter: parameter,
			cursorPath: sign.marker.path,
			...(alternative ? { cursorAlternative: alternative } : {}),
			...(alternatives.length > 0 ? { cursorAlternatives: alternatives } : {}),
			hasMorePath,
			unverified: true,
		};
	},
	afterLast: (first, markers) => {
		const flag = moreFlag(markers);
		return flag && flagSaysMore(first.response, flag.path) ? detectAfterLast(first, markers, flag) : undefined;
	},
};

/**
 * A paging block that echoes the offset it was asked for (Mindbody's `RequestedOffset`, beside `RequestedLimit` and
 * a total above the page) names no parameter: the walk guesses the names the echo's words give (`offset`, `limit`),
 * then the registry's for the platforms that write it (`request.offset`, `request.limit`), and page 2's echo tells
 * which the API understood (it must echo the offset sent).
 */
function detectOffsetEcho(first: FetchedPage, markers: Marker[]): ResolvedPagination | undefined {
	// An echo by its words: an echo word, what was asked (`offset`, `start`, `from`; `limit`), and nothing else but connectors.
	const isEcho = (m: Marker, registry: Set<string>, asked: Set<string>) => {
		const words = keyWords(m.key).filter((word) => !PAGING_WORDS.connectors.has(word));
		return (
			isNumeric(m.value) &&
			(registry.has(m.normalized) || (words.length === 2 && words.some((word) => PAGING_WORDS.echo.has(word)) && words.some((word) => asked.has(word))))
		);
	};
	const echo = markers.find((m) => isEcho(m, NAMES.offsetEcho, PAGING_WORDS.offsetWords));
	const total = echo && statedTotal(first, markers);
	if (!echo || !total || numeric(echo.value) + first.entries.length >= numeric(total.value)) return undefined;
	const limitEcho = markers.find((m) => m.parent === echo.parent && isEcho(m, NAMES.limitEcho, PAGING_WORDS.limitWords));
	// The words' name (`RequestedOffset` → `offset`), then the registry's for the platforms that write the echo.
	const names = (echoed: Marker | undefined) => {
		if (!echoed) return [];
		const asked = keyWords(echoed.key).filter((word) => !PAGING_WORDS.echo.has(word) && !PAGING_WORDS.connectors.has(word)).join('_');
		return [...new Set([asked, ...(ECHO_PARAMETERS.has(echoed.normalized) ? [ECHO_PARAMETERS.get(echoed.normalized)!] : [])])];
	};
	const offsets = names(echo);
	const limits = names(limitEcho);
	const [offsetParameter, ...offsetCandidates] = offsets;
	return {
		mode: 'offset',
		offsetParameter,
		...(limits[0] ? { limitParameter: limits[0] } : {}),
		offsetEchoPath: echo.path,
		// Where this page starts, as the walk reads it when the name it sent was not the one the API took.
		offsetPath: echo.path,
		...(offsetCandidates.length > 0 ? { offsetCandidates, limitCandidates: offsetCandidates.map((_, i) => limits[i + 1] ?? limits[0] ?? '') } : {}),
		totalPath: total.path,
		pageSizePath: statedPageSize(markers, echo)?.path,
		hasMorePath: moreFlag(markers)?.path,
		unverified: true,
	};
}

/** What the first page says about pagination, as settled settings; undefined when it says nothing. */
export function detectPagination(first: FetchedPage): ResolvedPagination | undefined {
	// The markers are collected once, and only when the Link header did not decide (PAGINATION_CHECKS starts with it).
	let markers: Marker[] | undefined;
	for (const check of PAGINATION_CHECKS) {
		if (check !== 'linkHeader') markers ??= collectMarkers(first);
		const found = CHECKS[check](first, markers ?? []);
		if (found) return found;
	}
	return undefined;
}

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
		if (url !== undefined && looksLikeUrl(url, page.response.url)) return { url, path };
	}
	return undefined;
}

/**
 * A URL the body names under one of `keys`, in a `{"href": …}` object under such a key, or as the link of
 * one of the relations `rels` in a list of link objects.
 */
function bodyLink(page: FetchedPage, keys: Set<string>, rels: readonly string[]): { url: string; path: string } | undefined {
	for (const rel of rels) {
		const listed = linkListWith(page, rel);
		if (listed) return listed;
	}
	const marker = collectMarkers(page).find(
		(m) => !m.path.startsWith('header:') && (keys.has(m.normalized) || (keys.has(m.parentKey) && NAMES.urlInsideNext.has(m.normalized))) && looksLikeUrl(m.value, page.response.url),
	);
	return marker ? { url: String(marker.value), path: marker.path } : undefined;
}

/** The URL of the list's last page when the body names one, with where it was found. */
export function lastPageLink(page: FetchedPage): { url: string; path: string } | undefined {
	return bodyLink(page, NAMES.lastUrl, [LINK_RELATIONS.last]);
}

/** The URL of the page before this one when the body names one. */
export function previousPageLink(page: FetchedPage): { url: string; path: string } | undefined {
	return bodyLink(page, NAMES.previousUrl, LINK_RELATIONS.previous);
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
 * more. Structure judges, names only find it faster: a more-flag decides (a registry name, or a key whose words
 * speak of more or of the end); else a stated total (above what was read: more; reached: complete, also in a
 * resumed walk, whose count can only be short) or a stated last page beyond this one; else a link or token of a
 * next page the walk did not follow (found by its key's words and its value, whatever its name). A list without any
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
	const total = statedTotal(last, markers);
	if (total) {
		const stated = numeric(total.value);
		if (totalReached(stated, last, position, markers)) return undefined;
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
	// A link or token of the next page that the walk did not follow: more follows (a total reached said otherwise above).
	const sign = nextSigns(last, markers)[0];
	if (sign) return `"${sign.marker.path}" ${sign.kind === 'url' ? 'links to a next page' : 'holds a next-page token'}`;
	if (!position.unpaged || total) return undefined;
	const size = statedPageSize(markers);
	const statedSize = size ? numeric(size.value) : NaN;
	if (size && last.entries.length >= statedSize && last.entries.length > 1) {
		return `the page holds ${last.entries.length} entries, the page size "${size.key}" states`;
	}
	const asked = pageSizeAskedFor(last.entries.length, last.query);
	if (asked) return `the page holds exactly the ${last.entries.length} entries the query parameter "${asked}" asked for`;
	// Nothing asked for, nothing stated: a page of exactly a large common page size (an API's default or cap, as
	// Rezdy's and Acuity's 100) is far more often cut than complete. A page of 10 or 20 is only doubted (a notice).
	if (last.entries.length >= LARGE_PAGE_SIZE && COMMON_PAGE_SIZES.has(last.entries.length)) {
		return `the page holds ${last.entries.length} entries, a page size APIs commonly default to or stop at, and nothing says the list ends there`;
	}
	return undefined;
}

/** From this size up, a first page of exactly a common page size is taken as cut, not only doubted. */
const LARGE_PAGE_SIZE = 100;

/**
 * Whether the walk has read all the entries a stated total counts: this walk's count, or, for a list without
 * pagination (one page, read whole at every poll), this page's length, counted from the offset the page states
 * it starts at (Mindbody's `RequestedOffset` + its entries reaching `TotalResults`: the list ends here).
 */
function totalReached(stated: number, last: FetchedPage, position: WalkPosition, markers: Marker[]): boolean {
	if (position.read >= stated) return true;
	if (!position.unpaged) return false;
	const offset = anywhere(markers, NAMES.offsetEcho, isNumeric);
	return (offset ? numeric(offset.value) : 0) + last.entries.length >= stated;
}

/** The query parameter that asked for exactly this many entries (a page size the user sent), if any. */
function pageSizeAskedFor(entryCount: number, query: IDataObject): string | undefined {
	if (entryCount < 2) return undefined;
	return Object.entries(query).find(([, value]) => typeof value !== 'object' && String(value).trim() === String(entryCount))?.[0];
}

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
