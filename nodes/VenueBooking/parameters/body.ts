/**
 * Request bodies: the free-form body and the fields seen on the workspace's records (a resource mapper),
 * merged into one JSON body.
 */
import { type IDataObject, type INodeProperties, isResourceLocatorValue, NodeApiError } from 'n8n-workflow';
import { isKnownTimeZone, isMomentForm, type MomentForm, readMomentInput, writeMoment } from '../timestamps';
import { isPlainObject, readSegments, type Scalar, writeSegments } from '../transport/json';
import { CHECK_WHAT_WAS_SENT, refusedTheValues } from '../transport/errors';
import { JSON_API, saysFieldNotTaken } from '../conventions';
import { freeFormProperties, readJson, readPairs } from './freeForm';
import { describeType, inputError, type ParameterReader, readZoneInForce } from './readers';

/**
 * The request body, shaped like n8n's HTTP Request node (JSON only: the API speaks JSON). The document
 * shows no body of any endpoint, so the user supplies the fields their workspace's API expects.
 * `optional` adds a "Send Body" switch for endpoints that may need no body at all.
 */
export function bodyProperties(optional: boolean): INodeProperties[] {
	const whenSent = optional ? { sendBody: [true] } : {};
	const properties = freeFormProperties(
		{ modeLabel: 'Specify Body', mode: 'specifyBody', rowsLabel: 'Body Parameters', rows: 'bodyParameters', json: 'jsonBody' },
		whenSent,
	);
	if (!optional) return properties;
	return [
		{
			displayName: 'Send Body',
			name: 'sendBody',
			type: 'boolean',
			default: false,
			description: 'Whether to send a JSON body with the request',
		},
		...properties,
	];
}

/** The version from which a form's own body hides behind Send Body: no empty row or mode beside the form. */
const BODY_BEHIND_TOGGLE_VERSION = 1.2;

/**
 * The body of one's own beside the form (Create, Change Fields). Versions 1 and 1.1 show it always, as their
 * saved workflows hold it; from 1.2 it is behind Send Body (off), so the form is not followed by an empty
 * Name/Value row and "Specify Body: Using Fields Below".
 */
export function formBodyProperties(): INodeProperties[] {
	const always = bodyProperties(false).map((property) => ({ ...property, displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, '@version': [1, 1.1] } } }));
	const toggled = bodyProperties(true).map((property) => ({
		...property,
		displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, '@version': [{ _cnd: { gte: BODY_BEHIND_TOGGLE_VERSION } }] } },
	}));
	const sendBody = toggled.find((property) => property.name === 'sendBody');
	if (sendBody) sendBody.description = 'Whether to send a body of your own besides the fields above (fields your bookings do not show)';
	return [...always, ...toggled];
}

/** The body of one's own beside the form, as the node's version shows it (formBodyProperties). */
export function readFormBody(context: ParameterReader, itemIndex: number): unknown {
	return readBody(context, itemIndex, context.getNode().typeVersion >= BODY_BEHIND_TOGGLE_VERSION, true);
}

const LABEL_PAIRS = 'Body Parameters';
const LABEL_JSON = 'Body (JSON)';

/**
 * The body of one item: a JSON object or array, never a bare value (the API speaks JSON documents). With
 * fields, a name given twice is an error: one of the two values would silently be lost. `skipBlankRows`
 * is for operations where other parameters may carry the whole body.
 */
export function readBody(context: ParameterReader, itemIndex: number, optional: boolean, skipBlankRows = false): unknown {
	if (optional && !context.getNodeParameter('sendBody', itemIndex, false)) return undefined;
	const mode = context.getNodeParameter('specifyBody', itemIndex, 'keypair') as string;
	if (mode !== 'json') {
		const onDuplicate = (name: string) => {
			throw inputError(context, itemIndex, LABEL_PAIRS, `"${name}" is given more than once`,
				'Keep one row per name, or use JSON to send a list.');
		};
		return readPairs(context, itemIndex, 'bodyParameters', LABEL_PAIRS, onDuplicate, skipBlankRows);
	}
	const body = readJson(context, itemIndex, 'jsonBody', LABEL_JSON);
	if (body === undefined) return {};
	if (body === null || typeof body !== 'object') {
		throw inputError(context, itemIndex, LABEL_JSON, `must be a JSON object or array, but it is ${describeType(body)}`,
			'Write it as { "name": "value" }.');
	}
	return body;
}

const LABEL = 'Fields Seen in Your Workspace';
/** The parameter where Create's client is chosen by name (methods/resourceMapping.ts points at it). */
export const CLIENT_LABEL = 'Client';

/**
 * Booking → Create's client, chosen by name. n8n saves a resource mapper's options inside the workflow, so
 * the workspace's clients are never options of the fields below: they are listed here when the list opens
 * (methods/listSearch.ts, labels without emails) and the workflow keeps only the choice, as a resource
 * locator does: the client's identity and the name the list showed.
 */
const clientProperty: INodeProperties = {
	displayName: CLIENT_LABEL,
	name: 'bookingClient',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description:
		'The booking\'s client: pick one of your workspace\'s clients by name, or enter its identifier. Sent in the field your bookings hold clients in (the fields below name it). The workflow saves only the chosen client\'s ID and the name shown.',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a client...',
			typeOptions: { searchListMethod: 'searchClients', searchable: true },
		},
		{ displayName: 'By ID', name: 'id', type: 'string', placeholder: "e.g. the client's identifier" },
	],
};

/**
 * The fields seen on the workspace's existing bookings, filled in the editor (methods/resourceMapping.ts
 * offers them), and for Create the client chosen by name. They are labelled as seen, not as the API's
 * schema; the free-form body below stays for anything the sample does not show.
 */
export function seenFieldsProperties(chooseClient: boolean): INodeProperties[] {
	return [
		{
			displayName:
				// Three lines at most in n8n's panel: the rest is in each field's label and in the docs (docs/USAGE.md).
				'Fields seen on your bookings, not the API\'s schema: an empty one is not sent; more under "Add field", anything else under Body. Times are read in the zone their label names.',
			name: 'seenFieldsNotice',
			type: 'notice',
			default: '',
			displayOptions: { hide: { '@tool': [true] } },
		},
		{
			// n8n shows `@tool` parameters only on the agent's tool variant of the node.
			displayName:
				'As an AI agent\'s tool: click "Let the model define this parameter" beside a field and the agent fills it, asked for it by the field\'s name as your workspace spells it. A field with a dropdown takes an expression instead: {{ $fromAI(\'<field name>\', \'<what the agent should give>\') }}. The fields were seen on bookings in your workspace; they are not the API\'s schema.',
			name: 'seenFieldsToolNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { '@tool': [true] } },
		},
		...(chooseClient ? [clientProperty] : []),
		{
			displayName: LABEL,
			name: 'fields',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			typeOptions: {
				resourceMapper: {
					resourceMapperMethod: 'bookingFields',
					mode: 'add',
					fieldWords: { singular: 'field', plural: 'fields' },
					addAllFields: true,
					multiKeyMatch: false,
					supportAutoMap: false,
				},
				// The date-time labels name Options > Time Zone: the fields are read again when it changes.
				loadOptionsDependsOn: ['options.timeZone'],
			},
		},
	];
}

/**
 * JSON:API (jsonapi.org), the one surveyed convention whose write document is fixed by its standard: when
 * every sampled booking is a resource object of one type (`{type, id, attributes, relationships}`), a
 * write is `{"data": {"type", "attributes", "relationships"}}`, with `data.id` when changing a record, and
 * each relationship names its record as `{type, id}`. Returns that type; undefined for any other shape.
 */
export function resourceObjectType(records: unknown[]): string | undefined {
	const types = new Set<string>();
	for (const record of records) {
		if (!isPlainObject(record)) return undefined;
		const type = record[JSON_API.type];
		const id = record[JSON_API.id];
		if (typeof type !== 'string' || !isPlainObject(record[JSON_API.attributes])) return undefined;
		if (typeof id !== 'string' && typeof id !== 'number') return undefined;
		types.add(type);
	}
	return types.size === 1 ? [...types][0] : undefined;
}

/** A constant member sent beside a field's value: a type tag, or (JSON:API changes) the changed record's ID. */
export interface SentAlong {
	path: string[];
	value?: Scalar;
	/** The Booking ID of the item, for a change. */
	recordId?: true;
}

/** What execution reads of a saved schema field (methods/resourceMapping.ts writes it). */
interface SavedField {
	id: string;
	displayName?: string;
	momentForm?: MomentForm;
	/** The zone the field's label named (methods/resourceMapping.ts); schemas saved before it have none. */
	zone?: string;
	pickedIn?: string;
	likelyInput?: boolean;
	/** Where the value goes in the body; a field saved without it is a top-level one, named by its id. */
	path: string[];
	with: SentAlong[];
}

const isSegments = (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every((segment) => typeof segment === 'string');

/** A saved placement (`sentAt`), read defensively: the workflow JSON may have been edited by hand. */
function savedPlacement(id: string, sentAt: unknown): { path: string[]; with: SentAlong[] } {
	if (!isPlainObject(sentAt) || !isSegments(sentAt.path)) return { path: [id], with: [] };
	const along = Array.isArray(sentAt.with) ? sentAt.with : [];
	return {
		path: sentAt.path,
		with: along.filter((member): member is SentAlong => isPlainObject(member) && isSegments(member.path) &&
			(member.recordId === true || typeof member.value === 'string' || typeof member.value === 'number' || typeof member.value === 'boolean')),
	};
}

function savedSchema(mapper: unknown): SavedField[] {
	const schema = isPlainObject(mapper) && Array.isArray(mapper.schema) ? mapper.schema : [];
	return schema.filter((field): field is Record<string, unknown> => isPlainObject(field) && typeof field.id === 'string').map((field) => ({
		id: field.id as string,
		displayName: typeof field.displayName === 'string' ? field.displayName : undefined,
		momentForm: isMomentForm(field.momentForm) ? field.momentForm : undefined,
		zone: typeof field.zone === 'string' && isKnownTimeZone(field.zone) ? field.zone : undefined,
		pickedIn: typeof field.pickedIn === 'string' ? field.pickedIn : undefined,
		likelyInput: typeof field.likelyInput === 'boolean' ? field.likelyInput : undefined,
		...savedPlacement(field.id as string, field.sentAt),
	}));
}

/** The Client parameter's choice, trimmed; empty when none was made. */
function readClientChoice(context: ParameterReader, itemIndex: number): string {
	const parameter: unknown = context.getNodeParameter('bookingClient', itemIndex, '', { extractValue: true });
	const raw = isResourceLocatorValue(parameter) ? parameter.value : parameter;
	if (raw === undefined || raw === null || raw === '') return '';
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, itemIndex, CLIENT_LABEL, `must be text or a number, but it is ${describeType(raw)}`,
			'If it comes from an expression, point it at the client\'s id field itself, e.g. {{ $json.id }}.');
	}
	return String(raw).trim();
}

/**
 * The offered fields the user filled for one item, and (for Create) the client chosen by name, as the body
 * they make: a top-level field under its name, a nested one at its path with the members that go with it
 * (JSON:API's `data.type`, a reference's type tag, and for a change `data.id` = the item's `recordId`).
 * Values are read as entered (expressions resolved), not converted to the sampled types: a dropdown lists
 * only one page of rooms, and an expression may rightly name another; the API is the judge of values.
 * Date-times are the exception: a picked or typed time without an offset is read in the zone its label names (saved
 * with the field; a field saved without one: the zone in force, readZoneInForce) and sent in the form the
 * workspace's own values have (timestamps.ts); where those have no zone, as the wall clock in the workspace's time
 * zone (`workspaceZone`, the credential's; read only then). Empty fields are not sent. Where the label's zone is not
 * the run's (a workflow zone the editor could not see), `hint` is told, with the option that makes them one.
 */
export function readSeenFields(context: ParameterReader, itemIndex: number, chooseClient = false, recordId?: string,
	workspaceZone: () => string = () => 'UTC', hint?: (message: string) => void, parameter = 'fields'): IDataObject {
	const mapper = context.getNodeParameter(parameter, itemIndex, {}, { skipValidation: true }) as unknown;
	const values = isPlainObject(mapper) && isPlainObject(mapper.value) ? mapper.value : {};
	const schema = savedSchema(mapper);
	const zoneInForce = readZoneInForce(context, itemIndex);
	const body: IDataObject = {};
	const place = (name: string, value: unknown) => {
		const field = schema.find((candidate) => candidate.id === name);
		const members: Array<[string[], unknown]> = [[field?.path ?? [name], value]];
		for (const along of field?.with ?? []) {
			if (along.recordId && recordId === undefined) continue;
			members.push([along.path, along.recordId ? recordId : along.value]);
		}
		for (const [path, member] of members) {
			const blocked = writeSegments(body, path, member);
			if (blocked) {
				throw inputError(context, itemIndex, LABEL, `"${name}" cannot be sent at ${path.join('.')}: ${blocked.join('.')} holds a value there`,
					'Choose Refresh Field List, or send the field under Body.');
			}
		}
	};
	for (const [name, value] of Object.entries(values)) {
		if (value === null || value === undefined || value === '') continue;
		const field = schema.find((candidate) => candidate.id === name);
		const form = field?.momentForm;
		const timeZone = field?.zone ?? zoneInForce;
		if (form && hint && timeZone !== zoneInForce && typeof value === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) {
			hint(`${LABEL}: "${name}" was read in ${timeZone}, the zone its label names, not in ${zoneInForce}, this run's zone (n8n's editor sees the instance's zone, not Workflow Settings > Timezone). To have ${zoneInForce} in the form and the picker too, set Options > Time Zone to it and refresh the fields.`);
		}
		place(name, form ? sendMoment(context, itemIndex, name, value, form, timeZone, form.kind === 'iso' && form.zone === '' ? workspaceZone() : 'UTC') : value);
	}
	const client = chooseClient ? readClientChoice(context, itemIndex) : '';
	if (client === '') return body;
	const target = schema.find((field) => field.pickedIn === 'client');
	if (!target) {
		throw inputError(context, itemIndex, CLIENT_LABEL, 'no field of your bookings was seen holding clients, so it is unclear where to send it',
			'Open Fields Seen in Your Workspace and choose Refresh Field List, or send the client under Body and clear Client.');
	}
	const given = values[target.id];
	if (given !== undefined && given !== null && given !== '') {
		throw inputError(context, itemIndex, CLIENT_LABEL, `the client is also given in the field "${target.id}"`,
			'Give the client once: clear Client, or remove the field from Fields Seen in Your Workspace.');
	}
	place(target.id, client);
	return body;
}

/** One date-time in the workspace's form (zone-less ones as the wall clock in `workspaceZone`), or an error naming the field and the item. */
function sendMoment(context: ParameterReader, itemIndex: number, name: string, value: unknown, form: MomentForm, timeZone: string, workspaceZone: string): string | number {
	const instant = readMomentInput(value, timeZone);
	if (instant === undefined) {
		throw inputError(context, itemIndex, LABEL, `"${name}" is not a date-time: ${describeType(value)} ${JSON.stringify(String(value)).slice(0, 60)}`,
			`Pick it, or write it as 2026-11-26T15:00 (read in ${timeZone}, the zone its label names) or with an offset (…Z, …+01:00).`);
	}
	return writeMoment(instant, form, workspaceZone);
}

/** Whether a text names a field as a word of its own (`end`, not `endless` or `weekend`). */
function mentions(text: string, name: string): boolean {
	const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return new RegExp(`(^|[^\\p{L}\\p{N}_])${escaped}($|[^\\p{L}\\p{N}_])`, 'u').test(text);
}

/**
 * Whether a field name in a refusal is this offered field's: its id, or a segment of its path that no
 * other sent field shares (a JSON:API pointer `/data/attributes/end` names `end`, `/data/relationships/room`
 * names `room`).
 */
function isNamed(name: string, field: SavedField, sentFields: SavedField[]): boolean {
	if (name === field.id) return true;
	return field.path.includes(name) && sentFields.filter((other) => other.path.includes(name)).length === 1;
}

/** What the server said about one field, by field name (`fieldMessages`, transport/errors.ts). */
function fieldMessagesOf(error: NodeApiError): Array<{ field: string; text: string }> {
	const said = error.context?.fieldMessages;
	if (!Array.isArray(said)) return [];
	return said.filter((entry): entry is { field: string; text: string } => isPlainObject(entry) && typeof entry.field === 'string' && typeof entry.text === 'string');
}

/** An offered field a refusal is about, and whether the server's words say the field itself is not taken. */
interface RefusedField {
	id: string;
	notTaken: boolean;
	/** Left empty in the form (so not sent), while the server names it: it wants a value there. */
	empty?: boolean;
}

/**
 * The offered fields a refusal is about: the ones its body names as field errors, or where it names none
 * (a message such as "unknown field(s) end; accepted: start, …"), the sent fields its message mentions
 * that the form had kept aside as set by the workspace; mentioned inputs are often the accepted ones.
 * A field is "not taken" only where the server's own words about it say so (unknown, not allowed, read-only:
 * the registry's `fieldNotTaken` words); "service not offered in this room" is about the value, not the field.
 */
function refusedFields(error: NodeApiError, schema: SavedField[], sent: IDataObject): RefusedField[] {
	const offeredAndSent = schema.filter((field) => readSegments(sent, field.path) !== undefined);
	const named = Array.isArray(error.context?.namedFields) ? (error.context.namedFields as unknown[]).map(String) : [];
	if (named.length > 0) {
		const said = fieldMessagesOf(error);
		const sentAndNamed = offeredAndSent.filter((field) => named.some((name) => isNamed(name, field, offeredAndSent))).map((field) => ({
			id: field.id,
			notTaken: said.some(({ field: name, text }) => isNamed(name, field, offeredAndSent) && saysFieldNotTaken(text)),
		}));
		// A field left empty is not sent, so a 400 "start is required" names a field of the form that was not sent.
		const emptyAndNamed = schema.filter((field) => !offeredAndSent.includes(field) && named.some((name) => name === field.id || name === field.path.join('.')))
			.map((field) => ({ id: field.id, notTaken: false, empty: true }));
		return [...sentAndNamed, ...emptyAndNamed];
	}
	const message = typeof error.context?.serverMessage === 'string' ? error.context.serverMessage : '';
	return offeredAndSent.filter((field) => field.likelyInput === false && (mentions(message, field.id) || mentions(message, field.path[field.path.length - 1])))
		.map((field) => ({ id: field.id, notTaken: saysFieldNotTaken(message) }));
}

/** Puts advice after the server's own words and before the quoted body: the server's reason comes first. */
function afterServerWords(description: unknown, advice: string): string {
	if (typeof description !== 'string' || description === '') return advice;
	const lines = description.split('\n');
	const body = lines.findIndex((line) => line.startsWith('Response body'));
	if (body < 0) return `${description}\n${advice}`;
	return [...lines.slice(0, body), advice, ...lines.slice(body)].join('\n');
}

/**
 * A refused request names fields the user sent from the offered ones. After the server's words, the description
 * says which offered field each is, and what to do: where the server says the field is not taken (400
 * "unknown field(s) end"), that the workspace's bookings hold it but the API does not take it here, and how to
 * take it out of the form; where the server refuses its value ("service not offered in this room"), to check
 * the value. Other errors pass unchanged.
 */
export function explainRefusedFields(error: unknown, context: ParameterReader, itemIndex: number, sent: IDataObject, parameter = 'fields', onlyTheForm = false): unknown {
	if (!refusedTheValues(error)) return error;
	const mapper = context.getNodeParameter(parameter, itemIndex, {}, { skipValidation: true }) as unknown;
	const schema = savedSchema(mapper);
	const refused = refusedFields(error, schema, sent);
	const formLabel = parameter === 'fields' ? LABEL : 'New Times';
	if (refused.length === 0) {
		// Only the form was filled: the headline points there, not at query parameters or a body never set.
		if (onlyTheForm && Object.keys(sent).length > 0) pointHeadlineAt(error, `check the fields set in ${formLabel}`);
		return error;
	}
	pointHeadlineAt(error, `check ${refused.map(({ id }) => `"${id}"`).join(', ')} in ${formLabel}`);
	const which = (fields: RefusedField[]) => fields.map(({ id }) => {
		const label = schema.find((field) => field.id === id)?.displayName;
		return `"${id}"${label && label !== id ? ` (${label})` : ''}`;
	}).join(', ');
	const advice: string[] = [];
	const notTaken = refused.filter((field) => field.notTaken);
	const empty = refused.filter((field) => field.empty);
	const valueRefused = refused.filter((field) => !field.notTaken && !field.empty);
	if (empty.length > 0) {
		const one = empty.length === 1;
		advice.push(`${which(empty)} ${one ? 'is' : 'are'} empty in ${formLabel}, and the API needs ${one ? 'it' : 'them'}: fill ${one ? 'it' : 'them'} in.`);
	}
	if (notTaken.length > 0) {
		const one = notTaken.length === 1;
		advice.push(`${which(notTaken)} ${one ? 'is a field' : 'are fields'} of ${LABEL}: your bookings hold ${one ? 'it' : 'them'}, but the API does not take ${one ? 'it' : 'them'} here. Remove ${one ? 'it' : 'them'} from the form (the bin icon beside the field) or leave ${one ? 'it' : 'them'} empty.`);
	}
	if (valueRefused.length > 0) {
		const one = valueRefused.length === 1;
		advice.push(`The server's reason is about the ${one ? 'value' : 'values'} of ${which(valueRefused)} in ${LABEL}: check the ${one ? 'value' : 'values'} given (or the values ${one ? 'it' : 'they'} must go with).`);
	}
	error.description = afterServerWords(error.description, advice.join('\n'));
	return error;
}

/** Replaces the transport's "check the query parameters and body you sent" (transport/errors.ts) with what the user set. */
function pointHeadlineAt(error: NodeApiError, instead: string): void {
	for (const generic of CHECK_WHAT_WAS_SENT) {
		if (error.message.includes(generic)) {
			error.message = error.message.replace(generic, instead);
			return;
		}
	}
}

/** Whether a write sent only the form's fields: no query parameters, and no free-form body (or an empty one). */
export function sentOnlyTheForm(query: IDataObject, freeBody: unknown): boolean {
	const empty = freeBody === undefined || (isPlainObject(freeBody) && Object.keys(freeBody).length === 0);
	return Object.keys(query).length === 0 && empty;
}

/**
 * The body sent: the offered fields and the free-form body together, objects merged member by member (a
 * JSON:API body may add `data.attributes.x` beside the offered ones). A value given in both is an error
 * that names it, because one of the two would otherwise be lost without a word.
 */
export function mergeBody(context: ParameterReader, itemIndex: number, fields: IDataObject, body: unknown): unknown {
	if (Object.keys(fields).length === 0) return body;
	if (body === undefined) return fields;
	if (!isPlainObject(body)) {
		throw inputError(context, itemIndex, LABEL, 'cannot be combined with a body that is not a JSON object',
			'Send the fields inside the JSON body instead, or clear the fields.');
	}
	const merge = (offered: Record<string, unknown>, given: Record<string, unknown>, prefix: string[]): Record<string, unknown> => {
		const merged: Record<string, unknown> = { ...offered };
		for (const [name, value] of Object.entries(given)) {
			// Defined, not assigned: a body's own "__proto__" key stays a plain member, as in JSON.parse.
			const put = (member: unknown) => Object.defineProperty(merged, name, { value: member, enumerable: true, writable: true, configurable: true });
			if (!Object.prototype.hasOwnProperty.call(offered, name)) {
				put(value);
				continue;
			}
			const inner = offered[name];
			if (isPlainObject(inner) && isPlainObject(value)) {
				put(merge(inner, value, [...prefix, name]));
				continue;
			}
			throw inputError(context, itemIndex, LABEL, `"${[...prefix, name].join('.')}" is also given in the body`,
				'Give each field once: clear it in the fields or remove it from the body.');
		}
		return merged;
	};
	return merge(fields, body, []);
}
