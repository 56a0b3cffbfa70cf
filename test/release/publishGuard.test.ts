/**
 * The prepublishOnly guard, run by npm itself as `npm publish` and `npm run prepublishOnly` do: refused with the
 * release instructions outside the release workflow, passed with what GitHub's runner and `--provenance` set.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const REPO_DIR = path.resolve(__dirname, '..', '..');
const { version } = require('../../package.json') as { version: string };

/** What the runner sets in publish.yml's publish job on the tag of this version. */
const RELEASE_JOB_ENV = {
	GITHUB_ACTIONS: 'true',
	GITHUB_WORKFLOW_REF: `owner/repo/.github/workflows/publish.yml@refs/tags/v${version}`,
	ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.invalid/request',
	GITHUB_REF: `refs/tags/v${version}`,
};

/** npm with only PATH and HOME from here: the test's own npm_config_* and GitHub variables must not leak in. */
function npm(args: string[], env: Record<string, string> = {}) {
	const result = spawnSync('npm', args, {
		cwd: REPO_DIR,
		encoding: 'utf8',
		env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', npm_config_update_notifier: 'false', ...env },
		timeout: 60_000,
	});
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('prepublishOnly guard', () => {
	it('refuses a plain `npm publish` and says how releases are made', () => {
		// --dry-run: the guard runs first either way; nothing would be uploaded even if it passed.
		const { status, output } = npm(['publish', '--dry-run']);

		expect(status).not.toBe(0);
		expect(output).toContain('npm publish refused: n8n-nodes-venue-booking is published only by the GitHub Actions workflow .github/workflows/publish.yml');
		expect(output).toContain('push the tag');
		expect(output).toContain('CONTRIBUTING.md, "Releasing"');
		expect(output).toContain('not running in GitHub Actions');
		expect(output).toContain('published without --provenance');
		expect(output).not.toContain('Tarball Contents'); // stopped before packing
	});

	it('passes in the release job with --provenance', () => {
		const { status, output } = npm(['run', 'prepublishOnly', '--provenance'], RELEASE_JOB_ENV);

		expect(output).toContain(`publishGuard: release workflow, tag refs/tags/v${version}, provenance on`);
		expect(status).toBe(0);
	});

	it.each([
		['--provenance is missing', {}, [], 'published without --provenance'],
		['another workflow runs it', { GITHUB_WORKFLOW_REF: `owner/repo/.github/workflows/ci.yml@refs/tags/v${version}` }, ['--provenance'], 'not the release workflow'],
		['the job has no id-token permission', { ACTIONS_ID_TOKEN_REQUEST_URL: '' }, ['--provenance'], 'id-token: write'],
		['the tag names another version', { GITHUB_REF: 'refs/tags/v99.0.0' }, ['--provenance'], `not triggered by the tag v${version}`],
		['a branch push runs it', { GITHUB_REF: 'refs/heads/main' }, ['--provenance'], '(GITHUB_REF is "refs/heads/main")'],
	])('refuses when %s', (_case, change, flags, problem) => {
		const { status, output } = npm(['run', 'prepublishOnly', ...flags], { ...RELEASE_JOB_ENV, ...change });

		expect(status).not.toBe(0);
		expect(output).toContain('npm publish refused');
		expect(output).toContain(problem);
		expect(output.match(/^ {2}- /gm)).toHaveLength(1); // only that condition fails
	});
});
