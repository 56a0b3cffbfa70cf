/**
 * Reads a dot path such as `meta.next_cursor` from a parsed JSON body, following own properties only,
 * so a path naming `__proto__` or `constructor` reads nothing instead of an object's prototype.
 */
export function readPath(value: unknown, path: string): unknown {
	let current: unknown = value;
	for (const key of path.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}
