import { NodeApiError } from 'n8n-workflow';

import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { findServerMessage, httpStatusError, isStalePageRefusal, transportError, type FailureContext } from '../../../nodes/VenueBooking/transport/errors';
import { keyRedactor } from '../../../nodes/VenueBooking/transport/secrets';
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
