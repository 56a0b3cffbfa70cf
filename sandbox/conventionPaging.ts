/**
 * Cutting a list into one page the way a real API family does it, for `convention` mode. Four mechanisms
 * cover the surveyed APIs (docs/API-CONVENTIONS.md):
 *
 * - `afterId`: the client sends the id of the last entry it has (Stripe `starting_after`, OpenAI `after`);
 *   the page resumes after that entry wherever it now is, so entries added in front never shift a walk.
 * - `pageNumber`: a page number and a size (DRF, GitHub, JSON:API, Spring, Laravel); counts from the start
 *   of the list, so it shifts under appends in front, as those APIs do.
 * - `offset`: an offset and a size (DRF limit/offset, Jira, RFC 9457 style lists); shifts the same way.
 * - `token`: an opaque token the server hands out (DRF cursor, Slack, Google, HubSpot, Notion, Salesforce,
 *   Graph). Tokens are anchored on the entry's collection position when the list has anchors, so they
 *   survive appends like the sandbox's own cursors.
 *
 * Pagination parameters have fixed names per convention (the dialect's naming does not rename them), so
 * they are read from the raw query here, not through the QueryReader.
 */
import { ApiError, badRequest } from './errors';
import { countBefore, type ListSource } from './pagination';
import { toArray, type Sequence } from './sequence';

/** Where the page size comes from: a query parameter, or a header such as Salesforce's Sforce-Query-Options. */
export type PageSizeSource = { query: string } | { header: string; pattern: RegExp };

export interface PageSizeRule {
	source: PageSizeSource;
	default: number;
	max: number;
	/** Stripe and OpenAI refuse a limit above the maximum; most others lower it silently. */
	overMax: 'clamp' | 'error';
}

export type PagingSpec =
	| { kind: 'afterId'; after: string; before?: string }
	| {
			kind: 'pageNumber';
			page: string;
			firstPage: 0 | 1;
			/** DRF answers 404 "Invalid page." past the end and for page 0; the others answer an empty page. */
			pastEnd: 'notFound' | 'empty';
			/** DRF accepts `page=last`. */
			acceptsLast?: boolean;
			/**
			 * Bookeo: every answer carries this token (it holds the page size); later pages send only the token
			 * and the page number, and a later page asked for without the token is refused.
			 */
			navigationToken?: string;
	  }
	| { kind: 'offset'; offset: string }
	/** Planyo: a list is answered whole, in one answer; nothing asks for a page. */
	| { kind: 'whole' }
	/** Acuity: the first entries up to the size asked for (`max`), and no way to ask for the rest. */
	| { kind: 'first' }
	| {
			kind: 'token';
			token: string;
			/** The token (Salesforce's next-records locator) also carries the original query. */
			carriesQuery?: boolean;
			/** Where such a token travels: the URL's last path segment (Salesforce, default) or its own parameter (Shopify's `page_info`). */
			carriedIn?: 'path' | 'parameter';
			/** A prefix that makes tokens recognisable in a path (Salesforce locators look like "01g…"). */
			prefix?: string;
	  };

/** One page, in list terms; each convention's renderer picks what its API reports. */
export interface PageWindow<T = object> {
	items: T[];
	/** Index of the page's first entry in the list. */
	start: number;
	/** Entries in the whole list at the time of the request. */
	total: number;
	size: number;
	/** More entries after this page (or, when `backwards`, before it). */
	hasMore: boolean;
	hasPrevious: boolean;
	/** The client asked for the page before an entry (Stripe `ending_before`). */
	backwards: boolean;
	/** pageNumber: the page served, in the convention's numbering. */
	page?: number;
	/** token: the next and previous tokens, null at the ends. */
	nextToken: string | null;
	previousToken: string | null;
}

export interface PagingRequest {
	query: Record<string, string | string[]>;
	headers: Record<string, string | string[] | undefined>;
	/** The entry's identity (its id, or a slot's synthetic id), for `afterId`. */
	identityOf: (item: object) => string;
	/** Salesforce: the raw query to carry inside the next token. */
	rawQuery: string;
}

function first(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

function invalidParameter(name: string, message: string, code = 'bad_request'): ApiError {
	return new ApiError(400, code, `Query parameter "${name}" ${message}.`, [{ field: name, message }]);
}

function readSize(rule: PageSizeRule, request: PagingRequest): number {
	let text: string | undefined;
	let name: string;
	if ('query' in rule.source) {
		name = rule.source.query;
		text = first(request.query[name]);
	} else {
		name = rule.source.header;
		const header = first(request.headers[rule.source.header.toLowerCase()]);
		text = header === undefined ? undefined : (rule.source.pattern.exec(header)?.[1] ?? '');
	}
	if (text === undefined) return rule.default;
	if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
		throw invalidParameter(name, `must be an integer between 1 and ${rule.max}`);
	}
	const size = Number(text);
	if (size > rule.max && rule.overMax === 'error') {
		throw invalidParameter(name, `must be between 1 and ${rule.max} (got ${size})`);
	}
	return Math.min(size, rule.max);
}

// ---- tokens ----

/** A token's position: after/before an anchor (collection position), or from/until a plain index. */
type Position = { after: number } | { before: number } | { from: number } | { until: number };

interface TokenPayload {
	position: Position;
	/** The original query string (Salesforce locators), so a bare next-records URL still filters. */
	query?: string;
}

function isPosition(value: unknown): value is Position {
	if (!value || typeof value !== 'object') return false;
	const entries = Object.entries(value);
	if (entries.length !== 1) return false;
	const [key, number] = entries[0];
	return ['after', 'before', 'from', 'until'].includes(key) && Number.isSafeInteger(number) && (number as number) >= -1;
}

export function encodeToken(payload: TokenPayload, prefix = ''): string {
	return prefix + Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** The payload of a token this sandbox issued, or null for anything else (forged, truncated, foreign). */
export function decodeToken(text: string, prefix = ''): TokenPayload | null {
	if (!text.startsWith(prefix) || text.length === prefix.length) return null;
	try {
		const payload: unknown = JSON.parse(Buffer.from(text.slice(prefix.length), 'base64url').toString('utf8'));
		if (!payload || typeof payload !== 'object') return null;
		const { position, query } = payload as Record<string, unknown>;
		if (!isPosition(position) || (query !== undefined && typeof query !== 'string')) return null;
		return { position, ...(query === undefined ? {} : { query }) };
	} catch {
		return null;
	}
}

/** A list in its reversed order; anchors stay valid because the direction flag flips with it. */
export function newestFirstView(source: ListSource<object>): ListSource<object> {
	if (!source.anchorOf || source.descending) return source;
	const items = source.items;
	const length = items.length;
	const view: Sequence<object> = { length, at: (index) => (index >= 0 && index < length ? items.at(length - 1 - index) : undefined) };
	return { items: view, anchorOf: source.anchorOf, descending: true };
}

function window(source: ListSource<object>, start: number, end: number, size: number): PageWindow {
	const total = source.items.length;
	const from = Math.max(0, Math.min(start, total));
	const to = Math.max(from, Math.min(end, total));
	return {
		items: toArray(source.items, from, to),
		start: from,
		total,
		size,
		hasMore: to < total,
		hasPrevious: from > 0,
		backwards: false,
		nextToken: null,
		previousToken: null,
	};
}

function indexOfIdentity(source: ListSource<object>, request: PagingRequest, identity: string): number {
	// A linear scan: ids are not ordered (on purpose), and a page request scans at most one collection.
	for (let index = 0; index < source.items.length; index++) {
		if (request.identityOf(source.items.at(index)!) === identity) return index;
	}
	return -1;
}

function pageAfterId(spec: Extract<PagingSpec, { kind: 'afterId' }>, source: ListSource<object>, size: number, request: PagingRequest): PageWindow {
	const after = first(request.query[spec.after]);
	const before = spec.before === undefined ? undefined : first(request.query[spec.before]);
	if (after !== undefined && before !== undefined) {
		throw badRequest(`You may only specify one of these parameters: ${spec.after}, ${spec.before}.`, [{ field: spec.after, message: 'only one of these' }]);
	}
	const lookup = (name: string, identity: string): number => {
		const index = identity === '' ? -1 : indexOfIdentity(source, request, identity);
		if (index === -1) {
			throw new ApiError(400, 'resource_missing', `No such object: '${identity}'`, [{ field: name, message: 'no such object' }]);
		}
		return index;
	};
	if (after !== undefined) {
		const start = lookup(spec.after, after) + 1;
		return window(source, start, start + size, size);
	}
	if (before !== undefined && spec.before !== undefined) {
		const end = lookup(spec.before, before);
		const page = window(source, end - size, end, size);
		// Paging backwards, "more" means more entries before this page.
		return { ...page, hasMore: page.start > 0, backwards: true };
	}
	return window(source, 0, size, size);
}

function invalidPage(): ApiError {
	return new ApiError(404, 'invalid_page', 'Invalid page.');
}

function pageByNumber(spec: Extract<PagingSpec, { kind: 'pageNumber' }>, source: ListSource<object>, size: number, request: PagingRequest): PageWindow {
	const total = source.items.length;
	const lastPage = spec.firstPage + Math.max(0, Math.ceil(total / size) - 1);
	const text = first(request.query[spec.page]);
	let page: number;
	if (text === undefined) page = spec.firstPage;
	else if (spec.acceptsLast && text === 'last') page = lastPage;
	else if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text)) && Number(text) >= spec.firstPage) page = Number(text);
	else if (spec.pastEnd === 'notFound') throw invalidPage();
	// Laravel, GitHub and Spring read an unusable page number as the first page rather than failing.
	else page = spec.firstPage;
	const start = (page - spec.firstPage) * size;
	// DRF serves an empty first page of an empty list (allow_empty_first_page) and 404s everything past it.
	if (spec.pastEnd === 'notFound' && start >= total && !(total === 0 && page === spec.firstPage)) throw invalidPage();
	return { ...window(source, start, start + size, size), page };
}

function pageByOffset(spec: Extract<PagingSpec, { kind: 'offset' }>, source: ListSource<object>, size: number, request: PagingRequest): PageWindow {
	const text = first(request.query[spec.offset]);
	if (text !== undefined && (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)))) {
		throw invalidParameter(spec.offset, 'must be an integer of at least 0');
	}
	const offset = text === undefined ? 0 : Number(text);
	return window(source, offset, offset + size, size);
}

function positionAfter(source: ListSource<object>, item: object | undefined, index: number): Position {
	return source.anchorOf && item ? { after: source.anchorOf(item) } : { from: index };
}

function pageByToken(spec: Extract<PagingSpec, { kind: 'token' }>, source: ListSource<object>, size: number, request: PagingRequest): PageWindow {
	const text = first(request.query[spec.token]);
	let start = 0;
	let end: number | undefined;
	// Slack and others treat an empty cursor as "no cursor": the first page.
	if (text !== undefined && text !== '') {
		const payload = decodeToken(text, spec.prefix);
		if (!payload) throw invalidParameter(spec.token, 'is not a cursor this server issued', 'invalid_cursor');
		const position = payload.position;
		if ('from' in position) start = position.from;
		else if ('until' in position) end = position.until;
		else if (!source.anchorOf) throw invalidParameter(spec.token, 'is not a cursor this server issued', 'invalid_cursor');
		else if ('after' in position) start = countBefore(source, position.after, true);
		else end = countBefore(source, position.before, false);
	}
	if (end !== undefined) start = Math.max(0, end - size);
	const page = window(source, start, end ?? start + size, size);
	const carried = spec.carriesQuery ? { query: request.rawQuery } : {};
	const last = page.items[page.items.length - 1];
	const firstItem = page.items[0];
	const nextToken = page.hasMore ? encodeToken({ position: positionAfter(source, last, page.start + page.items.length), ...carried }, spec.prefix) : null;
	const previousToken = page.hasPrevious
		? encodeToken({ position: source.anchorOf && firstItem ? { before: source.anchorOf(firstItem) } : { until: page.start }, ...carried }, spec.prefix)
		: null;
	return { ...page, nextToken, previousToken };
}

/**
 * A page of a list walked with a navigation token (Bookeo). The token carries the first request's query (its
 * search and page size: `navigationTarget` in conventions.ts turns a token request back into it), so a later
 * page is the token and a page number; a later page asked for without the token is refused. Every answer
 * carries the token.
 */
function pageByNavigationToken(spec: Extract<PagingSpec, { kind: 'pageNumber' }>, name: string, source: ListSource<object>, sizeRule: PageSizeRule, request: PagingRequest): PageWindow {
	const page = first(request.query[spec.page]);
	if (first(request.query[name]) === undefined && page !== undefined && page !== String(spec.firstPage)) {
		throw invalidParameter(spec.page, `needs the ${name} of the first answer`);
	}
	const size = readSize(sizeRule, request);
	const carried = new URLSearchParams(request.rawQuery);
	carried.delete(name);
	carried.delete(spec.page);
	carried.set('query' in sizeRule.source ? sizeRule.source.query : 'size', String(size));
	return { ...pageByNumber(spec, source, size, request), nextToken: encodeToken({ position: { from: 0 }, query: carried.toString() }) };
}

/** One page of `source` as the convention's paging spec and size rule read the request. */
export function cutPage(spec: PagingSpec, sizeRule: PageSizeRule, source: ListSource<object>, request: PagingRequest): PageWindow {
	if (spec.kind === 'pageNumber' && spec.navigationToken) return pageByNavigationToken(spec, spec.navigationToken, source, sizeRule, request);
	if (spec.kind === 'whole') return window(source, 0, source.items.length, Math.max(1, source.items.length));
	const size = readSize(sizeRule, request);
	switch (spec.kind) {
		case 'afterId':
			return pageAfterId(spec, source, size, request);
		case 'pageNumber':
			return pageByNumber(spec, source, size, request);
		case 'offset':
			return pageByOffset(spec, source, size, request);
		case 'token':
			return pageByToken(spec, source, size, request);
		case 'first':
			return window(source, 0, size, size);
	}
}

/** The query parameters a paging spec reads (for strict query checking). */
export function pagingParameters(spec: PagingSpec, sizeRule: PageSizeRule): string[] {
	const size = 'query' in sizeRule.source ? [sizeRule.source.query] : [];
	switch (spec.kind) {
		case 'afterId':
			return [...size, spec.after, ...(spec.before ? [spec.before] : [])];
		case 'pageNumber':
			return [...size, spec.page, ...(spec.navigationToken ? [spec.navigationToken] : [])];
		case 'offset':
			return [...size, spec.offset];
		case 'token':
			return [...size, spec.token];
		case 'whole':
			return [];
		case 'first':
			return size;
	}
}
