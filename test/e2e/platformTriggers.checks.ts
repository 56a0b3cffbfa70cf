/**
 * The activated Venue Booking Trigger on every booking platform the e2e speaks (issue 34: "the activated trigger
 * each new entry once"), on both journals, in real n8n: its activation, its scheduling and the position it keeps in
 * n8n's static data. The workflow test (test/workflow/conventions.test.ts) calls poll() itself; here n8n does.
 *
 * All platforms at once, so the one-minute polls are waited for once, not once per platform: one sandbox per
 * platform on its own 127.0.0.1 port speaking that platform's convention, one credential for it, and two
 * workflows (Webhook Deliveries, Payments) polling every minute, with the pagination a user sets where the
 * platform's answers name no way to the next page (PAGINATION_AS_SET).
 *
 * 1. Activated: each activation poll records where its journal stands and emits nothing.
 * 2. Three entries appended to every journal: the next scheduled polls emit exactly those, oldest first.
 * 3. Two more appended: the next polls emit exactly those; over all executions each entry once, nothing else.
 * 4. Deactivated and activated again: the activation poll, reading the position n8n saved, emits nothing.
 * Every workflow is deactivated and every sandbox stopped at the end, in parallel and bounded in time.
 */
import { CONVENTIONS, conventionIdentityField, conventionRecordId, FIXED_TODAY, startSandbox, type ConventionName, type Sandbox } from '../../sandbox';
import type { N8nPublicApiClient, N8nRestClient } from '../../scripts/n8n/rest';
import { timed } from '../../scripts/n8n/timing';
import { PAGINATION_AS_SET } from '../support/conventions';
import { activateSettled, deactivateSettled } from './activation';
import { FULL_KEY, type E2eContext } from './context';
import { E2E_CONVENTIONS } from './conventions.checks';
import { assert, assertEqual } from './harness';
import { TRIGGER_NODE_TYPE } from './operationsWorkflow';
import { triggerExecutions } from './triggerFilter.checks';

const TRIGGER = 'Venue Booking Trigger';
/** The survey of booking platforms (issue 34) begins at Checkfront in the sandbox's table: every convention from there on. */
export const BOOKING_PLATFORMS: readonly ConventionName[] = E2E_CONVENTIONS.filter((name) => CONVENTIONS.indexOf(name) >= CONVENTIONS.indexOf('checkfront'));

/** 'everyMinute' fires at a random second of each minute: a poll within 60 s, plus its run and n8n saving it. */
const SCHEDULED_POLL_TIMEOUT_MS = 120_000;
const READ_INTERVAL_MS = 2_000;
/** Time for a (wrong) emission of an activation poll to be stored before the executions are read. */
const ACTIVATION_GRACE_MS = 2_000;

type Journal = 'webhookDeliveries' | 'payments';
const JOURNALS: readonly Journal[] = ['webhookDeliveries', 'payments'];

/** One activated workflow: a platform's trigger on one journal, and what was appended to that journal since activation. */
interface Watcher {
	platform: ConventionName;
	journal: Journal;
	sandbox: Sandbox;
	workflowId: string;
	appended: string[];
}

function appendTo(watcher: Watcher, count: number): void {
	const { store } = watcher.sandbox;
	if (watcher.journal === 'webhookDeliveries') {
		watcher.appended.push(...store.appendDeliveries(count).map((entry) => entry.id));
		return;
	}
	const booking = store.bookings[0];
	for (let index = 0; index < count; index++) {
		const payment = store.addPayment({ bookingId: booking.id, clientId: booking.clientId, kind: 'charge', amountCents: 1000 + index, currency: 'EUR', method: 'card' });
		watcher.appended.push(payment.id);
	}
}

/** Every entry the workflow's trigger executions emitted, oldest execution first, as the stored ids the platform's identities name (Current RMS and Acuity number them). */
async function emitted(api: N8nPublicApiClient, watcher: Watcher): Promise<string[]> {
	const resource = watcher.journal === 'payments' ? 'payments' : 'deliveries';
	const identityField = conventionIdentityField(watcher.platform, resource);
	const stored = (value: unknown) => conventionRecordId(watcher.platform, resource, String(value)) ?? String(value);
	const executions = (await triggerExecutions(api, watcher.workflowId)).sort((a, b) => Number(a.id) - Number(b.id));
	const failed = executions.find((execution) => execution.status !== 'success' || execution.error !== undefined);
	assert(!failed, `execution ${failed?.id} of the ${watcher.journal} trigger: ${failed?.status}, ${failed?.error}`);
	return executions.flatMap((execution) => (execution.entries as Array<Record<string, unknown>>).map((entry) => stored(entry[identityField])));
}

/** Waits until every watcher's trigger has emitted as many entries as were appended (or failed, or the time is up). */
async function waitForPolls(api: N8nPublicApiClient, watchers: Watcher[]): Promise<void> {
	const deadline = Date.now() + SCHEDULED_POLL_TIMEOUT_MS;
	let pending = watchers;
	while (pending.length > 0 && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, READ_INTERVAL_MS));
		const done = await Promise.all(pending.map((watcher) => emitted(api, watcher).then((ids) => ids.length >= watcher.appended.length, () => true)));
		pending = pending.filter((_, index) => !done[index]);
	}
}

async function assertEmittedOnce(api: N8nPublicApiClient, watcher: Watcher): Promise<void> {
	assertEqual(await emitted(api, watcher), watcher.appended, `${watcher.journal}: the entries emitted over all executions, in order`);
}

function triggerWorkflow(platform: ConventionName, journal: Journal, credential: { id: string; name: string }) {
	const pagination = PAGINATION_AS_SET[platform];
	return {
		name: `e2e: ${platform} trigger on ${journal}`,
		nodes: [
			{
				id: 'b7e2e000-0000-4000-8000-000000000001',
				name: TRIGGER,
				type: TRIGGER_NODE_TYPE,
				typeVersion: 1.1,
				position: [0, 0],
				parameters: { watch: journal, pollTimes: { item: [{ mode: 'everyMinute' }] }, options: pagination ? { pagination: { settings: pagination } } : {} },
				credentials: { venueBookingApi: credential },
			},
			{ id: 'b7e2e000-0000-4000-8000-000000000002', name: 'Received', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [260, 0], parameters: {} },
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** One check per platform, both journals in it. */
async function checkEachPlatform(context: E2eContext, watchers: Watcher[], what: string, step: (watcher: Watcher) => Promise<void>): Promise<void> {
	for (const platform of BOOKING_PLATFORMS) {
		await context.checks.check(`platform ${platform}: ${what}`, async () => {
			for (const watcher of watchers.filter((candidate) => candidate.platform === platform)) await step(watcher);
		});
	}
}

async function runPlatformTriggers(context: E2eContext, rest: N8nRestClient, api: N8nPublicApiClient, sandboxes: Sandbox[], watchers: Watcher[]): Promise<void> {
	const { checks } = context;
	const ready = await checks.check(`platform triggers: ${BOOKING_PLATFORMS.length} sandboxes, ${BOOKING_PLATFORMS.length * JOURNALS.length} workflows activated; no activation poll emits`, async () => {
		for (const platform of BOOKING_PLATFORMS) {
			const sandbox = await startSandbox({ today: FIXED_TODAY, convention: platform, recordRequests: false });
			sandboxes.push(sandbox);
			const name = `e2e: ${platform} workspace`;
			const { id } = await rest.createCredential({ name, type: 'venueBookingApi', data: { baseUrl: sandbox.url, apiKey: FULL_KEY } });
			for (const journal of JOURNALS) {
				const workflow = await rest.createWorkflow(triggerWorkflow(platform, journal, { id, name }));
				watchers.push({ platform, journal, sandbox, workflowId: workflow.id, appended: [] });
			}
		}
		assertEqual(new Set(sandboxes.map((sandbox) => sandbox.port)).size, BOOKING_PLATFORMS.length, 'sandbox ports, one per platform');
		for (const watcher of watchers) await activateSettled(api, rest, watcher.workflowId);
		await new Promise((resolve) => setTimeout(resolve, ACTIVATION_GRACE_MS));
		for (const watcher of watchers) assertEqual(await emitted(api, watcher), [], `${watcher.platform} ${watcher.journal}: entries emitted on activation`);
	});
	if (!ready) return;

	for (const watcher of watchers) appendTo(watcher, 3);
	await timed('platform triggers: wait for the scheduled polls after 3 new entries', () => waitForPolls(api, watchers));
	await checkEachPlatform(context, watchers, 'the scheduled poll emits exactly the 3 new deliveries and the 3 new payments, oldest first', (watcher) => assertEmittedOnce(api, watcher));

	for (const watcher of watchers) appendTo(watcher, 2);
	await timed('platform triggers: wait for the scheduled polls after 2 more', () => waitForPolls(api, watchers));
	await checkEachPlatform(context, watchers, 'the next poll emits exactly the 2 newer of each journal; each entry once over all polls', (watcher) => assertEmittedOnce(api, watcher));

	// All at once: the workflows' settles overlap instead of adding up.
	const toggled = await Promise.allSettled(
		watchers.map(async (watcher) => {
			await deactivateSettled(api, rest, watcher.workflowId);
			await activateSettled(api, rest, watcher.workflowId);
		}),
	);
	await new Promise((resolve) => setTimeout(resolve, ACTIVATION_GRACE_MS));
	await checkEachPlatform(context, watchers, 'deactivated and activated again, the position n8n saved lets its activation poll emit nothing', async (watcher) => {
		const result = toggled[watchers.indexOf(watcher)];
		if (result.status === 'rejected') throw result.reason;
		await assertEmittedOnce(api, watcher);
	});
}

/** Deactivates every workflow and stops every sandbox, all at once: bounded by one settle's timeout, not their count. */
async function stopAll(context: E2eContext, rest: N8nRestClient, api: N8nPublicApiClient, sandboxes: Sandbox[], watchers: Watcher[]): Promise<void> {
	await context.checks.check(`platform triggers: all ${watchers.length} workflows deactivated, all ${sandboxes.length} sandboxes stopped`, async () => {
		const deactivated = await Promise.allSettled(watchers.map((watcher) => deactivateSettled(api, rest, watcher.workflowId)));
		await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
		const failures = deactivated.flatMap((result, index) => (result.status === 'rejected' ? [`${watchers[index].workflowId}: ${String(result.reason)}`] : []));
		assertEqual(failures, [], 'workflows that did not deactivate');
	});
}

/** The checks above; the wall time they add is printed (`timing: platform triggers …`). */
export async function platformTriggerChecks(context: E2eContext, rest: N8nRestClient, api: N8nPublicApiClient): Promise<void> {
	const sandboxes: Sandbox[] = [];
	const watchers: Watcher[] = [];
	await timed(`platform triggers (${BOOKING_PLATFORMS.join(', ')}), all at once`, async () => {
		try {
			await runPlatformTriggers(context, rest, api, sandboxes, watchers);
		} finally {
			await stopAll(context, rest, api, sandboxes, watchers);
		}
	});
}
