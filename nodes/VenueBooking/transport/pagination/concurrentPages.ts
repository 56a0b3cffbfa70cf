import { AdaptiveWindow } from '../adaptiveWindow';
import type { ApiClient } from '../request';
import type { ApiRequest, ApiResponse } from '../types';
import { sameRequest, type PageAddress } from './pageAddress';
import type { PageRequest } from './strategies';

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

	private launch(number: number): void {
		const planned = this.address.request(number);
		const fetch = (async () => {
			const slot = await this.window.acquire();
			try {
				if (this.stopped) throw new Cancelled();
				const query = { ...(this.base.query ?? {}), ...(planned.query ?? {}) };
				return await this.client.observedBy(slot).send({ ...this.base, query, url: planned.url });
			} finally {
				slot.release();
			}
		})();
		// A page fetched ahead may never be taken (the walk stopped early); its failure then goes nowhere.
		fetch.catch(() => undefined);
		this.pending.set(number, fetch);
	}
}
