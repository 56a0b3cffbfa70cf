/**
 * What `npm start` runs: the sandbox Partner API and a real n8n with the freshly packed package
 * installed, a credential pointing at the sandbox, the example workflows imported, and an owner login.
 * Everything listens on 127.0.0.1; Ctrl-C stops n8n and the sandbox and leaves no process behind.
 *
 * n8n's user folder (workflows, executions, credentials) is kept between starts, one per n8n release;
 * the sandbox starts fresh each time on a stable port, so the saved credential keeps pointing at it.
 */
import { mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { importCredentials } from './cli';
import { prepareInstance } from './env';
import { importExamplesOnce } from './examples';
import { ensureN8n } from './install';
import { LOCAL_OWNER } from './owner';
import { installPackageTarball, packPackage } from './packageInstall';
import { CACHE_DIR, REPO_DIR } from './paths';
import { findFreePort } from './ports';
import { isShuttingDown, onShutdown } from './processes';
import { N8nRestClient } from './rest';
import { startN8nServer } from './server';
import { describeTimeZone, type LocalTimeZone, localTimeZone } from './timeZone';
import { timed } from './timing';

/** The part of the sandbox's API used here (sandbox/ is its own module, owned elsewhere). */
export interface SandboxHandle {
	/** Without the /api/partners/v1 suffix. */
	url: string;
	port: number;
	keys: unknown;
	/** The workspace clock, shown so nobody books "tomorrow" in another year unawares. */
	store: { clock: { now(): number } };
	close(): Promise<void> | void;
}
export type StartSandbox = (options: { port?: number; recordRequests?: boolean }) => Promise<SandboxHandle>;

export const SANDBOX_API_KEY = 'sandbox-full';
export const CREDENTIAL = { id: 'venueBookingSbx1', name: 'Venue Booking API', type: 'venueBookingApi' };

export interface LocalStackOptions {
	startSandbox: StartSandbox;
	n8nVersion?: string;
	/** Preferred n8n port (default 5678); another free one is used if it is taken. */
	n8nPort?: number;
	/** Preferred sandbox port; another free one is used (and the credential updated) if it is taken. */
	sandboxPort: number;
	/** Delete the kept n8n user folder first: no workflows, executions or settings of earlier starts. */
	fresh?: boolean;
	/** Echo n8n's log to the terminal (it always goes to .cache/start-n8n.log). */
	verbose?: boolean;
	/** n8n's zone (GENERIC_TIMEZONE); the machine's when not given. */
	timeZone?: LocalTimeZone;
}

/** Sandbox keys as "name (scopes)" lines, whatever container the sandbox hands them in. */
function describeKeys(keys: unknown): string[] {
	const entries: Array<[string, unknown]> =
		keys instanceof Map ? [...keys.entries()] : Array.isArray(keys) ? keys.map((key) => [String(key), undefined]) : Object.entries(keys ?? {});
	return entries.map(([name, scopes]) => (Array.isArray(scopes) ? `${name} (${scopes.join(', ')})` : name));
}

export async function startLocalStack(options: LocalStackOptions): Promise<void> {
	const tarball = await timed('build + pack the package', () => packPackage(REPO_DIR));

	// It runs for hours: no request log growing in memory.
	const sandbox = await options.startSandbox({ port: await findFreePort(options.sandboxPort), recordRequests: false });
	onShutdown(async () => {
		await sandbox.close();
	});

	const runtime = await timed('ensure n8n', () => ensureN8n(options.n8nVersion));

	// Kept between starts, one per release: a database that n8n 2.x migrated cannot be opened by 1.x.
	const userFolder = path.join(CACHE_DIR, `start-user-${runtime.version}`);
	if (options.fresh) rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	// n8n's own default zone is America/New_York; the person at the keyboard expects their own.
	const timeZone = options.timeZone ?? localTimeZone(undefined);
	// The file-writing examples write /tmp/venue-booking-*.csv; n8n 2.x allows only ~/.n8n-files by default.
	const extraEnv = { GENERIC_TIMEZONE: timeZone.zone, ...(runtime.major >= 2 ? { N8N_RESTRICT_FILE_ACCESS_TO: '~/.n8n-files;/tmp' } : {}) };
	const instance = await prepareInstance(runtime, { userFolder, preferredPort: options.n8nPort ?? 5678, extraEnv });

	await timed('install the package into n8n', () => installPackageTarball(userFolder, tarball));
	// Imported on every start (n8n updates it in place, by id): it must name this start's sandbox address.
	await importCredentials(instance, [{ ...CREDENTIAL, data: { baseUrl: sandbox.url, apiKey: SANDBOX_API_KEY } }]);
	const { firstStart, imported } = await importExamplesOnce(instance, userFolder, path.join(REPO_DIR, 'examples'), CREDENTIAL.type, CREDENTIAL);

	const logFile = path.join(CACHE_DIR, 'start-n8n.log');
	rmSync(logFile, { force: true });
	const server = await timed('start n8n', () => startN8nServer(instance, { logFile, echo: options.verbose }));
	await new N8nRestClient(server.url, runtime).setupOrLogin(LOCAL_OWNER);

	const lines = [
		'',
		`n8n ${runtime.version} is running with n8n-nodes-venue-booking installed:`,
		`  editor      ${server.url}`,
		`  login       ${LOCAL_OWNER.email} / ${LOCAL_OWNER.password}`,
		`  time zone   ${describeTimeZone(timeZone)}`,
		`  other n8n   npm start -- --n8n ${runtime.major >= 2 ? '1.x' : '2.x'} (or an exact pinned version; scripts/n8n/versions.ts)`,
		`  credential  "${CREDENTIAL.name}" → the sandbox, key ${SANDBOX_API_KEY}`,
		firstStart
			? `  workflows   ${imported} imported from examples/; what you save is kept for the next start`
			: `  workflows   kept from earlier starts (npm start -- --fresh starts clean)`,
		`  user folder ${path.relative(REPO_DIR, userFolder)}`,
		`  n8n log     ${logFile}`,
		'',
		`sandbox Partner API: ${sandbox.url}/api/partners/v1${sandbox.port === options.sandboxPort ? '' : ` (port ${options.sandboxPort} was taken)`}`,
		`  workspace time ${new Date(sandbox.store.clock.now()).toISOString().replace(/\.\d+Z$/, 'Z')} (the real time; the data is seeded around it afresh each start)`,
		'  keys (Authorization: Bearer <key>):',
		...describeKeys(sandbox.keys).map((key) => `    ${key}`),
		'',
		'Press Ctrl-C to stop n8n and the sandbox.',
	];
	console.log(lines.join('\n'));
	// Registered last, so it runs first on Ctrl-C: say what is happening while n8n shuts down.
	onShutdown(async () => console.log('\nstopping n8n and the sandbox…'));

	// If n8n dies on its own, say so and take the sandbox down with it.
	const code = await server.exited;
	if (isShuttingDown()) return;
	console.error(`n8n stopped unexpectedly (exit ${code}); see ${logFile}`);
	await sandbox.close();
	process.exit(1);
}
