import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE, exchange } from '../../../nodes/VenueBooking/transport/exchange';
import { NetworkFailure } from '../../../nodes/VenueBooking/transport/networkFailure';
import { keyRedactor } from '../../../nodes/VenueBooking/transport/secrets';
import { mockContext, TEST_KEY, TEST_NODE } from '../mockContext';

const redact = keyRedactor(TEST_KEY);
const get = { method: 'GET' as const, url: 'https://studio.example.com/api/partners/v1/rooms', timeoutMs: 1234 };

describe('exchange', () => {
	it('asks n8n for the full response as text, with statuses as values, no redirects and the timeout', async () => {
		const { context, requests } = mockContext({ parameters: {}, answers: [{ statusCode: 503, body: 'busy', headers: { 'retry-after': '2' } }] });
		const response = await exchange(context, get, redact);
		expect(response).toEqual({ statusCode: 503, headers: { 'retry-after': '2' }, body: 'busy' });
		expect(requests[0]).toEqual({
			method: 'GET',
			url: get.url,
			json: true,
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: 1234,
		});
	});

	it('authenticates with the package credential', async () => {
		const { context } = mockContext({ parameters: {} });
		const types: string[] = [];
		const helpers = context.helpers as unknown as { httpRequestWithAuthentication: (type: string) => Promise<unknown> };
		helpers.httpRequestWithAuthentication = async (type: string) => {
			types.push(type);
			return { statusCode: 200, body: '' };
		};
		expect(await exchange(context, get, redact)).toEqual({ statusCode: 200, headers: {}, body: '' });
		expect(types).toEqual([CREDENTIAL_TYPE]);
		expect(CREDENTIAL_TYPE).toBe('venueBookingApi');
	});

	it('repeats list query values by name and sends a body as JSON text, an empty object included', async () => {
		const { context, requests } = mockContext({ parameters: {}, answers: [{ statusCode: 200 }, { statusCode: 200 }] });
		await exchange(context, { ...get, method: 'POST', query: { tag: ['a', 'b'] }, body: {} }, redact);
		expect(requests[0]).toMatchObject({ qs: { tag: ['a', 'b'] }, arrayFormat: 'repeat', body: '{}', headers: { 'Content-Type': 'application/json' } });
		await exchange(context, { ...get, query: {} }, redact);
		expect(requests[1].qs).toBeUndefined();
		expect(requests[1].body).toBeUndefined();
	});

	it('gives a missing answer back as a NetworkFailure, with the key masked', async () => {
		const { context } = mockContext({ parameters: {}, answers: [{ networkError: 'ECONNRESET', message: `socket hang up ${TEST_KEY}` }] });
		const response = await exchange(context, get, redact);
		expect(response).toBeInstanceOf(NetworkFailure);
		expect((response as NetworkFailure).code).toBe('ECONNRESET');
		expect((response as NetworkFailure).detail).not.toContain(TEST_KEY);
	});

	it("rethrows n8n's own operation errors (e.g. no credential) as they are", async () => {
		const { context } = mockContext({ parameters: {} });
		const refused = new NodeOperationError(TEST_NODE, 'Node does not have any credentials set');
		(context.helpers as unknown as { httpRequestWithAuthentication: () => Promise<never> }).httpRequestWithAuthentication = async () => {
			throw refused;
		};
		await expect(exchange(context, get, redact)).rejects.toBe(refused);
		// A NodeApiError from n8n-core is how a socket failure arrives: it is a failure to report, not to rethrow.
		(context.helpers as unknown as { httpRequestWithAuthentication: () => Promise<never> }).httpRequestWithAuthentication = async () => {
			throw new NodeApiError(TEST_NODE, { message: 'x' }, { httpCode: 'ECONNREFUSED', message: 'refused' });
		};
		expect(await exchange(context, get, redact)).toBeInstanceOf(NetworkFailure);
	});
});
