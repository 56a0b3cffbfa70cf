/**
 * `--only editor`: the editor's pickers and form on a venue's real size (5,000 clients, 20,000 bookings, 300
 * rooms, 40 services), in the sandbox's own dialect and every convention it speaks (`--conventions stripe,mindbody`
 * picks some; `default` is the sandbox's own). Where a convention's answers never name the parameter that asks for
 * the next page, the editor gets the Options > Pagination a user sets there (test/support/conventions.ts). Each view is called
 * as n8n's /rest/dynamic-node-parameters routes call it (n8n-core's LoadOptionsContext, in this process) from a
 * cold editor session, and counted: requests the sandbox answered, wall time, and what the view got right
 * (labels naming their own client and room, the result page a far client's booking shows on, rooms offered).
 */
import type { INodeListSearchResult, INodeParameters, ResourceMapperFields } from 'n8n-workflow';

import { forgetEditorSessions } from '../../nodes/VenueBooking/editorSession';
import { isNoticeRow, searchBookings, searchClients } from '../../nodes/VenueBooking/methods/listSearch';
import { bookingFields } from '../../nodes/VenueBooking/methods/resourceMapping';
import { CONVENTIONS, conventionInfo, type ConventionName, FIXED_TODAY, startSandbox, type Sandbox } from '../../sandbox';
import { createBooking } from '../../sandbox/bookingRules';
import { computeFreeSlots } from '../../sandbox/slots';
import { PAGINATION_AS_SET_WHEN_LARGE } from '../../test/support/conventions';
import { methodContext, node } from '../../test/workflow/harness';
import { credentialsFor, credentialTypes, NODE_TYPE, nodeTypes } from '../ourNodes';
import { runOurNode } from '../workflows';
import { REQUESTS, WALL_MS } from './columns';
import type { BenchContext, Row, ScenarioResult } from './types';

export const EDITOR_SCALE = { clients: 5_000, bookings: 20_000, rooms: 300, services: 40 };
/** The client searched for: the 4,000th, far down the client list. */
const FAR_CLIENT = 3_999;
/** Result pages scrolled at most before a search counts as not finding (issue 35: within 5). */
const MAX_RESULT_PAGES = 5;
const EDITOR_KEY = 'vb_bench_editor-key-4000';
/** `default` names the sandbox's own dialect in `--conventions`. */
const DEFAULT_STYLE = 'default';

/** The styles `--conventions` names (all when absent), the sandbox's own dialect as undefined. */
export function editorStyles(names: string[] | undefined): Array<ConventionName | undefined> {
	if (!names) return [undefined, ...CONVENTIONS];
	const unknown = names.filter((name) => name !== DEFAULT_STYLE && !(CONVENTIONS as readonly string[]).includes(name));
	if (unknown.length > 0) throw new Error(`unknown convention(s) ${unknown.join(', ')}; known: ${DEFAULT_STYLE}, ${CONVENTIONS.join(', ')}`);
	return names.map((name) => (name === DEFAULT_STYLE ? undefined : (name as ConventionName)));
}

interface View {
	view: string;
	requests: number;
	/** Answers the sandbox refused with 429 (a quota on the key). */
	refused: number;
	ms: number;
	got: string;
	/** Where the requests went: "15 × /rooms?cursor", most first (--request-kinds prints it). */
	kinds: string;
}

/** The sandbox's requests by path, query names and a status other than 200: "15 × /rooms?cursor, 1 × /clients?search". */
function requestKinds(sandbox: Sandbox): string {
	const counts = new Map<string, number>();
	for (const request of sandbox.requests) {
		const names = Object.keys(request.query).sort();
		// One client card or booking is one kind: /clients/{id}.
		const path = request.path.replace(/^.*\/v1(?=\/)/, '').replace(/^\/(clients|bookings)\/[^/]+$/, '/$1/{id}');
		const kind = `${path}${names.length > 0 ? `?${names.join('&')}` : ''}${request.status === 200 ? '' : ` (${request.status})`}`;
		counts.set(kind, (counts.get(kind) ?? 0) + 1);
	}
	return [...counts].sort(([, a], [, b]) => b - a).map(([kind, count]) => `${count} × ${kind}`).join(', ');
}

/** One view, counted; from a cold editor session unless `warm` (the memory of the views before it kept). */
async function timed(sandbox: Sandbox, work: () => Promise<string>, warm = false): Promise<Omit<View, 'view'>> {
	if (!warm) forgetEditorSessions();
	sandbox.resetRequests();
	const started = performance.now();
	// A view that throws is a result too: what it said, so one convention's failure does not hide the others.
	const got = await work().catch((error: unknown) => `failed: ${(error instanceof Error ? error.message : String(error)).slice(0, 160)}`);
	return { requests: sandbox.requests.length, refused: sandbox.requests.filter((request) => request.status === 429).length, ms: performance.now() - started, got, kinds: requestKinds(sandbox) };
}

/** Scrolls a picker until a row is wanted; "page N" or "not within N pages". */
async function scroll(call: (token?: string) => Promise<INodeListSearchResult>, wanted: (value: string) => boolean): Promise<string> {
	let token: string | undefined;
	for (let page = 1; page <= MAX_RESULT_PAGES; page++) {
		const result = await call(token);
		if (result.results.some((row) => !isNoticeRow(row) && wanted(String(row.value)))) return `result page ${page}`;
		token = result.paginationToken as string | undefined;
		if (token === undefined) return `not offered (list ended after ${page} pages)`;
	}
	return `not within ${MAX_RESULT_PAGES} result pages`;
}

/** What the bench puts in front of the editor: a quota on the key (requests a minute), a text search under a convention. */
interface Conditions {
	quota?: number;
	nameFilter?: boolean;
}

async function measureStyle(convention: ConventionName | undefined, conditions: Conditions = {}): Promise<View[]> {
	const quota = conditions.quota === undefined ? {} : { quota: { limit: conditions.quota, windowSeconds: 60 } };
	const sandbox = await startSandbox({ convention, ...quota, nameFilter: conditions.nameFilter, seed: 3, today: FIXED_TODAY, scale: EDITOR_SCALE, keys: { [EDITOR_KEY]: ['bookings.read', 'bookings.write', 'catalog.read', 'clients.read'] } });
	try {
		const identityField = convention ? conventionInfo(convention).identityField : 'id';
		const pagination = convention ? PAGINATION_AS_SET_WHEN_LARGE[convention] : undefined;
		const options = { ...(identityField === 'id' ? {} : { identityPath: identityField }), ...(pagination ? { pagination: { settings: pagination } } : {}) };
		const parameters = (resource: string, operation: string): INodeParameters =>
			Object.keys(options).length === 0 ? { resource, operation } : { resource, operation, options };
		const context = (resource: string, operation: string, path: string) =>
			methodContext({ node: node('Venue Booking', NODE_TYPE, parameters(resource, operation), { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox.url, EDITOR_KEY), path, timezone: 'UTC' });
		const far = sandbox.store.clients[FAR_CLIENT];
		const theirs = new Set(sandbox.store.bookings.filter((booking) => booking.clientId === far.id).map((booking) => booking.id));
		const views: View[] = [];

		const picker = context('booking', 'get', 'parameters.bookingId');
		const rightLabels = (result: INodeListSearchResult) => {
			const rows = result.results.filter((row) => !isNoticeRow(row));
			const right = rows.filter((row) => {
				const booking = sandbox.store.findBooking(String(row.value));
				const room = booking && sandbox.store.findRoom(booking.roomId);
				const client = booking && sandbox.store.findClient(booking.clientId);
				return room !== undefined && client !== undefined && String(row.name).includes(` · ${room.name} · ${client.name}`);
			});
			return `${right.length} of ${rows.length} labels name their own room and client`;
		};
		let firstPage: INodeListSearchResult | undefined;
		views.push({ view: 'booking picker, first page', ...(await timed(sandbox, async () => rightLabels((firstPage = await searchBookings.call(picker))))) });
		views.push({ view: 'booking picker, next page (same session)', ...(await timed(sandbox, async () => rightLabels(await searchBookings.call(picker, undefined, firstPage?.paginationToken as string | undefined)), true)) });
		// "tomorrow" typed into the picker: a search by day, which no server filter serves; its bookings were made in
		// the last weeks and sit near the list's end (a search reads back from there where the list says where it ends).
		const tomorrow = new Date(Date.parse(`${FIXED_TODAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
		const tomorrows = new Set(sandbox.store.bookings.filter((booking) => booking.start.startsWith(tomorrow)).map((booking) => booking.id));
		views.push({ view: 'booking search "tomorrow", first call', ...(await timed(sandbox, async () => {
			const result = await searchBookings.call(context('booking', 'get', 'parameters.bookingId'), 'tomorrow');
			const rows = result.results.filter((row) => !isNoticeRow(row));
			const right = rows.filter((row) => tomorrows.has(String(row.value))).length;
			return `${right} of ${tomorrows.size} of tomorrow's bookings${right < rows.length ? `, ${rows.length - right} others` : ''}${result.paginationToken ? ', more to read' : ''}`;
		})) });
		const searchFar = async () => {
			const call = context('booking', 'get', 'parameters.bookingId');
			return await scroll((token) => searchBookings.call(call, far.name, token), (value) => theirs.has(value));
		};
		views.push({ view: `booking search "${far.name}" (4,000th client)`, ...(await timed(sandbox, searchFar)) });
		// The same search again in that session: what the session's memory (the filter learned, the catalogues read)
		// saves, and what the first search left for a later view (rooms it could not name yet).
		views.push({ view: `booking search "${far.name}" again (same session)`, ...(await timed(sandbox, searchFar, true)) });
		// A booking just made for the far client sits at the end of a list kept in creation order: the first call of a
		// search by their name, from a cold session, must offer it (n8n loads a searched list's next page only on scroll).
		const slot = computeFreeSlots(sandbox.store, { fromMs: Date.parse('2027-04-26T00:00:00Z'), toMs: Date.parse('2027-05-01T00:00:00Z'), roomId: sandbox.store.rooms[250].id })[0];
		const made = createBooking(sandbox.store, { roomId: slot.roomId, serviceId: slot.serviceId, startMs: Date.parse(slot.start), clientId: far.id }, (name) => name);
		views.push({ view: `booking search "${far.name}", their new booking, first call`, ...(await timed(sandbox, async () => {
			const result = await searchBookings.call(context('booking', 'get', 'parameters.bookingId'), far.name);
			const rows = result.results.filter((row) => !isNoticeRow(row));
			return `${rows.some((row) => row.value === made.id) ? 'offered' : 'not offered'} (${rows.length} rows${result.paginationToken ? ', more to read' : ''})`;
		})) });
		for (const [label, resource, operation, path] of [['Client ID picker (Get)', 'client', 'get', 'parameters.clientId'], ['Client picker (Create)', 'booking', 'create', 'parameters.bookingClient']]) {
			views.push({ view: `${label}, "${far.name}"`, ...(await timed(sandbox, async () => {
				const call = context(resource, operation, path);
				return await scroll((token) => searchClients.call(call, far.name, token), (value) => value === far.id);
			})) });
		}
		views.push({ view: 'Create form, room field', ...(await timed(sandbox, async () => {
			const result = (await bookingFields.call(context('booking', 'create', 'parameters.fields'))) as ResourceMapperFields;
			const roomIds = new Set(sandbox.store.rooms.map((room) => room.id));
			const roomField = result.fields.find((field) => (field.options ?? []).some((option) => roomIds.has(String(option.value))));
			return `${roomField?.options?.length ?? 0} of ${roomIds.size} rooms offered`;
		})) });
		// A run on a key of its own (the quota is per key: the views above do not spend its window), paced by the
		// quota as the API demands, checked item by item against the workspace's clients.
		views.push({ view: 'a run: Client > Get Many, Return All', ...(await timed(sandbox, async () => {
			const items = await runOurNode(sandbox.url, { resource: 'client', operation: 'getAll', returnAll: true, ...(Object.keys(options).length === 0 ? {} : { options }) });
			// The convention's identities, each once, as many as the workspace has clients.
			const identities = new Set(items.map((item) => JSON.stringify(item.json[identityField])));
			const exact = items.length === sandbox.store.clients.length && identities.size === items.length;
			return `${items.length.toLocaleString('en-US')} items${exact ? ', each client once' : ', NOT each client once'}`;
		})) });
		return views;
	} finally {
		await sandbox.close();
	}
}

/**
 * Runs `work` with the clock on the sandbox's own day (FIXED_TODAY, noon UTC), whatever the machine's date. The
 * booking picker opens on upcoming bookings by the clock: on the real date, a workspace seeded around FIXED_TODAY
 * would look all upcoming (or all past) and its first view would not be the one a venue sees on a day among its
 * bookings. Set before the sandbox starts, so the sandbox's clock and quota window move with it.
 */
async function atSandboxToday<T>(work: () => Promise<T>): Promise<T> {
	const realNow = Date.now;
	const shift = Date.parse(`${FIXED_TODAY}T12:00:00Z`) - realNow();
	Date.now = () => realNow() + shift;
	try {
		return await work();
	} finally {
		Date.now = realNow;
	}
}

export async function editorBench(context: BenchContext): Promise<ScenarioResult> {
	const rows: Row[] = [];
	const conditions = [...(context.quota !== undefined ? [`quota ${context.quota}/min`] : []), ...(context.nameFilter ? ['name filter'] : [])];
	for (const convention of editorStyles(context.conventions)) {
		const style = [convention ?? 'sandbox default', ...conditions].join(', ');
		context.log(`  ${style}${convention && PAGINATION_AS_SET_WHEN_LARGE[convention] ? ' (with Options > Pagination set)' : ''}`);
		for (const { view, requests, refused, ms, got, kinds } of await atSandboxToday(() => measureStyle(convention, { quota: context.quota, nameFilter: context.nameFilter }))) {
			context.log(`    ${view}: ${requests} requests (${refused} refused), ${ms.toFixed(0)} ms, ${got}`);
			if (context.requestKinds && requests > 0) context.log(`      ${kinds}`);
			const metrics = { requests, refused, ms, got };
			rows.push({ contender: style, label: `${style}: ${view}`, samples: [metrics], median: metrics });
		}
	}
	return {
		id: 'editor',
		title: 'Editor pickers and form on 5,000 clients, 20,000 bookings, 300 rooms, 40 services',
		notes: ['Each view from a cold editor session, in this process through n8n-core\'s LoadOptionsContext; sandbox on 127.0.0.1, no added latency.'],
		columns: [REQUESTS, { key: 'refused', header: '429s', digits: 0 }, WALL_MS, { key: 'got', header: 'what the view got' }],
		rows,
		ratios: [],
		targets: [],
	};
}
