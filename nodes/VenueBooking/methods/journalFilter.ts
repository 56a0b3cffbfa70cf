import { NodeOperationError } from 'n8n-workflow';
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { FILTER_PARAMETER } from '../trigger/filter';
import { fieldOptions, valueOptions } from './journalFields';
import { sampleJournalPage } from './journalSample';

const TYPE_INSTEAD = 'You can also type it: switch the field to Expression and write the value.';

/** The journal's page, or an error that says why the editor has nothing to offer (no blank list). */
async function sampledEntries(context: ILoadOptionsFunctions): Promise<unknown[]> {
	const entries = await sampleJournalPage(context);
	if (entries.length === 0) {
		throw new NodeOperationError(context.getNode(), 'The webhook delivery journal listed no entries, so it shows no fields or values yet', {
			description: `Create or change a booking, or run Venue Booking > Webhook > Send Test, then open this list again (if the trigger sends query parameters, check them too). ${TYPE_INSTEAD}`,
		});
	}
	return entries;
}

/** Load-options method of Keep Only Entries > Field: the fields the journal's entries hold. */
export async function journalFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const entries = await sampledEntries(this);
	const options = fieldOptions(entries);
	if (options.length === 0) {
		throw new NodeOperationError(this.getNode(), `None of the ${entries.length} sampled journal entries has a text, number or boolean field`, {
			description: TYPE_INSTEAD,
		});
	}
	return options;
}

/** Load-options method of Keep Only Entries > Values: the values the journal holds in the chosen field. */
export async function journalValues(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const raw = this.getNodeParameter(`${FILTER_PARAMETER}.field`, '');
	const field = typeof raw === 'string' ? raw.trim() : '';
	if (field === '') {
		throw new NodeOperationError(this.getNode(), 'Choose a Field first: the values offered are the ones the journal holds in it');
	}
	const entries = await sampledEntries(this);
	const options = valueOptions(entries, field);
	if (options.length === 0) {
		throw new NodeOperationError(this.getNode(), `None of the ${entries.length} sampled journal entries has a value in "${field}"`, {
			description: `Choose another field, or type the values (separate several with commas). ${TYPE_INSTEAD}`,
		});
	}
	return options;
}
