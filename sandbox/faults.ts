/**
 * Seeded fault injection. Each request the faults apply to draws exactly one number from a generator seeded
 * with `seed`, so the same seed and the same request sequence give the same faults. The fault is decided
 * before the request is acted on: a faulted write changes nothing.
 */
import { createRandom, type Random } from './random';
import { FixedWindows, type QuotaOptions, TokenBuckets, type RateLimitOptions, type RateLimitVerdict } from './rateLimit';

/** A scripted outcome for the next eligible request: no fault, a status, or a dropped connection. */
export type ScriptedFault = 'ok' | 429 | 500 | 502 | 503 | 'drop';

export interface FaultRequestInfo {
	method: string;
	/** Decoded path without the query (raw path when undecodable). */
	path: string;
	query: Record<string, string | string[]>;
}

export interface FaultOptions {
	/** Seed of the fault sequence (default 1). */
	seed?: number;
	/** Share of eligible requests answered 429 (0–1). */
	rate429?: number;
	/** Seconds in Retry-After of a 429; 0 and fractions are sent as given (default 1). */
	retryAfterSeconds?: number;
	/** "seconds" (default), "httpDate" (an HTTP-date that far ahead) or "none" (no header). */
	retryAfterMode?: 'seconds' | 'httpDate' | 'none';
	/** Share answered 500, 502 or 503 (spread evenly). */
	rate5xx?: number;
	/** Share whose socket is destroyed without any response. */
	rateDrop?: number;
	/** Delay before every eligible request is handled. */
	latencyMs?: number;
	/** Only these methods are eligible (default all). */
	methods?: readonly string[];
	/** Only requests for which this returns true are eligible. */
	only?: (request: FaultRequestInfo) => boolean;
	/** Outcomes for the first eligible requests, in order, before the random rates take over. */
	script?: readonly ScriptedFault[];
	/** A token bucket per API key (see rateLimit.ts); applies to every request, before the other faults. */
	rateLimit?: RateLimitOptions;
}

export type Fault = { kind: 'rateLimit' } | { kind: 'serverError'; status: 500 | 502 | 503 } | { kind: 'drop' };

const SERVER_ERROR_STATUSES = [500, 502, 503] as const;

function checkRate(name: string, value: number | undefined): number {
	const rate = value ?? 0;
	if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) throw new Error(`Fault ${name} must be between 0 and 1; got ${String(value)}`);
	return rate;
}

function scriptedFault(entry: ScriptedFault): Fault | null {
	if (entry === 'ok') return null;
	if (entry === 'drop') return { kind: 'drop' };
	if (entry === 429) return { kind: 'rateLimit' };
	return { kind: 'serverError', status: entry };
}

export class FaultInjector {
	private options: FaultOptions | undefined;
	private random: Random = createRandom(1);
	private scriptPosition = 0;
	private buckets: TokenBuckets | undefined;
	/** The workspace's quota (SandboxOptions.quota): it outlives fault settings, as a plan's limit does. */
	private readonly quota: FixedWindows | undefined;

	constructor(
		options?: FaultOptions,
		private readonly now: () => number = Date.now,
		quota?: QuotaOptions,
	) {
		this.quota = quota ? new FixedWindows(quota) : undefined;
		this.configure(options);
	}

	/** Replaces the fault settings and restarts the seeded sequence; undefined turns faults off. */
	configure(options: FaultOptions | undefined): void {
		if (options) {
			const total = checkRate('rate429', options.rate429) + checkRate('rate5xx', options.rate5xx) + checkRate('rateDrop', options.rateDrop);
			if (total > 1) throw new Error(`Fault rates add up to ${total}; at most 1`);
			if (options.retryAfterSeconds !== undefined && !(options.retryAfterSeconds >= 0)) {
				throw new Error('Fault retryAfterSeconds must be 0 or more');
			}
		}
		this.buckets = options?.rateLimit ? new TokenBuckets(options.rateLimit) : undefined;
		this.options = options;
		this.random = createRandom(options?.seed ?? 1);
		this.scriptPosition = 0;
	}

	get current(): FaultOptions | undefined {
		return this.options;
	}

	private isEligible(request: FaultRequestInfo): boolean {
		const options = this.options;
		if (!options) return false;
		if (options.methods && !options.methods.some((m) => m.toUpperCase() === request.method.toUpperCase())) return false;
		return options.only ? options.only(request) : true;
	}

	/**
	 * The token bucket's verdict for a request with this Authorization header (undefined: no bucket): the
	 * Retry-After seconds of a 429 or none, and the budget headers. Requests without a key share one bucket.
	 */
	rateLimited(authorization: string | undefined, nowMs = this.now()): RateLimitVerdict | undefined {
		const key = authorization ?? '';
		const quota = this.quota?.decide(key, nowMs);
		if (quota?.retryAfterSeconds !== undefined) return quota;
		const bucket = this.buckets?.decide(key, nowMs);
		if (!quota || !bucket) return quota ?? bucket;
		return { retryAfterSeconds: bucket.retryAfterSeconds, headers: { ...bucket.headers, ...quota.headers } };
	}

	/** Decides this request's fault (and its latency). Call once per request, before acting on it. */
	decide(request: FaultRequestInfo): { fault: Fault | null; latencyMs: number } {
		if (!this.isEligible(request)) return { fault: null, latencyMs: 0 };
		const options = this.options!;
		const latencyMs = options.latencyMs ?? 0;
		if (options.script && this.scriptPosition < options.script.length) {
			return { fault: scriptedFault(options.script[this.scriptPosition++]), latencyMs };
		}
		const draw = this.random.next();
		const rate429 = options.rate429 ?? 0;
		const rate5xx = options.rate5xx ?? 0;
		const rateDrop = options.rateDrop ?? 0;
		if (draw < rate429) return { fault: { kind: 'rateLimit' }, latencyMs };
		if (draw < rate429 + rate5xx) {
			// The position inside the 5xx band picks the status, so one draw decides everything.
			const band = Math.min(2, Math.floor(((draw - rate429) / rate5xx) * 3));
			return { fault: { kind: 'serverError', status: SERVER_ERROR_STATUSES[band] }, latencyMs };
		}
		if (draw < rate429 + rate5xx + rateDrop) return { fault: { kind: 'drop' }, latencyMs };
		return { fault: null, latencyMs };
	}

	/** The Retry-After header value of a 429, or undefined for none. */
	retryAfter(nowMs = this.now()): string | undefined {
		const seconds = this.options?.retryAfterSeconds ?? 1;
		switch (this.options?.retryAfterMode ?? 'seconds') {
			case 'none':
				return undefined;
			case 'httpDate':
				// HTTP-dates have whole seconds; round up so the client never retries too early.
				return new Date(Math.ceil((nowMs + seconds * 1000) / 1000) * 1000).toUTCString();
			default:
				return String(seconds);
		}
	}
}
