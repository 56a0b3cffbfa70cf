/** The install's progress lines of `npm start`'s first run, read from npm's log and the install folder. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { countManifestFetches, countUnpackedPackages, installProgressLine } from '../../scripts/n8n/installProgress';
import { N8N_PROFILES } from '../../scripts/n8n/versions';

describe('reading the install', () => {
	let dir: string;
	beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'installProgress-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('counts nothing before npm wrote anything', () => {
		expect(countManifestFetches(path.join(dir, 'missing.log'))).toBe(0);
		expect(countUnpackedPackages(dir)).toBe(0);
	});

	it('counts the distinct manifests npm logged at --loglevel=http, not tarballs, repeats or other lines', () => {
		const log = path.join(dir, 'install.log');
		writeFileSync(
			log,
			[
				'npm http fetch GET 200 https://registry.npmjs.org/jest 559ms (cache updated)',
				'npm warn EBADENGINE Unsupported engine {',
				'npm http fetch GET 200 https://registry.npmjs.org/@n8n%2fconfig 71ms (cache hit)',
				'npm http fetch GET 200 https://registry.npmjs.org/jest/-/jest-29.7.0.tgz 12ms (cache hit)',
				// npm fetches some manifests again (a full document after the abbreviated one): one package.
				'npm http fetch GET 200 https://registry.npmjs.org/jest 3ms (cache hit)',
				'npm http fetch GET 304 https://registry.npmjs.org/@n8n%2fconfig 40ms (cache revalidated)',
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
	const size = { manifests: 1500, packages: 1230 };

	it('gives a count and a share of the manifests while resolving', () => {
		expect(installProgressLine({ resolved: 300, unpacked: 0 }, size, 30, 'building sqlite3')).toBe('resolving: 300 of about 1,500 (20 %) package manifests, 30 s');
	});

	it('gives a count and a share of the packages while unpacking', () => {
		expect(installProgressLine({ resolved: 1490, unpacked: 812 }, size, 95, 'building sqlite3')).toBe('unpacking: 812 of about 1,230 (66 %) packages, 95 s');
	});

	it('says what comes after unpacking', () => {
		expect(installProgressLine({ resolved: 1500, unpacked: 1240 }, size, 240, 'building sqlite3')).toBe('all 1,240 packages unpacked; building sqlite3, 240 s');
	});

	it('never passes 100 % nor shows a count above its total: past it, the line says so (the "1,447 of about 1,230 (99 %)" of issue 36)', () => {
		expect(installProgressLine({ resolved: 1447, unpacked: 0 }, { manifests: 1230, packages: 1230 }, 60, 'building sqlite3')).toBe(
			'resolving: 1,447, more than the 1,230 expected, package manifests, 60 s',
		);
		expect(installProgressLine({ resolved: 1499, unpacked: 0 }, size, 60, 'x')).toContain('(99 %)');
		expect(installProgressLine({ resolved: 1500, unpacked: 0 }, size, 60, 'x')).toBe('resolving: all 1,500 expected package manifests, 60 s');
		for (let done = 0; done <= 3000; done += 7) {
			const line = installProgressLine({ resolved: done, unpacked: 0 }, size, 1, 'x');
			const shown = /\((\d+) %\)/.exec(line);
			if (shown) expect(Number(shown[1])).toBeLessThan(100);
			const of = /([\d,]+) of about ([\d,]+)/.exec(line);
			if (of) expect(Number(of[1].replace(/,/g, ''))).toBeLessThan(Number(of[2].replace(/,/g, '')));
		}
	});

	it("each pinned release knows both totals, and resolving reads at least as many manifests as end up unpacked", () => {
		for (const profile of Object.values(N8N_PROFILES)) {
			expect(profile.installSize.manifests).toBeGreaterThanOrEqual(profile.installSize.packages);
		}
	});
});
