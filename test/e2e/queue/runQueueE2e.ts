/**
 * The package in n8n 2.x (QUEUE_N8N_VERSION) in queue mode (a main, two workers, Postgres, Redis; scripts/n8n/queue/):
 *
 *   npx tsx test/e2e/queue/runQueueE2e.ts [--keep] [--data-dir <folder>]
 *
 * - the packed package installed into every process's user folder; the main loads its types;
 * - all 12 operations saved and run from the editor's REST route, executed by a worker (its log names the
 *   execution), each node's items compared with the sandbox (operations.checks.ts);
 * - the activated trigger (journalScenarios.ts) with durable poll cursors off, then on: baseline, main
 *   restarted between polls, worker killed mid-execution; 0 lost and 0 repeated entries.
 *
 * The n8n processes' data and logs go under .cache/queue-e2e-<pid>/ (removed at the end unless --keep);
 * Postgres's and Redis's into a temporary folder under the system temp dir, removed at the end (with --keep
 * or --data-dir they stay in that folder when Postgres's system user can reach it). Prints `N passed, M failed`.
 */
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { importCredentials } from '../../../scripts/n8n/cli';
import { LOCAL_OWNER } from '../../../scripts/n8n/owner';
import { packPackage } from '../../../scripts/n8n/packageInstall';
import { CACHE_DIR, REPO_DIR } from '../../../scripts/n8n/paths';
import { onShutdown } from '../../../scripts/n8n/processes';
import { startQueueStack, workerName, type QueueStack } from '../../../scripts/n8n/queue/stack';
import { N8nPublicApiClient, N8nRestClient } from '../../../scripts/n8n/rest';
import type { RunData } from '../../../scripts/n8n/runData';
import { timed } from '../../../scripts/n8n/timing';
import { QUEUE_N8N_VERSION } from '../../../scripts/n8n/versions';
import { FULL_CREDENTIAL, FULL_KEY, outputDirOf } from '../context';
import { assert, Checks } from '../harness';
import { runOperationsChecks, type OperationsRunner } from '../operations.checks';
import { loadedTypesCheck } from '../package.checks';
import { runTriggerPhase } from './journalScenarios';

export async function runQueueE2e(checks: Checks, options: { keep?: boolean; dataDir?: string } = {}): Promise<void> {
	const started = Date.now();
	console.log(`\n=== e2e in queue mode: n8n ${QUEUE_N8N_VERSION}, a main and 2 workers, Postgres, Redis`);
	const dataDir = options.dataDir ? path.resolve(options.dataDir) : path.join(CACHE_DIR, `queue-e2e-${process.pid}`);
	const keep = options.keep === true || options.dataDir !== undefined;
	const sandboxes: Sandbox[] = [];
	let stack: QueueStack | undefined;
	const cleanUp = async (): Promise<void> => {
		await stack?.stop();
		stack = undefined;
		for (const sandbox of sandboxes.splice(0)) await sandbox.close();
		if (keep) console.log(`kept ${dataDir}`);
		else rmSync(dataDir, { recursive: true, force: true });
	};
	onShutdown(cleanUp);
	try {
		const tarball = await timed('build + pack the package', () => packPackage(REPO_DIR));
		stack = await timed('queue: start the whole stack', () =>
			startQueueStack({ dataDir, keepData: keep, database: 'n8n_e2e', tarball, extraEnv: { N8N_RESTRICT_FILE_ACCESS_TO: path.join(dataDir, 'files') } }),
		);
		const running = stack;
		const rest = new N8nRestClient(running.main.url, running.runtime);
		await rest.setupOrLogin(LOCAL_OWNER);
		const api = new N8nPublicApiClient(running.main.url, await rest.createApiKey(`queue e2e ${new Date().toISOString()}`));
		await loadedTypesCheck(checks, rest);

		// Operations, on a worker.
		const sandbox = await startSandbox({});
		sandboxes.push(sandbox);
		await importCredentials(running.mainInstance, [{ ...FULL_CREDENTIAL, data: { baseUrl: sandbox.url, apiKey: FULL_KEY } }]);
		const runner: OperationsRunner = {
			label: 'queue: saved, run from the editor route, executed by a worker',
			async run(workflow) {
				const { id: _ignored, ...definition } = workflow;
				const saved = await rest.createWorkflow(definition);
				const executionId = await rest.runWorkflow(saved.id, 'Start');
				const execution = await timed('queue: run of the 12 operations', () => rest.waitForExecution(executionId, 180_000));
				const worker = running.workerThatRan(executionId);
				assert(worker >= 0, `no worker's log says it ran execution ${executionId}`);
				console.log(`execution ${executionId} (12 operations) ran on ${workerName(worker)}`);
				return execution.run as RunData;
			},
		};
		await runOperationsChecks({ checks, instance: running.mainInstance, sandbox, outputDir: outputDirOf(running.mainInstance) }, runner);

		await timed('queue: trigger scenarios, durable cursors off', () => runTriggerPhase({ checks, stack: running, rest, api, durable: false, sandboxes }));
		await checks.check('[queue] the main restarted with durable poll cursors on', async () => {
			await running.restartMain({ durableCursors: true });
		});
		await timed('queue: trigger scenarios, durable cursors on', () => runTriggerPhase({ checks, stack: running, rest, api, durable: true, sandboxes }));
	} catch (error) {
		checks.fail('queue e2e', error);
	} finally {
		await cleanUp();
		console.log(`timing: e2e in queue mode (everything included): ${((Date.now() - started) / 1000).toFixed(1)} s`);
	}
}

if (require.main === module) {
	const { values: options } = parseArgs({
		options: {
			keep: { type: 'boolean', default: false },
			// Reuse (and keep) a data folder: a second run skips initdb and n8n's migrations.
			'data-dir': { type: 'string' },
		},
	});
	const checks = new Checks();
	runQueueE2e(checks, { keep: options.keep, dataDir: options['data-dir'] })
		.catch((error: unknown) => checks.fail('queue e2e', error))
		.finally(() => {
			console.log(checks.summaryLine());
			process.exit(checks.failed === 0 ? 0 : 1);
		});
}
