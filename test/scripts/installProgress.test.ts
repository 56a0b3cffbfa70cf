/** The install's progress lines of `npm start`'s first run, read from npm's log and the install folder. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { countManifestFetches, countUnpackedPackages, installProgressLine } from '../../scripts/n8n/installProgress';

describe('reading the install', () => {
	let dir: string;
	beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'installProgress-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('counts nothing before npm wrote anything', () => {
		expect(countManifestFetches(path.join(dir, 'missing.log'))).toBe(0);
		expect(countUnpackedPackages(dir)).toBe(0);
	});

	it('counts the manifest fetches npm logged at --loglevel=http, not tarballs or other lines', () => {
		const log = path.join(dir, 'install.log');
		writeFileSync(
			log,
			[
				'npm http fetch GET 200 https://registry.npmjs.org/jest 559ms (cache updated)',
				'npm warn EBADENGINE Unsupported engine {',
				'npm http fetch GET 200 https://registry.npmjs.org/@n8n%2fconfig 71ms (cache hit)',
				'npm http fetch GET 200 https://registry.npmjs.org/jest/-/jest-29.7.0.tgz 12ms (cache hit)',
			].join('\n'),
		);
		expect(countManifestFetches(log)).toBe(2);
	});

	it('counts unpacked packages only: the empty folders npm creates first, scopes, dot folders and nested copies do not count', () => {
		const modules = path.join(dir, 'node_modules');
		for (const name of ['a', 'b', 'empty', '@scope/c', '@scope/d', '@scope/empty', '.bin', 'a/node_modules/nested']) mkdirSync(path.join(modules, name), { recursive: true });
		for (const name of ['a', 'b', '@scope/c', '@scope/d', 'a/node_modules/nested']) writeFileSync(path.join(modules, name, 'package.json'), '{}');
		expect(countUnpackedPackages(dir)).toBe(4);
	});
});

describe('installProgressLine', () => {
	it('gives a count and a share while resolving', () => {
		expect(installProgressLine({ resolved: 300, unpacked: 0 }, 1230, 30, 'building sqlite3')).toBe('resolving: 300 of about 1,230 (24 %) packages, 30 s');
	});

	it('gives a count and a share while unpacking', () => {
		expect(installProgressLine({ resolved: 1240, unpacked: 812 }, 1230, 95, 'building sqlite3')).toBe('unpacking: 812 of about 1,230 (66 %) packages, 95 s');
	});

	it('never claims 100 % before the end, and says what comes after unpacking', () => {
		expect(installProgressLine({ resolved: 1300, unpacked: 0 }, 1230, 60, 'building sqlite3')).toBe('resolving: 1,300 of about 1,230 (99 %) packages, 60 s');
		expect(installProgressLine({ resolved: 1300, unpacked: 1240 }, 1230, 240, 'building sqlite3')).toBe('all 1,240 packages unpacked; building sqlite3, 240 s');
	});
});
