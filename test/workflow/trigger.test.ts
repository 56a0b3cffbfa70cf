/**
 * The Venue Booking Trigger driven through n8n-core's real polling (ActiveWorkflows + PollContext), with
 * static data persisted the way n8n 1.123 persists it, against the sandbox's journal. Every entry must be
 * emitted exactly once, oldest first, across orders, pagination styles, faults and restarts.
 */
import { type IDataObject, type INodeParameters, Workflow } from 'n8n-workflow';

import { type JournalOrder, type PaginationStyle, type Sandbox, type SandboxOptions } from '../../sandbox';
import { RECENT_LIMIT } from '../../nodes/VenueBooking/trigger/state';
import { startTokenList } from '../support/unsurveyedLists';
import { captureLogs, createPoller } from './harness';
import { HarnessNodeTypes } from './harness/nodeTypes';
import { credentialsFor, credentialTypes, nodeTypes, SECRET_KEY, startSandboxWithKey, TRIGGER_TYPE } from './venueBooking';
import { emittedIds, pollerFor, seededRandom, TRIGGER_NAME, triggerNode } from './venueBookingTrigger';

describe('first activation and Fetch Test Event', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey();
	});
	afterAll(async () => sandbox.close());

	it('the first poll records a baseline and emits nothing; the next emits only what is new', async () => {
		const poller = pollerFor(sandbox);
		try {
			const first = await poller.poll();
			expect(first.phase).toBe('activation');
			expect(first.items).toBeNull();
			expect(first.saved).toBe(true);
			const added = sandbox.store.appendDeliveries(3).map((d) => d.id);
			expect(emittedIds((await poller.poll()).items)).toEqual(added);
			expect((await poller.poll()).items).toBeNull();
		} finally {
			await poller.close();
		}
	});

	it('Watch switched from Webhook Deliveries to Payments starts a new baseline: the deliveries\' position is no payment, no old payment is emitted', async () => {
		const deliveries = pollerFor(sandbox);
		let saved: IDataObject;
		try {
			await deliveries.poll();
			expect(emittedIds((await deliveries.poll()).items)).toEqual([]);
			saved = deliveries.savedStaticData;
		} finally {
			await deliveries.close();
		}
		// The user edits the active workflow: n8n activates it again with the static data it saved.
		const payments = pollerFor(sandbox, { watch: 'payments' }, saved);
		try {
			const baseline = await payments.poll();
			expect(baseline.error).toBeUndefined();
			expect(baseline.items).toBeNull();
			sandbox.store.appendDeliveries(2);
			const booking = sandbox.store.bookings[0];
			const paid = sandbox.store.addPayment({ bookingId: booking.id, clientId: booking.clientId, kind: 'charge', amountCents: 2500, currency: 'EUR', method: 'card' });
			expect(emittedIds((await payments.poll()).items)).toEqual([paid.id]);
			expect((await payments.poll()).items).toBeNull();
		} finally {
			await payments.close();
		}
	});

	it('Emit Existing Entries emits the newest existing entries on the first poll, oldest first', async () => {
		const poller = pollerFor(sandbox, { options: { emitExisting: true, maxExisting: 4 } });
		try {
			const newest = sandbox.store.journalOldestFirst().slice(-4).map((d) => d.id);
			expect(emittedIds((await poller.poll()).items)).toEqual(newest);
		} finally {
			await poller.close();
		}
	});

	it('Fetch Test Event returns the newest few without touching the state', async () => {
		const poller = pollerFor(sandbox);
		try {
			await poller.poll();
			const saved = JSON.stringify(poller.savedStaticData);
			sandbox.store.appendDeliveries(2);
			const sample = await poller.fetchTestEvent();
			expect(emittedIds(sample.items)).toEqual(sandbox.store.journalOldestFirst().slice(-5).map((d) => d.id));
			expect(JSON.stringify(poller.savedStaticData)).toBe(saved);
			// The two new entries are still delivered by the next real poll.
			expect(emittedIds((await poller.poll()).items)).toHaveLength(2);
		} finally {
			await poller.close();
		}
	});

	it('after Fetch Test Event, the output pane says what it shows (the newest 5, oldest first) and that the position did not move, as the run shows', async () => {
		const hint = (nodeTypes[TRIGGER_TYPE].description.hints ?? []).find((candidate) => candidate.message.startsWith("The journal's newest"));
		// No display condition: n8n's editor shows it after every run of the trigger there, which is always this sample.
		expect(hint).toEqual({
			// Issue 42: notices that fit in three lines.
			message: "The journal's newest 5 entries (with Only Entries Where: among its newest 100), oldest first. Fetching does not move the trigger's position.",
			type: 'info',
			location: 'outputPane',
			whenToDisplay: 'afterExecution',
		});
		const poller = pollerFor(sandbox);
		try {
			await poller.poll();
			const saved = JSON.stringify(poller.savedStaticData);
			const sample = await poller.fetchTestEvent();
			expect(emittedIds(sample.items)).toEqual(sandbox.store.journalOldestFirst().slice(-5).map((d) => d.id));
			expect(JSON.stringify(poller.savedStaticData)).toBe(saved);
		} finally {
			await poller.close();
		}
	});

	it('Fetch Test Event on an empty journal says so', async () => {
		const empty = await startSandboxWithKey({ scale: { deliveries: 0 } });
		const poller = pollerFor(empty);
		try {
			const sample = await poller.fetchTestEvent();
			expect(sample.error?.message).toMatch(/journal is empty/);
		} finally {
			await poller.close();
			await empty.close();
		}
	});

	it('Fetch Test Event says that nothing matched the query sent, not that the journal is empty', async () => {
		// The seeded journal holds booking entries only: no webhook.test entry matches.
		const poller = pollerFor(sandbox, { sendQuery: true, queryParameters: { parameters: [{ name: 'event', value: 'webhook.test' }] } });
		try {
			expect(sandbox.store.deliveries.length).toBeGreaterThan(0);
			const sample = await poller.fetchTestEvent();
			expect(sample.error?.message).toBe('No webhook delivery journal entry matched the query parameters sent (event=webhook.test)');
		} finally {
			await poller.close();
		}
	});

	it('a key without webhooks.read fails the activation, naming the scope', async () => {
		const poller = createPoller({
			node: triggerNode(),
			nodeTypes,
			credentialTypes,
			credentials: credentialsFor(sandbox, 'sandbox-bookings-write'),
		});
		try {
			const result = await poller.poll();
			expect(String(result.error?.message) + String((result.error?.cause as Error | undefined)?.message)).toMatch(/webhooks\.read/);
		} finally {
			await poller.close();
		}
	});
});

describe('journal order from Unix times, and saying when it was guessed', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey();
	});
	afterAll(async () => sandbox.close());
	afterEach(() => sandbox.setOptions({ intercept: undefined }));

	/** The journal answered by these entries, as one bare list, in place of the sandbox's own. */
	function serveJournal(entries: object[]): void {
		sandbox.setOptions({
			intercept: (req, res) => {
				if (!String(req.url).startsWith('/api/partners/v1/webhooks/deliveries')) return false;
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify(entries));
				return true;
			},
		});
	}
	const oldestFirst = () => sandbox.store.journalOldestFirst().map((delivery) => ({ id: delivery.id, event: delivery.event }));

	it('a newest-first journal with "created": 1767225600-style seconds is read newest first: Fetch Test Event shows the newest entries', async () => {
		const newestFirst = oldestFirst()
			.map((entry, i) => ({ ...entry, created: 1767225600 + i * 60 }))
			.reverse();
		serveJournal(newestFirst);
		const logs = captureLogs();
		const poller = pollerFor(sandbox);
		try {
			const sample = await poller.fetchTestEvent();
			expect(sample.error).toBeUndefined();
			expect(emittedIds(sample.items)).toEqual(newestFirst.slice(0, 5).reverse().map((entry) => entry.id));
			expect(logs.messages.join('\n')).not.toMatch(/order could not be told/);
		} finally {
			logs.stop();
			await poller.close();
		}
	});

	it('without timestamps, Fetch Test Event and activation say the order was guessed, naming Options > Journal Order', async () => {
		serveJournal(oldestFirst());
		const logs = captureLogs();
		const poller = pollerFor(sandbox);
		try {
			await poller.fetchTestEvent();
			expect(logs.messages).toContain(
				"The journal's order could not be told from its entries (no timestamps), so it was taken as oldest first; if Fetch Test Event shows old entries, set Options > Journal Order.",
			);
			logs.messages.length = 0;
			expect((await poller.poll()).phase).toBe('activation');
			expect(logs.messages.join('\n')).toMatch(/could not be told from its entries \(no timestamps\), so it was taken as oldest first.*set Options > Journal Order\./);
		} finally {
			logs.stop();
			await poller.close();
		}
	});
});

describe('the boxes of the output pane after Fetch Test Event (issue 42: one box, none about the order)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey();
	});
	afterAll(async () => sandbox.close());
	afterEach(() => sandbox.setOptions({ intercept: undefined }));

	/**
	 * What n8n's editor shows in the output pane after this Fetch Test Event: the execution hints n8n kept of the run,
	 * and the node type's hints for after execution whose display condition holds, evaluated through n8n-workflow's
	 * expressions as the editor evaluates them (with the run's data; a trigger has no input).
	 */
	async function boxesAfterFetch(): Promise<{ boxes: string[]; logged: string }> {
		const logs = captureLogs();
		const trigger = triggerNode();
		const poller = pollerFor(sandbox);
		try {
			const sample = await poller.fetchTestEvent();
			expect(sample.error).toBeUndefined();
			expect(emittedIds(sample.items).length).toBeGreaterThan(0);
			const workflow = new Workflow({ nodes: [trigger], connections: {}, active: false, nodeTypes: new HarnessNodeTypes(nodeTypes) });
			const typeHints = (nodeTypes[TRIGGER_TYPE].description.hints ?? []).filter(
				(hint) =>
					hint.location === 'outputPane' &&
					hint.whenToDisplay !== 'beforeExecution' &&
					(!hint.displayCondition || workflow.expression.getParameterValue(hint.displayCondition, null, 0, 0, trigger.name, [], 'manual', {}) === true),
			);
			return { boxes: [...(sample.hints ?? []), ...typeHints].map((hint) => hint.message), logged: logs.messages.join('\n') };
		} finally {
			logs.stop();
			await poller.close();
		}
	}

	it('entries with timestamps: the sample box alone, nothing about the order, in the editor or the log', async () => {
		const { boxes, logged } = await boxesAfterFetch();
		expect(boxes).toHaveLength(1);
		expect(boxes[0]).toMatch(/^The journal's newest 5 entries .*oldest first\. Fetching does not move the trigger's position\.$/);
		expect(logged).not.toMatch(/order could not be told/);
	});

	it("entries without timestamps: the same single box (n8n can condition none on the entries), and n8n's log says the order was guessed", async () => {
		sandbox.setOptions({
			intercept: (req, res) => {
				if (!String(req.url).startsWith('/api/partners/v1/webhooks/deliveries')) return false;
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify(sandbox.store.journalOldestFirst().map((delivery) => ({ id: delivery.id, event: delivery.event }))));
				return true;
			},
		});
		const { boxes, logged } = await boxesAfterFetch();
		expect(boxes).toHaveLength(1);
		expect(boxes.join(' ')).not.toMatch(/Journal Order|timestamps/);
		expect(logged).toMatch(/order could not be told from its entries \(no timestamps\).*set Options > Journal Order\./);
	});

	it('the notice above the options fits in three lines of the parameter pane (about 55 characters a line)', () => {
		const notices = nodeTypes[TRIGGER_TYPE].description.properties.filter((property) => property.type === 'notice');
		expect(notices.length).toBeGreaterThan(0);
		for (const notice of notices) expect(notice.displayName.length).toBeLessThanOrEqual(3 * 55);
	});

	it('Journal Order explains in its description what Automatic does without timestamps, where the user sets it', () => {
		const options = nodeTypes[TRIGGER_TYPE].description.properties.find((property) => property.name === 'options');
		const order = options?.options?.find((option) => 'name' in option && option.name === 'journalOrder') as { options?: Array<{ value: unknown; description?: string }> } | undefined;
		expect(order?.options?.find((choice) => choice.value === 'auto')?.description).toMatch(/without timestamps the journal is taken as oldest first/);
	});
});

const COMBINATIONS: Array<[JournalOrder, PaginationStyle, boolean]> = [
	['newestFirst', 'cursor', true],
	['newestFirst', 'page', false],
	['newestFirst', 'offset', true],
	['oldestFirst', 'cursor', false],
	['oldestFirst', 'page', true],
	['oldestFirst', 'linkHeader', true],
];

describe.each(COMBINATIONS)('1,000 polls, %s journal, %s pages, envelope %s', (journalOrder, pagination, envelope) => {
	it('emits every new entry exactly once and in order, through faults and restarts', async () => {
		const sandbox = await startSandboxWithKey({
			journalOrder,
			pagination,
			dialect: { envelope, naming: envelope ? 'snake' : 'camel' },
			defaultPageSize: 20,
		});
		// One retry only, so some polls do fail and the next must pick up from the same place.
		let poller = pollerFor(sandbox, { options: { maxRetries: 1, maxWait: 0.01 } });
		try {
			const random = seededRandom(journalOrder.length * 31 + pagination.length);
			const first = await poller.poll();
			expect(first.items).toBeNull();
			sandbox.setFaults({ seed: 17, rate429: 0.1, retryAfterSeconds: 0, rate5xx: 0.1, rateDrop: 0.02 });
			const appended: string[] = [];
			const emitted: string[] = [];
			let failedPolls = 0;
			let restarts = 0;
			for (let poll = 0; poll < 1000; poll++) {
				const growth = Math.floor(random() * 51);
				appended.push(...sandbox.store.appendDeliveries(growth).map((d) => d.id));
				if (random() < 0.02) {
					// An n8n restart: only what n8n saved survives.
					await poller.restart();
					restarts++;
				}
				const result = await poller.poll();
				if (result.error) {
					failedPolls++;
					expect(`${result.error.message} ${String((result.error.cause as Error | undefined)?.message)}`).not.toContain(SECRET_KEY);
				}
				emitted.push(...emittedIds(result.items));
			}
			sandbox.setFaults(undefined);
			emitted.push(...emittedIds((await poller.poll()).items));
			expect(new Set(emitted).size).toBe(emitted.length);
			expect(emitted).toEqual(appended);
			expect(failedPolls).toBeGreaterThan(0);
			expect(restarts).toBeGreaterThan(0);
			const faults = sandbox.requests.filter((request) => request.fault).length;
			// One line of figures for the README's Reliability table.
			process.stdout.write(
				`reliability: trigger ${journalOrder}/${pagination}: ${appended.length} entries, ${sandbox.requests.length} requests, ` +
					`${faults} faults injected, ${failedPolls} failed polls, ${restarts} restarts, lost ${appended.length - new Set(emitted).size}, repeated ${emitted.length - new Set(emitted).size}\n`,
			);
		} finally {
			await poller.close();
			await sandbox.close();
		}
	}, 120_000);
});

describe('a 100,000-entry journal', () => {
	it.each(['newestFirst', 'oldestFirst'] as const)('%s: bounded state and requests that follow the new entries, not the journal', async (journalOrder) => {
		const sandbox = await startSandboxWithKey({
			journalOrder,
			pagination: 'cursor',
			maxPageSize: 100,
			defaultPageSize: 100,
			scale: { deliveries: 100_000 },
		});
		const poller = pollerFor(sandbox, { options: { maxPages: 2000 } });
		try {
			await poller.poll();
			for (const added of [0, 10, 99, 100, 101, 250]) {
				const ids = sandbox.store.appendDeliveries(added).map((d) => d.id);
				sandbox.resetRequests();
				const result = await poller.poll();
				expect(emittedIds(result.items)).toEqual(ids);
				// The stated bound: at most 2 + ceil(new / page size) requests per poll.
				expect(sandbox.requests.length).toBeLessThanOrEqual(2 + Math.ceil(added / 100));
				const stateBytes = Buffer.byteLength(JSON.stringify(poller.liveStaticData));
				expect(stateBytes).toBeLessThanOrEqual(24 * 1024);
			}
			// n8n keeps a node's static data under "node:<node name>".
			const state = poller.liveStaticData[`node:${TRIGGER_NAME}`] as { journal: { recent: unknown[] } };
			expect(state.journal.recent.length).toBe(RECENT_LIMIT);
		} finally {
			await poller.close();
			await sandbox.close();
		}
	}, 120_000);
});

describe('Page Number set explicitly on pages that state a total (Django REST framework)', () => {
	it('activation jumps to the last page, and each poll continues from it instead of walking from page 1', async () => {
		const sandbox = await startSandboxWithKey({ convention: 'drfPage', journalOrder: 'oldestFirst', scale: { deliveries: 2_000 } });
		const poller = pollerFor(sandbox, { options: { pagination: { settings: { mode: 'pageNumber', pageParameter: 'page', firstPage: 1 } } } } as INodeParameters);
		try {
			sandbox.resetRequests();
			const baseline = await poller.poll();
			expect(baseline.error).toBeUndefined();
			// Page 1 states the count; the last page is asked for directly, and nothing past it.
			expect(sandbox.requests.map((request) => request.query.page)).toEqual(['1', String(Math.ceil(sandbox.store.deliveries.length / 10))]);
			for (const added of [0, 3, 10, 25]) {
				const ids = sandbox.store.appendDeliveries(added).map((delivery) => delivery.id);
				sandbox.resetRequests();
				const result = await poller.poll();
				expect(emittedIds(result.items)).toEqual(ids);
				expect(sandbox.requests.every((request) => request.status === 200)).toBe(true);
				expect(sandbox.requests.length).toBeLessThanOrEqual(1 + Math.ceil(added / 10));
			}
		} finally {
			await poller.close();
			await sandbox.close();
		}
	});
});

describe('Automatic on Django REST framework pages (a count and a next URL, no page counter)', () => {
	it('activation jumps to the last page the count implies, Fetch Test Event shows the newest, polls continue from the end', async () => {
		const sandbox = await startSandboxWithKey({ convention: 'drfPage', journalOrder: 'oldestFirst', scale: { deliveries: 2_003 } });
		const poller = pollerFor(sandbox);
		try {
			sandbox.resetRequests();
			const sample = await poller.fetchTestEvent();
			expect(emittedIds(sample.items)).toEqual(sandbox.store.journalOldestFirst().slice(-5).map((delivery) => delivery.id));
			// Page 1, the last page (3 entries), the page before it for the rest of the sample: never the 199 between.
			expect(sandbox.requests.map((request) => request.query.page ?? '1')).toEqual(['1', '201', '200']);
			sandbox.resetRequests();
			expect((await poller.poll()).items).toBeNull();
			expect(sandbox.requests.length).toBeLessThanOrEqual(3);
			for (const added of [0, 4, 12]) {
				const ids = sandbox.store.appendDeliveries(added).map((delivery) => delivery.id);
				sandbox.resetRequests();
				const result = await poller.poll();
				expect(emittedIds(result.items)).toEqual(ids);
				expect(sandbox.requests.length).toBeLessThanOrEqual(2 + Math.ceil(added / 10));
			}
		} finally {
			await poller.close();
			await sandbox.close();
		}
	});

	it('a next URL that changes two parameters (limit and offset) is no claim: the journal is walked, and nothing is lost', async () => {
		const sandbox = await startSandboxWithKey({ convention: 'drfLimitOffset', journalOrder: 'oldestFirst', scale: { deliveries: 95 } });
		const poller = pollerFor(sandbox);
		try {
			sandbox.resetRequests();
			expect((await poller.poll()).items).toBeNull();
			expect(sandbox.requests).toHaveLength(10);
			const ids = sandbox.store.appendDeliveries(7).map((delivery) => delivery.id);
			expect(emittedIds((await poller.poll()).items)).toEqual(ids);
		} finally {
			await poller.close();
			await sandbox.close();
		}
	});
});

describe('restarts and failed polls', () => {
	it('state restored from JSON between every poll loses and repeats nothing', async () => {
		const sandbox = await startSandboxWithKey({ journalOrder: 'oldestFirst', pagination: 'offset' });
		let saved: IDataObject | undefined;
		const appended: string[] = [];
		const emitted: string[] = [];
		try {
			for (let poll = 0; poll < 30; poll++) {
				// A fresh activation each time from the JSON n8n stored: the harshest restart schedule.
				const poller = pollerFor(sandbox, {}, saved === undefined ? undefined : JSON.parse(JSON.stringify(saved)));
				if (poll > 0) appended.push(...sandbox.store.appendDeliveries(poll % 7 === 0 ? 0 : 13).map((d) => d.id));
				const result = await poller.poll();
				emitted.push(...emittedIds(result.items));
				saved = poller.savedStaticData;
				await poller.close();
			}
			expect(emitted).toEqual(appended);
		} finally {
			await sandbox.close();
		}
	});

	it('a poll that fails midway advances nothing; the next one delivers everything once', async () => {
		const sandbox = await startSandboxWithKey({ journalOrder: 'newestFirst', pagination: 'cursor', defaultPageSize: 10 });
		const poller = pollerFor(sandbox, { options: { maxRetries: 0 } });
		try {
			await poller.poll();
			const ids = sandbox.store.appendDeliveries(35).map((d) => d.id);
			// Pages 1 and 2 answer, page 3 fails: the poll throws after reading 20 of the 35 entries.
			sandbox.setFaults({ script: ['ok', 'ok', 503] });
			const failed = await poller.poll();
			expect(failed.error).toBeDefined();
			expect(failed.items).toBeNull();
			sandbox.setFaults(undefined);
			expect(emittedIds((await poller.poll()).items)).toEqual(ids);
			expect((await poller.poll()).items).toBeNull();
		} finally {
			await poller.close();
			await sandbox.close();
		}
	});
});

/** The payment journal's settings to poll it under: sandbox pagination styles (oldest first), and Stripe's newest-first convention. */
const PAYMENT_JOURNALS: Array<[string, Partial<SandboxOptions>]> = [
	['cursor pages, envelope', { pagination: 'cursor', dialect: { envelope: true, naming: 'snake' } }],
	['page numbers, bare list', { pagination: 'page', dialect: { envelope: false, naming: 'camel' } }],
	['Stripe\'s convention (newest first, after the last id)', { convention: 'stripe' }],
];

describe.each(PAYMENT_JOURNALS)('1,000 polls of the payment journal, %s', (_name, options) => {
	it('emits every new payment exactly once and in order, through faults and restarts', async () => {
		const sandbox = await startSandboxWithKey({ ...options, defaultPageSize: 20 });
		const poller = pollerFor(sandbox, { watch: 'payments', options: { maxRetries: 1, maxWait: 0.01 } });
		const booking = sandbox.store.bookings[0];
		const pay = () => sandbox.store.addPayment({ bookingId: booking.id, clientId: booking.clientId, kind: 'charge', amountCents: 1500, currency: 'EUR', method: 'card' }).id;
		try {
			const random = seededRandom(options.convention ? 7 : (options.pagination ?? '').length);
			expect((await poller.poll()).items).toBeNull();
			sandbox.setFaults({ seed: 23, rate429: 0.1, retryAfterSeconds: 0, rate5xx: 0.1, rateDrop: 0.02 });
			const recorded: string[] = [];
			const emitted: string[] = [];
			let failedPolls = 0;
			let restarts = 0;
			for (let poll = 0; poll < 1000; poll++) {
				const growth = Math.floor(random() * 26);
				for (let i = 0; i < growth; i++) recorded.push(pay());
				if (random() < 0.02) {
					await poller.restart();
					restarts++;
				}
				const result = await poller.poll();
				if (result.error) failedPolls++;
				emitted.push(...emittedIds(result.items));
			}
			sandbox.setFaults(undefined);
			emitted.push(...emittedIds((await poller.poll()).items));
			expect(new Set(emitted).size).toBe(emitted.length);
			expect(emitted).toEqual(recorded);
			expect(failedPolls).toBeGreaterThan(0);
			expect(restarts).toBeGreaterThan(0);
			process.stdout.write(
				`reliability: payment trigger ${_name}: ${recorded.length} payments, ${sandbox.requests.length} requests, ${failedPolls} failed polls, ${restarts} restarts, lost ${recorded.length - new Set(emitted).size}, repeated ${emitted.length - new Set(emitted).size}\n`,
			);
		} finally {
			await poller.close();
			await sandbox.close();
		}
	}, 120_000);
});

/**
 * Journals in conventions no table of the node knows (issue 40): the trigger walks them to their end and emits
 * each new entry once, or fails visibly naming what to set; it never polls page 1 forever in silence.
 */
describe('the trigger on a journal whose next-page token has a name no table knows (issue 40)', () => {
	it('1,000 deliveries, token taken back under a name page 2 confirms: activation walks to the end, 3 new entries are emitted once', async () => {
		const sandbox = await startSandboxWithKey({ convention: 'unsurveyedToken', journalOrder: 'oldestFirst', scale: { deliveries: 1_000 } });
		const poller = pollerFor(sandbox);
		try {
			const activation = await poller.poll();
			expect(activation.error).toBeUndefined();
			expect(activation.items).toBeNull();
			const test = await poller.fetchTestEvent();
			expect(test.error).toBeUndefined();
			// Fetch Test Event shows the newest entries, not old ones of page 1.
			expect(emittedIds(test.items)).toEqual(sandbox.store.journalOldestFirst().slice(-5).map((delivery) => delivery.id));
			const added = sandbox.store.appendDeliveries(3).map((delivery) => delivery.id);
			expect(emittedIds((await poller.poll()).items)).toEqual(added);
			expect((await poller.poll()).items).toBeNull();
		} finally {
			await poller.close();
			await sandbox.close();
		}
	});

	it('a token no name brings back: activation and Fetch Test Event fail naming the field and what to set, and so does every later poll', async () => {
		const server = await startTokenList(1_000);
		const poller = pollerFor({ url: server.url } as Sandbox);
		try {
			const said = /"tokenForNext" holds a next-page token/;
			const activation = await poller.poll();
			expect(activation.items).toBeNull();
			expect(String(activation.error?.message) + String((activation.error?.cause as Error | undefined)?.message)).toMatch(said);
			const test = await poller.fetchTestEvent();
			expect(test.items).toBeNull();
			expect(String(test.error?.message)).toMatch(said);
			server.append(3);
			const retried = await poller.poll();
			expect(retried.items).toBeNull();
			expect(String(retried.error?.message) + String((retried.error?.cause as Error | undefined)?.message)).toMatch(said);
		} finally {
			await poller.close();
			await server.close();
		}
	});
});
