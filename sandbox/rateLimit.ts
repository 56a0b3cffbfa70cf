/**
 * A rate limiter as real APIs run one: a token bucket per API key. Each key may send `burst` requests at
 * once and `perSecond` a second after that; a request finding the bucket empty gets 429 with a Retry-After
 * that says honestly when the next token arrives (whole seconds, rounded up, as HTTP's delay-seconds are).
 * Unlike `rate429`, which refuses a random share of requests whatever the pace, this one refuses only
 * clients that go faster than the budget.
 */
export interface RateLimitOptions {
	/** Tokens added a second, per key. */
	perSecond: number;
	/** The bucket's size: how many requests a key may send at once after a quiet spell. */
	burst: number;
}

interface Bucket {
	tokens: number;
	updatedAt: number;
}

export class TokenBuckets {
	private readonly buckets = new Map<string, Bucket>();

	constructor(private readonly options: RateLimitOptions) {
		if (!(options.perSecond > 0)) throw new Error(`Rate limit perSecond must be more than 0; got ${String(options.perSecond)}`);
		if (!(Number.isInteger(options.burst) && options.burst >= 1)) {
			throw new Error(`Rate limit burst must be a whole number of at least 1; got ${String(options.burst)}`);
		}
	}

	/** Takes a token for `key`: undefined when there was one, else the Retry-After in seconds. */
	take(key: string, nowMs: number): number | undefined {
		const { perSecond, burst } = this.options;
		const bucket = this.buckets.get(key) ?? { tokens: burst, updatedAt: nowMs };
		bucket.tokens = Math.min(burst, bucket.tokens + ((nowMs - bucket.updatedAt) / 1000) * perSecond);
		bucket.updatedAt = nowMs;
		this.buckets.set(key, bucket);
		if (bucket.tokens >= 1) {
			bucket.tokens -= 1;
			return undefined;
		}
		return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
	}
}
