/**
 * Response bodies: parsing what the API answered (JSON or not), locating the list in it, and turning
 * entries into n8n items.
 */
import type { IDataObject } from 'n8n-workflow';
import { IDENTITY_FIELD, KEYED_IDENTITY, LINK_RELATIONS, LIST_CONTAINERS, LIST_NAMES, RECORD_IDENTITY } from '../conventions';
import { isPlainObject, isScalar, keyWords, readPath, UNSAFE_KEYS } from './json';

/**
 * Nesting deeper than this is refused: n8n and JavaScript serialise items recursively, and a hostile
 * server's 100,000-level document would overflow the stack when the execution is saved.
 */
const MAX_JSON_DEPTH = 200;

export type ParsedBody = { ok: true; value: unknown } | { ok: false; problem: string; hint: string };

/** A short, single-line start of a body, for messages. */
function snippet(text: string): string {
	const line = text.replace(/\s+/g, ' ').trim();
	return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

function looksLikeHtml(text: string, contentType: string): boolean {
	return contentType.includes('html') || /^\s*<(!doctype|html|head|body)\b/i.test(text);
}

/**
 * Reads a response body the transport received as text. JSON (including a bare string, number or null)
 * is parsed; an empty body is `undefined`; anything else — a proxy's HTML page, plain text, broken JSON —
 * is a problem with a message that says what came instead, so a wrong Base URL never turns into items.
 * Bodies that a mocked helper already parsed pass through.
 */
export function parseBody(raw: unknown, contentType: string | undefined): ParsedBody {
	if (typeof raw !== 'string') return checkDepth(raw);
	if (raw.trim() === '') return { ok: true, value: undefined };
	const type = (contentType ?? '').toLowerCase();
	try {
		const parsed = checkDepth(JSON.parse(raw));
		if (parsed.ok) keepTextForServerOrder(parsed.value, raw);
		return parsed;
	} catch {
		if (looksLikeHtml(raw, type)) {
			return {
				ok: false,
				problem: 'The API answered with an HTML page instead of JSON',
				hint: `Usually the Base URL points at a website or a proxy, not at the workspace's API. The page starts: ${snippet(raw)}`,
			};
		}
		return {
			ok: false,
			problem: type.includes('json') ? 'The API answered with invalid JSON' : `The API answered with ${type || 'text'} instead of JSON`,
			hint: `The body starts: ${snippet(raw)}`,
		};
	}
}

/**
 * Refuses documents nested deeper than MAX_JSON_DEPTH, walking with an explicit stack (no recursion).
 * Two parallel stacks and plain loops allocate nothing per visited object: an export walks every entry of
 * every page, and allocating there made the walk cost a third as much as JSON.parse itself.
 */
function checkDepth(value: unknown): ParsedBody {
	if (value === null || typeof value !== 'object') return { ok: true, value };
	const pending: object[] = [value];
	const depths: number[] = [1];
	while (pending.length > 0) {
		const current = pending.pop() as Record<string, unknown> | unknown[];
		const depth = depths.pop() as number;
		if (depth > MAX_JSON_DEPTH) {
			return {
				ok: false,
				problem: `The API answered with JSON nested more than ${MAX_JSON_DEPTH} levels deep`,
				hint: 'n8n cannot store data nested that deeply. This is not a response the Partner API would send; check the Base URL.',
			};
		}
		if (Array.isArray(current)) {
			for (let index = 0; index < current.length; index++) {
				const child = current[index];
				if (child !== null && typeof child === 'object') {
					pending.push(child);
					depths.push(depth + 1);
				}
			}
			continue;
		}
		// for…in: parsed JSON objects have only own keys (a "__proto__" key is an own one), and V8 walks
		// same-shaped objects without allocating.
		for (const key in current) {
			const child = current[key];
			if (child !== null && typeof child === 'object') {
				pending.push(child);
				depths.push(depth + 1);
			}
		}
	}
	return { ok: true, value };
}

/** Where a list response keeps its entries: the body itself, or one property of it. */
export type ListLocation = { kind: 'body' } | { kind: 'property'; path: string } | { kind: 'none' };

function arrayKeys(object: Record<string, unknown>): string[] {
	return Object.keys(object).filter((key) => !UNSAFE_KEYS.has(key) && Array.isArray(object[key]));
}

/**
 * Finds the list in a response the API document does not describe: a JSON array is the list; an object
 * with exactly one array-valued property keeps the list there (an envelope such as `{ items: [...],
 * next: ... }`), or, with several, in the one of them that has a list's usual name (Laravel's paginator has
 * `data` beside a `links` array); an object without arrays may keep it one object down, in a container such
 * as `_embedded`. Both kinds of name come from the convention registry. Without any array, a list may be
 * written as an object keyed by id (`isKeyedList`): the body itself, or its one such property. Anything else
 * is a single record. `itemsPath` is the user's override for when that guess is wrong.
 */
export function locateList(body: unknown, itemsPath?: string): ListLocation {
	if (itemsPath) return { kind: 'property', path: itemsPath };
	if (Array.isArray(body)) return { kind: 'body' };
	if (!isPlainObject(body)) return { kind: 'none' };
	const arrays = arrayKeys(body);
	if (arrays.length === 1) return { kind: 'property', path: arrays[0] };
	const named = arrays.filter((key) => LIST_NAMES.has(key.toLowerCase()));
	if (named.length === 1) return { kind: 'property', path: named[0] };
	if (arrays.length > 0) return { kind: 'none' };
	// A container by its name, also behind a `$`, `@` or `_` (`$embedded`, `@response`).
	const nested = Object.keys(body)
		.filter((key) => LIST_CONTAINERS.has(key.toLowerCase().replace(/^[^a-z0-9]+/, '')) && isPlainObject(body[key]))
		.flatMap((key) => arrayKeys(body[key] as Record<string, unknown>).map((inner) => `${key}.${inner}`));
	if (nested.length === 1) return { kind: 'property', path: nested[0] };
	if (nested.length > 0) return { kind: 'none' };
	const keyed = locateKeyedList(body);
	if (keyed.kind !== 'none') return keyed;
	// By structure, whatever the containers are called (`{"result": {"rows": […]}}`, `{"response": {"embedded":
	// {"bookings": […]}}}`): the one array of records one or two objects down. Only a list's answer is read here.
	const deeper = arraysOfRecordsBelow(body, [], 2);
	return deeper.length === 1 ? { kind: 'property', path: deeper[0] } : { kind: 'none' };
}

/** Paths of the arrays of records in the objects below `object`, down to `depth` objects. */
function arraysOfRecordsBelow(object: Record<string, unknown>, prefix: string[], depth: number): string[] {
	if (depth === 0) return [];
	return ownKeys(object)
		.filter((key) => isPlainObject(object[key]))
		.flatMap((key) => {
			const inner = object[key] as Record<string, unknown>;
			const here = arrayKeys(inner).filter((name) => holdsRecords(inner[name]));
			return [...here.map((name) => [...prefix, key, name].join('.')), ...arraysOfRecordsBelow(inner, [...prefix, key], depth - 1)];
		});
}

/** Whether an array holds records (or nothing yet): a list's entries, not a record's tags. */
function holdsRecords(value: unknown): boolean {
	return Array.isArray(value) && value.every((entry) => isPlainObject(entry));
}

/** A list written as an object keyed by id: the body itself, or the one property (one down in a container) that is one. */
function locateKeyedList(body: Record<string, unknown>): ListLocation {
	if (isKeyedList(body)) return { kind: 'body' };
	const keyed = keyedListPaths(body);
	return keyed.length === 1 ? { kind: 'property', path: keyed[0] } : { kind: 'none' };
}

/**
 * The entries at a location; undefined when the body has no list there (e.g. a later page changed shape).
 * An object keyed by its entries' identities is read as its members in the server's order; at a named
 * property (detected on page 1, or the user's Items Field) any object of records is, and `{}` is an empty
 * list (PHP writes an empty keyed list as `[]` or `{}`).
 */
export function listAt(body: unknown, location: ListLocation): unknown[] | undefined {
	if (location.kind === 'body') {
		if (Array.isArray(body)) return body;
		return isPlainObject(body) && (isEmptyObject(body) || isKeyedList(body)) ? membersInServerOrder(body, body, []) : undefined;
	}
	if (location.kind === 'property') {
		const value = readPath(body, location.path);
		if (Array.isArray(value)) return value;
		if (!isPlainObject(value) || !(isEmptyObject(value) || ownKeys(value).every((key) => isPlainObject(value[key])))) return undefined;
		return membersInServerOrder(body, value, pathSegments(body, location.path));
	}
	return undefined;
}

// Lists keyed by id (`{"booking/index": {"1042": {…}, "1043": {…}}}`, PHP-built platforms such as Checkfront).

function ownKeys(object: Record<string, unknown>): string[] {
	return Object.keys(object).filter((key) => !UNSAFE_KEYS.has(key));
}

function isEmptyObject(object: Record<string, unknown>): boolean {
	return ownKeys(object).length === 0;
}

/** The identity-like field of `member` whose value is `key`, if any. */
function identityFieldNaming(member: Record<string, unknown>, key: string): string | undefined {
	for (const field of ownKeys(member)) {
		const value = member[field];
		if (KEYED_IDENTITY.test(field) && (typeof value === 'string' || typeof value === 'number') && String(value) === key) return field;
	}
	return undefined;
}

/** Whether every member holds a scalar under `field`. */
function allHold(members: Array<Record<string, unknown>>, field: string): boolean {
	return members.every((member) => {
		const value = member[field];
		return (typeof value === 'string' && value !== '') || typeof value === 'number';
	});
}

/** The link relations of the registry, in lower case: keys of a block of links. */
const LINK_RELATION_NAMES = new Set([LINK_RELATIONS.next, LINK_RELATIONS.last, ...LINK_RELATIONS.previous].map((name) => name.toLowerCase()));

/** The one field every member holds its own key in (`"MR-101": {"roomCode": "MR-101", …}`), whatever its name, if any. */
function fieldHoldingKeys(keys: string[], members: Array<Record<string, unknown>>): string | undefined {
	return ownKeys(members[0]).find((field) =>
		keys.every((key, index) => {
			const value = members[index][field];
			return (typeof value === 'string' || typeof value === 'number') && String(value) === key;
		}));
}

/**
 * Whether a key reads as a code or an id rather than a field name: letters with digits (`C1042`, `slot-0900`,
 * `r3`). Pure numbers are positions or ids, judged by their own rules; capitals alone are no code, since field
 * names are written so too (`NEXT`, `SELF`).
 */
function isCodeLikeKey(key: string): boolean {
	if (/^\d+$/.test(key) || key.length > 64 || /\s/.test(key)) return false;
	return /\d/.test(key) && /[A-Za-z]/.test(key);
}

/** Whether members share one shape: the keys all of them hold are at least half of the keys any of them holds. */
function shareOneShape(members: Array<Record<string, unknown>>): boolean {
	const sets = members.map((member) => new Set(ownKeys(member)));
	const union = new Set(sets.flatMap((set) => [...set]));
	const common = [...union].filter((key) => sets.every((set) => set.has(key)));
	return common.length > 0 && common.length * 2 >= union.size;
}

/**
 * Whether an object is a list keyed by its entries rather than one record: at least one member, every
 * member a plain-object record, and either
 * - keyed by identity: one identity-like field (`id`, `*_id`, `*Id`) of every member holds its own key
 *   (`"1042": {"booking_id": 1042, …}`), or
 * - keyed by a field of any name that every member holds its own key in (`"C-17": {"customerCode": "C-17"}`),
 *   with two members or more, or a key that reads as a code, or
 * - keyed by codes (`"MR-101"`, `"SLOT0900"`: every key letters with digits) with two members or more of one
 *   shape, or
 * - keyed by position (`"0"`, `"1"`, … in sequence) with members of one shape: the same key set, or one
 *   identity-like field that every member holds.
 * A record whose fields are objects (`{"customer": {…}, "room": {…}}`) has keys that are none of these.
 */
export function isKeyedList(object: Record<string, unknown>): boolean {
	const keys = ownKeys(object);
	if (keys.length === 0 || keys.length !== Object.keys(object).length) return false;
	const members: Array<Record<string, unknown>> = [];
	for (const key of keys) {
		const member = object[key];
		if (!isPlainObject(member)) return false;
		members.push(member);
	}
	const field = identityFieldNaming(members[0], keys[0]);
	if (field !== undefined && keys.every((key, index) => {
		const value = members[index][field];
		return (typeof value === 'string' || typeof value === 'number') && String(value) === key;
	})) {
		return true;
	}
	// Links keyed by their relation (`{"next": {"rel": "next", "href": …}, "self": {…}}`) are no list of entries.
	const linkBlock = keys.some((key) => LINK_RELATION_NAMES.has(key.toLowerCase()));
	if (!linkBlock && (keys.length > 1 || isCodeLikeKey(keys[0])) && fieldHoldingKeys(keys, members) !== undefined) return true;
	if (!linkBlock && keys.length > 1 && keys.every(isCodeLikeKey) && shareOneShape(members)) return true;
	// Integer-like keys come out of Object.keys ascending, so positions read "0", "1", … here.
	if (!keys.every((key, index) => key === String(index))) return false;
	const shape = ownKeys(members[0]).sort().join('\u0000');
	if (members.every((member) => ownKeys(member).sort().join('\u0000') === shape)) return true;
	return ownKeys(members[0]).some((candidate) => KEYED_IDENTITY.test(candidate) && allHold(members, candidate));
}

/** The properties of a body where a keyed list may sit: each top-level property, and each one down in a list container. */
function keyedListPaths(body: Record<string, unknown>): string[] {
	const paths: string[] = [];
	for (const key of ownKeys(body)) {
		const value = body[key];
		if (!isPlainObject(value)) continue;
		if (isKeyedList(value)) paths.push(key);
		else if (LIST_CONTAINERS.has(key.toLowerCase())) {
			for (const inner of ownKeys(value)) {
				const nested = value[inner];
				if (isPlainObject(nested) && isKeyedList(nested)) paths.push(`${key}.${inner}`);
			}
		}
	}
	return paths;
}

/** The path as readPath reads it: a key that holds dots is one segment when the body has it whole. */
function pathSegments(body: unknown, path: string): string[] {
	return isPlainObject(body) && Object.prototype.hasOwnProperty.call(body, path) ? [path] : path.split('.');
}

/**
 * A body's text, kept beside the parsed body when the text holds integer-like keys: JSON.parse orders those
 * ascending (`{"1043": …, "1042": …}` comes out 1042 first), so a newest-first journal keyed by numeric ids
 * would be read backwards. Only such bodies keep their text, and only as long as the body itself lives.
 */
const SERVER_TEXTS = new WeakMap<object, string>();
const INTEGER_KEY_IN_TEXT = /[{,]\s*"(?:0|[1-9]\d*)"\s*:/;

function keepTextForServerOrder(value: unknown, raw: string): void {
	if (isPlainObject(value) && INTEGER_KEY_IN_TEXT.test(raw)) SERVER_TEXTS.set(value, raw);
}

const INTEGER_LIKE = /^(?:0|[1-9]\d{0,9})$/;

/** The members of a keyed list, in the order the server wrote them where the body's text is known. */
function membersInServerOrder(root: unknown, object: Record<string, unknown>, path: string[]): unknown[] {
	const keys = ownKeys(object);
	const text = typeof root === 'object' && root !== null ? SERVER_TEXTS.get(root) : undefined;
	if (text !== undefined && keys.length > 1 && INTEGER_LIKE.test(keys[0])) {
		const written = memberKeysInText(text, path);
		const unique = written ? [...new Set(written)].filter((key) => !UNSAFE_KEYS.has(key)) : [];
		if (unique.length === keys.length && unique.every((key) => Object.prototype.hasOwnProperty.call(object, key))) return unique.map((key) => object[key]);
	}
	return keys.map((key) => object[key]);
}

/** The index of the quote that closes the JSON string opening at `start`, or -1. */
function stringEnd(text: string, start: number): number {
	for (let from = start + 1; ; ) {
		const quote = text.indexOf('"', from);
		if (quote < 0) return -1;
		let backslashes = 0;
		while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
		if (backslashes % 2 === 0) return quote;
		from = quote + 1;
	}
}

/**
 * The member keys of the object at `path`, in the order the JSON text writes them: one pass over the text
 * that reads strings and brackets only (no recursion, no values built), stopping at that object's end.
 * Undefined when the text has no object there.
 */
export function memberKeysInText(text: string, path: string[]): string[] | undefined {
	const frames: Array<{ object: boolean; onPath: boolean }> = [];
	let expectingKey = false;
	let lastKey = '';
	let keys: string[] | undefined;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (char === '"') {
			const end = stringEnd(text, i);
			if (end < 0) return undefined;
			if (expectingKey) {
				lastKey = JSON.parse(text.slice(i, end + 1)) as string;
				if (keys && frames.length === path.length + 1) keys.push(lastKey);
				expectingKey = false;
			}
			i = end;
		} else if (char === '{' || char === '[') {
			const depth = frames.length;
			const parent = frames[depth - 1];
			const onPath = depth === 0 || (parent.onPath && parent.object && depth <= path.length && lastKey === path[depth - 1]);
			frames.push({ object: char === '{', onPath });
			if (onPath && depth === path.length && char === '{') keys = [];
			expectingKey = char === '{';
		} else if (char === '}' || char === ']') {
			frames.pop();
			if (keys && frames.length === path.length) return keys;
			expectingKey = false;
		} else if (char === ',') {
			expectingKey = frames[frames.length - 1]?.object ?? false;
		}
	}
	return undefined;
}

/** One n8n item's JSON per entry; entries that are not objects are wrapped so no value is lost. */
export function toJsonItems(entries: unknown[]): IDataObject[] {
	const items: IDataObject[] = new Array(entries.length);
	for (let i = 0; i < entries.length; i++) items[i] = toJsonObject(entries[i]);
	return items;
}

/** A response body as one item: objects pass through untouched, empty bodies mean plain success. */
export function toJsonObject(body: unknown): IDataObject {
	if (isPlainObject(body)) return body as IDataObject;
	if (body === undefined || body === '') return { success: true };
	return { value: body as IDataObject[keyof IDataObject] };
}

// What a write answers. Most APIs answer a write with the record (or an envelope around it), kept as one item as it
// came. Some answer with an array of per-item results, one per item sent (`[{"success": true, "created": {…}}]`):
// those are read result by result, and a result's record is the item. Whether a result refused is errors.ts's to say
// (`refusalInWriteAnswer`), by the same words of keys.

/** The words of keys in a per-item result, in any case style (`isSuccess`, `validation_errors`, `resultStatus`). */
export const RESULT_WORDS = {
	/** A success flag (`success`, `ok`, `isSuccess`, `wasSuccessful`, `accepted`, `valid`): false declares a refusal. */
	success: new Set(['success', 'successful', 'succeeded', 'ok', 'accepted', 'valid']),
	/** The success words a record's own field never is: false refuses even beside a record's fields. */
	strictlySuccess: new Set(['success', 'successful', 'succeeded', 'ok']),
	/** What went wrong, when not empty (`errors`, `error`, `validationErrors`, `failures`). */
	failure: new Set(['error', 'errors', 'failure', 'failures', 'fault', 'faults', 'problem', 'problems', 'violation', 'violations']),
	/** A flag that is true on failure (`failed`, `hasErrors`, `isError`). */
	failedFlag: new Set(['error', 'errors', 'failure', 'failures', 'fault', 'faults', 'problem', 'problems', 'violation', 'violations', 'fail', 'failed', 'errored']),
	/** The last word of a key that says in a word how the request went (`status`, `resultStatus`, `state`, `outcome`). */
	status: new Set(['status', 'state', 'outcome', 'result']),
	/** The rest of a result's own vocabulary beside its record: its words, codes and position. */
	about: new Set(['message', 'messages', 'msg', 'reason', 'detail', 'details', 'description', 'code', 'index', 'warning', 'warnings', 'request']),
};
const ABOUT_RESULT = new Set([...RESULT_WORDS.success, ...RESULT_WORDS.failedFlag, ...RESULT_WORDS.status, ...RESULT_WORDS.about]);

/** The last word of a key that holds an identity (`id`, `bookingId`, `booking_uuid`). */
const IDENTITY_WORDS = new Set(['id', 'uuid', 'guid']);
/** Keys of one object looked at: a hostile answer may hold millions. */
const MAX_KEYS_READ = 100;

/** Whether a key holds an identity: `id` in any case, a key whose last word is one, or the registry's record identities. */
function isIdentityKey(key: string): boolean {
	const words = keyWords(key);
	return key.toLowerCase() === IDENTITY_FIELD || IDENTITY_WORDS.has(words[words.length - 1] ?? '') || KEYED_IDENTITY.test(key) || RECORD_IDENTITY.test(key);
}

function boundedKeys(object: Record<string, unknown>): string[] {
	return ownKeys(object).slice(0, MAX_KEYS_READ);
}

/** Whether an object has an identity of its own: a non-empty text or a number under an identity key. */
export function hasOwnIdentity(object: Record<string, unknown>): boolean {
	return boundedKeys(object).some((key) => {
		const value = object[key];
		return ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') && isIdentityKey(key);
	});
}

/**
 * Whether an object is a record itself (an identity and a value of its own), not a result about one: besides
 * identities and a result's words, a scalar field (`start`, `url`). Objects inside do not count: a result holds its
 * record as one (`{"success": true, "id": 7, "created": {…}}`).
 */
export function isRecordItself(object: Record<string, unknown>): boolean {
	if (!hasOwnIdentity(object)) return false;
	return boundedKeys(object).some((key) => {
		const value = object[key];
		if (!isScalar(value) || value === '' || isIdentityKey(key)) return false;
		return !keyWords(key).every((word) => ABOUT_RESULT.has(word));
	});
}

/** The record a per-item result holds: the result itself where it is one, else its one member that is a record, whatever its key. */
function recordOfResult(result: Record<string, unknown>): Record<string, unknown> {
	if (isRecordItself(result)) return result;
	const records = boundedKeys(result).filter((key) => isPlainObject(result[key]) && hasOwnIdentity(result[key] as Record<string, unknown>));
	return records.length === 1 ? (result[records[0]] as Record<string, unknown>) : result;
}

/**
 * A write's answer as items: an object (or nothing) as one item, untouched, as ever; an array of objects (per-item
 * results, or the records written) one item per entry, each result's record where it holds one. Refused results
 * never get here: the transport fails on them.
 */
export function writeAnswerItems(body: unknown): IDataObject[] {
	if (!Array.isArray(body) || body.length === 0 || !body.every(isPlainObject)) return [toJsonObject(body)];
	return body.map((result) => recordOfResult(result as Record<string, unknown>) as IDataObject);
}
