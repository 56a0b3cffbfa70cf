/**
 * Response bodies: parsing what the API answered (JSON or not), locating the list in it, and turning
 * entries into n8n items.
 */
import type { IDataObject } from 'n8n-workflow';
import { LIST_CONTAINERS, LIST_NAMES } from '../conventions';
import { isPlainObject, readPath, UNSAFE_KEYS } from './json';

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
		return checkDepth(JSON.parse(raw));
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
 * as `_embedded`. Both kinds of name come from the convention registry. Anything else is a single record.
 * `itemsPath` is the user's override for when that guess is wrong.
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
	const nested = Object.keys(body)
		.filter((key) => LIST_CONTAINERS.has(key.toLowerCase()) && isPlainObject(body[key]))
		.flatMap((key) => arrayKeys(body[key] as Record<string, unknown>).map((inner) => `${key}.${inner}`));
	return nested.length === 1 ? { kind: 'property', path: nested[0] } : { kind: 'none' };
}

/** The entries at a location; undefined when the body has no list there (e.g. a later page changed shape). */
export function listAt(body: unknown, location: ListLocation): unknown[] | undefined {
	if (location.kind === 'body') return Array.isArray(body) ? body : undefined;
	if (location.kind === 'property') {
		const value = readPath(body, location.path);
		return Array.isArray(value) ? value : undefined;
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
