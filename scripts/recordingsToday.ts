/**
 * What today's detection reads from the recorded answers of test/recordings (issue 34): the list, the
 * pagination, whether more follows, the identity and, for refusals, the server's words, each beside what
 * the recording expects. Run: npx tsx scripts/recordingsToday.ts [platformKey]. Prints one line per
 * disagreement; exits 0 (it reports, it does not judge: `knownMisread` says which are known).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseIdentityMode, detectIdentityField } from '../nodes/VenueBooking/identity';
import { failureDeclaredInBody, findServerMessage } from '../nodes/VenueBooking/transport/errors';
import { detectPagination, findListSignals, moreSignalled } from '../nodes/VenueBooking/transport/pagination/detect';
import { type FetchedPage, strategyFor } from '../nodes/VenueBooking/transport/pagination/strategies';
import { readPath } from '../nodes/VenueBooking/transport/json';
import { listAt, locateList } from '../nodes/VenueBooking/transport/response';

const root = join(__dirname, '..', 'test', 'recordings');
const only = process.argv[2];
const order = ['first', 'middle', 'last'];

for (const platform of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
	if (only && platform !== only) continue;
	const files = readdirSync(join(root, platform)).filter((f) => f.endsWith('.json'));
	files.sort((a, b) => (order.indexOf(a.replace('.json', '')) + 10) % 13 - (order.indexOf(b.replace('.json', '')) + 10) % 13 || a.localeCompare(b));
	let read = 0;
	let pageNo = 0;
	let walk: ReturnType<typeof detectPagination>;
	for (const file of files) {
		const rec = JSON.parse(readFileSync(join(root, platform, file), 'utf8'));
		const { body, status, headers } = rec.response;
		const url = new URL(rec.request.url);
		const query = Object.fromEntries(url.searchParams.entries());
		const out: string[] = [];
		const say = (what: string, today: unknown, expected: unknown) => {
			if (JSON.stringify(today) !== JSON.stringify(expected)) out.push(`${what}: today ${JSON.stringify(today)}, expected ${JSON.stringify(expected)}`);
		};
		if (rec.page === 'error') {
			const declared = status < 300 ? failureDeclaredInBody(body) : undefined;
			const words = findServerMessage(body);
			if (status < 300 && declared === undefined) out.push('refusal read as success (failureDeclaredInBody: undefined)');
			if (!String(declared ?? words ?? '').includes(rec.expect.error)) out.push(`server words: today ${JSON.stringify(declared ?? words)}, expected to contain ${JSON.stringify(rec.expect.error)}`);
		} else {
			const location = locateList(body);
			const entries = listAt(body, location) ?? [];
			const path = location.kind === 'body' ? '' : location.kind === 'property' ? location.path : null;
			say('list', path, rec.expect.list);
			say('entries', entries.length, rec.expect.entries);
			const page: FetchedPage = { query, response: { statusCode: status, headers, body, url: rec.request.url }, entries };
			pageNo += 1;
			read += entries.length;
			if (rec.page === 'first') {
				walk = detectPagination(page);
				const expected = rec.expect.walk;
				const subset = walk && expected ? Object.fromEntries(Object.keys(expected).map((k) => [k, (walk as unknown as Record<string, unknown>)[k]])) : walk ?? null;
				say('walk', subset, expected);
			}
			// More follows when the walk has a next page, or, where it has none, when the page says the list goes on.
			const next = walk ? strategyFor(walk)?.next(page, undefined) : undefined;
			const more = next !== undefined || moreSignalled(page, { read, resumed: false, page: pageNo, unpaged: walk === undefined }) !== undefined;
			say('more (walk from page 1)', more, rec.expect.more);
			if (rec.page !== 'first') {
				const resumed = next !== undefined || moreSignalled(page, { read: entries.length, resumed: true, page: pageNo, unpaged: walk === undefined }) !== undefined;
				say('more (resumed walk, the trigger)', resumed, rec.expect.more);
			}
			const totalPath = findListSignals(page).totalPath;
			const total = totalPath === undefined ? null : Number(totalPath.startsWith('header:') ? headers[totalPath.slice(7).toLowerCase()] : readPath(body, totalPath));
			say('total', total, rec.expect.total);
			// One entry cannot show which field tells entries apart.
			if (rec.expect.identity && entries.length > 1) {
				const mode = chooseIdentityMode(entries);
				const today = mode === 'id' ? 'id' : (detectIdentityField(entries) ?? null);
				say('identity', today, rec.expect.identity);
			}
		}
		const known = rec.knownMisread ? ' [knownMisread]' : '';
		console.log(`${platform}/${file}${known}: ${out.length === 0 ? 'read as expected' : out.join('; ')}`);
	}
}
