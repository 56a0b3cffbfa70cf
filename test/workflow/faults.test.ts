/**
 * Unattended runs against a misbehaving API: the sandbox injects seeded 429s (with Retry-After), 5xx and
 * dropped connections. Reads still return every entry exactly once; writes are never duplicated.
 */
import type { IDataObject } from 'n8n-workflow';

import { FIXED_TODAY, startSandbox, type Sandbox, type Slot } from '../../sandbox';
import { ALL_SCOPES, bookableSlots, itemsOf, jsonQuery, NODE_NAME, runNode, SECRET_KEY } from './venueBooking';

/** Short waits so the test is quick; enough retries that a run of bad luck cannot end it. */
const RETRY_OPTIONS = { maxRetries: 10, maxWait: 0.05 };

const READ_FAULTS = { rate429: 0.15, retryAfterSeconds: 0.01, rate5xx: 0.2, rateDrop: 0.04 };

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ today: FIXED_TODAY, scale: { payments: 3000 }, maxPageSize: 100, keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
});
afterAll(async () => sandbox.close());
beforeEach(() => {
	sandbox.setFaults(undefined);
	sandbox.resetRequests();
});

/** Faults that were injected, by kind, from the sandbox's request log. */
function injected(): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const request of sandbox.requests) {
		if (request.fault) counts[String(request.fault)] = (counts[String(request.fault)] ?? 0) + 1;
	}
	return counts;
}

describe('Return All under faults', () => {
	it.each(['cursor', 'page', 'offset', 'nextUrl'] as const)('%s: every entry exactly once, in order', async (style) => {
		sandbox.setOptions({ pagination: style });
		sandbox.setFaults({ seed: 11, ...READ_FAULTS });
		const result = await runNode(sandbox, {
			resource: 'payment',
			operation: 'getAll',
			returnAll: true,
			// The pagination is automatic; only the page size is the test's choice, to make 120 pages.
			...(style === 'page' ? jsonQuery({ per_page: 25 }) : jsonQuery({ limit: 25 })),
			options: RETRY_OPTIONS,
		});
		const ids = itemsOf(result).map((item) => item.id);
		expect(ids).toEqual(sandbox.store.payments.map((p) => p.id));
		const faults = injected();
		const total = sandbox.requests.length;
		process.stdout.write(
			`reliability: Return All ${style}: ${ids.length} entries, ${total} requests, ${JSON.stringify(faults)} injected, ` +
				`lost ${sandbox.store.payments.length - new Set(ids).size}, repeated ${ids.length - new Set(ids).size}\n`,
		);
		// The faults really happened, at the rates asked for.
		expect((faults.rateLimit ?? 0) / total).toBeGreaterThanOrEqual(0.1);
		expect((faults.serverError ?? 0) / total).toBeGreaterThanOrEqual(0.1);
		expect((faults.drop ?? 0) / total).toBeGreaterThanOrEqual(0.02);
		// About 190 requests with real retry pauses: a bound for a loaded machine, not a speed target.
	}, 120_000);
});

function createInputs(slots: Slot[]): IDataObject[] {
	const clientId = sandbox.store.clients[0].id;
	return slots.map((slot) => ({ body: { room_id: slot.roomId, service_id: slot.serviceId, start: slot.start, client_id: clientId } }));
}

const createParameters = { resource: 'booking', operation: 'create', specifyBody: 'json', jsonBody: '={{ JSON.stringify($json.body) }}' };

describe('writes under faults', () => {
	it('200 Create calls through 429s create exactly 200 bookings', async () => {
		const slots = bookableSlots(sandbox, 200, 2);
		expect(slots).toHaveLength(200);
		const before = sandbox.store.bookings.length;
		sandbox.setFaults({ seed: 5, rate429: 0.3, retryAfterSeconds: 0.01, methods: ['POST'] });
		const result = await runNode(sandbox, { ...createParameters, options: RETRY_OPTIONS }, { inputItems: createInputs(slots) });
		const items = itemsOf(result);
		expect(items).toHaveLength(200);
		expect(sandbox.store.bookings).toHaveLength(before + 200);
		expect(new Set(items.map((i) => i.id)).size).toBe(200);
		expect(injected().rateLimit).toBeGreaterThanOrEqual(40);
		process.stdout.write(`reliability: 200 creates: ${sandbox.store.bookings.length - before} bookings, ${JSON.stringify(injected())} injected\n`);
		// About 290 requests, paced at the rate the pacer learns from the refusals (some 15 a second): a bound for a
		// loaded machine, not a speed target. Jest's default 30 s was met on a quiet machine only.
	}, 120_000);

	it('a 5xx or a dropped connection on Create is reported, never retried, never duplicated', async () => {
		const slots = bookableSlots(sandbox, 260, 2).slice(200);
		const before = sandbox.store.bookings.length;
		sandbox.setFaults({ seed: 9, rate5xx: 0.2, rateDrop: 0.1, methods: ['POST'] });
		const result = await runNode(
			sandbox,
			{ ...createParameters, options: RETRY_OPTIONS },
			{ inputItems: createInputs(slots), onError: 'continueRegularOutput' },
		);
		const items = result.outputOf(NODE_NAME)[0].map((item) => item.json);
		const failed = items.filter((item) => item.error);
		const created = items.filter((item) => !item.error);
		expect(items).toHaveLength(60);
		expect(failed.length).toBeGreaterThan(0);
		// One request per item: nothing was retried.
		expect(sandbox.requests).toHaveLength(60);
		expect(sandbox.store.bookings).toHaveLength(before + created.length);
		expect(failed.every((item) => /server error|closed the connection/.test(String(item.error)))).toBe(true);
	});
});

describe('Parallel Requests', () => {
	it('8 at once gives the same items in the same order as 1, under faults too', async () => {
		const inputs = sandbox.store.clients.slice(0, 40).map((client) => ({ id: client.id }));
		const outputs = [];
		for (const parallelRequests of [1, 8]) {
			sandbox.setFaults({ seed: 3, rate429: 0.1, retryAfterSeconds: 0.01, latencyMs: 5 });
			const result = await runNode(
				sandbox,
				{ resource: 'client', operation: 'get', clientId: '={{ $json.id }}', options: { ...RETRY_OPTIONS, parallelRequests } },
				{ inputItems: inputs },
			);
			outputs.push(result.outputOf(NODE_NAME)[0].map((item) => [item.json.id, item.pairedItem]));
		}
		expect(outputs[1]).toEqual(outputs[0]);
		expect(outputs[0].map(([id]) => id)).toEqual(inputs.map((input) => input.id));
	});
});
