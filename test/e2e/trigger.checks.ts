/**
 * The Venue Booking Trigger activated in a real n8n (example 01, file variant, polling every minute):
 *
 * 1. Activation polls at once (n8n does so to check the trigger works): the first poll records where the
 *    journal stands and emits nothing.
 * 2. Entries appended to the sandbox's journal come out on the next scheduled poll: exactly those, oldest
 *    first, in one execution, and the example writes them to its CSV. n8n polls at most once a minute
 *    ('everyMinute' fires at a random second of each minute), so this waits up to ~1.5 minutes; the
 *    caller runs other checks meanwhile (startCronPollCheck returns a promise to await later).
 * 3. Deactivated, two more entries appended, activated again: n8n's activation poll — the same poll(),
 *    in trigger mode, with the state n8n saved in its database — emits exactly the two. This is the
 *    faster legitimate way to make n8n poll: no shorter interval exists, but every activation polls.
 * 4. Over all polls, every appended entry was emitted exactly once, and nothing else.
 */
import { readFileSync } from 'node:fs';
import type { N8nPublicApiClient } from '../../scripts/n8n/rest';
import { nodeOutputItems, runError, type RunData } from '../../scripts/n8n/runData';
import { ids, type E2eContext } from './context';
import { csvRecords } from './csv';
import { EXAMPLE_IDS, journalFileOf } from './examples.checks';
import { assert, assertEqual } from './harness';

const WORKFLOW_ID = EXAMPLE_IDS.journalToFile;
const TRIGGER = 'Venue Booking Trigger';

interface TriggerExecution {
	id: string;
	status: string;
	entryIds: unknown[];
	error?: string;
}

const UNFINISHED = ['new', 'running', 'waiting', 'unknown'];

/** Executions the trigger started that have ended, successfully or not, oldest first. */
async function finishedTriggerExecutions(api: N8nPublicApiClient): Promise<TriggerExecution[]> {
	const executions = await api.listExecutions({ workflowId: WORKFLOW_ID, limit: 100 });
	return executions
		.filter((execution) => execution.mode === 'trigger' && !UNFINISHED.includes(execution.status) && execution.data)
		.map((execution) => {
			const run = { data: execution.data } as RunData;
			return { id: String(execution.id), status: execution.status, entryIds: ids(nodeOutputItems(run, TRIGGER)), error: runError(run) };
		})
		.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Wait until `count` trigger executions have finished (or fail after `timeoutMs`). */
async function waitForTriggerExecutions(api: N8nPublicApiClient, count: number, timeoutMs: number): Promise<TriggerExecution[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const executions = await finishedTriggerExecutions(api);
		if (executions.length >= count) return executions;
		if (Date.now() > deadline) {
			throw new Error(`expected ${count} trigger execution(s) within ${timeoutMs / 1000} s, got ${executions.length}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

function assertWritten(context: E2eContext, execution: TriggerExecution, expected: string[]): void {
	assertEqual([execution.status, execution.error], ['success', undefined], `[status, error] of execution ${execution.id}`);
	assertEqual(execution.entryIds, expected, `entries emitted by execution ${execution.id}`);
	const rows = csvRecords(readFileSync(journalFileOf(context.outputDir, execution.id), 'utf8'));
	assertEqual(ids(rows), expected, `ids in the CSV of execution ${execution.id}`);
}

export interface CronPoll {
	/** Resolves when the check of the scheduled poll is done (it never rejects: failures are recorded). */
	done: Promise<void>;
	appended: string[];
}

/** Steps 1 and 2: activate, append three entries, and check the next scheduled poll in the background. */
export async function startCronPollCheck(context: E2eContext, api: N8nPublicApiClient): Promise<CronPoll | undefined> {
	const { checks, sandbox } = context;
	const activated = await checks.check('trigger: activation polls once, records the journal position, emits nothing', async () => {
		await api.activateWorkflow(WORKFLOW_ID);
		// The activation poll ran before activate answered; give a (wrong) emission a moment to show up.
		await new Promise((resolve) => setTimeout(resolve, 1500));
		assertEqual(await finishedTriggerExecutions(api), [], 'trigger executions after activation');
	});
	if (!activated) return undefined;

	const appended = sandbox.store.appendDeliveries(3).map((entry) => entry.id);
	const started = Date.now();
	const done = checks
		.check('trigger: the next scheduled poll emits exactly the 3 new entries, oldest first, into the CSV', async () => {
			const executions = await waitForTriggerExecutions(api, 1, 95_000);
			console.log(`     (first scheduled poll with the new entries came after ${((Date.now() - started) / 1000).toFixed(0)} s)`);
			assertEqual(executions.length, 1, 'trigger executions');
			assertWritten(context, executions[0], appended);
		})
		.then(() => undefined);
	return { done, appended };
}

/** Steps 3 and 4, after the scheduled poll was checked. */
export async function reactivationPollCheck(context: E2eContext, api: N8nPublicApiClient, cronPoll: CronPoll): Promise<void> {
	const { checks, sandbox } = context;
	await checks.check('trigger: deactivate, 2 new entries, activate: its activation poll emits exactly those 2', async () => {
		await api.deactivateWorkflow(WORKFLOW_ID);
		const before = await finishedTriggerExecutions(api);
		const appended = sandbox.store.appendDeliveries(2, 'booking.cancelled').map((entry) => entry.id);
		await api.activateWorkflow(WORKFLOW_ID);
		const executions = await waitForTriggerExecutions(api, before.length + 1, 30_000);
		const latest = executions[executions.length - 1];
		assertWritten(context, latest, appended);
	});

	await checks.check('trigger: over all polls, each new entry emitted exactly once, nothing else', async () => {
		await api.deactivateWorkflow(WORKFLOW_ID);
		const emitted = (await finishedTriggerExecutions(api)).flatMap((execution) => execution.entryIds);
		const appendedAll = sandbox.store.deliveries.slice(-(cronPoll.appended.length + 2)).map((entry) => entry.id);
		assert(appendedAll[0] === cronPoll.appended[0], 'the journal changed unexpectedly');
		assertEqual(emitted, appendedAll, 'every entry the trigger emitted, in order');
	});
}
