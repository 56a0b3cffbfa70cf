/**
 * All 12 operations of the installed package, run by `n8n execute` (the CLI, a fresh n8n process) against
 * the sandbox, with every node's items compared to what the sandbox holds; and a key without a scope,
 * whose 403 must fail the run with a message that names the scope and never shows the key.
 */
import * as cli from '../../scripts/n8n/cli';
import { nodeOutputItems, runError, type RunData } from '../../scripts/n8n/runData';
import { timed } from '../../scripts/n8n/timing';
import { FULL_CREDENTIAL, FULL_KEY, ids, NO_PAYMENTS_CREDENTIAL, NO_PAYMENTS_KEY, sandboxList, type E2eContext } from './context';
import { assert, assertEqual } from './harness';
import { OPS, operationsWorkflow, scopeErrorWorkflow } from './operationsWorkflow';

/** Sandbox days (its clock starts on 2027-03-01, a Monday): slots are listed on one, booked on the next. */
const SLOTS_DAY = '2027-03-02';
const BOOKING_DAY = '2027-03-03';
const TEST_WEBHOOK_URL = 'https://hooks.example.com/venue-booking-e2e';

/** Import both credentials: the full key (the examples use it) and one without payments.read. */
export async function importCredentialsCheck(context: E2eContext): Promise<boolean> {
	const { checks, instance, sandbox } = context;
	return checks.check('CLI: import venueBookingApi credentials pointing at the sandbox', () =>
		cli.importCredentials(instance, [
			{ ...FULL_CREDENTIAL, data: { baseUrl: sandbox.url, apiKey: FULL_KEY } },
			{ ...NO_PAYMENTS_CREDENTIAL, data: { baseUrl: `${sandbox.url}/`, apiKey: NO_PAYMENTS_KEY } },
		]),
	);
}

/** Another way to run the operations workflow than `n8n execute` (queue mode: saved and run on a worker). */
export interface OperationsRunner {
	label: string;
	/** Runs the workflow to its end and returns its run data; throws when it did not succeed. */
	run(workflow: cli.WorkflowToImport): Promise<RunData>;
}

export async function runOperationsChecks(context: E2eContext, runner?: OperationsRunner): Promise<void> {
	const { checks, instance, sandbox } = context;
	const { store } = sandbox;
	const clientForBooking = store.clients[0].id;
	const workflow = operationsWorkflow({
		credential: FULL_CREDENTIAL,
		slotsDay: SLOTS_DAY,
		bookingDay: BOOKING_DAY,
		clientId: clientForBooking,
		testWebhookUrl: TEST_WEBHOOK_URL,
	});
	const imported = runner ? true : await checks.check('CLI: import the workflow of all 12 operations', () => cli.importWorkflows(instance, [workflow]));
	if (!imported) return;

	// The workspace as the reads must see it: the writes run last (bottom branches).
	const before = {
		slots: await sandboxList(sandbox, '/slots', { from: SLOTS_DAY, to: SLOTS_DAY }),
		freeSlot: (await sandboxList(sandbox, '/slots', { from: BOOKING_DAY, to: BOOKING_DAY }))[0],
		bookings: await sandboxList(sandbox, '/bookings'),
		services: await sandboxList(sandbox, '/services'),
		rooms: await sandboxList(sandbox, '/rooms'),
		clients: await sandboxList(sandbox, '/clients'),
		payments: await sandboxList(sandbox, '/payments'),
		deliveries: await sandboxList(sandbox, '/webhooks/deliveries'),
		deliveryCount: store.deliveries.length,
		bookingCount: store.bookings.length,
	};
	sandbox.resetRequests();

	let run: RunData | undefined;
	const executed = runner
		? await checks.check(`${runner.label}: runs all 12 operations without error`, async () => {
				run = await runner.run(workflow);
				assertEqual(runError(run), undefined, 'run error');
			})
		: await checks.check('CLI: n8n execute runs all 12 operations without error', async () => {
				const execution = await timed('CLI execute (12 operations)', () => cli.executeWorkflow(instance, workflow.id));
				assert(execution.run, `no run data (exit ${execution.exitCode}):\n${execution.stdout.slice(-3000)}\n${execution.stderr.slice(-3000)}`);
				assertEqual(runError(execution.run), undefined, 'run error');
				assertEqual(execution.exitCode, 0, 'exit code');
				run = execution.run;
			});
	if (!executed || !run) return;
	const items = (name: string) => nodeOutputItems(run as RunData, name);

	const listCases: Array<[string, string, Array<Record<string, unknown>>, readonly { id: string }[] | undefined]> = [
		['Slot', OPS.slots, before.slots, undefined],
		['Booking', OPS.bookings, before.bookings, undefined],
		['Service', OPS.services, before.services, store.services],
		['Room', OPS.rooms, before.rooms, store.rooms],
		['Client', OPS.clients, before.clients, undefined],
		['Payment', OPS.payments, before.payments, store.payments],
		['Webhook Delivery', OPS.deliveries, before.deliveries, undefined],
	];
	for (const [resource, nodeName, expected, stored] of listCases) {
		await checks.check(`${resource} → Get Many (Return All): every entry, as the API lists it`, () => {
			const got = items(nodeName);
			assert(expected.length > 0, `the sandbox lists no ${resource} entries`);
			assertEqual(got.length, expected.length, `number of items of "${nodeName}"`);
			assertEqual(got, expected, `items of "${nodeName}"`);
			if (stored) assertEqual(ids(got), ids(stored), `ids of "${nodeName}" vs the sandbox's store`);
		});
	}

	await checks.check('Return All followed the sandbox\'s cursor pages (20 per page)', () => {
		const bookingPages = sandbox.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/bookings'));
		assert(bookingPages.length >= Math.ceil(before.bookings.length / 20), `only ${bookingPages.length} requests for ${before.bookings.length} bookings`);
		assert(bookingPages.slice(1).every((request) => typeof request.query.cursor === 'string'), 'later pages were asked without the cursor');
	});

	await checks.check('Booking/Client counts and ids match the sandbox store', () => {
		assertEqual(ids(items(OPS.bookings)), ids(store.bookings.slice(0, before.bookingCount)), 'booking ids');
		assertEqual(ids(items(OPS.clients)), ids(store.clients), 'client ids');
		assertEqual(ids(items(OPS.deliveries)), ids(store.deliveries.slice(0, before.deliveryCount).reverse()), 'journal ids, newest first');
	});

	await checks.check('Client → Get: one per client, ids from an expression, percent-encoded in the path', () => {
		const got = items(OPS.client);
		assertEqual(ids(got), ids(store.clients), 'client ids');
		assertEqual(got[3], before.clients[3], 'a client as Get returns it');
		const paths = sandbox.requests.filter((request) => request.endpoint?.operation === 'get' && request.endpoint.resource === 'client').map((request) => request.rawPath);
		for (const encoded of ['/clients/cli_team%2Falpha', '/clients/cli_zo%C3%AB', '/clients/cli_walk%20in']) {
			assert(paths.some((rawPath) => rawPath.endsWith(encoded)), `no request for ${encoded} among ${paths.length}`);
		}
	});

	let createdId = '';
	await checks.check('Booking → Create: books the free slot, and the booking is in sandbox.store.bookings', () => {
		const [slot] = items(OPS.freeSlot);
		assertEqual(items(OPS.freeSlot), [before.freeSlot], 'items of "Find a free slot" (Limit 1)');
		const created = items(OPS.create);
		assertEqual(created.length, 1, 'items of "Create a booking"');
		createdId = String(created[0].id);
		const stored = store.findBooking(createdId);
		assert(stored, `booking ${createdId} is not in the sandbox's store`);
		assertEqual(
			{ roomId: stored.roomId, serviceId: stored.serviceId, start: stored.start, clientId: stored.clientId, note: stored.note },
			{ roomId: slot.room_id, serviceId: slot.service_id, start: slot.start, clientId: clientForBooking, note: 'Booked by the e2e run' },
			'the stored booking',
		);
		assertEqual(store.bookings.length, before.bookingCount + 1, 'bookings in the store');
	});

	await checks.check('Booking → Get: the created booking, by an id from an expression', () => {
		const got = items(OPS.booking);
		assertEqual(got.length, 1, 'items');
		assertEqual([got[0].id, got[0].status], [createdId, 'confirmed'], '[id, status]');
	});

	await checks.check('Booking → Cancel or Reschedule: cancelled (name/value body), and cancelled in the store', () => {
		const got = items(OPS.cancel);
		assertEqual(got.length, 1, 'items');
		assertEqual([got[0].id, got[0].status], [createdId, 'cancelled'], '[id, status]');
		const stored = store.findBooking(createdId);
		assertEqual([stored?.status, stored?.cancelReason], ['cancelled', 'Cancelled by the e2e run'], 'stored [status, cancelReason]');
	});

	await checks.check('Webhook → Send Test: a webhook.test entry with the URL sent, now in the journal', () => {
		const got = items(OPS.sendTest);
		assertEqual(got.length, 1, 'items');
		assertEqual([got[0].event, got[0].url], ['webhook.test', TEST_WEBHOOK_URL], '[event, url]');
		const journal = store.deliveries.slice(before.deliveryCount);
		assertEqual(
			journal.map((entry) => [entry.event, entry.bookingId]),
			[
				['booking.created', createdId],
				['booking.cancelled', createdId],
				['webhook.test', null],
			],
			'new journal entries [event, bookingId]',
		);
		assertEqual(journal[2].id, got[0].id, 'id of the webhook.test entry');
	});

	await checks.check('every request carried the key, none failed', () => {
		const bad = sandbox.requests.filter((request) => !request.authPresent || request.status === null || request.status >= 400);
		assertEqual(bad.map((request) => `${request.method} ${request.rawPath} → ${request.status}`), [], 'failed requests');
	});
}

export async function runScopeErrorCheck(context: E2eContext): Promise<void> {
	const { checks, instance } = context;
	const workflow = scopeErrorWorkflow(NO_PAYMENTS_CREDENTIAL);
	await checks.check('CLI: a key without payments.read fails the run with a 403 naming the scope, key never shown', async () => {
		await cli.importWorkflows(instance, [workflow]);
		const execution = await cli.executeWorkflow(instance, workflow.id);
		assertEqual(execution.exitCode, 1, 'exit code');
		const output = execution.stdout + execution.stderr;
		const message = (execution.run && runError(execution.run)) || output;
		assert(/payments\.read/.test(message), `the error does not name payments.read:\n${message.slice(0, 2000)}`);
		assert(!output.includes(NO_PAYMENTS_KEY), 'the API key appears in the output');
	});
}
