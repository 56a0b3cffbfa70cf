/**
 * The editor's own REST routes for the node's methods (`/rest/dynamic-node-parameters/*`), in real n8n: the
 * Booking ID list (one page, the next by n8n's token, bookings named by time, room, client and state; searched
 * by a client's name in dialects.checks.ts), the Client ID search, the fields seen on bookings with
 * the room dropdown, a key without bookings.read. The helpers here also serve dialects.checks.ts, where a
 * booking is created from the offered fields and cancelled from the list in every dialect.
 */
import axios from 'axios';
import { nodeOutputItems, runError } from '../../scripts/n8n/runData';
import type { Sandbox } from '../../sandbox';
import { computeFreeSlots } from '../../sandbox/slots';
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { FULL_CREDENTIAL, FULL_KEY, type E2eContext } from './context';
import { assert, assertEqual } from './harness';

const NODE_TYPE = 'n8n-nodes-venue-booking.venueBooking';
const NO_BOOKINGS_KEY = 'sandbox-webhooks';

export interface ListAnswer {
	results: Array<{ name: string; value: string }>;
	paginationToken?: string;
}
export interface FieldsAnswer {
	fields: Array<{ id: string; displayName: string; type?: string; removed?: boolean; options?: Array<{ name: string; value: string }> }>;
	emptyFieldsNotice?: string;
}

export type Credential = { id: string; name: string };

export function payload(parameters: Record<string, unknown>, path: string, methodName: string, credential: Credential, extra: Record<string, unknown> = {}) {
	return {
		nodeTypeAndVersion: { name: NODE_TYPE, version: 1 },
		currentNodeParameters: parameters,
		credentials: { venueBookingApi: { id: credential.id, name: credential.name } },
		path,
		methodName,
		...extra,
	};
}

export async function route<T>(rest: N8nRestClient, name: string, body: Record<string, unknown>): Promise<T> {
	const answer = await rest.dynamicNodeParameters(name, body);
	assertEqual(answer.status, 200, `status of ${name} (${JSON.stringify(answer.body).slice(0, 300)})`);
	return (answer.body as { data: T }).data;
}

export const bookingGet = { resource: 'booking', operation: 'get', bookingId: { __rl: true, mode: 'list', value: '' } };
export const bookingCreate = { resource: 'booking', operation: 'create' };

export async function listBookings(rest: N8nRestClient, credential: Credential, filter?: string, paginationToken?: string) {
	return await route<ListAnswer>(rest, 'resource-locator-results', payload(bookingGet, 'parameters.bookingId', 'searchBookings', credential, { filter, paginationToken }));
}

/** A notice row of a list (n8n shows it; it cannot be picked): its value is `false`. */
export const isNoticeRow = (row: { value: unknown }): boolean => row.value === false;

/** The calendar day of an instant in a zone, "2027-03-01": ISO dates compare as text. */
export function dayIn(epochMs: number, zone: string): string {
	return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(epochMs);
}

/** The ids of the bookings the sandbox answered the picker's first list request with (the request replayed). */
async function firstPageAnswered(sandbox: Sandbox): Promise<string[]> {
	const request = sandbox.requests.find((logged) => logged.method === 'GET' && logged.path.endsWith('/bookings'));
	assert(request, 'the picker read the booking list');
	const answer = await axios.get(`${new URL(sandbox.apiUrl).origin}${request.rawPath}`, { params: request.query, headers: { Authorization: `Bearer ${FULL_KEY}` } });
	const body = answer.data as unknown;
	const list = (Array.isArray(body) ? body : Object.values(body as Record<string, unknown>).find(Array.isArray)) as Array<{ id: string }>;
	return list.map((booking) => booking.id);
}

/**
 * The Booking ID list's first two views, checked against what the picker does by n8n's clock. The picker opens on
 * upcoming bookings by n8n's "today", while the e2e's workspace is seeded around FIXED_TODAY: by the real date its
 * first page is all upcoming (until late February 2027) or all past (from March 2027). While the list's first page
 * holds a booking from today on, the views are the list's first bookings; once it holds only past ones, a list whose
 * answers say where it ends (`revealsEnd`: page numbers or offsets with a total) opens on its last page and reads
 * back, and one that does not shows its first bookings and a notice. Returns the two views' bookings (notices left
 * out) and how many list pages the picker read for them.
 */
export async function checkFirstTwoViews(rest: N8nRestClient, sandbox: Sandbox, credential: Credential, revealsEnd: boolean): Promise<{ bookings: ListAnswer['results']; listReads: number }> {
	const zone = ((await rest.settings()) as { timezone?: string }).timezone;
	assert(typeof zone === 'string' && zone !== '', `n8n's instance zone (${String(zone)})`);
	for (let attempt = 0; ; attempt++) {
		const today = dayIn(Date.now(), zone);
		sandbox.resetRequests();
		const first = await listBookings(rest, credential);
		assert(typeof first.paginationToken === 'string', 'the first view hands n8n a token for the next');
		const second = await listBookings(rest, credential, undefined, first.paginationToken);
		// A day that ended during the views changes what is upcoming: look again (once is enough).
		if (dayIn(Date.now(), zone) !== today && attempt === 0) continue;
		const listReads = sandbox.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/bookings')).length;
		const firstPage = await firstPageAnswered(sandbox);
		const rows = [...first.results, ...second.results];
		const bookings = rows.filter((row) => !isNoticeRow(row));
		const allPast = firstPage.every((id) => dayIn(Date.parse(sandbox.store.findBooking(id)!.start), zone) < today);
		const stored = sandbox.store.bookings.map((booking) => booking.id);
		const expected = allPast && revealsEnd ? stored.slice(-bookings.length) : stored.slice(0, bookings.length);
		const opening = allPast ? (revealsEnd ? "the list's last bookings (its first page is past)" : "the list's first bookings and a notice (its first page is past)") : "the list's first bookings";
		assertEqual(bookings.map((row) => row.value).sort(), [...expected].sort(), `bookings of the first two views on ${today} in ${zone}: ${opening}`);
		assertEqual(rows.some(isNoticeRow), allPast && !revealsEnd, `a notice row in the first two views on ${today} in ${zone}`);
		assert(second.results.some((row) => !isNoticeRow(row)), 'the second view has bookings');
		return { bookings, listReads };
	}
}

export async function editorRoutesCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox } = context;
	await checks.check('editor routes: Booking ID list by pages, labelled by time, room, client and state; Client ID search; fields with the room dropdown', async () => {
		// The sandbox's default list is paged by cursor: its answers never say where it ends, so each view reads one page.
		const { bookings: shown, listReads } = await checkFirstTwoViews(rest, sandbox, FULL_CREDENTIAL, false);
		assertEqual(listReads, 2, 'bookings pages read for the first two views of the list');
		for (const result of shown) {
			const booking = sandbox.store.bookings.find((candidate) => candidate.id === result.value)!;
			const room = sandbox.store.rooms.find((candidate) => candidate.id === booking.roomId)!;
			const client = sandbox.store.clients.find((candidate) => candidate.id === booking.clientId)!;
			assert(result.name.includes(` · ${room.name} · ${client.name}`), `label "${result.name}" names ${room.name} and ${client.name}`);
			// n8n saves the picked label (cachedResultName): a state in it would go stale with the booking's next change.
			assert(!new RegExp(`\\b${booking.status}\\b`).test(result.name), `label "${result.name}" holds no state (${booking.status})`);
			assert(!result.name.includes(booking.start), `label "${result.name}" shows the time in words, not ${booking.start}`);
		}

		const client = sandbox.store.clients[sandbox.store.clients.length - 1];
		const clients = await route<ListAnswer>(rest, 'resource-locator-results',
			payload({ resource: 'client', operation: 'get' }, 'parameters.clientId', 'searchClients', FULL_CREDENTIAL, { filter: client.name }));
		assert(clients.results.some((result) => result.value === client.id && result.name.includes(client.name)), `search "${client.name}" finds ${client.id}`);

		const fields = await route<FieldsAnswer>(rest, 'resource-mapper-fields', payload(bookingCreate, 'parameters.fields', 'bookingFields', FULL_CREDENTIAL));
		const room = fields.fields.find((field) => field.id === 'room_id');
		assertEqual(room?.type, 'options', 'type of the offered room_id field');
		const studio = sandbox.store.rooms[0];
		assert(room?.options?.some((option) => option.value === studio.id && option.name.includes(studio.name)), `${studio.name} is in the room dropdown`);
		assertEqual(fields.fields.find((field) => field.id === 'start')?.type, 'dateTime', 'type of the offered start field');
	});

	await checks.check('editor routes: a key without bookings.read — the list shows the scope error, the fields fall back with a notice', async () => {
		const credential = await rest.createCredential({
			name: 'Venue Booking API (webhooks only)',
			type: 'venueBookingApi',
			data: { baseUrl: sandbox.url, apiKey: NO_BOOKINGS_KEY },
		});
		const limited = { id: credential.id, name: 'Venue Booking API (webhooks only)' };
		const answer = await rest.dynamicNodeParameters('resource-locator-results', payload(bookingGet, 'parameters.bookingId', 'searchBookings', limited));
		assert(answer.status >= 400, `the list route fails (status ${answer.status})`);
		assert(JSON.stringify(answer.body).includes('bookings.read'), `the error names the scope: ${JSON.stringify(answer.body).slice(0, 300)}`);
		const fields = await route<FieldsAnswer>(rest, 'resource-mapper-fields', payload(bookingCreate, 'parameters.fields', 'bookingFields', limited));
		assertEqual(fields.fields, [], 'fields offered');
		assert(fields.emptyFieldsNotice?.includes('bookings.read'), `notice names the scope: ${fields.emptyFieldsNotice}`);
	});
}

export function workflowWith(name: string, parameters: Record<string, unknown>) {
	return {
		name,
		nodes: [
			{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'vb',
				name: 'Venue Booking',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [300, 0],
				parameters,
				credentials: { venueBookingApi: { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name } },
			},
		],
		connections: { Start: { main: [[{ node: 'Venue Booking', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

export async function runSaved(rest: N8nRestClient, workflow: ReturnType<typeof workflowWith>) {
	const { id } = await rest.createWorkflow(workflow);
	const execution = await rest.waitForExecution(await rest.runWorkflow(id, 'Start'), 60_000);
	assertEqual(runError(execution.run), undefined, `error of "${workflow.name}"`);
	return nodeOutputItems(execution.run, 'Venue Booking');
}

/** The workflow's own time zone in the create-form check: a picked time without offset is read in it. */
const FORM_ZONE = 'America/New_York';

/** "2027-03-09T10:00:00" for an instant, as n8n's date picker writes a time in `zone` (no offset). */
function pickerValue(iso: string, zone: string): string {
	return new Date(Date.parse(iso)).toLocaleString('sv-SE', { timeZone: zone, hour12: false }).replace(' ', 'T');
}

/**
 * A new user's booking: the Create form as n8n's editor route returns it opens with the inputs only; they are
 * filled (the start picked as a New York wall-clock time), the client is picked by name in Client, the
 * workflow is saved and runs once, successfully. The workflow n8n then holds contains no client's email and
 * no client's name but the chosen one's (the name the Client list showed, as a resource locator keeps it).
 */
export async function createFormCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox } = context;
	const { store } = sandbox;
	await checks.check('the Create form opens with its inputs only; a booking from them runs on the first try; the saved workflow holds no client data', async () => {
		const fields = await route<FieldsAnswer>(rest, 'resource-mapper-fields', payload(bookingCreate, 'parameters.fields', 'bookingFields', FULL_CREDENTIAL));
		const shown = fields.fields.filter((field) => field.removed !== true);
		assertEqual(shown.map((field) => field.id), ['room_id', 'service_id', 'start', 'note'], 'the fields the form opens with');
		assert(fields.fields.some((field) => field.id === 'end' && field.removed === true), 'end waits under "add field"');
		assert(!JSON.stringify(fields).includes(store.clients[0].email), 'no client email among the offered fields');

		const roomRecord = store.rooms[1];
		const slot = computeFreeSlots(store, { fromMs: Date.parse('2027-03-15T00:00:00Z'), toMs: Date.parse('2027-03-20T00:00:00Z'), roomId: roomRecord.id })[0];
		assert(slot, `a free slot in ${roomRecord.name}`);
		const wanted = store.clients[5];
		const clients = await route<ListAnswer>(rest, 'resource-locator-results',
			payload(bookingCreate, 'parameters.bookingClient', 'searchClients', FULL_CREDENTIAL, { filter: wanted.name }));
		const picked = clients.results.find((result) => result.value === wanted.id);
		assert(picked, `Client: searching "${wanted.name}" finds ${wanted.id}`);
		assert(!picked.name.includes(wanted.email), `the label n8n saves for the chosen client carries no email: "${picked.name}"`);

		const typed = pickerValue(slot.start, FORM_ZONE);
		const value = { room_id: roomRecord.id, service_id: slot.serviceId, start: typed, note: 'Ring the bell' };
		const workflow = {
			...workflowWith('e2e: a booking from the form as it opens', {
				...bookingCreate,
				bookingClient: { __rl: true, mode: 'list', value: picked.value, cachedResultName: picked.name },
				fields: { mappingMode: 'defineBelow', value, matchingColumns: [], schema: fields.fields, attemptToConvertTypes: false, convertFieldsToString: false },
			}),
			settings: { executionOrder: 'v1', timezone: FORM_ZONE },
		};
		const before = store.bookings.length;
		const { id } = await rest.createWorkflow(workflow);
		const execution = await rest.waitForExecution(await rest.runWorkflow(id, 'Start'), 60_000);
		assertEqual(runError(execution.run), undefined, 'error of the first run');
		assertEqual(store.bookings.length, before + 1, 'bookings made by the one run');
		const booking = store.bookings[store.bookings.length - 1];
		assertEqual([booking.roomId, booking.serviceId, booking.clientId, booking.start, booking.note], [roomRecord.id, slot.serviceId, wanted.id, slot.start, 'Ring the bell'],
			`the booking [room, service, client, start (${typed} in ${FORM_ZONE}), note]`);
		assert(nodeOutputItems(execution.run, 'Venue Booking').length === 1, 'one output item');

		const saved = JSON.stringify(await rest.getWorkflow(id));
		assert(saved.includes(`"${wanted.id}"`), 'the saved workflow keeps the chosen client\'s ID');
		for (const client of store.clients) {
			assert(!saved.includes(client.email), `the saved workflow holds no client email (found ${client.email})`);
			if (client.id !== wanted.id) assert(!saved.includes(client.name), `the saved workflow holds no other client's name (found ${client.name})`);
		}
	});
}
