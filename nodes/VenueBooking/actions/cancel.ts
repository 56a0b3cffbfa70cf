/**
 * Booking → Cancel or Reschedule → Cancel: one choice cancels a booking. The API document shows no field, so
 * the value that cancels is the workspace's own: the state its cancelled bookings hold (a value the registry
 * knows as cancelled, spelt as the workspace spells it), in the field they hold it in, read from its bookings
 * or, where none of those is cancelled, from its webhook delivery journal. Where neither shows one, the user
 * is asked for the field and the value; nothing is guessed.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { isCancelledState, JSON_API } from '../conventions';
import { findEndpoint } from '../endpoints';
import { resourceObjectType, type SentAlong } from '../parameters/body';
import { readListOptions } from '../parameters/options';
import { inputError, type ParameterReader } from '../parameters/readers';
import { samplePage } from '../referenceLists';
import { isPlainObject, writeSegments } from '../transport/json';
import { type ApiClient, settle } from '../transport/request';

const FIELD_LABEL = 'Cancelled State Field';
const VALUE_LABEL = 'Cancelled State Value';

/** Pages of bookings read for a cancelled one before the journal is asked (a workspace cancels few). */
const BOOKING_PAGES = 3;
/** How deep a record is searched for its state (as deep as the form offers fields). */
const MAX_DEPTH = 4;

/** Where the workspace's bookings hold their cancelled state, and how it is spelt. */
export interface CancelledState {
	/** Path segments in a booking (keys may hold dots). */
	path: string[];
	value: string;
	/** Members sent beside it: JSON:API's `data.type`, and `data.id` from the Booking ID. */
	with: SentAlong[];
	/** Where it was seen, for the execution hint and the error. */
	seenIn: 'bookings' | 'journal' | 'parameters';
}

/** The version from which the two parameters are Options, added only where the workspace never showed a cancelled booking. */
const STATE_AS_OPTIONS_VERSION = 1.2;

/** The two parameters that say it where the workspace never showed it; empty means "as seen in the workspace". */
const stateParameters: INodeProperties[] = [
	{
		displayName: FIELD_LABEL,
		name: 'cancelledStateField',
		type: 'string',
		default: '',
		placeholder: 'e.g. the field your bookings hold their state in',
		description: 'The field of a booking that says it is cancelled, as a dot path for a nested one. Leave empty to use the one seen on your workspace\'s cancelled bookings.',
	},
	{
		displayName: VALUE_LABEL,
		name: 'cancelledStateValue',
		type: 'string',
		default: '',
		placeholder: 'e.g. the word your API documents for a cancelled booking',
		description: 'The value that field holds on a cancelled booking. Leave empty to use the one seen on your workspace\'s cancelled bookings.',
	},
];

/**
 * Cancel's parameters. Versions 1 and 1.1 (saved workflows, which may hold the two) show them beside the notice;
 * from 1.2 they are Options (cancelStateOptions), empty inputs no workspace that has cancelled a booking needs.
 */
export const cancelProperties: INodeProperties[] = [
	{
		displayName:
			'Cancels the booking and changes nothing else, as your workspace\'s cancelled bookings show it. Where none was ever cancelled, set Options > Cancelled State Field and Value.',
		name: 'cancelNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [{ _cnd: { gte: STATE_AS_OPTIONS_VERSION } }] } },
	},
	{
		displayName:
			'Cancels the booking and changes nothing else: the field and value your workspace\'s cancelled bookings hold are read from its bookings (or its webhook deliveries) when the workflow runs. Fill the two fields below only when none of your bookings has been cancelled yet.',
		name: 'cancelNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [1, 1.1] } },
	},
	...stateParameters.map((property) => ({ ...property, displayOptions: { show: { '@version': [1, 1.1] } } })),
];

/** The two as Options of Cancel (version 1.2 on), for the Options collection of Cancel or Reschedule. */
export const cancelStateOptions: INodeProperties[] = stateParameters.map((property) => ({
	...property,
	displayOptions: { show: { '/bookingAction': ['cancel'], '@version': [{ _cnd: { gte: STATE_AS_OPTIONS_VERSION } }] } },
}));

/** Every text leaf of a record that says cancelled, with its path (segments), to MAX_DEPTH objects deep. */
function cancelledLeaves(record: unknown, path: string[] = []): Array<{ path: string[]; value: string }> {
	if (!isPlainObject(record) || path.length >= MAX_DEPTH) return [];
	return Object.entries(record).flatMap(([key, value]) =>
		isCancelledState(value) ? [{ path: [...path, key], value }] : cancelledLeaves(value, [...path, key]));
}

/** The most common (path, value) pair of the records' cancelled leaves; undefined when none says cancelled. */
function mostCommon(records: unknown[]): { path: string[]; value: string } | undefined {
	const counts = new Map<string, { path: string[]; value: string; count: number }>();
	for (const leaf of records.flatMap((record) => cancelledLeaves(record))) {
		const key = JSON.stringify([leaf.path, leaf.value]);
		const seen = counts.get(key) ?? { ...leaf, count: 0 };
		seen.count++;
		counts.set(key, seen);
	}
	return [...counts.values()].sort((a, b) => b.count - a.count)[0];
}

/** The members a change of a JSON:API resource object sends beside its attributes; none for other shapes. */
function envelopeOf(records: unknown[]): { prefix: string[]; with: SentAlong[] } {
	const type = resourceObjectType(records);
	if (type === undefined) return { prefix: [], with: [] };
	return { prefix: [JSON_API.data], with: [{ path: [JSON_API.data, JSON_API.type], value: type }, { path: [JSON_API.data, JSON_API.id], recordId: true }] };
}

/**
 * Learns the cancelled state: the bookings' pages first (up to BOOKING_PAGES), then one page of the webhook
 * delivery journal, whose entries may carry a booking (its state field is then the bookings' field of that
 * name). Reading failures are not the user's problem here: they end the search as "not seen".
 */
export async function learnCancelledState(context: ParameterReader, itemIndex: number, client: ApiClient): Promise<CancelledState | undefined> {
	const { pagination, itemsPath } = readListOptions(context, itemIndex);
	const reading = { settings: pagination, itemsPath };
	const bookings: unknown[] = [];
	let token: string | undefined;
	for (let page = 0; page < BOOKING_PAGES; page++) {
		const read = await settle(samplePage(client, findEndpoint('booking', 'getAll'), token, reading));
		if (!read.ok) break;
		bookings.push(...read.value.records);
		const found = mostCommon(bookings);
		if (found) {
			const { prefix, with: along } = envelopeOf(bookings);
			return { path: [...prefix, ...found.path], value: found.value, with: along, seenIn: 'bookings' };
		}
		token = read.value.nextToken;
		if (token === undefined) break;
	}
	const journal = await settle(samplePage(client, findEndpoint('webhookDelivery', 'getAll'), undefined, reading));
	const seen = journal.ok ? mostCommon(journal.value.records) : undefined;
	if (!seen) return undefined;
	// The journal's entry is not a booking: the state goes in the bookings' field of the same name.
	const name = seen.path[seen.path.length - 1];
	const field = bookings.map((booking) => pathOfKey(booking, name)).find((path) => path !== undefined) ?? (bookings.length === 0 ? undefined : [name]);
	if (!field) return undefined;
	const { prefix, with: along } = envelopeOf(bookings);
	return { path: field[0] === prefix[0] && prefix.length > 0 ? field : [...prefix, ...field], value: seen.value, with: along, seenIn: 'journal' };
}

/** The path of the first key so named in a record, to MAX_DEPTH objects deep. */
function pathOfKey(record: unknown, name: string, path: string[] = []): string[] | undefined {
	if (!isPlainObject(record) || path.length >= MAX_DEPTH) return undefined;
	if (Object.prototype.hasOwnProperty.call(record, name) && !isPlainObject(record[name])) return [...path, name];
	for (const [key, value] of Object.entries(record)) {
		const found = pathOfKey(value, name, [...path, key]);
		if (found) return found;
	}
	return undefined;
}

/** What the user filled in, when they did: both parameters, or an error naming the one left empty. */
export function readGivenState(context: ParameterReader, itemIndex: number): CancelledState | undefined {
	// Top-level in versions 1 and 1.1, under Options from 1.2.
	const read = (name: string) => String(context.getNodeParameter(name, itemIndex, '') ?? '').trim() || String(context.getNodeParameter(`options.${name}`, itemIndex, '') ?? '').trim();
	const field = read('cancelledStateField');
	const value = read('cancelledStateValue');
	if (field === '' && value === '') return undefined;
	if (field === '') throw inputError(context, itemIndex, FIELD_LABEL, 'is empty while Cancelled State Value is given', 'Give both, or clear both to use what your workspace\'s cancelled bookings hold.');
	if (value === '') throw inputError(context, itemIndex, VALUE_LABEL, 'is empty while Cancelled State Field is given', 'Give both, or clear both to use what your workspace\'s cancelled bookings hold.');
	return { path: field.split('.'), value, with: [], seenIn: 'parameters' };
}

/** The error when the workspace never showed a cancelled booking: the user is asked for the two parameters. */
export function notSeenError(context: ParameterReader, itemIndex: number) {
	return inputError(context, itemIndex, VALUE_LABEL, 'no cancelled booking was seen in your workspace\'s bookings or webhook deliveries, so the value that cancels one is unknown',
		'Fill Cancelled State Field and Cancelled State Value (under Options in a node added since version 1.2) as your API expects them (its documentation, or a booking cancelled in the venue\'s own app), or choose Change Fields.');
}

/** The body that cancels one booking: the state at its path, with JSON:API's members beside it. */
export function cancelBody(state: CancelledState, recordId: string): IDataObject {
	const body: IDataObject = {};
	writeSegments(body, state.path, state.value);
	for (const along of state.with) writeSegments(body, along.path, along.recordId ? recordId : along.value);
	return body;
}
