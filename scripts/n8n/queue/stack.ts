/**
 * n8n in queue mode, as teams run it at scale: one main (triggers, schedules, the editor, the REST and
 * public APIs) and workers (they run the executions), with Postgres as the shared database and Redis as
 * the queue between them. Everything listens on 127.0.0.1; data lives under `dataDir` and a second start
 * reuses it. Each n8n process has its own user folder (as separate machines would) with the packed
 * package installed into its `.n8n/nodes` (see README "Running at scale" for why not N8N_COMMUNITY_PACKAGES).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { prepareInstance, type N8nInstance } from '../env';
import { ensureN8n, type N8nRuntime } from '../install';
import { installPackageTarball } from '../packageInstall';
import { startN8nServer, type N8nServer } from '../server';
import { timed } from '../timing';
import { QUEUE_N8N_VERSION } from '../versions';
import { ensureServerBinaries } from './debian';
import { startPostgres, type PostgresServer } from './postgres';
import { startRedis, type RedisServer } from './redis';
import { startN8nWorker, type N8nWorker } from './worker';

/**
 * n8n's durable scheduler for poll triggers with durable poll cursors (2.36+): the trigger's position is
 * kept in Postgres (table poller_state) and committed in one transaction with the execution it starts.
 * All four must be on, or n8n logs that durable cursors stay disabled.
 */
export const DURABLE_CURSOR_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

export interface QueueStackOptions {
	/** Postgres data, Redis data, the user folder of each n8n process, logs. */
	dataDir: string;
	/** Postgres database n8n uses (created if missing). */
	database: string;
	/** The packed package, installed into every process's user folder. */
	tarball: string;
	n8nVersion?: string;
	workers?: number;
	/** Executions one worker runs at once (kept low: these machines have 2 cores). */
	workerConcurrency?: number;
	durableCursors?: boolean;
	preferredMainPort?: number;
	/** Variables for every n8n process (e.g. N8N_RESTRICT_FILE_ACCESS_TO). */
	extraEnv?: NodeJS.ProcessEnv;
}

export interface QueueStack {
	runtime: N8nRuntime;
	postgres: PostgresServer;
	redis: RedisServer;
	/** The main's instance (its env reaches Postgres: n8n's CLI commands work with it). */
	mainInstance: N8nInstance;
	main: N8nServer;
	workers: Array<N8nWorker | undefined>;
	logDir: string;
	/** Stop the main and start it again (optionally switching durable cursors); returns the new server. */
	restartMain(options?: { durableCursors?: boolean }): Promise<N8nServer>;
	/** SIGKILL worker `index` (0-based); it stays down until startWorker. */
	killWorker(index: number): Promise<void>;
	startWorker(index: number): Promise<void>;
	/** Index of the worker whose log says it started this execution, or -1. */
	workerThatRan(executionId: string): number;
	stop(): Promise<void>;
}

/** A first start on an empty database runs n8n's migrations on Postgres: minutes on a busy machine. */
const MAIN_READY_TIMEOUT_MS = 360_000;

export function workerName(index: number): string {
	return `worker-${index + 1}`;
}

export async function startQueueStack(options: QueueStackOptions): Promise<QueueStack> {
	const workerCount = options.workers ?? 2;
	const concurrency = options.workerConcurrency ?? 2;
	const logDir = path.join(options.dataDir, 'logs');
	mkdirSync(logDir, { recursive: true });

	const binaries = await timed('queue: ensure postgresql and redis-server', () => ensureServerBinaries());
	const postgres = await timed('queue: start postgres', () => startPostgres({ binDir: binaries.postgresBinDir, dataDir: path.join(options.dataDir, 'postgres') }));
	await postgres.ensureDatabase(options.database);
	const redis = await timed('queue: start redis', () => startRedis({ redisServer: binaries.redisServer, dataDir: path.join(options.dataDir, 'redis') }));
	const runtime = await timed(`queue: ensure n8n ${options.n8nVersion ?? QUEUE_N8N_VERSION}`, () => ensureN8n(options.n8nVersion ?? QUEUE_N8N_VERSION));

	const queueEnv: NodeJS.ProcessEnv = {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: options.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// Runs from the editor (and the REST run the e2e uses) go to the workers too.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		// A worker that died leaves its executions "running": the main marks them crashed after this many minutes.
		N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL: '1',
		...options.extraEnv,
	};
	const cursorEnv = (durable: boolean): NodeJS.ProcessEnv =>
		durable ? DURABLE_CURSOR_ENV : { N8N_SCHEDULER_ENABLED: 'false', N8N_POLLER_DURABLE_CURSORS_ENABLED: 'false' };

	const prepare = async (name: string, extra: NodeJS.ProcessEnv, preferredPort?: number): Promise<N8nInstance> => {
		const userFolder = path.join(options.dataDir, name);
		mkdirSync(userFolder, { recursive: true });
		const instance = await prepareInstance(runtime, { userFolder, preferredPort, extraEnv: { ...queueEnv, ...extra } });
		await installPackageTarball(userFolder, options.tarball);
		return instance;
	};

	let durable = options.durableCursors ?? false;
	const workerInstances = await timed('queue: install the package into every n8n process', async () => {
		const instances: N8nInstance[] = [];
		for (let index = 0; index < workerCount; index++) instances.push(await prepare(workerName(index), {}));
		return instances;
	});
	let mainInstance = await prepare('main', cursorEnv(durable), options.preferredMainPort);

	const logOf = (name: string) => path.join(logDir, `${name}.log`);
	let main = await timed('queue: start the main', () => startN8nServer(mainInstance, { logFile: logOf('main'), readyTimeoutMs: MAIN_READY_TIMEOUT_MS }));
	const workers: Array<N8nWorker | undefined> = [];
	const startWorker = async (index: number): Promise<void> => {
		workers[index] = await timed(`queue: start ${workerName(index)}`, () =>
			startN8nWorker(workerInstances[index], { concurrency, logFile: logOf(workerName(index)) }),
		);
	};
	// After the main (it runs the database migrations), side by side.
	await Promise.all(workerInstances.map((_, index) => startWorker(index)));

	const stack: QueueStack = {
		runtime,
		postgres,
		redis,
		mainInstance,
		main,
		workers,
		logDir,
		async restartMain(restart = {}) {
			await main.stop();
			if (restart.durableCursors !== undefined && restart.durableCursors !== durable) {
				durable = restart.durableCursors;
				mainInstance = { ...mainInstance, env: { ...mainInstance.env, ...cursorEnv(durable) } };
				stack.mainInstance = mainInstance;
			}
			main = await timed('queue: restart the main', () => startN8nServer(mainInstance, { logFile: logOf('main'), readyTimeoutMs: MAIN_READY_TIMEOUT_MS }));
			stack.main = main;
			return main;
		},
		async killWorker(index) {
			await workers[index]?.kill();
			workers[index] = undefined;
		},
		startWorker,
		workerThatRan(executionId) {
			// From the log files: they outlive a killed worker.
			const line = `Worker started execution ${executionId} (`;
			return workerInstances.findIndex((_, i) => existsSync(logOf(workerName(i))) && readFileSync(logOf(workerName(i)), 'utf8').includes(line));
		},
		async stop() {
			await Promise.all(workers.map((worker) => worker?.stop()));
			await main.stop();
			await redis.stop();
			await postgres.stop();
		},
	};
	return stack;
}
