/**
 * 3. Trigger: one poll over a 100,000-entry journal with 10 new entries: the webhook delivery journal in both
 * orders, and the payment journal (which the sandbox lists oldest first, in creation order). A fresh sandbox
 * per run keeps the journal at exactly 100,000 entries before the new ones arrive.
 */
import type { JournalOrder } from '../../sandbox';
import { TRIGGER } from '../config';
import { runRounds } from '../rounds';
import { num } from '../stats';
import { journalSandbox, type WatchedJournal } from './journalSandbox';
import { ACTIVATION_REQUESTS, REQUESTS } from './columns';
import type { BenchContext, ScenarioResult } from './types';

/** Each contender: a journal and, for the deliveries, the order the sandbox lists them in. */
const JOURNALS: Array<{ name: string; label: string; watch: WatchedJournal; order?: JournalOrder }> = [
	{ name: 'newestFirst', label: 'webhook deliveries, newestFirst', watch: 'webhookDeliveries', order: 'newestFirst' },
	{ name: 'oldestFirst', label: 'webhook deliveries, oldestFirst', watch: 'webhookDeliveries', order: 'oldestFirst' },
	{ name: 'payments', label: 'payments (oldestFirst)', watch: 'payments' },
];

export async function triggerBench(context: BenchContext): Promise<ScenarioResult> {
	let pageSize = 0;
	const rows = await runRounds(context, {
		scenario: 'trigger',
		runs: TRIGGER.runs,
		params: { newEntries: TRIGGER.newEntries },
		contenders: JOURNALS.map((journal) => ({ name: journal.name, label: `Venue Booking Trigger, ${journal.label}`, task: 'ours', params: { watch: journal.watch } })),
		setUpRun: async (name) => {
			const journal = JOURNALS.find((candidate) => candidate.name === name)!;
			const run = await journalSandbox(
				journal.watch === 'payments'
					? { scale: { payments: TRIGGER.deliveries } }
					: { scale: { deliveries: TRIGGER.deliveries }, journalOrder: journal.order },
			);
			pageSize = run.sandbox.settings.defaultPageSize;
			return run;
		},
		describeRun: (metrics) => `${Number(metrics.ms).toFixed(0)} ms, ${metrics.requests} requests`,
	});
	const allowed = 2 + Math.ceil(TRIGGER.newEntries / pageSize);
	// Every run, not the median: the request count must hold each time.
	const worst = (key: string) => Math.max(...rows.flatMap((row) => row.samples.map((sample) => num(sample, key))));
	return {
		id: 'trigger',
		title: `Trigger: one poll, ${TRIGGER.deliveries.toLocaleString('en')}-entry journal, ${TRIGGER.newEntries} new entries`,
		notes: [
			`page size ${pageSize} (the sandbox's default: the trigger sets none); order detected (Automatic)`,
			'activation = the first poll, which records where the journal stands (oldest-first: walks to the end once)',
		],
		columns: [
			REQUESTS,
			{ key: 'ms', header: 'ms', digits: 1 },
			{ key: 'stateBytes', header: 'state bytes', digits: 0 },
			ACTIVATION_REQUESTS,
			{ key: 'activationMs', header: 'activation ms', digits: 0 },
		],
		rows,
		ratios: [],
		targets: [
			{
				name: 'Trigger requests per poll, both orders and both journals (worst run)',
				goal: `≤ 2 + ceil(${TRIGGER.newEntries}/${pageSize}) = ${allowed}`,
				measured: String(worst('requests')),
				met: worst('requests') <= allowed,
			},
			{
				name: 'Trigger state, serialised (worst run)',
				goal: `≤ ${TRIGGER.stateLimitBytes / 1024} KiB`,
				measured: `${(worst('stateBytes') / 1024).toFixed(1)} KiB`,
				met: worst('stateBytes') <= TRIGGER.stateLimitBytes,
			},
		],
	};
}
