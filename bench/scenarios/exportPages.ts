/**
 * 1b. Return All at 20 ms latency: cursor pages (sequential) and numbered or offset pages with a total
 * (fetched at once in the adaptive window) vs a sequential keep-alive loop over the same numbered pages.
 * One sandbox; its pagination style is switched before each run to the one the contender reads.
 */
import { startSandbox, type PaginationStyle } from '../../sandbox';
import { paginationParameterNames } from '../../sandbox/paginationNames';
import { EXPORT_PAGES, TARGETS } from '../config';
import { runRounds } from '../rounds';
import { num } from '../stats';
import { CPU_MS, PEAK_RSS_MB, REQUESTS, WALL_MS } from './columns';
import type { BenchContext, ScenarioResult } from './types';

const STYLE_OF: Record<string, PaginationStyle> = { loop: 'page', oursCursor: 'cursor', oursPages: 'page', oursOffset: 'offset' };

export async function exportPagesBench(context: BenchContext): Promise<ScenarioResult> {
	const { payments, pageSize, latencyMs, runs } = EXPORT_PAGES;
	const sandbox = await startSandbox({
		scale: { payments },
		maxPageSize: pageSize,
		pagination: 'page',
		faults: { latencyMs },
		recordRequests: false,
	});
	try {
		const names = (style: PaginationStyle) => paginationParameterNames({ pagination: style, dialect: { envelope: true } });
		const page = names('page');
		const rows = await runRounds(context, {
			scenario: 'exportPages',
			runs,
			params: {
				baseUrl: sandbox.url,
				apiUrl: sandbox.apiUrl,
				payments,
				pageSize,
				sizeParameter: page.query.perPage ?? '',
				pageParameter: page.query.page ?? '',
				listField: page.listField ?? '',
				totalPagesField: page.body.totalPages ?? '',
				expectedIds: sandbox.store.payments.map((payment) => payment.id),
			},
			contenders: [
				{ name: 'loop', label: 'keep-alive loop, numbered pages, one at a time' },
				{ name: 'oursCursor', label: 'Venue Booking node, cursor pages', params: { sizeParameter: names('cursor').query.limit ?? '' } },
				{ name: 'oursPages', label: 'Venue Booking node, numbered pages with a total' },
				{ name: 'oursOffset', label: 'Venue Booking node, offsets with a total', params: { sizeParameter: names('offset').query.limit ?? '' } },
			],
			beforeRun: (contender) => sandbox.setOptions({ pagination: STYLE_OF[contender] }),
		});
		const [loop, cursor, pages, offset] = rows.map((row) => row.median);
		const speedPages = num(loop, 'ms') / num(pages, 'ms');
		const speedOffset = num(loop, 'ms') / num(offset, 'ms');
		return {
			id: 'exportPages',
			title: `Return All at ${latencyMs} ms latency: ${payments.toLocaleString('en')} payments, ${pageSize} a page`,
			notes: [
				`${payments / pageSize} pages; one at a time that is ≥ ${((payments / pageSize) * latencyMs) / 1000} s of latency alone`,
				'cursor pages can only be read one after another; numbered and offset pages with a total are fetched at once',
			],
			columns: [
				WALL_MS,
				REQUESTS,
				CPU_MS,
				PEAK_RSS_MB,
			],
			rows,
			ratios: [
				{ name: 'pages at 20 ms: keep-alive loop / ours, numbered pages (speed-up)', value: speedPages },
				{ name: 'pages at 20 ms: keep-alive loop / ours, offsets (speed-up)', value: speedOffset },
				{ name: 'pages at 20 ms: ours, cursor / keep-alive loop', value: num(cursor, 'ms') / num(loop, 'ms') },
			],
			targets: [
				{
					name: 'Page/offset Return All at 20 ms vs the sequential keep-alive loop (the slower of the two)',
					goal: `≥ ${TARGETS.pagesVsSequentialLoop}× faster`,
					measured: `${Math.min(speedPages, speedOffset).toFixed(1)}× (pages ${speedPages.toFixed(1)}×, offsets ${speedOffset.toFixed(1)}×)`,
					met: Math.min(speedPages, speedOffset) >= TARGETS.pagesVsSequentialLoop,
				},
			],
		};
	} finally {
		await sandbox.close();
	}
}
