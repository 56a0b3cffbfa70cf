import { isRetryable, parseRetryAfter, retryDelayMs, signalOfNetworkFailure, signalOfStatus } from '../../../nodes/VenueBooking/transport/retry';

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
