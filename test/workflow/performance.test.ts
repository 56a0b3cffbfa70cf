/**
 * Fast by default, polite under rate limits — through n8n-core's engine against the sandbox: per-item reads
 * in the adaptive window behind a token bucket, Return All with pages fetched at once (lossless under
 * faults), and the trigger jumping to the journal's end where the API reveals it. Seeded and bounded.
 */
import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type PaginationStyle, type Sandbox } from '../../sandbox';
import { MANUAL_SAMPLE_SIZE } from '../../nodes/VenueBooking/trigger/description';
import { countRequestsInFlight } from '../support/requestsInFlight';
import { createPoller, node } from './harness';
import { HarnessCredentialsHelper } from './harness/credentials';
import { pollerFor } from './venueBookingTrigger';
import { ALL_SCOPES, credentialsFor, credentialTypes, itemsOf, NODE_NAME, nodeTypes, runNode, SECRET_KEY, TRIGGER_TYPE } from './venueBooking';

describe('per-item reads behind a token bucket', () => {
	let sandbox: Sandbox;
	// The bucket's clock stands still for the first second after `bucketStart`: the run's first requests meet a burst
	// that no refill tops up, so some are refused on a machine of any speed; after that it runs with the real clock.
	let bucketStart = 0;
	beforeAll(async () => {
		sandbox = await startSandbox({ keys: { [SECRET_KEY]: [...ALL_SCOPES] }, recordRequests: true, rateClock: () => Math.max(bucketStart, Date.now() - 1000) });
	});
	afterAll(async () => sandbox.close());

	it('by default: every item answered, in order, fewer 429s than items, and the hint says the rate it learned', async () => {
		const inputs = Array.from({ length: 150 }, (_, i) => ({ id: sandbox.store.clients[i % sandbox.store.clients.length].id }));
		sandbox.setFaults({ rateLimit: { perSecond: 100, burst: 10 }, latencyMs: 5 });
		sandbox.resetRequests();
		bucketStart = Date.now();
		try {
			const result = await runNode(sandbox, { resource: 'client', operation: 'get', clientId: '={{ $json.id }}' }, { inputItems: inputs });
			expect(result.errorOf(NODE_NAME)?.message).toBeUndefined();
			const output = result.outputOf(NODE_NAME)[0];
			expect(output.map((item) => item.json.id)).toEqual(inputs.map((input) => input.id));
			expect(output.map((item) => item.pairedItem)).toEqual(inputs.map((_, item) => ({ item })));
			const throttled = sandbox.requests.filter((request) => request.status === 429).length;
			expect(throttled).toBeGreaterThan(0);
			expect(throttled).toBeLessThan(inputs.length);
			const hints = result.hintsOf(NODE_NAME).map((hint) => hint.message).join(' ');
			expect(hints).toMatch(/Parallel Requests: up to \d+ items at once \(Parallel Requests allows 1024\)\./);
			expect(hints).toMatch(/Paced to ~\d+ requests\/s learned from \d+ rate-limit refusals? \(429\)/);
		} finally {
			sandbox.setFaults(undefined);
		}
	}, 60_000);

	it('Parallel Requests caps what is in flight; writes stay one at a time by default', async () => {
		sandbox.setFaults({ latencyMs: 10 });
		try {
			const inputs = sandbox.store.clients.slice(0, 40).map((client) => ({ id: client.id }));
			const inFlight = countRequestsInFlight(sandbox);
			await runNode(sandbox, { resource: 'client', operation: 'get', clientId: '={{ $json.id }}', options: { parallelRequests: 3 } }, { inputItems: inputs });
			expect(inFlight.peak).toBe(3);
			inFlight.resetPeak();
			const tests = Array.from({ length: 6 }, () => ({}));
			await runNode(sandbox, { resource: 'webhook', operation: 'sendTest' }, { inputItems: tests });
			expect(inFlight.peak).toBe(1);
		} finally {
			sandbox.setOptions({ intercept: undefined });
			sandbox.setFaults(undefined);
		}
	}, 60_000);
});

describe.each([
	['page', true],
	['page', false],
	['offset', true],
	['offset', false],
] as Array<[PaginationStyle, boolean]>)('Return All over 2,000 payments, %s pages, envelope %s', (style, envelope) => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ pagination: style, dialect: { envelope }, scale: { payments: 2_000 }, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
	});
	afterAll(async () => sandbox.close());

	it.each([1])('fetches pages at once, every payment once and in order, under seeded faults (seed %i)', async (seed) => {
		sandbox.setFaults({ seed, rate429: 0.1, rate5xx: 0.03, retryAfterSeconds: 0, latencyMs: 2 });
		sandbox.resetRequests();
		try {
			const result = await runNode(sandbox, { resource: 'payment', operation: 'getAll', returnAll: true, options: { maxRetries: 10 } });
			expect(itemsOf(result).map((item) => item.id)).toEqual(sandbox.store.payments.map((payment) => payment.id));
			const answered = sandbox.requests.filter((request) => request.status === 200);
			expect(answered).toHaveLength(2_000 / 20);
			expect(result.hintsOf(NODE_NAME).map((hint) => hint.message).join(' ')).toMatch(/up to \d+ pages at once/);
		} finally {
			sandbox.setFaults(undefined);
		}
	}, 60_000);

	it('Max Pages is respected', async () => {
		sandbox.resetRequests();
		const result = await runNode(sandbox, { resource: 'payment', operation: 'getAll', returnAll: true, options: { maxPages: 7 } });
		expect(result.errorOf(NODE_NAME)?.message).toMatch(/Stopped after 7 pages/);
		expect(sandbox.requests.length).toBeLessThanOrEqual(7);
	});
});

describe.each([
	['linkHeader with rel="last"', { pagination: 'linkHeader' as const, linkLast: true }, 3],
	['page with totals', { pagination: 'page' as const }, 3],
	['offset with a total', { pagination: 'offset' as const }, 3],
	['cursor (no end revealed)', { pagination: 'cursor' as const }, undefined],
])('trigger over a 4,000-entry oldest-first journal, %s', (_name, options, maxRequests) => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ ...options, journalOrder: 'oldestFirst', scale: { deliveries: 4_000 }, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
	});
	afterAll(async () => sandbox.close());

	function poller(parameters: INodeParameters = {}) {
		return createPoller({
			node: node('Venue Booking Trigger', TRIGGER_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }),
			nodeTypes,
			credentialTypes,
			credentials: credentialsFor(sandbox),
		});
	}

	it('activation and Fetch Test Event read the end in ≤ 3 requests where revealed; then exactly the new entries', async () => {
		const trigger = poller();
		try {
			sandbox.resetRequests();
			const sample = await trigger.fetchTestEvent();
			const sampled = (sample.items?.[0] ?? []).map((item) => item.json.id);
			const journal = sandbox.store.journalOldestFirst().map((d) => d.id);
			if (maxRequests) {
				expect(sampled).toEqual(journal.slice(-MANUAL_SAMPLE_SIZE));
				expect(sandbox.requests.length).toBeLessThanOrEqual(maxRequests);
			} else {
				// No end revealed: the newest entries are on the last page, so Fetch Test Event walks there once.
				expect(sampled).toEqual(journal.slice(-MANUAL_SAMPLE_SIZE));
				expect(sandbox.requests.length).toBe(4_000 / 20);
			}

			sandbox.resetRequests();
			const activation = await trigger.poll();
			expect(activation.items).toBeNull();
			if (maxRequests) expect(sandbox.requests.length).toBeLessThanOrEqual(maxRequests);
			else expect(sandbox.requests.length).toBe(4_000 / 20);

			for (const count of [3, 0, 45]) {
				const added = sandbox.store.appendDeliveries(count).map((d) => d.id);
				const result = await trigger.poll();
				expect((result.items?.[0] ?? []).map((item) => item.json.id)).toEqual(added);
			}
		} finally {
			await trigger.close();
		}
	}, 60_000);
});

describe("n8n's credential read: once per execution, not per page", () => {
	// Without the credential handed to each request, n8n reads and resolves it again for every page; in a poll it
	// does so in a throwaway workflow with an expression isolate of its own, ~50 ms a page on n8n 2.x's default
	// engine (docs/PERFORMANCE.md, "Expression engines").
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ scale: { payments: 300 }, keys: { [SECRET_KEY]: [...ALL_SCOPES] }, recordRequests: true });
	});
	afterAll(async () => sandbox.close());

	it('Return All over 15 pages, a poll and Fetch Test Event each ask n8n for the credential once', async () => {
		const reads = jest.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted');
		try {
			sandbox.resetRequests();
			const result = await runNode(sandbox, { resource: 'payment', operation: 'getAll', returnAll: true });
			expect(result.outputOf(NODE_NAME)[0]).toHaveLength(300);
			expect(sandbox.requests.length).toBeGreaterThanOrEqual(15);
			expect(reads).toHaveBeenCalledTimes(1);

			reads.mockClear();
			sandbox.resetRequests();
			const poller = pollerFor(sandbox, { watch: 'payments' });
			try {
				await poller.poll();
				const sample = await poller.fetchTestEvent();
				expect(sample.items?.[0].length).toBeGreaterThan(0);
				// Activation and Fetch Test Event walk the oldest-first payments to their end: many pages, two reads.
				expect(sandbox.requests.length).toBeGreaterThanOrEqual(30);
				expect(reads).toHaveBeenCalledTimes(2);
			} finally {
				await poller.close();
			}
		} finally {
			reads.mockRestore();
		}
	}, 60_000);
});
