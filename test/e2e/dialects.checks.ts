/**
 * The editor's discovery in every sandbox dialect, in real n8n: what a user does without typing a single field
 * name. One n8n server and one credential serve all dialects (the sandbox switches its dialect at runtime; the
 * base URL stays). Per dialect:
 *
 * 1. The Booking ID list through the editor's route: the first page and the next by n8n's token, in the
 *    workspace's order; the Client ID search finds a client by name.
 * 2. A booking created from the offered fields (resourceMapper): the room, service and client picked by their
 *    labels from the reference dropdowns, the start typed into the offered field whose example is a start —
 *    every field name comes from the route's answer. It then is cancelled with the booking picked from the list
 *    (searched by its start) and "cancelled" picked from the offered status dropdown. Both are saved workflows
 *    run by n8n; the sandbox's store is the judge.
 * 2b. A booking cancelled with one choice: a saved workflow of a new node (version 1.1) naming only the booking,
 *    the Action left at its default (Cancel); once more where the workspace spells the state CANCELLED.
 * 3. The trigger's Only Entries Where dropdowns, and a trigger activated for the one event kind picked there
 *    (triggerFilter.checks.ts): it emits exactly the new entries of that kind.
 *
 * The sandbox is set back to its default dialect at the end. Each dialect's steps print their time.
 */
import { DEFAULT_SETTINGS, type RuntimeOptions } from '../../sandbox';
import { computeFreeSlots } from '../../sandbox/slots';
import type { N8nPublicApiClient, N8nRestClient } from '../../scripts/n8n/rest';
import { FULL_CREDENTIAL, type E2eContext } from './context';
import {
	bookingCreate,
	bookingGet,
	checkFirstTwoViews,
	listBookings,
	payload,
	route,
	runSaved,
	workflowWith,
	type FieldsAnswer,
	type ListAnswer,
} from './editor.checks';
import { assert, assertEqual } from './harness';
import { assertFilteredActivation, pickEventKind } from './triggerFilter.checks';

interface Dialect {
	label: string;
	options: RuntimeOptions;
}

/** Each axis at least once: envelope or bare list, list key, naming, pagination style, journal order. */
export const DIALECTS: readonly Dialect[] = [
	{
		label: 'snake_case, envelope "items", cursor, newest first',
		options: { pagination: 'cursor', dialect: { envelope: true, naming: 'snake', listKey: 'items' }, journalOrder: 'newestFirst' },
	},
	{
		label: 'camelCase, bare list, Link header, oldest first',
		options: { pagination: 'linkHeader', dialect: { envelope: false, naming: 'camel' }, journalOrder: 'oldestFirst' },
	},
	{
		label: 'snake_case, envelope keyed by resource, page numbers with totals',
		options: { pagination: 'page', dialect: { envelope: true, naming: 'snake', listKey: 'byResource' }, journalOrder: 'newestFirst' },
	},
	{
		label: 'camelCase, envelope "data", offset, oldest first',
		options: { pagination: 'offset', dialect: { envelope: true, naming: 'camel', listKey: 'data' }, journalOrder: 'oldestFirst' },
	},
	{
		label: 'camelCase, bare list, next URL',
		options: { pagination: 'nextUrl', dialect: { envelope: false, naming: 'camel' }, journalOrder: 'newestFirst' },
	},
];

const DEFAULT_DIALECT: RuntimeOptions = {
	pagination: DEFAULT_SETTINGS.pagination,
	dialect: { envelope: DEFAULT_SETTINGS.envelope, naming: DEFAULT_SETTINGS.naming, listKey: DEFAULT_SETTINGS.listKey },
	journalOrder: DEFAULT_SETTINGS.journalOrder,
	cancelledState: DEFAULT_SETTINGS.cancelledState,
};

/** The week the bookings are made in: after the operations checks' dates, inside opening hours. */
const BOOKING_WEEK = { fromMs: Date.parse('2027-03-08T00:00:00Z'), toMs: Date.parse('2027-03-13T00:00:00Z') };

type OfferedField = FieldsAnswer['fields'][number];

/** The one offered field whose dropdown has an entry labelled `label`, and that entry's value. */
function pickByLabel(fields: OfferedField[], label: string): { field: OfferedField; value: string } {
	const offering = fields.filter((field) => field.options?.some((option) => option.name.startsWith(label)));
	assertEqual(offering.length, 1, `offered fields with "${label}" in their dropdown (${offering.map((field) => field.id).join(', ')})`);
	const option = offering[0].options!.find((entry) => entry.name.startsWith(label))!;
	return { field: offering[0], value: option.value };
}

function timedStep<T>(timings: string[], name: string, step: () => Promise<T>): Promise<T> {
	const started = Date.now();
	return step().finally(() => timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`));
}

async function bookingListStep(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { sandbox } = context;
	// Page numbers and offsets come with a total here: the picker can open on the list's end once its start is past.
	const revealsEnd = sandbox.settings.pagination === 'page' || sandbox.settings.pagination === 'offset';
	await checkFirstTwoViews(rest, sandbox, FULL_CREDENTIAL, revealsEnd);

	const client = sandbox.store.clients[sandbox.store.clients.length - 1];
	const clients = await route<ListAnswer>(rest, 'resource-locator-results',
		payload({ resource: 'client', operation: 'get' }, 'parameters.clientId', 'searchClients', FULL_CREDENTIAL, { filter: client.name }));
	assert(clients.results.some((result) => result.value === client.id), `search "${client.name}" finds ${client.id}`);
}

/** Creates a booking from the offered fields and cancels it by picking it from the list. */
async function createAndCancelStep(context: E2eContext, rest: N8nRestClient, timings: string[]): Promise<void> {
	const { sandbox } = context;
	const { store } = sandbox;
	const offered = await timedStep(timings, 'fields', () =>
		route<FieldsAnswer>(rest, 'resource-mapper-fields', payload(bookingCreate, 'parameters.fields', 'bookingFields', FULL_CREDENTIAL)));
	assert(offered.fields.length > 0, `fields offered (notice: ${offered.emptyFieldsNotice})`);

	const roomRecord = store.rooms[0];
	const slot = computeFreeSlots(store, { ...BOOKING_WEEK, roomId: roomRecord.id })[0];
	assert(slot, `a free slot in ${roomRecord.name}`);
	const serviceRecord = store.services.find((service) => service.id === slot.serviceId)!;
	const room = pickByLabel(offered.fields, roomRecord.name);
	const service = pickByLabel(offered.fields, serviceRecord.name);
	// Clients are no options of the fields (n8n would save them in the workflow): Client picks one by name.
	const client = (await route<ListAnswer>(rest, 'resource-locator-results',
		payload(bookingCreate, 'parameters.bookingClient', 'searchClients', FULL_CREDENTIAL, { filter: store.clients[0].name }))).results.find((result) => result.value === store.clients[0].id);
	assert(client, `searching "${store.clients[0].name}" in Client finds ${store.clients[0].id}`);
	// The start is the date-time field whose example (in its label) is sent as the first booking's start.
	const starts = offered.fields.filter((field) => field.type === 'dateTime' && field.displayName.includes(`sent as ${store.bookings[0].start}`));
	assertEqual(starts.length, 1, 'offered date-time fields showing a booking start as their example');
	const value = { [room.field.id]: room.value, [service.field.id]: service.value, [starts[0].id]: slot.start };

	const created = await timedStep(timings, 'create', () => runSaved(rest, workflowWith('e2e: create from offered fields', {
		...bookingCreate,
		bookingClient: { __rl: true, mode: 'list', value: client.value, cachedResultName: client.name },
		fields: { mappingMode: 'defineBelow', value, matchingColumns: [], schema: offered.fields, attemptToConvertTypes: false, convertFieldsToString: false },
	})));
	const booking = store.bookings[store.bookings.length - 1];
	assertEqual([booking.roomId, booking.serviceId, booking.clientId, booking.start, booking.status], [roomRecord.id, serviceRecord.id, store.clients[0].id, slot.start, 'confirmed'], 'the created booking [room, service, client, start, status]');
	assert(Object.values(created[0] ?? {}).includes(booking.id), `the node's output is the new booking ${booking.id}`);

	// Found as a user would: the client's name typed into the picker's search box.
	const clientName = store.clients[0].name;
	const picked = await timedStep(timings, 'find in list', async () => {
		let token: string | undefined;
		for (let views = 0; views < 10; views++) {
			const page = await listBookings(rest, FULL_CREDENTIAL, clientName, token);
			assert(page.results.every((result) => result.name.includes(clientName)), `every booking found for "${clientName}" names the client: ${JSON.stringify(page.results)}`);
			const found = page.results.find((result) => result.value === booking.id);
			if (found || !page.paginationToken) return found;
			token = page.paginationToken;
		}
		return undefined;
	});
	assert(picked, `the new booking ${booking.id} is in the list when searched by its client's name "${clientName}"`);
	assert(picked.name.includes(` · ${roomRecord.name} · ${clientName}`), `its label "${picked.name}" names the room and the client`);
	assert(!/\bconfirmed\b/.test(picked.name), `its label "${picked.name}" holds no state`);
	const statusFields = offered.fields.filter((field) => field.options?.some((option) => option.value === 'cancelled'));
	assertEqual(statusFields.length, 1, 'offered fields with "cancelled" in their dropdown');
	const cancelled = await timedStep(timings, 'cancel', () => runSaved(rest, workflowWith('e2e: cancel a booking picked from the list', {
		resource: 'booking',
		operation: 'update',
		bookingId: { ...bookingGet.bookingId, value: picked.value, cachedResultName: picked.name },
		fields: { mappingMode: 'defineBelow', value: { [statusFields[0].id]: 'cancelled' }, matchingColumns: [], schema: statusFields, attemptToConvertTypes: false, convertFieldsToString: false },
	})));
	assert(Object.values(cancelled[0] ?? {}).includes(booking.id), `the node's output is booking ${booking.id}`);
	assertEqual(store.findBooking(booking.id)?.status, 'cancelled', 'the booking in the workspace');
}

/**
 * Cancel with one choice (issue 35): a workflow saved with a new node (version 1.1) that names only the booking;
 * n8n fills the Action's default (Cancel), and the node sends the state the workspace's own cancelled bookings
 * hold, spelt as they spell it. The sandbox's store is the judge.
 */
async function cancelWithOneChoiceStep(context: E2eContext, rest: N8nRestClient, spelling: string): Promise<void> {
	const { store } = context.sandbox;
	const booking = store.bookings.filter((candidate) => candidate.status === 'confirmed' && candidate.start > store.nowIso()).sort((a, b) => b.start.localeCompare(a.start))[0];
	assert(booking, 'a confirmed booking still ahead');
	const workflow = workflowWith(`e2e: cancel with one choice (${spelling})`, { resource: 'booking', operation: 'update', bookingId: { ...bookingGet.bookingId, value: booking.id } });
	const saved = { ...workflow, nodes: workflow.nodes.map((node) => (node.id === 'vb' ? { ...node, typeVersion: 1.1 } : node)) };
	const output = await runSaved(rest, saved);
	assertEqual(store.findBooking(booking.id)?.status, 'cancelled', `booking ${booking.id} in the workspace`);
	assert(JSON.stringify(output[0] ?? {}).includes(`"${spelling}"`), `the node's output is the booking, cancelled as "${spelling}": ${JSON.stringify(output[0]).slice(0, 300)}`);
}

/** Every dialect in turn; the sandbox is back in its default dialect afterwards. */
export async function dialectChecks(context: E2eContext, rest: N8nRestClient, api: N8nPublicApiClient): Promise<void> {
	const { checks, sandbox } = context;
	try {
		for (const dialect of DIALECTS) {
			sandbox.setOptions(dialect.options);
			const timings: string[] = [];
			await checks.check(`dialect ${dialect.label}: Booking ID list by pages, Client ID search`, () => timedStep(timings, 'lists', () => bookingListStep(context, rest)));
			await checks.check(`dialect ${dialect.label}: a booking created from offered fields (room picked by name), cancelled by picking it from the list`, () =>
				createAndCancelStep(context, rest, timings));
			await checks.check(`dialect ${dialect.label}: a booking cancelled with one choice (a new node's default Action) in a saved workflow`, () =>
				timedStep(timings, 'cancel with one choice', () => cancelWithOneChoiceStep(context, rest, 'cancelled')));
			await checks.check(`dialect ${dialect.label}: trigger activated for one event kind picked from the dropdown`, () =>
				timedStep(timings, 'trigger', async () => {
					const picked = await pickEventKind(context, rest);
					await assertFilteredActivation(context, rest, api, picked, `e2e: trigger filtered (${dialect.label})`);
				}));
			console.log(`timing: dialect ${dialect.label}: ${timings.join(', ')}`);
		}
		// A workspace that spells the state its own way (Square's CANCELLED): the node sends that word.
		sandbox.setOptions({ ...DEFAULT_DIALECT, cancelledState: 'CANCELLED' });
		await checks.check('a workspace whose cancelled bookings say CANCELLED: a booking cancelled with one choice sends that word', () =>
			cancelWithOneChoiceStep(context, rest, 'CANCELLED'));
	} finally {
		sandbox.setOptions(DEFAULT_DIALECT);
	}
}
