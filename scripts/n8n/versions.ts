/**
 * The one place that names the pinned versions: the n8n releases we run the package in, the n8n-core /
 * n8n-workflow pair that comes with n8n 1.x, the Node that 2.x runs on, and what each release needs to
 * install and run on these machines (each workaround says why it is needed). Every other script, test and
 * bench reads them from here; package.json's devDependencies repeat the 1.x pair (npm cannot import), and
 * test/scripts/versions.test.ts checks that the two agree.
 */
import type { InstallSize } from './installProgress';

/** n8n 1.x: the release whose n8n-core and n8n-workflow the package's tests run on (Node 20). */
export const N8N_1X = '1.123.81';
/** n8n-core as n8n 1.x ships it: package.json's devDependency. */
export const N8N_CORE_1X = '1.122.48';
/** n8n-workflow as n8n 1.x ships it: package.json's devDependency. */
export const N8N_WORKFLOW_1X = '1.120.31';
/** n8n-nodes-base as n8n 1.x ships it (the HTTP Request node the bench compares with). */
export const N8N_NODES_BASE_1X = '1.121.53';

/** n8n 2.x: the current release line, also the one the queue-mode stack runs. */
export const N8N_2X = '2.41.1';
/** The Node n8n 2.x runs on (it needs Node >= 24), installed into .cache; the screenshots' puppeteer runs on it too. */
export const NODE_24 = '24.21.0';

/**
 * What `npm start` and the screenshots run when no --n8n is given: the current 2.x release, the n8n users run
 * (2.41.1, the newest 2.x that installs from the registry here; 2.41.3 needs an @n8n/agents release it lacks).
 */
export const DEFAULT_N8N_VERSION = N8N_2X;
/** What `npm run test:e2e` runs: the default n8n, then the current 2.x. */
export const E2E_N8N_VERSIONS = [N8N_1X, N8N_2X];
/** The n8n of queue mode (scripts/n8n/queue/): durable poll cursors need 2.36 or later. */
export const QUEUE_N8N_VERSION = N8N_2X;

export interface N8nProfile {
	version: string;
	/** Node version to run it with, or undefined for the Node running these scripts (20). */
	nodeVersion?: string;
	/** npm `overrides` that make the dependency tree resolvable from the npm registry alone. */
	overrides: Record<string, string>;
	/**
	 * 'allowScripts': run install scripts, skipping the listed ones that cannot work here.
	 * 'ignoreScripts': run none (some download binaries from outside), then rebuild only sqlite3.
	 */
	scripts: { mode: 'allowScripts'; allow: Record<string, boolean> } | { mode: 'ignoreScripts'; rebuild: string[] };
	/** 1.x on Node 20 needs the legacy expression engine (the isolate pool cannot start there). */
	legacyExpressionEngine: boolean;
	/** Variables only this release knows, to keep it quiet and off the internet. */
	env: Record<string, string>;
	/**
	 * What a finished install counted, against which its progress is shown (installProgress.ts): distinct
	 * manifests npm fetched while resolving, and packages unpacked directly in node_modules.
	 */
	installSize: InstallSize;
}

// Distinct manifest URLs in the `npm http fetch GET` lines of a finished install's log (1.x: 1,447 lines, 2.x:
// 1,804; some manifests are fetched twice): more than it unpacks (other platforms' optional packages and the like).
const MANIFESTS_1X = 1389;
const MANIFESTS_2X = 1707;

// xlsx: a dependency of n8n-nodes-base points at a CDN tarball; this is the same code from the registry.
const XLSX_FROM_REGISTRY = { xlsx: 'npm:@e965/xlsx@0.20.2' };

export const N8N_PROFILES: Record<string, N8nProfile> = {
	[N8N_1X]: {
		version: N8N_1X,
		overrides: { ...XLSX_FROM_REGISTRY },
		// isolated-vm@6 cannot build on Node 20; sqlite3 must build (it is n8n's database driver).
		scripts: { mode: 'allowScripts', allow: { sqlite3: true, 'isolated-vm': false } },
		legacyExpressionEngine: true,
		env: {},
		installSize: { manifests: MANIFESTS_1X, packages: 1225 },
	},
	[N8N_2X]: {
		version: N8N_2X,
		nodeVersion: NODE_24,
		// linkedom 0.18.15 depends on a version missing from the registry.
		overrides: { ...XLSX_FROM_REGISTRY, linkedom: '0.18.14' },
		// A Kafka client's install script downloads binaries from outside the registry.
		scripts: { mode: 'ignoreScripts', rebuild: ['sqlite3'] },
		legacyExpressionEngine: false,
		env: {
			// At startup 2.x fetches lists from api.n8n.io (vetted community nodes, MCP servers, banners);
			// without internet that only logs errors. The package is installed locally, as an unverified one.
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_DISABLED_MODULES: 'mcp-registry',
		},
		installSize: { manifests: MANIFESTS_2X, packages: 1519 },
	},
};

/** A major line by name, as --n8n takes it: `1.x` (or `1`) is the pinned 1.x release, `2.x` (or `2`) the 2.x one. */
const LINES: Record<string, string> = { '1': N8N_1X, '1.x': N8N_1X, '2': N8N_2X, '2.x': N8N_2X };

/**
 * The pinned release a --n8n value names: nothing (or an empty value) is DEFAULT_N8N_VERSION, `1.x`/`2.x` the
 * pinned release of that line, an exact version itself. Unknown versions are refused by n8nProfile.
 */
export function resolveN8nVersion(spec: string | undefined): string {
	const wanted = spec?.trim().toLowerCase() ?? '';
	if (wanted === '') return DEFAULT_N8N_VERSION;
	return LINES[wanted] ?? wanted;
}

export function n8nProfile(version: string): N8nProfile {
	const profile = N8N_PROFILES[resolveN8nVersion(version)];
	if (!profile) {
		throw new Error(`n8n ${version} is not supported here; choose 1.x (${N8N_1X}) or 2.x (${N8N_2X})`);
	}
	return profile;
}

export function n8nMajor(version: string): number {
	return Number(version.split('.')[0]);
}
