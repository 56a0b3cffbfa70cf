/**
 * Journal order (newest or oldest first), detected from the entries' timestamps.
 */
import { isPlainObject } from '../transport/json';

/** Which end of the journal holds the newest entries. */
export type JournalOrder = 'newestFirst' | 'oldestFirst';

/** Fewer entries than this prove nothing: any two values are "ordered" one way or the other. */
const MIN_ENTRIES_FOR_DETECTION = 3;

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

type Direction = 'up' | 'down' | undefined;

/** Whether values never fall (up) or never rise (down), with at least one real step. */
function directionOf(values: number[]): Direction {
	let rises = 0;
	let falls = 0;
	for (let i = 1; i < values.length; i++) {
		if (values[i] > values[i - 1]) rises++;
		else if (values[i] < values[i - 1]) falls++;
	}
	if (rises > 0 && falls === 0) return 'up';
	if (falls > 0 && rises === 0) return 'down';
	return undefined;
}

/**
 * Guesses the journal's order from one page, with no field name assumed: every top-level field that all
 * entries hold as a date-time string is read, and the order is known when they all move the same way
 * (rising dates: oldest first). Without such dates, numeric fields are not trusted (amounts and counts
 * move either way); the trigger then learns the order from where new entries appear.
 */
export function detectOrder(entries: unknown[]): JournalOrder | undefined {
	if (entries.length < MIN_ENTRIES_FOR_DETECTION || !entries.every(isPlainObject)) return undefined;
	const records = entries as Array<Record<string, unknown>>;
	const directions = new Set<Direction>();
	for (const key of Object.keys(records[0])) {
		const values = records.map((record) => record[key]);
		if (!values.every((value) => typeof value === 'string' && DATE_LIKE.test(value))) continue;
		const times = (values as string[]).map((value) => Date.parse(value));
		if (times.some(Number.isNaN)) continue;
		directions.add(directionOf(times));
	}
	directions.delete(undefined);
	if (directions.size !== 1) return undefined;
	return directions.has('up') ? 'oldestFirst' : 'newestFirst';
}
