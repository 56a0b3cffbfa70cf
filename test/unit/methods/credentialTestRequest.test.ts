import type { ICredentialTestFunctions, IDataObject } from 'n8n-workflow';

import { sendTestRequest } from '../../../nodes/VenueBooking/methods/credentialTestRequest';
import { TEST_TIMEOUT_MS } from '../../../nodes/VenueBooking/methods/credentialTestMessages';
import { TEST_KEY } from '../mockContext';

type LegacyAnswer = { statusCode: number; headers?: Record<string, string>; body?: unknown } | { throws: unknown };

/** The legacy `request` helper a credential test gets, answering from a script and recording each call. */
function legacyHelpers(script: LegacyAnswer[]) {
	const calls: IDataObject[] = [];
	const helpers = {
		request: async (options: IDataObject) => {
			calls.push(options);
			const next = script[calls.length - 1];
			if (next === undefined) throw new Error(`unexpected request #${calls.length} to ${String(options.uri)}`);
			if ('throws' in next) throw next.throws;
			return next;
		},
	};
	return { helpers: helpers as unknown as ICredentialTestFunctions['helpers'], calls };
}

const BASE = 'https://studio.example.com';
const TESTED = `${BASE}/api/partners/v1/bookings`;

describe('the credential test request', () => {
	it('sends one GET under the normalised Base URL with the key as a bearer header, every status read as an answer, redirects not left to the helper', async () => {
		const { helpers, calls } = legacyHelpers([{ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' }]);
		expect(await sendTestRequest(helpers, BASE, TEST_KEY)).toEqual({
			answer: { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' },
			url: TESTED,
		});
		expect(calls).toEqual([
			{
				method: 'GET',
				uri: TESTED,
				headers: { Authorization: `Bearer ${TEST_KEY}`, Accept: 'application/json' },
				simple: false,
				resolveWithFullResponse: true,
				followRedirect: false,
				timeout: TEST_TIMEOUT_MS,
			},
		]);
	});

	it('gives an error status back as an answer, headers defaulting to none', async () => {
		const { helpers } = legacyHelpers([{ statusCode: 401 }]);
		expect(await sendTestRequest(helpers, BASE, TEST_KEY)).toEqual({ answer: { statusCode: 401, headers: {}, body: undefined }, url: TESTED });
	});

	it('gives a request without an answer back as its error, with the URL it was sent to', async () => {
		const failure = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
		const { helpers } = legacyHelpers([{ throws: failure }]);
		expect(await sendTestRequest(helpers, BASE, TEST_KEY)).toEqual({ failure, url: TESTED });
	});

	it('follows a same-origin redirect, relative or absolute, with the key', async () => {
		const { helpers, calls } = legacyHelpers([
			{ statusCode: 301, headers: { Location: '/v2/api/partners/v1/bookings' } },
			{ statusCode: 302, headers: { location: `${BASE}/v3/bookings` } },
			{ statusCode: 200, body: '[]' },
		]);
		const outcome = await sendTestRequest(helpers, BASE, TEST_KEY);
		expect(outcome).toMatchObject({ answer: { statusCode: 200 }, url: `${BASE}/v3/bookings` });
		expect(calls.map((call) => call.uri)).toEqual([TESTED, `${BASE}/v2/api/partners/v1/bookings`, `${BASE}/v3/bookings`]);
		expect(calls.every((call) => (call.headers as IDataObject).Authorization === `Bearer ${TEST_KEY}`)).toBe(true);
	});

	it('refuses a redirect to another origin without sending the key there', async () => {
		const { helpers, calls } = legacyHelpers([{ statusCode: 302, headers: { location: 'https://collector.example.net/bookings' } }]);
		const outcome = await sendTestRequest(helpers, BASE, TEST_KEY);
		expect(outcome).toMatchObject({ refused: { problem: expect.stringContaining('https://collector.example.net') }, url: TESTED });
		expect(calls).toHaveLength(1);
	});

	it('stops after too many redirects instead of looping', async () => {
		const loop = Array.from({ length: 20 }, (_, i) => ({ statusCode: 302, headers: { location: `${BASE}/hop/${i}` } }));
		const { helpers, calls } = legacyHelpers(loop);
		const outcome = await sendTestRequest(helpers, BASE, TEST_KEY);
		expect(outcome).toMatchObject({ refused: { problem: expect.stringMatching(/redirected more than \d+ times/) } });
		expect(calls.length).toBeLessThan(10);
	});

	it('reads a 3xx without a Location as an answer', async () => {
		const { helpers } = legacyHelpers([{ statusCode: 304, headers: {} }]);
		expect(await sendTestRequest(helpers, BASE, TEST_KEY)).toMatchObject({ answer: { statusCode: 304 } });
	});
});
