import { NodeOperationError } from 'n8n-workflow';
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { itemlessParameters } from '../actions/common/itemlessParameters';
import { readTransportOptions } from '../actions/common/options';
import { findEndpoint } from '../endpoints';
import { walkPages } from '../transport/pagination/walk';
import { ApiClient } from '../transport/request';
import { readJournalSettings } from '../trigger/settings';

const deliveries = findEndpoint('webhookDelivery', 'getAll');

/**
 * One page of the webhook delivery journal, read the way the trigger reads it (its query, Items Field,
 * pagination and retry options, the same transport and errors), for the editor to learn the entries'
 * fields and values from. One page only, whatever the journal's size; nothing is remembered.
 */
export async function sampleJournalPage(context: ILoadOptionsFunctions): Promise<unknown[]> {
	const parameters = itemlessParameters(context);
	const client = await ApiClient.create(context, readTransportOptions(parameters, 0));
	const settings = readJournalSettings(parameters);
	const pages = walkPages(
		client,
		{ endpoint: deliveries, query: settings.query },
		{ settings: settings.pagination, itemsPath: settings.itemsPath },
	);
	try {
		const first = await pages.next();
		const entries = first.done ? undefined : first.value.entries;
		if (entries === undefined) {
			throw new NodeOperationError(context.getNode(), 'The webhook delivery journal answered with no list of entries', {
				description: 'Set Options > Items Field to where the list sits in the response, then open this list again.',
			});
		}
		return entries;
	} finally {
		// Stops the walk: no second page is requested.
		await pages.return(undefined);
	}
}
