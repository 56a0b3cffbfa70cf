import { forEachAdaptively } from '../../../nodes/VenueBooking/actions/router';
import {
	AdaptiveWindow,
	describeWindow,
	isRetryable,
	type LoadObserver,
	parseRetryAfter,
	retryDelayMs,
	signalOfNetworkFailure,
	signalOfStatus,
} from '../../../nodes/VenueBooking/transport/retry';

describe('isRetryable', () => {
	it('retries every method on 429: the server refused before acting', () => {
		for (const method of ['GET', 'POST', 'PATCH'] as const) {
			expect(isRetryable(method, { kind: 'status', status: 429 })).toBe(true);
		}
	});

	it('retries 5xx and dropped connections only for reads', () => {
		for (const status of [500, 502, 503, 504]) {
			expect(isRetryable('GET', { kind: 'status', status })).toBe(true);
			expect(isRetryable('POST', { kind: 'status', status })).toBe(false);
			expect(isRetryable('PATCH', { kind: 'status', status })).toBe(false);
		}
		for (const code of ['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED']) {
			expect(isRetryable('GET', { kind: 'network', code })).toBe(true);
			expect(isRetryable('POST', { kind: 'network', code })).toBe(false);
		}
	});

	it('retries a refused connection for writes too: nothing reached the server', () => {
		expect(isRetryable('POST', { kind: 'network', code: 'ECONNREFUSED' })).toBe(true);
	});

	it('never retries client errors', () => {
		for (const status of [400, 401, 403, 404, 409, 422]) {
			expect(isRetryable('GET', { kind: 'status', status })).toBe(false);
		}
	});
});

describe('retry delays', () => {
	const policy = { maxRetries: 3, maxWaitMs: 10_000 };
	const now = Date.parse('2026-11-22T10:00:00Z');

	it('honours Retry-After in seconds and as an HTTP date', () => {
		expect(retryDelayMs(1, '2', policy, now)).toBe(2000);
		expect(retryDelayMs(1, '0.25', policy, now)).toBe(250);
		expect(retryDelayMs(1, 'Sun, 22 Nov 2026 10:00:05 GMT', policy, now)).toBe(5000);
		expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
	});

	it('gives up (undefined) when the server asks for more than Max Wait', () => {
		expect(retryDelayMs(1, '11', policy, now)).toBeUndefined();
	});

	it('backs off exponentially with jitter, capped by Max Wait', () => {
		expect(retryDelayMs(1, undefined, policy, now, () => 0)).toBe(250);
		expect(retryDelayMs(1, undefined, policy, now, () => 1)).toBe(500);
		expect(retryDelayMs(3, undefined, policy, now, () => 1)).toBe(2000);
		expect(retryDelayMs(10, undefined, policy, now, () => 1)).toBe(10_000);
	});

	it('ignores an unreadable Retry-After', () => {
		expect(parseRetryAfter('soon')).toBeUndefined();
		expect(parseRetryAfter('')).toBeUndefined();
	});
});

describe('what an attempt says about the API\'s load', () => {
	it('a 429 or a 503 is overload, with its Retry-After in milliseconds when given', () => {
		expect(signalOfStatus(429, '3')).toEqual({ kind: 'overloaded', reason: 'rate limit (429)', retryAfterMs: 3000 });
		expect(signalOfStatus(503, undefined)).toEqual({ kind: 'overloaded', reason: 'server busy (503)', retryAfterMs: undefined });
		expect(signalOfStatus(429, 'soon')).toEqual({ kind: 'overloaded', reason: 'rate limit (429)', retryAfterMs: undefined });
	});

	it('any answer below 400 is healthy, redirects included', () => {
		for (const status of [200, 201, 204, 302, 399]) expect(signalOfStatus(status, '5')).toEqual({ kind: 'healthy' });
	});

	it('other failures say nothing about load', () => {
		for (const status of [400, 401, 403, 404, 409, 500, 502, 504]) expect(signalOfStatus(status, '5')).toBeUndefined();
	});

	it('only a timeout without an answer hints at load; a refused or reset connection does not', () => {
		for (const code of ['ETIMEDOUT', 'ECONNABORTED', 'ERR_SOCKET_CONNECTION_TIMEOUT']) {
			expect(signalOfNetworkFailure(code)).toEqual({ kind: 'overloaded', reason: 'timeout' });
		}
		for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'UNKNOWN']) expect(signalOfNetworkFailure(code)).toBeUndefined();
	});
});

// ---- The adaptive window ----

/** A tiny seeded generator, so a failing run can be replayed. */
function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 2 ** 32;
	};
}

/** Lets a few turns of the event loop pass: a stand-in for a request in flight, without timers. */
async function ticks(count: number): Promise<void> {
	for (let i = 0; i < count; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

const healthy = { kind: 'healthy' } as const;
const rateLimited = { kind: 'overloaded', reason: 'rate limit (429)' } as const;

describe('the adaptive window', () => {
	it.each([1, 3, 8, 32])('never has more than the cap (%i) in flight, under seeded answers and 429s', async (cap) => {
		for (const seed of [1, 2, 3]) {
			const random = seededRandom(seed);
			const window = new AdaptiveWindow(cap);
			let inFlight = 0;
			let peak = 0;
			const done: number[] = [];
			await forEachAdaptively(300, window, async (index, observer: LoadObserver) => {
				inFlight++;
				peak = Math.max(peak, inFlight);
				expect(window.limit).toBeLessThanOrEqual(cap);
				await ticks(1 + Math.floor(random() * 4));
				observer.report(random() < 0.1 ? rateLimited : healthy);
				inFlight--;
				done.push(index);
			});
			expect(done).toHaveLength(300);
			expect(peak).toBeLessThanOrEqual(cap);
			expect(window.summary().peak).toBe(peak);
			if (cap > 1) expect(peak).toBeGreaterThan(1);
		}
	});

	it('starts small, grows while answers are healthy, up to the cap and no further', async () => {
		const window = new AdaptiveWindow(32);
		expect(window.limit).toBe(8);
		const slots = await Promise.all(Array.from({ length: 8 }, () => window.acquire()));
		for (const slot of slots) slot.report(healthy);
		expect(window.limit).toBe(16);
		for (let i = 0; i < 200; i++) {
			const slot = await window.acquire();
			slot.report(healthy);
			slot.release();
		}
		expect(window.limit).toBe(32);
		slots.forEach((slot) => slot.release());
	});

	it('halves on a 429, once per round trip, and recovers with healthy answers', async () => {
		const window = new AdaptiveWindow(16);
		for (let i = 0; i < 100; i++) {
			const slot = await window.acquire();
			slot.report(healthy);
			slot.release();
		}
		expect(window.limit).toBe(16);
		const sentBefore = await Promise.all(Array.from({ length: 4 }, () => window.acquire()));
		sentBefore[0].report(rateLimited);
		expect(window.limit).toBe(8);
		// Answers to requests sent before the decrease are the same news: no second halving.
		sentBefore[1].report(rateLimited);
		sentBefore[2].report({ kind: 'overloaded', reason: 'timeout' });
		expect(window.limit).toBe(8);
		sentBefore.forEach((slot) => slot.release());
		// A request sent after the decrease that is refused again halves again.
		const after = await window.acquire();
		after.report({ kind: 'overloaded', reason: 'server busy (503)' });
		after.release();
		expect(window.limit).toBe(4);
		for (let i = 0; i < 500 && window.limit < 16; i++) {
			const slot = await window.acquire();
			slot.report(healthy);
			slot.release();
		}
		expect(window.limit).toBe(16);
		const summary = window.summary();
		expect(summary.backoffs).toEqual({ 'rate limit (429)': 1, 'server busy (503)': 1 });
		expect(describeWindow(summary, 'items')).toMatch(/slowed down on rate limit \(429\) ×1, server busy \(503\) ×1/);
	});

	it('never goes below one request at a time, and a cap of 1 stays one at a time', async () => {
		const window = new AdaptiveWindow(1);
		for (let i = 0; i < 5; i++) {
			const slot = await window.acquire();
			slot.report(i % 2 ? rateLimited : healthy);
			expect(window.limit).toBe(1);
			slot.release();
		}
		expect(describeWindow(window.summary(), 'items')).toBeUndefined();
	});

	it('holds every new start while a Retry-After runs', async () => {
		let now = 1_000;
		const window = new AdaptiveWindow(8, () => now);
		const slot = await window.acquire();
		slot.report({ kind: 'overloaded', reason: 'rate limit (429)', retryAfterMs: 40 });
		slot.release();
		let started = false;
		const next = window.acquire().then((s) => {
			started = true;
			return s;
		});
		await ticks(3);
		expect(started).toBe(false);
		now += 40;
		(await next).release();
		expect(started).toBe(true);
		expect(window.summary().pausedMs).toBe(40);
	});

	it('starts tasks in index order and throws the lowest failing index, whatever the timing', async () => {
		const window = new AdaptiveWindow(8);
		const startOrder: number[] = [];
		const random = seededRandom(9);
		await expect(
			forEachAdaptively(50, window, async (index, observer) => {
				startOrder.push(index);
				await ticks(1 + Math.floor(random() * 5));
				observer.report(healthy);
				if (index === 7 || index === 5) throw new Error(`item ${index}`);
			}),
		).rejects.toThrow('item 5');
		expect(startOrder).toEqual([...startOrder].sort((a, b) => a - b));
	});
});
