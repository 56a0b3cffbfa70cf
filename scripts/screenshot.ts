/**
 * `npm run screenshot [-- --n8n <version>] [-- --out docs/images]` (default: DEFAULT_N8N_VERSION in scripts/n8n/versions.ts): pictures of the package in n8n's editor.
 *
 * Starts what `npm start` starts (the sandbox, a real n8n with the packed package installed, the sandbox
 * credential, the example workflows) plus the workflows of scripts/screenshot/workflows.ts (their Venue Booking
 * nodes at version 1.2, the one a node added now gets), logs in as the owner, then drives headless Chromium
 * (scripts/screenshot/browser.ts) with puppeteer-core on Node 24 (scripts/screenshot/capture.mjs) and writes:
 *
 * - workflow-canvas.png      the Venue Booking Trigger and two Venue Booking nodes on the canvas;
 * - node-parameters.png      Payment → Get Many open: Return All, Options with Pagination (cursor) and Max Retries;
 * - ai-agent-tools.png       example 04: an AI Agent with four Venue Booking tools;
 * - trigger-filter.png       the trigger's Only Entries Where with its Values dropdown open (values seen in the journal);
 * - booking-list.png         Booking → Cancel or Reschedule (Change Fields), the Booking ID list open: upcoming bookings
 *                            first, soonest first, a cancelled one marked "✕ Cancelled";
 * - offered-fields.png       Booking → Create as it opens: the Client picker and the input fields, the rest under "Add field".
 * - nightly-payments.png     example 02: the trigger watching Payments, polled every day at 02:00.
 * - offered-fields-jsonapi.png Booking → Create as it opens on a second sandbox speaking JSON:API (fields in
 *                            `attributes`, references in `relationships`).
 *
 * n8n runs in `--timezone` (default Europe/Berlin, a venue's zone, where the sandbox's prices are in euros), so
 * the pictures show local times as a venue sees them, not n8n's fallback zone (New York).
 *
 * Everything listens on 127.0.0.1 and stops when the script ends. `--hold` keeps n8n running afterwards
 * (Ctrl-C stops it), to look at the editor the browser saw; `--examples` also pictures every example
 * workflow (examples-<id>.png), to review them; `--only <name>` (repeatable) takes only that picture.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '../sandbox';
import { importCredentials, importWorkflows } from './n8n/cli';
import { prepareInstance, createTempUserFolder } from './n8n/env';
import { loadExampleWorkflows } from './n8n/examples';
import { ensureN8n } from './n8n/install';
import { CREDENTIAL, SANDBOX_API_KEY } from './n8n/localStack';
import { ensureNode } from './n8n/nodeRuntime';
import { LOCAL_OWNER } from './n8n/owner';
import { installPackageTarball, packPackage } from './n8n/packageInstall';
import { REPO_DIR } from './n8n/paths';
import { onShutdown, runCommand } from './n8n/processes';
import { N8nRestClient } from './n8n/rest';
import { startN8nServer } from './n8n/server';
import { localTimeZone } from './n8n/timeZone';
import { timed } from './n8n/timing';
import { NODE_24 } from './n8n/versions';
import { ensureChromium, ensurePuppeteer, startChromium } from './screenshot/browser';
import { CHANGE_NODE, canvasWorkflow, CREATE_NODE, discoveryWorkflow, FILTERED_TRIGGER_NODE, jsonApiFormWorkflow, parametersWorkflow, PAYMENTS_NODE, triggerFilterWorkflow } from './screenshot/workflows';

/** A second credential, on a sandbox speaking JSON:API, for the form of nested records. */
const JSON_API_CREDENTIAL = { id: 'venueBookingJapi', name: 'Venue Booking API (JSON:API workspace)', type: CREDENTIAL.type };

const { values: options } = parseArgs({
	options: {
		n8n: { type: 'string', default: process.env.N8N_VERSION },
		out: { type: 'string', default: path.join(REPO_DIR, 'docs', 'images') },
		hold: { type: 'boolean', default: false },
		// Also every example's canvas (examples-<id>.png), to review them; not part of the docs.
		examples: { type: 'boolean', default: false },
		// Only these pictures (file names without .png, repeatable), e.g. to retake one.
		only: { type: 'string', multiple: true },
		timezone: { type: 'string', default: 'Europe/Berlin' },
	},
});

/** What capture.mjs reads (see its header). */
export interface CaptureJob {
	wsEndpoint: string;
	puppeteerDir: string;
	editorUrl: string;
	authCookie: string;
	shots: Array<{ file: string; workflowId: string; openNode?: string; fit?: boolean; openDropdown?: string; open?: 'bookingList' | 'roomDropdown' | 'fields' }>;
}

async function main(): Promise<void> {
	const started = Date.now();
	const [chromium, puppeteerDir, node24] = await timed('Chromium, puppeteer-core and Node 24', async () =>
		Promise.all([ensureChromium(), ensurePuppeteer(), ensureNode(NODE_24)]),
	);
	const tarball = await timed('build + pack the package', () => packPackage(REPO_DIR));
	const runtime = await timed('ensure n8n', () => ensureN8n(options.n8n));

	const sandbox = await startSandbox({ recordRequests: false });
	onShutdown(async () => sandbox.close());
	const jsonApiSandbox = await startSandbox({ recordRequests: false, convention: 'jsonApi' });
	onShutdown(async () => jsonApiSandbox.close());
	const userFolder = createTempUserFolder('venue-booking-screenshot');
	const browserProfile = mkdtempSync(path.join(os.tmpdir(), 'venue-booking-chromium-'));
	const removeFolders = (): void => {
		rmSync(userFolder, { recursive: true, force: true });
		rmSync(browserProfile, { recursive: true, force: true });
	};
	process.on('exit', removeFolders);

	const instance = await prepareInstance(runtime, { userFolder, extraEnv: { GENERIC_TIMEZONE: localTimeZone(options.timezone).zone } });
	await installPackageTarball(userFolder, tarball);
	await importCredentials(instance, [
		{ ...CREDENTIAL, data: { baseUrl: sandbox.url, apiKey: SANDBOX_API_KEY } },
		{ ...JSON_API_CREDENTIAL, data: { baseUrl: jsonApiSandbox.url, apiKey: SANDBOX_API_KEY } },
	]);
	const examples = loadExampleWorkflows(path.join(REPO_DIR, 'examples'), CREDENTIAL.type, CREDENTIAL);
	const canvas = canvasWorkflow(CREDENTIAL);
	const parameters = parametersWorkflow(CREDENTIAL);
	const triggerFilter = triggerFilterWorkflow(CREDENTIAL);
	const discovery = discoveryWorkflow(CREDENTIAL);
	const jsonApiForm = jsonApiFormWorkflow(JSON_API_CREDENTIAL);
	await importWorkflows(instance, [...examples, canvas, parameters, triggerFilter, discovery, jsonApiForm]);

	const server = await timed('start n8n', () => startN8nServer(instance));
	onShutdown(server.stop);
	const rest = new N8nRestClient(server.url, runtime);
	await rest.setupOrLogin(LOCAL_OWNER);

	const browser = await startChromium(chromium, browserProfile);
	onShutdown(browser.stop);
	const outDir = path.resolve(options.out as string);
	mkdirSync(outDir, { recursive: true });
	const job: CaptureJob = {
		wsEndpoint: browser.wsEndpoint,
		puppeteerDir,
		editorUrl: server.url,
		authCookie: rest.authCookie,
		shots: [
			{ file: path.join(outDir, 'workflow-canvas.png'), workflowId: canvas.id },
			{ file: path.join(outDir, 'node-parameters.png'), workflowId: parameters.id, openNode: PAYMENTS_NODE },
			{ file: path.join(outDir, 'ai-agent-tools.png'), workflowId: 'vbAiAgent' },
			{ file: path.join(outDir, 'trigger-filter.png'), workflowId: triggerFilter.id, openNode: FILTERED_TRIGGER_NODE, openDropdown: 'values' },
			{ file: path.join(outDir, 'booking-list.png'), workflowId: discovery.id, openNode: CHANGE_NODE, open: 'bookingList' },
			{ file: path.join(outDir, 'offered-fields.png'), workflowId: discovery.id, openNode: CREATE_NODE, open: 'fields' },
			{ file: path.join(outDir, 'offered-fields-jsonapi.png'), workflowId: jsonApiForm.id, openNode: CREATE_NODE, open: 'fields' },
			// Example 02, the nightly export recipe: the trigger on Payments, polled every day at 02:00.
			{ file: path.join(outDir, 'nightly-payments.png'), workflowId: 'vbNightlyPay', openNode: 'Every Night at 2' },
			...(options.examples ? examples.map((example) => ({ file: path.join(outDir, `examples-${example.id}.png`), workflowId: example.id })) : []),
		],
	};
	if (options.only) {
		const wanted = new Set(options.only.map((name) => `${name.replace(/\.png$/, '')}.png`));
		job.shots = job.shots.filter((shot) => wanted.has(path.basename(shot.file)));
	}
	const jobFile = path.join(browserProfile, 'job.json');
	writeFileSync(jobFile, JSON.stringify(job), { mode: 0o600 });
	const capture = await timed('capture', () =>
		runCommand(node24.nodeBin, [path.join(__dirname, 'screenshot', 'capture.mjs'), jobFile], { echo: true }),
	);
	if (capture.code !== 0) throw new Error(`capture failed (exit ${capture.code})`);
	await browser.stop();
	console.log(`screenshots in ${path.relative(REPO_DIR, outDir) || '.'} (n8n ${runtime.version}), ${((Date.now() - started) / 1000).toFixed(0)} s`);

	if (options.hold) {
		console.log(`n8n stays up at ${server.url} (${LOCAL_OWNER.email} / ${LOCAL_OWNER.password}); Ctrl-C stops it`);
		await server.exited;
		return;
	}
	await server.stop();
	await sandbox.close();
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	},
);
