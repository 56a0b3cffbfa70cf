/**
 * Resource mapping for the booking writes: the fields seen on sampled bookings, their types, and references
 * to rooms, services and clients recognised by matching values against those lists.
 */
import type { ILoadOptionsFunctions, INodePropertyOptions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';
import { type Endpoint, findEndpoint } from '../endpoints';
import { chooseIdentityMode, recordIdentity } from '../identity';
import { isPlainObject, isScalar, type Scalar, UNSAFE_KEYS } from '../transport/json';
import type { ApiClient } from '../transport/request';
import { readTimestampField } from '../timestamps';
import { labelOf } from './listSearch';
import { editorClient, isAgentTool, type ListReading, readIdentityField, readListReading, samplePage } from './sampling';

const TYPE_WORDS: Record<SeenType, string> = { string: 'text', number: 'number', boolean: 'true/false', dateTime: 'date-time' };
const MAX_EXAMPLE = 40;

const FALLBACK = 'Add what your API expects under Body below.';

function example(value: string | number | boolean): string {
	const text = String(value);
	return text.length > MAX_EXAMPLE ? `${text.slice(0, MAX_EXAMPLE - 1)}…` : text;
}

const CLOCK_WORDS: Record<UnixClock, string> = { unixSeconds: 'Unix time in seconds', unixMilliseconds: 'Unix time in milliseconds' };

/** What a field holds, in words: a reference, a Unix time (as a number, or written as text), or its type. */
function kindOf(field: SeenField, reference: ReferenceList | undefined): string {
	if (reference) return `a ${reference.what}`;
	if (field.clock) return field.type === 'string' ? `${CLOCK_WORDS[field.clock]}, as text` : CLOCK_WORDS[field.clock];
	return TYPE_WORDS[field.type];
}

/** The label of an offered field: its name as the workspace spells it, what was seen in it, and an example. */
function describeField(field: SeenField, reference: ReferenceList | undefined): string {
	const kind = kindOf(field, reference);
	const seen = field.values.length > 0 ? `, e.g. ${example(field.values[0])}` : '';
	return `${field.name} (${kind}${seen})`;
}

/** A reference dropdown: the list's records, plus values seen on bookings that its first pages lack. */
function referenceOptions(field: SeenField, list: ReferenceList): INodePropertyOptions[] {
	const known = new Set(list.options.map((option) => String(option.value)));
	const unseen = field.values.filter((value) => !known.has(String(value))).map((value) => ({ name: String(value), value: String(value) }));
	return [...list.options, ...unseen];
}

/**
 * As an agent's tool, a field is labelled by its bare name: n8n's "Let the model define this parameter" names
 * the `$fromAI` key after the label, so the agent is asked for the field by the name the workspace uses
 * (an example value in the label would end up in the key).
 */
function toMapperField(field: SeenField, lists: ReferenceList[], asTool: boolean): ResourceMapperField {
	const reference = referencedList(field, lists);
	const displayName = asTool ? field.name : describeField(field, reference);
	const base = { id: field.name, displayName, required: false, defaultMatch: false, display: true };
	if (reference) return { ...base, type: 'options', options: referenceOptions(field, reference) };
	if (looksLikeChoice(field)) {
		return { ...base, type: 'options', options: field.values.map((value) => ({ name: String(value), value: String(value) })) };
	}
	// n8n's editor gives an untouched number box the value 0 when it appears, and 0 would then be sent:
	// number fields start removed, listed under the field picker for the user to add when they mean one.
	if (field.type === 'number') return { ...base, type: 'number', removed: true };
	return { ...base, type: field.type };
}

/** Why nothing could be sampled, taken from the transport's own error (it names a missing scope). */
function failureNotice(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return `No fields could be read from your workspace's bookings: ${message}. ${FALLBACK}`;
}

/**
 * The fields seen on the workspace's existing bookings (one page of GET /bookings), offered for Create and
 * Cancel or Reschedule: each with the type its values have, an example, a dropdown of rooms, services or
 * clients where its values are their identities, and a dropdown of the values seen where there are only a
 * few. The record's own identity is left out (the workspace assigns it). Nothing here is the API's schema:
 * an empty workspace or a key that may not read bookings gets a notice and the free-form body.
 */
export async function bookingFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	let records: unknown[];
	let client: ApiClient;
	let reading: ListReading;
	try {
		client = await editorClient(this);
		reading = readListReading(this);
		({ records } = await samplePage(client, findEndpoint('booking', 'getAll'), undefined, reading));
	} catch (error) {
		return { fields: [], emptyFieldsNotice: failureNotice(error) };
	}
	if (records.length === 0) {
		return { fields: [], emptyFieldsNotice: `Your workspace has no bookings yet, so no fields could be seen. ${FALLBACK}` };
	}
	const identityField = readIdentityField(this) || (chooseIdentityMode(records) === 'id' ? 'id' : '');
	const fields = seenFields(records).filter((field) => field.name !== identityField);
	const lists = await loadReferenceLists(client, reading);
	const asTool = isAgentTool(this.getNode());
	return { fields: fields.map((field) => toMapperField(field, lists, asTool)) };
}

/** The types the editor offers, inferred from sampled values. */
export type SeenType = 'string' | 'number' | 'boolean' | 'dateTime';

/** The Unix clocks a number (or numeric text) field can hold, as timestamps.ts tells them by value. */
export type UnixClock = 'unixSeconds' | 'unixMilliseconds';

/** A top-level field seen on sampled records: its name, inferred type and the values it held. */
export interface SeenField {
	name: string;
	type: SeenType;
	/**
	 * Set when every value is a Unix time of one clock. The field keeps its number (or text) type: the
	 * editor's date-time box would send an ISO text where the workspace writes numbers, and the values are
	 * sent as entered (parameters/body.ts), so only the label says it is a time and in which unit.
	 */
	clock?: UnixClock;
	/** Distinct non-null values, in the order first seen. */
	values: Array<string | number | boolean>;
	/** How many records had a non-null value. */
	filled: number;
}

/**
 * One type for all of a field's values, or undefined when they disagree (or are objects or lists). Text in
 * ISO 8601 date-time form is a date-time (timestamps.ts decides what counts), which the editor's date-time
 * box also sends in that form.
 */
function inferType(values: Scalar[]): SeenType | undefined {
	if (values.length === 0) return 'string';
	if (values.every((value) => typeof value === 'boolean')) return 'boolean';
	if (values.every((value) => typeof value === 'number')) return 'number';
	if (!values.every((value) => typeof value === 'string')) return undefined;
	return readTimestampField(values)?.form === 'isoDateTime' ? 'dateTime' : 'string';
}

/** The Unix clock of a number or numeric text field, when every value is a Unix time of the same one. */
function unixClock(type: SeenType, values: Scalar[]): UnixClock | undefined {
	if (type !== 'number' && type !== 'string') return undefined;
	const form = readTimestampField(values)?.form;
	return form === 'unixSeconds' || form === 'unixMilliseconds' ? form : undefined;
}

/**
 * The top-level fields of sampled records, in the order first seen, each with one inferred type. A field
 * that holds objects, lists or mixed types is left out: the free-form body sends those as JSON.
 */
export function seenFields(records: unknown[]): SeenField[] {
	const collected = new Map<string, { values: Scalar[]; complex: boolean }>();
	for (const record of records) {
		if (!isPlainObject(record)) continue;
		for (const [name, value] of Object.entries(record)) {
			if (UNSAFE_KEYS.has(name)) continue;
			const entry = collected.get(name) ?? { values: [], complex: false };
			collected.set(name, entry);
			if (value === null || value === undefined) continue;
			if (isScalar(value)) entry.values.push(value);
			else entry.complex = true;
		}
	}
	const fields: SeenField[] = [];
	for (const [name, { values, complex }] of collected) {
		const type = complex ? undefined : inferType(values);
		if (!type) continue;
		const clock = unixClock(type, values);
		fields.push({ name, type, values: [...new Set(values)], filled: values.length, ...(clock ? { clock } : {}) });
	}
	return fields;
}

/** At most this many distinct values make a field a choice (a state, a kind) rather than free text. */
const MAX_CHOICES = 6;

/**
 * Whether a text field's sampled values look like a closed set: few distinct values, and at least one
 * repeated, so a handful of unique names or notes does not pass for a choice. Unix times written as text
 * repeat too (bookings made in the same second), but a moment is no closed set.
 */
export function looksLikeChoice(field: SeenField): boolean {
	return field.type === 'string' && !field.clock && field.values.length > 0 && field.values.length <= MAX_CHOICES && field.filled > field.values.length;
}

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
async function firstPages(client: ApiClient, endpoint: Endpoint, reading?: ListReading): Promise<{ records: unknown[]; complete: boolean }> {
	const records: unknown[] = [];
	let token: string | undefined;
	for (let pages = 0; pages < REFERENCE_PAGES; pages++) {
		const page = await samplePage(client, endpoint, token, reading);
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
export async function loadReferenceLists(client: ApiClient, reading?: ListReading): Promise<ReferenceList[]> {
	const lists = await Promise.all(
		REFERENCED.map(async ({ what, endpoint }): Promise<ReferenceList | undefined> => {
			try {
				const { records, complete } = await firstPages(client, endpoint, reading);
				if (records.length === 0 || chooseIdentityMode(records) !== 'id') return undefined;
				const rule = { path: 'id', named: false };
				const options = records.flatMap((record) => {
					const identity = recordIdentity(record, rule);
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
