/**
 * Real APIs' list conventions (docs/API-CONVENTIONS.md) in real n8n, for a representative set of the sandbox's
 * conventions (an identity-after walk with numeric timestamps, Django REST framework's numbered pages, OData's
 * dotted next link, JSON:API's nested records, Jira's issues, Shopify's page_info, AWS's NextToken, Checkfront's
 * lists keyed by id, and one that names no way to its next page). Per convention,
 * switched at runtime on the running sandbox:
 *
 * 1. Return All of the payments in a saved workflow run by n8n: exactly the server's list, in its order; where
 *    the answers name no way on, n8n's run fails with the message saying what to set, and runs exactly as set.
 * 2. The Booking ID picker through the editor's route, scrolled by n8n's token to the last booking.
 * 3. Fetch Test Event (the trigger run from the editor): the newest journal entries, oldest first.
 * 4. A booking created without its fields: the failed run shows the server's own words.
 * 5. A booking made and cancelled from the Create and Cancel or Reschedule forms as they open.
 *
 * The workflow test tests/workflow/conventions.test.ts runs all of them through n8n-core's engine.
 */
import { conventionInfo, type ConventionName, conventionRecordId } from '../../sandbox';
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { nodeOutputItems, runError } from '../../scripts/n8n/runData';
import { FULL_CREDENTIAL, FULL_KEY, type E2eContext } from './context';
import { type FieldsAnswer, isNoticeRow, payload, route, workflowWith, type ListAnswer } from './editor.checks';
import { dialectName, type ListResource } from '../../sandbox/dialect';
import { computeFreeSlots } from '../../sandbox/slots';
import { assert, assertEqual } from './harness';
import { TRIGGER_NODE_TYPE } from './operationsWorkflow';
import { PAGINATION_AS_SET } from '../support/conventions';

/** What a user sets where Automatic cannot find the next page from the answers alone. */
const AS_SET: Partial<Record<ConventionName, { pagination: Record<string, unknown>; identityPath: string }>> = {
	hasMoreOnly: { pagination: PAGINATION_AS_SET.hasMoreOnly!, identityPath: 'ref' },
	strapi: { pagination: PAGINATION_AS_SET.strapi!, identityPath: 'id' },
	// Nothing in Rezdy's answer says more follows, but its first page of exactly 100 is taken as cut.
	rezdy: { pagination: PAGINATION_AS_SET.rezdy!, identityPath: 'id' },
	// Acuity cuts its bare list at `max` (100 unless asked) and has no paging: Off, asking a larger `max`.
	acuity: { pagination: PAGINATION_AS_SET.acuity!, identityPath: 'id' },
};

/**
 * Square and PayPal once gave a short Return All with a green run; Strapi needs its page parameter set; JSON:API
 * and Jira keep a booking's fields one level down and write references as small objects; Shopify's next link
 * carries the filters in an opaque page_info; AWS takes its NextToken under that very name; Checkfront keys its
 * lists by id and refuses with HTTP 200 and `request.status: "ERROR"`, so its refused create must fail the run.
 * The booking platforms: Rezdy needs its offset set, Current RMS states a total beside this page's count, Rentman
 * echoes `limit` and `offset`, Booqable's next link has no leading slash, SimplyBook answers JSON-RPC with keyed lists.
 */
export const E2E_CONVENTIONS: readonly ConventionName[] = [
	'stripe', 'drfPage', 'graph', 'jsonApi', 'jira', 'hasMoreOnly', 'square', 'paypal', 'strapi', 'shopify', 'aws', 'checkfront',
	// Booking platforms: Mindbody (PascalCase, `request.offset` guessed from the echoed `RequestedOffset` and confirmed
	// by the echo on page 2, zone-less site times), Bookeo (a page
	// token beside the page number), Cliniko (links.next), Square Bookings (cursor), Planyo (lists answered whole,
	// refusals in a 200 with a non-zero `response_code`).
	'mindbody', 'bookeo', 'cliniko', 'squareBookings', 'planyo',
	// Rezdy (limit/offset named nowhere), Current RMS (meta totals), Rentman (itemCount echoes), Booqable (JSON:API),
	// SimplyBook (JSON-RPC result keyed by id, refusals as a JSON-RPC error in a 200).
	'rezdy', 'currentRms', 'rentman', 'booqable', 'simplybook',
	// Acuity (a bare list cut at `max`, no paging: Pagination Off asking a larger `max`; numeric ids).
	'acuity',
	// In no survey and no table of the node (issue 40): a next-page token under a name of its own (`tokenForNext`,
	// taken back as `next_token`), and this page's count beside a next link and a more-flag named in no table.
	'unsurveyedToken', 'unsurveyedCount',
];

const TRIGGER = 'Venue Booking Trigger';
const SAMPLE_SIZE = 5;

/** A value n8n shows (an identity, a picked or offered value) as the stored id it names in the convention's id form (Current RMS's and Acuity's numbers). */
function storedId(name: ConventionName, resource: ListResource, value: unknown): string {
	return conventionRecordId(name, resource, String(value))!;
}

function optionsFor(name: ConventionName): Record<string, unknown> {
	const set = AS_SET[name];
	return set ? { pagination: { settings: set.pagination }, identityPath: set.identityPath } : {};
}

/**
 * The credential the form is opened with. The editor remembers a workspace's lists for a few minutes per
 * credential, and here one sandbox speaks every convention in turn: the room list remembered from a convention
 * before it would hold that convention's records (other ids where Current RMS and Acuity number theirs, other
 * names and shapes elsewhere), so each convention gets a credential of its own, as a workspace of its own would
 * have. (With one shared credential, Rentman's form once offered the rooms Rezdy's had been read as.)
 */
async function formCredential(context: E2eContext, rest: N8nRestClient, name: ConventionName): Promise<{ id: string; name: string }> {
	const credential = { name: `e2e: Venue Booking API (${name})`, type: 'venueBookingApi' };
	const { id } = await rest.createCredential({ ...credential, data: { baseUrl: context.sandbox.url, apiKey: FULL_KEY } });
	return { id, name: credential.name };
}

/** Runs a saved one-node workflow; its output items and its error, as n8n stored them. */
async function runWorkflow(rest: N8nRestClient, name: string, parameters: Record<string, unknown>) {
	const { id } = await rest.createWorkflow(workflowWith(name, parameters));
	const execution = await rest.waitForExecution(await rest.runWorkflow(id, 'Start'), 90_000);
	return { items: nodeOutputItems(execution.run, 'Venue Booking'), error: runError(execution.run) };
}

async function returnAllStep(context: E2eContext, rest: N8nRestClient, name: ConventionName): Promise<void> {
	const { sandbox } = context;
	const info = conventionInfo(name);
	const stored = sandbox.store.payments.map((payment) => payment.id);
	const expected = info.newestFirst ? [...stored].reverse() : stored;
	const identity = (item: Record<string, unknown>) => storedId(name, 'payments', item[info.identityField]);
	if (AS_SET[name]) {
		// Where the answers state a total and the API's default page holds this workspace's payments whole (Mindbody's
		// 100), the total is reached on page 1 and Automatic is right to stop; a page size sent in the query makes the
		// list longer than a page. Where nothing is stated (Rezdy), one page holding the list is read whole.
		const pageSize = info.parameters.pageSize;
		const shorter = info.total && stored.length <= info.defaultPageSize && pageSize ? { sendQuery: true, specifyQuery: 'json', jsonQuery: JSON.stringify({ [pageSize]: Math.ceil(stored.length / 2) }) } : {};
		const automatic = await runWorkflow(rest, `e2e: ${name} payments, Automatic`, { resource: 'payment', operation: 'getAll', returnAll: true, ...shorter });
		if (expected.length > info.defaultPageSize || Object.keys(shorter).length > 0) {
			assert(automatic.error?.startsWith('The API said more entries follow'), `Automatic fails saying more entries follow (got: ${automatic.error})`);
			assert(automatic.error?.includes('Set Options > Pagination'), 'the error says what to set');
		} else {
			// One page holds the list (Rezdy's 100 here): Automatic reads it whole, with nothing to set.
			assertEqual(automatic.error, undefined, 'error of Return All in Automatic on a one-page list');
			assertEqual(automatic.items.map(identity), expected, `the ${expected.length} payments in Automatic, in the server's order`);
		}
	}
	const run = await runWorkflow(rest, `e2e: ${name} payments, Return All`, { resource: 'payment', operation: 'getAll', returnAll: true, options: optionsFor(name) });
	assertEqual(run.error, undefined, 'error of Return All');
	assertEqual(run.items.map(identity), expected, `the ${expected.length} payments, in the server's order`);
}

async function pickerStep(context: E2eContext, rest: N8nRestClient, name: ConventionName): Promise<void> {
	const { sandbox } = context;
	const parameters = { resource: 'booking', operation: 'get', bookingId: { __rl: true, mode: 'list', value: '' }, options: optionsFor(name) };
	const shown: string[] = [];
	let token: string | undefined;
	for (let views = 0; views < 100; views++) {
		const page = await route<ListAnswer>(rest, 'resource-locator-results', payload(parameters, 'parameters.bookingId', 'searchBookings', FULL_CREDENTIAL, { paginationToken: token }));
		// A notice row (the picker's first view on a list whose start is past by n8n's clock) is not a booking.
		shown.push(...page.results.filter((result) => !isNoticeRow(result)).map((result) => storedId(name, 'bookings', result.value)));
		token = page.paginationToken as string | undefined;
		if (!token) break;
	}
	// Each view is shown in time order, so the whole list is compared as a set: every booking once.
	const stored = sandbox.store.bookings.map((booking) => booking.id);
	assertEqual([...shown].sort(), [...stored].sort(), 'the bookings shown, scrolled to the end, each once');
}

async function fetchTestEventStep(context: E2eContext, rest: N8nRestClient, name: ConventionName): Promise<void> {
	const { sandbox } = context;
	const info = conventionInfo(name);
	const workflow = await rest.createWorkflow({
		name: `e2e: ${name} Fetch Test Event`,
		nodes: [
			{
				id: 'c0e2e000-0000-4000-8000-000000000001',
				name: TRIGGER,
				type: TRIGGER_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, options: optionsFor(name) },
				credentials: { venueBookingApi: { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	const execution = await rest.waitForExecution(await rest.runWorkflow(workflow.id, TRIGGER), 90_000);
	assertEqual(runError(execution.run), undefined, 'error of Fetch Test Event');
	const shown = nodeOutputItems(execution.run, TRIGGER).map((item) => storedId(name, 'deliveries', item[info.identityField]));
	const newest = sandbox.store.journalOldestFirst().slice(-SAMPLE_SIZE).map((delivery) => delivery.id);
	assertEqual(shown, newest, 'the newest journal entries, oldest first');
}

async function validationStep(rest: N8nRestClient, name: ConventionName): Promise<void> {
	const run = await runWorkflow(rest, `e2e: ${name} booking without fields`, {
		resource: 'booking',
		operation: 'create',
		specifyBody: 'json',
		jsonBody: JSON.stringify({ [dialectName('note', conventionInfo(name).naming)]: 'no start' }),
	});
	assert(run.error !== undefined, 'the create fails');
	assert(/The server said: .*(start|room|service)/i.test(run.error ?? ''), `the error shows the server's words about a missing field (got: ${run.error})`);
}

/** A week of free slots after the other checks' bookings, inside opening hours. */
const FORM_WEEK = { fromMs: Date.parse('2027-03-22T00:00:00Z'), toMs: Date.parse('2027-03-27T00:00:00Z') };

type Offered = FieldsAnswer['fields'][number];

/** The one field of the form as it opens that a test picks (by its dropdown or type), or a failed check naming the candidates. */
function onlyOne(fields: Offered[], what: string, test: (field: Offered) => boolean): Offered {
	const found = fields.filter(test);
	// Where none matches, the dropdowns the form did offer say why (other ids, other labels, none read).
	const offered = fields.filter((field) => field.options?.length).map((field) => `${field.id}: ${field.options!.slice(0, 3).map((option) => `${String(option.value)}=${String(option.name)}`).join(', ')}…`);
	assertEqual(found.length, 1, `offered fields for ${what} (${found.map((field) => field.id).join(', ')}; dropdowns: ${offered.join(' | ')})`);
	return found[0];
}

/**
 * The Create form as it opens in this convention (JSON:API's fields in `attributes`, its references in
 * `relationships`), filled as a user would: the room and service from their dropdowns, the start typed, the
 * client by ID. The saved workflow run by n8n makes that booking; Cancel or Reschedule's form then cancels it.
 */
async function formStep(context: E2eContext, rest: N8nRestClient, name: ConventionName): Promise<void> {
	const { store } = context.sandbox;
	const create = { resource: 'booking', operation: 'create', options: optionsFor(name) };
	const offered = (await route<FieldsAnswer>(rest, 'resource-mapper-fields', payload(create, 'parameters.fields', 'bookingFields', await formCredential(context, rest, name)))).fields;
	const shown = offered.filter((field) => !field.removed);
	const roomRecord = store.rooms[E2E_CONVENTIONS.indexOf(name) % store.rooms.length];
	const slot = computeFreeSlots(store, { ...FORM_WEEK, roomId: roomRecord.id })[0];
	assert(slot, `a free slot in ${roomRecord.name}`);
	// The option of a record: its id (read back from a number where the API numbers ids) and its own name in the label;
	// where rooms and services share numbers (Current RMS, Acuity), only the label tells room 3 from service 3.
	const serviceName = store.services.find((candidate) => candidate.id === slot.serviceId)!.name;
	const offeredFor = (field: Offered, resource: ListResource, id: string, label: string) =>
		field.options?.find((option) => storedId(name, resource, option.value) === id && String(option.name).includes(label))?.value;
	const room = onlyOne(shown, 'the room', (field) => offeredFor(field, 'rooms', roomRecord.id, roomRecord.name) !== undefined);
	const service = onlyOne(shown, 'the service', (field) => offeredFor(field, 'services', slot.serviceId, serviceName) !== undefined);
	const start = onlyOne(shown, 'the start', (field) => field.type === 'dateTime');
	const client = store.clients[1];
	const mapperOf = (value: Record<string, unknown>, schema: Offered[]) =>
		({ mappingMode: 'defineBelow', value, matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false });
	const made = await runWorkflow(rest, `e2e: ${name} booking from the form`, {
		...create,
		bookingClient: { __rl: true, mode: 'id', value: client.id },
		// The room and service as their dropdowns offer them (numbers where the API writes ids so).
		fields: mapperOf({ [room.id]: offeredFor(room, 'rooms', roomRecord.id, roomRecord.name), [service.id]: offeredFor(service, 'services', slot.serviceId, serviceName), [start.id]: slot.start }, offered),
	});
	assertEqual(made.error, undefined, 'error of the create');
	const booking = store.bookings[store.bookings.length - 1];
	assertEqual([booking.roomId, booking.serviceId, booking.clientId, booking.start], [roomRecord.id, slot.serviceId, client.id, slot.start], 'the booking made [room, service, client, start]');

	const update = { resource: 'booking', operation: 'update', options: optionsFor(name) };
	const changing = (await route<FieldsAnswer>(rest, 'resource-mapper-fields', payload(update, 'parameters.fields', 'bookingFields', FULL_CREDENTIAL))).fields;
	const state = onlyOne(changing, 'the state', (field) => field.options?.some((option) => option.value === 'confirmed') === true);
	const cancelled = await runWorkflow(rest, `e2e: ${name} cancel from the form`, {
		...update,
		bookingId: { __rl: true, mode: 'id', value: booking.id },
		// The state's dropdown lists the states one page showed; an expression gives any other.
		fields: mapperOf({ [state.id]: "={{ 'cancelled' }}" }, changing),
	});
	assertEqual(cancelled.error, undefined, 'error of the cancel');
	assertEqual(store.bookings.find((candidate) => candidate.id === booking.id)?.status, 'cancelled', `the status of ${booking.id}`);
}

const WORKSPACE_ZONE = 'Europe/Paris';

/** The wall clock of an instant in a zone, as Mindbody writes it: "YYYY-MM-DDTHH:MM:SS", no zone. */
function wallClockIn(iso: string, timeZone: string): string {
	const parts = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(iso));
	const part = (type: string) => parts.find((entry) => entry.type === type)?.value;
	return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * Mindbody writes its times without a zone, in the site's: with the sandbox's site in Europe/Paris and a
 * credential whose Workspace Time Zone says so, a booking typed in the workflow's zone (UTC) from the Create form
 * is sent as the Paris wall clock and lands at the instant typed; the form's label names both zones.
 */
async function workspaceZoneStep(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { store } = context.sandbox;
	const credential = { name: 'e2e: Venue Booking API (Paris site)', type: 'venueBookingApi' };
	const { id } = await rest.createCredential({ ...credential, data: { baseUrl: context.sandbox.url, apiKey: FULL_KEY, workspaceTimeZone: WORKSPACE_ZONE } });
	context.sandbox.setOptions({ localTimeZone: WORKSPACE_ZONE });
	try {
		// The node's one zone (Options > Time Zone) is UTC, as the workflow's: the value typed is read in it.
		const create = { resource: 'booking', operation: 'create', options: { ...optionsFor('mindbody'), timeZone: 'UTC' } };
		const offered = (await route<FieldsAnswer>(rest, 'resource-mapper-fields', payload(create, 'parameters.fields', 'bookingFields', { id, ...credential }))).fields;
		const start = onlyOne(offered, 'the start', (field) => field.id === 'Start');
		assert(start.displayName.includes(`(${WORKSPACE_ZONE} time)`), `the start's label names the workspace's zone (got: ${start.displayName})`);
		assert(start.displayName.startsWith('(UTC) '), `the start's label names the node's zone (got: ${start.displayName})`);
		const roomRecord = store.rooms[2];
		const slot = computeFreeSlots(store, { ...FORM_WEEK, roomId: roomRecord.id }).at(-1);
		assert(slot, `a free slot in ${roomRecord.name}`);
		const workflow = workflowWith('e2e: mindbody booking typed in UTC for a Paris site', {
			...create,
			bookingClient: { __rl: true, mode: 'id', value: store.clients[2].id },
			fields: {
				mappingMode: 'defineBelow',
				value: { RoomId: roomRecord.id, ServiceId: slot.serviceId, Start: slot.start.replace(/Z$/, '') },
				matchingColumns: [],
				schema: offered,
				attemptToConvertTypes: false,
				convertFieldsToString: false,
			},
		});
		workflow.nodes[1].credentials = { venueBookingApi: { id, name: credential.name } };
		context.sandbox.resetRequests();
		const { id: workflowId } = await rest.createWorkflow({ ...workflow, settings: { ...workflow.settings, timezone: 'UTC' } });
		const execution = await rest.waitForExecution(await rest.runWorkflow(workflowId, 'Start'), 90_000);
		assertEqual(runError(execution.run), undefined, 'error of the create');
		const post = context.sandbox.requests.find((request) => request.method === 'POST');
		assertEqual((post?.body as Record<string, unknown> | undefined)?.Start, wallClockIn(slot.start, WORKSPACE_ZONE), 'the start sent, as the Paris wall clock');
		assertEqual(store.bookings[store.bookings.length - 1].start, slot.start, 'the instant the booking landed at');
	} finally {
		context.sandbox.setOptions({ localTimeZone: 'UTC' });
	}
}

/** A week of free slots for the per-item writes, after the forms' week. */
const PER_ITEM_WEEK = { fromMs: Date.parse('2027-03-29T00:00:00Z'), toMs: Date.parse('2027-04-03T00:00:00Z') };

/**
 * Writes answered as arrays of per-item results (issue 40), as batch-taking APIs answer even one write: the booking
 * made comes out as the booking itself (its id for the next node), the cancel too, and a refusal inside a 201 fails
 * the run with the server's words instead of passing as a booking made.
 */
async function perItemWritesStep(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { sandbox } = context;
	const { store } = sandbox;
	const slot = computeFreeSlots(store, { ...PER_ITEM_WEEK, roomId: store.rooms[0].id })[0];
	assert(slot, `a free slot in ${store.rooms[0].name}`);
	const body = { room_id: slot.roomId, service_id: slot.serviceId, start: slot.start, client_id: store.clients[2].id };
	const create = { resource: 'booking', operation: 'create', specifyBody: 'json', jsonBody: JSON.stringify(body) };
	const made = await runWorkflow(rest, 'e2e: per-item results, create', create);
	assertEqual(made.error, undefined, 'error of the create');
	const booking = store.bookings[store.bookings.length - 1];
	assertEqual(made.items.map((item) => item.id), [booking.id], 'the create gives the booking itself, with its id');
	const cancelled = await runWorkflow(rest, 'e2e: per-item results, cancel', {
		resource: 'booking',
		operation: 'update',
		bookingId: { __rl: true, mode: 'id', value: booking.id },
		specifyBody: 'json',
		jsonBody: JSON.stringify({ status: 'cancelled' }),
	});
	assertEqual(cancelled.error, undefined, 'error of the cancel');
	assertEqual(cancelled.items.map((item) => [item.id, item.status]), [[booking.id, 'cancelled']], 'the cancel gives the booking, cancelled');
	const count = store.bookings.length;
	const again = computeFreeSlots(store, { ...PER_ITEM_WEEK, roomId: store.rooms[0].id })[0];
	const first = await runWorkflow(rest, 'e2e: per-item results, a slot', { ...create, jsonBody: JSON.stringify({ ...body, start: again.start, service_id: again.serviceId }) });
	assertEqual(first.error, undefined, 'error of the create that takes the slot');
	const taken = await runWorkflow(rest, 'e2e: per-item results, the same slot again', { ...create, jsonBody: JSON.stringify({ ...body, start: again.start, service_id: again.serviceId }) });
	assert(taken.error !== undefined && /The API refused POST \/bookings/.test(taken.error), `the taken slot fails the run (got: ${taken.error})`);
	assertEqual(taken.items.length, 0, 'items of the refused create');
	assertEqual(store.bookings.length, count + 1, 'bookings stored: the refused one is not among them');
}

/** Each representative convention in turn; the sandbox speaks its own default again afterwards. */
export async function conventionChecks(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox } = context;
	try {
		for (const name of E2E_CONVENTIONS) {
			sandbox.setOptions({ convention: name });
			const walk = AS_SET[name] ? 'Automatic exact or failing saying what to set; as set' : 'Automatic';
			await checks.check(`convention ${name}: Return All (${walk}) gives exactly the server's payments`, () => returnAllStep(context, rest, name));
			await checks.check(`convention ${name}: the Booking ID picker scrolls to the last booking`, () => pickerStep(context, rest, name));
			await checks.check(`convention ${name}: Fetch Test Event shows the newest journal entries`, () => fetchTestEventStep(context, rest, name));
			await checks.check(`convention ${name}: a validation error shows the server's words`, () => validationStep(rest, name));
			await checks.check(`convention ${name}: a booking made and cancelled from the forms as they open`, () => formStep(context, rest, name));
			if (name === 'mindbody') {
				await checks.check('convention mindbody: zone-less site times written in the credential\'s Workspace Time Zone', () => workspaceZoneStep(context, rest));
			}
		}
	} finally {
		sandbox.setOptions({ convention: undefined });
	}
	try {
		sandbox.setOptions({ writeResults: 'perItem' });
		await checks.check('writes answered as per-item results: the booking made and cancelled comes out as the booking; a refusal inside a 201 fails the run', () => perItemWritesStep(context, rest));
	} finally {
		sandbox.setOptions({ writeResults: 'record' });
	}
}
