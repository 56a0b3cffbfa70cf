import { isPlainObject, UNSAFE_KEYS } from '../transport/paths';

/** The types the editor offers, inferred from sampled values. */
export type SeenType = 'string' | 'number' | 'boolean' | 'dateTime';

/** A top-level field seen on sampled records: its name, inferred type and the values it held. */
export interface SeenField {
	name: string;
	type: SeenType;
	/** Distinct non-null values, in the order first seen. */
	values: Array<string | number | boolean>;
	/** How many records had a non-null value. */
	filled: number;
}

/** A date, or a date and time, in ISO 8601 form: what JSON APIs send for moments. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** One type for all of a field's values, or undefined when they disagree (or are objects or lists). */
function inferType(values: Scalar[]): SeenType | undefined {
	if (values.length === 0) return 'string';
	if (values.every((value) => typeof value === 'boolean')) return 'boolean';
	if (values.every((value) => typeof value === 'number')) return 'number';
	if (!values.every((value) => typeof value === 'string')) return undefined;
	return values.every((value) => ISO_DATE_TIME.test(value as string)) ? 'dateTime' : 'string';
}

/**
 * The top-level fields of sampled records, in the order first seen, each with one inferred type. A field
 * that holds objects, lists or mixed types is left out: the free-form body sends those as JSON.
 */
export function seenFields(records: unknown[]): SeenField[] {
	const collected = new Map<string, { values: Scalar[]; complex: boolean }>();
	for (const record of records) {
		if (!isPlainObject(record)) continue;
		for (const [name, value] of Object.entries(record)) {
			if (UNSAFE_KEYS.has(name)) continue;
			const entry = collected.get(name) ?? { values: [], complex: false };
			collected.set(name, entry);
			if (value === null || value === undefined) continue;
			if (isScalar(value)) entry.values.push(value);
			else entry.complex = true;
		}
	}
	const fields: SeenField[] = [];
	for (const [name, { values, complex }] of collected) {
		const type = complex ? undefined : inferType(values);
		if (type) fields.push({ name, type, values: [...new Set(values)], filled: values.length });
	}
	return fields;
}

/** At most this many distinct values make a field a choice (a state, a kind) rather than free text. */
const MAX_CHOICES = 6;

/**
 * Whether a text field's sampled values look like a closed set: few distinct values, and at least one
 * repeated, so a handful of unique names or notes does not pass for a choice.
 */
export function looksLikeChoice(field: SeenField): boolean {
	return field.type === 'string' && field.values.length > 0 && field.values.length <= MAX_CHOICES && field.filled > field.values.length;
}
