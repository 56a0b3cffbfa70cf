/**
 * A rate limiter as real APIs run one: a token bucket per API key. Each key may send `burst` requests at
 * once and `perSecond` a second after that; a request finding the bucket empty gets 429 with a Retry-After
 * that says honestly when the next token arrives (whole seconds, rounded up, as HTTP's delay-seconds are).
 * Unlike `rate429`, which refuses a random share of requests whatever the pace, this one refuses only
 * clients that go faster than the budget.
 *
 * Every answer may also state the budget in one of the header families real APIs use, or lie in it, so the
 * node's pacer can be tested against honest and misleading headers alike.
 */
export interface RateLimitOptions {
	/** Tokens added a second, per key. */
	perSecond: number;
	/** The bucket's size: how many requests a key may send at once after a quiet spell. */
	burst: number;
	/** Which rate-limit headers every answer carries (default none); see RATE_LIMIT_HEADERS. */
	headers?: RateLimitHeaders;
	/** A lie in those headers, for tests of a client that must not trust them blindly. */
	lie?: RateLimitLie;
}

/**
 * The header families: `xRateLimit` (X-RateLimit-Limit/-Remaining/-Reset, reset in seconds from now),
 * `xRateLimitEpoch` (the same, reset as a Unix time in seconds), `ietf` (the later IETF draft:
 * `RateLimit: "default";r=…;t=…` and `RateLimit-Policy: "default";q=…;w=1`), `ietfDraft` (the earlier draft's
 * `RateLimit: limit=…, remaining=…, reset=…`), `none`. The limit is the refill per one-second window; the
 * remaining budget is the bucket's whole tokens; the reset is when the bucket is full again (whole seconds).
 */
export const RATE_LIMIT_HEADERS = ['none', 'xRateLimit', 'xRateLimitEpoch', 'ietf', 'ietfDraft'] as const;
export type RateLimitHeaders = (typeof RATE_LIMIT_HEADERS)[number];

/** `remainingNeverFalls`: Remaining always says the whole limit is left; `resetInPast`: the reset was a minute ago; `resetFarFuture`: a year away. */
export const RATE_LIMIT_LIES = ['remainingNeverFalls', 'resetInPast', 'resetFarFuture'] as const;
export type RateLimitLie = (typeof RATE_LIMIT_LIES)[number];

/** A token bucket's verdict: the Retry-After seconds of a 429 (undefined: go on) and the headers to send either way. */
export interface RateLimitVerdict {
	retryAfterSeconds?: number;
	headers: Record<string, string>;
}

/**
 * A quota as booking and rental platforms state one to partners: `limit` requests a fixed window of `windowSeconds`
 * per key, the window starting at the key's first request after the last one ended. Every answer states it in
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds until the window ends); a request
 * past it gets 429 with a Retry-After of those seconds.
 */
export interface QuotaOptions {
	limit: number;
	windowSeconds: number;
}

export class FixedWindows {
	private readonly windows = new Map<string, { startedAt: number; used: number }>();

	constructor(private readonly options: QuotaOptions) {
		if (!(Number.isInteger(options.limit) && options.limit >= 1)) throw new Error(`Quota limit must be a whole number of at least 1; got ${String(options.limit)}`);
		if (!(Number.isInteger(options.windowSeconds) && options.windowSeconds >= 1)) {
			throw new Error(`Quota windowSeconds must be a whole number of at least 1; got ${String(options.windowSeconds)}`);
		}
	}

	/** Counts a request of `key` in its window and says what to answer: a 429's Retry-After or nothing, and the headers. */
	decide(key: string, nowMs: number): RateLimitVerdict {
		const { limit, windowSeconds } = this.options;
		const windowMs = windowSeconds * 1000;
		let window = this.windows.get(key);
		if (!window || nowMs >= window.startedAt + windowMs) this.windows.set(key, (window = { startedAt: nowMs, used: 0 }));
		const allowed = window.used < limit;
		if (allowed) window.used++;
		// Whole seconds, rounded up: a client that waits this long finds the new window.
		const resetSeconds = Math.max(1, Math.ceil((window.startedAt + windowMs - nowMs) / 1000));
		const headers = { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(limit - window.used), 'X-RateLimit-Reset': String(resetSeconds) };
		return { retryAfterSeconds: allowed ? undefined : resetSeconds, headers };
	}
}

interface Bucket {
	tokens: number;
	updatedAt: number;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export class TokenBuckets {
	private readonly buckets = new Map<string, Bucket>();

	constructor(private readonly options: RateLimitOptions) {
		if (!(options.perSecond > 0)) throw new Error(`Rate limit perSecond must be more than 0; got ${String(options.perSecond)}`);
		if (!(Number.isInteger(options.burst) && options.burst >= 1)) {
			throw new Error(`Rate limit burst must be a whole number of at least 1; got ${String(options.burst)}`);
		}
		if (options.headers !== undefined && !RATE_LIMIT_HEADERS.includes(options.headers)) {
			throw new Error(`Rate limit headers must be one of ${RATE_LIMIT_HEADERS.join(', ')}; got ${String(options.headers)}`);
		}
		if (options.lie !== undefined && !RATE_LIMIT_LIES.includes(options.lie)) {
			throw new Error(`Rate limit lie must be one of ${RATE_LIMIT_LIES.join(', ')}; got ${String(options.lie)}`);
		}
	}

	/** Takes a token for `key`: undefined when there was one, else the Retry-After in seconds. */
	take(key: string, nowMs: number): number | undefined {
		return this.decide(key, nowMs).retryAfterSeconds;
	}

	/** Takes a token for `key` and says what to answer: a 429's Retry-After or nothing, and the budget headers. */
	decide(key: string, nowMs: number): RateLimitVerdict {
		const { perSecond, burst } = this.options;
		const bucket = this.buckets.get(key) ?? { tokens: burst, updatedAt: nowMs };
		bucket.tokens = Math.min(burst, bucket.tokens + ((nowMs - bucket.updatedAt) / 1000) * perSecond);
		bucket.updatedAt = nowMs;
		this.buckets.set(key, bucket);
		const allowed = bucket.tokens >= 1;
		if (allowed) bucket.tokens -= 1;
		const retryAfterSeconds = allowed ? undefined : Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
		return { retryAfterSeconds, headers: this.headers(bucket.tokens, nowMs) };
	}

	private headers(tokens: number, nowMs: number): Record<string, string> {
		const { perSecond, burst, headers = 'none', lie } = this.options;
		if (headers === 'none') return {};
		const limit = Math.ceil(perSecond);
		const remaining = lie === 'remainingNeverFalls' ? limit : Math.floor(tokens);
		const untilFull = Math.ceil((burst - tokens) / perSecond);
		const resetSeconds = lie === 'resetInPast' ? -60 : lie === 'resetFarFuture' ? YEAR_SECONDS : untilFull;
		const epoch = Math.ceil(nowMs / 1000) + resetSeconds;
		switch (headers) {
			case 'xRateLimit':
				// A delta cannot lie about the past; the epoch form can, and that is how APIs get it wrong.
				return { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(remaining), 'X-RateLimit-Reset': String(lie === 'resetInPast' ? epoch : resetSeconds) };
			case 'xRateLimitEpoch':
				return { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(remaining), 'X-RateLimit-Reset': String(epoch) };
			case 'ietf':
				return { RateLimit: `"default";r=${remaining};t=${resetSeconds}`, 'RateLimit-Policy': `"default";q=${limit};w=1` };
			case 'ietfDraft':
				return { RateLimit: `limit=${limit}, remaining=${remaining}, reset=${resetSeconds}` };
		}
	}
}
