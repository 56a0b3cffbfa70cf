/**
 * Cutting an ordered list into one page, in the configured style. The result carries canonical fields;
 * `listResponse.ts` decides whether they go into an envelope or into headers.
 *
 * Cursors (cursor, nextUrl, linkHeader) are anchored on the last item's position in its collection when
 * the list provides anchors, so entries appended between two page requests (newest-first journal) do not
 * shift later pages. Page and offset styles count from the list's start, so they shift, like real APIs.
 */
import { ApiError } from './errors';
import type { PaginationStyle, Settings } from './options';
import { invalidParameter, readInteger, type QueryReader } from './query';
import { toArray, type Sequence } from './sequence';

export interface ListSource<T> {
	items: Sequence<T>;
	/** Strictly monotonic along the list (increasing, or decreasing when `descending`). */
	anchorOf?: (item: T) => number;
	descending?: boolean;
}

export interface PageFields {
	page?: number;
	perPage?: number;
	totalPages?: number;
	totalCount?: number;
	offset?: number;
	limit?: number;
	nextCursor?: string | null;
	nextUrl?: string | null;
}

export interface Page<T> {
	items: T[];
	fields: PageFields;
	/** For linkHeader style: the URL of the first page. */
	firstUrl?: string;
	/** For linkHeader style with `linkLast`: the URL of the last page. */
	lastUrl?: string;
}

export interface PageContext {
	style: PaginationStyle;
	settings: Pick<Settings, 'defaultPageSize' | 'maxPageSize' | 'brokenPagination'> & Partial<Pick<Settings, 'linkLast'>>;
	query: QueryReader;
	/** The absolute URL of this list with the page token set (or removed when null). */
	urlWithToken: (token: string | null) => string;
}

type Token = { after: number } | { offset: number } | { broken: true };

/** Opaque to clients: base64url JSON. */
function encodeToken(token: Token): string {
	return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function isToken(value: unknown): value is Token {
	if (!value || typeof value !== 'object') return false;
	const token = value as Record<string, unknown>;
	return (
		(Number.isInteger(token.after) && Object.keys(token).length === 1) ||
		(Number.isInteger(token.offset) && (token.offset as number) >= 0 && Object.keys(token).length === 1) ||
		token.broken === true
	);
}

function decodeToken(query: QueryReader, canonical: string, text: string): Token {
	try {
		const token: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
		if (isToken(token)) return token;
	} catch {
		// Falls through to the 400 below.
	}
	throw new ApiError(400, 'invalid_cursor', `Query parameter "${query.name(canonical)}" is not a cursor this sandbox issued.`);
}

/**
 * How many entries come before `anchor` in list order (binary search over the monotonic anchors);
 * `inclusive` also counts the entry at the anchor itself, so it is then the index of the first entry past it.
 */
export function countBefore<T>(source: ListSource<T>, anchor: number, inclusive: boolean): number {
	const anchorOf = source.anchorOf!;
	let low = 0;
	let high = source.items.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		const value = anchorOf(source.items.at(middle)!);
		const before = source.descending ? value > anchor || (inclusive && value === anchor) : value < anchor || (inclusive && value === anchor);
		if (before) low = middle + 1;
		else high = middle;
	}
	return low;
}

function readPageSize(context: PageContext, canonical: string): number {
	const requested = readInteger(context.query, canonical, 1);
	return Math.min(requested ?? context.settings.defaultPageSize, context.settings.maxPageSize);
}

/**
 * The items of a numbered or offset page: the window asked for, or with broken pagination always the first
 * one, whatever was asked, while the page claims there is more (only a loop guard ends such a walk).
 */
function pageItems<T>(source: ListSource<T>, context: PageContext, start: number, size: number): T[] {
	const from = context.settings.brokenPagination ? 0 : start;
	return toArray(source.items, from, from + size);
}

function pageByNumber<T>(source: ListSource<T>, context: PageContext): Page<T> {
	const perPage = readPageSize(context, 'perPage');
	const page = readInteger(context.query, 'page', 1) ?? 1;
	const total = source.items.length;
	const fields = context.settings.brokenPagination
		? { page, perPage, totalPages: page + 1, totalCount: Math.max(total, (page + 1) * perPage) }
		: { page, perPage, totalPages: Math.ceil(total / perPage), totalCount: total };
	return { items: pageItems(source, context, (page - 1) * perPage, perPage), fields };
}

function pageByOffset<T>(source: ListSource<T>, context: PageContext): Page<T> {
	const limit = readPageSize(context, 'limit');
	const offset = readInteger(context.query, 'offset', 0) ?? 0;
	const total = source.items.length;
	const totalCount = context.settings.brokenPagination ? Math.max(total, offset + limit + 1) : total;
	return { items: pageItems(source, context, offset, limit), fields: { offset, limit, totalCount } };
}

function startOfTokenPage<T>(source: ListSource<T>, context: PageContext, tokenParameter: string): number {
	const text = context.query.get(tokenParameter);
	if (text === undefined) return 0;
	if (text === '') throw invalidParameter(context.query, tokenParameter, 'must not be empty');
	const token = decodeToken(context.query, tokenParameter, text);
	if ('broken' in token) return 0;
	if ('offset' in token) return token.offset;
	if (!source.anchorOf) return 0;
	return countBefore(source, token.after, true);
}

/** Shared by cursor, nextUrl and linkHeader: they differ only in where the next token travels. */
function pageByToken<T>(source: ListSource<T>, context: PageContext, tokenParameter: string): { items: T[]; nextToken: string | null } {
	const limit = readPageSize(context, 'limit');
	if (context.settings.brokenPagination) {
		return { items: toArray(source.items, 0, limit), nextToken: encodeToken({ broken: true }) };
	}
	const start = startOfTokenPage(source, context, tokenParameter);
	const items = toArray(source.items, start, start + limit);
	const hasMore = start + limit < source.items.length;
	if (!hasMore) return { items, nextToken: null };
	const last = items[items.length - 1];
	const token: Token = source.anchorOf ? { after: source.anchorOf(last) } : { offset: start + limit };
	return { items, nextToken: encodeToken(token) };
}

/** The page that holds the list's last item, addressed by offset (the first page when the list is short). */
function lastPageUrl<T>(source: ListSource<T>, context: PageContext): string {
	const limit = readPageSize(context, 'limit');
	const start = Math.floor(Math.max(0, source.items.length - 1) / limit) * limit;
	return context.urlWithToken(start === 0 ? null : encodeToken({ offset: start }));
}

export function paginate<T>(source: ListSource<T>, context: PageContext): Page<T> {
	switch (context.style) {
		case 'none':
			return { items: toArray(source.items), fields: { totalCount: source.items.length } };
		case 'page':
			return pageByNumber(source, context);
		case 'offset':
			return pageByOffset(source, context);
		case 'cursor': {
			const { items, nextToken } = pageByToken(source, context, 'cursor');
			return { items, fields: { nextCursor: nextToken } };
		}
		case 'nextUrl':
		case 'linkHeader': {
			const { items, nextToken } = pageByToken(source, context, 'pageToken');
			return {
				items,
				fields: { nextUrl: nextToken === null ? null : context.urlWithToken(nextToken) },
				firstUrl: context.urlWithToken(null),
				lastUrl: context.style === 'linkHeader' && context.settings.linkLast ? lastPageUrl(source, context) : undefined,
			};
		}
	}
}

/** The query parameters a style reads, canonical names (for strict query checking). */
export const PAGINATION_QUERY_PARAMETERS: Record<PaginationStyle, readonly string[]> = {
	none: [],
	page: ['page', 'perPage'],
	offset: ['offset', 'limit'],
	cursor: ['cursor', 'limit'],
	nextUrl: ['pageToken', 'limit'],
	linkHeader: ['pageToken', 'limit'],
};
