/**
 * End-to-end run in a real n8n: `npx tsx test/e2e/run-e2e.ts [--n8n 1.123.81|2.41.1] [--package] [--keep]`.
 *
 * Today it proves the machinery with n8n's built-in nodes (infrastructure.checks.ts); with --package it
 * also packs the repository, installs the tarball as a community package and checks that n8n loads
 * its types (package.checks.ts). Next, in package.checks.ts: the `venueBookingApi` credential and one
 * workflow per operation against the sandbox, executed from the CLI with their items asserted.
 *
 * Prints `N passed, M failed` last and exits non-zero when anything failed.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createTempUserFolder, prepareInstance } from '../../scripts/n8n/env';
import { ensureN8n } from '../../scripts/n8n/install';
import { onShutdown } from '../../scripts/n8n/processes';
import { timed } from '../../scripts/n8n/timing';
import { DEFAULT_N8N_VERSION } from '../../scripts/n8n/versions';
import { Checks } from './harness';
import { runCliChecks, runServerChecks, stopServerCheck, type RunningInstance } from './infrastructure.checks';
import { installPackageCheck, loadedTypesCheck } from './package.checks';

const { values: options } = parseArgs({
	options: {
		n8n: { type: 'string', default: process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION },
		package: { type: 'boolean', default: false },
		keep: { type: 'boolean', default: false }, // keep the user folder to look at afterwards
	},
});

const checks = new Checks();

async function main(): Promise<void> {
	const version = options.n8n as string;
	console.log(`e2e on n8n ${version}`);

	const runtime = await timed(`ensure n8n ${version}`, () => ensureN8n(version)).catch((error: unknown) => {
		checks.fail(`install n8n ${version}`, error);
		return undefined;
	});
	if (!runtime) return;

	const instance = await prepareInstance(runtime, { userFolder: createTempUserFolder('venue-booking-e2e') });
	console.log(`user folder: ${instance.userFolder}`);
	const removeUserFolder = async (): Promise<void> => {
		if (options.keep) console.log(`kept ${instance.userFolder}`);
		else rmSync(instance.userFolder, { recursive: true, force: true });
	};
	// On Ctrl-C too; registered before the server's stop, so it runs after it (newest first).
	onShutdown(removeUserFolder);
	let running: RunningInstance = {};
	try {
		const packageInstalled = options.package && (await installPackageCheck(checks, instance));
		await runCliChecks(checks, instance);
		running = await runServerChecks(checks, instance);
		if (packageInstalled && running.rest) await loadedTypesCheck(checks, running.rest);
	} finally {
		if (running.server) await stopServerCheck(checks, running.server);
		await removeUserFolder();
	}
}

main()
	.catch((error: unknown) => checks.fail('e2e run', error))
	.finally(() => {
		console.log(checks.summaryLine());
		process.exit(checks.failed === 0 ? 0 : 1);
	});
