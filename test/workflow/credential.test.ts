/**
 * The credential's connection test, run the way n8n runs a declarative test request: the request becomes
 * the routing of a throwaway node that n8n-core executes (RoutingNode, via WorkflowExecute), and the
 * credential's rules turn statuses into messages. Checks that the Base URL expression normalises what
 * users paste, and that each failure a person can act on has its own message.
 */
import type { ICredentialTestRequest, INodeType } from 'n8n-workflow';

import { VenueBookingApi } from '../../credentials/VenueBookingApi.credentials';
import { startSandbox, type Sandbox } from '../../sandbox';
import { node, runWorkflow } from './harness';
import { ALL_SCOPES, credentialTypes, SECRET_KEY } from './venueBooking';

const credential = new VenueBookingApi();
const testRequest = credential.test as ICredentialTestRequest;

/** A node whose only behaviour is the credential's test request, as n8n's credential tester builds it. */
const testerType: INodeType = {
	description: {
		displayName: 'Credential Test',
		name: 'credentialTest',
		group: ['transform'],
		version: 1,
		description: 'Runs the credential test request',
		defaults: { name: 'Credential Test' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'venueBookingApi', required: true }],
		properties: [{ displayName: 'Test', name: 'test', type: 'string', default: '', routing: { request: testRequest.request } }],
	},
};

/** The outcome as n8n's credential tester reports it: OK, a rule's message, or the failure's own text. */
async function testCredential(baseUrl: string, apiKey: string): Promise<{ status: 'OK' | 'Error'; message: string; path?: string }> {
	const result = await runWorkflow({
		nodes: [node('Credential Test', 'test.credentialTest', {}, { credentials: { venueBookingApi: 'cred' } })],
		nodeTypes: { 'test.credentialTest': testerType },
		credentialTypes,
		credentials: { cred: { type: 'venueBookingApi', data: { baseUrl, apiKey } } },
	});
	const error = result.errorOf('Credential Test');
	if (!error) return { status: 'OK', message: 'Connection successful!' };
	for (const rule of testRequest.rules ?? []) {
		if (rule.type === 'responseCode' && String(rule.properties.value) === String(error.httpCode)) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'Error', message: error.message };
}

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ keys: { [SECRET_KEY]: [...ALL_SCOPES], 'no-bookings-key-123': ['payments.read'] } });
});
afterAll(async () => sandbox.close());
beforeEach(() => sandbox.resetRequests());

describe('Venue Booking API credential test', () => {
	it.each([
		['the workspace address', (url: string) => url],
		['an address with a trailing slash and spaces', (url: string) => ` ${url}/ `],
		['an address with the API prefix pasted', (url: string) => `${url}/api/partners/v1/`],
	])('succeeds for %s, with one side-effect-free read', async (_name, shape) => {
		const before = sandbox.store.bookings.length;
		expect(await testCredential(shape(sandbox.url), ` ${SECRET_KEY}\n`)).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(sandbox.requests.map((r) => [r.method, r.path, r.authPresent])).toEqual([['GET', '/api/partners/v1/bookings', true]]);
		expect(sandbox.store.bookings).toHaveLength(before);
	});

	it('tells a refused key (401)', async () => {
		expect((await testCredential(sandbox.url, 'wrong-key')).message).toMatch(/API key was refused \(401\)/);
	});

	it('tells a key without the scope the test needs (403), and that it may still be saved', async () => {
		const outcome = await testCredential(sandbox.url, 'no-bookings-key-123');
		expect(outcome.message).toMatch(/lacks the bookings\.read scope.*Operations whose scopes the key has may still work/);
	});

	it('tells an address that is not a Partner API (404)', async () => {
		expect((await testCredential(`${sandbox.url}/some/site`, SECRET_KEY)).message).toMatch(/No Partner API v1 answered at this Base URL/);
	});

	it('reports an unreachable address as an error', async () => {
		const closed = await startSandbox();
		const url = closed.url;
		await closed.close();
		const outcome = await testCredential(url, SECRET_KEY);
		expect(outcome.status).toBe('Error');
		expect(outcome.message).toMatch(/refused the connection|ECONNREFUSED/);
	});
});
