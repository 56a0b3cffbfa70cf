/**
 * 1. Export: 100,000 payments, Return All, pages of the sandbox's largest size. Our node vs the floor (plain
 * keep-alive loop) vs n8n's HTTP Request node with its built-in pagination; wall time and memory per run.
 *
 * Bare-array pages with the cursor in a header: n8n's HTTP Request node splits a JSON array into one item per
 * entry but keeps an envelope object as one item per page, so this dialect gives all three contenders the
 * same output (100,000 items) without an extra Split Out node. Our node detects the header cursor itself.
 */
import { startSandbox } from '../../sandbox';
import { EXPORT, TARGETS } from '../config';
import { runRounds } from '../rounds';
import { num, pairedRatio } from '../stats';
import { CPU_MS, PEAK_RSS_MB, WALL_MS } from './columns';
import type { BenchContext, ScenarioResult } from './types';

const MB = 1024 * 1024;

export async function exportBench(context: BenchContext): Promise<ScenarioResult[]> {
	const results: ScenarioResult[] = [];
	for (const { maxPageSize, runs } of EXPORT.pages) results.push(await exportAt(context, maxPageSize, runs));
	return results;
}

async function exportAt(context: BenchContext, maxPageSize: number, runs: number): Promise<ScenarioResult> {
	const sandbox = await startSandbox({
		scale: { payments: EXPORT.payments },
		maxPageSize,
		pagination: 'cursor',
		dialect: { envelope: false },
		recordRequests: false,
	});
	try {
		const names = sandbox.paginationNames();
		const pageSize = sandbox.settings.maxPageSize;
		const rows = await runRounds(context, {
			scenario: 'export',
			variant: `${pageSize}PerPage`,
			runs,
			params: {
				baseUrl: sandbox.url,
				apiUrl: sandbox.apiUrl,
				payments: EXPORT.payments,
				pageSize,
				limitParameter: names.query.limit,
				cursorParameter: names.query.cursor,
				cursorHeader: names.headers.nextCursor,
			},
			contenders: [
				{ name: 'floor', label: 'floor: keep-alive loop' },
				{ name: 'coreLoop', label: 'n8n-core helper loop' },
				{ name: 'ours', label: 'Venue Booking node' },
				{ name: 'httpRequestNode', label: 'HTTP Request node' },
			],
		});
		const [, coreRow, oursRow] = rows;
		const [floor, core, ours, http] = rows.map((row) => row.median);
		const jsonBytes = num(floor, 'jsonBytes');
		for (const row of rows) row.median.rssPerJsonByte = (num(row.median, 'rssGrowthMB') * MB) / jsonBytes;

		const at = `export ${pageSize}/page`;
		const vsFloor = num(ours, 'ms') / num(floor, 'ms');
		const vsHttp = num(ours, 'ms') / num(http, 'ms');
		const rssRatio = num(ours, 'rssPerJsonByte');
		const vsCore = num(ours, 'ms') / num(core, 'ms');
		const paired = pairedRatio(oursRow.samples, coreRow.samples, 'ms');
		return {
			id: `export-${pageSize}`,
			title: `Export: Payment → Get Many, Return All, ${EXPORT.payments.toLocaleString('en')} payments, ${pageSize.toLocaleString('en')} a page`,
			notes: [
				`${num(floor, 'requests')} requests of ${pageSize} (the sandbox's maxPageSize), cursor in ${names.headers.nextCursor}; JSON ${(jsonBytes / MB).toFixed(1)} MB`,
				'RSS growth = peak RSS (kernel high-water mark) − RSS just before the run, each run in its own process',
			],
			columns: [
				WALL_MS,
				CPU_MS,
				{ key: 'items', header: 'items', digits: 0 },
				PEAK_RSS_MB,
				{ key: 'rssGrowthMB', header: 'RSS growth MB', digits: 0 },
				{ key: 'rssPerJsonByte', header: 'growth / JSON', digits: 2 },
			],
			rows,
			ratios: [
				{ name: `${at}: ours / floor`, value: vsFloor },
				{ name: `${at}: ours / HTTP Request node`, value: vsHttp },
				{ name: `${at}: n8n-core loop / floor`, value: num(core, 'ms') / num(floor, 'ms') },
				{ name: `${at}: ours / n8n-core loop`, value: vsCore },
				{ name: `${at}: ours / n8n-core loop, median of run pairs`, value: paired.median },
				// What each request costs beyond the wire: the same whatever the page size if it is per request.
				{ name: `${at}: (ours − floor) per request (µs)`, value: ((num(ours, 'ms') - num(floor, 'ms')) * 1000) / num(floor, 'requests') },
			],
			targets: [
				{ name: `Export time vs the floor, ${pageSize} a page`, goal: `≤ ${TARGETS.exportVsFloor}×`, measured: `${vsFloor.toFixed(2)}×`, met: vsFloor <= TARGETS.exportVsFloor },
				{
					// Both figures: the pair median decides, because the two contenders differ by less than the
					// machine's drift between runs (see pairedRatio).
					name: `Export time vs the n8n-core helper loop, ${pageSize} a page`,
					goal: `≤ ${TARGETS.exportVsCoreLoop}×`,
					measured: `${paired.median.toFixed(2)}× run by run (${paired.min.toFixed(2)}–${paired.max.toFixed(2)}); medians ${vsCore.toFixed(2)}×`,
					met: paired.median <= TARGETS.exportVsCoreLoop,
				},
				{ name: `Export time vs the HTTP Request node, ${pageSize} a page`, goal: '< 1× (faster)', measured: `${vsHttp.toFixed(2)}×`, met: vsHttp < 1 },
				{
					name: `Export memory (RSS growth) vs JSON size, ${pageSize} a page`,
					goal: `≤ ${TARGETS.exportRssPerJsonByte}×`,
					measured: `${rssRatio.toFixed(2)}× (${num(ours, 'rssGrowthMB').toFixed(0)} MB for ${(jsonBytes / MB).toFixed(1)} MB)`,
					met: rssRatio <= TARGETS.exportRssPerJsonByte,
				},
			],
		};
	} finally {
		await sandbox.close();
	}
}
