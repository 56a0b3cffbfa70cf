/**
 * One time zone in real n8n, where n8n decides which zone the node's code is handed: its editor routes
 * (`/rest/dynamic-node-parameters/*`) get the instance's zone whatever the workflow's settings say, a run gets the
 * workflow's. A workflow set to a zone other than the instance's: without Options > Time Zone the form's label names
 * the instance's zone, a typed time is read there and the run's hint names the workflow's zone it ran in; with
 * the option, the form, the picker, the reading and the output's local times are all in it, and Add Names names
 * each booking's room, service and client.
 */
import { nodeOutputItems, runError, type RunData } from '../../scripts/n8n/runData';
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { computeFreeSlots } from '../../sandbox/slots';
import { FULL_CREDENTIAL, type E2eContext } from './context';
import { bookingCreate, type FieldsAnswer, isNoticeRow, type ListAnswer, payload, route, workflowWith } from './editor.checks';
import { assert, assertEqual } from './harness';

/** The workflow's own zone: other than the instance's (n8n's America/New_York fallback in the e2e). */
const WORKFLOW_ZONE = 'Europe/Berlin';

/** "2027-04-12T10:00:00" of an instant as the wall clock in `zone`, as n8n's date picker writes it (no offset). */
function wallClock(iso: string, zone: string): string {
	return new Date(Date.parse(iso)).toLocaleString('sv-SE', { timeZone: zone, hour12: false }).replace(' ', 'T');
}

function hintsOf(run: RunData): string[] {
	const task = run.data.resultData.runData['Venue Booking']?.[0] as { hints?: Array<{ message?: string }> } | undefined;
	return (task?.hints ?? []).map((hint) => hint.message ?? '');
}

export async function timeZoneCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox } = context;
	const { store } = sandbox;
	await checks.check('one time zone: n8n hands its editor routes the instance\'s zone and a run the workflow\'s; the form\'s label is the zone a value is read in, and Options > Time Zone makes both one', async () => {
		const instanceZone = ((await rest.settings()) as { timezone?: string }).timezone;
		assert(typeof instanceZone === 'string' && instanceZone !== WORKFLOW_ZONE, `n8n's instance zone (${instanceZone}) differs from the workflow's ${WORKFLOW_ZONE}`);
		const fieldsFor = async (options: Record<string, unknown>) =>
			(await route<FieldsAnswer>(rest, 'resource-mapper-fields', payload({ ...bookingCreate, options }, 'parameters.fields', 'bookingFields', FULL_CREDENTIAL))).fields;
		const slotIn = (roomIndex: number, fromIso: string) => {
			const room = store.rooms[roomIndex];
			const slot = computeFreeSlots(store, { fromMs: Date.parse(fromIso), toMs: Date.parse(fromIso) + 5 * 86_400_000, roomId: room.id })[0];
			assert(slot, `a free slot in ${room.name} from ${fromIso}`);
			return { room, slot };
		};
		const runCreate = async (name: string, fields: FieldsAnswer['fields'], value: Record<string, unknown>, options: Record<string, unknown>) => {
			const workflow = {
				...workflowWith(name, { ...bookingCreate, bookingClient: { __rl: true, mode: 'id', value: store.clients[7].id }, options,
					fields: { mappingMode: 'defineBelow', value, matchingColumns: [], schema: fields, attemptToConvertTypes: false, convertFieldsToString: false } }),
				settings: { executionOrder: 'v1', timezone: WORKFLOW_ZONE },
			};
			const { id } = await rest.createWorkflow(workflow);
			const execution = await rest.waitForExecution(await rest.runWorkflow(id, 'Start'), 60_000);
			assertEqual(runError(execution.run), undefined, `error of "${name}"`);
			return execution.run;
		};

		// Without the option: what n8n hands the editor is the instance's zone, and the label says so.
		const plain = await fieldsFor({});
		const plainStart = plain.find((field) => field.id === 'start');
		assert(plainStart?.displayName.startsWith(`(${instanceZone}) start (date-time`), `the start label names n8n's instance zone: "${plainStart?.displayName}"`);
		const first = slotIn(2, '2027-04-12T00:00:00Z');
		const run = await runCreate('e2e: the form read in the zone its label names', plain, { room_id: first.room.id, service_id: first.slot.serviceId, start: wallClock(first.slot.start, instanceZone) }, {});
		assertEqual(store.bookings.at(-1)?.start, first.slot.start, `the booking's start (typed ${wallClock(first.slot.start, instanceZone)} as the label's ${instanceZone})`);
		// The run was handed the workflow's zone: the hint names it beside the label's.
		assert(hintsOf(run).some((hint) => hint.includes(`"start" was read in ${instanceZone}, the zone its label names, not in ${WORKFLOW_ZONE}`)),
			`the run's hint names both zones: ${JSON.stringify(hintsOf(run))}`);

		// With the option: the editor's form and picker, the reading and the outputs in one zone.
		const options = { timeZone: WORKFLOW_ZONE };
		const zoned = await fieldsFor(options);
		const zonedStart = zoned.find((field) => field.id === 'start');
		assert(zonedStart?.displayName.startsWith(`(${WORKFLOW_ZONE}) start (date-time`), `the start label names the option's zone: "${zonedStart?.displayName}"`);
		const picker = await route<ListAnswer>(rest, 'resource-locator-results',
			payload({ resource: 'booking', operation: 'get', bookingId: { __rl: true, mode: 'list', value: '' }, options }, 'parameters.bookingId', 'searchBookings', FULL_CREDENTIAL));
		// A notice row (a list whose start is past by n8n's clock) is no booking.
		const pickerBookings = picker.results.filter((row) => !isNoticeRow(row));
		assert(pickerBookings.length > 0, 'the picker shows bookings');
		for (const result of pickerBookings) {
			const booking = store.bookings.find((candidate) => candidate.id === result.value)!;
			const hhmm = wallClock(booking.start, WORKFLOW_ZONE).slice(11, 16);
			assert(result.name.includes(`, ${hhmm} · `), `picker label "${result.name}" shows ${booking.start} as ${hhmm} in ${WORKFLOW_ZONE}`);
			assert(!/Yesterday|Today|Tomorrow/.test(result.name), `picker label "${result.name}" holds a date, no word that goes stale`);
		}
		const second = slotIn(3, '2027-04-19T00:00:00Z');
		const zonedRun = await runCreate('e2e: the form, the picker and the run in Options > Time Zone', zoned,
			{ room_id: second.room.id, service_id: second.slot.serviceId, start: wallClock(second.slot.start, WORKFLOW_ZONE) }, { ...options, addLocalTimes: true, addNames: true });
		const booking = store.bookings.at(-1)!;
		assertEqual(booking.start, second.slot.start, `the booking's start (typed ${wallClock(second.slot.start, WORKFLOW_ZONE)} in ${WORKFLOW_ZONE})`);
		assert(!hintsOf(zonedRun).some((hint) => hint.includes('the zone its label names')), 'no zone hint where the label and the run agree');
		const [output] = nodeOutputItems(zonedRun, 'Venue Booking');
		const added = output.addedByNode as { timeZone?: string; localTimes?: Record<string, string>; names?: Record<string, string> } | undefined;
		assertEqual(added?.timeZone, WORKFLOW_ZONE, 'the zone of the added local times');
		assertEqual(added?.localTimes?.start?.slice(0, 19), wallClock(booking.start, WORKFLOW_ZONE), 'the local start added beside the API\'s');
		assertEqual(added?.names, {
			room_id: second.room.name,
			service_id: store.services.find((service) => service.id === second.slot.serviceId)?.name,
			client_id: store.clients[7].name,
		}, 'the names added to the created booking');
	});
}
