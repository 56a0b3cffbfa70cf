/**
 * The n8n releases we run the package in, and what each needs to install and run on these machines
 * (each workaround says why it is needed).
 */

export const DEFAULT_N8N_VERSION = '1.123.81';

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
	/** Packages in a finished install (distinct names, counted once), against which the install's progress is shown. */
	packages: number;
}

// xlsx: a dependency of n8n-nodes-base points at a CDN tarball; this is the same code from the registry.
const XLSX_FROM_REGISTRY = { xlsx: 'npm:@e965/xlsx@0.20.2' };

export const N8N_PROFILES: Record<string, N8nProfile> = {
	'1.123.81': {
		version: '1.123.81',
		overrides: { ...XLSX_FROM_REGISTRY },
		// isolated-vm@6 cannot build on Node 20; sqlite3 must build (it is n8n's database driver).
		scripts: { mode: 'allowScripts', allow: { sqlite3: true, 'isolated-vm': false } },
		legacyExpressionEngine: true,
		env: {},
		packages: 1230,
	},
	'2.41.1': {
		version: '2.41.1',
		nodeVersion: '24.21.0',
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
		packages: 1538,
	},
};

export function n8nProfile(version: string): N8nProfile {
	const profile = N8N_PROFILES[version];
	if (!profile) {
		throw new Error(`n8n ${version} is not supported here; choose one of ${Object.keys(N8N_PROFILES).join(', ')}`);
	}
	return profile;
}

export function n8nMajor(version: string): number {
	return Number(version.split('.')[0]);
}
