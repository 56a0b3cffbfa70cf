/**
 * scripts/n8n/versions.ts names every pinned version; package.json's devDependencies must repeat its
 * n8n-core / n8n-workflow pair (npm cannot import it), and what is installed must be that pair.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
	DEFAULT_N8N_VERSION,
	E2E_N8N_VERSIONS,
	N8N_1X,
	N8N_2X,
	N8N_CORE_1X,
	N8N_PROFILES,
	N8N_WORKFLOW_1X,
	NODE_24,
	QUEUE_N8N_VERSION,
	n8nMajor,
	n8nProfile,
	resolveN8nVersion,
} from '../../scripts/n8n/versions';

const REPO_DIR = path.resolve(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;

describe('pinned versions (scripts/n8n/versions.ts)', () => {
	it("package.json's devDependencies pin the n8n-core / n8n-workflow pair of n8n 1.x", () => {
		const { devDependencies } = readJson(path.join(REPO_DIR, 'package.json'));
		expect({ 'n8n-core': devDependencies['n8n-core'], 'n8n-workflow': devDependencies['n8n-workflow'] }).toEqual({
			'n8n-core': N8N_CORE_1X,
			'n8n-workflow': N8N_WORKFLOW_1X,
		});
	});

	it('node_modules holds that pair', () => {
		expect(readJson(require.resolve('n8n-core/package.json')).version).toBe(N8N_CORE_1X);
		expect(readJson(require.resolve('n8n-workflow/package.json')).version).toBe(N8N_WORKFLOW_1X);
	});

	it('each release line has a profile; 2.x runs on Node 24', () => {
		expect(n8nMajor(N8N_1X)).toBe(1);
		expect(n8nMajor(N8N_2X)).toBe(2);
		expect(Object.keys(N8N_PROFILES).sort()).toEqual([N8N_1X, N8N_2X].sort());
		expect(N8N_PROFILES[N8N_2X].nodeVersion).toBe(NODE_24);
		// npm start and the screenshots run the current 2.x; the e2e keeps the 1.x line beside it.
		expect(DEFAULT_N8N_VERSION).toBe(N8N_2X);
		expect(E2E_N8N_VERSIONS).toEqual([N8N_1X, N8N_2X]);
		expect(QUEUE_N8N_VERSION).toBe(N8N_2X);
	});
});

describe('--n8n values (resolveN8nVersion)', () => {
	it('nothing is the default; 1.x and 2.x (or 1 and 2) name the pinned release of the line; an exact version stays', () => {
		expect(resolveN8nVersion(undefined)).toBe(DEFAULT_N8N_VERSION);
		expect(resolveN8nVersion('')).toBe(DEFAULT_N8N_VERSION);
		expect(resolveN8nVersion('1.x')).toBe(N8N_1X);
		expect(resolveN8nVersion(' 1.X ')).toBe(N8N_1X);
		expect(resolveN8nVersion('1')).toBe(N8N_1X);
		expect(resolveN8nVersion('2.x')).toBe(N8N_2X);
		expect(resolveN8nVersion(N8N_1X)).toBe(N8N_1X);
	});

	it('a line name finds its profile; an unknown version is refused with the choices', () => {
		expect(n8nProfile('1.x').version).toBe(N8N_1X);
		expect(() => n8nProfile('1.99.0')).toThrow(`choose 1.x (${N8N_1X}) or 2.x (${N8N_2X})`);
	});
});
