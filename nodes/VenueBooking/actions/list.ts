/**
 * Get Many: one request or a walk over every page (Return All / Limit), one item per entry.
 */
import { type IDataObject, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';
import { type Endpoint, showFor } from '../endpoints';
import { queryProperties, readQuery } from '../parameters/freeForm';
import { namesOptionFor, optionsProperty, readListOptions, readParallelRequests, readTransportOptions } from '../parameters/options';
import { type ParameterReader, readNumberParameter } from '../parameters/readers';
import { findListSignals } from '../transport/pagination/detect';
import { numberAt } from '../transport/pagination/strategies';
import { type WalkedPage, walkPages } from '../transport/pagination/walk';
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

function listProperties(endpoint: Endpoint): INodeProperties[] {
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
		optionsProperty('list', namesOptionFor(endpoint.resource)),
	];
}

/** What the list's entries are called, from the endpoint's action ("Get many webhook deliveries"): one or many. */
export function entriesNoun(endpoint: Endpoint, count: number): string {
	const plural = endpoint.action.replace(/^Get many /, '');
	if (count !== 1) return plural;
	return plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.replace(/s$/, '');
}

/** What a walk read, for its hint. */
export interface Reading {
	entries: number;
	pages: number;
	/** Raw Response: one item per page, so pages are counted, not entries. */
	raw: boolean;
	/** Whether the walk went to the end of the list (Return All, with pagination not set to Off). */
	toEnd?: boolean;
	/** The total number of entries the first page stated, where it stated one. */
	total?: number;
}

/**
 * The execution hint of a walk, in plain words first, then how the pages were followed, in the pagination's own
 * terms, for whoever needs to set it. It says what the result is: "Read all 62 of 62 bookings over 4 pages: the
 * list is complete." where the walk reached the end (a walk that ends while more entries are signalled fails
 * instead, transport/pagination/walk.ts) and the entries read make the total stated, or no total was stated;
 * "Read 50 of 62 bookings …" where Limit or Pagination Off stopped short of a stated total; and where the end was
 * reached but the entries read differ from the total stated, both numbers, without calling it complete. A
 * one-page read with nothing to explain gets no hint.
 */
export function describeReading(endpoint: Endpoint, read: Reading, detail: string[]): string | undefined {
	if (read.pages <= 1 && detail.length === 0) return undefined;
	const pages = `${read.pages.toLocaleString('en-US')} page${read.pages === 1 ? '' : 's'}`;
	const over = read.pages === 1 ? 'on' : 'over';
	const count = (value: number) => value.toLocaleString('en-US');
	let plain: string;
	if (read.raw) plain = read.toEnd ? `Read all ${pages} of ${entriesNoun(endpoint, 2)}: the list is complete.` : `Read ${pages} of ${entriesNoun(endpoint, 2)}.`;
	else {
		const noun = entriesNoun(endpoint, read.total ?? read.entries);
		if (read.total === undefined) {
			plain = read.toEnd
				? `Read all ${count(read.entries)} ${noun} ${over} ${pages}: the list is complete.`
				: `Read ${count(read.entries)} ${noun} ${over} ${pages}.`;
		} else if (read.entries === read.total) {
			plain = `Read all ${count(read.entries)} of ${count(read.total)} ${noun} ${over} ${pages}: the list is complete.`;
		} else if (read.toEnd) {
			plain = `Read ${count(read.entries)} ${noun} ${over} ${pages}, to the end of the list, though its first page stated ${count(read.total)} (entries may have changed while the pages were read).`;
		} else plain = `Read ${count(read.entries)} of ${count(read.total)} ${noun} ${over} ${pages}.`;
	}
	return [plain, ...detail].join(' ');
}

/**
 * The total the first page states (where the walk settled its path, else wherever the page names one), when it
 * is a count. It is the list's total only if the walk does not contradict it (listTotal).
 */
function statedTotal(page: WalkedPage): number | undefined {
	if (page.entries === undefined) return undefined;
	const settled = page.pagination && page.pagination.mode !== 'off' ? page.pagination.totalPath : undefined;
	const path = settled || findListSignals({ query: page.query, response: page.response, entries: page.entries }).totalPath;
	const total = numberAt(page.response, path);
	return Number.isInteger(total) && total >= 0 ? total : undefined;
}

/**
 * A stated number is the list's total unless the walk shows it is not: fewer than the entries read (a page's own
 * count, as Calendly's `pagination.count`), or the first page's length while more pages followed.
 */
function listTotal(stated: number | undefined, read: { entries: number; pages: number; firstPageLength: number }): number | undefined {
	if (stated === undefined || stated < read.entries) return undefined;
	return read.pages > 1 && stated === read.firstPageLength ? undefined : stated;
}

/**
 * "Get Many" of a list endpoint: one request per page, pages walked by the pagination engine until the
 * list ends or Limit is reached, one item per entry (or per page with Raw Response).
 */
export function listOperation(endpoint: Endpoint): Operation {
	return {
		description: updateDisplayOptions(showFor(endpoint), listProperties(endpoint)),
		async execute(context, itemIndex, baseClient, hint) {
			const returnAll = context.getNodeParameter('returnAll', itemIndex, false) === true;
			const limit = returnAll ? undefined : readLimit(context, itemIndex);
			const options = readListOptions(context, itemIndex);
			const client = baseClient.withOptions(readTransportOptions(context, itemIndex));
			// How the walk went (pagination detected, requests in flight) is said after what it read.
			const detail: string[] = [];
			const concurrency: string[] = [];
			// A page that looks full with nothing naming the next is not called complete, only read.
			let doubtedEnd = false;
			const pages = walkPages(
				client,
				{ endpoint, query: readQuery(context, itemIndex), itemIndex },
				{
					settings: options.pagination,
					limit,
					itemsPath: options.itemsPath,
					onDetected: (message) => detail.push(message),
					onDoubtedEnd: () => (doubtedEnd = true),
					parallel: readParallelRequests(context, 'pages', itemIndex),
					onConcurrency: (message) => concurrency.push(message),
				},
			);
			const results: IDataObject[] = [];
			let entryCount = 0;
			let pageCount = 0;
			let stated: number | undefined;
			let firstPageLength = 0;
			for await (const page of pages) {
				pageCount++;
				if (pageCount === 1) {
					stated = statedTotal(page);
					firstPageLength = page.entries?.length ?? 0;
				}
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
			const toEnd = returnAll && options.pagination.mode !== 'off' && !doubtedEnd;
			const total = options.rawResponse ? undefined : listTotal(stated, { entries: entryCount, pages: pageCount, firstPageLength });
			const reading = describeReading(endpoint, { entries: entryCount, pages: pageCount, raw: options.rawResponse === true, toEnd, total }, detail);
			for (const message of [reading, ...concurrency]) if (message) hint(message);
			return results;
		},
	};
}
