/**
 * Behind the sandbox's token bucket, through n8n-core's engine: the node paces to the rate the API states in
 * each family of rate-limit headers, or learns it from refusals when there are none, and headers that lie
 * are ignored and named. Nothing is lost, no write is repeated, nothing waits past Max Wait. Seeded data,
 * bounded runs (every test has its own timeout: an endless wait fails it).
 */
import type { IDataObject } from 'n8n-workflow';

import { FIXED_TODAY, startSandbox, type Sandbox } from '../../sandbox';
import type { RateLimitHeaders, RateLimitLie } from '../../sandbox/rateLimit';
import { ALL_SCOPES, bookableSlots, itemsOf, NODE_NAME, runNode, SECRET_KEY } from './venueBooking';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ today: FIXED_TODAY, scale: { payments: 1_000 }, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
});
afterAll(async () => sandbox.close());
afterEach(() => sandbox.setFaults(undefined));

/** A fresh bucket of 100 a second, bursts of 10, every answer 5 ms late, stating its budget as asked. */
function behindBucket(headers: RateLimitHeaders, lie?: RateLimitLie, perSecond = 100, burst = 10): void {
	sandbox.setFaults({ latencyMs: 5, rateLimit: { perSecond, burst, headers, lie } });
	sandbox.resetRequests();
}

const refusals = () => sandbox.requests.filter((request) => request.status === 429).length;

function clientInputs(count: number): IDataObject[] {
	return Array.from({ length: count }, (_, i) => ({ id: sandbox.store.clients[i % sandbox.store.clients.length].id }));
}

async function getClients(inputs: IDataObject[], options: Record<string, number> = {}) {
	const result = await runNode(sandbox, { resource: 'client', operation: 'get', clientId: '={{ $json.id }}', options }, { inputItems: inputs, onError: 'continueRegularOutput' });
	const output = result.outputOf(NODE_NAME)[0];
	const hints = result.hintsOf(NODE_NAME).map((hint) => hint.message).join(' ');
	return { output, hints };
}

describe('per-item reads behind a token bucket', () => {
	it.each([
		// The rate read from an epoch-second reset depends on where in the second the run is: a pace below 10 is
		// written with a decimal (seen at ~4.5 under a faked clock), so the figure's form is not the test's point.
		['xRateLimit', /Paced to ~\d+(\.\d+)? requests\/s from the API's X-RateLimit headers/],
		['xRateLimitEpoch', /Paced to ~\d+(\.\d+)? requests\/s from the API's X-RateLimit headers/],
		['ietf', /Paced to ~100 requests\/s from the RateLimit-Policy header/],
		['ietfDraft', /Paced to ~\d+(\.\d+)? requests\/s from the API's RateLimit headers/],
	] as const)('%s headers: every item, in order, at most 3 refusals, and the hint names the headers', async (headers, hint) => {
		const inputs = clientInputs(150);
		behindBucket(headers);
		const { output, hints } = await getClients(inputs);
		expect(output.map((item) => item.json.id)).toEqual(inputs.map((input) => input.id));
		expect(output.map((item) => item.pairedItem)).toEqual(inputs.map((_, item) => ({ item })));
		expect(refusals()).toBeLessThanOrEqual(3);
		expect(hints).toMatch(hint);
		expect(hints).not.toMatch(/ignored/);
	}, 30_000);

	it('no headers: every item, in order, the rate learned from fewer refusals than items', async () => {
		const inputs = clientInputs(150);
		behindBucket('none');
		const { output, hints } = await getClients(inputs);
		expect(output.map((item) => item.json.id)).toEqual(inputs.map((input) => input.id));
		expect(refusals()).toBeGreaterThan(0);
		expect(refusals()).toBeLessThan(inputs.length / 3);
		expect(hints).toMatch(/Paced to ~\d+ requests\/s learned from \d+ rate-limit refusals \(429\)\./);
	}, 30_000);

	it.each([
		['remainingNeverFalls', /ignored X-RateLimit headers: the remaining budget \(it said \d+ left when the API refused a request\)/],
		['resetInPast', /ignored X-RateLimit headers: X-RateLimit-Reset "\d+" \(a moment in the past\)/],
		['resetFarFuture', /ignored X-RateLimit headers: X-RateLimit-Reset "\d+" \(more than a day away\)/],
	] as const)('lying headers (%s): nothing lost, no endless wait, and the hint says what was ignored', async (lie, ignored) => {
		const inputs = clientInputs(150);
		behindBucket('xRateLimit', lie);
		const { output, hints } = await getClients(inputs);
		expect(output.map((item) => item.json.id)).toEqual(inputs.map((input) => input.id));
		expect(hints).toMatch(ignored);
	}, 30_000);

	it('an exhausted budget whose reset is further than Max Wait: the node does not wait for it, and says the API asked for more', async () => {
		// 0.2 a second in bursts of 2: after two answers the headers say the bucket is full again in 10 s, and
		// the next token comes in 5.
		behindBucket('xRateLimit', undefined, 0.2, 2);
		const { output } = await getClients(clientInputs(4), { maxWait: 1, maxRetries: 1 });
		expect(output.slice(0, 2).map((item) => item.json.error)).toEqual([undefined, undefined]);
		const failed = output.slice(2).map((item) => item.json);
		expect(failed.map((item) => item.httpCode)).toEqual(['429', '429']);
		expect(failed.every((item) => /the server asked to wait 5, more than Max Wait allows/.test(String(item.error)))).toBe(true);
		// Every item's attempt reached the API: none was held back until the stated reset.
		expect(sandbox.requests).toHaveLength(4);
	}, 8_000);
});

describe('Return All behind a token bucket', () => {
	it.each(['ietf', 'none'] as const)('%s headers: every payment once and in order, pages paced by the same pacer', async (headers) => {
		behindBucket(headers, undefined, 50, 5);
		const result = await runNode(sandbox, { resource: 'payment', operation: 'getAll', returnAll: true, options: { maxRetries: 10 } });
		expect(itemsOf(result).map((item) => item.id)).toEqual(sandbox.store.payments.map((payment) => payment.id));
		const hints = result.hintsOf(NODE_NAME).map((hint) => hint.message).join(' ');
		if (headers === 'ietf') {
			expect(refusals()).toBeLessThanOrEqual(3);
			expect(hints).toMatch(/Paced to ~50 requests\/s from the RateLimit-Policy header\./);
		} else if (refusals() > 0) {
			// Paced once the refusals told a rate; or, where each refused page's own Retry-After was all the
			// waiting there was, just counted.
			expect(hints).toMatch(/learned from \d+ rate-limit refusals? \(429\)|The API refused \d+ requests? with 429/);
		}
	}, 60_000);
});

describe('writes behind a token bucket', () => {
	it.each(['none', 'xRateLimit'] as const)('%s headers: 40 Create calls make exactly 40 bookings (a 429 is refused before acting)', async (headers) => {
		const slots = bookableSlots(sandbox, 40, 3);
		expect(slots).toHaveLength(40);
		const clientId = sandbox.store.clients[0].id;
		const inputs = slots.map((slot) => ({ body: { room_id: slot.roomId, service_id: slot.serviceId, start: slot.start, client_id: clientId } }));
		const before = sandbox.store.bookings.length;
		// Several writes in flight (Parallel Requests), faster than the bucket allows.
		behindBucket(headers, undefined, 40, 3);
		const result = await runNode(
			sandbox,
			{ resource: 'booking', operation: 'create', specifyBody: 'json', jsonBody: '={{ JSON.stringify($json.body) }}', options: { parallelRequests: 8, maxRetries: 10 } },
			{ inputItems: inputs },
		);
		const items = itemsOf(result);
		expect(items).toHaveLength(40);
		expect(new Set(items.map((item) => item.id)).size).toBe(40);
		expect(sandbox.store.bookings).toHaveLength(before + 40);
		// Every POST that was not refused made a booking: none was sent twice.
		expect(sandbox.requests.filter((request) => request.method === 'POST' && request.status !== 429)).toHaveLength(40);
	}, 30_000);
});
