/**
 * Only Entries Where (the filter beside Watch; Keep Only Entries under Options in version 1) of the Venue Booking Trigger: its field and value dropdowns called through n8n-core's real
 * LoadOptionsContext (as n8n's /rest/dynamic-node-parameters/options calls them) against the sandbox in several
 * dialects, and the filter in real polls (n8n-core's ActiveWorkflows + PollContext): every kept entry exactly once,
 * skipped entries never read again, a changed filter emitting nothing old.
 */
import axios from 'axios';
import type { IDataObject, INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import { type DeliveryEvent, type JournalOrder, type PaginationStyle, type Sandbox } from '../../sandbox';
import { callLoadOptions } from './harness';
import { credentialsFor, credentialTypes, field, nodeTypes, SECRET_KEY, startSandboxWithKey } from './venueBooking';
import { emittedIds, pollerFor, seededRandom, TRIGGER_VERSION, triggerNode } from './venueBookingTrigger';

/** Trigger parameters with Only Entries Where set beside Watch (and any options). */
function withFilter(fieldName: string, values: unknown, options: IDataObject = {}): INodeParameters {
	return { entryFilter: { condition: { field: fieldName, values } }, options } as INodeParameters;
}

/** The same filter as a version 1 workflow saved it: Keep Only Entries under Options. */
function withEarlierFilter(fieldName: string, values: unknown, options: IDataObject = {}): INodeParameters {
	return { options: { ...options, entryFilter: { condition: { field: fieldName, values } } } } as INodeParameters;
}

function loadOptions(sandbox: Sandbox, methodName: string, parameters: INodeParameters = {}, apiKey = SECRET_KEY, baseUrl?: string, typeVersion = TRIGGER_VERSION) {
	const place = typeVersion === 1 ? 'options.entryFilter' : 'entryFilter';
	return callLoadOptions({
		node: triggerNode(parameters, typeVersion),
		nodeTypes,
		credentialTypes,
		credentials: credentialsFor(sandbox, apiKey, baseUrl),
		methodName,
		path: `parameters.${place}.condition.${methodName === 'journalFields' ? 'field' : 'values'}`,
	});
}

/** The journal's first page exactly as the sandbox answers it (what the dropdowns must be built from). */
async function firstPage(sandbox: Sandbox): Promise<Array<Record<string, unknown>>> {
	const response = await axios.get(`${sandbox.apiUrl}/webhooks/deliveries`, { headers: { Authorization: `Bearer ${SECRET_KEY}` } });
	const body = response.data as unknown;
	return (Array.isArray(body) ? body : (body as Record<string, unknown>)[sandbox.settings.listKey]) as Array<Record<string, unknown>>;
}

function deliveryRequests(sandbox: Sandbox) {
	return sandbox.requests.filter((request) => request.path.endsWith('/webhooks/deliveries'));
}

async function rejection(promise: Promise<unknown>): Promise<{ message: string; description: string }> {
	try {
		await promise;
	} catch (error) {
		const { message, description } = error as { message: string; description?: string };
		return { message, description: String(description ?? '') };
	}
	throw new Error('expected the load-options method to fail');
}

const EVENTS: DeliveryEvent[] = ['booking.created', 'booking.cancelled', 'booking.rescheduled', 'webhook.test'];

const DIALECTS: Array<[string, { envelope: boolean; naming: 'snake' | 'camel' }, PaginationStyle, JournalOrder]> = [
	['envelope, snake_case, cursor', { envelope: true, naming: 'snake' }, 'cursor', 'newestFirst'],
	['bare list, camelCase, page numbers', { envelope: false, naming: 'camel' }, 'page', 'oldestFirst'],
	['envelope, camelCase, Link header', { envelope: true, naming: 'camel' }, 'linkHeader', 'newestFirst'],
	['bare list, snake_case, next URL', { envelope: false, naming: 'snake' }, 'nextUrl', 'oldestFirst'],
];

describe.each(DIALECTS)('dropdowns and filter, %s', (_name, dialect, pagination, journalOrder) => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ dialect, pagination, journalOrder, defaultPageSize: 20 });
	});
	afterAll(async () => sandbox.close());

	it('Field offers exactly the fields of the entries on one page, with one request', async () => {
		const page = await firstPage(sandbox);
		sandbox.resetRequests();
		const fields = await loadOptions(sandbox, 'journalFields');
		expect(deliveryRequests(sandbox)).toHaveLength(1);
		const keys = [...new Set(page.flatMap((entry) => Object.keys(entry)))].sort((a, b) => a.localeCompare(b));
		// `bookingId` is null on test deliveries, a text elsewhere: still offered, from the entries that have one.
		expect(fields.map((option) => option.value)).toEqual(keys);
		expect(fields.map((option) => option.value)).toContain(field(sandbox, 'event'));
		for (const option of fields) expect(option.description).toMatch(/^Seen in your journal: in \d+ of 20 sampled entries/);
	});

	it('Values offers the values the chosen field holds on that page, most frequent first', async () => {
		const page = await firstPage(sandbox);
		const eventField = field(sandbox, 'event');
		sandbox.resetRequests();
		const values = await loadOptions(sandbox, 'journalValues', withFilter(eventField, []));
		expect(deliveryRequests(sandbox)).toHaveLength(1);
		const counts = new Map<string, number>();
		for (const entry of page) counts.set(String(entry[eventField]), (counts.get(String(entry[eventField])) ?? 0) + 1);
		expect(new Set(values.map((option) => option.value))).toEqual(new Set(counts.keys()));
		for (const option of values) {
			expect(option.name).toBe(option.value);
			expect(option.description).toBe(`Seen in your journal: in ${counts.get(String(option.value))} of ${page.length} sampled entries`);
		}
		const frequencies = values.map((option) => counts.get(String(option.value)) ?? 0);
		expect([...frequencies].sort((a, b) => b - a)).toEqual(frequencies);
	});

	it('a trigger filtered on a value picked from the dropdown emits exactly the new entries of that kind', async () => {
		const eventField = field(sandbox, 'event');
		const values = await loadOptions(sandbox, 'journalValues', withFilter(eventField, []));
		const picked = values.map((option) => option.value).find((value) => value === 'booking.cancelled') ?? values[0].value;
		const poller = pollerFor(sandbox, withFilter(eventField, [picked]));
		try {
			expect((await poller.poll()).items).toBeNull();
			const appended = EVENTS.flatMap((event) => sandbox.store.appendDeliveries(2, event));
			const expected = appended.filter((entry) => entry.event === picked).map((entry) => entry.id);
			expect(expected).toHaveLength(2);
			expect(emittedIds((await poller.poll()).items)).toEqual(expected);
			expect((await poller.poll()).items).toBeNull();
		} finally {
			await poller.close();
		}
	});
});

describe('dropdowns at the edges', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey();
	});
	afterAll(async () => sandbox.close());

	it('a key without webhooks.read: both dropdowns say which scope is missing', async () => {
		for (const methodName of ['journalFields', 'journalValues']) {
			const failure = await rejection(loadOptions(sandbox, methodName, withFilter('event', []), 'sandbox-bookings-write'));
			expect(failure.message).toMatch(/lacks the webhooks\.read scope/);
		}
	});

	it('an unreachable Base URL says nothing accepted the connection and to check the Base URL', async () => {
		const failure = await rejection(loadOptions(sandbox, 'journalFields', { options: { maxRetries: 0 } }, SECRET_KEY, 'http://127.0.0.1:9'));
		expect(`${failure.message} ${failure.description}`).toMatch(/refused|accepted the connection/i);
		expect(failure.description).toMatch(/Base URL/);
		expect(JSON.stringify(failure)).not.toContain(SECRET_KEY);
	});

	it('Values before a Field is chosen is an empty list, not an error, without a request', async () => {
		sandbox.resetRequests();
		await expect(loadOptions(sandbox, 'journalValues')).resolves.toEqual([]);
		await expect(loadOptions(sandbox, 'journalValues', withFilter('', []))).resolves.toEqual([]);
		expect(deliveryRequests(sandbox)).toHaveLength(0);
	});

	it('a version 1 node: Values reads the field chosen under Options', async () => {
		const values = await loadOptions(sandbox, 'journalValues', withEarlierFilter('event', []), SECRET_KEY, undefined, 1);
		expect(values.map((option) => option.value)).toEqual(expect.arrayContaining(['booking.created']));
	});

	it('a field the page holds no value in says so', async () => {
		const failure = await rejection(loadOptions(sandbox, 'journalValues', withFilter('no_such_field', [])));
		expect(failure.message).toBe('None of the 20 sampled journal entries has a value in "no_such_field"');
	});

	it('an empty journal says it is empty instead of showing a blank list', async () => {
		const empty = await startSandboxWithKey({ scale: { deliveries: 0 } });
		try {
			const failure = await rejection(loadOptions(empty, 'journalFields'));
			expect(failure.message).toMatch(/journal listed no entries/);
		} finally {
			await empty.close();
		}
	});

	it('the dropdowns use the trigger\'s own query and Items Field options', async () => {
		sandbox.store.appendDeliveries(1, 'webhook.test');
		sandbox.resetRequests();
		const parameters = { sendQuery: true, specifyQuery: 'json', jsonQuery: '{"event":"webhook.test"}', ...withFilter('event', []) };
		const values: INodePropertyOptions[] = await loadOptions(sandbox, 'journalValues', parameters as INodeParameters);
		expect(deliveryRequests(sandbox)[0].query).toMatchObject({ event: 'webhook.test' });
		expect(values.map((option) => option.value)).toEqual(['webhook.test']);
		const wrongPath = await rejection(loadOptions(sandbox, 'journalFields', { options: { itemsPath: 'nowhere' } }));
		expect(wrongPath.message).toMatch(/no list at "nowhere"/);
	});
});

describe('the filter in polls', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey();
	});
	afterAll(async () => sandbox.close());

	it.each([
		['a list from an expression', '={{ ["booking.cancelled", "webhook.test"] }}'],
		['a typed text with commas', '=booking.cancelled, webhook.test'],
		['values chosen in the dropdown', ['booking.cancelled', 'webhook.test']],
	])('accepts %s', async (_name, values) => {
		const poller = pollerFor(sandbox, withFilter('event', values));
		try {
			await poller.poll();
			const appended = EVENTS.flatMap((event) => sandbox.store.appendDeliveries(1, event));
			const expected = appended.filter((entry) => entry.event === 'booking.cancelled' || entry.event === 'webhook.test');
			expect(emittedIds((await poller.poll()).items)).toEqual(expected.map((entry) => entry.id));
		} finally {
			await poller.close();
		}
	});

	it('a number typed as text matches a number in the entries, and a field without values fails clearly', async () => {
		const numeric = pollerFor(sandbox, withFilter('response_status', '=200'));
		const noValues = pollerFor(sandbox, withFilter('event', []));
		try {
			await numeric.poll();
			const added = sandbox.store.appendDeliveries(2).map((entry) => entry.id);
			expect(emittedIds((await numeric.poll()).items)).toEqual(added);
			const failed = await noValues.poll();
			expect(String((failed.error?.cause as Error | undefined)?.message ?? failed.error?.message)).toMatch(/Only Entries Where: no value chosen for "event"/);
		} finally {
			await numeric.close();
			await noValues.close();
		}
	});

	it('a workflow saved with version 1, its filter under Options, still filters: kept entries once each, the others never', async () => {
		const earlier = pollerFor(sandbox, withEarlierFilter('event', ['booking.cancelled']), undefined, 1);
		try {
			expect((await earlier.poll()).items).toBeNull();
			const appended = EVENTS.flatMap((event) => sandbox.store.appendDeliveries(2, event));
			const expected = appended.filter((entry) => entry.event === 'booking.cancelled').map((entry) => entry.id);
			expect(expected).toHaveLength(2);
			expect(emittedIds((await earlier.poll()).items)).toEqual(expected);
			expect((await earlier.poll()).items).toBeNull();
		} finally {
			await earlier.close();
		}
	});

	it('Fetch Test Event shows the newest kept entries, and says so when the filter keeps none of them', async () => {
		const cancelled = sandbox.store.appendDeliveries(2, 'booking.cancelled').map((entry) => entry.id);
		sandbox.store.appendDeliveries(3, 'booking.created');
		const sample = await pollerFor(sandbox, withFilter('event', ['booking.cancelled'])).fetchTestEvent();
		expect(emittedIds(sample.items).slice(-2)).toEqual(cancelled);
		expect((sample.items?.[0] ?? []).every((item) => item.json.event === 'booking.cancelled')).toBe(true);

		const none = await pollerFor(sandbox, withFilter('event', ['no.such.event'])).fetchTestEvent();
		expect(none.error?.message).toMatch(/^Only Entries Where kept none of the newest \d+ journal entries$/);
		expect(String((none.error as { description?: string } | undefined)?.description)).toMatch(/event is no\.such\.event/);
	});
});

describe.each([
	['newestFirst', 'cursor', true],
	['oldestFirst', 'page', false],
] as Array<[JournalOrder, PaginationStyle, boolean]>)('exactly once with a filter, %s journal, %s pages, envelope %s', (journalOrder, pagination, envelope) => {
	it('over polls with faults and restarts: kept entries once each, skipped ones never, a new filter nothing old', async () => {
		const sandbox = await startSandboxWithKey({
			journalOrder,
			pagination,
			dialect: { envelope, naming: envelope ? 'snake' : 'camel' },
			defaultPageSize: 20,
		});
		const eventField = field(sandbox, 'event');
		const phases: Array<DeliveryEvent[]> = [
			['booking.created', 'booking.cancelled'],
			// Keeps webhook.test, which the first filter skipped: none of those skipped before may come out now.
			['booking.cancelled', 'webhook.test'],
		];
		const random = seededRandom(journalOrder.length * 7 + pagination.length);
		const options = { maxRetries: 1, maxWait: 0.01 };
		let saved: IDataObject | undefined;
		const emittedAll: string[] = [];
		let failedPolls = 0;
		let restarts = 0;
		try {
			for (const [phase, kept] of phases.entries()) {
				// A changed filter reaches n8n as a saved workflow, re-activated from the static data n8n stored.
				let poller = pollerFor(sandbox, withFilter(eventField, kept, options), saved);
				const appended: Array<{ id: string; event: DeliveryEvent }> = [];
				const emitted: string[] = [];
				try {
					const first = await poller.poll();
					if (phase === 0) expect(first.items).toBeNull();
					else emitted.push(...emittedIds(first.items));
					sandbox.setFaults({ seed: 23 + phase, rate429: 0.1, retryAfterSeconds: 0, rate5xx: 0.1, rateDrop: 0.02 });
					for (let poll = 0; poll < 150; poll++) {
						const count = Math.floor(random() * 12);
						for (let i = 0; i < count; i++) appended.push(...sandbox.store.appendDeliveries(1, EVENTS[Math.floor(random() * EVENTS.length)]));
						if (random() < 0.03) {
							await poller.close();
							poller = pollerFor(sandbox, withFilter(eventField, kept, options), poller.savedStaticData);
							restarts++;
						}
						const result = await poller.poll();
						if (result.error) failedPolls++;
						emitted.push(...emittedIds(result.items));
					}
					sandbox.setFaults(undefined);
					// A last kept entry, so this phase ends with an emission and n8n has saved the whole position.
					appended.push(...sandbox.store.appendDeliveries(1, kept[0]));
					emitted.push(...emittedIds((await poller.poll()).items));
					saved = poller.savedStaticData;
				} finally {
					await poller.close();
				}
				const expected = appended.filter((entry) => kept.includes(entry.event)).map((entry) => entry.id);
				expect(emitted).toEqual(expected);
				emittedAll.push(...emitted);
			}
			expect(new Set(emittedAll).size).toBe(emittedAll.length);
			expect(failedPolls).toBeGreaterThan(0);
			expect(restarts).toBeGreaterThan(0);
			process.stdout.write(
				`reliability: filtered trigger ${journalOrder}/${pagination}: ${sandbox.store.deliveries.length} entries in the journal, ${emittedAll.length} kept and emitted once, ` +
					`${failedPolls} failed polls, ${restarts} restarts, 1 filter change\n`,
			);
		} finally {
			await sandbox.close();
		}
	}, 120_000);
});
