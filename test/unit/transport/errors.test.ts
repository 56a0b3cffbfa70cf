import { NodeApiError } from 'n8n-workflow';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { keyRedactor } from '../../../nodes/VenueBooking/transport/auth';
import { type FailureContext, findServerMessage, httpStatusError, isStalePageRefusal, NetworkFailure, networkHint, transportError } from '../../../nodes/VenueBooking/transport/errors';
import { TEST_KEY, TEST_NODE } from '../mockContext';

const context = (endpoint = findEndpoint('payment', 'getAll'), attempts = 1): FailureContext => ({
	node: TEST_NODE,
	endpoint,
	attempts,
	itemIndex: 2,
	redact: keyRedactor(TEST_KEY),
});

describe('findServerMessage', () => {
	it.each([
		[{ message: 'm' }, 'm'],
		[{ error_description: 'ed' }, 'ed'],
		[{ error: 'plain' }, 'plain'],
		[{ error: { detail: 'nested' } }, 'nested'],
		[{ errors: ['first', 'second'] }, 'first'],
		[{ errors: [{ title: 't' }] }, 't'],
	])('finds it in %j', (body, expected) => {
		expect(findServerMessage(body)).toBe(expected);
	});

	it('finds none in text, arrays or bodies without a common key', () => {
		expect(findServerMessage('message')).toBeUndefined();
		expect(findServerMessage([{ message: 'x' }])).toBeUndefined();
		expect(findServerMessage({ code: 17 })).toBeUndefined();
	});
});

describe('httpStatusError', () => {
	it('is a NodeApiError with advice for the status, the server message, the body and the item', () => {
		const error = httpStatusError(context(), 401, { message: 'key revoked' });
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('401');
		expect(error.message).toMatch(/^The API key was refused \(401\)/);
		expect(error.description).toBe('The server said: key revoked\nResponse body: {"message":"key revoked"}');
		expect(error.context.itemIndex).toBe(2);
	});

	it('names the scope of the endpoint on a 403', () => {
		expect(httpStatusError(context(), 403, '').message).toMatch(/lacks the payments\.read scope needed to payment journal \(403\)/);
	});

	it('tells a missing record from a wrong Base URL on a 404', () => {
		expect(httpStatusError(context(findEndpoint('booking', 'get')), 404, '').message).toMatch(/check the ID/);
		expect(httpStatusError(context(), 404, '').message).toMatch(/has no GET \/payments at this address \(404\): check the credential's Base URL/);
	});

	it('counts the attempts on a 429 or 5xx after retries, and adds a note to the message only', () => {
		const error = httpStatusError(context(undefined, 4), 503, undefined, 'Retry-After asked for 600 s');
		expect(error.message).toBe('The API failed with a server error (503) after 4 attempts: try again later (Retry-After asked for 600 s)');
		expect(error.description).toBe('Response body: (empty body)');
		expect(httpStatusError(context(undefined, 3), 429, '').message).toMatch(/still refused after 3 attempts/);
	});

	it('masks the API key and quotes at most 2,000 characters of the body', () => {
		const error = httpStatusError(context(), 400, `token ${TEST_KEY} ${'x'.repeat(5000)}`);
		expect(error.description).not.toContain(TEST_KEY);
		expect(error.description).toContain('token ***');
		expect(error.description).toMatch(/… \(\d+ characters\)$/);
		expect((error.description ?? '').length).toBeLessThan(2100);
	});
});

describe('transportError', () => {
	it('is a NodeApiError without an HTTP code, with the attempts counted and the key masked', () => {
		const error = transportError(context(undefined, 2), `Could not reach ${TEST_KEY}`, 'Check the Base URL.');
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Could not reach *** after 2 attempts');
		expect(error.description).toBe('Check the Base URL.');
		expect(error.context.itemIndex).toBe(2);
	});
});

describe('isStalePageRefusal', () => {
	it('takes 400, 404, 410 and 422 answers as a stored page the API no longer serves, and nothing else', () => {
		for (const status of [400, 404, 410, 422]) expect(isStalePageRefusal(httpStatusError(context(), status, ''))).toBe(true);
		for (const status of [401, 403, 429, 500]) expect(isStalePageRefusal(httpStatusError(context(), status, ''))).toBe(false);
		expect(isStalePageRefusal(transportError(context(), 'refused', 'hint'))).toBe(false);
		expect(isStalePageRefusal(new Error('404'))).toBe(false);
	});
});

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
