/**
 * Progress of a long `npm install` as a count and a share, read from what npm leaves behind while it
 * works (it prints nothing itself until the very end):
 * 1. resolving: with `--loglevel=http` npm logs one `npm http fetch GET …` line per package manifest it
 *    fetches, so the install log's lines count the packages resolved so far;
 * 2. unpacking: npm first creates every `node_modules/<name>` folder empty, then unpacks into them, so a
 *    folder holding its package.json is a package unpacked.
 * Both are set against the number of packages a finished install of the same release has (versions.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/** Manifest fetches npm logged so far (tarball downloads are not counted). */
export function countManifestFetches(logFile: string): number {
	if (!existsSync(logFile)) return 0;
	return readFileSync(logFile, 'utf8')
		.split('\n')
		.filter((line) => line.startsWith('npm http fetch GET') && !/\.tgz\b/.test(line)).length;
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

const count = (n: number): string => n.toLocaleString('en-US');
const share = (done: number, expected: number): string => `${count(done)} of about ${count(expected)} (${Math.min(99, Math.floor((done / expected) * 100))} %)`;

/** One line for the terminal, e.g. "unpacking: 812 of about 1,225 (66 %) packages, 95 s". */
export function installProgressLine(progress: { resolved: number; unpacked: number }, expected: number, seconds: number, finishing: string): string {
	const elapsed = `${seconds} s`;
	if (progress.unpacked >= expected) return `all ${count(progress.unpacked)} packages unpacked; ${finishing}, ${elapsed}`;
	if (progress.unpacked > 0) return `unpacking: ${share(progress.unpacked, expected)} packages, ${elapsed}`;
	return `resolving: ${share(progress.resolved, expected)} packages, ${elapsed}`;
}
