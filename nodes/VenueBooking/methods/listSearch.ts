import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { findEndpoint, type Endpoint } from '../endpoints';
import { editorClient, readIdentityField } from './editorClient';
import { chooseIdentity, identityOf } from './identity';
import { labelOf, matchesSearch } from './labels';
import { samplePage } from './samplePage';

/**
 * With a search text, a page may hold no match: reading on to the next pages (a few, never the whole list)
 * keeps the list from looking empty while more records exist. Without one, a view costs one page.
 */
const MAX_PAGES_PER_SEARCH = 5;

/** Two records with the same readable label get their identity added, so they can be told apart. */
function disambiguate(items: INodeListSearchItems[]): INodeListSearchItems[] {
	const counts = new Map<string, number>();
	for (const item of items) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
	return items.map((item) =>
		(counts.get(item.name) ?? 0) > 1 && item.name !== item.value ? { ...item, name: `${item.name} (${String(item.value)})` } : item,
	);
}

/**
 * A "From List" view of a list endpoint: one page per call (n8n asks for the next with the token when the
 * user scrolls), each record as its identity with a label from its content, filtered by the search text.
 */
export async function searchRecords(
	context: ILoadOptionsFunctions,
	endpoint: Endpoint,
	what: string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const client = await editorClient(context);
	const identityField = readIdentityField(context);
	const results: INodeListSearchItems[] = [];
	let token = typeof paginationToken === 'string' && paginationToken !== '' ? paginationToken : undefined;
	const pageBudget = filter?.trim() ? MAX_PAGES_PER_SEARCH : 1;
	for (let pages = 0; pages < pageBudget; pages++) {
		const page = await samplePage(client, endpoint, token);
		const rule = chooseIdentity(client.node, page.records, identityField, what);
		for (const record of page.records) {
			const identity = identityOf(record, rule);
			if (identity === undefined) continue;
			const label = labelOf(record, identity);
			if (matchesSearch(record, label, filter)) results.push({ name: label, value: identity });
		}
		token = page.nextToken;
		if (results.length > 0 || token === undefined) break;
	}
	return { results: disambiguate(results), paginationToken: token };
}

export async function searchBookings(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchRecords(this, findEndpoint('booking', 'getAll'), 'booking', filter, paginationToken);
}

export async function searchClients(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchRecords(this, findEndpoint('client', 'getAll'), 'client', filter, paginationToken);
}
