import { isRetryable, parseRetryAfter, retryDelayMs } from '../../../nodes/VenueBooking/transport/retry';

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
