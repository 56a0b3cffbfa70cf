/**
 * Only Entries Where (the filter beside Watch) of the Venue Booking Trigger in a real n8n:
 *
 * 1. The editor's own route, POST /rest/dynamic-node-parameters/options, answers the trigger's Field dropdown with
 *    the fields of the journal's entries and its Values dropdown with the values the journal holds (compared with
 *    the sandbox's first page); before a field is chosen, Values is an empty list, not an error; for a key without
 *    webhooks.read it answers with the package's scope-named message.
 * 2. A trigger workflow filtered on one event kind picked from that answer, activated, deactivated, entries of
 *    every kind appended, activated again: n8n's activation poll emits exactly the appended entries of that kind.
 *    (Every activation polls, so no one-minute wait is added; see trigger.checks.ts.) The same for a workflow saved
 *    with version 1 of the trigger, its filter under Options (Keep Only Entries).
 *
 * Runs after trigger.checks.ts, whose counts assume nobody else appends to the journal while it waits.
 */
import axios from 'axios';
import type { N8nPublicApiClient, N8nRestClient, NodeParameterOptionsRequest } from '../../scripts/n8n/rest';
import { nodeOutputItems, runError, type RunData } from '../../scripts/n8n/runData';
import { FULL_CREDENTIAL, FULL_KEY, ids, type E2eContext } from './context';
import { activateSettled, deactivateSettled } from './activation';
import { assert, assertEqual } from './harness';

const TRIGGER_TYPE = 'n8n-nodes-venue-booking.venueBookingTrigger';
const TRIGGER = 'Venue Booking Trigger';
const SCOPELESS_CREDENTIAL = { name: 'Venue Booking API (bookings.write only)', type: 'venueBookingApi' };
/** The trigger's version a new workflow gets: the filter sits beside Watch. Version 1 kept it under Options. */
const TRIGGER_VERSION = 1.1;
const FIELD_PATH = 'parameters.entryFilter.condition.field';
const VALUES_PATH = 'parameters.entryFilter.condition.values';

function filterParameters(field: string, values: unknown[], version = TRIGGER_VERSION): Record<string, unknown> {
	const filter = { entryFilter: { condition: { field, values } } };
	return version === 1 ? { options: filter } : filter;
}

function optionsRequest(methodName: string, path: string, parameters: Record<string, unknown>, credential: { id: string; name: string }): NodeParameterOptionsRequest {
	return {
		nodeTypeAndVersion: { name: TRIGGER_TYPE, version: TRIGGER_VERSION },
		path,
		methodName,
		currentNodeParameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
		credentials: { venueBookingApi: credential },
	};
}

/** The journal's first page as the sandbox answers the same request. */
async function firstJournalPage(context: E2eContext): Promise<Array<Record<string, unknown>>> {
	const { sandbox } = context;
	const response = await axios.get(`${sandbox.apiUrl}/webhooks/deliveries`, { headers: { Authorization: `Bearer ${FULL_KEY}` } });
	const body = response.data as unknown;
	return (Array.isArray(body) ? body : (body as Record<string, unknown>)[sandbox.settings.listKey]) as Array<Record<string, unknown>>;
}

/** Step 1. */
export async function filterDropdownsCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks } = context;
	const credential = { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name };
	await checks.check('trigger filter: /rest/dynamic-node-parameters/options offers the journal\'s fields and values', async () => {
		const page = await firstJournalPage(context);
		const fields = await rest.nodeParameterOptions(optionsRequest('journalFields', FIELD_PATH, { options: {} }, credential));
		assertEqual(fields.error, undefined, 'error of the Field dropdown');
		const keys = [...new Set(page.flatMap((entry) => Object.keys(entry)))].sort((a, b) => a.localeCompare(b));
		assertEqual(fields.options?.map((option) => option.value), keys, 'fields offered');
		assert(fields.options?.every((option) => option.description?.startsWith('Seen in your journal')), 'every field labelled as seen in the journal');

		const values = await rest.nodeParameterOptions(optionsRequest('journalValues', VALUES_PATH, filterParameters('event', []), credential));
		assertEqual(values.error, undefined, 'error of the Values dropdown');
		const offered = values.options?.map((option) => option.value) ?? [];
		assertEqual(new Set(offered).size, offered.length, 'values offered once each');
		assertEqual([...offered].sort(), [...new Set(page.map((entry) => entry.event))].sort(), 'event kinds offered');

		// Before a field is chosen: an empty list, where the editor showed a red "Error fetching options".
		const before = await rest.nodeParameterOptions(optionsRequest('journalValues', VALUES_PATH, {}, credential));
		assertEqual(before.error, undefined, 'error of the Values dropdown before a field is chosen');
		assertEqual(before.options, [], 'values offered before a field is chosen');
	});

	await checks.check('trigger filter: a key without webhooks.read gets the scope-named message in the dropdown', async () => {
		const created = await rest.createCredential({ ...SCOPELESS_CREDENTIAL, data: { baseUrl: context.sandbox.url, apiKey: 'sandbox-bookings-write' } });
		const answer = await rest.nodeParameterOptions(
			optionsRequest('journalFields', FIELD_PATH, { options: {} }, { id: created.id, name: SCOPELESS_CREDENTIAL.name }),
		);
		assertEqual(answer.options, undefined, 'options');
		assert(/lacks the webhooks\.read scope/.test(answer.error ?? ''), `message: ${answer.error}`);
	});
}

export async function triggerExecutions(api: N8nPublicApiClient, workflowId: string): Promise<Array<{ id: string; status: string; entries: unknown[]; error?: string }>> {
	const executions = await api.listExecutions({ workflowId, limit: 50 });
	return executions
		.filter((execution) => execution.mode === 'trigger' && execution.data && !['new', 'running', 'waiting', 'unknown'].includes(execution.status))
		.map((execution) => {
			const run = { data: execution.data } as RunData;
			return { id: String(execution.id), status: execution.status, entries: nodeOutputItems(run, TRIGGER), error: runError(run) };
		});
}

/**
 * The trigger executions of a workflow once its activation's poll has run (up to 30 s), checked to be exactly one
 * that succeeded.
 */
export async function activationExecutions(api: N8nPublicApiClient, workflowId: string): ReturnType<typeof triggerExecutions> {
	const deadline = Date.now() + 30_000;
	let executions = await triggerExecutions(api, workflowId);
	while (executions.length === 0 && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 500));
		executions = await triggerExecutions(api, workflowId);
	}
	assertEqual(executions.map((execution) => [execution.status, execution.error]), [['success', undefined]], '[status, error] of the trigger executions');
	return executions;
}

/** What the user picked in the Only Entries Where dropdowns: a field of the entries and one of its values. */
export interface PickedFilter {
	field: string;
	value: string;
}

/**
 * The user's way through the two dropdowns, without typing a field name: the Field dropdown describes each
 * field with an example value; the field whose example is an event kind is picked, then the Values dropdown
 * for it is opened and one kind picked from what it offers (booking.cancelled when offered).
 */
export async function pickEventKind(context: E2eContext, rest: N8nRestClient): Promise<PickedFilter> {
	const credential = { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name };
	const kinds = new Set(context.sandbox.store.deliveries.map((entry) => entry.event));
	const fields = await rest.nodeParameterOptions(optionsRequest('journalFields', FIELD_PATH, { options: {} }, credential));
	assertEqual(fields.error, undefined, 'error of the Field dropdown');
	const eventField = fields.options?.find((option) => [...kinds].some((kind) => option.description?.includes(`e.g. ${kind}`)));
	assert(eventField, `a field described with an event kind among ${JSON.stringify(fields.options)}`);
	const field = String(eventField.value);
	const values = await rest.nodeParameterOptions(optionsRequest('journalValues', VALUES_PATH, filterParameters(field, []), credential));
	assertEqual(values.error, undefined, 'error of the Values dropdown');
	const offered = values.options?.map((option) => option.value) ?? [];
	const value = offered.includes('booking.cancelled') ? 'booking.cancelled' : offered[0];
	assert(typeof value === 'string', `no event kind was offered (${JSON.stringify(offered)})`);
	return { field, value };
}

/**
 * A trigger workflow filtered as picked, activated (records where the journal stands, emits nothing),
 * deactivated, entries of every kind appended, activated again: n8n's activation poll must emit exactly the
 * appended entries of the picked kind, in one successful execution. The workflow is deactivated at the end.
 */
export async function assertFilteredActivation(
	context: E2eContext,
	rest: N8nRestClient,
	api: N8nPublicApiClient,
	picked: PickedFilter,
	name: string,
	version = TRIGGER_VERSION,
): Promise<void> {
	const { sandbox } = context;
	const workflow = await rest.createWorkflow({
		name,
		nodes: [
			{
				id: 'f1a7e2e0-0000-4000-8000-000000000001',
				name: TRIGGER,
				type: TRIGGER_TYPE,
				typeVersion: version,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...filterParameters(picked.field, [picked.value], version) },
				credentials: { venueBookingApi: { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name } },
			},
			// A node after the trigger, as in any real workflow.
			{ id: 'f1a7e2e0-0000-4000-8000-000000000002', name: 'Kept Entries', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [260, 0], parameters: {} },
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Kept Entries', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	try {
		await activateSettled(api, rest, workflow.id);
		await deactivateSettled(api, rest, workflow.id);
		const appended = (['booking.created', 'booking.cancelled', 'booking.rescheduled', 'webhook.test'] as const).flatMap((event) =>
			sandbox.store.appendDeliveries(2, event),
		);
		const expected = appended.filter((entry) => entry.event === picked.value).map((entry) => entry.id);
		await activateSettled(api, rest, workflow.id);
		const executions = await activationExecutions(api, workflow.id);
		assertEqual(ids(executions[0].entries as Array<{ id?: unknown }>), expected, `entries emitted (the ${picked.value} ones of ${appended.length} appended)`);
	} finally {
		await api.deactivateWorkflow(workflow.id).catch(() => undefined);
	}
}

/** Step 2. */
export async function filteredActivationCheck(context: E2eContext, rest: N8nRestClient, api: N8nPublicApiClient): Promise<void> {
	await context.checks.check('trigger filter: activated for one event kind picked from the dropdown, it emits exactly the new entries of that kind', async () => {
		const picked = await pickEventKind(context, rest);
		await assertFilteredActivation(context, rest, api, picked, 'e2e: trigger filtered on one event kind');
	});
	await context.checks.check('trigger filter: a workflow saved with version 1, its filter under Options, still emits exactly the entries of that kind', async () => {
		const picked = await pickEventKind(context, rest);
		await assertFilteredActivation(context, rest, api, picked, 'e2e: version 1 trigger filtered under Options', 1);
	});
}
