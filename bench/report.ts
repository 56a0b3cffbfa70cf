/** The printed report: one table of medians per scenario, then every ratio and target of this run. */
import type { ScenarioResult } from './scenarios/types';

function format(value: number | string | undefined, digits = 0): string {
	if (typeof value !== 'number') return value ?? '';
	return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function table(header: string[], rows: string[][]): string[] {
	const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
	// First column left-aligned (labels), numbers right-aligned.
	const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
	return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
}

/** The spread of the wall time over the runs, so a reader sees how noisy a median is. */
function range(samples: Array<Record<string, number | string>>): string {
	const values = samples.map((sample) => sample.ms).filter((value): value is number => typeof value === 'number');
	if (values.length < 2) return '';
	const digits = Math.min(...values) < 100 ? 1 : 0;
	return `${format(Math.min(...values), digits)}–${format(Math.max(...values), digits)}`;
}

export function renderScenario(result: ScenarioResult): string {
	const header = ['', ...result.columns.map((column) => column.header), 'ms min–max', 'runs'];
	const rows = result.rows.map((row) => [
		row.label,
		...result.columns.map((column) => format(row.median[column.key], column.digits)),
		range(row.samples),
		String(row.samples.length),
	]);
	return [`## ${result.title} (medians)`, ...result.notes.map((note) => `   ${note}`), '', ...table(header, rows)].join('\n');
}

export function renderSummary(results: ScenarioResult[]): string {
	const ratios = results.flatMap((result) => result.ratios);
	const targets = results.flatMap((result) => result.targets);
	const ratioLines =
		ratios.length === 0
			? []
			: [
					'## Ratios (from the medians above, this run)',
					...table(
						['', 'value'],
						ratios.map((ratio) => [ratio.name, format(ratio.value, ratio.name.includes('µs') ? 0 : 2)]),
					),
					'',
				];
	return [
		...ratioLines,
		'## Targets',
		...table(
			['', 'goal', 'measured', ''],
			targets.map((target) => [target.name, target.goal, target.measured, target.met ? 'met' : 'MISSED']),
		),
	].join('\n');
}
