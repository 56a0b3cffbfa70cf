/**
 * A venue owner's daily screens (issue 42) in real n8n, through the editor's REST routes and saved workflows of
 * the nodes' version 1.2, on a large workspace (newcomer.checks.ts's scale: 5,000 clients, 20,000 bookings)
 * seeded around the REAL today: the booking picker's "today" is the n8n process's own clock (Date.now()), which no
 * e2e can set, so its expectations are worked out here from that clock and what the sandbox's store holds, and
 * hold on any date (a workspace seeded around FIXED_TODAY would be all upcoming before it and all past after it).
 *
 * 1. Booking → Cancel or Reschedule → Cancel / Reschedule: the Booking ID picker's first view opens on upcoming
 *    bookings (the list's first page holds none: the view finds the list's end), soonest first, then the past,
 *    latest first; a cancelled booking's label alone carries a state (n8n's list shows the label only and saves the
 *    one picked); cancelled bookings are left out, the last row saying how many, while Booking → Get shows them
 *    marked "✕ Cancelled ·". One upcoming booking is cancelled first by a
 *    saved workflow that picked it from the Cancel picker, so "left out" is tested on a booking the view showed.
 * 2. The date-time fields of Create's form, and Reschedule's New Times, name the zone first: "(<zone>) start …",
 *    the instance's zone without Options → Time Zone, the option's with it.
 * 3. Errors name what the user set: a key refused in a run names the credential by the name the node uses it
 *    under ("Venue Booking account"), never the key; a Create whose start was left empty names the form's field;
 *    a Workspace Time Zone that is no zone names the field and the credential.
 *
 * Example 02's bookkeeping CSV (names, local times, amounts in currency units) is checked in examples.checks.ts.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { nodeOutputItems, type RunData } from '../../scripts/n8n/runData';
import { type E2eContext, FULL_KEY } from './context';
import { type Credential, dayIn, type FieldsAnswer, type ListAnswer, payload, route, runSaved, workflowWith } from './editor.checks';
import { assert, assertEqual } from './harness';
import { credentialFor, LARGE } from './newcomer.checks';

/** The nodes' version from issue 42 on: what a node added today is. */
const LATEST = 1.2;
/** The name n8n gives a user's first credential of this type. */
const ACCOUNT_NAME = 'Venue Booking account';
/** A key the sandbox refuses; it must appear nowhere in what n8n keeps of the run. */
const WRONG_KEY = 'sandbox-wrong-key-e2e-7f3a';
/** The mark a cancelled booking's label starts with (methods/listSearch.ts's CANCELLED_MARK and its separator). */
const CANCELLED_LABEL = /^✕ Cancelled · /;

type Action = 'cancel' | 'reschedule';
type Row = ListAnswer['results'][number];

/** An editor route's body as n8n's editor sends it for a node of version 1.2. */
function latest(body: ReturnType<typeof payload>): ReturnType<typeof payload> {
	return { ...body, nodeTypeAndVersion: { ...body.nodeTypeAndVersion, version: LATEST } };
}

/** A saved workflow whose Venue Booking node is version 1.2 and uses `credential`. */
function latestWorkflow(name: string, parameters: Record<string, unknown>, credential: Credential) {
	const workflow = workflowWith(name, parameters);
	return { ...workflow, nodes: workflow.nodes.map((node) => (node.id === 'vb' ? { ...node, typeVersion: LATEST, credentials: { venueBookingApi: credential } } : node)) };
}

const emptyPick = { __rl: true, mode: 'list', value: '' };
const getParameters = { resource: 'booking', operation: 'get', bookingId: emptyPick };
const changeParameters = (action: Action) => ({ resource: 'booking', operation: 'update', bookingAction: action, bookingId: emptyPick });

/** The picker's first view and the day it was opened on by the real clock (asked again where midnight fell during the call). */
async function firstView(rest: N8nRestClient, credential: Credential, parameters: Record<string, unknown>, zone: string): Promise<{ rows: Row[]; notices: string[]; today: string }> {
	for (;;) {
		const before = dayIn(Date.now(), zone);
		const answer = await route<ListAnswer>(rest, 'resource-locator-results', latest(payload(parameters, 'parameters.bookingId', 'searchBookings', credential)));
		if (dayIn(Date.now(), zone) !== before) continue;
		const rows = answer.results as Row[];
		return {
			rows: rows.filter((row) => typeof row.value === 'string'),
			notices: rows.filter((row) => typeof row.value !== 'string').map((row) => row.name),
			today: before,
		};
	}
}

/**
 * The view's rows in the picker's order by the store: bookings from today on (their day in the picker's zone),
 * soonest first, then the past, latest first; the first row upcoming; the cancelled mark exactly on cancelled
 * bookings, and no live state in a label (it would go stale in the workflow that saves it).
 */
function assertUpcomingFirst(sandbox: Sandbox, view: { rows: Row[]; today: string }, zone: string, what: string): void {
	const { store } = sandbox;
	assert(view.rows.length > 0, `${what}: the first view offers bookings`);
	const bookings = view.rows.map((row) => {
		const booking = store.findBooking(String(row.value));
		assert(booking, `${what}: row "${row.name}" is a booking of the workspace (${String(row.value)})`);
		return booking;
	});
	const starts = bookings.map((booking) => Date.parse(booking.start));
	const upcoming = starts.filter((start) => dayIn(start, zone) >= view.today);
	const past = starts.filter((start) => dayIn(start, zone) < view.today);
	assert(dayIn(starts[0], zone) >= view.today, `${what}: the first row "${view.rows[0].name}" is on or after today (${view.today} in ${zone})`);
	assertEqual(starts, [...[...upcoming].sort((a, b) => a - b), ...[...past].sort((a, b) => b - a)], `${what}: starts of the rows (upcoming soonest first, then the past latest first)`);
	view.rows.forEach((row, index) => {
		const booking = bookings[index];
		assert(!new RegExp(`\\b${booking.status}\\b`, 'i').test(row.name.replace(CANCELLED_LABEL, '')), `${what}: "${row.name}" holds no state word beyond the cancelled mark`);
		assertEqual(CANCELLED_LABEL.test(row.name), booking.status === 'cancelled', `${what}: "${row.name}" is marked cancelled exactly when the booking is (${booking.status})`);
	});
}

/**
 * The picker on Booking → Get, Cancel and Reschedule; an upcoming booking picked from Cancel's view is cancelled
 * by a saved workflow first, so the views hold at least one cancelled upcoming booking.
 */
async function pickerStep(rest: N8nRestClient, sandbox: Sandbox, credential: Credential, zone: string): Promise<string> {
	const { store } = sandbox;
	const pageSize = sandbox.settings.defaultPageSize;
	const today = dayIn(Date.now(), zone);
	// What makes the opening a finding: the list's first page (creation order) is all past.
	const firstPage = store.bookings.slice(0, pageSize);
	assert(firstPage.every((booking) => dayIn(Date.parse(booking.start), zone) < today), `the list's first page holds no upcoming booking (today ${today} in ${zone})`);

	const before = await firstView(rest, credential, changeParameters('cancel'), zone);
	assertUpcomingFirst(sandbox, before, zone, 'Cancel, before');
	// Cancelled from the view it is in: a booking still ahead by the sandbox's clock (a started one cannot be cancelled).
	const soonAfter = Date.now() + 60 * 60_000;
	const chosen = before.rows.find((row) => Date.parse(store.findBooking(String(row.value))!.start) > soonAfter);
	assert(chosen, 'Cancel\'s first view offers a booking at least an hour ahead');
	const output = await runSaved(rest, latestWorkflow('e2e: daily screens, cancel a booking picked from the list', {
		...changeParameters('cancel'),
		bookingId: { ...emptyPick, value: chosen.value, cachedResultName: chosen.name },
	}, credential));
	assertEqual(store.findBooking(String(chosen.value))?.status, 'cancelled', `booking ${String(chosen.value)} after the Cancel run`);
	assert(JSON.stringify(output[0] ?? {}).includes(String(chosen.value)), `the Cancel run's output is the booking: ${JSON.stringify(output[0]).slice(0, 200)}`);

	const get = await firstView(rest, credential, getParameters, zone);
	assertUpcomingFirst(sandbox, get, zone, 'Get');
	const marked = get.rows.find((row) => row.value === chosen.value);
	assert(marked && CANCELLED_LABEL.test(marked.name), `Get shows the booking just cancelled marked "✕ Cancelled ·": ${JSON.stringify(marked)}`);
	const cancelledShown = get.rows.filter((row) => store.findBooking(String(row.value))!.status === 'cancelled');
	const cancelledUpcoming = cancelledShown.filter((row) => dayIn(Date.parse(store.findBooking(String(row.value))!.start), zone) >= get.today);
	assert(cancelledUpcoming.length > 0, 'Get\'s first view holds a cancelled upcoming booking');

	const counts: string[] = [];
	for (const [action, word] of [['cancel', 'Cancel'], ['reschedule', 'Reschedule']] as const) {
		const view = await firstView(rest, credential, changeParameters(action), zone);
		assertUpcomingFirst(sandbox, view, zone, word);
		assert(!view.rows.some((row) => row.value === chosen.value), `${word} leaves out the booking just cancelled`);
		assertEqual(view.rows.filter((row) => store.findBooking(String(row.value))!.status === 'cancelled').map((row) => row.name), [], `${word}: cancelled bookings offered`);
		if (view.today === get.today) {
			// The same page as Get's, less its cancelled bookings, in the same order.
			assertEqual(view.rows.map((row) => row.value), get.rows.filter((row) => !cancelledShown.includes(row)).map((row) => row.value), `${word}: the rows (Get's, less the cancelled ones)`);
		}
		const count = cancelledShown.length;
		const said = `${count.toLocaleString('en-US')} cancelled booking${count === 1 ? '' : 's'} not offered: ${word} does not apply to a cancelled booking`;
		assert(view.notices.some((notice) => notice.includes(said)), `${word}: the last row says "${said}" (notices: ${JSON.stringify(view.notices)})`);
		counts.push(`${word} ${view.rows.length} rows`);
	}
	const upcoming = get.rows.filter((row) => dayIn(Date.parse(store.findBooking(String(row.value))!.start), zone) >= get.today).length;
	return `today ${get.today} (${zone}): Get ${get.rows.length} rows (${upcoming} upcoming, ${cancelledShown.length} cancelled), ${counts.join(', ')}`;
}

/** Create's form and Reschedule's New Times: every date-time field's label begins with the zone it is read in. */
async function zoneFirstStep(rest: N8nRestClient, credential: Credential, zone: string): Promise<void> {
	const otherZone = zone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';
	for (const [options, expected] of [[{}, zone], [{ timeZone: otherZone }, otherZone]] as const) {
		const forms = [
			{ what: 'Create', parameters: { resource: 'booking', operation: 'create', options }, path: 'parameters.fields', method: 'bookingFields' },
			{ what: 'Reschedule', parameters: { ...changeParameters('reschedule'), options }, path: 'parameters.times', method: 'bookingTimes' },
		];
		for (const form of forms) {
			const { fields } = await route<FieldsAnswer>(rest, 'resource-mapper-fields', latest(payload(form.parameters, form.path, form.method, credential)));
			const times = fields.filter((field) => field.type === 'dateTime');
			assert(times.some((field) => field.id === 'start'), `${form.what}'s form offers start as a date-time (fields: ${fields.map((field) => `${field.id}:${field.type}`).join(', ')})`);
			for (const field of times) {
				assert(field.displayName.startsWith(`(${expected}) ${field.id} `), `${form.what}${'timeZone' in options ? ` with Options → Time Zone ${expected}` : ''}: the label of ${field.id} begins with its zone: "${field.displayName}"`);
			}
		}
	}
}

/** The error of a run, as n8n stored it, and the whole execution's text (for what must not be in it). */
async function failedRun(rest: N8nRestClient, workflow: ReturnType<typeof latestWorkflow>): Promise<{ message: string; description: string; stored: string; run: RunData }> {
	const { id } = await rest.createWorkflow(workflow);
	const execution = await rest.waitForExecution(await rest.runWorkflow(id, 'Start'), 90_000);
	const error = execution.run.data.resultData.error as { message?: string; description?: string } | undefined;
	assert(error?.message, `"${workflow.name}" fails (status ${execution.status})`);
	return { message: error.message, description: String(error.description ?? ''), stored: JSON.stringify(execution), run: execution.run };
}

/** A refused key names the credential as the node uses it; an empty start names the form's field. */
async function errorsStep(rest: N8nRestClient, sandbox: Sandbox, credential: Credential): Promise<string[]> {
	const { id } = await rest.createCredential({ name: ACCOUNT_NAME, type: 'venueBookingApi', data: { baseUrl: sandbox.url, apiKey: WRONG_KEY } });
	const refused = await failedRun(rest, latestWorkflow('e2e: daily screens, a refused key', { resource: 'room', operation: 'getAll', returnAll: true }, { id, name: ACCOUNT_NAME }));
	assertEqual(refused.message, `The API key was refused (401): check the API Key of the credential "${ACCOUNT_NAME}"`, 'the error of a run whose key is refused');
	assert(!refused.stored.includes(WRONG_KEY), 'the key appears nowhere in the stored execution');

	const { store } = sandbox;
	const offered = (await route<FieldsAnswer>(rest, 'resource-mapper-fields', latest(payload({ resource: 'booking', operation: 'create' }, 'parameters.fields', 'bookingFields', credential)))).fields;
	const room = store.rooms[7];
	const service = store.services.find((candidate) => candidate.roomIds.includes(room.id));
	assert(service, `a service offered in ${room.name}`);
	const client = store.clients[42];
	const before = store.bookings.length;
	const empty = await failedRun(rest, latestWorkflow('e2e: daily screens, Create with the start left empty', {
		resource: 'booking',
		operation: 'create',
		bookingClient: { __rl: true, mode: 'list', value: client.id, cachedResultName: client.name },
		fields: { mappingMode: 'defineBelow', value: { room_id: room.id, service_id: service.id }, matchingColumns: [], schema: offered, attemptToConvertTypes: false, convertFieldsToString: false },
	}, credential));
	assertEqual(store.bookings.length, before, 'bookings made by the run with an empty start');
	assert(empty.message.includes('"start" in Fields Seen in Your Workspace'), `the error names the form's field: "${empty.message}"`);
	assert(/"start"( \([^\n]*\))? is empty in Fields Seen in Your Workspace/.test(empty.description), `its description says the field is empty: "${empty.description}"`);
	assertEqual(nodeOutputItems(empty.run, 'Venue Booking').length, 0, 'output items of the failed Create');

	// A credential's own field set wrong: the error names the field and the credential (it named the type before).
	// Add Local Times reads the zone on every run (a Create reads it only for a form that writes times without a
	// zone, which this workspace's "…Z" times are not).
	const site = { name: 'Venue Booking (Paris site)', zone: 'Europe/Pari' };
	const paris = await rest.createCredential({ name: site.name, type: 'venueBookingApi', data: { baseUrl: sandbox.url, apiKey: FULL_KEY, workspaceTimeZone: site.zone } });
	const misspelt = await failedRun(rest, latestWorkflow('e2e: daily screens, a Workspace Time Zone that is no zone', {
		resource: 'booking',
		operation: 'getAll',
		returnAll: false,
		limit: 5,
		options: { addLocalTimes: true },
	}, { id: paris.id, name: site.name }));
	assertEqual(misspelt.message, `The Workspace Time Zone "${site.zone}" of the credential "${site.name}" is not a time zone`, 'the error of a run whose credential names no zone');
	return [refused.message, empty.message, misspelt.message];
}

/** Issue 42's screens on a large workspace seeded around the real today, a page-numbered list (its end revealed by its total). */
export async function dailyScreenChecks(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks } = context;
	const zone = ((await rest.settings()) as { timezone?: string }).timezone;
	const sandbox = await startSandbox({ seed: 3, scale: LARGE, pagination: 'page' });
	const timings: string[] = [];
	try {
		const credential = await credentialFor(rest, sandbox, 'daily screens');
		await checks.check('daily screens, large workspace around the real today: the Booking ID picker of Cancel and Reschedule opens on upcoming bookings, cancelled ones left out (Get marks them "✕ Cancelled ·"), no live state in a label', async () => {
			assert(typeof zone === 'string' && zone !== '', `n8n's instance zone (${String(zone)})`);
			const started = Date.now();
			const said = await pickerStep(rest, sandbox, credential, zone);
			timings.push(`picker ${((Date.now() - started) / 1000).toFixed(1)} s, ${said}`);
		});
		await checks.check('daily screens: the date-time fields of Create and Reschedule name their zone first ("(<zone>) start …"), the option\'s zone where set', async () => {
			assert(typeof zone === 'string' && zone !== '', `n8n's instance zone (${String(zone)})`);
			await zoneFirstStep(rest, credential, zone);
		});
		await checks.check(`daily screens: a refused key names the credential "${ACCOUNT_NAME}" in the run's error; a Create with its start left empty names the form's field; a Workspace Time Zone that is no zone names the credential`, async () => {
			const messages = await errorsStep(rest, sandbox, credential);
			timings.push(`errors: ${messages.map((message) => JSON.stringify(message)).join(' / ')}`);
		});
	} finally {
		await sandbox.close();
	}
	console.log(`timing: daily screens: ${timings.join('; ')}`);
}
