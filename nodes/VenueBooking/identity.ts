import { type INode, NodeOperationError } from 'n8n-workflow';
import { IDENTITY_FIELD, RECORD_IDENTITY } from './conventions';
import { isDateOrDateTimeText } from './timestamps';
import { canonicalJson, hashText, isPlainObject, isScalar, readPath } from './transport/json';

/** The content hash lives beside canonical JSON (the walk fingerprints pages with it too); named here as well. */
export { hashText };

/**
 * Identity, two ways. An entry's identity tells the trigger's journal entries apart (any entry has one,
 * by id, by a named field or by content hash). A record's identity is what the editor's pickers put in a
 * path (only an id or a named field: a hash is nothing the API would accept).
 */

/**
 * How the trigger tells journal entries apart. The API document shows no field of a delivery, so:
 * the entry's own `id` when every entry seen at the start has a scalar one (an id survives status
 * changes of an entry); else `id` written in another case (Mindbody's `Id`) when every entry has a scalar
 * one, stored as `field:<name>`; else a hash of the entry's canonical JSON; or a field the user names.
 * States stored before the `field:` mode read as before: `id` and `hash` keep their meaning.
 */
export type IdentityMode = 'id' | 'hash' | `field:${string}`;

const FIELD_MODE = 'field:';

/** Ids longer than this are hashed, so the remembered identities stay within the state's size bound. */
const MAX_IDENTITY_LENGTH = 64;

/** Whether a stored identity mode is one this node writes. */
export function isIdentityMode(value: unknown): value is IdentityMode {
	return value === 'id' || value === 'hash' || (typeof value === 'string' && value.startsWith(FIELD_MODE) && value.length > FIELD_MODE.length);
}

/** `id` when every entry has a scalar `id`; else `id` in another case on every entry; otherwise content hashes. Decided once and then kept. */
export function chooseIdentityMode(entries: unknown[]): IdentityMode {
	if (entries.length === 0 || !entries.every(isPlainObject)) return 'hash';
	if (entries.every((entry) => isScalar(readPath(entry, IDENTITY_FIELD)))) return 'id';
	const other = idInOtherCase(entries as Array<Record<string, unknown>>);
	return other !== undefined && entries.every((entry) => isScalar((entry as Record<string, unknown>)[other])) ? `${FIELD_MODE}${other}` : 'hash';
}

/** The one top-level field of the first record named `id` in another case (`Id`, `ID`), if any. */
function idInOtherCase(rows: Array<Record<string, unknown>>): string | undefined {
	return Object.keys(rows[0] ?? {}).find((name) => name !== IDENTITY_FIELD && name.toLowerCase() === IDENTITY_FIELD);
}

/** The identity of one entry: a short string, equal for the same entry across polls and restarts. */
export function entryIdentity(entry: unknown, mode: IdentityMode, fieldPath?: string): string {
	const modeField = mode === 'id' ? readPath(entry, IDENTITY_FIELD) : mode.startsWith(FIELD_MODE) && isPlainObject(entry) ? entry[mode.slice(FIELD_MODE.length)] : undefined;
	const field = fieldPath ? readPath(entry, fieldPath) : modeField;
	if (isScalar(field)) {
		const text = `${typeof field === 'string' ? 's' : 'n'}:${String(field)}`;
		return text.length <= MAX_IDENTITY_LENGTH ? text : `h:${hashText(text)}`;
	}
	return `h:${hashText(canonicalJson(entry))}`;
}

/** How records are told apart in the editor: the trigger's rule, `id` or a field the user names. */
export interface IdentityRule {
	/** A dot path into each record. */
	path: string;
	/** Whether the user named it (messages then point at their option). */
	named: boolean;
}

const DETECTED_ID = IDENTITY_FIELD;

/**
 * The identity rule for a sample of records, the same one the trigger uses: the user's Identity Field when
 * given; otherwise `id` when every record has a scalar one, or `id` in another case (`Id`). Records without either cannot be picked from a
 * list (a content hash is no identifier the API would accept in a path), which the error says.
 */
export function chooseRecordIdentity(node: INode, records: unknown[], identityField: string, what: string): IdentityRule {
	const named = identityField.trim();
	if (named !== '') return { path: named, named: true };
	const mode = records.length === 0 ? 'id' : chooseIdentityMode(records);
	if (mode === 'id') return { path: DETECTED_ID, named: false };
	if (mode.startsWith(FIELD_MODE)) return { path: mode.slice(FIELD_MODE.length), named: false };
	const underResourceName = identityUnderResourceName(records);
	if (underResourceName !== undefined) return { path: underResourceName, named: false };
	throw new NodeOperationError(node, `The ${what} records in your workspace have no "${DETECTED_ID}" field to pick them by`, {
		description: `Name the field that identifies a ${what} under Options > Identity Field, or use By ID.`,
	});
}

/**
 * For records without an `id`: their first field, when it is named as a record identity of its resource
 * (registry `recordIdentity`: `reservation_id`, `bookingNumber`) and holds a different short text or number on
 * every record. Only the first: references to other records are named alike (`room_id`) and, on a short page,
 * can differ on every record too, but the platforms that name identities so write the record's own first.
 */
function identityUnderResourceName(records: unknown[]): string | undefined {
	const rows = records.filter(isPlainObject);
	if (rows.length === 0 || rows.length !== records.length) return undefined;
	const first = Object.keys(rows[0])[0];
	if (first === undefined || !RECORD_IDENTITY.test(first)) return undefined;
	const values = rows.map((row) => row[first]);
	const distinct = values.every((value) => isShortText(value) || (typeof value === 'number' && Number.isFinite(value))) && new Set(values).size === values.length;
	return distinct ? first : undefined;
}

/**
 * For records without an `id`: the field that holds a different value on every record. First `id` in another
 * case (Mindbody's `Id`), a number or a short text; else the first top-level field holding a different short
 * text on every record, which is where such records keep their own identity under another name (`ref`, `key`,
 * `roomCode`), the first holding codes where there is one (`MR-101` before `Meeting room 101`; identities may
 * still hold spaces, as `cli_walk in` does) — never a date or time, which two records can share.
 * Undefined for fewer than two records or when no field qualifies; the user's Identity Field overrides it.
 * The trigger uses only its first rule (chooseIdentityMode): a journal entry's other short texts (an event
 * name, a status) can repeat on later entries, which would hide them.
 */
export function detectIdentityField(records: unknown[]): string | undefined {
	const rows = records.filter(isPlainObject);
	if (rows.length < 2 || rows.length !== records.length) return undefined;
	const differsOnEvery = (name: string, accept: (value: unknown) => boolean): boolean => {
		const values = rows.map((row) => row[name]);
		return values.every(accept) && new Set(values).size === values.length;
	};
	const other = idInOtherCase(rows);
	if (other !== undefined && differsOnEvery(other, (value) => isShortText(value) || (typeof value === 'number' && Number.isFinite(value)))) {
		return other;
	}
	const distinct = Object.keys(rows[0]).filter((name) => differsOnEvery(name, (value) => isShortText(value) && !isDateOrDateTimeText(value.trim())));
	// A code (`MR-101`) before a title (`Meeting room 101`): records filed under codes are referred to by them.
	return distinct.find((name) => rows.every((row) => CODE.test(String(row[name]).trim()))) ?? distinct[0];
}

/** A code: one word of letters with digits, hyphens or underscores (`MR-101`, `r1`, `cli_walk`); no title, name or email. */
const CODE = /^(?=[\w.:-]*[\d_-])[A-Za-z0-9][\w.:-]*$/;

function isShortText(value: unknown): value is string {
	return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_IDENTITY_LENGTH;
}

/** A record's identity as text, or undefined when the record lacks a scalar value at the rule's path. */
export function recordIdentity(record: unknown, rule: IdentityRule): string | undefined {
	if (!isPlainObject(record)) return undefined;
	const value = readPath(record, rule.path);
	if (isScalar(value)) return String(value);
	return undefined;
}
