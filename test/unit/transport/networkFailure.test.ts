import { NetworkFailure, networkHint } from '../../../nodes/VenueBooking/transport/networkFailure';
import { keyRedactor } from '../../../nodes/VenueBooking/transport/secrets';
import { TEST_KEY } from '../mockContext';

const redact = keyRedactor(TEST_KEY);

describe('NetworkFailure.from', () => {
	it('reads the system code from code, httpCode (n8n-core) or the message, in that order of trust', () => {
		expect(NetworkFailure.from({ code: 'ECONNRESET', message: 'socket hang up' }, redact).code).toBe('ECONNRESET');
		expect(NetworkFailure.from({ httpCode: 'ECONNREFUSED', message: 'The service refused the connection' }, redact).code).toBe('ECONNREFUSED');
		expect(NetworkFailure.from(new Error('getaddrinfo ENOTFOUND studio.example'), redact).code).toBe('ENOTFOUND');
		expect(NetworkFailure.from({ cause: { code: 'EPIPE', message: 'write EPIPE' } }, redact).code).toBe('EPIPE');
	});

	it('calls a timeout without a code ETIMEDOUT, and anything unrecognisable UNKNOWN', () => {
		expect(NetworkFailure.from({ message: 'x', messages: ['timeout of 300ms exceeded'] }, redact).code).toBe('ETIMEDOUT');
		expect(NetworkFailure.from(undefined, redact).code).toBe('UNKNOWN');
		expect(NetworkFailure.from(undefined, redact).detail).toBe('unknown error (UNKNOWN)');
	});

	it.each([
		['ECONNREFUSED', 'The API refused the connection'],
		['ECONNRESET', 'The API closed the connection without an answer'],
		['ETIMEDOUT', 'The API did not answer in time'],
		['EAI_AGAIN', 'The API host could not be found'],
		['EPROTO', 'The request to the API failed before an answer came'],
	])('summarises %s as "%s"', (code, summary) => {
		const failure = NetworkFailure.from({ code, message: `failed ${code}` }, redact);
		expect(failure.summary).toBe(summary);
		expect(failure.message).toBe(summary);
	});

	it('keeps no request configuration and masks the key in the detail', () => {
		const error = Object.assign(new Error(`connect ECONNREFUSED key=${TEST_KEY}`), {
			code: 'ECONNREFUSED',
			config: { headers: { Authorization: `Bearer ${TEST_KEY}` } },
		});
		const failure = NetworkFailure.from(error, redact);
		expect(failure.detail).toBe('connect ECONNREFUSED key=*** (ECONNREFUSED)');
		expect(JSON.stringify({ ...failure, message: failure.message })).not.toContain(TEST_KEY);
	});
});

describe('networkHint', () => {
	const failure = (code: string) => new NetworkFailure(code, 'summary', `detail ${code}`);

	it('says what to check for each kind of failure', () => {
		expect(networkHint(failure('ECONNREFUSED'), 'GET /rooms', 1000)).toMatch(/^Nothing accepted the connection for GET \/rooms/);
		expect(networkHint(failure('ENOTFOUND'), 'GET /rooms', 1000)).toMatch(/could not be resolved/);
		expect(networkHint(failure('ECONNABORTED'), 'GET /rooms', 1500)).toBe(
			'No answer within 1500 ms for GET /rooms. Raise the Timeout option if the API is slow.',
		);
		expect(networkHint(failure('ECONNRESET'), 'GET /rooms', 1000)).toBe('GET /rooms: detail ECONNRESET');
	});
});

describe('DNS failures', () => {
	it('recognises getaddrinfo codes with an underscore, as code or in the text', () => {
		expect(NetworkFailure.from({ code: 'EAI_AGAIN' }, redact).code).toBe('EAI_AGAIN');
		expect(NetworkFailure.from(new Error('getaddrinfo EAI_AGAIN studio.example'), redact).code).toBe('EAI_AGAIN');
	});
});
