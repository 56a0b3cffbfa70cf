/**
 * Progress of a long `npm install` as a count and a share, read from what npm leaves behind while it
 * works (it prints nothing itself until the very end):
 * 1. resolving: with `--loglevel=http` npm logs an `npm http fetch GET …` line per package manifest it
 *    fetches; the distinct names among them count the packages resolved so far (npm fetches some manifests
 *    more than once);
 * 2. unpacking: npm first creates every `node_modules/<name>` folder empty, then unpacks into them, so a
 *    folder holding its package.json is a package unpacked.
 * Each is set against what a finished install of the same release counted (versions.ts): resolving reads more
 * manifests than end up unpacked (other platforms' optional packages, nested versions), so the two phases have
 * their own totals. Should a count still pass its total (another npm, a changed registry), the line says so
 * instead of a share: it never shows more than 100 %, nor a count above "about" its total.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/** The registry path of a manifest fetch line (a package name, `@scope%2fname` for scoped ones), or undefined for any other line. */
function fetchedManifest(line: string): string | undefined {
	if (!line.startsWith('npm http fetch GET') || /\.tgz\b/.test(line)) return undefined;
	const url = /\shttps?:\/\/\S+/.exec(line)?.[0].trim();
	return url === undefined ? line : new URL(url).pathname;
}

/** Distinct package manifests npm logged so far: a manifest fetched again counts once; tarball downloads not at all. */
export function countManifestFetches(logFile: string): number {
	if (!existsSync(logFile)) return 0;
	const names = new Set<string>();
	for (const line of readFileSync(logFile, 'utf8').split('\n')) {
		const name = fetchedManifest(line);
		if (name !== undefined) names.add(name);
	}
	return names.size;
}

/** Packages directly in `node_modules` that are unpacked (a scope's packages each count; nested copies do not). */
export function countUnpackedPackages(installDir: string): number {
	const modules = path.join(installDir, 'node_modules');
	if (!existsSync(modules)) return 0;
	const folders = readdirSync(modules)
		.filter((entry) => !entry.startsWith('.'))
		.flatMap((entry) => (entry.startsWith('@') ? readdirSync(path.join(modules, entry)).map((name) => path.join(entry, name)) : [entry]));
	return folders.filter((folder) => existsSync(path.join(modules, folder, 'package.json'))).length;
}

/** What a finished install of a release counted, per phase (N8nProfile in versions.ts). */
export interface InstallSize {
	/** Distinct manifests npm fetched while resolving. */
	manifests: number;
	/** Packages unpacked in node_modules. */
	packages: number;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** "812 of about 1,230 (66 %)"; at the total "all 1,230 expected", past it "1,447, more than the 1,230 expected,". */
function share(done: number, expected: number): string {
	if (done === expected) return `all ${count(expected)} expected`;
	if (done > expected) return `${count(done)}, more than the ${count(expected)} expected,`;
	return `${count(done)} of about ${count(expected)} (${Math.floor((done / expected) * 100)} %)`;
}

/** One line for the terminal, e.g. "unpacking: 812 of about 1,230 (66 %) packages, 95 s". */
export function installProgressLine(progress: { resolved: number; unpacked: number }, expected: InstallSize, seconds: number, finishing: string): string {
	const elapsed = `${seconds} s`;
	if (progress.unpacked >= expected.packages) return `all ${count(progress.unpacked)} packages unpacked; ${finishing}, ${elapsed}`;
	if (progress.unpacked > 0) return `unpacking: ${share(progress.unpacked, expected.packages)} packages, ${elapsed}`;
	return `resolving: ${share(progress.resolved, expected.manifests)} package manifests, ${elapsed}`;
}
