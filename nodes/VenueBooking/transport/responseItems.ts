import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, readPath, UNSAFE_KEYS } from './paths';

/** Where a list response keeps its entries: the body itself, or one property of it. */
export type ListLocation = { kind: 'body' } | { kind: 'property'; path: string } | { kind: 'none' };

/**
 * Finds the list in a response the API document does not describe: a JSON array is the list; an object
 * with exactly one array-valued property keeps the list there (an envelope such as `{ items: [...],
 * next: ... }`); anything else is a single record. `itemsPath` is the user's override for when that
 * guess is wrong.
 */
export function locateList(body: unknown, itemsPath?: string): ListLocation {
	if (itemsPath) return { kind: 'property', path: itemsPath };
	if (Array.isArray(body)) return { kind: 'body' };
	if (isPlainObject(body)) {
		const arrayKeys = Object.keys(body).filter((key) => !UNSAFE_KEYS.has(key) && Array.isArray(body[key]));
		if (arrayKeys.length === 1) return { kind: 'property', path: arrayKeys[0] };
	}
	return { kind: 'none' };
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
