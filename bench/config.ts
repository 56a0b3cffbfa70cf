/**
 * The benchmark's sizes and run counts in one place. Sizes come from the issue ("Benchmarks: as fast as the
 * wire allows, measured side by side"); run counts are chosen so `npm run bench` stays well under 10 minutes on
 * a 2-core machine while every median has at least three samples.
 */
import { DEFAULT_PARALLEL } from '../nodes/VenueBooking/parameters/options';

/** The API key every contender sends; any key with the scopes works, this one is the sandbox's own. */
export const API_KEY = 'sandbox-full';

export const EXPORT = {
	payments: 100_000,
	/**
	 * The sandbox serves at most `maxPageSize` entries a page and the export asks for exactly that, through the
	 * sandbox's page-size query parameter (the node never knows the name: the user types it into Send Query
	 * Parameters; the bench reads it from the sandbox). 100 is the sandbox's default maximum; 1,000 (the
	 * option raised) shows how much of the gap is per request rather than per entry.
	 */
	pages: [
		{ maxPageSize: 100, runs: 5 },
		// Short runs (≈ 0.5 s) are the noisiest: five of them too.
		{ maxPageSize: 1_000, runs: 5 },
	],
};

export const FAN_OUT = {
	items: 1_000,
	latencyMs: 20,
	/** Every contender is CPU-bound here (n8n's request path costs more than 20 ms of waiting), so noise shows: five runs. */
	runs: 5,
	/** The n8n-core helper loop runs as many at once as our default Parallel Requests allows. */
	parallel: DEFAULT_PARALLEL.read,
	/** The HTTP Request node's batching: N items, then a pause. 32 per 20 ms paces it like 32 requests in flight. */
	httpBatch: { batchSize: 32, batchInterval: 20 },
	/** Behind the sandbox's token bucket (per key): fewer items, so a polite contender's run stays a few seconds. */
	limited: { items: 300, perSecond: 100, burst: 20 },
};

/** Return All at 20 ms a request: cursor pages (one after another) vs numbered or offset pages with a total. */
export const EXPORT_PAGES = {
	payments: 10_000,
	pageSize: 100,
	latencyMs: 20,
	runs: 3,
};

/** Trigger activation and Fetch Test Event on an oldest-first journal, with and without a revealed end. */
export const TRIGGER_END = {
	deliveries: 100_000,
	runs: 3,
};

export const TRIGGER = {
	deliveries: 100_000,
	newEntries: 10,
	/** No page size is set on the trigger: a user would not, so the sandbox's default page size applies. */
	runs: 3,
	/** Targets: requests per poll ≤ 2 + ceil(new / page size); serialised state ≤ 64 KiB. */
	stateLimitBytes: 64 * 1024,
};

export const PER_ITEM = {
	items: 10_000,
	/** 10,000 requests through n8n-core take ≈ 13 s a run; three runs keep the whole bench under 10 minutes. */
	runs: 3,
};

/**
 * The trigger's Fetch Test Event and a Return All export inside real n8n 2.x, its default expression engine beside
 * the legacy one (scenarios/engines.ts): the payment journal of issue 36's measurement (2,500 payments, oldest first).
 */
export const ENGINES = {
	payments: 2_500,
	runs: 3,
};

/** A child that has not reported after this long is killed and the bench fails (never hangs). */
export const CHILD_TIMEOUT_MS = 300_000;

/** Targets from the issue. */
export const TARGETS = {
	exportVsFloor: 1.25,
	exportRssPerJsonByte: 3,
	exportVsCoreLoop: 1.0,
	fanOutVsHttpNode: 1.2,
	pagesVsSequentialLoop: 4,
	triggerEndRequests: 3,
	/** Behind the token bucket without budget headers: time vs the ideal polite client, 429s vs the HTTP Request node's. */
	tokenBucketVsIdeal: 1.5,
	tokenBucketRefusalsVsHttpNode: 1 / 3,
	/** With X-RateLimit budget headers: time vs the ideal, and 429 answers in the worst run. */
	tokenBucketHeadersVsIdeal: 1.15,
	tokenBucketHeadersRefusals: 3,
	/** A poll and an export under n8n 2.x's default expression engine vs the legacy one. */
	engineRatio: 1.2,
};
