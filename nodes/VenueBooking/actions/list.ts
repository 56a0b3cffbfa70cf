/**
 * Get Many: one request or a walk over every page (Return All / Limit), one item per entry.
 */
import { type IDataObject, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';
import { type Endpoint, showFor } from '../endpoints';
import { queryProperties, readQuery } from '../parameters/freeForm';
import { optionsProperty, readListOptions, readParallelRequests, readTransportOptions } from '../parameters/options';
import { type ParameterReader, readNumberParameter } from '../parameters/readers';
import { walkPages } from '../transport/pagination/walk';
import { toJsonObject } from '../transport/response';
import type { Operation } from './operations';

const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	displayOptions: { show: { returnAll: [false] } },
	typeOptions: { minValue: 1 },
	// n8n's lint rule wants this literal; the reader below takes its default from here.
	default: 50,
	description: 'Max number of results to return',
};

function readLimit(context: ParameterReader, itemIndex: number): number {
	return readNumberParameter(context, itemIndex, {
		name: 'limit',
		label: 'Limit',
		fallback: limitProperty.default as number,
		minimum: 1,
		whole: true,
		hint: 'Or turn on Return All.',
	});
}

function listProperties(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		limitProperty,
		...queryProperties,
		optionsProperty('list'),
	];
}

/**
 * "Get Many" of a list endpoint: one request per page, pages walked by the pagination engine until the
 * list ends or Limit is reached, one item per entry (or per page with Raw Response).
 */
export function listOperation(endpoint: Endpoint): Operation {
	return {
		description: updateDisplayOptions(showFor(endpoint), listProperties()),
		async execute(context, itemIndex, baseClient, hint) {
			const returnAll = context.getNodeParameter('returnAll', itemIndex, false) === true;
			const limit = returnAll ? undefined : readLimit(context, itemIndex);
			const options = readListOptions(context, itemIndex);
			const client = baseClient.withOptions(readTransportOptions(context, itemIndex));
			const pages = walkPages(
				client,
				{ endpoint, query: readQuery(context, itemIndex), itemIndex },
				{
					settings: options.pagination,
					limit,
					itemsPath: options.itemsPath,
					onDetected: hint,
					parallel: readParallelRequests(context, 'pages', itemIndex),
					onConcurrency: hint,
				},
			);
			const results: IDataObject[] = [];
			let entryCount = 0;
			for await (const page of pages) {
				if (options.rawResponse) {
					results.push(toJsonObject(page.response.body));
					continue;
				}
				if (page.entries === undefined) {
					// An empty 200 lists nothing; any other non-list body is passed on whole.
					if (page.response.body !== undefined) results.push(toJsonObject(page.response.body));
					continue;
				}
				const wanted = limit === undefined ? page.entries.length : Math.min(page.entries.length, limit - entryCount);
				// Straight into the results: an export's 100,000 entries need no list per page on the way.
				for (let i = 0; i < wanted; i++) results.push(toJsonObject(page.entries[i]));
				entryCount += wanted;
			}
			return results;
		},
	};
}
