/**
 * The package as a user gets it: `npm pack` of the repository, installed into n8n's community-nodes
 * folder with a real `npm install <tarball>` (what n8n's Community Nodes screen does). n8n then loads
 * it as `n8n-nodes-venue-booking.<nodeName>`, exactly the node types users' saved workflows contain.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCommand, tail } from './processes';

export const PACKAGE_NAME = 'n8n-nodes-venue-booking';

/** Build the repository and pack it; returns the tarball's path, in a temp folder removed when we exit. */
export async function packPackage(repoDir: string): Promise<string> {
	const build = await runCommand('npm', ['run', 'build'], { cwd: repoDir });
	if (build.code !== 0) throw new Error(`npm run build failed (exit ${build.code}):\n${tail(build.stdout + build.stderr)}`);

	const destination = mkdtempSync(path.join(os.tmpdir(), 'venue-booking-pack-'));
	process.on('exit', () => rmSync(destination, { recursive: true, force: true }));
	const pack = await runCommand('npm', ['pack', '--json', '--pack-destination', destination], { cwd: repoDir });
	if (pack.code !== 0) throw new Error(`npm pack failed (exit ${pack.code}):\n${tail(pack.stdout + pack.stderr)}`);
	const [packed] = JSON.parse(pack.stdout) as Array<{ filename: string }>;
	const tarball = path.join(destination, packed.filename);
	if (!existsSync(tarball)) throw new Error(`npm pack reported ${packed.filename} but ${tarball} does not exist`);
	return tarball;
}

/** Where n8n looks for community packages of an instance whose N8N_USER_FOLDER is `userFolder`. */
export function communityNodesDir(userFolder: string): string {
	return path.join(userFolder, '.n8n', 'nodes');
}

/** Install the tarball into `<userFolder>/.n8n/nodes/node_modules/n8n-nodes-venue-booking`. */
export async function installPackageTarball(userFolder: string, tarballPath: string): Promise<string> {
	const nodesDir = communityNodesDir(userFolder);
	mkdirSync(nodesDir, { recursive: true });
	const manifest = path.join(nodesDir, 'package.json');
	// n8n creates this manifest itself before its first community install; without it npm would walk
	// up and install into whatever package.json it finds above.
	if (!existsSync(manifest)) writeFileSync(manifest, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));

	// The package's only dependency is n8n-workflow as a peer: n8n provides it at run time, so peers
	// are not installed here (as n8n's own installer does), and no install scripts are run.
	const install = await runCommand(
		'npm',
		['install', tarballPath, '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn', '--no-package-lock'],
		{ cwd: nodesDir },
	);
	if (install.code !== 0) throw new Error(`npm install of ${tarballPath} failed (exit ${install.code}):\n${tail(install.stdout + install.stderr)}`);

	const installed = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	const installedManifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { name?: string };
	if (installedManifest.name !== PACKAGE_NAME) throw new Error(`expected ${PACKAGE_NAME} in ${installed}`);
	return installed;
}
