/**
 * The Venue Booking Trigger: a polling node over a journal of the workspace, the webhook delivery journal or
 * the payment journal.
 */
import { type IDataObject, type INodeExecutionData, type INodeType, type INodeTypeDescription, type IPollFunctions, NodeConnectionTypes, type NodeHint, NodeOperationError } from 'n8n-workflow';

import { itemlessParameters, type ParameterReader } from './parameters/readers';
import { readTransportOptions } from './parameters/options';
import { documentationSection } from './endpoints';
import { venueBookingApiTest } from './methods/credentialTest';
import { journalFields, journalValues } from './methods/loadOptions';
import { OutputAdditions } from './referenceLists';
import { ApiClient } from './transport/request';
import { toJsonItems } from './transport/response';
import { describeQuery, FILTERED_SAMPLE_WINDOW, type JournalSettings, MANUAL_SAMPLE_SIZE, readJournalSettings, triggerProperties } from './trigger/description';
import { describeFilter, FILTER_LABEL, keepEntries, readEntryFilter } from './trigger/filter';
import { JournalReader } from './trigger/journal';
import { activationBaseline, dropActivationBaseline, leaveActivationBaseline, onDurableCursor, readState, writeState } from './trigger/state';

/** Fetch Test Event found no entry: with query parameters sent, the journal may well have entries that did not match. */
function nothingToShow(context: IPollFunctions, settings: JournalSettings): NodeOperationError {
	const sent = describeQuery(settings.query);
	const { label, key } = settings.journal;
	if (sent) {
		const entry = key === 'payments' ? 'payment' : 'webhook delivery journal entry';
		return new NodeOperationError(context.getNode(), `No ${entry} matched the query parameters sent (${sent})`, {
			description: 'The journal may have other entries. Change or remove Send Query Parameters, then fetch again.',
		});
	}
	const howToFill = key === 'payments' ? 'Record a payment (a booking makes one)' : 'Create or change a booking, or run Venue Booking > Webhook > Send Test';
	return new NodeOperationError(context.getNode(), `The ${label} is empty`, { description: `Nothing to show yet. ${howToFill}, then fetch again.` });
}

/**
 * Why no box in the editor says that the journal's order was guessed: the guess depends on the entries read (no
 * timestamps to read the order from), and n8n can condition a box on nothing but parameters. A node type's hint
 * is static text whose display condition sees the node's parameters and its input, and a trigger has no input;
 * a poll cannot add execution hints (n8n-core's PollContext has none, and its manual run keeps only the items, in
 * 1.x as in 2.x). A box shown for every Automatic journal spoke of timestamps to users whose entries carry them
 * (issue 42), so the guess is said where it applies: Journal Order's description, and n8n's log at run time.
 */
/**
 * What Fetch Test Event shows, in the output pane after it ran: the journal's newest entries, and that the saved
 * position stayed where it was (the sample is read without touching it). A polling trigger has no execution
 * hints (see above), so this is a hint of the node type; in the editor a trigger only ever runs as that sample,
 * and this is true of every sample, so it needs no condition.
 */
const FETCH_TEST_EVENT_HINT: NodeHint = {
	message: `The journal's newest ${MANUAL_SAMPLE_SIZE} entries (with ${FILTER_LABEL}: among its newest ${FILTERED_SAMPLE_WINDOW}), oldest first. Fetching does not move the trigger's position.`,
	type: 'info',
	location: 'outputPane',
	whenToDisplay: 'afterExecution',
};

/** Starts a workflow for every new entry of a journal (webhook deliveries or payments), each entry exactly once. */
export class VenueBookingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Venue Booking Trigger',
		name: 'venueBookingTrigger',
		icon: { light: 'file:venueBooking.svg', dark: 'file:venueBooking.dark.svg' },
		group: ['trigger'],
		// 1.1 moved the filter from Options to the top level (Only Entries Where); version 1 nodes keep it
		// under Options, where their saved workflows hold it, and either place is read (trigger/filter.ts).
		// 1.2 adds Add Names and Add Local Times, as flat fields (referenceLists.ts).
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle: '={{$parameter["watch"] === "payments" ? "New payments" : "New webhook delivery journal entries"}}',
		// n8n's node picker shows one entry for "Venue Booking" and "Venue Booking Trigger", with the 12 actions and
		// the trigger, under the trigger's description: so this one speaks for both nodes.
		description:
			'Read and manage bookings, slots, catalog, clients, payments and webhooks of a venue workspace, or start a workflow on new payments or webhook delivery journal entries',
		documentationUrl: documentationSection('venue-booking-trigger'),
		defaults: { name: 'Venue Booking Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'venueBookingApi', required: true, testedBy: 'venueBookingApiTest' }],
		properties: triggerProperties,
		hints: [FETCH_TEST_EVENT_HINT],
	};

	methods = {
		// n8n may ask either node that uses the credential for its test: both carry it.
		credentialTest: { venueBookingApiTest },
		loadOptions: { journalFields, journalValues },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const parameters = itemlessParameters(this);
		const client = await ApiClient.create(this, readTransportOptions(parameters, 0));
		const settings = readJournalSettings(parameters);
		// A polling trigger has no execution hints in n8n: how the journal was read, and a guessed order, go to n8n's log.
		const journal = new JournalReader(client, settings, (message) => this.logger.info(message));
		const filter = readEntryFilter(parameters);
		const staticData = this.getWorkflowStaticData('node') as IDataObject;
		const state = readState(staticData, settings.journal.key);

		if (this.getMode() === 'manual') {
			// "Fetch Test Event": a sample to build the workflow with; the saved position stays as it is.
			const sample = await journal.sample(state, filter ? FILTERED_SAMPLE_WINDOW : MANUAL_SAMPLE_SIZE);
			if (sample.length === 0) throw nothingToShow(this, settings);
			const kept = keepEntries(sample, filter).slice(-MANUAL_SAMPLE_SIZE);
			if (filter && kept.length === 0) {
				throw new NodeOperationError(this.getNode(), `${FILTER_LABEL} kept none of the newest ${sample.length} journal entries`, {
					description: `None of them has ${describeFilter(filter)}. Entries like that will still be emitted once they appear. To see a sample now, create one, or change the filter.`,
				});
			}
			return [(await withAdditions(parameters, client, settings, toJsonItems(kept))).map((json) => ({ json }))];
		}

		// Under n8n's durable poll cursors the activation poll's state is dropped; its baseline waits in global static
		// data for the first poll that finds none (trigger/state.ts).
		const node = this.getNode();
		const global = onDurableCursor(staticData) ? (this.getWorkflowStaticData('global') as IDataObject) : undefined;
		let position = state;
		if (global && state) dropActivationBaseline(global, node);
		if (global && !state) {
			const left = activationBaseline(global, node);
			position = left ? readState(left, settings.journal.key) : undefined;
			if (position) this.logger.info('Venue Booking Trigger: continuing from the baseline taken at activation (n8n keeps no state of an activation poll under durable poll cursors)');
		}

		const outcome = position ? await journal.poll(position) : await journal.baseline();
		// Written only after the whole poll succeeded: a failed poll leaves the position where it was.
		writeState(staticData, { ...outcome.state, journal: settings.journal.key });
		if (global && !position) leaveActivationBaseline(global, node, staticData);
		// Filtered after the position moved past every new entry: a skipped entry is never read again.
		const kept = keepEntries(outcome.entries, filter);
		if (kept.length === 0) return null;
		return [(await withAdditions(parameters, client, settings, toJsonItems(kept))).map((json) => ({ json }))];
	}
}

/**
 * Options > Add Names and Add Local Times on the emitted entries, as the action node adds them. Added after the
 * position moved: a name that cannot be read leaves that name out, and never makes the poll read entries twice.
 */
async function withAdditions(parameters: ParameterReader, client: ApiClient, settings: JournalSettings, entries: IDataObject[]): Promise<IDataObject[]> {
	return await new OutputAdditions(parameters, client, settings.journal.key === 'payments' ? 'payment' : 'webhookDelivery').add(entries, 0);
}
