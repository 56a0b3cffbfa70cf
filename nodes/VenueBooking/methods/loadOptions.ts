/**
 * Load options of the trigger's journal filter: the fields seen on journal entries and their values.
 */
import { type ILoadOptionsFunctions, type INodePropertyOptions, NodeOperationError } from 'n8n-workflow';
import { itemlessParameters } from '../parameters/readers';
import { cutText, isScalar, walkFields } from '../transport/json';
import { walkPages } from '../transport/pagination/walk';
import { QuotaDeferral } from '../transport/ratePacer';
import { readJournalSettings } from '../trigger/description';
import { readFilterField, valuesAt } from '../trigger/filter';
import { editorClient } from './sampling';

const TYPE_INSTEAD = 'You can also type it: switch the field to Expression and write the value.';

/** The journal's page, or an error that says why the editor has nothing to offer (no blank list). */
async function sampledEntries(context: ILoadOptionsFunctions): Promise<unknown[]> {
	const entries = await sampleJournalPage(context).catch((error: unknown) => {
		// The API's quota stopped the editor, which never waits for its window: when it frees up, and what to do now.
		if (!(error instanceof QuotaDeferral)) throw error;
		throw new NodeOperationError(context.getNode(), `${error.message} — open this list again then`, {
			description: `The editor does not wait for a quota window; a run waits as the API asks. ${TYPE_INSTEAD}`,
		});
	});
	if (entries.length === 0) {
		const { journal } = readJournalSettings(itemlessParameters(context));
		const howToFill = journal.key === 'payments' ? 'Record a payment (a booking makes one)' : 'Create or change a booking, or run Venue Booking > Webhook > Send Test';
		throw new NodeOperationError(context.getNode(), `The ${journal.label} listed no entries, so it shows no fields or values yet`, {
			description: `${howToFill}, then open this list again (if the trigger sends query parameters, check them too). ${TYPE_INSTEAD}`,
		});
	}
	return entries;
}

/** Load-options method of the filter's Field (Only Entries Where): the fields the journal's entries hold. */
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

/**
 * Load-options method of the filter's Values: the values the journal holds in the chosen field. Before a field
 * is chosen the list is empty, without a request: n8n's editor shows an error as a red failure on the
 * parameter, and nothing has gone wrong yet (the Values description says to choose a field first).
 */
export async function journalValues(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const field = readFilterField(itemlessParameters(this));
	if (field === '') return [];
	const entries = await sampledEntries(this);
	const options = valueOptions(entries, field);
	if (options.length === 0) {
		throw new NodeOperationError(this.getNode(), `None of the ${entries.length} sampled journal entries has a value in "${field}"`, {
			description: `Choose another field, or type the values (separate several with commas). ${TYPE_INSTEAD}`,
		});
	}
	return options;
}

/** Nested objects are followed this deep (`payload.booking.status`); deeper fields make poor filters. */
const MAX_DEPTH = 3;

/** Enough for any journal entry; a hostile page with thousands of keys cannot flood the dropdown. */
const MAX_FIELDS = 200;
const MAX_VALUES = 200;

/** Dropdown labels longer than this are cut; the option's value keeps the whole text. */
const MAX_LABEL = 80;

function shorten(text: string, length = MAX_LABEL): string {
	return cutText(text, length);
}

/**
 * Dot paths of every field holding a text, number or boolean (or a list of them) in the entries, found
 * by walking the entries themselves: no field name is assumed. A key with a dot in it could not be
 * read back through a dot path, so it is left out.
 */
export function fieldPaths(entries: unknown[]): string[] {
	const paths = new Set<string>();
	for (const entry of entries) {
		walkFields(entry, MAX_DEPTH, ({ path, key, value }) => {
			if (paths.size >= MAX_FIELDS) return 'stop';
			if (key === '' || key.includes('.')) return 'skip';
			if (isScalar(value) || (Array.isArray(value) && value.some(isScalar))) paths.add(path.join('.'));
			return undefined;
		});
	}
	return [...paths].sort((a, b) => a.localeCompare(b));
}

interface SeenValue {
	value: string | number | boolean;
	entries: number;
}

/** The distinct values at a path, most frequent first, each with how many entries hold it. */
export function valuesSeen(entries: unknown[], path: string): SeenValue[] {
	const seen = new Map<string, SeenValue>();
	for (const entry of entries) {
		// An entry whose list holds a value twice still counts once for it.
		const inEntry = new Set<string>();
		for (const value of valuesAt(entry, path)) {
			const text = String(value);
			if (inEntry.has(text)) continue;
			inEntry.add(text);
			const found = seen.get(text);
			if (found) found.entries++;
			else seen.set(text, { value, entries: 1 });
		}
	}
	return [...seen.values()]
		.sort((a, b) => b.entries - a.entries || String(a.value).localeCompare(String(b.value)))
		.slice(0, MAX_VALUES);
}

/** The fields as dropdown options, each described by what the sample showed of it. */
export function fieldOptions(entries: unknown[]): INodePropertyOptions[] {
	return fieldPaths(entries).map((path) => {
		const values = valuesSeen(entries, path);
		const holders = entries.filter((entry) => valuesAt(entry, path).length > 0).length;
		const example = values.length > 0 ? `, e.g. ${shorten(String(values[0].value), 40)}` : '';
		return {
			name: path,
			value: path,
			description: `Seen in your journal: in ${holders} of ${entries.length} sampled entries, ${values.length} different value${values.length === 1 ? '' : 's'}${example}`,
		};
	});
}

/** The values of one field as dropdown options, labelled with how often the sample holds them. */
export function valueOptions(entries: unknown[], path: string): INodePropertyOptions[] {
	return valuesSeen(entries, path).map(({ value, entries: count }) => ({
		name: shorten(String(value)),
		value,
		description: `Seen in your journal: in ${count} of ${entries.length} sampled entries`,
	}));
}

/**
 * One page of the watched journal, read the way the trigger reads it (its query, Items Field,
 * pagination and retry options, the same transport and errors), for the editor to learn the entries'
 * fields and values from. One page only, whatever the journal's size; nothing is remembered.
 */
export async function sampleJournalPage(context: ILoadOptionsFunctions): Promise<unknown[]> {
	const parameters = itemlessParameters(context);
	// The editor's client: the session's pacer, and a deadline past which the quota defers a request instead of waiting.
	const client = await editorClient(context);
	const settings = readJournalSettings(parameters);
	const pages = walkPages(
		client,
		{ endpoint: settings.journal.endpoint, query: settings.query },
		// One page is all a sample needs, also where the walk beyond it needs Options > Pagination.
		{ settings: settings.pagination, itemsPath: settings.itemsPath, onMoreUnreachable: () => undefined },
	);
	try {
		const first = await pages.next();
		const entries = first.done ? undefined : first.value.entries;
		if (entries === undefined) {
			throw new NodeOperationError(context.getNode(), `The ${settings.journal.label} answered with no list of entries`, {
				description: 'Set Options > Items Field to where the list sits in the response, then open this list again.',
			});
		}
		return entries;
	} finally {
		// Stops the walk: no second page is requested.
		await pages.return(undefined);
	}
}
