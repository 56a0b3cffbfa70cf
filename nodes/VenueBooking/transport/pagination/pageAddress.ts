import type { IDataObject } from 'n8n-workflow';

import type { ResolvedPagination } from './settings';
import { numberAt, type FetchedPage, type PageRequest } from './strategies';

/**
 * Pages that can be asked for directly, without reading the one before: numbered pages or offsets, where
 * the first page states how far the list goes (total pages, or a total count). `count` includes the first
 * page; `request(n)` is what the walker itself would send for page n (n ≥ 2) if every page before it were full.
 */
export interface PageAddress {
	count: number;
	request(n: number): PageRequest;
	/** The request that ends exactly at the list's end: the last numbered page, or the last full window of offsets. */
	last(): PageRequest;
}

function finiteNumber(value: unknown): number | undefined {
	const number = Number(value);
	return value !== undefined && value !== null && value !== '' && Number.isFinite(number) ? number : undefined;
}

/** Numbered pages: page n of this walk is the first page's number plus n − 1. */
function pageNumberAddress(settings: ResolvedPagination, first: FetchedPage, second: PageRequest): PageAddress | undefined {
	const parameter = settings.pageParameter?.trim();
	if (!parameter) return undefined;
	const firstPage = settings.firstPage ?? 1;
	const size = first.entries.length;
	const start = finiteNumber(numberAt(first.response, settings.currentPagePath)) ?? finiteNumber(first.query[parameter]) ?? firstPage;
	const statedPages = finiteNumber(numberAt(first.response, settings.totalPagesPath));
	const total = finiteNumber(numberAt(first.response, settings.totalPath));
	const pages = statedPages ?? (total !== undefined && size > 0 ? Math.ceil(total / size) : undefined);
	if (pages === undefined) return undefined;
	const request = (n: number): PageRequest => {
		const page = start + n - 1;
		return { query: { ...(second.query ?? {}), [parameter]: page }, marker: String(page) };
	};
	const count = pages + firstPage - start;
	return { count, request, last: () => request(Math.max(1, count)) };
}

/** Offsets: page n starts n − 1 first-page lengths after the first page's offset. */
function offsetAddress(settings: ResolvedPagination, first: FetchedPage, second: PageRequest): PageAddress | undefined {
	const parameter = settings.offsetParameter?.trim();
	const total = finiteNumber(numberAt(first.response, settings.totalPath));
	const size = first.entries.length;
	if (!parameter || total === undefined || size === 0) return undefined;
	const start = finiteNumber(first.query[parameter]) ?? finiteNumber(numberAt(first.response, settings.offsetPath)) ?? 0;
	const at = (offset: number): PageRequest => ({ query: { ...(second.query ?? {}), [parameter]: offset } as IDataObject, marker: String(offset) });
	return {
		count: Math.max(1, Math.ceil((total - start) / size)),
		request: (n) => at(start + (n - 1) * size),
		last: () => at(Math.max(start, total - size)),
	};
}

/**
 * How to address the pages of a walk directly, from its first page and the request the strategy made for
 * the second; undefined when the pagination cannot (cursors, next URLs) or the first page states no end.
 * The plan is checked against the strategy's own second request, so it never sends what the walker would not.
 */
export function addressPages(settings: ResolvedPagination, first: FetchedPage, second: PageRequest): PageAddress | undefined {
	const address =
		settings.mode === 'pageNumber'
			? pageNumberAddress(settings, first, second)
			: settings.mode === 'offset'
				? offsetAddress(settings, first, second)
				: undefined;
	if (!address || !sameRequest(address.request(2), second)) return undefined;
	return address;
}

/** Whether two page requests would send the same thing. */
export function sameRequest(a: PageRequest, b: PageRequest): boolean {
	return a.url === b.url && sameQuery(a.query ?? {}, b.query ?? {});
}

function sameQuery(a: IDataObject, b: IDataObject): boolean {
	const keys = Object.keys(a);
	return keys.length === Object.keys(b).length && keys.every((key) => String(a[key]) === String(b[key]));
}
