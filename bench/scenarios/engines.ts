/**
 * 8. Expression engines: the trigger's poll and an export inside real n8n 2.x (N8N_2X), run as a user runs it,
 * once with 2.x's default expression engine (`vm`, isolated-vm) and once with N8N_EXPRESSION_ENGINE=legacy.
 * Everything else is equal: the same install, the same packed package, the same sandbox. Both servers run at once
 * and the runs alternate (vm, legacy, vm, legacy, …), so a slow spell of the machine hits both alike.
 *
 * Measured per run from n8n's own record of it: the node's execution time (`executionTime` in the run data), for
 * - Fetch Test Event of the Venue Booking Trigger watching Payments (oldest first, no end revealed: it walks every
 *   page to reach the newest payments), and
 * - Payment → Get Many with Return All behind a Manual Trigger (the export of example 05).
 * The ratio vm / legacy is the cost of the expression engine to the package; the target is ≤ 1.2×.
 *
 * `--n8n-profile` also writes a CPU profile of each n8n process (NODE_OPTIONS=--cpu-prof) to bench/results/profiles.
 */
import { mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';

import { startSandbox } from '../../sandbox';
import { importCredentials } from '../../scripts/n8n/cli';
import { createTempUserFolder, prepareInstance } from '../../scripts/n8n/env';
import { ensureN8n } from '../../scripts/n8n/install';
import { LOCAL_OWNER } from '../../scripts/n8n/owner';
import { installPackageTarball, packPackage, PACKAGE_NAME } from '../../scripts/n8n/packageInstall';
import { REPO_DIR } from '../../scripts/n8n/paths';
import { N8nRestClient } from '../../scripts/n8n/rest';
import { runError } from '../../scripts/n8n/runData';
import { startN8nServer, type N8nServer } from '../../scripts/n8n/server';
import { N8N_2X } from '../../scripts/n8n/versions';
import { API_KEY, ENGINES, TARGETS } from '../config';
import type { Metrics } from '../protocol';
import { medianMetrics, pairedRatio } from '../stats';
import type { BenchContext, Row, ScenarioResult } from './types';

const CREDENTIAL = { id: 'venueBookingBnch', name: 'Venue Booking API (bench)', type: 'venueBookingApi' };
const TRIGGER = 'Venue Booking Trigger';
const EXPORT = 'Get many payments';

interface Engine {
	name: 'vm' | 'legacy';
	label: string;
	env: NodeJS.ProcessEnv;
}

const ENGINE_LIST: Engine[] = [
	{ name: 'vm', label: "2.x's default (vm)", env: {} },
	{ name: 'legacy', label: 'legacy', env: { N8N_EXPRESSION_ENGINE: 'legacy' } },
];

interface RunningEngine extends Engine {
	server: N8nServer;
	rest: N8nRestClient;
	workflows: { trigger: string; export: string };
	userFolder: string;
}

function credentials() {
	return { venueBookingApi: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
}

function triggerWorkflow() {
	return {
		name: 'bench: trigger on Payments',
		nodes: [
			{
				id: 'b3e70000-0000-4000-8000-000000000001',
				name: TRIGGER,
				type: `${PACKAGE_NAME}.venueBookingTrigger`,
				typeVersion: 1.1,
				position: [0, 0],
				parameters: { watch: 'payments', pollTimes: { item: [{ mode: 'everyDay', hour: 2 }] }, options: {} },
				credentials: credentials(),
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

function exportWorkflow() {
	return {
		name: 'bench: payment export',
		nodes: [
			{ id: 'b3e70000-0000-4000-8000-000000000002', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'b3e70000-0000-4000-8000-000000000003',
				name: EXPORT,
				type: `${PACKAGE_NAME}.venueBooking`,
				typeVersion: 1,
				position: [240, 0],
				parameters: { resource: 'payment', operation: 'getAll', returnAll: true, options: {} },
				credentials: credentials(),
			},
		],
		connections: { Manual: { main: [[{ node: EXPORT, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

async function startEngine(engine: Engine, tarball: string, baseUrl: string, profileDir: string | undefined): Promise<RunningEngine> {
	const runtime = await ensureN8n(N8N_2X);
	const userFolder = createTempUserFolder(`bench-engine-${engine.name}`);
	const profiling = profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(profileDir, `n8n-${engine.name}`)}` } : {};
	const instance = await prepareInstance(runtime, { userFolder, extraEnv: { ...engine.env, ...profiling } });
	await installPackageTarball(userFolder, tarball);
	await importCredentials(instance, [{ ...CREDENTIAL, data: { baseUrl, apiKey: API_KEY } }]);
	const server = await startN8nServer(instance);
	const rest = new N8nRestClient(server.url, runtime);
	await rest.setupOrLogin(LOCAL_OWNER);
	const trigger = await rest.createWorkflow(triggerWorkflow());
	const exported = await rest.createWorkflow(exportWorkflow());
	return { ...engine, server, rest, userFolder, workflows: { trigger: trigger.id, export: exported.id } };
}

/** One manual run; the node's own execution time as n8n recorded it, and its item count. */
async function timedRun(engine: RunningEngine, workflowId: string, startFrom: string, node: string): Promise<{ ms: number; items: number }> {
	const execution = await engine.rest.waitForExecution(await engine.rest.runWorkflow(workflowId, startFrom), 300_000);
	const error = runError(execution.run);
	if (error) throw new Error(`n8n (${engine.name}) ${node}: ${JSON.stringify(error).slice(0, 300)}`);
	const runData = (execution.run.data?.resultData as { runData?: Record<string, Array<{ executionTime?: number; data?: { main?: unknown[][] } }>> } | undefined)?.runData;
	const task = runData?.[node]?.[0];
	if (typeof task?.executionTime !== 'number') throw new Error(`n8n (${engine.name}) recorded no execution time for ${node}`);
	return { ms: task.executionTime, items: task.data?.main?.[0]?.length ?? 0 };
}

export async function enginesBench(context: BenchContext): Promise<ScenarioResult> {
	const runs = context.runs ?? ENGINES.runs;
	const sandbox = await startSandbox({ scale: { payments: ENGINES.payments }, recordRequests: false });
	const profileDir = process.argv.includes('--n8n-profile') ? path.join(REPO_DIR, 'bench', 'results', 'profiles') : undefined;
	if (profileDir) mkdirSync(profileDir, { recursive: true });
	const engines: RunningEngine[] = [];
	try {
		context.log('  build + pack the package, install n8n 2.x when missing, start two n8n servers');
		const tarball = await packPackage(REPO_DIR);
		for (const engine of ENGINE_LIST) engines.push(await startEngine(engine, tarball, sandbox.url, profileDir));

		const samples = new Map<string, Metrics[]>(engines.map((engine) => [engine.name, []]));
		// A first run of each, not counted: n8n loads the node and compiles what it runs the first time.
		for (const engine of engines) {
			await timedRun(engine, engine.workflows.trigger, TRIGGER, TRIGGER);
			await timedRun(engine, engine.workflows.export, 'Manual', EXPORT);
		}
		for (let run = 0; run < runs; run++) {
			for (const engine of engines) {
				const poll = await timedRun(engine, engine.workflows.trigger, TRIGGER, TRIGGER);
				const exported = await timedRun(engine, engine.workflows.export, 'Manual', EXPORT);
				if (exported.items !== ENGINES.payments) throw new Error(`n8n (${engine.name}) exported ${exported.items} payments, not ${ENGINES.payments}`);
				samples.get(engine.name)!.push({ ms: poll.ms + exported.ms, pollMs: poll.ms, exportMs: exported.ms, sampled: poll.items });
				context.log(`  run ${run + 1}/${runs} ${engine.name}: poll ${poll.ms} ms, export ${exported.ms} ms`);
			}
		}

		const rows: Row[] = engines.map((engine) => ({
			contender: engine.name,
			label: `n8n ${N8N_2X}, ${engine.label} engine`,
			samples: samples.get(engine.name)!,
			median: medianMetrics(samples.get(engine.name)!),
		}));
		const [vm, legacy] = [samples.get('vm')!, samples.get('legacy')!];
		const poll = pairedRatio(vm, legacy, 'pollMs');
		const exported = pairedRatio(vm, legacy, 'exportMs');
		const range = (ratio: { median: number; min: number; max: number }) => `${ratio.median.toFixed(2)}× (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})`;
		return {
			id: 'engines',
			title: `Expression engines: Fetch Test Event and Return All on ${ENGINES.payments.toLocaleString('en')} payments inside n8n ${N8N_2X}`,
			notes: [
				'each n8n 2.x server run as users run it (production mode, task runner on); only N8N_EXPRESSION_ENGINE differs',
				`times: the node's execution time as n8n recorded it; page size ${sandbox.settings.defaultPageSize} (the sandbox's default), payments oldest first`,
				'Fetch Test Event walks every page to the newest payments (the sandbox reveals no end); Return All reads them all',
			],
			columns: [
				{ key: 'pollMs', header: 'Fetch Test Event ms', digits: 0 },
				{ key: 'exportMs', header: 'Return All ms', digits: 0 },
			],
			rows,
			ratios: [
				{ name: 'engines: Fetch Test Event, vm / legacy', value: poll.median },
				{ name: 'engines: Return All, vm / legacy', value: exported.median },
			],
			targets: [
				{ name: "engines: a poll under 2.x's default engine vs legacy", goal: `≤ ${TARGETS.engineRatio}×`, measured: range(poll), met: poll.median <= TARGETS.engineRatio },
				{ name: "engines: an export under 2.x's default engine vs legacy", goal: `≤ ${TARGETS.engineRatio}×`, measured: range(exported), met: exported.median <= TARGETS.engineRatio },
			],
		};
	} finally {
		for (const engine of engines) {
			await engine.server.stop();
			rmSync(engine.userFolder, { recursive: true, force: true });
		}
		await sandbox.close();
	}
}
