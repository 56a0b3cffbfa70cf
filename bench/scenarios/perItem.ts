/**
 * 4. Per-item overhead: 10,000 input items, Booking → Get, answered `{}` at once by a sandbox intercept. The
 * floor and the n8n-core loop show what the round trip and n8n-core cost; the rest is each node's own.
 */
import { API_PATH_PREFIX } from '../../nodes/VenueBooking/endpoints';
import { startSandbox } from '../../sandbox';
import { PER_ITEM } from '../config';
import { runRounds } from '../rounds';
import { num } from '../stats';
import { PEAK_RSS_MB, WALL_MS } from './columns';
import type { BenchContext, ScenarioResult } from './types';

const BOOKING_PATH = `${API_PATH_PREFIX}/bookings/`;

export async function perItemBench(context: BenchContext): Promise<ScenarioResult> {
	const sandbox = await startSandbox({
		recordRequests: false,
		// Answers every booking read with {} before auth, routing or the store: the server's part stays tiny.
		intercept: (req, res, { target }) => {
			if (req.method !== 'GET' || !target.rawPath.startsWith(BOOKING_PATH)) return false;
			res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '2' });
			res.end('{}');
			return true;
		},
	});
	try {
		const rows = await runRounds(context, {
			scenario: 'perItem',
			runs: PER_ITEM.runs,
			params: { baseUrl: sandbox.url, apiUrl: sandbox.apiUrl, items: PER_ITEM.items },
			contenders: [
				{ name: 'floor', label: 'floor: keep-alive loop, one at a time' },
				{ name: 'coreLoop', label: 'n8n-core helper loop, one at a time' },
				{ name: 'oursSequential', label: 'Venue Booking node, Parallel Requests 1' },
				{ name: 'httpRequestNode', label: 'HTTP Request node (all at once)' },
			],
		});
		for (const row of rows) row.median.cpuUsPerItem = (num(row.median, 'cpuMs') * 1000) / PER_ITEM.items;
		const [floor, core, ours, http] = rows.map((row) => row.median);
		return {
			id: 'perItem',
			title: `Per-item overhead: Booking → Get, ${PER_ITEM.items.toLocaleString('en')} input items, answer {} at once`,
			notes: [
				'µs / item = wall time ÷ items; CPU µs / item = the process\'s CPU time (user + system) ÷ items',
				'the HTTP Request node starts every request at once (its default), so its wall time hides waiting; CPU does not',
			],
			columns: [
				WALL_MS,
				{ key: 'usPerItem', header: 'µs / item', digits: 0 },
				{ key: 'cpuUsPerItem', header: 'CPU µs / item', digits: 0 },
				PEAK_RSS_MB,
			],
			rows,
			ratios: [
				{ name: 'per item, wall: ours / HTTP Request node', value: num(ours, 'usPerItem') / num(http, 'usPerItem') },
				{ name: 'per item, CPU: ours / HTTP Request node', value: num(ours, 'cpuUsPerItem') / num(http, 'cpuUsPerItem') },
				{ name: 'per item, wall: ours − n8n-core loop (µs)', value: num(ours, 'usPerItem') - num(core, 'usPerItem') },
				{ name: 'per item, CPU: ours − n8n-core loop (µs)', value: num(ours, 'cpuUsPerItem') - num(core, 'cpuUsPerItem') },
				{ name: 'per item, wall: n8n-core loop − floor (µs)', value: num(core, 'usPerItem') - num(floor, 'usPerItem') },
			],
			targets: [],
		};
	} finally {
		await sandbox.close();
	}
}
