import { parseRetryAfter } from './retry';

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
