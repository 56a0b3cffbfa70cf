/** Keys that name an object's machinery in JavaScript; never read or followed as data paths. */
export const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Reads a dot path such as `meta.next_cursor` from a parsed JSON body, following own properties only
 * and never `__proto__`, `constructor` or `prototype`: a hostile body can hold such keys as plain data,
 * and no marker or list of ours is ever read from them.
 */
export function readPath(value: unknown, path: string): unknown {
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
