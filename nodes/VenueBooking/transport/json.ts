/**
 * Reading parsed JSON safely: dot paths that never follow an object's machinery, the one scalar test, and
 * canonical JSON (sorted keys) for hashing and quoting bodies.
 */

/** Keys that name an object's machinery in JavaScript; never read or followed as data paths. */
export const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Reads a dot path such as `meta.next_cursor` from a parsed JSON body, following own properties only
 * and never `__proto__`, `constructor` or `prototype`: a hostile body can hold such keys as plain data,
 * and no marker or list of ours is ever read from them.
 */
export function readPath(value: unknown, path: string): unknown {
	// A key that itself holds dots (OData's `@odata.nextLink`) is read whole before the path is split.
	if (path.includes('.') && !UNSAFE_KEYS.has(path) && value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, path)) {
		return (value as Record<string, unknown>)[path];
	}
	let current: unknown = value;
	for (const key of path.split('.')) {
		if (current === null || typeof current !== 'object' || UNSAFE_KEYS.has(key)) return undefined;
		if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export type Scalar = string | number | boolean;

export function isScalar(value: unknown): value is Scalar {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** A piece of output text on the work stack of canonicalJson, as opposed to a value still to write. */
class Literal {
	constructor(readonly text: string) {}
}

/**
 * JSON with object keys sorted at every level, so key order in a response does not change the hash.
 * Written with an explicit stack instead of recursion: a hostile server's deeply nested JSON must not
 * overflow the call stack (JSON.stringify itself would, past a few thousand levels).
 */
export function canonicalJson(root: unknown, maxLength = Infinity): string {
	const out: string[] = [];
	let length = 0;
	const work: unknown[] = [root];
	// maxLength lets an error message quote the start of a huge body without serialising all of it.
	while (work.length > 0 && length <= maxLength) {
		const item = work.pop();
		if (item instanceof Literal) {
			out.push(item.text);
			length += item.text.length;
		} else if (Array.isArray(item)) {
			work.push(new Literal(']'));
			for (let i = item.length - 1; i >= 0; i--) {
				work.push(item[i]);
				if (i > 0) work.push(new Literal(','));
			}
			work.push(new Literal('['));
		} else if (isPlainObject(item)) {
			const keys = Object.keys(item).sort();
			work.push(new Literal('}'));
			for (let i = keys.length - 1; i >= 0; i--) {
				work.push(item[keys[i]]);
				work.push(new Literal(`${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`));
			}
			work.push(new Literal('{'));
		} else {
			const text = JSON.stringify(item) ?? 'null';
			out.push(text);
			length += text.length;
		}
	}
	return out.join('');
}

/**
 * Reads a path given as its segments (a key may itself hold dots: OData's `@odata.etag`), own properties
 * only, never an object's machinery.
 */
export function readSegments(value: unknown, segments: readonly string[]): unknown {
	let current: unknown = value;
	for (const key of segments) {
		if (!isPlainObject(current) || UNSAFE_KEYS.has(key) || !Object.prototype.hasOwnProperty.call(current, key)) return undefined;
		current = current[key];
	}
	return current;
}

/**
 * Writes a value at a path given as its segments, creating the objects on the way. Returns the segments
 * that were in the way (a value that is no object where one is needed), or undefined when it was written.
 * Machinery keys are never written: the path may come from a saved workflow.
 */
export function writeSegments(target: Record<string, unknown>, segments: readonly string[], value: unknown): string[] | undefined {
	if (segments.length === 0 || segments.some((key) => UNSAFE_KEYS.has(key))) return [...segments];
	let current = target;
	for (let at = 0; at < segments.length - 1; at++) {
		const key = segments[at];
		if (!Object.prototype.hasOwnProperty.call(current, key)) current[key] = {};
		const next = current[key];
		if (!isPlainObject(next)) return segments.slice(0, at + 1);
		current = next;
	}
	current[segments[segments.length - 1]] = value;
	return undefined;
}

/**
 * A 64-bit hash (two independent 32-bit lanes) of a string, as 16 hex digits. Not cryptographic: it
 * only has to tell apart the few hundred entries the trigger remembers, where a collision is
 * vanishingly unlikely. Written here because node code may import nothing but n8n-workflow.
 */
export function hashText(text: string): string {
	let a = 0x9e3779b9 ^ text.length;
	let b = 0x85ebca6b ^ Math.imul(text.length, 0x27d4eb2f);
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		a = Math.imul(a ^ code, 0xcc9e2d51);
		a = (a << 15) | (a >>> 17);
		b = Math.imul(b ^ code, 0x1b873593);
		b = (b << 13) | (b >>> 19);
		b = (Math.imul(b, 5) + 0xe6546b64) | 0;
	}
	return toHex(finalMix(a ^ b)) + toHex(finalMix(b + Math.imul(a, 3)));
}

/** Spreads every input bit over the whole word, so similar entries get unrelated hashes. */
function finalMix(value: number): number {
	let h = value;
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

function toHex(value: number): string {
	return value.toString(16).padStart(8, '0');
}

/**
 * Text of at most `max` characters, or cut with its cut marked "…": the mark within `max` (labels, pieces of
 * a message), or after the first `max` characters (a quoted body, which may also say how long the whole was).
 * The one place the package shortens text for a person to read.
 */
export function cutText(text: string, max: number, options: { markAfter?: boolean; sayLength?: boolean } = {}): string {
	if (text.length <= max) return text;
	const kept = text.slice(0, options.markAfter ? max : max - 1);
	return `${kept}…${options.sayLength ? ` (${text.length} characters)` : ''}`;
}

/** One field met by walkFields: its path (segments), key, value, depth (1: the root's own fields), and whether the walk goes into it. */
export interface JsonField {
	path: string[];
	key: string;
	value: unknown;
	depth: number;
	/** Whether the value is an object the walk goes into next (unless the visitor says 'skip'). */
	descends: boolean;
}

/**
 * The one bounded walk over a JSON object's fields: depth first in field order, into nested objects down to
 * `maxDepth` levels (1: the object's own fields only), never into lists, never through keys that reach a
 * prototype. The visitor sees every field, objects included; it answers 'stop' to end the walk (a bound on
 * what it collects) or 'skip' not to go into that field. A root that is no object has no fields.
 */
export function walkFields(root: unknown, maxDepth: number, visit: (field: JsonField) => 'stop' | 'skip' | void): void {
	const walk = (object: Record<string, unknown>, prefix: string[], depth: number): boolean => {
		for (const [key, value] of Object.entries(object)) {
			if (UNSAFE_KEYS.has(key)) continue;
			const path = [...prefix, key];
			const descends = isPlainObject(value) && depth < maxDepth;
			const said = visit({ path, key, value, depth, descends });
			if (said === 'stop') return true;
			if (said !== 'skip' && descends && walk(value as Record<string, unknown>, path, depth + 1)) return true;
		}
		return false;
	};
	if (isPlainObject(root)) walk(root, [], 1);
}

/**
 * The words of a key in any case style, lower case: `isSuccess` → is, success; `error_list` → error, list;
 * `HTTPStatus` → http, status; `$errors` → errors. Detection by structure reads keys through this, never by spelling.
 */
export function keyWords(key: string): string[] {
	return key
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((word) => word !== '');
}
