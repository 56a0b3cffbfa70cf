/**
 * The example workflows of `examples/`, imported as a user would (with the credential `npm start` creates)
 * and run to completion:
 * - every example imports, and n8n knows every node type in it (the AI agent's `venueBookingTool` too);
 * - 01 (file variant): its Venue Booking Trigger run in manual mode ("Fetch Test Event" / "Execute
 *   workflow" in the editor) gives the newest journal entries, and the CSV written holds them;
 * - 02: the trigger's newest payments in manual mode, written as a bookkeeper's CSV: a header row of readable
 *   columns, each payment's local date in n8n's zone, client, room and service by name, the amount in currency
 *   units beside the cents (issue 42), every value as the sandbox's store holds it;
 * - 05: the payment export's CSV has a row per payment of the workspace;
 * - 03: each booking comes out merged with its client.
 *
 * `n8n execute` starts only from a Manual Trigger, so these run over the REST API the editor uses:
 * POST /rest/workflows/:id/run with `triggerToStartFrom` = the example's own trigger (a Schedule Trigger
 * fires at once in manual mode; a polling trigger runs one poll in manual mode). The only change made to
 * the examples is where they write: `/tmp/venue-booking-*` becomes `<this run's temp folder>/venue-booking-*`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as cli from '../../scripts/n8n/cli';
import { loadExampleWorkflows } from '../../scripts/n8n/examples';
import { REPO_DIR } from '../../scripts/n8n/paths';
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { nodeOutputItems, runError, type RunData } from '../../scripts/n8n/runData';
import { timed } from '../../scripts/n8n/timing';
import { MANUAL_SAMPLE_SIZE } from '../../nodes/VenueBooking/trigger/description';
import { EXAMPLES_OUTPUT_PREFIX, FULL_CREDENTIAL, ids, type E2eContext } from './context';
import { csvRecords, parseCsv } from './csv';
import { assert, assertEqual } from './harness';
import { TOOL_NODE_TYPE } from './operationsWorkflow';

export const EXAMPLE_IDS = {
	journalToSheets: 'vbJournalSheets',
	journalToFile: 'vbJournalFile',
	nightlyPayments: 'vbNightlyPay',
	paymentExport: 'vbPaymentExport',
	bookingSync: 'vbBookingSync',
	aiAgent: 'vbAiAgent',
} as const;


export function loadExamples(outputDir: string): cli.WorkflowToImport[] {
	const workflows = loadExampleWorkflows(path.join(REPO_DIR, 'examples'), FULL_CREDENTIAL.type, FULL_CREDENTIAL);
	return workflows.map((workflow) => JSON.parse(JSON.stringify(workflow).split(EXAMPLES_OUTPUT_PREFIX).join(`${outputDir}/venue-booking-`)) as cli.WorkflowToImport);
}

export async function importExamplesCheck(context: E2eContext): Promise<cli.WorkflowToImport[]> {
	const { checks, instance, outputDir } = context;
	let examples: cli.WorkflowToImport[] = [];
	await checks.check('examples: every examples/*.json imports with the n8n CLI', async () => {
		examples = loadExamples(outputDir);
		const found = examples.map((workflow) => workflow.id).sort();
		assertEqual(found, Object.values(EXAMPLE_IDS).sort(), 'example workflow ids');
		await timed('CLI import:workflow (examples)', () => cli.importWorkflows(instance, examples));
	});
	return examples;
}

/** The CSV files one example wrote, newest last. */
export function writtenFiles(folder: string, pattern: RegExp): string[] {
	if (!existsSync(folder)) return [];
	return readdirSync(folder)
		.filter((name) => pattern.test(name))
		.sort()
		.map((name) => path.join(folder, name));
}

export function journalFileOf(outputDir: string, executionId: string): string {
	const files = writtenFiles(outputDir, new RegExp(`^venue-booking-journal-.*-${executionId}\\.csv$`));
	assert(files.length === 1, `expected one journal CSV of execution ${executionId}, found ${files.length} in ${outputDir}`);
	return files[0];
}

async function runFromTrigger(rest: N8nRestClient, workflowId: string, triggerName: string): Promise<{ id: string; run: RunData }> {
	const executionId = await rest.runWorkflow(workflowId, triggerName);
	const execution = await rest.waitForExecution(executionId, 90_000);
	assertEqual(runError(execution.run), undefined, `error of execution ${executionId}`);
	assertEqual(execution.status, 'success', `status of execution ${executionId}`);
	return { id: executionId, run: execution.run };
}

export async function exampleNodeTypesCheck(context: E2eContext, rest: N8nRestClient, examples: cli.WorkflowToImport[]): Promise<void> {
	await context.checks.check('examples: n8n knows every node type they use (incl. n8n-nodes-venue-booking.venueBookingTool)', async () => {
		const known = new Set(await rest.loadedNodeTypes());
		const used = new Set(examples.flatMap((workflow) => (workflow.nodes as Array<{ type: string }>).map((node) => node.type)));
		assert(used.has(TOOL_NODE_TYPE), `no example uses ${TOOL_NODE_TYPE}`);
		const unknown = [...used].filter((type) => !known.has(type));
		assertEqual(unknown, [], 'node types n8n does not know');
		for (const example of examples) {
			const stored = await rest.getWorkflow(example.id);
			assertEqual(stored.nodes.length, example.nodes.length, `nodes of "${example.name}" as n8n stored it`);
		}
	});
}

export async function journalManualRunCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox, outputDir } = context;
	await checks.check('01 journal → file: the trigger in manual mode gives the newest entries, written to a CSV', async () => {
		const expected = sandbox.store.deliveries.slice(-MANUAL_SAMPLE_SIZE).map((entry) => entry.id);
		const { id, run } = await timed('REST run of 01 from its trigger', () => runFromTrigger(rest, EXAMPLE_IDS.journalToFile, 'Venue Booking Trigger'));
		assertEqual(ids(nodeOutputItems(run, 'Venue Booking Trigger')), expected, 'entries of the trigger (oldest first)');
		const rows = csvRecords(readFileSync(journalFileOf(outputDir, id), 'utf8'));
		assertEqual(ids(rows), expected, 'ids in the CSV');
		assertEqual(Object.keys(rows[0]).includes('event'), true, 'the CSV has the entries\' own columns');
	});
}

export async function nightlyPaymentsCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox, outputDir } = context;
	await checks.check('02 nightly new payments: the trigger on Payments in manual mode gives the newest payments, written to a CSV', async () => {
		const expected = sandbox.store.payments.slice(-MANUAL_SAMPLE_SIZE).map((payment) => payment.id);
		const { run } = await timed('REST run of 02 from its trigger', () => runFromTrigger(rest, EXAMPLE_IDS.nightlyPayments, 'Every Night at 2'));
		assertEqual(ids(nodeOutputItems(run, 'Every Night at 2')), expected, 'payments of the trigger (oldest first)');
		const files = writtenFiles(outputDir, /^venue-booking-new-payments-\d{4}-\d{2}-\d{2}\.csv$/);
		assertEqual(files.length, 1, 'venue-booking-new-payments-<date>.csv files written');
		const text = readFileSync(files[0], 'utf8');
		const rows = csvRecords(text);
		assertEqual(ids(rows), expected, 'ids in the CSV');
		const zone = ((await rest.settings()) as { timezone?: string }).timezone;
		assert(typeof zone === 'string' && zone !== '', `n8n's instance zone (${String(zone)})`);
		assertBookkeepersCsv(sandbox, text, rows, zone);
	});
}

/** The columns example 02's Bookkeeping Columns writes, in order (issue 42: what a bookkeeper reads first, then the ids). */
const BOOKKEEPING_HEADER = ['date', 'client', 'room', 'service', 'kind', 'method', 'amount', 'currency', 'time_zone', 'id', 'booking_id', 'amount_cents'];

/** An instant as a wall clock in a zone, "2026-12-02 10:00" (the form of the node's Add Local Times). */
function wallClockIn(iso: string, zone: string): string {
	return new Date(Date.parse(iso)).toLocaleString('sv-SE', { timeZone: zone, hour12: false }).slice(0, 16);
}

/**
 * Example 02's CSV as a bookkeeper opens it (issue 42, item 2): the header row first, then per payment its local
 * date in the workflow's zone (n8n's instance zone: the example sets none), its client, room and service by name
 * (the trigger's Add Names, version 1.2), the amount in currency units beside the cents, the zone named; the
 * sandbox's store is the judge of every value.
 */
function assertBookkeepersCsv(sandbox: E2eContext['sandbox'], text: string, rows: Array<Record<string, string>>, zone: string): void {
	const { store } = sandbox;
	assertEqual(parseCsv(text.replace(/^\uFEFF/, ''))[0], BOOKKEEPING_HEADER, 'the CSV\'s header row');
	assert(rows.length > 0, 'the CSV has rows');
	for (const row of rows) {
		const payment = store.payments.find((candidate) => candidate.id === row.id);
		assert(payment, `row ${row.id} is a payment of the workspace`);
		const booking = store.findBooking(payment.bookingId);
		assert(booking, `payment ${payment.id}'s booking ${payment.bookingId}`);
		const expected = {
			date: wallClockIn(payment.createdAt, zone),
			client: store.findClient(payment.clientId)?.name,
			room: store.findRoom(booking.roomId)?.name,
			service: store.findService(booking.serviceId)?.name,
			kind: payment.kind,
			method: payment.method,
			currency: payment.currency,
			time_zone: zone,
			booking_id: payment.bookingId,
			amount_cents: String(payment.amountCents),
		};
		assertEqual(Object.fromEntries(Object.keys(expected).map((key) => [key, row[key]])), expected, `row of payment ${payment.id}`);
		// In currency units: 4500 cents are 45, -1250 are -12.5.
		assert(/^-?\d+(\.\d{1,2})?$/.test(row.amount) && Math.round(Number(row.amount) * 100) === payment.amountCents, `amount of payment ${payment.id}: "${row.amount}" for ${payment.amountCents} cents`);
	}
	assert(rows.some((row) => row.amount !== row.amount_cents), 'some amount differs from its cents (the amounts are in currency units)');
}

export async function paymentExportCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox, outputDir } = context;
	await checks.check('05 full payment export: the CSV has a row per payment, in order', async () => {
		const expected = sandbox.store.payments.map((payment) => payment.id);
		const { run } = await timed('REST run of 05 from its Schedule Trigger', () => runFromTrigger(rest, EXAMPLE_IDS.paymentExport, 'Every Day at 6'));
		assertEqual(ids(nodeOutputItems(run, 'Get many payments')), expected, 'payments of "Get many payments"');
		const files = writtenFiles(outputDir, /^venue-booking-payments-\d{4}-\d{2}-\d{2}\.csv$/);
		assertEqual(files.length, 1, 'venue-booking-payments-<date>.csv files written');
		const rows = csvRecords(readFileSync(files[0], 'utf8'));
		assertEqual(rows.length, expected.length, 'CSV rows');
		assertEqual(ids(rows), expected, 'ids in the CSV');
		const first = sandbox.store.payments[0];
		assertEqual([rows[0].amount_cents, rows[0].kind], [String(first.amountCents), first.kind], 'first row [amount_cents, kind]');
	});
}

export async function bookingSyncCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox } = context;
	await checks.check('03 booking sync: every booking merged with its client', async () => {
		const expected = sandbox.store.bookings.map((booking) => booking.id);
		const { run } = await timed('REST run of 03 from its Schedule Trigger', () => runFromTrigger(rest, EXAMPLE_IDS.bookingSync, 'Every Hour'));
		const merged = nodeOutputItems(run, 'Merge');
		assertEqual(ids(merged), expected, 'bookings out of "Merge"');
		for (const item of merged) {
			const client = item.client as Record<string, unknown> | undefined;
			const stored = sandbox.store.findClient(String(item.client_id));
			assert(client && stored, `booking ${String(item.id)}: no client merged (client_id ${String(item.client_id)})`);
			assertEqual([client.id, client.email], [stored.id, stored.email], `client of booking ${String(item.id)}`);
		}
	});
}
