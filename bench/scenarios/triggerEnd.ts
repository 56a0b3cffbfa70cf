/**
 * 3b. Trigger activation and Fetch Test Event on a 100,000-entry oldest-first journal (webhook deliveries, then
 * payments), with Link rel="last", with page totals, and with neither (cursor pages): requests and time. A
 * fresh sandbox per run.
 */
import type { SandboxOptions } from '../../sandbox';
import { TARGETS, TRIGGER_END } from '../config';
import { runRounds } from '../rounds';
import { num } from '../stats';
import { ACTIVATION_REQUESTS } from './columns';
import { journalOldestFirst, journalSandbox, type WatchedJournal } from './journalSandbox';
import type { BenchContext, ScenarioResult } from './types';

interface Variant {
	name: string;
	label: string;
	options: SandboxOptions;
	revealed: boolean;
	runs?: number;
	watch: WatchedJournal;
}

/** The walk without a revealed end takes 5,000 requests; one run of it is enough to show the difference. */
const PAGINATIONS: Array<Omit<Variant, 'watch'>> = [
	{ name: 'linkLast', label: 'Link header with rel="last"', options: { pagination: 'linkHeader', linkLast: true }, revealed: true },
	{ name: 'pageTotals', label: 'page numbers with totals', options: { pagination: 'page' }, revealed: true },
	{ name: 'cursor', label: 'cursor, no end revealed', options: { pagination: 'cursor' }, revealed: false, runs: 1 },
];

/** Every pagination on the webhook delivery journal, then on the payment journal (oldest first in the sandbox). */
const VARIANTS: Variant[] = [
	...PAGINATIONS.map((variant) => ({ ...variant, watch: 'webhookDeliveries' as const })),
	...PAGINATIONS.map((variant) => ({ ...variant, name: `payments-${variant.name}`, label: `payments, ${variant.label}`, watch: 'payments' as const })),
];

const SAMPLE_SIZE = 5;

export async function triggerEndBench(context: BenchContext): Promise<ScenarioResult> {
	const rows = await runRounds(context, {
		scenario: 'triggerEnd',
		runs: TRIGGER_END.runs,
		contenders: VARIANTS.map((variant) => ({
			name: variant.name,
			label: `Venue Booking Trigger, ${variant.label}`,
			task: 'ours',
			runs: variant.runs,
			params: { watch: variant.watch },
		})),
		setUpRun: async (name) => {
			const variant = VARIANTS.find((candidate) => candidate.name === name)!;
			const scale = variant.watch === 'payments' ? { payments: TRIGGER_END.deliveries } : { deliveries: TRIGGER_END.deliveries };
			const run = await journalSandbox({ ...variant.options, scale, journalOrder: 'oldestFirst' });
			const newest = variant.revealed ? journalOldestFirst(run.sandbox, variant.watch).slice(-SAMPLE_SIZE).map((entry) => entry.id) : [];
			return { ...run, params: { ...run.params, newest } };
		},
		describeRun: (metrics) =>
			`activation ${Number(metrics.ms).toFixed(0)} ms / ${metrics.activationRequests} requests, Fetch Test Event ${Number(metrics.sampleMs).toFixed(0)} ms / ${metrics.sampleRequests} requests`,
	});
	const revealed = rows.filter((row) => VARIANTS.find((variant) => variant.name === row.contender)?.revealed);
	const worst = Math.max(...revealed.flatMap((row) => row.samples.flatMap((sample) => [num(sample, 'activationRequests'), num(sample, 'sampleRequests')])));
	return {
		id: 'triggerEnd',
		title: `Trigger activation and Fetch Test Event, ${TRIGGER_END.deliveries.toLocaleString('en')}-entry oldest-first journal`,
		notes: [
			"page size 20 (the sandbox's default: the trigger sets none); order and pagination detected (Automatic)",
			'without a revealed end, activation and Fetch Test Event walk the journal to its end once',
		],
		columns: [
			ACTIVATION_REQUESTS,
			{ key: 'ms', header: 'activation ms', digits: 0 },
			{ key: 'sampleRequests', header: 'Fetch Test Event requests', digits: 0 },
			{ key: 'sampleMs', header: 'Fetch Test Event ms', digits: 0 },
		],
		rows,
		ratios: [],
		targets: [
			{
				name: 'Trigger activation and Fetch Test Event where the end is revealed (worst run)',
				goal: `≤ ${TARGETS.triggerEndRequests} requests`,
				measured: String(worst),
				met: worst <= TARGETS.triggerEndRequests,
			},
		],
	};
}
