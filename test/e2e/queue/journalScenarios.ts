/**
 * The activated trigger in queue mode, proven against n8n's own records: which entries each execution
 * carried (emitted.ts) and where the trigger's position is stored (workflow static data, or Postgres's
 * poller_state with durable cursors). One phase runs four scenarios at once, each on its own sandbox
 * journal, so their one-minute polls overlap:
 *
 * - baseline: activation on a journal with entries emits nothing; later polls emit only what was appended;
 * - restart: entries appended, the main restarted before the next poll; later entries after it — once on the
 *   webhook delivery journal and once on the payment journal (Watch: Payments);
 * - kill: the worker running an execution of the trigger's workflow is SIGKILLed mid-execution.
 *
 * In every scenario each appended entry must be handed to exactly one execution and nothing else.
 * The killed execution is n8n's to finish: 2.x never re-runs a job whose worker died (its Bull queue has
 * maxStalledCount 0), marks the execution crashed, and — when the main that queued it is still waiting for
 * it — overwrites its record with the error, so the entries it carried are gone from n8n's records. The
 * phase reads those entries from the record while the execution runs (the main stored them there before
 * queueing it), counts them as handed over once, and reports what n8n did with the execution.
 *
 * With durable cursors n8n 2.x (QUEUE_N8N_VERSION) drops the state of the activation poll (it commits cursors only
 * for scheduled polls); the trigger leaves its activation baseline in the workflow's global static data
 * (nodes/VenueBooking/trigger/state.ts), so the entries appended between activation and the first
 * scheduled poll must come out of that poll, on both journals, in both modes alike: no allowance.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';
import { type QueueStack, workerName } from '../../../scripts/n8n/queue/stack';
import type { N8nPublicApiClient, N8nRestClient } from '../../../scripts/n8n/rest';
import { timed } from '../../../scripts/n8n/timing';
import { FULL_KEY } from '../context';
import { assert, assertEqual, type Checks } from '../harness';
import { triggerExecutions } from './emitted';
import { journalWorkflow, TRIGGER, type WatchedJournal } from './journalWorkflow';

export interface PhaseContext {
	checks: Checks;
	stack: QueueStack;
	rest: N8nRestClient;
	api: N8nPublicApiClient;
	durable: boolean;
	/** Sandboxes are closed by the caller at the end. */
	sandboxes: Sandbox[];
}

interface Scenario {
	label: string;
	sandbox: Sandbox;
	watch: WatchedJournal;
	workflowId: string;
	/** Journal entries before activation: never to be emitted. */
	initial: string[];
	rounds: string[][];
	/** Entries of an execution whose record n8n may lose, read while it ran: execution id → entry ids. */
	carried: Map<string, string[]>;
}

/** The wait for a one-minute poll, plus room for a slow machine. */
const POLL_WAIT_MS = 150_000;

async function waitFor(what: string, timeoutMs: number, probe: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await probe())) {
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 2000));
	}
}

/** The ids of the watched journal's entries, as the sandbox holds them now. */
function journalIds(sandbox: Sandbox, watch: WatchedJournal): string[] {
	return (watch === 'payments' ? sandbox.store.payments : sandbox.store.deliveries).map((entry) => entry.id);
}

async function createScenario(context: PhaseContext, label: string, options: { holdSeconds?: number; watch?: WatchedJournal } = {}): Promise<Scenario> {
	const { holdSeconds, watch = 'webhookDeliveries' } = options;
	const sandbox = await startSandbox({});
	context.sandboxes.push(sandbox);
	const mode = context.durable ? 'durable' : 'static data';
	const credential = await context.rest.createCredential({
		name: `Venue Booking API (${label}, ${mode})`,
		type: 'venueBookingApi',
		data: { baseUrl: sandbox.url, apiKey: FULL_KEY },
	});
	const workflow = await context.rest.createWorkflow(
		journalWorkflow(`queue e2e: ${label} (${mode})`, { id: credential.id, name: `Venue Booking API (${label}, ${mode})` }, holdSeconds, watch),
	);
	return { label, sandbox, watch, workflowId: workflow.id, initial: journalIds(sandbox, watch), rounds: [], carried: new Map() };
}

/** Payments as a booking's charge records them (the sandbox's own fields). */
function appendPayments(sandbox: Sandbox, count: number): string[] {
	const booking = sandbox.store.bookings[0];
	return Array.from({ length: count }, (_, index) =>
		sandbox.store.addPayment({ bookingId: booking.id, clientId: booking.clientId, kind: 'charge', amountCents: 1000 + index, currency: 'EUR', method: 'card' }).id,
	);
}

function append(scenario: Scenario, count: number): string[] {
	const ids = scenario.watch === 'payments' ? appendPayments(scenario.sandbox, count) : scenario.sandbox.store.appendDeliveries(count).map((entry) => entry.id);
	scenario.rounds.push(ids);
	return ids;
}

/** The entries the trigger handed to the workflow's executions, in execution order. */
async function emittedIds(context: PhaseContext, scenario: Scenario): Promise<string[]> {
	return (await triggerExecutions(context.stack, scenario.workflowId)).flatMap((execution) => scenario.carried.get(execution.id) ?? execution.entryIds);
}

/** The trigger's stored state, from wherever n8n keeps it in this mode. */
async function storedState(context: PhaseContext, scenario: Scenario): Promise<{ where: string; recent: string[] } | undefined> {
	const { postgres } = context.stack;
	const database = context.stack.mainInstance.env.DB_POSTGRESDB_DATABASE;
	const cursor = await postgres.sql(`SELECT cursor::text FROM poller_state WHERE "workflowId" = '${scenario.workflowId}'`, database);
	if (cursor) {
		const journal = (JSON.parse(cursor) as { journal?: { recent?: string[] } }).journal;
		return { where: 'poller_state (durable cursor)', recent: journal?.recent ?? [] };
	}
	const staticData = await postgres.sql(`SELECT "staticData"::text FROM workflow_entity WHERE id = '${scenario.workflowId}'`, database);
	const journal = staticData ? (JSON.parse(staticData) as Record<string, { journal?: { recent?: string[] } }>)[`node:${TRIGGER}`]?.journal : undefined;
	return journal ? { where: 'workflow static data', recent: journal.recent ?? [] } : undefined;
}

/** Whether the trigger has read past `id`: it emitted it, or its stored position includes it. */
async function readPast(context: PhaseContext, scenario: Scenario, id: string): Promise<boolean> {
	if ((await emittedIds(context, scenario)).includes(id)) return true;
	// The trigger remembers string ids as `s:<id>` (nodes/VenueBooking/trigger/identity.ts).
	return (await storedState(context, scenario))?.recent.includes(`s:${id}`) ?? false;
}

function duplicates(ids: string[]): string[] {
	return ids.filter((id, index) => ids.indexOf(id) !== index);
}

interface Victim {
	executionId: string;
	worker: number;
	/** The entries the execution carried, read from its record while it ran. */
	entryIds: string[];
}

/**
 * Kill the worker that runs the scenario's first execution, while it runs (its Wait holds it there). The
 * entries it carries are read first: the main stored them in the record before queueing the execution.
 */
async function killWorkerMidExecution(context: PhaseContext, scenario: Scenario): Promise<Victim> {
	let found: Victim | undefined;
	await waitFor(`a running execution of "${scenario.label}"`, POLL_WAIT_MS * 2, async () => {
		// Unfinished in the database, and a worker's log says it started it: it is running there now.
		const running = (await triggerExecutions(context.stack, scenario.workflowId)).find((execution) => ['new', 'running'].includes(execution.status));
		const worker = running ? context.stack.workerThatRan(running.id) : -1;
		if (running && worker >= 0) found = { executionId: running.id, worker, entryIds: running.entryIds };
		return found !== undefined;
	});
	const victim = found as Victim;
	assert(victim.entryIds.length > 0, `the record of running execution ${victim.executionId} holds no trigger items`);
	scenario.carried.set(victim.executionId, victim.entryIds);
	await context.stack.killWorker(victim.worker);
	console.log(`killed ${workerName(victim.worker)} (SIGKILL) while it ran execution ${victim.executionId}, carrying ${JSON.stringify(victim.entryIds)}`);
	return victim;
}

/** What n8n made of the killed execution, said precisely: its status, what its record still holds, any re-run. */
async function reportKilledExecution(context: PhaseContext, scenario: Scenario, victim: Victim): Promise<void> {
	const executions = await triggerExecutions(context.stack, scenario.workflowId);
	const record = executions.find((execution) => execution.id === victim.executionId);
	const rerunBy = executions.filter((execution) => execution.id !== victim.executionId && execution.entryIds.some((id) => victim.entryIds.includes(id)));
	// Read once the execution ended: the queue may fail the job later still, and n8n then replaces the data.
	const kept = record?.entryIds.length ? `its record, when read, still holds ${JSON.stringify(record.entryIds)}` : 'its record no longer holds them (n8n replaced its data with the error)';
	const rerun = rerunBy.length > 0 ? `n8n re-ran them in execution(s) ${rerunBy.map((execution) => execution.id).join(', ')}` : 'n8n did not re-run them';
	console.log(`observed (n8n): execution ${victim.executionId} ended "${record?.status}"; entries ${JSON.stringify(victim.entryIds)} were handed to it once; ${rerun}; ${kept}`);
}

export async function runTriggerPhase(context: PhaseContext): Promise<void> {
	const { checks, api, durable } = context;
	const mode = durable ? 'durable cursors on' : 'durable cursors off';
	const check = (name: string, body: () => Promise<void> | void) => checks.check(`[queue, ${mode}] ${name}`, body);

	const baseline = await createScenario(context, 'baseline');
	const restart = await createScenario(context, 'main restart');
	const kill = await createScenario(context, 'worker killed', { holdSeconds: 30 });
	const paymentsRestart = await createScenario(context, 'payments, main restart', { watch: 'payments' });
	const all = [baseline, restart, kill, paymentsRestart];

	const activated = await check('first activation on a journal with entries emits nothing', async () => {
		for (const scenario of all) await api.activateWorkflow(scenario.workflowId);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		for (const scenario of all) assertEqual(await triggerExecutions(context.stack, scenario.workflowId), [], `executions of "${scenario.label}"`);
	});
	if (!activated) return;
	const afterActivation = await storedState(context, baseline);
	console.log(`after activation the trigger's position is ${afterActivation ? `in ${afterActivation.where} (${afterActivation.recent.length} entries remembered)` : 'stored nowhere yet'}`);

	// Round 1, right after activation: what the first scheduled poll must emit, in both cursor modes.
	const round1 = all.map((scenario) => append(scenario, 2));
	const killing = killWorkerMidExecution(context, kill);
	killing.catch(() => undefined);
	await timed(`[${mode}] wait for the first scheduled poll of all four workflows`, () =>
		waitFor('the first scheduled polls', POLL_WAIT_MS, async () => {
			for (const [index, scenario] of all.entries()) if (!(await readPast(context, scenario, round1[index][1]))) return false;
			return true;
		}),
	);
	// The entries appended right after activation come out of the first scheduled poll, with durable cursors as without.
	for (const [index, scenario] of [[0, baseline], [3, paymentsRestart]] as const) {
		await check(`${scenario.label}: the first scheduled poll emits exactly the entries appended after activation, nothing old`, async () => {
			// The position may be saved a moment before n8n records the execution it starts.
			await waitFor(`the execution of "${scenario.label}"'s first scheduled poll`, 30_000, async () => (await emittedIds(context, scenario)).length >= round1[index].length).catch(() => undefined);
			const emitted = await emittedIds(context, scenario);
			assertEqual(emitted.filter((id) => scenario.initial.includes(id)), [], 'old entries emitted');
			assertEqual(emitted, round1[index], 'entries emitted by the first scheduled poll');
		});
	}

	// Restart: new entries, then the main stops and starts again before it polls them.
	append(restart, 2);
	append(paymentsRestart, 2);
	append(baseline, 2);
	await check('the main restarted between polls (stop, start, same database)', async () => {
		await context.stack.restartMain();
	});
	append(restart, 2);
	append(paymentsRestart, 2);

	await check('worker killed while it runs an execution of the trigger\'s workflow', async () => {
		const victim = await killing;
		append(kill, 2);
		// n8n's queue recovery runs every N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL (1 minute here).
		await waitFor(`execution ${victim.executionId} to end`, POLL_WAIT_MS, async () => {
			const execution = (await triggerExecutions(context.stack, kill.workflowId)).find((candidate) => candidate.id === victim.executionId);
			return execution !== undefined && execution.status !== 'running' && execution.status !== 'new';
		});
		const execution = (await triggerExecutions(context.stack, kill.workflowId)).find((candidate) => candidate.id === victim.executionId);
		assert(execution?.status !== 'success', `execution ${victim.executionId} ended "success": the kill did not interrupt it`);
	});

	// The sandboxes share a seed, so their entry ids repeat across scenarios: never compare one scenario's ids with another's.
	const expected = (scenario: Scenario) => scenario.rounds.flat();
	await timed(`[${mode}] wait until every appended entry came out`, () =>
		waitFor('the remaining polls', POLL_WAIT_MS * 2, async () => {
			for (const scenario of all) {
				const emitted = await emittedIds(context, scenario);
				if (emitted.length < expected(scenario).length) return false;
			}
			return true;
		}),
	).catch(() => undefined); // the checks below say what is missing

	const victim = await killing.catch(() => undefined);
	if (victim) await reportKilledExecution(context, kill, victim);

	for (const scenario of all) {
		await check(`${scenario.label}: each appended entry handed to exactly one execution, in order, nothing else (0 lost, 0 repeated)`, async () => {
			const emitted = await emittedIds(context, scenario);
			assertEqual(duplicates(emitted), [], 'entries emitted more than once');
			assertEqual(emitted.filter((id) => scenario.initial.includes(id)), [], 'entries from before activation');
			assertEqual(emitted, expected(scenario), 'entries emitted, in order');
		});
	}
	await check('executions after the kill ran on the remaining worker', async () => {
		// Its entries are in the record before it runs, so the wait above may end while the last one still runs.
		const lastFinished = async () => {
			const executions = await triggerExecutions(context.stack, kill.workflowId);
			const last = executions[executions.length - 1];
			return last !== undefined && last.status !== 'running' && last.status !== 'new';
		};
		await waitFor('the last execution of the kill scenario to end', POLL_WAIT_MS, lastFinished).catch(() => undefined);
		const executions = await triggerExecutions(context.stack, kill.workflowId);
		const last = executions[executions.length - 1];
		assert(last && last.status === 'success', `last execution of "${kill.label}": ${JSON.stringify(last)}`);
		assert(context.stack.workerThatRan(last.id) >= 0, `no worker log names execution ${last.id}`);
	});

	for (const scenario of all) await api.deactivateWorkflow(scenario.workflowId).catch(() => undefined);
	const down = context.stack.workers.findIndex((worker) => worker === undefined);
	if (down >= 0) await context.stack.startWorker(down);
}
