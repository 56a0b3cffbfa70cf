import type { INodePropertyOptions } from 'n8n-workflow';

import { isPlainObject, UNSAFE_KEYS } from '../transport/paths';
import { isScalar, valuesAt } from '../trigger/filter';

/** Nested objects are followed this deep (`payload.booking.status`); deeper fields make poor filters. */
const MAX_DEPTH = 3;

/** Enough for any journal entry; a hostile page with thousands of keys cannot flood the dropdown. */
const MAX_FIELDS = 200;
const MAX_VALUES = 200;

/** Dropdown labels longer than this are cut; the option's value keeps the whole text. */
const MAX_LABEL = 80;

function shorten(text: string, length = MAX_LABEL): string {
	return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * Dot paths of every field holding a text, number or boolean (or a list of them) in the entries, found
 * by walking the entries themselves: no field name is assumed. A key with a dot in it could not be
 * read back through a dot path, so it is left out.
 */
export function fieldPaths(entries: unknown[]): string[] {
	const paths = new Set<string>();
	const visit = (value: unknown, prefix: string, depth: number) => {
		if (!isPlainObject(value)) return;
		for (const key of Object.keys(value)) {
			if (paths.size >= MAX_FIELDS) return;
			if (key === '' || key.includes('.') || UNSAFE_KEYS.has(key)) continue;
			const path = prefix ? `${prefix}.${key}` : key;
			const inner = value[key];
			if (isScalar(inner) || (Array.isArray(inner) && inner.some(isScalar))) paths.add(path);
			else if (depth < MAX_DEPTH) visit(inner, path, depth + 1);
		}
	};
	for (const entry of entries) visit(entry, '', 1);
	return [...paths].sort((a, b) => a.localeCompare(b));
}

interface SeenValue {
	value: string | number | boolean;
	entries: number;
}

/** The distinct values at a path, most frequent first, each with how many entries hold it. */
export function valuesSeen(entries: unknown[], path: string): SeenValue[] {
	const seen = new Map<string, SeenValue>();
	for (const entry of entries) {
		// An entry whose list holds a value twice still counts once for it.
		const inEntry = new Set<string>();
		for (const value of valuesAt(entry, path)) {
			const text = String(value);
			if (inEntry.has(text)) continue;
			inEntry.add(text);
			const found = seen.get(text);
			if (found) found.entries++;
			else seen.set(text, { value, entries: 1 });
		}
	}
	return [...seen.values()]
		.sort((a, b) => b.entries - a.entries || String(a.value).localeCompare(String(b.value)))
		.slice(0, MAX_VALUES);
}

/** The fields as dropdown options, each described by what the sample showed of it. */
export function fieldOptions(entries: unknown[]): INodePropertyOptions[] {
	return fieldPaths(entries).map((path) => {
		const values = valuesSeen(entries, path);
		const holders = entries.filter((entry) => valuesAt(entry, path).length > 0).length;
		const example = values.length > 0 ? `, e.g. ${shorten(String(values[0].value), 40)}` : '';
		return {
			name: path,
			value: path,
			description: `Seen in your journal: in ${holders} of ${entries.length} sampled entries, ${values.length} different value${values.length === 1 ? '' : 's'}${example}`,
		};
	});
}

/** The values of one field as dropdown options, labelled with how often the sample holds them. */
export function valueOptions(entries: unknown[], path: string): INodePropertyOptions[] {
	return valuesSeen(entries, path).map(({ value, entries: count }) => ({
		name: shorten(String(value)),
		value,
		description: `Seen in your journal: in ${count} of ${entries.length} sampled entries`,
	}));
}
