/**
 * End-to-end run in real n8n instances:
 *
 *   npx tsx test/e2e/runE2e.ts [--n8n <version>,<version>] [--skip-package] [--skip-trigger] [--skip-queue] [--keep]
 *                              [--only <group>,<group>]
 *
 * --only runs the machinery (infrastructure.checks.ts, the package's install, the credentials' import, which
 * every group needs) and then only the named groups of package checks, to iterate on a few: the names are
 * CHECK_GROUPS below (e.g. `--only newcomer,examples`); the queue part runs only when `queue` is named. An
 * unknown name fails before anything starts.
 *
 * By default it runs n8n 1.x (Node 20) and then n8n 2.x (Node 24 from .cache): E2E_N8N_VERSIONS in
 * scripts/n8n/versions.ts, each installed into .cache on first use, each in a fresh temp user folder, and then
 * the package in n8n 2.x in queue mode
 * (queue/runQueueE2e.ts: a main, two workers, Postgres, Redis; --skip-queue or E2E_SKIP_QUEUE=1 skips it;
 * `npm run test:e2e:queue` runs it alone). Per version:
 *
 * - infrastructure.checks.ts: the machinery with n8n's built-in nodes (CLI import/execute/activate, the
 *   server, owner login, REST runs, the public API, a clean stop);
 * - package (skipped with --skip-package): the packed tarball installed as a community package, n8n loads
 *   its types; the sandbox started on 127.0.0.1 and a `venueBookingApi` credential imported for it;
 *   operations.checks.ts (all 12 operations by `n8n execute`, items compared with the sandbox's store; a 403);
 *   credential.checks.ts (the credential dialog's Test button, POST /rest/credentials/test, for each case
 *   a person can act on: n8n must hand back the package's own message);
 *   examples.checks.ts (the examples import, their node types load, 01/02/03/05 run to completion);
 *   trigger.checks.ts (activated, the trigger emits exactly the new journal entries; --skip-trigger skips
 *   it and its one-minute wait); triggerFilter.checks.ts (Only Entries Where: its dropdowns through the editor's
 *   REST route, and an activated trigger filtered on one event kind; no wait of its own);
 *   editor.checks.ts (the editor's dynamic-node-parameters routes answer with the lists and fields);
 *   newcomer.checks.ts (issue 35 on a large sandbox workspace of its own and the default one: the Create form as
 *   it opens books on the first run in three workspace shapes, the saved workflow holds no other client's words,
 *   a far client's new booking is found by name on the first search call) and dailyScreens.checks.ts (issue 42
 *   on a large workspace seeded around the real today: the Booking ID picker of Cancel and Reschedule opens on
 *   upcoming bookings, cancelled ones left out (Get marks them); date-time labels name their zone first; a
 *   refused key names the credential, an empty start the form's field);
 *   dialects.checks.ts (in each of five sandbox dialects, switched at runtime: the lists by pages, a booking
 *   created from offered fields and cancelled by picking it from the list, a trigger filtered on one kind);
 *   paymentTrigger.checks.ts (the trigger on Payments: each payment recorded since the last poll, once);
 *   conventions.checks.ts (five real APIs' list conventions: Return All exact or an error saying what to set,
 *   the Booking ID picker to its end, Fetch Test Event newest, a validation error in the server's words);
 *   platformTriggers.checks.ts (every booking platform of E2E_CONVENTIONS at once, a sandbox each: the activated
 *   trigger on both journals emits each new entry once over two scheduled polls; skipped with --skip-trigger);
 *   aiTool.checks.ts (an AI Agent with Venue Booking tools fills offered fields and a Booking ID by $fromAI;
 *   its chat model is a scripted local test double);
 *   fanOut.checks.ts (1,000 items through Client → Get by default at 20 ms latency: in order, the window
 *   past 128 in flight by n8n's stored execution hint; the sandbox's count and the HTTP Request node's time
 *   printed beside it).
 *
 * Prints `N passed, M failed` last and exits non-zero when anything failed.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FIXED_TODAY, startSandbox, type Sandbox } from '../../sandbox';
import { createTempUserFolder, prepareInstance, type N8nInstance } from '../../scripts/n8n/env';
import { ensureN8n } from '../../scripts/n8n/install';
import { onShutdown } from '../../scripts/n8n/processes';
import { N8nPublicApiClient } from '../../scripts/n8n/rest';
import { timed } from '../../scripts/n8n/timing';
import { E2E_N8N_VERSIONS, n8nProfile, resolveN8nVersion } from '../../scripts/n8n/versions';
import { aiToolCheck } from './aiTool.checks';
import { outputDirOf, type E2eContext } from './context';
import { credentialTestChecks } from './credential.checks';
import { conventionChecks } from './conventions.checks';
import { paymentTriggerCheck } from './paymentTrigger.checks';
import { platformTriggerChecks } from './platformTriggers.checks';
import { dialectChecks } from './dialects.checks';
import { createFormCheck, editorRoutesCheck } from './editor.checks';
import { timeZoneCheck } from './timeZone.checks';
import { newcomerChecks } from './newcomer.checks';
import { dailyScreenChecks } from './dailyScreens.checks';
import { fanOutCheck } from './fanOut.checks';
import { bookingSyncCheck, exampleNodeTypesCheck, importExamplesCheck, journalManualRunCheck, nightlyPaymentsCheck, paymentExportCheck } from './examples.checks';
import { Checks } from './harness';
import { runQueueE2e } from './queue/runQueueE2e';
import { runCliChecks, runServerChecks, stopServerCheck, type RunningInstance } from './infrastructure.checks';
import { importCredentialsCheck, runOperationsChecks, runScopeErrorCheck } from './operations.checks';
import { installPackageCheck, loadedTypesCheck } from './package.checks';
import { reactivationPollCheck, startCronPollCheck } from './trigger.checks';
import { filterDropdownsCheck, filteredActivationCheck } from './triggerFilter.checks';

const { values: options } = parseArgs({
	options: {
		n8n: { type: 'string', multiple: true },
		'skip-package': { type: 'boolean', default: false },
		'skip-trigger': { type: 'boolean', default: false },
		'skip-queue': { type: 'boolean', default: process.env.E2E_SKIP_QUEUE === '1' },
		keep: { type: 'boolean', default: false }, // keep the user folders to look at afterwards
		only: { type: 'string', multiple: true },
	},
});

/** The groups of package checks `--only` names, each the check module(s) of that name. */
const CHECK_GROUPS = [
	'operations', 'credential', 'examples', 'trigger', 'triggerFilter', 'paymentTrigger', 'editor', 'timeZone', 'newcomer',
	'aiTool', 'fanOut', 'dialects', 'conventions', 'platformTriggers', 'queue',
] as const;
type CheckGroup = (typeof CHECK_GROUPS)[number];

const only = options.only?.flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
const unknownGroups = (only ?? []).filter((name) => !(CHECK_GROUPS as readonly string[]).includes(name));
if (unknownGroups.length > 0) {
	console.error(`--only: unknown check group(s) ${unknownGroups.join(', ')}; the groups are ${CHECK_GROUPS.join(', ')}`);
	process.exit(2);
}
/** Whether a group of checks runs: all do without --only. */
function wanted(group: CheckGroup): boolean {
	return only === undefined || only.includes(group);
}

const requested = options.n8n ?? (process.env.N8N_VERSION ? [process.env.N8N_VERSION] : E2E_N8N_VERSIONS);
const versions = requested.flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean).map(resolveN8nVersion);

const checks = new Checks();

/** Checks of one version are named `[n8n <version>] <check>`. */
function checksFor(version: string): Checks {
	const scoped = Object.create(checks) as Checks;
	scoped.check = (name, body) => checks.check(`[n8n ${version}] ${name}`, body);
	scoped.fail = (name, error) => checks.fail(`[n8n ${version}] ${name}`, error);
	return scoped;
}

async function runVersion(version: string): Promise<void> {
	const versionChecks = checksFor(version);
	console.log(`\n=== e2e on n8n ${version}`);
	const runtime = await timed(`ensure n8n ${version}`, () => ensureN8n(version)).catch((error: unknown) => {
		versionChecks.fail(`install n8n ${version}`, error);
		return undefined;
	});
	if (!runtime) return;

	const userFolder = createTempUserFolder('venue-booking-e2e');
	const outputDir = outputDirOf({ userFolder } as N8nInstance);
	mkdirSync(outputDir, { recursive: true });
	// n8n 2.x lets file nodes write only below N8N_RESTRICT_FILE_ACCESS_TO (default ~/.n8n-files): allow the
	// examples' output folder (set on 1.x too, where it restricts instead of allowing everything).
	const instance = await prepareInstance(runtime, { userFolder, extraEnv: { N8N_RESTRICT_FILE_ACCESS_TO: outputDir } });
	console.log(`user folder: ${instance.userFolder}`);

	let sandbox: Sandbox | undefined;
	const cleanUp = async (): Promise<void> => {
		await sandbox?.close();
		sandbox = undefined;
		if (options.keep) console.log(`kept ${instance.userFolder}`);
		else rmSync(instance.userFolder, { recursive: true, force: true });
	};
	// On Ctrl-C too; registered before the server's stop, so it runs after it (newest first).
	onShutdown(cleanUp);

	let running: RunningInstance = {};
	try {
		const withPackage = !options['skip-package'] && (await installPackageCheck(versionChecks, instance));
		// The operations checks book on dates they write down (operations.checks.ts).
		if (withPackage) sandbox = await startSandbox({ today: FIXED_TODAY });
		const context: E2eContext | undefined = sandbox ? { checks: versionChecks, instance, sandbox, outputDir } : undefined;

		// CLI phase: the server is not running (CLI commands open the instance's database themselves).
		await runCliChecks(versionChecks, instance);
		let examples: Awaited<ReturnType<typeof importExamplesCheck>> = [];
		// The trigger checks activate example workflows: they need the examples imported.
		const needsExamples = wanted('examples') || wanted('trigger') || wanted('triggerFilter') || wanted('paymentTrigger');
		if (context && (await importCredentialsCheck(context))) {
			if (wanted('operations')) {
				await runOperationsChecks(context);
				await runScopeErrorCheck(context);
			}
			if (needsExamples) examples = await importExamplesCheck(context);
		}

		// Server phase.
		running = await runServerChecks(versionChecks, instance);
		if (context && running.rest && running.server) {
			const rest = running.rest;
			await loadedTypesCheck(versionChecks, rest);
			if (wanted('credential')) await credentialTestChecks(context, rest);
			if (examples.length > 0) {
				if (wanted('examples')) {
					await exampleNodeTypesCheck(context, rest, examples);
					await journalManualRunCheck(context, rest);
				}
				const api = options['skip-trigger'] || !wanted('trigger') ? undefined : new N8nPublicApiClient(running.server.url, await rest.createApiKey('e2e trigger'));
				// The scheduled poll takes up to a minute: the other examples run meanwhile.
				const cronPoll = api ? await startCronPollCheck(context, api) : undefined;
				if (wanted('examples')) {
					await nightlyPaymentsCheck(context, rest);
					await paymentExportCheck(context, rest);
					await bookingSyncCheck(context, rest);
				}
				// Reads the journal only, so it may run while the scheduled poll is awaited.
				if (wanted('triggerFilter')) await filterDropdownsCheck(context, rest);
				if (api && cronPoll) {
					await timed('wait for the scheduled poll', () => cronPoll.done);
					await reactivationPollCheck(context, api, cronPoll);
				}
				// Appends to the journal: only once the example's trigger checks are done.
				if (wanted('triggerFilter') || wanted('paymentTrigger')) {
					const filterApi = api ?? new N8nPublicApiClient(running.server.url, await rest.createApiKey('e2e trigger filter'));
					if (wanted('triggerFilter')) await filteredActivationCheck(context, rest, filterApi);
					if (wanted('paymentTrigger')) await paymentTriggerCheck(context, rest, filterApi);
				}
			}
			// Last: the booking it creates and cancels must not land in the trigger checks' journal windows.
			if (wanted('editor')) {
				await editorRoutesCheck(context, rest);
				await createFormCheck(context, rest);
			}
			if (wanted('timeZone')) await timeZoneCheck(context, rest);
			if (wanted('newcomer')) {
				await newcomerChecks(context, rest);
				await dailyScreenChecks(context, rest);
			}
			if (wanted('aiTool')) await aiToolCheck(context, rest);
			if (wanted('fanOut')) await fanOutCheck(context, rest);
			const dialectApi = wanted('dialects') || (wanted('platformTriggers') && !options['skip-trigger'])
				? new N8nPublicApiClient(running.server.url, await rest.createApiKey('e2e dialects'))
				: undefined;
			if (dialectApi && wanted('dialects')) await dialectChecks(context, rest, dialectApi);
			if (wanted('conventions')) await conventionChecks(context, rest);
			if (dialectApi && wanted('platformTriggers') && !options['skip-trigger']) await platformTriggerChecks(context, rest, dialectApi);
		}
	} finally {
		if (running.server) await stopServerCheck(versionChecks, running.server);
		await cleanUp();
	}
}

async function main(): Promise<void> {
	for (const version of versions) n8nProfile(version); // unknown versions fail before anything starts
	for (const version of versions) {
		const started = Date.now();
		await runVersion(version);
		console.log(`timing: e2e on n8n ${version} (install included): ${((Date.now() - started) / 1000).toFixed(1)} s`);
	}
	// Reuses the 2.x install (QUEUE_N8N_VERSION) in .cache; prints its own timings.
	if (options['skip-queue']) console.log('SKIP e2e in queue mode (--skip-queue)');
	else if (!wanted('queue')) console.log(`SKIP e2e in queue mode (--only ${only?.join(',')})`);
	else await runQueueE2e(checks, { keep: options.keep });
}

main()
	.catch((error: unknown) => checks.fail('e2e run', error))
	.finally(() => {
		console.log(checks.summaryLine());
		process.exit(checks.failed === 0 ? 0 : 1);
	});
