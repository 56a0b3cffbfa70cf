/**
 * The environment of a quiet, local, throw-away n8n: no telemetry, no calls home, nothing listening
 * beyond 127.0.0.1, its own user folder (database, settings, installed community packages) and its
 * own ports, so that several instances (npm start, e2e runs) can run side by side.
 */
import { mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeToolEnv, type N8nRuntime } from './install';
import { findFreePorts } from './ports';

/** Fixed so credentials encrypted by one command (import) can be read by the next (execute, start). */
export const LOCAL_ENCRYPTION_KEY = 'venue-booking-local-test-key-not-a-secret';

export interface N8nInstance {
	runtime: N8nRuntime;
	/** N8N_USER_FOLDER: n8n keeps everything under `<userFolder>/.n8n/`. */
	userFolder: string;
	port: number;
	/** The task runner broker's port (runners are on by default; its default 5679 would clash). */
	brokerPort: number;
	env: NodeJS.ProcessEnv;
	url: string;
}

export interface InstanceOptions {
	/** Reuse a folder (e.g. .cache/start-user); default: a new temp dir. */
	userFolder?: string;
	/** Preferred port; taken only if free. Default: any free port. */
	preferredPort?: number;
	/** Extra variables, applied last (e.g. N8N_LOG_LEVEL). */
	extraEnv?: NodeJS.ProcessEnv;
}

export function createTempUserFolder(label = 'n8n-user'): string {
	return mkdtempSync(path.join(os.tmpdir(), `${label}-`));
}

export function n8nEnv(runtime: N8nRuntime, userFolder: string, port: number, brokerPort: number, extraEnv: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...nodeToolEnv(runtime.node),
		N8N_ENCRYPTION_KEY: LOCAL_ENCRYPTION_KEY,
		N8N_USER_FOLDER: userFolder,
		DB_TYPE: 'sqlite',
		N8N_HOST: '127.0.0.1',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// Run as a user's n8n runs (the official image sets the same): production mode, the stable release
		// channel (otherwise the tab reads "n8n[DEV]"). Production mode also rate-limits logins, which our
		// scripts do a few times per process at most.
		NODE_ENV: 'production',
		N8N_RELEASE_TYPE: 'stable',
		// Nothing phones home or fetches remote content. The catalogue of vetted community nodes is fetched
		// from api.n8n.io every few minutes and logs an error each time it is unreachable; a locally
		// installed package does not need it.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		// Quiet: chmod the settings file instead of warning about it on every command.
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		// Today's defaults made explicit where n8n warns they will change (the package needs neither).
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
		N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
		// A stop should not wait the default 30 s for nothing.
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		...(runtime.legacyExpressionEngine ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {}),
		...runtime.env,
		...extraEnv,
	};
	// Variables of an n8n the developer may run themselves must not leak into ours.
	delete env.N8N_CONFIG_FILES;
	delete env.DB_SQLITE_DATABASE;
	return env;
}

/** Pick ports and a user folder, and build the environment every n8n command of this instance uses. */
export async function prepareInstance(runtime: N8nRuntime, options: InstanceOptions = {}): Promise<N8nInstance> {
	const userFolder = options.userFolder ?? createTempUserFolder();
	const [port, brokerPort] = await findFreePorts(2, options.preferredPort);
	const env = n8nEnv(runtime, userFolder, port, brokerPort, options.extraEnv);
	return { runtime, userFolder, port, brokerPort, env, url: `http://127.0.0.1:${port}` };
}
