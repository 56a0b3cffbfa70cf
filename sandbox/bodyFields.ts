/**
 * Reading a JSON request body in the dialect's naming. Unknown fields are rejected (400) with the accepted
 * names listed, so a client writing the wrong dialect or inventing fields learns it at once.
 */
import { dialectName } from './dialect';
import { badRequest } from './errors';
import type { Naming } from './options';

export type FieldType = 'string' | 'object';

/** The detail message of a missing required field; convention error bodies tell "missing" from "invalid" by it. */
export const MISSING_FIELD_MESSAGE = 'required';
/** The detail message of a body field the endpoint does not accept (Stripe says "parameter_unknown" for it). */
export const UNKNOWN_FIELD_MESSAGE = 'unknown field';

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Returns the body's fields under their canonical (camelCase) names. `where` names the object in messages
 * ("body", "client").
 */
export function readFields(
	value: unknown,
	spec: Record<string, FieldType>,
	naming: Naming,
	where = 'The request body',
): Record<string, unknown> {
	if (!isPlainObject(value)) throw badRequest(`${where} must be a JSON object.`);
	const canonicalByName = new Map(Object.keys(spec).map((canonical) => [dialectName(canonical, naming), canonical]));
	const unknown = Object.keys(value).filter((name) => !canonicalByName.has(name));
	if (unknown.length > 0) {
		throw badRequest(`${where} has unknown field(s) ${unknown.join(', ')}; accepted: ${[...canonicalByName.keys()].join(', ')}.`, unknown.map((field) => ({ field, message: UNKNOWN_FIELD_MESSAGE })));
	}
	const fields: Record<string, unknown> = {};
	for (const [name, fieldValue] of Object.entries(value)) {
		const canonical = canonicalByName.get(name)!;
		const expected = spec[canonical];
		const matches = expected === 'object' ? isPlainObject(fieldValue) : typeof fieldValue === 'string';
		if (fieldValue !== null && !matches) {
			throw badRequest(`Field "${name}" must be ${expected === 'object' ? 'an object' : 'a string'}.`, [{ field: name, message: `must be ${expected === 'object' ? 'an object' : 'a string'}` }]);
		}
		if (fieldValue !== null) fields[canonical] = fieldValue;
	}
	return fields;
}

/** Throws 400 listing every missing required field. */
export function requireFields(fields: Record<string, unknown>, required: readonly string[], naming: Naming): void {
	const missing = required.filter((canonical) => fields[canonical] === undefined || fields[canonical] === '');
	if (missing.length > 0) {
		const names = missing.map((canonical) => dialectName(canonical, naming));
		throw badRequest(`Missing required field(s): ${names.join(', ')}.`, names.map((field) => ({ field, message: MISSING_FIELD_MESSAGE })));
	}
}
