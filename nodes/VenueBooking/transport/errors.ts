/**
 * Errors: HTTP answers turned into NodeApiErrors that say what happened and what to do (scope and task named
 * from the endpoint table, the server's own message found in every error-body shape of the survey), and
 * network failures with their hints.
 */
import { type INode, type JsonObject, NodeApiError } from 'n8n-workflow';
import { describeScopes, type Endpoint } from '../endpoints';
import { ERROR_BODY_KEYS, ERROR_FIELD_KEYS, FAILURE_CODES, FAILURE_ENVELOPE_EXTRAS, IDENTITY_FIELD, JSON_RPC, normalizeKey, STATUS_WORDS, SUCCESS_FLAGS } from '../conventions';
import { canonicalJson, cutText, isPlainObject, keyWords, readPath, UNSAFE_KEYS } from './json';
import { isRecordItself, RESULT_WORDS } from './response';

/** The longest piece of a response body an error description quotes; bodies can be megabytes of HTML. */
export const MAX_QUOTED_BODY = 2000;

export interface FailureContext {
	node: INode;
	endpoint: Endpoint;
	itemIndex?: number;
	/** How many requests were made before giving up (1 when nothing was retried). */
	attempts: number;
	/** Removes secrets (the API key) from any text that is about to leave the transport. */
	redact: (text: string) => string;
	/** The page of a list walk that failed, from 1. */
	page?: number;
}

// Where the survey (docs/API-CONVENTIONS.md, "Error-body shapes") found the server's own words in the error bodies
// of 30 public APIs and frameworks is the convention registry's ERROR_BODY_KEYS (messages, lists, field-keyed maps,
// nested errors, codes) and ERROR_FIELD_KEYS (where an error names its field). The API document shows no error
// shape, so all of them are looked for; they are the only key names the error reading knows.

/** The server's message as the error description quotes it: a few lines' worth, not a dump. */
const MAX_SERVER_MESSAGE = 400;
/** One message or field name of the body: a whole sentence or two, as long as the line may be. */
const MAX_PIECE = MAX_SERVER_MESSAGE;
/** Entries of a list, or keys of a map, looked at: a hostile body may hold millions. */
const MAX_ENTRIES = 20;
/**
 * Error objects nested in error objects (`error` → `details` → `fieldViolations`) that are followed.
 */
const MAX_DEPTH = 4;

/** What an error body says: messages about the request, messages about named fields, and bare codes. */
interface ServerWords {
	general: string[];
	/** Messages that came as one list about the request as a whole (Jira, Slack): shown together. */
	listed: string[];
	fields: Array<{ field: string; text: string }>;
	codes: string[];
}

/** A text of the body as a message quotes it: whitespace collapsed, at most MAX_PIECE characters. */
function piece(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.slice(0, MAX_PIECE * 2).replace(/\s+/g, ' ').trim();
	if (text === '') return undefined;
	return cutText(text, MAX_PIECE);
}

/**
 * The value of an error key: as written, else (for a key of one segment) under the same name in another case,
 * since servers capitalise their error keys as they please (Mindbody's `{"Error": {"Message"}}`).
 */
function errorValue(record: Record<string, unknown>, key: string): unknown {
	const value = readPath(record, key);
	if (value !== undefined || key.includes('.')) return value;
	const lower = key.toLowerCase();
	const other = Object.keys(record).find((name) => name.toLowerCase() === lower && !UNSAFE_KEYS.has(name));
	return other === undefined ? undefined : record[other];
}

function firstMessage(record: Record<string, unknown>): string | undefined {
	for (const key of ERROR_BODY_KEYS.message) {
		const text = piece(errorValue(record, key));
		if (text) return text;
	}
	return undefined;
}

/** The last segment of a JSON pointer (`/data/attributes/end` → `end`, `#/age` → `age`), unescaped. */
function pointerField(pointer: string): string | undefined {
	const last = pointer.split('/').pop() ?? '';
	return piece(last.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function fieldOf(record: Record<string, unknown>): string | undefined {
	for (const { key, form } of ERROR_FIELD_KEYS) {
		const value = errorValue(record, key);
		if (form === 'name' || form === 'pointer') {
			const text = piece(value);
			if (text) return form === 'pointer' || text.startsWith('/') ? pointerField(text) : text;
		} else if (Array.isArray(value)) {
			const names = value.slice(0, MAX_ENTRIES).map(piece).filter((name): name is string => name !== undefined);
			if (names.length > 0) return piece(names.join(form === 'names' ? ', ' : '.'));
		}
	}
	return undefined;
}

/** The own keys of a map that may be read as field names, at most MAX_ENTRIES. */
function fieldKeys(map: Record<string, unknown>): string[] {
	return Object.keys(map).filter((key) => !UNSAFE_KEYS.has(key)).slice(0, MAX_ENTRIES);
}

/** The messages a field-keyed map gives one field: a text, or a list of texts or of objects with a message (Zendesk). */
function fieldMessages(value: unknown): string[] {
	if (typeof value === 'string') return [piece(value)].filter((text): text is string => text !== undefined);
	if (!Array.isArray(value)) return [];
	return value
		.slice(0, MAX_ENTRIES)
		.map((entry) => (isPlainObject(entry) ? firstMessage(entry) : piece(entry)))
		.filter((text): text is string => text !== undefined);
}

/** A field-keyed map (Laravel, Jira, Shopify, GitLab, Zendesk, DRF): every key's messages, named. */
function readFieldMap(map: Record<string, unknown>, said: ServerWords): void {
	for (const key of fieldKeys(map)) {
		const messages = fieldMessages(map[key]);
		if (key === ERROR_BODY_KEYS.noField) said.general.push(...messages);
		else for (const text of messages) said.fields.push({ field: piece(key) ?? key, text });
	}
}

/** A list of error entries (JSON:API, GitHub, RFC 9457, Google, OData, Salesforce): each entry's message, with its field. */
function readEntries(entries: unknown[], said: ServerWords, depth: number): void {
	for (const entry of entries.slice(0, MAX_ENTRIES)) {
		if (!isPlainObject(entry)) {
			const text = piece(entry);
			if (text) said.general.push(text);
			continue;
		}
		readErrorObject(entry, said, depth + 1);
	}
}

/** One error object: its message (about its field, when it names one), its lists and maps, its nested error. */
function readErrorObject(record: Record<string, unknown>, said: ServerWords, depth: number): void {
	if (depth > MAX_DEPTH) return;
	const field = fieldOf(record);
	const message = firstMessage(record) ?? (field ? piece(errorValue(record, ERROR_BODY_KEYS.code)) : undefined);
	if (message && field) said.fields.push({ field, text: message });
	else if (message) said.general.push(message);
	// GitLab puts its field-keyed map where others put the message.
	const messageMap = errorValue(record, ERROR_BODY_KEYS.fieldMap);
	if (isPlainObject(messageMap)) readFieldMap(messageMap, said);
	for (const key of ERROR_BODY_KEYS.generalLists) {
		const list = errorValue(record, key);
		if (Array.isArray(list)) {
			said.general.push(...fieldMessages(list));
			said.listed.push(...fieldMessages(list));
		}
	}
	for (const key of ERROR_BODY_KEYS.fieldErrors) {
		const value = errorValue(record, key);
		if (Array.isArray(value)) readEntries(value, said, depth);
		else if (isPlainObject(value)) {
			// Strapi nests an error object (`details.errors`); everyone else keys the map by field.
			if (Array.isArray(readPath(value, ERROR_BODY_KEYS.nestedErrors))) readErrorObject(value, said, depth + 1);
			else readFieldMap(value, said);
		} else {
			const text = piece(value);
			if (text) said.general.push(text);
		}
	}
	const nested = errorValue(record, ERROR_BODY_KEYS.nested);
	if (isPlainObject(nested)) readErrorObject(nested, said, depth + 1);
	else {
		const code = piece(nested);
		if (code) said.codes.push(code);
	}
	// A block that says how the request went and holds its error (Rezdy's `requestStatus`).
	for (const key of ERROR_BODY_KEYS.envelopes) {
		const envelope = errorValue(record, key);
		if (isPlainObject(envelope)) readErrorObject(envelope, said, depth + 1);
	}
}

/** Whether a body is nothing but a DRF field-keyed map: every key holds a list of texts. */
function isBareFieldMap(record: Record<string, unknown>): boolean {
	const keys = fieldKeys(record);
	return keys.length > 0 && keys.every((key) => {
		const value = record[key];
		return Array.isArray(value) && value.length > 0 && value.slice(0, MAX_ENTRIES).every((entry) => typeof entry === 'string');
	});
}

/** Texts joined with "; " up to MAX_SERVER_MESSAGE characters, saying how many were left out. */
function joinBounded(texts: string[]): string {
	let joined = '';
	for (let i = 0; i < texts.length; i++) {
		const next = joined === '' ? texts[i] : `${joined}; ${texts[i]}`;
		if (next.length > MAX_SERVER_MESSAGE && joined !== '') return `${joined}; and ${texts.length - i} more`;
		joined = next;
	}
	return joined;
}

/** One short line from what the body said: the message, and every field's message with the field named. */
function compose(said: ServerWords): string | undefined {
	const named = [...new Set(said.fields.map(({ field, text }) => `${field}: ${text}`))];
	const headline = said.general[0] ?? (named.length === 0 ? said.codes[0] : undefined);
	let line: string | undefined;
	// Messages about the request as a whole may come as a list (Jira, Slack): all of them, bounded.
	if (named.length === 0) line = said.listed.length > 1 ? joinBounded([...new Set(said.listed)]) : headline;
	// Laravel's message repeats the first field's message ("… (and 1 more error)"): the fields say it all.
	else if (!headline || said.fields.some(({ text }) => headline.startsWith(text))) line = joinBounded(named);
	else line = `${headline} (${joinBounded(named)})`;
	if (line === undefined) return undefined;
	return line.length > MAX_SERVER_MESSAGE ? `${line.slice(0, MAX_SERVER_MESSAGE - 1)}…` : line;
}

/**
 * The server's own words in an error body, in every shape the survey found, as one short line: the
 * message, and where the body names fields, each field with its message ("end: This field is required.").
 * Undefined for text, for a list that is no Salesforce error list, and for bodies with none of the keys.
 * Bounded however hostile the body: few entries and levels are read, only own keys, never `__proto__`.
 */
function findServerMessage(body: unknown): string | undefined {
	const said = readServerWords(body);
	return said ? compose(said) : undefined;
}

/** Everything the body says, read in every shape of the survey; undefined for bodies that are no error shape. */
function readServerWords(body: unknown): ServerWords | undefined {
	const said: ServerWords = { general: [], listed: [], fields: [], codes: [] };
	if (Array.isArray(body)) {
		const entries = body.slice(0, MAX_ENTRIES);
		const isErrorList = entries.length > 0 && entries.every((entry) => isPlainObject(entry) && typeof readPath(entry, ERROR_BODY_KEYS.listMarker) === 'string');
		if (isErrorList) readEntries(entries, said, 0);
		return said;
	}
	if (!isPlainObject(body)) return undefined;
	readErrorObject(body, said, 0);
	if (said.general.length === 0 && said.fields.length === 0 && said.codes.length === 0 && isBareFieldMap(body)) readFieldMap(body, said);
	return said;
}

/**
 * The fields an error body names (each field error's field), for callers that can tell the user which of
 * their inputs a field is. A list of names (Salesforce `fields`) counts as each name.
 */
export function fieldsNamedIn(body: unknown): string[] {
	const said = readServerWords(body);
	if (!said) return [];
	return [...new Set(said.fields.flatMap(({ field }) => field.split(', ')))];
}

function quoteBody(body: unknown): string {
	if (body === undefined || body === null || body === '') return '(empty body)';
	if (typeof body !== 'string') {
		const text = canonicalJson(body, MAX_QUOTED_BODY);
		return cutText(text, MAX_QUOTED_BODY, { markAfter: true });
	}
	return cutText(body, MAX_QUOTED_BODY, { markAfter: true, sayLength: true });
}

/**
 * The advice of a 400 or a 422 where the transport cannot tell what the user set: the operation that sent the
 * request names the form's fields or its parameters instead where it knows (parameters/body.ts).
 */
export const CHECK_WHAT_WAS_SENT = ['check the query parameters and body you sent', 'check the body and query parameters'];

/**
 * The credential the node uses, by the name the user gave it ("Venue Booking account"), else by its type's: what
 * every message about a credential's field says, since a user may hold several of this type.
 */
export function credentialNamed(node: INode): string {
	const named = Object.values(node.credentials ?? {}).map((credential) => credential?.name).find((name) => typeof name === 'string' && name.trim() !== '');
	return named ? `the credential "${named}"` : 'the Venue Booking API credential';
}

/** What the status means for this endpoint, and what the user can do about it. */
function adviceFor(status: number, endpoint: Endpoint, attempts: number, page?: number, node?: INode): string {
	const tried = attempts > 1 ? ` after ${attempts} attempts` : '';
	// Page 1 answered, so the address is right: a later page's 404 or 400 is about the walk, not the Base URL.
	if (page !== undefined && page > 1 && [400, 404, 410, 422].includes(status)) {
		return `Page ${page} of ${endpoint.method} ${endpoint.path} was refused (${status}) although the page before it said more entries follow: the API may not accept the pagination parameter sent, or its list changed during the walk; check Options > Pagination`;
	}
	switch (status) {
		case 400:
			return `The API rejected the request as malformed (400): ${CHECK_WHAT_WAS_SENT[0]}`;
		case 401:
			return `The API key was refused (401): check the API Key of ${node ? credentialNamed(node) : 'the Venue Booking API credential'}`;
		case 403:
			return `The API key lacks the ${describeScopes(endpoint)} scope needed to ${endpoint.task} (403), or the workspace is not on the Platform (GROWTH+) plan`;
		case 404:
			return endpoint.path.includes('{id}')
				? `Nothing found at ${endpoint.method} ${endpoint.path} (404): check the ID, and that the credential's Base URL is your workspace's address`
				: `The API has no ${endpoint.method} ${endpoint.path} at this address (404): check the credential's Base URL (the workspace address, e.g. https://studio.example.com)`;
		case 405:
			return `The server does not allow ${endpoint.method} ${endpoint.path} (405): check the credential's Base URL`;
		case 409:
			return 'The request conflicts with the current state of the workspace (409), e.g. the slot is already taken';
		case 413:
			return 'The request body is too large for the API (413)';
		case 422:
			return `The API could not accept the values sent (422): ${CHECK_WHAT_WAS_SENT[1]}`;
		case 429:
			return `The API's rate limit was reached (429) and it still refused${tried}: lower the request rate or raise Max Retries / Max Wait in the options`;
		default:
			if (status >= 500) {
				return `The API failed with a server error (${status})${tried}: try again later`;
			}
			return `The API answered with HTTP status ${status}${tried}`;
	}
}

/**
 * A NodeApiError for an HTTP status the API answered with. The original response never travels along.
 * `note` adds what the transport knows beyond the status (e.g. that Retry-After asked for too long).
 */
export function httpStatusError(context: FailureContext, status: number, body: unknown, note?: string): NodeApiError {
	const advice = adviceFor(status, context.endpoint, context.attempts, context.page, context.node) + (note ? ` (${note})` : '');
	const serverMessage = findServerMessage(body);
	// The server's words once: the body is quoted only where it says more than they do.
	const quoted = serverMessage === undefined || bodySaysMore(body, serverMessage) ? `Response body: ${quoteBody(body)}` : undefined;
	const description = context.redact(
		[serverMessage ? `The server said: ${serverMessage}` : undefined, quoted]
			.filter(Boolean)
			.join('\n'),
	);
	const message = context.redact(advice);
	const error = new NodeApiError(context.node, { message, description, httpCode: String(status) } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex: context.itemIndex,
	});
	keepWhatTheServerNamed(error, context, body, serverMessage);
	return error;
}

/**
 * Whether a body says more than the server's words read from it: a text of words (a sentence, not a code such as
 * `parameter_unknown`) that the words do not hold. A body that is only its message, or its field messages, is
 * not quoted again beneath them.
 */
function bodySaysMore(body: unknown, serverMessage: string): boolean {
	if (typeof body === 'string') return !serverMessage.includes(body.trim());
	const said = serverMessage.toLowerCase();
	let more = false;
	walkTexts(body, 0, (text) => {
		if (/\s/.test(text.trim()) && !said.includes(text.trim().toLowerCase())) more = true;
	});
	return more;
}

/** Every text of a JSON value, nested ones too (bounded like the error reading). */
function walkTexts(value: unknown, depth: number, visit: (text: string) => void): void {
	if (typeof value === 'string') visit(value);
	else if (depth < MAX_DEPTH * 2 && Array.isArray(value)) for (const entry of value.slice(0, MAX_ENTRIES)) walkTexts(entry, depth + 1, visit);
	else if (depth < MAX_DEPTH * 2 && isPlainObject(value)) for (const entry of Object.values(value).slice(0, MAX_ENTRIES)) walkTexts(entry, depth + 1, visit);
}

/**
 * The operation that sent the fields can say which of the user's inputs they are (parameters/body.ts), and judge
 * by the server's words about each (`fieldMessages`) whether the field itself or its value was refused.
 */
function keepWhatTheServerNamed(error: NodeApiError, context: FailureContext, body: unknown, serverMessage: string | undefined, words?: ServerWords): void {
	const said = words ?? readServerWords(body);
	const named = said ? [...new Set(said.fields.flatMap(({ field }) => field.split(', ')))] : [];
	if (named.length > 0) error.context.namedFields = named;
	if (said && said.fields.length > 0) {
		error.context.fieldMessages = said.fields.flatMap(({ field, text }) => field.split(', ').map((one) => ({ field: one, text: context.redact(text) })));
	}
	if (serverMessage) error.context.serverMessage = context.redact(serverMessage);
}

/** A NodeApiError for a request that got no HTTP answer (refused, reset, timed out, redirected away). */
export function transportError(context: FailureContext, what: string, hint: string): NodeApiError {
	const tried = context.attempts > 1 ? ` after ${context.attempts} attempts` : '';
	const message = context.redact(`${what}${tried}`);
	const description = context.redact(hint);
	return new NodeApiError(context.node, { message, description } as JsonObject, {
		message,
		description,
		itemIndex: context.itemIndex,
	});
}

export { findServerMessage };

// Some APIs answer a failed call with a 2xx status and say so only in the body, with an explicit false flag of the
// registry's SUCCESS_FLAGS (docs/API-CONVENTIONS.md): Slack's `{"ok": false, "error": "invalid_cursor"}`, Pipedrive's
// `{"success": false, "error": "…", "data": null}`. Read as data, such a body would be an empty list or a finished walk.
// The registry's names are the fast path; keys are also read by their words in any case style and with any prefix
// (`isSuccess`, `$OK`, `error_message`), since the API this package serves names none of them.

/**
 * What such an envelope carries beside its flag and message: Slack's `warning`, `needed`, `provided`,
 * `response_metadata`; Pipedrive's `error_info`, `errorCode` (and `data: null`). Any other key with a value
 * makes the body data: a record with a false `ok` field of its own (a delivery that failed) is no failure.
 */
const FAILURE_ENVELOPE_KEYS = new Set<string>([
	...SUCCESS_FLAGS,
	...ERROR_BODY_KEYS.message,
	...ERROR_BODY_KEYS.generalLists.map((path) => path.split('.')[0]),
	...ERROR_BODY_KEYS.fieldErrors,
	ERROR_BODY_KEYS.nested,
	ERROR_BODY_KEYS.code,
	ERROR_BODY_KEYS.listMarker,
	...FAILURE_ENVELOPE_EXTRAS,
]);

/**
 * Words a key of a failure envelope is made of, whatever the spelling (`errorMessage`, `error_info`, `isSuccess`,
 * `validationErrors`, `resultCode`): the flag, the words, codes and details of a failure, and the little words
 * flags are written with. A key with any other word (`id`, `url`, `data`, `bookings`) is substance.
 */
const ENVELOPE_WORDS = new Set([
	...RESULT_WORDS.success, ...RESULT_WORDS.failedFlag, ...RESULT_WORDS.about,
	'is', 'was', 'has', 'status', 'info', 'validation', 'text', 'title', 'fields', 'field', 'param', 'params', 'parameter', 'hint', 'help',
]);

/** Whether a key is one of these names as written, or the same name in another case or with separators or a prefix. */
function namedAs(key: string, names: ReadonlySet<string>, normalized: ReadonlySet<string>): boolean {
	return names.has(key) || normalized.has(normalizeKey(key));
}

const normalizedSet = (names: Iterable<string>) => new Set([...names].map(normalizeKey));
const SUCCESS_FLAG_NAMES = new Set(SUCCESS_FLAGS);
const SUCCESS_FLAGS_NORMALIZED = normalizedSet(SUCCESS_FLAGS);
const FAILURE_ENVELOPE_NORMALIZED = normalizedSet(FAILURE_ENVELOPE_KEYS);
const FAILURE_CODE_NAMES = new Set(FAILURE_CODES);
const FAILURE_CODES_NORMALIZED = normalizedSet(FAILURE_CODES);

/** Whether a key is a success flag: a registry name in any spelling, or a key whose words say success (`isSuccess`, `wasSuccessful`). */
function isSuccessFlagKey(key: string): boolean {
	if (namedAs(key, SUCCESS_FLAG_NAMES, SUCCESS_FLAGS_NORMALIZED)) return true;
	const words = keyWords(key);
	return words.some((word) => RESULT_WORDS.success.has(word)) && !words.some((word) => RESULT_WORDS.failedFlag.has(word)) && words.every((word) => ENVELOPE_WORDS.has(word));
}

/** Whether some success flag of the body is exactly this value. */
function flagSays(body: Record<string, unknown>, value: boolean): boolean {
	return Object.keys(body).some((key) => !UNSAFE_KEYS.has(key) && body[key] === value && isSuccessFlagKey(key));
}

/** Whether a key belongs to a failure envelope: a registry name in any spelling, or a key made of envelope words only. */
function isEnvelopeKey(key: string, names: ReadonlySet<string>, normalized: ReadonlySet<string>): boolean {
	if (namedAs(key, names, normalized)) return true;
	const words = keyWords(key);
	return words.length > 0 && words.every((word) => ENVELOPE_WORDS.has(word));
}

/** Whether the body holds something of substance besides an envelope's keys: then it is data. */
function holdsSubstance(body: Record<string, unknown>, names: ReadonlySet<string>, normalized: ReadonlySet<string>, also: (key: string) => boolean = () => false): boolean {
	return Object.keys(body).some((key) => !isEnvelopeKey(key, names, normalized) && !also(key) && !isEmptyValue(body[key]));
}

function isEmptyValue(value: unknown): boolean {
	if (value === null || value === undefined || value === '') return true;
	if (Array.isArray(value)) return value.length === 0;
	return isPlainObject(value) && Object.keys(value).length === 0;
}

/** The server's words in a body that declares a failure: in the survey's shapes, else by the words of its keys. */
function declaredWords(body: Record<string, unknown>): string | undefined {
	return findServerMessage(body) ?? compose(wordsByStructure(body));
}

/**
 * The server's words when a 2xx body declares a failure: a success flag (`ok`, `success`, in any spelling, or a key
 * whose words say success) that is exactly `false`, or a failure code that is a number other than 0 (Planyo's
 * `response_code`), with the server's words and nothing else of substance beside them; a JSON-RPC error without a
 * result; or a failure status word beside an error (`failureStatedInBody`). Undefined otherwise: a missing flag, a
 * true one, a code of 0, or a flag without words is an answer like any other.
 */
export function failureDeclaredInBody(body: unknown): string | undefined {
	if (!isPlainObject(body)) return undefined;
	if (isJsonRpcError(body)) return findServerMessage(body);
	const code = Object.keys(body).find((key) => namedAs(key, FAILURE_CODE_NAMES, FAILURE_CODES_NORMALIZED));
	if (code !== undefined && typeof body[code] === 'number' && body[code] !== 0) {
		if (holdsSubstance(body, FAILURE_ENVELOPE_KEYS, FAILURE_ENVELOPE_NORMALIZED, (key) => key === code)) return undefined;
		return declaredWords(body);
	}
	if (!flagSays(body, false)) return failureStatedInBody(body);
	if (holdsSubstance(body, FAILURE_ENVELOPE_KEYS, FAILURE_ENVELOPE_NORMALIZED)) return undefined;
	return declaredWords(body);
}

/** The value under a registry name, as written or in another spelling. */
function valueNamed(body: Record<string, unknown>, name: string): unknown {
	if (Object.prototype.hasOwnProperty.call(body, name)) return body[name];
	const wanted = normalizeKey(name);
	const key = Object.keys(body).find((candidate) => !UNSAFE_KEYS.has(candidate) && normalizeKey(candidate) === wanted);
	return key === undefined ? undefined : body[key];
}

/**
 * A JSON-RPC 2.0 answer that failed (SimplyBook.me answers so with 200): the version member, an error object and
 * no result. The specification allows exactly one of result and error, so an answer with a result is data.
 */
function isJsonRpcError(body: Record<string, unknown>): boolean {
	return typeof valueNamed(body, JSON_RPC.version) === 'string' && isPlainObject(valueNamed(body, ERROR_BODY_KEYS.nested)) && valueNamed(body, JSON_RPC.result) === undefined;
}

/** What a status envelope holds beside its words, besides a failure envelope's keys. */
const STATUS_ENVELOPE_KEYS = new Set<string>([...FAILURE_ENVELOPE_KEYS, ...STATUS_WORDS.envelope]);
const STATUS_ENVELOPE_NORMALIZED = normalizedSet(STATUS_ENVELOPE_KEYS);
const STATUS_BLOCKS_NORMALIZED = normalizedSet(STATUS_WORDS.blocks);
const COMPANIONS_NORMALIZED = normalizedSet(STATUS_WORDS.companions);

/** Whether a key is a status field: the registry's, in any spelling (`Status`, `$status`), or one whose last word is it (`resultStatus`). */
function isStatusKey(key: string): boolean {
	if (normalizeKey(key) === normalizeKey(STATUS_WORDS.field)) return true;
	const words = keyWords(key);
	return words[words.length - 1] === STATUS_WORDS.field && words.every((word) => ENVELOPE_WORDS.has(word) || RESULT_WORDS.status.has(word));
}

/** The status word of an object's status field (any spelling), when it is one of the registry's failure words, whole or as one of its words. */
function failureStatusOf(holder: Record<string, unknown>): string | undefined {
	for (const key of Object.keys(holder)) {
		const value = holder[key];
		if (UNSAFE_KEYS.has(key) || typeof value !== 'string' || !isStatusKey(key)) continue;
		const word = value.trim();
		if (STATUS_WORDS.failures.has(word.toLowerCase()) || keyWords(word).some((part) => STATUS_WORDS.failures.has(part))) return word;
	}
	return undefined;
}

/** Whether a key names a block that describes the answer (`request`, `meta`, `response`), in any spelling. */
function isStatusBlock(key: string): boolean {
	return STATUS_WORDS.blocks.has(key.toLowerCase()) || STATUS_BLOCKS_NORMALIZED.has(normalizeKey(key));
}

/** Whether the body holds entries: a non-empty array, or a non-empty object of records, at its top level. */
function holdsEntries(body: Record<string, unknown>): boolean {
	return Object.keys(body).some((key) => {
		const value = body[key];
		if (Array.isArray(value)) return value.length > 0;
		if (!isPlainObject(value) || isStatusBlock(key)) return false;
		const members = Object.keys(value);
		return members.length > 0 && members.every((member) => isPlainObject(value[member]));
	});
}

/**
 * A refusal stated by a status word instead of a false flag, with the server's words. The two forms, and
 * how each is told from data:
 * - the body itself is the envelope (JSend `{"status":"fail","data":{…}}` / `{"status":"error","message":…}`,
 *   Cal.com `{"status":"error","error":{…}}`): its `status` is a failure word, it has an error, message or
 *   data beside it, and nothing else of substance (no key outside the envelope's vocabulary, so no `id`,
 *   `url` or `attempts`): a delivery record `{"id":…, "status":"failed", "error":"timeout"}` is data;
 * - a block describing the answer, one object down under `request`, `meta` or `response` (Checkfront
 *   `{"request":{"status":"ERROR","error":{…}}}`), holds the failure word and the error beside it, while the
 *   body holds no entries (no non-empty array or object of records beside the block) and no `id` of its own:
 *   a list page stays a list page, and a record with a `request` field of its own stays a record.
 */
function failureStatedInBody(body: Record<string, unknown>): string | undefined {
	// A success flag that says true is the answer's own word: a status beside it is not read against it.
	if (flagSays(body, true)) return undefined;
	if (failureStatusOf(body) !== undefined) {
		if (holdsSubstance(body, STATUS_ENVELOPE_KEYS, STATUS_ENVELOPE_NORMALIZED, isStatusKey)) return undefined;
		return wordsBesideStatus(body);
	}
	if (holdsEntries(body) || Object.keys(body).some((key) => key.toLowerCase() === IDENTITY_FIELD)) return undefined;
	const block = declaringBlock(body);
	return block ? wordsBesideStatus(block) : undefined;
}

/** The block (`request`, `meta`, `response`) of a body whose status word declares a failure, if any. */
function declaringBlock(body: Record<string, unknown>): Record<string, unknown> | undefined {
	for (const key of Object.keys(body)) {
		const block = body[key];
		if (isStatusBlock(key) && isPlainObject(block) && failureStatusOf(block) !== undefined) return block;
	}
	return undefined;
}

/** Whether a key holds what the server says beside a status word: a companion of the registry in any spelling, or an error or message by its words. */
function isCompanionKey(key: string): boolean {
	if (COMPANIONS_NORMALIZED.has(normalizeKey(key))) return true;
	return keyWords(key).some((word) => RESULT_WORDS.failure.has(word) || word === 'message' || word === 'messages');
}

/** The server's words beside a failure status word; undefined when nothing beside it says anything. */
function wordsBesideStatus(holder: Record<string, unknown>): string | undefined {
	const beside = Object.keys(holder).filter((key) => !UNSAFE_KEYS.has(key) && isCompanionKey(key) && !isEmptyValue(holder[key]));
	if (beside.length === 0) return undefined;
	const said = findServerMessage(holder);
	if (said) return said;
	// JSend's `fail` puts the field messages in `data`, keyed by field; an error object may carry only its `id`.
	const data = holder[STATUS_WORDS.fieldMessages];
	const fromData = isPlainObject(data) ? findServerMessage({ errors: data }) : undefined;
	if (fromData) return fromData;
	const error = holder[ERROR_BODY_KEYS.nested];
	const errorId = isPlainObject(error) ? piece(error[IDENTITY_FIELD]) ?? piece(error[ERROR_BODY_KEYS.code]) : undefined;
	return errorId ?? compose(wordsByStructure(holder)) ?? `status ${String(failureStatusOf(holder))}`;
}

/** A failure the API declared in a 2xx body; also what a resumed or guessed page refused this way is. */
export class DeclaredFailure extends NodeApiError {}

/** Statuses by which an API refuses the values a request sent (malformed, conflicting, unprocessable). */
const VALUE_REFUSALS = new Set(['400', '409', '422']);

/**
 * Whether the API refused the values sent, by status or declared in a success body (Slack's `{"ok": false}`):
 * the errors whose messages are about the user's inputs, which a write can explain in the user's words.
 */
export function refusedTheValues(error: unknown): error is NodeApiError {
	return error instanceof DeclaredFailure || (error instanceof NodeApiError && VALUE_REFUSALS.has(String(error.httpCode)));
}

/** The error for a 2xx answer whose body declares a failure (`failureDeclaredInBody`), with the server's words. */
export function declaredFailureError(context: FailureContext, status: number, body: unknown, serverMessage: string): NodeApiError {
	const { method, path } = context.endpoint;
	const where =
		context.page !== undefined && context.page > 1
			? `Page ${context.page} of ${method} ${path} was refused although the page before it said more entries follow: the API may not accept the pagination parameter sent; check Options > Pagination`
			: 'The answer came with a success status, but its body says the request failed: check the query parameters and body you sent';
	const message = context.redact(`The API refused ${method} ${path}: ${serverMessage}`);
	// Checkfront keeps its words one object down, in the block whose status declared the failure.
	const holder = (isPlainObject(body) && failureStatusOf(body) === undefined ? declaringBlock(body) : undefined) ?? body;
	const said = findServerMessage(holder) ?? serverMessage;
	const description = context.redact([`${where}.`, said ? `The server said: ${said}` : undefined, `Response body (HTTP ${status}): ${quoteBody(body)}`].filter(Boolean).join('\n'));
	const error = new DeclaredFailure(context.node, { message, description, httpCode: String(status) } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex: context.itemIndex,
	});
	keepWhatTheServerNamed(error, context, holder, said);
	return error;
}

// Writes answered with per-item results. An API that takes a batch may answer even a single write with an array of
// results, one per item (`[{"success": false, "errors": [{"field": "roomId", "message": "…"}]}]`), or with such results
// one wrapper down (`{"results": […]}`), whatever its 2xx status. No table names those keys, so a result is read by the
// words of its keys in any case style: a success flag that says false, a failure flag, a status that says failed,
// an error member with something in it.

const { success: SUCCESS_KEY_WORDS, failure: FAILURE_KEY_WORDS, failedFlag: FAILED_FLAG_WORDS, status: STATUS_KEY_WORDS } = RESULT_WORDS;
/** Results and wrapper members looked at: a hostile answer may hold millions. */
const MAX_RESULTS = 100;

/** Whether a status value says failed: a failure word of the registry, whole or as one of its words (`FAILED_VALIDATION`). */
function statusSaysFailed(value: unknown): boolean {
	if (typeof value !== 'string') return false;
	const word = value.trim().toLowerCase();
	return STATUS_WORDS.failures.has(word) || keyWords(value).some((part) => STATUS_WORDS.failures.has(part));
}

/**
 * Whether one result declares a refusal: as a whole body would (`failureDeclaredInBody`), or by a success flag that
 * says false, or, where it is no record itself, by a failure flag, a failure status or an error member with
 * something in it. A record's own `status: "failed"` or `error` field (a delivery that failed) is its data.
 */
function resultRefused(result: Record<string, unknown>): boolean {
	if (failureDeclaredInBody(result) !== undefined) return true;
	let weak = false;
	for (const key of Object.keys(result).slice(0, MAX_RESULTS)) {
		if (UNSAFE_KEYS.has(key)) continue;
		const words = keyWords(key);
		const value = result[key];
		const says = (set: Set<string>) => words.some((word) => set.has(word));
		const falseFlag = (value === false || value === 'false') && says(SUCCESS_KEY_WORDS) && !says(FAILED_FLAG_WORDS);
		// `success: false` refuses whatever sits beside it; `valid` or `accepted` may be a record's own field.
		if (falseFlag && says(RESULT_WORDS.strictlySuccess)) return true;
		if (falseFlag) weak = true;
		else if (value === true && says(FAILED_FLAG_WORDS) && !says(SUCCESS_KEY_WORDS)) weak = true;
		else if (STATUS_KEY_WORDS.has(words[words.length - 1] ?? '') && statusSaysFailed(value)) weak = true;
		else if (says(FAILURE_KEY_WORDS) && typeof value !== 'boolean' && typeof value !== 'number' && !isEmptyValue(value)) weak = true;
	}
	return weak && !isRecordItself(result);
}

/** A refused result of a write's answer: the result, and where it sat among how many. */
export interface RefusedResult {
	result: Record<string, unknown>;
	/** Position among the results of its array (from 1), and how many there were; absent for a lone result. */
	position?: number;
	of?: number;
	/** Every refused result found (bounded). */
	refused: number;
}

/**
 * The first refused result in a write's answer, looking inside arrays and one level of wrappers (an object with no
 * identity of its own: `{"results": […]}`, `{"result": {"success": false, …}}`), whatever the 2xx status. A record
 * (`{"id": …, "room": {…}}`) is not looked into: what it holds is its data. Undefined when nothing is refused.
 */
export function refusalInWriteAnswer(body: unknown): RefusedResult | undefined {
	const found: RefusedResult[] = [];
	const visit = (value: unknown, wrappers: number, position?: number, of?: number): void => {
		if (found.length >= MAX_RESULTS) return;
		if (Array.isArray(value)) {
			const results = value.slice(0, MAX_RESULTS);
			results.forEach((result, index) => visit(result, wrappers, index + 1, value.length));
			return;
		}
		if (!isPlainObject(value)) return;
		if (resultRefused(value)) {
			found.push({ result: value, position, of, refused: 0 });
			return;
		}
		if (wrappers === 0 || isRecordItself(value)) return;
		for (const key of Object.keys(value).slice(0, MAX_RESULTS)) {
			const member = value[key];
			if (!UNSAFE_KEYS.has(key) && (Array.isArray(member) || isPlainObject(member))) visit(member, wrappers - 1);
		}
	};
	visit(body, 1);
	return found.length === 0 ? undefined : { ...found[0], refused: found.length };
}

/** Words of a key that name an error's field, and that hold its words, in an error entry no table describes. */
const FIELD_NAME_WORDS = new Set(['field', 'fields', 'param', 'parameter', 'property', 'attribute', 'pointer', 'path', 'target', 'key']);
const MESSAGE_WORDS = new Set(['message', 'msg', 'reason', 'description', 'detail', 'text', 'title', 'error']);

/** The first text under a key with one of these words. */
function textUnder(entry: Record<string, unknown>, words: Set<string>): string | undefined {
	for (const key of Object.keys(entry).slice(0, MAX_ENTRIES)) {
		if (!UNSAFE_KEYS.has(key) && keyWords(key).some((word) => words.has(word))) {
			const text = piece(entry[key]);
			if (text) return text;
		}
	}
	return undefined;
}

/**
 * A refused result's words where no key of the survey holds them (`{"isSuccess": false, "validationErrors":
 * [{"fieldName": "roomId", "reason": "…"}]}`): each error member's texts, entries with the field they name.
 */
function wordsByStructure(result: Record<string, unknown>): ServerWords {
	const said: ServerWords = { general: [], listed: [], fields: [], codes: [] };
	const readEntry = (entry: unknown, fieldFromKey?: string): void => {
		if (isPlainObject(entry)) {
			const field = textUnder(entry, FIELD_NAME_WORDS) ?? fieldFromKey;
			const text = textUnder(entry, MESSAGE_WORDS);
			if (text && field) said.fields.push({ field, text });
			else if (text) said.general.push(text);
			return;
		}
		const text = piece(entry);
		if (text && fieldFromKey) said.fields.push({ field: fieldFromKey, text });
		else if (text) said.general.push(text);
	};
	for (const key of Object.keys(result).slice(0, MAX_ENTRIES)) {
		if (UNSAFE_KEYS.has(key)) continue;
		const words = keyWords(key);
		const value = result[key];
		// Errors or messages: a text, a list of texts or of entries that may name their fields, or a map keyed by field.
		if (!words.some((word) => FAILURE_KEY_WORDS.has(word) || MESSAGE_WORDS.has(word) || word === 'messages')) continue;
		if (Array.isArray(value)) value.slice(0, MAX_ENTRIES).forEach((entry) => readEntry(entry));
		else if (isPlainObject(value) && textUnder(value, MESSAGE_WORDS) === undefined) {
			// `{"roomId": "is taken"}` or `{"roomId": ["is taken"]}`.
			for (const field of fieldKeys(value)) [value[field]].flat().slice(0, MAX_ENTRIES).forEach((entry) => readEntry(entry, piece(field)));
		} else readEntry(value);
	}
	return said;
}

/** What a refused result says: in the survey's error shapes, else by the words of its keys. */
function refusedResultWords(result: Record<string, unknown>): ServerWords {
	const said = readServerWords(result);
	if (said && (said.general.length > 0 || said.fields.length > 0 || said.codes.length > 0)) return said;
	return wordsByStructure(result);
}

/** The error for a write whose answer holds a refused result (`refusalInWriteAnswer`): the server's words, its field named. */
export function refusedResultError(context: FailureContext, status: number, body: unknown, refused: RefusedResult): NodeApiError {
	const { method, path } = context.endpoint;
	const said = refusedResultWords(refused.result);
	const words = compose(said) ?? `a result says the write failed: ${cutText(canonicalJson(refused.result, MAX_PIECE), MAX_PIECE)}`;
	const where = refused.of !== undefined && refused.of > 1 ? ` (${refused.refused} of ${refused.of} results refused; the first is result ${refused.position})` : '';
	const message = context.redact(`The API refused ${method} ${path}: ${words}`);
	const description = context.redact(
		[
			`The answer came with a success status, but it holds a result that says the write failed${where}: nothing is reported as done. Check the body you sent.`,
			`The server said: ${words}`,
			`Response body (HTTP ${status}): ${quoteBody(body)}`,
		].join('\n'),
	);
	const error = new DeclaredFailure(context.node, { message, description, httpCode: String(status) } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex: context.itemIndex,
	});
	keepWhatTheServerNamed(error, context, refused.result, words, said);
	return error;
}

/**
 * Whether an error answers a stored page request the API no longer serves (an expired cursor, a page past
 * a shortened list): 400, 404, 410 or 422, or a failure declared in a 2xx body (Slack's `invalid_cursor`). A walk resumed from such a page can start over from page 1;
 * anything else (the key refused, rate limits, outages) is a real failure.
 */
export function isStalePageRefusal(error: unknown): boolean {
	if (error instanceof DeclaredFailure) return true;
	return error instanceof NodeApiError && [400, 404, 410, 422].includes(Number(error.httpCode));
}

/**
 * What the transport keeps of a request that got no HTTP answer (refused, reset, timed out): a system
 * error code for the retry rules, and texts without the request's configuration, so no header (and no
 * key) travels further.
 */
export class NetworkFailure extends Error {
	constructor(
		readonly code: string,
		readonly summary: string,
		readonly detail: string,
	) {
		super(summary);
	}

	static from(error: unknown, redact: (text: string) => string): NetworkFailure {
		const record = (error ?? {}) as {
			code?: unknown;
			httpCode?: unknown;
			message?: unknown;
			messages?: unknown;
			cause?: { code?: unknown; message?: unknown };
		};
		// n8n-core wraps the socket error in a NodeApiError whose httpCode holds the system code
		// (e.g. "ECONNREFUSED") and whose messages hold the original text; older versions keep a cause.
		const texts = [record.cause?.message, record.message, ...(Array.isArray(record.messages) ? record.messages : [])]
			.filter((text): text is string => typeof text === 'string');
		const codes = [record.cause?.code, record.code, record.httpCode].filter((c): c is string => typeof c === 'string');
		const code =
			codes.find((candidate) => SYSTEM_CODE.test(candidate)) ??
			texts.map((text) => SYSTEM_CODE_IN_TEXT.exec(text)?.[1]).find(Boolean) ??
			(texts.some((text) => /timeout/i.test(text)) ? 'ETIMEDOUT' : 'UNKNOWN');
		const rawMessage = texts.find((text) => text.includes(code)) ?? texts[0] ?? 'unknown error';
		return new NetworkFailure(code, summaryFor(code, rawMessage), redact(`${rawMessage} (${code})`));
	}
}

/** Node's system error codes: ECONNRESET, ETIMEDOUT, ERR_SOCKET_CONNECTION_TIMEOUT, DNS's EAI_AGAIN and the like. */
const SYSTEM_CODE = /^(E[A-Z]+|EAI_[A-Z]+|ERR_[A-Z_]+)$/;
const SYSTEM_CODE_IN_TEXT = /\b(EAI_[A-Z]+|E[A-Z]{3,}|ERR_[A-Z_]+)\b/;

function summaryFor(code: string, message: string): string {
	if (code === 'ECONNREFUSED') return 'The API refused the connection';
	if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(message)) {
		return 'The API closed the connection without an answer';
	}
	if (code === 'ETIMEDOUT' || code === 'ECONNABORTED' || /timeout/i.test(message)) return 'The API did not answer in time';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The API host could not be found';
	return 'The request to the API failed before an answer came';
}

/** What to do about a request that got no answer; `where` names the endpoint and origin it went to. */
export function networkHint(failure: NetworkFailure, where: string, timeoutMs: number): string {
	switch (failure.code) {
		case 'ECONNREFUSED':
			return `Nothing accepted the connection for ${where}. Check the credential's Base URL and that the workspace is online.`;
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return `The host name of the Base URL could not be resolved (${where}). Check the credential's Base URL.`;
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
		case 'ERR_SOCKET_CONNECTION_TIMEOUT':
			return `No answer within ${timeoutMs} ms for ${where}. Raise the Timeout option if the API is slow.`;
		default:
			return `${where}: ${failure.detail}`;
	}
}

