/** Wall time and memory of one measured run, taken inside the child so they belong to the contender alone. */

const MB = 1024 * 1024;

/** Full collections before the run (the child runs with --expose-gc), so "RSS before" holds no warm-up garbage. */
function collect(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	gc?.();
}

export interface MemoryBaseline {
	rssBefore: number;
	peakBefore: number;
}

export function memoryBaseline(): MemoryBaseline {
	collect();
	return { rssBefore: process.memoryUsage.rss(), peakBefore: process.resourceUsage().maxRSS * 1024 };
}

/**
 * Peak RSS is the kernel's high-water mark (exact, unlike sampling, which misses peaks inside long synchronous
 * work). The growth is measured from the RSS just before the run: an upper bound on what the run itself needed.
 */
export function memoryReport(baseline: MemoryBaseline): Record<string, number> {
	const peak = process.resourceUsage().maxRSS * 1024;
	return {
		rssBeforeMB: baseline.rssBefore / MB,
		peakRssMB: peak / MB,
		rssGrowthMB: (peak - baseline.rssBefore) / MB,
		// 1 when the run never pushed the high-water mark above what loading and warm-up reached.
		peakSetBeforeRun: peak <= baseline.peakBefore ? 1 : 0,
	};
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
	const started = performance.now();
	const value = await work();
	return { ms: performance.now() - started, value };
}
