#!/usr/bin/env node
// prepublishOnly: `npm publish` goes through only inside the release workflow (.github/workflows/publish.yml)
// and only with provenance. n8n verifies community packages by their npm provenance, which a publish from a
// laptop cannot carry, and a version published without it cannot be replaced on npm.
//
// It reads only what GitHub's runner and npm set, so the workflow needs no variable of its own:
// - GITHUB_ACTIONS=true and GITHUB_WORKFLOW_REF naming .github/workflows/publish.yml (the runner sets both);
// - ACTIONS_ID_TOKEN_REQUEST_URL (set only in a job with `id-token: write`, which provenance needs);
// - npm_config_provenance=true (npm sets it for `npm publish --provenance`);
// - GITHUB_REF = refs/tags/v<package.json version> (npm sets npm_package_version), so a tag publishes the
//   version it names.
// This stops mistakes, not an attacker: anyone can set these variables, and npm's trusted publisher settings
// are what restrict who can publish.
//
// Exit 0 when every condition holds; otherwise exit 1 with how releases are made and what was missing.

const RELEASE_WORKFLOW = '.github/workflows/publish.yml';

/** Each condition the release workflow meets, with what is wrong when it does not. */
function unmetConditions(env) {
	const version = env.npm_package_version;
	const conditions = [
		[env.GITHUB_ACTIONS === 'true', 'not running in GitHub Actions (GITHUB_ACTIONS is not "true")'],
		[
			(env.GITHUB_WORKFLOW_REF ?? '').includes(`/${RELEASE_WORKFLOW}@`),
			`not the release workflow (GITHUB_WORKFLOW_REF does not name ${RELEASE_WORKFLOW})`,
		],
		[Boolean(env.ACTIONS_ID_TOKEN_REQUEST_URL), 'the job cannot mint an OIDC token (it needs `permissions: id-token: write`)'],
		[env.npm_config_provenance === 'true', 'published without --provenance'],
		[
			Boolean(version) && env.GITHUB_REF === `refs/tags/v${version}`,
			`not triggered by the tag v${version ?? '<version>'} (GITHUB_REF is ${env.GITHUB_REF ? `"${env.GITHUB_REF}"` : 'not set'})`,
		],
	];
	return conditions.filter(([met]) => !met).map(([, problem]) => problem);
}

const unmet = unmetConditions(process.env);
if (unmet.length > 0) {
	const name = process.env.npm_package_name ?? 'n8n-nodes-venue-booking';
	console.error(
		[
			`npm publish refused: ${name} is published only by the GitHub Actions workflow ${RELEASE_WORKFLOW},`,
			'with npm provenance (n8n verifies community packages by it).',
			'To release: move the CHANGELOG.md lines under [Unreleased] to the new version, set that version with',
			'`npm version <x.y.z> --no-git-tag-version`, commit, then tag the commit `v<x.y.z>` and push the tag.',
			'The workflow runs the checks and publishes. See CONTRIBUTING.md, "Releasing".',
			'',
			'Not met here:',
			...unmet.map((problem) => `  - ${problem}`),
		].join('\n'),
	);
	process.exit(1);
}
console.log(`publishGuard: release workflow, tag ${process.env.GITHUB_REF}, provenance on: publishing.`);
