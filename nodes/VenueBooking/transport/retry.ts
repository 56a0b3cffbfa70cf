/**
 * Retries and load signals: which failures are retried for which method, the backoff honouring
 * Retry-After, and the signals the adaptive window reacts to.
 */
import type { HttpMethod } from '../endpoints';

export interface RetryPolicy {
	/** Retries after the first attempt; 0 turns retrying off. */
	maxRetries: number;
	/** The longest single pause, in milliseconds; a Retry-After asking for more ends the retries. */
	maxWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, maxWaitMs: 60_000 };

/** First backoff step; doubled each attempt, with jitter so parallel requests do not retry in step. */
const BASE_DELAY_MS = 500;

/** What became of one attempt, as far as retrying is concerned. */
export type AttemptOutcome =
	| { kind: 'status'; status: number }
	| { kind: 'network'; code: string };

/** Network failures after which the server has certainly not acted: nothing was delivered to it. */
const NOT_DELIVERED_CODES = new Set(['ECONNREFUSED']);

/** Network failures that are worth another try for a request that may safely be repeated. */
const TRANSIENT_NETWORK_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
	'EAI_AGAIN',
]);

const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

/**
 * Whether another attempt is allowed. A GET can be repeated freely. A POST or PATCH is repeated only
 * where the server cannot have acted on it (429 is a refusal; a refused connection delivered nothing),
 * because a retried Create after a lost response would book the slot twice.
 */
export function isRetryable(method: HttpMethod, outcome: AttemptOutcome): boolean {
	const idempotent = method === 'GET';
	if (outcome.kind === 'status') {
		if (outcome.status === 429) return true;
		return idempotent && TRANSIENT_STATUSES.has(outcome.status);
	}
	if (NOT_DELIVERED_CODES.has(outcome.code)) return true;
	return idempotent && TRANSIENT_NETWORK_CODES.has(outcome.code);
}

/**
 * Milliseconds to wait before retry number `retry` (1-based): the server's Retry-After (seconds or an
 * HTTP date) when it sent one, else exponential backoff with jitter (half fixed, half random). Returns undefined when the
 * server asks for longer than the policy allows, so the caller fails now instead of hanging.
 */
export function retryDelayMs(
	retry: number,
	retryAfter: string | undefined,
	policy: RetryPolicy,
	now: number = Date.now(),
	random: () => number = Math.random,
): number | undefined {
	const requested = parseRetryAfter(retryAfter, now);
	if (requested !== undefined) {
		return requested > policy.maxWaitMs ? undefined : requested;
	}
	const ceiling = Math.min(policy.maxWaitMs, BASE_DELAY_MS * 2 ** (retry - 1));
	return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as milliseconds from now, or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
	if (value === undefined) return undefined;
	const text = String(value).trim();
	if (text === '') return undefined;
	if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}

/**
 * What one attempt says about the API's load, for whoever paces requests (the adaptive window): an answer
 * that came back fine, or a sign to slow down — a rate limit (429), an overloaded server (503) or no answer
 * in time. Other failures (a 404, a refused key) say nothing about load and are not reported.
 */
export type LoadSignal =
	| { kind: 'healthy' }
	| { kind: 'overloaded'; reason: 'rate limit (429)' | 'server busy (503)' | 'timeout'; retryAfterMs?: number };

export interface LoadObserver {
	report(signal: LoadSignal): void;
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ERR_SOCKET_CONNECTION_TIMEOUT']);

/** The load signal of an HTTP answer, or undefined when it says nothing about load. */
export function signalOfStatus(status: number, retryAfter: string | undefined): LoadSignal | undefined {
	if (status === 429 || status === 503) {
		return {
			kind: 'overloaded',
			reason: status === 429 ? 'rate limit (429)' : 'server busy (503)',
			retryAfterMs: parseRetryAfter(retryAfter),
		};
	}
	return status < 400 ? { kind: 'healthy' } : undefined;
}

/** The load signal of a missing answer: only a timeout hints at load; a refused connection does not. */
export function signalOfNetworkFailure(code: string): LoadSignal | undefined {
	return TIMEOUT_CODES.has(code) ? { kind: 'overloaded', reason: 'timeout' } : undefined;
}
