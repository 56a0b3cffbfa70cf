/**
 * Fan-out by default, in real n8n: 1,000 items through Client → Get with no option set, against the sandbox
 * answering every request 20 ms late. What only a real n8n can show: the node's window, under n8n's engine
 * and request path, goes past what the node allowed before (128 in flight) and says so in the execution hint
 * n8n stores; more than one request reaches the API at once; every item comes back in input order.
 *
 * How many reach the API at once is counted by the sandbox and printed, not judged: n8n's own work before
 * each request (a database lookup of the credential among it) sets that pace, not the window (on this
 * machine 215 at once under n8n 1.x and 33 under 2.x, while the window allowed more). n8n's HTTP Request node
 * (Bearer Auth credential, every item at once) runs the same items next, in its own execution; both node
 * times, as n8n measured them, are printed for comparison (timing belongs to `npm run bench`).
 */
import type { Sandbox } from '../../sandbox';
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { nodeOutputItems, runError, type RunData } from '../../scripts/n8n/runData';
import { DEFAULT_PARALLEL } from '../../nodes/VenueBooking/parameters/options';
import { countRequestsInFlight } from '../support/requestsInFlight';
import { FULL_CREDENTIAL, FULL_KEY, ids, type E2eContext } from './context';
import { assert, assertEqual } from './harness';
import { ACTION_NODE_TYPE } from './operationsWorkflow';

const ITEMS = 1_000;
const LATENCY_MS = 20;
/** What Parallel Requests allowed per-item reads by default before it became 1,024 (`DEFAULT_PARALLEL.read`). */
const PREVIOUS_DEFAULT = 128;
const FETCHER = 'Fetch';

/** Manual Trigger → Set (the ids as one JSON list) → Split Out (an item per id) → `fetcher`. */
function fanOutWorkflow(name: string, clientIds: string[], fetcher: Record<string, unknown>) {
	const node = (id: string, nodeName: string, type: string, typeVersion: number, x: number, parameters: Record<string, unknown>) => ({
		id,
		name: nodeName,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
	});
	return {
		name,
		nodes: [
			node('start', 'Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('ids', 'Ids', 'n8n-nodes-base.set', 3.4, 200, { mode: 'raw', jsonOutput: JSON.stringify({ ids: clientIds }) }),
			node('split', 'Split', 'n8n-nodes-base.splitOut', 1, 400, { fieldToSplitOut: 'ids' }),
			{ id: 'fetch', name: FETCHER, position: [600, 0], ...fetcher },
		],
		connections: {
			Start: { main: [[{ node: 'Ids', type: 'main', index: 0 }]] },
			Ids: { main: [[{ node: 'Split', type: 'main', index: 0 }]] },
			Split: { main: [[{ node: FETCHER, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

interface FetchRun {
	run: RunData;
	/** Most requests the sandbox had open at once during the run. */
	peakInFlight: number;
}

/** Creates and runs the workflow once while the sandbox counts the requests it has open. */
async function runCounted(rest: N8nRestClient, sandbox: Sandbox, workflow: ReturnType<typeof fanOutWorkflow>): Promise<FetchRun> {
	const inFlight = countRequestsInFlight(sandbox);
	try {
		const { id } = await rest.createWorkflow(workflow);
		const execution = await rest.waitForExecution(await rest.runWorkflow(id, 'Start'), 120_000);
		assertEqual(runError(execution.run), undefined, `error of "${workflow.name}"`);
		return { run: execution.run, peakInFlight: inFlight.peak };
	} finally {
		inFlight.stop();
	}
}

/** The fetcher's time as n8n measured it (the task's executionTime), and its execution hints. */
function taskOf(run: RunData): { ms?: number; hints: string[] } {
	const task = run.data.resultData.runData[FETCHER]?.[0] as { executionTime?: number; hints?: Array<{ message?: string }> } | undefined;
	return { ms: task?.executionTime, hints: (task?.hints ?? []).map((hint) => hint.message ?? '') };
}

export async function fanOutCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox } = context;
	const clients = sandbox.store.clients;
	const clientIds = Array.from({ length: ITEMS }, (_, index) => clients[index % clients.length].id);
	const clientUrl = `={{ "${sandbox.apiUrl}/clients/" + encodeURIComponent($json.ids) }}`;
	let ours: FetchRun | undefined;
	let windowPeak: number | undefined;

	sandbox.setFaults({ latencyMs: LATENCY_MS });
	try {
		await checks.check(`fan-out: ${ITEMS} × Client → Get by default, ${LATENCY_MS} ms latency: every item in order, the window past ${PREVIOUS_DEFAULT} in flight`, async () => {
			ours = await runCounted(
				rest,
				sandbox,
				fanOutWorkflow('e2e: fan-out, Venue Booking', clientIds, {
					type: ACTION_NODE_TYPE,
					typeVersion: 1,
					parameters: { resource: 'client', operation: 'get', clientId: '={{ $json.ids }}' },
					credentials: { venueBookingApi: { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name } },
				}),
			);
			assertEqual(ids(nodeOutputItems(ours.run, FETCHER)), clientIds, 'client ids out of the Venue Booking node');
			const hint = taskOf(ours.run).hints.find((message) => message.startsWith('Parallel Requests'));
			const stated = new RegExp(`up to (\\d+) items at once \\(Parallel Requests allows ${DEFAULT_PARALLEL.read}\\); the API answered every request without pushing back`).exec(hint ?? '');
			assert(stated, `execution hint: ${hint ?? 'none'}`);
			assert(Number(stated[1]) > PREVIOUS_DEFAULT, `the hint says the window reached ${stated[1]} at once`);
			assert(ours.peakInFlight > 1, `the sandbox saw at most ${ours.peakInFlight} request at once`);
			windowPeak = Number(stated[1]);
		});

		await checks.check(`fan-out: the same ${ITEMS} items through the HTTP Request node (Bearer Auth), for comparison`, async () => {
			const bearer = await rest.createCredential({ name: 'e2e fan-out bearer', type: 'httpBearerAuth', data: { token: FULL_KEY } });
			const http = await runCounted(
				rest,
				sandbox,
				fanOutWorkflow('e2e: fan-out, HTTP Request', clientIds, {
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					parameters: { url: clientUrl, authentication: 'genericCredentialType', genericAuthType: 'httpBearerAuth', options: {} },
					credentials: { httpBearerAuth: { id: bearer.id, name: 'e2e fan-out bearer' } },
				}),
			);
			assertEqual(ids(nodeOutputItems(http.run, FETCHER)), clientIds, 'client ids out of the HTTP Request node');
			const oursMs = ours ? taskOf(ours.run).ms : undefined;
			const httpMs = taskOf(http.run).ms;
			const ratio = oursMs !== undefined && httpMs ? ` (${(oursMs / httpMs).toFixed(2)}×)` : '';
			console.log(
				`timing: fan-out of ${ITEMS} items as n8n measured the node: Venue Booking ${oursMs ?? '?'} ms, window up to ${windowPeak ?? '?'}, the sandbox saw up to ${ours?.peakInFlight ?? '?'} at once; ` +
					`HTTP Request ${httpMs ?? '?'} ms, the sandbox saw up to ${http.peakInFlight} at once${ratio}`,
			);
		});
	} finally {
		sandbox.setFaults(undefined);
	}
}
