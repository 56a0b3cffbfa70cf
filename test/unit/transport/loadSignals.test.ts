import { signalOfNetworkFailure, signalOfStatus } from '../../../nodes/VenueBooking/transport/loadSignals';

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
