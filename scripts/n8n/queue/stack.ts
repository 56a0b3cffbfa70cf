/**
 * n8n in queue mode, as teams run it at scale: one main (triggers, schedules, the editor, the REST and
 * public APIs) and workers (they run the executions), with Postgres as the shared database and Redis as
 * the queue between them. Everything listens on 127.0.0.1. The n8n processes' data and the logs live under
 * `dataDir`; Postgres's and Redis's data too when `keepData` is asked for and Postgres's system user can reach
 * it there (a second start then reuses the database), otherwise in a temporary folder of their own under the
 * system temp dir, removed when the stack stops (serviceData.ts). Each n8n process has its own user folder (as separate machines would) with the packed
 * package installed into its `.n8n/nodes` (see docs/SCALE.md, "Install the package on every process", for why not N8N_COMMUNITY_PACKAGES).
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
import { postgresSystemUser, startPostgres, type PostgresServer } from './postgres';
import { startRedis, type RedisServer } from './redis';
import { placeServiceData, type ServiceData } from './serviceData';
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
	/** The user folder of each n8n process, logs; Postgres's and Redis's data too with `keepData`. */
	dataDir: string;
	/**
	 * Keep Postgres's and Redis's data in `dataDir` for the next start (when Postgres's system user can reach
	 * it; if not, a notice says why it is temporary). Otherwise it lives in a temporary folder, removed at stop.
	 */
	keepData?: boolean;
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
	/** Where Postgres's and Redis's data are (temporary or kept). */
	serviceData: ServiceData;
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

export interface QueueDatabase {
	postgres: PostgresServer;
	/** Where Postgres's data is (`postgres/`); Redis's goes beside it (`redis/`). */
	serviceData: ServiceData;
	/** Stop Postgres and remove a temporary data folder (stop Redis first: its data is in there too). */
	stop(): Promise<void>;
}

/**
 * The stack's Postgres, with `database` created: its data placed where Postgres's system user can reach it
 * whatever the checkout's location (placeServiceData). On failure nothing is left running or behind.
 */
export async function startQueueDatabase(options: { postgresBinDir: string; dataDir: string; database: string; keepData?: boolean }): Promise<QueueDatabase> {
	const user = await postgresSystemUser();
	const serviceData = await placeServiceData({ dataDir: options.dataDir, keep: options.keepData ?? false, user });
	if (serviceData.notice) console.log(serviceData.notice);
	let postgres: PostgresServer | undefined;
	try {
		postgres = await startPostgres({ binDir: options.postgresBinDir, dataDir: path.join(serviceData.dir, 'postgres') });
		await postgres.ensureDatabase(options.database);
	} catch (error) {
		await postgres?.stop();
		serviceData.remove();
		throw error;
	}
	const running = postgres;
	return {
		postgres: running,
		serviceData,
		async stop() {
			await running.stop();
			serviceData.remove();
		},
	};
}

export async function startQueueStack(options: QueueStackOptions): Promise<QueueStack> {
	const workerCount = options.workers ?? 2;
	const concurrency = options.workerConcurrency ?? 2;
	const logDir = path.join(options.dataDir, 'logs');
	mkdirSync(logDir, { recursive: true });

	const binaries = await timed('queue: ensure postgresql and redis-server', () => ensureServerBinaries());
	const database = await timed('queue: start postgres', () =>
		startQueueDatabase({ postgresBinDir: binaries.postgresBinDir, dataDir: options.dataDir, database: options.database, keepData: options.keepData }),
	);
	const { postgres, serviceData } = database;
	// What is running so far, stopped (newest first) if the start fails half-way.
	const started: Array<() => Promise<void>> = [() => database.stop()];
	try {
		const redis = await timed('queue: start redis', () => startRedis({ redisServer: binaries.redisServer, dataDir: path.join(serviceData.dir, 'redis') }));
		started.push(() => redis.stop());
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
		started.push(() => main.stop());
		const workers: Array<N8nWorker | undefined> = [];
		started.push(async () => void (await Promise.all(workers.map((worker) => worker?.stop()))));
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
			serviceData,
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
				await database.stop();
			},
		};
		return stack;
	} catch (error) {
		for (const stop of started.reverse()) await stop().catch(() => undefined);
		throw error;
	}
}
