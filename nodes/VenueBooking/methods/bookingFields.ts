import type { ILoadOptionsFunctions, INodePropertyOptions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import { findEndpoint } from '../endpoints';
import type { ApiClient } from '../transport/request';
import { chooseIdentityMode } from '../trigger/identity';
import { isAgentTool } from './agentTool';
import { editorClient, readIdentityField } from './editorClient';
import { looksLikeChoice, seenFields, type SeenField, type SeenType } from './fieldTypes';
import { loadReferenceLists, referencedList, type ReferenceList } from './references';
import { samplePage } from './samplePage';

const TYPE_WORDS: Record<SeenType, string> = { string: 'text', number: 'number', boolean: 'true/false', dateTime: 'date-time' };
const MAX_EXAMPLE = 40;

const FALLBACK = 'Add what your API expects under Body below.';

function example(value: string | number | boolean): string {
	const text = String(value);
	return text.length > MAX_EXAMPLE ? `${text.slice(0, MAX_EXAMPLE - 1)}…` : text;
}

/** The label of an offered field: its name as the workspace spells it, what was seen in it, and an example. */
function describeField(field: SeenField, reference: ReferenceList | undefined): string {
	const kind = reference ? `a ${reference.what}` : TYPE_WORDS[field.type];
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
	try {
		client = await editorClient(this);
		({ records } = await samplePage(client, findEndpoint('booking', 'getAll')));
	} catch (error) {
		return { fields: [], emptyFieldsNotice: failureNotice(error) };
	}
	if (records.length === 0) {
		return { fields: [], emptyFieldsNotice: `Your workspace has no bookings yet, so no fields could be seen. ${FALLBACK}` };
	}
	const identityField = readIdentityField(this) || (chooseIdentityMode(records) === 'id' ? 'id' : '');
	const fields = seenFields(records).filter((field) => field.name !== identityField);
	const lists = await loadReferenceLists(client);
	const asTool = isAgentTool(this.getNode());
	return { fields: fields.map((field) => toMapperField(field, lists, asTool)) };
}
