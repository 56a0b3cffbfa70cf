/**
 * The adaptive window: how many requests are in flight, grown while the API answers well and shrunk on
 * load signals, and the loop that runs work items through it.
 */
import { sleep } from 'n8n-workflow';

import type { LoadObserver, LoadSignal } from './retry';

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
