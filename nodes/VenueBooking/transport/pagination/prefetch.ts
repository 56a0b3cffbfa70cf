/**
 * Fetching pages ahead: the addresses of later pages where the strategy makes them predictable, fetched
 * through an adaptive window and handed to the walk in order.
 */
import type { IDataObject } from 'n8n-workflow';
import { AdaptiveWindow } from '../retry';
import type { ApiClient, ApiRequest, ApiResponse } from '../request';
import { type FetchedPage, numberAt, type PageRequest, type PaginationOf, type ResolvedPagination } from './strategies';

/** Raised inside a fetch that was cancelled before it started; never reaches the walker. */
class Cancelled extends Error {}

/**
 * Fetches the pages of a directly addressable list ahead of the walker, as many at once as the adaptive
 * window allows. The walker stays in charge: it asks for each page in order with the request its strategy
 * made, and gets the prefetched answer only when that request is exactly the planned one. Any difference
 * (a short page in the middle, a page number the API restated) stops prefetching and the walker continues
 * one page at a time, so every check of the sequential walk — empty page, repeated page, Max Pages —
 * applies unchanged and nothing is lost or repeated.
 */
export class PagePrefetcher {
	readonly window: AdaptiveWindow;
	private readonly pending = new Map<number, Promise<ApiResponse>>();
	/** Every fetch started and not yet settled, taken or not: a finished walk waits for them. */
	private readonly inFlight = new Set<Promise<unknown>>();
	private launched: number;
	private stopped = false;

	constructor(
		private readonly client: ApiClient,
		private readonly base: ApiRequest,
		private readonly address: PageAddress,
		/** The last page to fetch ahead: the list's last page, or Max Pages when that comes first. */
		private readonly lastNumber: number,
		cap: number,
		/** The page the walker reads next. */
		firstNumber: number,
	) {
		this.window = new AdaptiveWindow(cap);
		this.launched = firstNumber - 1;
	}

	/** The answer for page `number` when it was fetched ahead with exactly `request`; undefined otherwise. */
	take(number: number, request: PageRequest): Promise<ApiResponse> | undefined {
		if (this.stopped) return undefined;
		if (number > this.lastNumber || !sameRequest(this.address.request(number), request)) {
			this.stop();
			return undefined;
		}
		// Keep about two windows' worth of pages asked for: enough to fill the window as it grows.
		const ahead = Math.min(this.lastNumber, number + 2 * this.window.limit);
		while (this.launched < ahead) this.launch(++this.launched);
		const answer = this.pending.get(number);
		this.pending.delete(number);
		return answer;
	}

	/** No more pages are started; those in flight finish and are dropped. */
	stop(): void {
		this.stopped = true;
		this.pending.clear();
	}

	/**
	 * Resolves once every fetch already started has settled, so no request of this walk is still on its way
	 * when the node's execution ends (an error or an early stop would otherwise leave some behind).
	 */
	async drain(): Promise<void> {
		await Promise.all([...this.inFlight]);
	}

	private launch(number: number): void {
		const planned = this.address.request(number);
		const fetch = (async () => {
			const slot = await this.window.acquire();
			try {
				if (this.stopped) throw new Cancelled();
				const query = { ...(this.base.query ?? {}), ...(planned.query ?? {}) };
				return await this.client.observedBy(slot).send({ ...this.base, query, url: planned.url, page: number });
			} finally {
				slot.release();
			}
		})();
		// A page fetched ahead may never be taken (the walk stopped early); its failure then goes nowhere.
		const settled = fetch.catch(() => undefined).finally(() => this.inFlight.delete(settled));
		this.inFlight.add(settled);
		this.pending.set(number, fetch);
	}
}

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
function pageNumberAddress(settings: PaginationOf<'pageNumber'>, first: FetchedPage, second: PageRequest): PageAddress | undefined {
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
function offsetAddress(settings: PaginationOf<'offset'>, first: FetchedPage, second: PageRequest): PageAddress | undefined {
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
