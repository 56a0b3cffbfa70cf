/**
 * `npm run check:workflows` (GitHub's workflow parser) passes the real workflows and fails broken copies of
 * them, each with the reason. The copies are made from the real files, so they break what is really there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO_DIR = path.resolve(__dirname, '..', '..');
const WORKFLOWS_DIR = path.join(REPO_DIR, '.github', 'workflows');
const TSX = path.join(REPO_DIR, 'node_modules', '.bin', 'tsx');
const CHECKER = path.join(REPO_DIR, 'scripts', 'release', 'checkWorkflows.ts');

const ci = fs.readFileSync(path.join(WORKFLOWS_DIR, 'ci.yml'), 'utf8');
const publish = fs.readFileSync(path.join(WORKFLOWS_DIR, 'publish.yml'), 'utf8');

/** The text with `from` replaced; fails if `from` is not there (a copy that breaks nothing proves nothing). */
function broken(text: string, from: string | RegExp, to: string): string {
	const changed = text.replace(from, to);
	if (changed === text) throw new Error(`the workflow no longer contains ${String(from)}`);
	return changed;
}

function check(target: string) {
	const result = spawnSync(TSX, [CHECKER, target], { cwd: REPO_DIR, encoding: 'utf8', timeout: 120_000 });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The lines the checker printed for one file: its FAIL/ok line and the errors under it. */
function reportOf(output: string, file: string): string {
	const lines = output.split('\n');
	const start = lines.findIndex((line) => line.endsWith(`/.github/workflows/${file}`));
	if (start < 0) throw new Error(`${file} not in the output:\n${output}`);
	const end = lines.findIndex((line, index) => index > start && !line.startsWith('  '));
	return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('workflow check', () => {
	it('passes ci.yml and publish.yml as they are', () => {
		const { status, output } = check(WORKFLOWS_DIR);

		expect(output).toMatch(/^ok {3}.*\.github\/workflows\/ci\.yml$/m);
		expect(output).toMatch(/^ok {3}.*\.github\/workflows\/publish\.yml$/m);
		expect(output).toContain('workflows: 2 valid, 0 with errors');
		expect(status).toBe(0);
	});

	describe('broken copies', () => {
		const copies: Record<string, { text: string; reason: string }> = {
			'ci.yml': { text: ci, reason: '' },
			'publish.yml': { text: publish, reason: '' },
			'bad-permission.yml': { text: broken(publish, 'id-token: write', 'id-token: publish'), reason: "Unexpected value 'publish'" },
			'bad-job-key.yml': { text: broken(ci, 'runs-on:', 'run-on:'), reason: "Unexpected value 'run-on'" },
			'bad-event.yml': { text: broken(publish, /^ {2}push:$/m, '  pushed:'), reason: "Unexpected value 'pushed'" },
			'bad-needs.yml': { text: broken(publish, 'needs: checks', 'needs: check'), reason: "depends on unknown job 'check'" },
			'bad-expression.yml': { text: broken(publish, 'secrets.NPM_TOKEN', 'secret.NPM_TOKEN'), reason: "Unrecognized named-value: 'secret'" },
			'bad-yaml.yml': { text: broken(ci, /^ {4}steps:$/m, '   steps:'), reason: 'All mapping items must start at the same column' },
			'not-callable.yml': { text: broken(ci, /^ {2}workflow_call:\n/m, ''), reason: '' },
			'calls-not-callable.yml': {
				text: broken(publish, 'uses: ./.github/workflows/ci.yml', 'uses: ./.github/workflows/not-callable.yml'),
				reason: 'workflow_call key is not defined in the referenced workflow',
			},
		};
		let status: number | null;
		let output: string;

		beforeAll(() => {
			const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'workflow-check-'));
			const dir = path.join(repo, '.github', 'workflows');
			fs.mkdirSync(dir, { recursive: true });
			for (const [file, { text }] of Object.entries(copies)) fs.writeFileSync(path.join(dir, file), text);
			({ status, output } = check(dir));
			fs.rmSync(repo, { recursive: true, force: true });
		});

		it('exits 1 and counts each broken file', () => {
			const failing = Object.values(copies).filter(({ reason }) => reason).length;
			expect(output).toContain(`workflows: ${Object.keys(copies).length - failing} valid, ${failing} with errors`);
			expect(status).toBe(1);
		});

		const failingCases = Object.entries(copies)
			.filter(([, { reason }]) => reason)
			.map(([file, { reason }]) => [file, reason]);

		it.each(failingCases)('fails %s: %s', (file, reason) => {
			const report = reportOf(output, file);
			expect(report).toMatch(/^FAIL /);
			expect(report).toContain(reason);
			expect(report).toMatch(/\(Line: \d+, Col: \d+\)|at line \d+, column \d+/);
		});

		it.each(['ci.yml', 'publish.yml', 'not-callable.yml'])('passes the intact %s beside them', (file) => {
			expect(reportOf(output, file)).toMatch(/^ok {3}/);
		});
	});
});
