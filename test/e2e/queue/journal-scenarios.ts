/**
 * The activated trigger in queue mode, proven against n8n's own records: which entries each execution
 * carried (emitted.ts) and where the trigger's position is stored (workflow static data, or Postgres's
 * poller_state with durable cursors). One phase runs three scenarios at once, each on its own sandbox
 * journal, so their one-minute polls overlap:
 *
 * - baseline: activation on a journal with entries emits nothing; later polls emit only what was appended;
 * - restart: entries appended, the main restarted before the next poll; later entries after it;
 * - kill: the worker running an execution of the trigger's workflow is SIGKILLed mid-execution.
 *
 * In every scenario each appended entry must be emitted exactly once and nothing else. The one allowance:
 * with durable cursors n8n 2.41.1 does not keep the baseline of the activation poll (it commits cursors only
 * for scheduled polls), so the first scheduled poll takes the baseline again; entries appended between
 * activation and that poll are then part of the baseline. The phase measures whether that happens and
 * reports it; the trigger still emits nothing old and nothing twice.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';
import type { QueueStack } from '../../../scripts/n8n/queue/stack';
import { workerName } from '../../../scripts/n8n/queue/stack';
import type { N8nPublicApiClient, N8nRestClient } from '../../../scripts/n8n/rest';
import { timed } from '../../../scripts/n8n/timing';
import { FULL_KEY } from '../context';
import { assert, assertEqual, type Checks } from '../harness';
import { triggerExecutions } from './emitted';
import { journalWorkflow, TRIGGER } from './journal-workflow';

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
	workflowId: string;
	/** Journal entries before activation: never to be emitted. */
	initial: string[];
	rounds: string[][];
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

async function createScenario(context: PhaseContext, label: string, holdSeconds?: number): Promise<Scenario> {
	const sandbox = await startSandbox({});
	context.sandboxes.push(sandbox);
	const mode = context.durable ? 'durable' : 'static data';
	const credential = await context.rest.createCredential({
		name: `Venue Booking API (${label}, ${mode})`,
		type: 'venueBookingApi',
		data: { baseUrl: sandbox.url, apiKey: FULL_KEY },
	});
	const workflow = await context.rest.createWorkflow(
		journalWorkflow(`queue e2e: ${label} (${mode})`, { id: credential.id, name: `Venue Booking API (${label}, ${mode})` }, holdSeconds),
	);
	return { label, sandbox, workflowId: workflow.id, initial: sandbox.store.deliveries.map((entry) => entry.id), rounds: [] };
}

function append(scenario: Scenario, count: number): string[] {
	const ids = scenario.sandbox.store.appendDeliveries(count).map((entry) => entry.id);
	scenario.rounds.push(ids);
	return ids;
}

async function emittedIds(context: PhaseContext, scenario: Scenario): Promise<string[]> {
	return (await triggerExecutions(context.stack, scenario.workflowId)).flatMap((execution) => execution.entryIds);
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

/** Kill the worker that runs the scenario's first execution, while it runs (its Wait holds it there). */
async function killWorkerMidExecution(context: PhaseContext, scenario: Scenario): Promise<{ executionId: string; worker: number }> {
	let found: { executionId: string; worker: number } | undefined;
	await waitFor(`a running execution of "${scenario.label}"`, POLL_WAIT_MS * 2, async () => {
		// Unfinished in the database, and a worker's log says it started it: it is running there now.
		const running = (await triggerExecutions(context.stack, scenario.workflowId)).find((execution) => ['new', 'running'].includes(execution.status));
		const worker = running ? context.stack.workerThatRan(running.id) : -1;
		if (running && worker >= 0) found = { executionId: running.id, worker };
		return found !== undefined;
	});
	const victim = found as { executionId: string; worker: number };
	await context.stack.killWorker(victim.worker);
	console.log(`killed ${workerName(victim.worker)} (SIGKILL) while it ran execution ${victim.executionId}`);
	return victim;
}

export async function runTriggerPhase(context: PhaseContext): Promise<void> {
	const { checks, api, durable } = context;
	const mode = durable ? 'durable cursors on' : 'durable cursors off';
	const check = (name: string, body: () => Promise<void> | void) => checks.check(`[queue, ${mode}] ${name}`, body);

	const baseline = await createScenario(context, 'baseline');
	const restart = await createScenario(context, 'main restart');
	const kill = await createScenario(context, 'worker killed', 30);
	const all = [baseline, restart, kill];

	const activated = await check('first activation on a journal with entries emits nothing', async () => {
		for (const scenario of all) await api.activateWorkflow(scenario.workflowId);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		for (const scenario of all) assertEqual(await triggerExecutions(context.stack, scenario.workflowId), [], `executions of "${scenario.label}"`);
	});
	if (!activated) return;
	const afterActivation = await storedState(context, baseline);
	console.log(`after activation the trigger's position is ${afterActivation ? `in ${afterActivation.where} (${afterActivation.recent.length} entries remembered)` : 'stored nowhere yet'}`);

	// Round 1, right after activation: what the next poll must emit (unless n8n lost the baseline).
	const round1 = all.map((scenario) => append(scenario, 2));
	const killing = killWorkerMidExecution(context, kill);
	killing.catch(() => undefined);
	await timed(`[${mode}] wait for the first scheduled poll of all three workflows`, () =>
		waitFor('the first scheduled polls', POLL_WAIT_MS, async () => {
			for (const [index, scenario] of all.entries()) if (!(await readPast(context, scenario, round1[index][1]))) return false;
			return true;
		}),
	);
	const emittedRound1 = await emittedIds(context, baseline);
	// With durable cursors n8n may re-take the baseline at the first scheduled poll: round 1 is then absorbed.
	const absorbed = new Set<string>();
	await check('baseline: the first scheduled poll emits only entries appended after activation, nothing old', async () => {
		assertEqual(emittedRound1.filter((id) => baseline.initial.includes(id)), [], 'old entries emitted');
		if (emittedRound1.length === 0 && durable) {
			console.log(`observed: n8n did not keep the activation poll's baseline; its first scheduled poll took it again, so ${round1.length * 2} entries appended in between were not emitted (see README)`);
			for (const ids of round1) for (const id of ids) absorbed.add(id);
		} else {
			assertEqual(emittedRound1, round1[0], 'entries emitted after activation');
		}
	});

	// With round 1 absorbed, the kill scenario needs new entries to have an execution to interrupt.
	if (absorbed.size > 0) append(kill, 2);

	// Restart: new entries, then the main stops and starts again before it polls them.
	append(restart, 2);
	append(baseline, 2);
	await check('the main restarted between polls (stop, start, same database)', async () => {
		await context.stack.restartMain();
	});
	append(restart, 2);

	await check('worker killed while it runs an execution of the trigger\'s workflow', async () => {
		const victim = await killing;
		append(kill, 2);
		await waitFor(`execution ${victim.executionId} marked crashed`, POLL_WAIT_MS, async () => {
			const execution = (await triggerExecutions(context.stack, kill.workflowId)).find((candidate) => candidate.id === victim.executionId);
			return execution !== undefined && execution.status !== 'running' && execution.status !== 'new';
		});
		const execution = (await triggerExecutions(context.stack, kill.workflowId)).find((candidate) => candidate.id === victim.executionId);
		console.log(`execution ${victim.executionId} ended as "${execution?.status}", carrying ${JSON.stringify(execution?.entryIds)}`);
		assert(execution && execution.entryIds.length > 0, 'the killed execution carried no entries');
	});

	const expected = (scenario: Scenario) => scenario.rounds.flat().filter((id) => !absorbed.has(id));
	await timed(`[${mode}] wait until every appended entry came out`, () =>
		waitFor('the remaining polls', POLL_WAIT_MS * 2, async () => {
			for (const scenario of all) if ((await emittedIds(context, scenario)).length < expected(scenario).length) return false;
			return true;
		}),
	).catch(() => undefined); // the checks below say what is missing

	for (const scenario of all) {
		await check(`${scenario.label}: each appended entry emitted exactly once, in order, nothing else (0 lost, 0 repeated)`, async () => {
			const emitted = await emittedIds(context, scenario);
			assertEqual(duplicates(emitted), [], 'entries emitted more than once');
			assertEqual(emitted.filter((id) => scenario.initial.includes(id)), [], 'entries from before activation');
			assertEqual(emitted, expected(scenario), 'entries emitted, in order');
		});
	}
	await check('executions after the kill ran on the remaining worker', async () => {
		const executions = await triggerExecutions(context.stack, kill.workflowId);
		const last = executions[executions.length - 1];
		assert(last && last.status === 'success', `last execution of "${kill.label}": ${JSON.stringify(last)}`);
		assert(context.stack.workerThatRan(last.id) >= 0, `no worker log names execution ${last.id}`);
	});

	for (const scenario of all) await api.deactivateWorkflow(scenario.workflowId).catch(() => undefined);
	const down = context.stack.workers.findIndex((worker) => worker === undefined);
	if (down >= 0) await context.stack.startWorker(down);
}
