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
import type { Operation } from './operation';

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

/** What the list's entries are called, from the endpoint's action ("Get many webhook deliveries"): one or many. */
export function entriesNoun(endpoint: Endpoint, count: number): string {
	const plural = endpoint.action.replace(/^Get many /, '');
	if (count !== 1) return plural;
	return plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.replace(/s$/, '');
}

/**
 * The execution hint of a walk, in plain words first ("Read 62 bookings over 4 pages."), then how the pages
 * were followed, in the pagination's own terms, for whoever needs to set it. A one-page read with nothing to
 * explain gets no hint.
 */
export function describeReading(endpoint: Endpoint, read: { entries: number; pages: number; raw: boolean }, detail: string[]): string | undefined {
	if (read.pages <= 1 && detail.length === 0) return undefined;
	const pages = `${read.pages.toLocaleString('en-US')} page${read.pages === 1 ? '' : 's'}`;
	const plain = read.raw
		? `Read ${pages} of ${entriesNoun(endpoint, 2)}.`
		: `Read ${read.entries.toLocaleString('en-US')} ${entriesNoun(endpoint, read.entries)} ${read.pages === 1 ? 'on' : 'over'} ${pages}.`;
	return [plain, ...detail].join(' ');
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
			// How the walk went (pagination detected, requests in flight) is said after what it read.
			const detail: string[] = [];
			const concurrency: string[] = [];
			const pages = walkPages(
				client,
				{ endpoint, query: readQuery(context, itemIndex), itemIndex },
				{
					settings: options.pagination,
					limit,
					itemsPath: options.itemsPath,
					onDetected: (message) => detail.push(message),
					parallel: readParallelRequests(context, 'pages', itemIndex),
					onConcurrency: (message) => concurrency.push(message),
				},
			);
			const results: IDataObject[] = [];
			let entryCount = 0;
			let pageCount = 0;
			for await (const page of pages) {
				pageCount++;
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
			const reading = describeReading(endpoint, { entries: entryCount, pages: pageCount, raw: options.rawResponse === true }, detail);
			for (const message of [reading, ...concurrency]) if (message) hint(message);
			return results;
		},
	};
}
