/**
 * What `npm start` runs: the sandbox Partner API and a real n8n with the freshly packed package
 * installed, a credential pointing at the sandbox, the example workflows imported, and an owner login.
 * Everything listens on 127.0.0.1; Ctrl-C stops n8n and the sandbox and leaves no process behind.
 */
import { mkdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { importCredentials, importWorkflows } from './cli';
import { prepareInstance } from './env';
import { loadExampleWorkflows } from './examples';
import { ensureN8n } from './install';
import { LOCAL_OWNER } from './owner';
import { installPackageTarball, packPackage } from './package-install';
import { CACHE_DIR, REPO_DIR } from './paths';
import { findFreePort } from './ports';
import { isShuttingDown, onShutdown } from './processes';
import { N8nRestClient } from './rest';
import { startN8nServer } from './server';
import { timed } from './timing';

/** The part of the sandbox's API used here (sandbox/ is its own module, owned elsewhere). */
export interface SandboxHandle {
	/** Without the /api/partners/v1 suffix. */
	url: string;
	keys: unknown;
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
	sandboxPort?: number;
	/** Echo n8n's log to the terminal (it always goes to .cache/start-n8n.log). */
	verbose?: boolean;
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

	// A fresh user folder each start: the sandbox's data and address are new each time too.
	const userFolder = path.join(CACHE_DIR, 'start-user');
	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	// The file-writing examples write /tmp/venue-booking-*.csv; n8n 2.x allows only ~/.n8n-files by default.
	const extraEnv = runtime.major >= 2 ? { N8N_RESTRICT_FILE_ACCESS_TO: '~/.n8n-files;/tmp' } : {};
	const instance = await prepareInstance(runtime, { userFolder, preferredPort: options.n8nPort ?? 5678, extraEnv });

	await timed('install the package into n8n', () => installPackageTarball(userFolder, tarball));
	await importCredentials(instance, [{ ...CREDENTIAL, data: { baseUrl: sandbox.url, apiKey: SANDBOX_API_KEY } }]);
	const examples = loadExampleWorkflows(path.join(REPO_DIR, 'examples'), CREDENTIAL.type, CREDENTIAL);
	if (examples.length > 0) await importWorkflows(instance, examples);

	const logFile = path.join(CACHE_DIR, 'start-n8n.log');
	rmSync(logFile, { force: true });
	const server = await timed('start n8n', () => startN8nServer(instance, { logFile, echo: options.verbose }));
	await new N8nRestClient(server.url, runtime).setupOrLogin(LOCAL_OWNER);

	const lines = [
		'',
		`n8n ${runtime.version} is running with n8n-nodes-venue-booking installed:`,
		`  editor      ${server.url}`,
		`  login       ${LOCAL_OWNER.email} / ${LOCAL_OWNER.password}`,
		`  credential  "${CREDENTIAL.name}" → the sandbox, key ${SANDBOX_API_KEY}`,
		`  workflows   ${examples.length} imported from examples/`,
		`  n8n log     ${logFile}`,
		'',
		`sandbox Partner API: ${sandbox.url}/api/partners/v1`,
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
