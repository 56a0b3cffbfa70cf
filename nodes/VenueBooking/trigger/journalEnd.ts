/**
 * The end of an oldest-first journal: reached from the first page's links or totals, so a poll reads the
 * newest pages instead of the whole journal.
 */
import { LINK_HEADER, LINK_RELATIONS } from '../conventions';
import { isStalePageRefusal } from '../transport/errors';
import { headerValue, settle } from '../transport/request';
import { linkFromHeader, numberAt, type PageRequest, type ResolvedPagination, resolveLink, strategyFor } from '../transport/pagination/strategies';
import { findListSignals, lastPageLink, previousPageLink } from '../transport/pagination/detect';
import { addressPages } from '../transport/pagination/prefetch';
import type { WalkedPage } from '../transport/pagination/walk';

/** Where the journal's last page is, as the first page reveals it, and how it was found (for the log). */
export interface JournalEnd {
	pagination: ResolvedPagination;
	request: PageRequest;
	/** The page just before it, when the last page may hold only a few entries (numbered pages). */
	previous?: PageRequest;
	revealedBy: string;
}

/**
 * The last page of a journal whose first page says where it ends: a `Link` header with rel="last", a last
 * page's URL in the body (JSON:API `links.last`, Laravel `last_page_url`, HAL `_links.last.href`), or a
 * total (pages or entries) next to page-number or offset counters that automatic detection recognised or
 * the user named. Nothing else is assumed; undefined means the end is not revealed (or page 1 is the end)
 * and the caller walks. The target is only a claim: the caller checks what comes back.
 */
export function revealedEnd(first: WalkedPage, pageSize: number | undefined): JournalEnd | undefined {
	const { pagination, entries } = first;
	if (!pagination || pagination.mode === 'off' || !entries?.length) return undefined;
	const last = linkFromHeader(headerValue(first.response.headers, LINK_HEADER), LINK_RELATIONS.last);
	if (last) {
		const url = resolveLink(last, first.response.url);
		if (url === first.response.url) return undefined;
		return { pagination, request: { url, marker: url }, revealedBy: 'the Link header (rel="last")' };
	}
	// A body may name its last page too (JSON:API links.last, Laravel last_page_url): followed as a next URL is.
	const named = pagination.mode === 'nextUrl' ? lastPageLink({ query: first.query, response: first.response, entries }) : undefined;
	if (named) {
		const url = resolveLink(named.url, first.response.url);
		if (url === first.response.url) return undefined;
		return { pagination, request: { url, marker: url }, revealedBy: `the last page named in "${named.path}"` };
	}
	const fetched = { query: first.query, response: first.response, entries };
	const second = strategyFor(pagination)?.next(fetched, pageSize);
	if (!second) return undefined;
	if (pagination.mode === 'nextUrl') return countedNextUrlEnd(first, entries.length, second);
	const address = addressPages(pagination, fetched, second);
	if (!address || address.count < 2) return undefined;
	const previous = pagination.mode === 'pageNumber' && address.count > 2 ? address.request(address.count - 1) : undefined;
	const stated = pagination.totalPagesPath && pagination.mode === 'pageNumber' ? pagination.totalPagesPath : pagination.totalPath;
	return { pagination, request: address.last(), previous, revealedBy: `the total in "${stated}"` };
}

/**
 * The last page of a list that states its total entries beside a next URL and nothing else (Django REST
 * framework's `{"count", "next", …}`): when the next URL differs from page 1's address in exactly one query
 * parameter, and that parameter went from absent or 1 to 2 (or from 0 to 1), it counts pages, so the last one
 * is `ceil(total / page length)` in the same count. Anything less certain (two parameters changed, as with
 * `limit` and `offset`, or an opaque cursor) is no claim. The claim is checked like every other: a refused or
 * empty page means the journal is walked from page 1.
 */
function countedNextUrlEnd(first: WalkedPage, pageLength: number, second: PageRequest): JournalEnd | undefined {
	const { pagination, response } = first;
	if (!pagination || !second.url) return undefined;
	const totalPath = findListSignals({ query: first.query, response, entries: first.entries ?? [] }).totalPath;
	const total = numberAt(response, totalPath);
	const pages = Number.isFinite(total) && pageLength > 0 ? Math.ceil(total / pageLength) : NaN;
	if (!(pages > 2)) return undefined;
	const here = new URL(response.url);
	const next = new URL(second.url);
	if (here.origin !== next.origin || here.pathname !== next.pathname) return undefined;
	const names = new Set([...here.searchParams.keys(), ...next.searchParams.keys()]);
	const changed = [...names].filter((name) => here.searchParams.getAll(name).join() !== next.searchParams.getAll(name).join());
	if (changed.length !== 1) return undefined;
	const [counter] = changed;
	const was = here.searchParams.get(counter);
	const now = Number(next.searchParams.get(counter));
	const firstPage = (was === null || was === '1') && now === 2 ? 1 : was === '0' && now === 1 ? 0 : undefined;
	if (firstPage === undefined) return undefined;
	const pageUrl = (number: number): PageRequest => {
		const url = new URL(next);
		url.searchParams.set(counter, String(number));
		return { url: url.toString(), marker: url.toString() };
	};
	const lastNumber = firstPage + pages - 1;
	return {
		pagination,
		request: pageUrl(lastNumber),
		previous: pageUrl(lastNumber - 1),
		revealedBy: `the total in "${totalPath}" with the page counted in the next URL's "${counter}"`,
	};
}

/** The newest entries read from the journal's end, and the page to continue from at the next poll. */
export interface EndRead {
	/** Entries of the last page(s), oldest first. */
	entries: unknown[];
	tail: { pagination: ResolvedPagination; request: PageRequest };
}

type Walk = (resume: { pagination: ResolvedPagination; request: PageRequest }) => AsyncGenerator<WalkedPage>;

/**
 * Reads the journal from its revealed end instead of from page 1: the last page, continuing as the
 * pagination says if the "last" page was not the last (a short page is the end). When the end holds fewer
 * than `need` entries, the page before it is read too (numbered pages, or a Link rel="prev"). At most three
 * requests with page 1 whenever the end is where the API says. Returns undefined, with the reason told to
 * `inform`, when the end is not revealed or the claim was wrong (the named page is refused, empty or holds
 * no list); the caller then walks.
 */
export async function readFromEnd(
	first: WalkedPage,
	pageSize: number | undefined,
	walk: Walk,
	inform: (message: string) => void,
	amounts: { keep: number; need: number },
): Promise<EndRead | undefined> {
	const end = revealedEnd(first, pageSize);
	if (!end) {
		if (first.pagination && first.pagination.mode !== 'off' && first.entries?.length) {
			inform(
				'The journal does not say where it ends (no Link rel="last", no total next to page or offset counters), so it is read page by page from the start.',
			);
		}
		return undefined;
	}
	const kept: unknown[] = [];
	let tail: EndRead['tail'] | undefined;
	let before: PageRequest | undefined = end.previous;
	const readEndPages = async () => {
		for await (const page of walk({ pagination: end.pagination, request: end.request })) {
			if (!page.entries?.length) break;
			kept.push(...page.entries);
			if (kept.length > amounts.keep * 2) kept.splice(0, kept.length - amounts.keep);
			if (!tail) before ??= previousLink(page);
			tail = { pagination: page.pagination ?? end.pagination, request: page.request };
			// A page shorter than the first is the end; asking for the next would only return nothing.
			if (page.entries.length < (first.entries?.length ?? 0)) break;
		}
		if (tail && kept.length < amounts.need && before) {
			const earlier = walk({ pagination: end.pagination, request: before });
			const page = await earlier.next();
			await earlier.return(undefined);
			if (!page.done && page.value.entries) kept.unshift(...page.value.entries);
		}
	};
	const outcome = await settle(readEndPages());
	// A page the API refuses as it refuses a stale one (400, 404, 410, 422) means the named end was wrong.
	if (!outcome.ok && !isStalePageRefusal(outcome.error)) throw outcome.error;
	if (!outcome.ok || !tail) {
		inform(`The journal's end named by ${end.revealedBy} did not hold entries, so the journal is read page by page from the start.`);
		return undefined;
	}
	return { entries: kept.slice(-amounts.keep), tail };
}

/** The page before this one, as a request: a `Link` rel="prev", or a previous page's URL the body names. */
function previousLink(page: WalkedPage): PageRequest | undefined {
	const link =
		linkFromHeader(headerValue(page.response.headers, LINK_HEADER), LINK_RELATIONS.previous[0]) ??
		(page.entries ? previousPageLink({ query: page.query, response: page.response, entries: page.entries })?.url : undefined);
	if (!link) return undefined;
	const url = resolveLink(link, page.response.url);
	return { url, marker: url };
}
