/** Medians over runs: robust to the odd slow run on a shared, noisy machine. */
import type { Metrics } from './protocol';

export function median(values: number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of every numeric metric over the samples (string notes are taken from the first sample). */
export function medianMetrics(samples: Metrics[]): Metrics {
	const result: Metrics = {};
	for (const key of Object.keys(samples[0] ?? {})) {
		const values = samples.map((sample) => sample[key]);
		result[key] = values.every((value) => typeof value === 'number') ? median(values as number[]) : values[0];
	}
	return result;
}

export function num(metrics: Metrics, key: string): number {
	const value = metrics[key];
	if (typeof value !== 'number') throw new Error(`metric "${key}" is missing`);
	return value;
}

/**
 * The ratio of two contenders run by run: the median and range of `a[i] / b[i]`. Runs are interleaved, so
 * run i of each contender ran back to back; a ratio within a pair cancels out whatever the shared machine
 * was doing at that moment, which a ratio of the two medians does not.
 */
export function pairedRatio(a: Metrics[], b: Metrics[], key: string): { median: number; min: number; max: number } {
	const ratios: number[] = [];
	for (let i = 0; i < Math.min(a.length, b.length); i++) ratios.push(num(a[i], key) / num(b[i], key));
	return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}
