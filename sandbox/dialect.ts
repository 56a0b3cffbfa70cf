/**
 * The response dialect: snake_case, camelCase or PascalCase names for fields and query parameters. Records are
 * stored in camelCase, so "camel" renders them as they are and "snake" and "pascal" (Mindbody) rename every key
 * on the way out.
 */
import type { Naming } from './options';

const snakeCache = new Map<string, string>();

export function camelToSnake(name: string): string {
	let snake = snakeCache.get(name);
	if (snake === undefined) {
		snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
		snakeCache.set(name, snake);
	}
	return snake;
}

function camelToPascal(name: string): string {
	return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The name a canonical (camelCase) field or parameter has in the given naming. */
export function dialectName(canonical: string, naming: Naming): string {
	return naming === 'snake' ? camelToSnake(canonical) : naming === 'pascal' ? camelToPascal(canonical) : canonical;
}

/** Renames every object key of a JSON value to the naming; values are untouched. */
export function renderInNaming(value: unknown, naming: Naming): unknown {
	if (naming === 'camel' || value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) return value.map((item) => renderInNaming(item, naming));
	const rendered: Record<string, unknown> = {};
	for (const [key, inner] of Object.entries(value)) rendered[dialectName(key, naming)] = renderInNaming(inner, naming);
	return rendered;
}

/** Plural resource names, for `listKey: "byResource"` envelopes. */
export type ListResource = 'slots' | 'bookings' | 'services' | 'rooms' | 'clients' | 'payments' | 'deliveries';
