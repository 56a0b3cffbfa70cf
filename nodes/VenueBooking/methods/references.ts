import type { INodePropertyOptions } from 'n8n-workflow';

import { findEndpoint, type Endpoint } from '../endpoints';
import { chooseIdentityMode } from '../trigger/identity';
import type { ApiClient } from '../transport/request';
import type { SeenField } from './fieldTypes';
import { identityOf } from './identity';
import { labelOf } from './labels';
import { samplePage } from './samplePage';

/** A list whose records bookings may refer to: rooms, services and clients. */
export interface ReferenceList {
	what: string;
	/** The records of its first pages, as dropdown entries (label, identity). */
	options: INodePropertyOptions[];
	/** Whether those pages were the whole list. */
	complete: boolean;
}

/**
 * How many pages of each referenced list feed the dropdowns. Rooms and services fit one page; clients often
 * do not, and a client missing from the dropdown is one the user cannot pick by name. A few pages give most
 * workspaces their whole list, and a workspace of 100,000 clients still costs a handful of requests.
 */
export const REFERENCE_PAGES = 5;

/** The records of a list's first pages (at most REFERENCE_PAGES), and whether they were all of it. */
async function firstPages(client: ApiClient, endpoint: Endpoint): Promise<{ records: unknown[]; complete: boolean }> {
	const records: unknown[] = [];
	let token: string | undefined;
	for (let pages = 0; pages < REFERENCE_PAGES; pages++) {
		const page = await samplePage(client, endpoint, token);
		records.push(...page.records);
		token = page.nextToken;
		if (token === undefined) return { records, complete: true };
	}
	return { records, complete: false };
}

const REFERENCED: Array<{ what: string; endpoint: Endpoint }> = [
	{ what: 'room', endpoint: findEndpoint('room', 'getAll') },
	{ what: 'service', endpoint: findEndpoint('service', 'getAll') },
	{ what: 'client', endpoint: findEndpoint('client', 'getAll') },
];

/**
 * The first pages of each list bookings may refer to. A list the key may not read (or that fails) is left
 * out: its dropdown is a comfort, and the field stays a text field the user fills.
 */
export async function loadReferenceLists(client: ApiClient): Promise<ReferenceList[]> {
	const lists = await Promise.all(
		REFERENCED.map(async ({ what, endpoint }): Promise<ReferenceList | undefined> => {
			try {
				const { records, complete } = await firstPages(client, endpoint);
				if (records.length === 0 || chooseIdentityMode(records) !== 'id') return undefined;
				const rule = { path: 'id', named: false };
				const options = records.flatMap((record) => {
					const identity = identityOf(record, rule);
					return identity === undefined ? [] : [{ name: labelOf(record, identity), value: identity }];
				});
				return { what, options, complete };
			} catch {
				return undefined;
			}
		}),
	);
	return lists.filter((list): list is ReferenceList => list !== undefined);
}

/**
 * The list a field refers to: the one whose identities cover most of the field's sampled values. A whole
 * list must cover at least half of them; a list seen only in part (the first pages of clients need not hold
 * the clients a page of bookings names) needs one match.
 */
export function referencedList(field: SeenField, lists: ReferenceList[]): ReferenceList | undefined {
	if (field.values.length === 0 || field.type === 'boolean' || field.type === 'dateTime') return undefined;
	let best: { list: ReferenceList; matches: number } | undefined;
	for (const list of lists) {
		const identities = new Set(list.options.map((option) => String(option.value)));
		const matches = field.values.filter((value) => identities.has(String(value))).length;
		const enough = list.complete ? matches * 2 >= field.values.length : matches > 0;
		if (matches > 0 && enough && (!best || matches > best.matches)) best = { list, matches };
	}
	return best?.list;
}
