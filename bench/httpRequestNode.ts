/**
 * n8n's own HTTP Request node (n8n-nodes-base) and its Bearer Auth credential: what a user would build
 * instead of our node, run in the same harness.
 *
 * Fetched lightly instead of through the full n8n install (`ensureN8n`: ≈4 min and 1.8 GB the first time):
 * one `npm pack` of the n8n-nodes-base that n8n 1.x ships (N8N_NODES_BASE_1X in scripts/n8n/versions.ts) (a 7 MB tarball), of which only the files the
 * node and the credential load are kept, plus the four HTML libraries its response optimiser requires at load
 * time (≈6 s warm). Everything else it requires (n8n-workflow, lodash, form-data) resolves upwards to this
 * project's node_modules, so the HTTP Request node shares the one n8n-workflow module with n8n-core and our
 * node, exactly as inside n8n. Cached under bench/.cache (git-ignored); later runs do no network at all.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

import type { ICredentialType, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { runCommand, tail } from '../scripts/n8n/processes';
import { N8N_NODES_BASE_1X } from '../scripts/n8n/versions';

/** The n8n-nodes-base inside n8n 1.x (the release the project's n8n-core/n8n-workflow pair comes from). */
export const NODES_BASE_VERSION = N8N_NODES_BASE_1X;

export const HTTP_NODE_TYPE = 'n8n-nodes-base.httpRequest';
/** The HTTP Request node's default version in this release (what a new node in the editor gets). */
export const HTTP_NODE_VERSION = 4.3;

const CACHE_ROOT = path.join(__dirname, '.cache');
const INSTALL_DIR = path.join(CACHE_ROOT, `n8n-nodes-base-${NODES_BASE_VERSION}`);
const PACKAGE_DIR = path.join(INSTALL_DIR, 'n8n-nodes-base');
const MARKER = path.join(INSTALL_DIR, '.ready');

/** What the node and the credential load from the tarball (found by following their requires). */
const KEPT_PATHS = [
	'package/package.json',
	'package/dist/nodes/HttpRequest',
	'package/dist/utils',
	'package/dist/credentials/HttpBearerAuth.credentials.js',
];

/** Required at load time by the node's response optimiser (HTML handling; unused for JSON, but loaded). */
const HTML_LIBRARIES = ['jsdom', 'cheerio', 'html-to-text', '@mozilla/readability'];

async function run(command: string, args: string[], cwd: string, what: string): Promise<void> {
	const result = await runCommand(command, args, { cwd });
	if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`);
}

/** Fetches the node once (into a temporary folder, renamed into place when complete, so a broken run leaves nothing). */
export async function ensureHttpRequestNode(): Promise<void> {
	if (existsSync(MARKER)) return;
	const started = Date.now();
	console.log(`fetching n8n's HTTP Request node (n8n-nodes-base ${NODES_BASE_VERSION}) into bench/.cache — first run only`);
	mkdirSync(CACHE_ROOT, { recursive: true });
	const staging = mkdtempSync(path.join(CACHE_ROOT, 'staging-'));
	try {
		const npmFlags = ['--no-audit', '--no-fund', '--loglevel=error'];
		await run('npm', ['pack', `n8n-nodes-base@${NODES_BASE_VERSION}`, '--pack-destination', staging, ...npmFlags], staging, 'npm pack n8n-nodes-base');
		const tarball = path.join(staging, `n8n-nodes-base-${NODES_BASE_VERSION}.tgz`);
		const packageDir = path.join(staging, 'n8n-nodes-base');
		mkdirSync(packageDir);
		await run('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1', ...KEPT_PATHS], staging, 'extracting the HTTP Request node');
		rmSync(tarball);

		// The same versions n8n-nodes-base asks for, so the node loads what it was built with.
		const declared = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
			.dependencies;
		const dependencies = Object.fromEntries(HTML_LIBRARIES.map((name) => [name, declared[name]]));
		writeFileSync(
			path.join(staging, 'package.json'),
			JSON.stringify({ name: 'bench-http-request-node', private: true, dependencies }, null, 2),
		);
		// No install scripts: none of these needs one, and nothing should run at install time.
		await run('npm', ['install', '--ignore-scripts', '--no-package-lock', ...npmFlags], staging, 'npm install of the HTML libraries');
		writeFileSync(path.join(staging, '.ready'), `n8n-nodes-base ${NODES_BASE_VERSION} HTTP Request node, ${new Date().toISOString()}\n`);
		rmSync(INSTALL_DIR, { recursive: true, force: true });
		renameSync(staging, INSTALL_DIR);
	} finally {
		rmSync(staging, { recursive: true, force: true });
	}
	console.log(`  fetched in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Loads the node type and the credential type (call ensureHttpRequestNode() first, in the parent). */
export function loadHttpRequestNode(): { nodeType: INodeType | IVersionedNodeType; bearerAuth: ICredentialType } {
	if (!existsSync(MARKER)) throw new Error('the HTTP Request node is not fetched yet: run npm run bench');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(path.join(PACKAGE_DIR, 'dist/nodes/HttpRequest/HttpRequest.node.js')) as {
		HttpRequest: new () => IVersionedNodeType;
	};
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpBearerAuth } = require(path.join(PACKAGE_DIR, 'dist/credentials/HttpBearerAuth.credentials.js')) as {
		HttpBearerAuth: new () => ICredentialType;
	};
	return { nodeType: new HttpRequest(), bearerAuth: new HttpBearerAuth() };
}
