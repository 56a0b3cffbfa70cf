/**
 * Resource mapping for the booking writes: the fields seen on sampled bookings, their types, and references
 * to rooms, services and clients recognised by matching values against those lists.
 */
import type { ILoadOptionsFunctions, INodePropertyOptions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';
import { JSON_API } from '../conventions';
import { findEndpoint } from '../endpoints';
import { chooseIdentityMode, detectIdentityField } from '../identity';
import { cutText, isPlainObject, isScalar, type JsonField, readPath, readSegments, type Scalar, walkFields } from '../transport/json';
import { QuotaDeferral } from '../transport/ratePacer';
import { type ApiClient, settle } from '../transport/request';
import { CLIENT_LABEL, resourceObjectType, type SentAlong } from '../parameters/body';
import { itemlessParameters, readWorkspaceTimeZone, readZoneInForce } from '../parameters/readers';
import { formatWallClock, isDateOrDateTimeText, type MomentForm, momentFormOf, readTimestamp, readTimestampField, writeMoment } from '../timestamps';
import { editorSession } from '../editorSession';
import { type ListReading, loadReferenceLists, MAX_LEAF_DEPTH, type ReferenceList, referencedList, samplePage, textKind } from '../referenceLists';
import { editorClient, isAgentTool, readIdentityField, readListReading } from './sampling';

const TYPE_WORDS: Record<SeenType, string> = { string: 'text', number: 'number', boolean: 'true/false', dateTime: 'date-time' };
const MAX_EXAMPLE = 40;

const FALLBACK = 'Add what your API expects under Body below.';

function example(value: string | number | boolean): string {
	const text = String(value);
	return cutText(text, MAX_EXAMPLE);
}

/**
 * A short code: one token of letters, digits and `_ - . : / #` that holds a digit or one of those marks
 * (`svc_rehearsal_2h`, `EUR-2`, `A12`, a date `2026-12-01`), within MAX_EXAMPLE characters. A plain word
 * is no code (it may be a name: "Ada"), nor is text with a space (a phrase, a note), an email, or digits with
 * only dots or dashes between them, 7 or more (a phone number).
 */
export function isShortCode(value: unknown): boolean {
	if (typeof value !== 'string') return false;
	const text = value.trim();
	if (text === '' || text.length > MAX_EXAMPLE || !/^[\p{L}\p{N}_.:/#-]+$/u.test(text)) return false;
	if (!/[\p{N}_.:/#-]/u.test(text)) return false;
	if (isDateOrDateTimeText(text)) return true;
	return !(/^[\d.-]+$/.test(text) && text.replace(/\D/g, '').length >= 7);
}

/**
 * The example a field's label shows, or undefined. Labels are saved in the workflow, so an example is kept
 * only where it cannot be another person's words or record: a value of a closed set, a room's or service's
 * identity, a number or true/false, and text whose every sampled value is a short code. Free text (a note,
 * a cancel reason, a name: any value with a space, a plain word, an email), and a client's identity, never
 * give one. Date-times show a moment's form instead (momentHint).
 */
export function exampleOf(field: SeenField, reference: ReferenceList | undefined): string | undefined {
	const [first] = field.values;
	if (first === undefined || reference?.people) return undefined;
	if (reference || field.type === 'number' || field.type === 'boolean') return example(first);
	if (field.type === 'string' && (looksLikeChoice(field) || field.values.every(isShortCode))) return example(first);
	return undefined;
}

/**
 * An offered field as the editor saves it in the workflow (the resource mapper's `schema`), with what the
 * execution needs and cannot sample: how the workspace writes the field's moments, and whether its value is
 * chosen in the Client parameter. n8n's editor keeps a field's properties whole when it saves the schema.
 */
export interface OfferedField extends ResourceMapperField {
	/** Date-times are sent in this form (parameters/body.ts), whatever form the user typed or picked. */
	momentForm?: MomentForm;
	/**
	 * The zone the date-time's label names, saved with it: a value without an offset is read in it at execution
	 * (parameters/body.ts), so what the label says is what happens whichever zone the run has.
	 */
	zone?: string;
	/** The field holds a person's record: chosen in the Client parameter, never saved as an option list. */
	pickedIn?: 'client';
	/** Whether the values say the user gives it (judgeFields); an error about an aside field names it first. */
	likelyInput: boolean;
	/** Where a field that is not a top-level one of the record goes in the body, and what goes with it. */
	sentAt?: Placement;
}

/** Where an offered field's value goes in the body (by path segments), and the members that go with it. */
export interface Placement {
	path: string[];
	with?: SentAlong[];
}

/**
 * Where each field is sent, as the sampled records hold it: a nested field at its path (inside `data`
 * under JSON:API), with the constant members of its record's envelope and, for a reference written as a
 * small object, the members of that object that every booking shares (a type tag such as `"rooms"`).
 * Those members are sent along, so they are not offered themselves (`hidden`).
 */
function placementsOf(records: unknown[], fields: SeenField[], references: SeenField[], purpose: FormPurpose): { placements: Map<string, Placement>; hidden: Set<string> } {
	const rows = records.filter(isPlainObject).length;
	const type = resourceObjectType(records);
	const prefix = type === undefined ? [] : [JSON_API.data];
	const envelope: SentAlong[] =
		type === undefined ? [] : [{ path: [JSON_API.data, JSON_API.type], value: type }, ...(purpose === 'change' ? [{ path: [JSON_API.data, JSON_API.id], recordId: true as const }] : [])];
	const hidden = new Set<string>(type === undefined ? [] : [JSON_API.type]);
	const placements = new Map<string, Placement>();
	for (const field of fields) {
		if (hidden.has(field.name)) continue;
		const tags: SentAlong[] = [];
		if (references.includes(field) && field.path.length >= 2) {
			for (const sibling of fields) {
				if (sibling === field || referenceBeside(sibling, [field]) !== field || references.includes(sibling)) continue;
				if (sibling.values.length !== 1 || sibling.filled !== rows) continue;
				tags.push({ path: [...prefix, ...sibling.path], value: sibling.values[0] });
				hidden.add(sibling.name);
			}
		}
		const along = [...envelope, ...tags];
		if (prefix.length === 0 && field.path.length === 1 && along.length === 0) continue;
		placements.set(field.name, { path: [...prefix, ...field.path], ...(along.length > 0 ? { with: along } : {}) });
	}
	return { placements, hidden };
}

/**
 * What a nested field is called in the form: the segment of its path that tells it from the fields of its
 * kind (`start` of `attributes.start`, `room` of `relationships.room.data.id`, `room` of `room.id`), its
 * whole path where two fields would share a name. A top-level field keeps its own name.
 */
export function shortNames(fields: SeenField[]): Map<string, string> {
	const names = new Map<string, string>();
	for (const field of fields) {
		if (field.path.length === 1) {
			names.set(field.name, field.name);
			continue;
		}
		let best = field.path.length - 1;
		let most = -1;
		for (let at = 0; at < field.path.length; at++) {
			const kin = fields.filter((other) => other !== field && other.path.length === field.path.length &&
				other.path.every((segment, index) => index === at || segment === field.path[index])).length;
			if (kin >= most) {
				most = kin;
				best = at;
			}
		}
		names.set(field.name, field.path[best]);
	}
	const uses = new Map<string, number>();
	for (const name of names.values()) uses.set(name, (uses.get(name) ?? 0) + 1);
	for (const field of fields) if ((uses.get(names.get(field.name) ?? '') ?? 0) > 1) names.set(field.name, field.name);
	return names;
}

/** What a field holds, in words: a reference, a moment, or its type. */
function kindOf(field: SeenField, reference: ReferenceList | undefined): string {
	if (reference) return `a ${reference.what}`;
	return TYPE_WORDS[field.type];
}

/**
 * The hint of a date-time field, in its label (n8n's resource mapper shows no per-field hint): a sampled
 * moment as the user's wall clock in the zone in force (Options > Time Zone, else n8n's), and as it is sent; where the workspace writes
 * no zone, which zone the sent wall clock is in (the credential's Workspace Time Zone, UTC when unset). The zone
 * itself leads the label (describeField): n8n cuts a long label off, and the zone is the one fact to keep.
 */
function momentHint(field: SeenField, form: MomentForm, timeZone: string, workspaceZone: string): string {
	const stamp = field.values.map((value) => readTimestamp(value, workspaceZone)).find((found) => found !== undefined);
	const zoneless = form.kind === 'iso' && form.zone === '' ? ` (${workspaceZone} time)` : '';
	if (!stamp) return `date-time${zoneless ? `, sent as ${workspaceZone} time` : ''}`;
	const sent = writeMoment(stamp.epochMs, form, workspaceZone);
	const unit = form.kind === 'unixSeconds' ? ' (Unix seconds)' : form.kind === 'unixMilliseconds' ? ' (Unix milliseconds)' : zoneless;
	return `date-time, e.g. ${formatWallClock(stamp.epochMs, timeZone)} → sent as ${String(sent)}${unit}`;
}

/**
 * The label of an offered field: its name as the workspace spells it, what was seen in it (an example only
 * where exampleOf allows one: labels are saved in the workflow), and why a field the workspace sets starts hidden.
 */
function describeField(offer: Offer, reference: ReferenceList | undefined, form: MomentForm | undefined): string {
	const { field, judged, timeZone, purpose, shortName } = offer;
	const shown = exampleOf(field, reference);
	const seen = form ? momentHint(field, form, timeZone, offer.workspaceZone ?? 'UTC') : `${kindOf(field, reference)}${shown !== undefined ? `, e.g. ${shown}` : ''}`;
	const chosenIn = purpose === 'create' ? `choose it in ${CLIENT_LABEL} above, or ` : '';
	const chosen = reference?.people ? `; ${chosenIn}add this field to give an ID` : '';
	const at = shortName === field.name ? '' : `; at ${field.name}`;
	// "(Europe/Berlin) start (date-time, e.g. …": the zone first, where a cut-off label still shows it.
	const zone = form ? `(${timeZone}) ` : '';
	return `${zone}${shortName} (${seen}${chosen}${judged.reason ? `; ${judged.reason}` : ''}${at})`;
}

/** A reference dropdown: the list's records, plus values seen on bookings that its first pages lack. */
function referenceOptions(field: SeenField, list: ReferenceList): INodePropertyOptions[] {
	const known = new Set(list.options.map((option) => String(option.value)));
	const unseen = field.values.filter((value) => !known.has(String(value))).map((value) => ({ name: String(value), value: String(value) }));
	return [...list.options, ...unseen];
}

/** Where a field is offered and how. */
interface Offer {
	field: SeenField;
	lists: ReferenceList[];
	judged: Judgement;
	asTool: boolean;
	timeZone: string;
	/** The zone the workspace writes zone-less date-times in (the credential's Workspace Time Zone; UTC when unset). */
	workspaceZone?: string;
	/** Create has the Client parameter; a change does not. */
	purpose: FormPurpose;
	/** The field's name in the form (shortNames). */
	shortName: string;
	placement?: Placement;
}

/** Which form the fields are for: Create, or Cancel or Reschedule. */
export type FormPurpose = 'create' | 'change';

/**
 * As an agent's tool, a field is labelled by its bare name: n8n's "Let the model define this parameter" names
 * the `$fromAI` key after the label, so the agent is asked for the field by the name the workspace uses
 * (an example value in the label would end up in the key).
 *
 * A field the workspace evidently sets itself starts removed: listed under the mapper's "add field", one
 * click away, and not sent unless added and filled. References to people carry no options: n8n saves a
 * resource mapper's options in the workflow, so clients are chosen in the Client parameter, whose list is
 * read when the editor opens and which saves only the choice.
 */
function toMapperField(offer: Offer): OfferedField {
	const { field, lists, judged, asTool, shortName, placement } = offer;
	const reference = referencedList(field, lists);
	const form = momentFormOfField(field);
	const displayName = asTool ? shortName : describeField(offer, reference, form);
	const base = {
		id: field.name, displayName, required: false, defaultMatch: false, display: true, likelyInput: judged.input,
		...(judged.input ? {} : { removed: true }), ...(placement ? { sentAt: placement } : {}),
	};
	// An agent fills the field itself, by the client's identity (it can look clients up with another tool).
	if (reference?.people) return { ...base, type: 'string', pickedIn: 'client', ...(asTool ? {} : { removed: true }) };
	if (reference) return { ...base, type: 'options', options: referenceOptions(field, reference) };
	if (form) return { ...base, type: 'dateTime', momentForm: form, zone: offer.timeZone };
	if (looksLikeChoice(field)) {
		return { ...base, type: 'options', options: field.values.map((value) => ({ name: String(value), value: String(value) })) };
	}
	// n8n's editor gives an untouched number box the value 0 when it appears, and 0 would then be sent:
	// number fields start removed, listed under the field picker for the user to add when they mean one.
	if (field.type === 'number') return { ...base, type: 'number', removed: true };
	return { ...base, type: field.type };
}

/** The form a date-time field's moments are written in: its first value's (every value shares the kind). */
function momentFormOfField(field: SeenField): MomentForm | undefined {
	if (field.type !== 'dateTime' && !field.clock) return undefined;
	return field.values.length > 0 ? momentFormOf(field.values[0]) : undefined;
}

/**
 * Why nothing could be sampled, taken from the transport's own error (it names a missing scope); where the API's
 * quota stopped the form (the editor never waits for its window), when it frees up and that refreshing then reads it.
 */
function failureNotice(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	if (error instanceof QuotaDeferral) return `No fields could be read from your workspace's bookings yet: ${message} — refresh the field list then. ${FALLBACK}`;
	return `No fields could be read from your workspace's bookings: ${message}. ${FALLBACK}`;
}

/** Pages read beyond the first while a text field holds one value on every booking read (see sampleBookings). */
const MORE_PAGES_WHEN_UNIFORM = 2;

/** Whether a text field other than free text holds one value on every one of at least two records (all `cancelled`). */
function uniformText(records: unknown[]): boolean {
	const rows = records.filter(isPlainObject).length;
	return rows >= 2 && seenFields(records).some((field) => field.type === 'string' && !field.clock && field.filled === rows && field.values.length === 1 && !isFreeText(field.values[0]));
}

/**
 * The bookings the form is judged by: the first page of GET /bookings, and while a text field holds one value on
 * every booking read (a first page all cancelled), up to MORE_PAGES_WHEN_UNIFORM pages more, so a state is not
 * taken for a constant because of which bookings happen to be on page 1. A field one value throughout stays so.
 */
async function sampleBookings(client: ApiClient, reading: ListReading): Promise<unknown[]> {
	const endpoint = findEndpoint('booking', 'getAll');
	const first = await samplePage(client, endpoint, undefined, reading);
	const records = [...first.records];
	let token = first.nextToken;
	for (let more = 0; more < MORE_PAGES_WHEN_UNIFORM && token !== undefined && uniformText(records); more++) {
		const page = await settle(samplePage(client, endpoint, token, reading));
		// The quota stopped the reading past the first page: the form is judged by what was read.
		if (!page.ok && page.error instanceof QuotaDeferral) break;
		if (!page.ok) throw page.error;
		records.push(...page.value.records);
		token = page.value.nextToken;
	}
	return records;
}

/**
 * The fields seen on the workspace's existing bookings (the first page of GET /bookings, more where that page is
 * uniform: sampleBookings), offered for Create and
 * Cancel or Reschedule: each with the type its values have, an example, a dropdown of rooms or services
 * where its values are their identities, and a dropdown of the values seen where there are only a few.
 * The form opens with what the values say is an input (judgeFields); the rest waits under "add field".
 * The record's own identity is left out (the workspace assigns it). Nothing here is the API's schema: an
 * empty workspace or a key that may not read bookings gets a notice and the free-form body.
 */
export async function bookingFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	return await offerBookingFields(this);
}

/**
 * Reschedule's form: of the fields bookingFields offers, the booking's own times only: the date-times the user
 * gives (a start) and those that follow from them (an end), never the times the workspace writes (created,
 * updated) or that wait for a later state (cancelled at). Everything else of the booking stays as it is.
 */
export async function bookingTimes(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const offered = await offerBookingFields(this, (field, judged) => momentFormOfField(field) !== undefined && (judged.input || judged.follows === true));
	if (offered.fields.length > 0 || offered.emptyFieldsNotice) return offered;
	return { fields: [], emptyFieldsNotice: 'No date-time of a booking\'s own was seen on your bookings, so there is no time to offer. Choose Change Fields and send the times under Body.' };
}

async function offerBookingFields(context: ILoadOptionsFunctions, keep: (field: SeenField, judged: Judgement) => boolean = () => true): Promise<ResourceMapperFields> {
	let records: unknown[];
	let client: ApiClient;
	let reading: ListReading;
	let workspaceZone: string;
	let timeZone: string;
	try {
		// Options > Time Zone, else the zone n8n hands its editor: the instance's (it has no workflow settings here).
		timeZone = readZoneInForce(itemlessParameters(context), 0);
		client = await editorClient(context);
		workspaceZone = readWorkspaceTimeZone(client);
		reading = readListReading(context);
		records = await sampleBookings(client, reading);
	} catch (error) {
		return { fields: [], emptyFieldsNotice: failureNotice(error) };
	}
	if (records.length === 0) {
		return { fields: [], emptyFieldsNotice: `Your workspace has no bookings yet, so no fields could be seen. ${FALLBACK}` };
	}
	const named = readIdentityField(context);
	const identityField = named || (chooseIdentityMode(records) === 'id' ? 'id' : (detectIdentityField(records) ?? ''));
	const seen = seenFields(records).filter((field) => field.name !== identityField);
	const lists = await loadReferenceLists(client, reading, named || undefined, editorSession(client.sessionKey));
	const asTool = isAgentTool(context.getNode());
	const purpose: FormPurpose = context.getNodeParameter('operation', '') === 'update' ? 'change' : 'create';
	const references = seen.filter((field) => referencedList(field, lists));
	const { placements, hidden } = placementsOf(records, seen, references, purpose);
	const fields = seen.filter((field) => !hidden.has(field.name));
	const judgements = judgeFields(records, fields, lists, purpose, Date.now(), identityField, workspaceZone);
	const names = shortNames(fields);
	return {
		fields: fields.filter((field) => keep(field, judgements.get(field.name) ?? INPUT)).map((field) => toMapperField({
			field, lists, judged: judgements.get(field.name) ?? INPUT, asTool, timeZone, workspaceZone, purpose,
			shortName: names.get(field.name) ?? field.name, placement: placements.get(field.name),
		})),
	};
}

/** The types the editor offers, inferred from sampled values. */
export type SeenType = 'string' | 'number' | 'boolean' | 'dateTime';

/** The Unix clocks a number (or numeric text) field can hold, as timestamps.ts tells them by value. */
export type UnixClock = 'unixSeconds' | 'unixMilliseconds';

/** A field seen on sampled records: its name (its dot path), inferred type and the values it held. */
export interface SeenField {
	name: string;
	/** Where it sits in a record: one segment for a top-level field (a key may itself hold dots). */
	path: string[];
	type: SeenType;
	/**
	 * Set when every value is a Unix time of one clock. The field is offered as a date-time all the same:
	 * what the user picks is sent as a number (or numeric text) of that clock (its saved `momentForm`).
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

/** Enough for any booking; a hostile record with thousands of keys costs no more than this. */
const MAX_FIELDS = 200;

/**
 * The fields of sampled records, in the order first seen, each with one inferred type: the top-level
 * scalars and, where a record keeps its own fields one level down (JSON:API `attributes`, Jira `fields`)
 * or writes a reference as a small object (`{"id": …}`), the scalars inside, each named by its dot path.
 * A path that holds an object on any record is a container, not a field. A field that holds lists or
 * mixed types is left out: the free-form body sends those as JSON.
 */
export function seenFields(records: unknown[]): SeenField[] {
	const collected = new Map<string, { path: string[]; values: Scalar[]; complex: boolean }>();
	const containers = new Set<string>();
	// Nested objects are followed as deep as the picker's labels follow them (referenceLists.ts).
	const visit = ({ path, value, descends }: JsonField) => {
		const name = path.join('.');
		if (descends) {
			containers.add(name);
			return;
		}
		let entry = collected.get(name);
		if (!entry) {
			if (collected.size >= MAX_FIELDS) return;
			entry = { path, values: [], complex: false };
			collected.set(name, entry);
		}
		if (value === null || value === undefined) return;
		if (isScalar(value)) entry.values.push(value);
		else entry.complex = true;
	};
	for (const record of records) walkFields(record, MAX_LEAF_DEPTH, visit);
	const fields: SeenField[] = [];
	for (const [name, { path, values, complex }] of collected) {
		if (containers.has(name)) continue;
		const type = complex ? undefined : inferType(values);
		if (!type) continue;
		const clock = unixClock(type, values);
		fields.push({ name, path, type, values: [...new Set(values)], filled: values.length, ...(clock ? { clock } : {}) });
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
	return field.type === 'string' && !field.clock && field.values.length > 0 && field.values.length <= MAX_CHOICES && field.filled > field.values.length &&
		!field.values.some(isFreeText);
}

/**
 * Text people write rather than pick: a phrase (letters and a space, e.g. a note) or an email. Such values
 * never make a closed set, so a note repeated on a few bookings stays a text box, and no one's address
 * becomes an option n8n would save in the workflow.
 */
function isFreeText(value: string | number | boolean): boolean {
	const kind = textKind(value);
	return kind === 'phrase' || kind === 'email' || (typeof value === 'string' && value.length > 60);
}

/** What the values say of a field: whether the form opens with it, and why not when it does not. */
export interface Judgement {
	input: boolean;
	/** Why the workspace evidently sets it, in the label of a field that starts under "add field". */
	reason?: string;
	/** A moment that follows from another the user gives (an end): part of a booking's own span. */
	follows?: true;
}

const INPUT: Judgement = { input: true };

/** Two moments of one record this close are one write of the workspace (created and updated together). */
const SAME_WRITE_MS = 2000;

/** A field's value on each record (undefined where it is missing or null), by field name. */
function columnsOf(records: unknown[], fields: SeenField[]): Map<string, Array<Scalar | undefined>> {
	const rows = records.filter(isPlainObject);
	return new Map(
		fields.map((field) => [field.name, rows.map((row) => {
			const value = readSegments(row, field.path);
			return isScalar(value) ? value : undefined;
		})]),
	);
}

const filledIn = (column: Array<Scalar | undefined>) => column.filter((value) => value !== undefined && value !== '').length;

/**
 * Which of the fields seen are likely inputs of a booking, judged by the sampled values only (the API
 * document names no fields, so a name says nothing):
 *
 * - inputs: references to rooms, services or clients; a time span whose moments differ booking by booking;
 *   free text; anything the rules below do not claim (when in doubt a field stays in the form);
 * - set by the workspace, so the form keeps them one click away under "add field":
 *   - the same value on every booking seen (a currency, a type tag);
 *   - moments that track the record's writes: within two seconds of another moment of the same record
 *     (created and updated together), or always past while another moment of the bookings lies ahead;
 *   - a moment that follows from another and a room or service the user chooses (the end of a span whose
 *     length is fixed per service, and differs between services; followsFrom);
 *   - values empty until a later state: filled only on bookings where a few-valued field holds one value
 *     that most bookings lack (a cancel reason beside `cancelled`);
 *   - closed sets (a state) when creating: for a change, the state that later-state fields follow is the
 *     input (cancelling), and so is later-state text.
 */
export function judgeFields(records: unknown[], fields: SeenField[], lists: ReferenceList[], purpose: FormPurpose, nowMs = Date.now(), identityField = '', workspaceZone = 'UTC'): Map<string, Judgement> {
	const columns = columnsOf(records, fields);
	const identities = identityField ? records.filter(isPlainObject).map((row) => readPath(row, identityField)) : [];
	const references = fields.filter((field) => referencedList(field, lists));
	// What the user gives that can fix a span's length: the rooms and services they choose (never a client).
	const givenKeys = new Set(references.filter((field) => !referencedList(field, lists)?.people).map((field) => field.name));
	const rows = columns.values().next().value?.length ?? 0;
	const judged = new Map<string, Judgement>();
	const moments = new Map<string, Array<number | undefined>>();
	for (const field of fields) {
		if (field.type === 'dateTime' || field.clock) moments.set(field.name, (columns.get(field.name) ?? []).map((value) => readTimestamp(value, workspaceZone)?.epochMs));
	}
	const choices = fields.filter(looksLikeChoice);
	const laterState = new Map<string, { state: SeenField; value: string }>();
	for (const field of fields) {
		const column = columns.get(field.name) ?? [];
		const filled = filledIn(column);
		if (filled === 0 || filled === rows) continue;
		for (const state of choices) {
			if (state === field) continue;
			const governing = laterStateOf(column, columns.get(state.name) ?? []);
			if (governing !== undefined) {
				laterState.set(field.name, { state, value: governing });
				break;
			}
		}
	}
	const governingStates = new Set([...laterState.values()].map(({ state }) => state.name));
	const clocks = new Set([...moments.keys()].filter((name) => tracksWrites(name, moments, nowMs)));
	// A span's end follows from its start, never from when the record was written.
	const spanMoments = new Map([...moments].filter(([name]) => !clocks.has(name)));
	for (const field of fields) {
		const column = columns.get(field.name) ?? [];
		const later = laterState.get(field.name);
		const reference = referenceBeside(field, references);
		if (references.includes(field)) judged.set(field.name, INPUT);
		else if (reference) judged.set(field.name, { input: false, reason: `comes with ${reference.name}` });
		else if (holdsOwnIdentity(column, identities)) judged.set(field.name, { input: false, reason: 'holds each booking\'s own ID' });
		else if (rows >= 2 && filledIn(column) === 0) judged.set(field.name, { input: false, reason: 'empty on every booking seen' });
		else if (rows >= 2 && filledIn(column) === rows && field.values.length === 1) judged.set(field.name, { input: false, reason: 'the same on every booking seen' });
		else if (clocks.has(field.name)) judged.set(field.name, { input: false, reason: 'set by your workspace when a booking is written' });
		else if (spanMoments.has(field.name) && followsFrom(field.name, spanMoments, columns, givenKeys)) {
			judged.set(field.name, { input: false, reason: `follows from ${followsFrom(field.name, spanMoments, columns, givenKeys)}`, follows: true });
		} else if (later && !(purpose === 'change' && field.type === 'string' && !moments.has(field.name))) {
			judged.set(field.name, { input: false, reason: `empty until ${later.state.name} is ${later.value}` });
		} else if (looksLikeChoice(field) && !(purpose === 'change' && governingStates.has(field.name))) judged.set(field.name, { input: false });
		else judged.set(field.name, INPUT);
	}
	return judged;
}

/** The reference a field sits beside, inside the same small object (`room.name` beside `room.id`). */
function referenceBeside(field: SeenField, references: SeenField[]): SeenField | undefined {
	if (field.path.length < 2) return undefined;
	const parent = field.path.slice(0, -1).join('.');
	return references.find((reference) => reference.path.length === field.path.length && reference.path.slice(0, -1).join('.') === parent);
}

/**
 * Whether every filled value of a field holds its own record's identity: a link to the booking itself
 * (HAL `_links.self.href`, Salesforce `attributes.url`), derived by the workspace from the ID it assigns.
 */
function holdsOwnIdentity(column: Array<Scalar | undefined>, identities: unknown[]): boolean {
	const rows = column.flatMap((value, row) => (value === undefined || value === '' ? [] : [{ value: String(value), identity: identities[row] }]));
	return rows.length > 0 && rows.every(({ value, identity }) => (typeof identity === 'string' || typeof identity === 'number') &&
		String(identity).length >= 3 && value !== String(identity) && value.includes(String(identity)));
}

/**
 * The value of a few-valued field that a field's being filled follows: every booking where the field is
 * filled holds it, and at least half of the bookings holding it have the field filled, and it is a minority
 * value (a later state, not the usual one). Undefined when no such value exists.
 */
function laterStateOf(column: Array<Scalar | undefined>, states: Array<Scalar | undefined>): string | undefined {
	const holding = new Set<string>();
	for (let row = 0; row < column.length; row++) {
		if (column[row] === undefined || column[row] === '') continue;
		if (states[row] === undefined) return undefined;
		holding.add(String(states[row]));
	}
	if (holding.size !== 1) return undefined;
	const [value] = holding;
	const withValue = states.filter((state) => state !== undefined && String(state) === value).length;
	const filled = filledIn(column);
	return withValue * 2 < states.length && filled * 2 >= withValue ? value : undefined;
}

/** Whether a moment field tracks the record's writes (see judgeFields). */
function tracksWrites(name: string, moments: Map<string, Array<number | undefined>>, nowMs: number): boolean {
	const own = moments.get(name) ?? [];
	for (const [other, theirs] of moments) {
		if (other === name) continue;
		if (own.some((ms, row) => ms !== undefined && theirs[row] !== undefined && Math.abs(ms - (theirs[row] as number)) <= SAME_WRITE_MS)) return true;
	}
	const seen = own.filter((ms): ms is number => ms !== undefined);
	const ahead = [...moments].some(([other, theirs]) => other !== name && theirs.some((ms) => ms !== undefined && ms > nowMs));
	return seen.length > 0 && seen.every((ms) => ms <= nowMs) && ahead;
}

/**
 * The moment field and the reference that fix a moment: always after that moment, by a distance that is the same
 * for every booking sharing a room or service (a reference the user gives in the form), seen at least twice for
 * at least half the bookings, and differing between rooms or services — so the reference is what sets it (a
 * service's duration). Undefined when none does. Evidence, not correlation: a distance that is the same for every
 * booking (all an hour long) says nothing of who sets the end, and a field the user does not give (a price the
 * workspace computes from the length) never explains it.
 */
function followsFrom(name: string, moments: Map<string, Array<number | undefined>>, columns: Map<string, Array<Scalar | undefined>>, givenKeys: Set<string>): string | undefined {
	const own = moments.get(name) ?? [];
	for (const [other, theirs] of moments) {
		if (other === name) continue;
		const rows = own.flatMap((ms, row) => (ms !== undefined && theirs[row] !== undefined ? [{ row, distance: ms - (theirs[row] as number) }] : []));
		if (rows.length < 2 || rows.some(({ distance }) => distance <= 0)) continue;
		if (rows.every(({ distance }) => distance === rows[0].distance)) continue;
		for (const [key, values] of columns) {
			if (key === name || key === other || moments.has(key) || !givenKeys.has(key)) continue;
			const distanceBy = new Map<string, number[]>();
			for (const { row, distance } of rows) {
				if (values[row] === undefined) continue;
				const group = distanceBy.get(String(values[row])) ?? [];
				group.push(distance);
				distanceBy.set(String(values[row]), group);
			}
			const groups = [...distanceBy.values()];
			const repeated = groups.filter((group) => group.length >= 2).reduce((sum, group) => sum + group.length, 0);
			const consistent = groups.every((group) => group.every((distance) => distance === group[0]));
			if (consistent && repeated >= 2 && repeated * 2 >= rows.length && groups.length < rows.length) return `${other} and ${key}`;
		}
	}
	return undefined;
}

