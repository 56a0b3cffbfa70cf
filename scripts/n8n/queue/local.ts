/**
 * `npm start -- --queue`: what `npm start` gives (sandbox, the packed package, the sandbox credential, the
 * examples, an owner login), on n8n in queue mode — a main and two workers with Postgres and Redis
 * (stack.ts). Data stays in .cache/queue-stack/ between starts (Postgres's and Redis's only when Postgres's
 * system user can reach that folder; otherwise they are temporary and a notice says what to change); Ctrl-C
 * stops every process it started.
 */
import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { importCredentials } from '../cli';
import { importExamplesOnce } from '../examples';
import { CREDENTIAL, SANDBOX_API_KEY, type StartSandbox } from '../localStack';
import { LOCAL_OWNER } from '../owner';
import { packPackage } from '../packageInstall';
import { CACHE_DIR, REPO_DIR } from '../paths';
import { findFreePort } from '../ports';
import { isShuttingDown, onShutdown } from '../processes';
import { N8nRestClient } from '../rest';
import { describeTimeZone, type LocalTimeZone, localTimeZone } from '../timeZone';
import { timed } from '../timing';
import { startQueueStack, workerName } from './stack';

export interface QueueLocalStackOptions {
	startSandbox: StartSandbox;
	n8nPort?: number;
	sandboxPort?: number;
	durableCursors?: boolean;
	/** Start from empty data (Postgres, Redis, every process's user folder). */
	fresh?: boolean;
	/** n8n's zone (GENERIC_TIMEZONE on every process); the machine's when not given. */
	timeZone?: LocalTimeZone;
}

export async function startQueueLocalStack(options: QueueLocalStackOptions): Promise<void> {
	const tarball = await timed('build + pack the package', () => packPackage(REPO_DIR));
	const sandbox = await options.startSandbox({ port: await findFreePort(options.sandboxPort), recordRequests: false });
	onShutdown(async () => {
		await sandbox.close();
	});

	const timeZone = options.timeZone ?? localTimeZone(undefined);
	const dataDir = path.join(CACHE_DIR, 'queue-stack');
	if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
	const stack = await startQueueStack({
		dataDir,
		keepData: true,
		database: 'n8n',
		tarball,
		preferredMainPort: options.n8nPort ?? 5678,
		durableCursors: options.durableCursors,
		extraEnv: { N8N_RESTRICT_FILE_ACCESS_TO: '~/.n8n-files;/tmp', GENERIC_TIMEZONE: timeZone.zone },
	});
	// The sandbox's address is new on every start: the credential follows it.
	await importCredentials(stack.mainInstance, [{ ...CREDENTIAL, data: { baseUrl: sandbox.url, apiKey: SANDBOX_API_KEY } }]);
	// The marker sits with the database: a temporary one gets the examples on every start.
	const { firstStart, imported } = await importExamplesOnce(stack.mainInstance, stack.serviceData.dir, path.join(REPO_DIR, 'examples'), CREDENTIAL.type, CREDENTIAL);
	await new N8nRestClient(stack.main.url, stack.runtime).setupOrLogin(LOCAL_OWNER);

	console.log(
		[
			'',
			`n8n ${stack.runtime.version} in queue mode, with n8n-nodes-venue-booking installed on every process:`,
			`  editor      ${stack.main.url}  (the main: triggers, schedules, editor, APIs)`,
			`  workers     ${stack.workers.map((_, index) => workerName(index)).join(', ')} (they run the executions)`,
			`  login       ${LOCAL_OWNER.email} / ${LOCAL_OWNER.password}`,
			`  time zone   ${describeTimeZone(timeZone)}`,
			`  credential  "${CREDENTIAL.name}" → the sandbox, key ${SANDBOX_API_KEY}`,
			firstStart
				? `  workflows   ${imported} imported from examples/; what you save is kept for the next start`
				: '  workflows   kept from earlier starts (npm start -- --queue --fresh starts clean)',
			`  postgres    127.0.0.1:${stack.postgres.port}, database n8n, user ${stack.postgres.user}`,
			`  redis       127.0.0.1:${stack.redis.port}`,
			stack.serviceData.temporary
				? `  their data  ${stack.serviceData.dir} (temporary: removed when this stops)`
				: `  their data  ${stack.serviceData.dir} (kept between starts)`,
			`  poll cursors ${options.durableCursors ? 'durable (Postgres poller_state)' : 'in workflow static data (n8n default)'}`,
			`  data + logs ${dataDir}`,
			'',
			`sandbox Partner API: ${sandbox.url}/api/partners/v1`,
			'',
			'Press Ctrl-C to stop n8n, Postgres, Redis and the sandbox.',
		].join('\n'),
	);
	onShutdown(async () => console.log('\nstopping the workers, the main, Redis, Postgres and the sandbox…'));

	const code = await stack.main.exited;
	if (isShuttingDown()) return;
	console.error(`the n8n main stopped unexpectedly (exit ${code}); see ${stack.logDir}`);
	await stack.stop();
	await sandbox.close();
	process.exit(1);
}
