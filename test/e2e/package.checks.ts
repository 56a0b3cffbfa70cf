/**
 * Checks of the package itself inside n8n: the packed tarball installs as a community package and n8n
 * loads its node and credential types. What the nodes do there: operations.checks.ts (all 12 operations),
 * examples.checks.ts (the example workflows) and trigger.checks.ts (the activated trigger).
 */
import type { N8nInstance } from '../../scripts/n8n/env';
import { installPackageTarball, packPackage, PACKAGE_NAME } from '../../scripts/n8n/packageInstall';
import { REPO_DIR } from '../../scripts/n8n/paths';
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { timed } from '../../scripts/n8n/timing';
import { assert, type Checks } from './harness';

export const EXPECTED_NODE_TYPES = [`${PACKAGE_NAME}.venueBooking`, `${PACKAGE_NAME}.venueBookingTrigger`];
export const EXPECTED_CREDENTIAL_TYPES = ['venueBookingApi'];

/** Before n8n starts (CLI commands and the server load community packages at startup). */
export async function installPackageCheck(checks: Checks, instance: N8nInstance): Promise<boolean> {
	return checks.check('package: build, pack and install the tarball as a community package', async () => {
		const tarball = await timed('build + pack', () => packPackage(REPO_DIR));
		await timed('npm install <tarball>', () => installPackageTarball(instance.userFolder, tarball));
	});
}

/** With the server running and logged in. */
export async function loadedTypesCheck(checks: Checks, rest: N8nRestClient): Promise<void> {
	await checks.check('package: n8n loads its node and credential types', async () => {
		const nodeTypes = await rest.loadedNodeTypes();
		const credentialTypes = await rest.loadedCredentialTypes();
		const missing = [
			...EXPECTED_NODE_TYPES.filter((type) => !nodeTypes.includes(type)),
			...EXPECTED_CREDENTIAL_TYPES.filter((type) => !credentialTypes.includes(type)),
		];
		const ours = nodeTypes.filter((type) => type.startsWith(PACKAGE_NAME));
		assert(missing.length === 0, `not loaded: ${missing.join(', ')} (loaded from the package: ${ours.join(', ') || 'nothing'})`);
	});
}
