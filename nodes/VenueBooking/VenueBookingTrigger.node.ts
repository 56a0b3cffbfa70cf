import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { readTransportOptions } from './actions/common/options';
import { venueBookingApiTest } from './methods/credentialTest';
import { journalFields, journalValues } from './methods/journalFilter';
import { ApiClient } from './transport/request';
import { toJsonItems } from './transport/responseItems';
import { FILTERED_SAMPLE_WINDOW, MANUAL_SAMPLE_SIZE, triggerProperties } from './trigger/description';
import { describeFilter, keepEntries, readEntryFilter } from './trigger/filter';
import { JournalReader } from './trigger/journal';
import { pollParameters, readJournalSettings } from './trigger/settings';
import { readState, writeState } from './trigger/state';

/** Starts a workflow for every new entry of the webhook delivery journal, each entry exactly once. */
export class VenueBookingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Venue Booking Trigger',
		name: 'venueBookingTrigger',
		icon: { light: 'file:venueBooking.svg', dark: 'file:venueBooking.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'New webhook delivery journal entries',
		description: 'Starts the workflow when new entries appear in the webhook delivery journal of a venue workspace',
		defaults: { name: 'Venue Booking Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'venueBookingApi', required: true, testedBy: 'venueBookingApiTest' }],
		properties: triggerProperties,
	};

	methods = {
		// n8n may ask either node that uses the credential for its test: both carry it.
		credentialTest: { venueBookingApiTest },
		loadOptions: { journalFields, journalValues },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const parameters = pollParameters(this);
		const client = await ApiClient.create(this, readTransportOptions(parameters, 0));
		// A polling trigger has no execution hints in n8n; how the journal was read goes to n8n's log.
		const journal = new JournalReader(client, readJournalSettings(parameters), (message) => this.logger.info(message));
		const filter = readEntryFilter(parameters);
		const staticData = this.getWorkflowStaticData('node') as IDataObject;
		const state = readState(staticData);

		if (this.getMode() === 'manual') {
			// "Fetch Test Event": a sample to build the workflow with; the saved position stays as it is.
			const sample = await journal.sample(state, filter ? FILTERED_SAMPLE_WINDOW : MANUAL_SAMPLE_SIZE);
			if (sample.length === 0) {
				throw new NodeOperationError(this.getNode(), 'The webhook delivery journal is empty', {
					description:
						'Nothing to show yet. Create or change a booking, or run Venue Booking > Webhook > Send Test, then fetch again.',
				});
			}
			const kept = keepEntries(sample, filter).slice(-MANUAL_SAMPLE_SIZE);
			if (filter && kept.length === 0) {
				throw new NodeOperationError(this.getNode(), `Keep Only Entries kept none of the newest ${sample.length} journal entries`, {
					description: `None of them has ${describeFilter(filter)}. Entries like that will still be emitted once they appear. To see a sample now, create one, or change the filter.`,
				});
			}
			return [toJsonItems(kept).map((json) => ({ json }))];
		}

		const outcome = state ? await journal.poll(state) : await journal.baseline();
		// Written only after the whole poll succeeded: a failed poll leaves the position where it was.
		writeState(staticData, outcome.state);
		// Filtered after the position moved past every new entry: a skipped entry is never read again.
		const kept = keepEntries(outcome.entries, filter);
		if (kept.length === 0) return null;
		return [toJsonItems(kept).map((json) => ({ json }))];
	}
}
