/**
 * Retries and load: which failures are retried for which method, the backoff honouring Retry-After, the
 * signals each attempt reports (healthy or overloaded), and the adaptive window that reacts to them: how many
 * requests are in flight, grown while the API answers well and shrunk on load signals, and the loop that runs
 * work items through it.
 */
import { sleep } from 'n8n-workflow';

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

// ---- The adaptive window: requests in flight, grown while the API answers well, shrunk on load ------------

/**
 * Requests in flight at the start: small, so a rate-limited API sees a gentle first burst, but not so small
 * that a fan-out spends most of a short run doubling (each doubling waits a round trip).
 */
const INITIAL_LIMIT = 8;

/** Longest pause of the whole window after a Retry-After; longer asks are left to each request's retry rules. */
const MAX_PAUSE_MS = 60_000;

/** One request's place in the window; tells the window how its attempts went and gives the place back. */
export interface WindowSlot extends LoadObserver {
	release(): void;
}

/** What a window did, for the execution hint. */
export interface WindowSummary {
	cap: number;
	peak: number;
	backoffs: Record<string, number>;
	pausedMs: number;
}

/**
 * How many requests may be in flight at once, adapted to how the API answers: it starts at a few, doubles
 * each round trip while answers are healthy (slow start), grows by one a round trip after a back-off
 * (additive increase), halves on a rate limit, a 503 or a timeout (multiplicative decrease, at most once
 * per round trip: answers to requests sent before the last decrease are old news) and holds every new
 * start while a Retry-After runs. It never exceeds `cap`, the user's Parallel Requests; a cap of 1 is one
 * request at a time, exactly as before.
 */
export class AdaptiveWindow {
	private current: number;
	private threshold: number;
	private inFlight = 0;
	private started = 0;
	/** Requests started before this count was reached belong to a round trip that has already backed off. */
	private decreasedAt = -1;
	private pausedUntil = 0;
	private readonly waiters: Array<() => void> = [];
	private peakInFlight = 0;
	private pausedMs = 0;
	private readonly backoffs: Record<string, number> = {};

	constructor(
		readonly cap: number,
		private readonly now: () => number = Date.now,
	) {
		this.cap = Math.max(1, Math.floor(cap));
		this.current = Math.min(this.cap, INITIAL_LIMIT);
		this.threshold = this.cap;
	}

	/** Requests allowed in flight right now. */
	get limit(): number {
		return Math.floor(this.current);
	}

	/** Waits until a new request may start (no pause running, fewer than `limit` in flight) and takes a place. */
	async acquire(): Promise<WindowSlot> {
		for (;;) {
			const pause = this.pausedUntil - this.now();
			if (pause > 0) {
				await sleep(pause);
				continue;
			}
			if (this.inFlight < this.limit) break;
			await new Promise<void>((resolve) => this.waiters.push(resolve));
		}
		this.inFlight++;
		this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
		const sequence = this.started++;
		let released = false;
		return {
			report: (signal) => this.onSignal(signal, sequence),
			release: () => {
				if (released) return;
				released = true;
				this.inFlight--;
				this.wake();
			},
		};
	}

	summary(): WindowSummary {
		return { cap: this.cap, peak: this.peakInFlight, backoffs: { ...this.backoffs }, pausedMs: this.pausedMs };
	}

	private onSignal(signal: LoadSignal, sequence: number): void {
		if (signal.kind === 'healthy') {
			// Below the threshold each answer adds one (doubling per round trip); above it, one per round trip.
			this.current = Math.min(this.cap, this.current + (this.current < this.threshold ? 1 : 1 / this.current));
			this.wake();
			return;
		}
		if (signal.retryAfterMs !== undefined && signal.retryAfterMs > 0) {
			const until = this.now() + Math.min(signal.retryAfterMs, MAX_PAUSE_MS);
			if (until > this.pausedUntil) {
				this.pausedMs += until - Math.max(this.pausedUntil, this.now());
				this.pausedUntil = until;
			}
		}
		if (sequence < this.decreasedAt) return;
		this.backoffs[signal.reason] = (this.backoffs[signal.reason] ?? 0) + 1;
		this.threshold = Math.max(1, Math.floor(this.current / 2));
		this.current = this.threshold;
		this.decreasedAt = this.started;
	}

	/** Lets as many waiting starts go as there are free places. */
	private wake(): void {
		let free = this.limit - this.inFlight;
		while (free-- > 0 && this.waiters.length > 0) this.waiters.shift()?.();
	}
}

/**
 * The execution hint for a window that ran more than one request, or undefined when nothing is worth saying.
 * `refusals`: 429 answers, which the rate pacer (ratePacer.ts) answers and describes, not the window.
 */
export function describeWindow(summary: WindowSummary, what: string, refusals = 0): string | undefined {
	if (summary.cap <= 1 || summary.peak === 0) return undefined;
	const reasons = Object.entries(summary.backoffs).map(([reason, count]) => `${reason} ×${count}`);
	const reached = `Parallel Requests: up to ${summary.peak} ${what} at once (Parallel Requests allows ${summary.cap})`;
	if (reasons.length === 0) return refusals > 0 ? `${reached}.` : `${reached}; the API answered every request without pushing back.`;
	const paused = summary.pausedMs > 0 ? `, and paused ${(summary.pausedMs / 1000).toFixed(1)} s as Retry-After asked` : '';
	return `${reached}; slowed down on ${reasons.join(', ')}${paused}.`;
}
