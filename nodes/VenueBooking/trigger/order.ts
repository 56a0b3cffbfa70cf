/**
 * Journal order (newest or oldest first), detected from the entries' timestamps, and why it could not be
 * when it could not (the trigger then says the order was guessed).
 */
import { isPlainObject, UNSAFE_KEYS } from '../transport/json';
import { readTimestampField } from '../timestamps';

/** Which end of the journal holds the newest entries. */
export type JournalOrder = 'newestFirst' | 'oldestFirst';

/** Fewer entries than this prove nothing: any two values are "ordered" one way or the other. */
const MIN_ENTRIES_FOR_DETECTION = 3;

/** What one page showed about the order: the order, or why it could not be told. */
export type OrderEvidence =
	| { order: JournalOrder; fields: string[] }
	| { order: undefined; reason: 'tooFewEntries' | 'noTimestamps' | 'timestampsDisagree' };

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

function ownValue(record: unknown, key: string): unknown {
	return isPlainObject(record) && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

function valueAt(record: Record<string, unknown>, path: string[]): unknown {
	return path.length === 1 ? ownValue(record, path[0]) : ownValue(ownValue(record, path[0]), path[1]);
}

/**
 * The fields a timestamp may sit in: every top-level field of the first entry, and the fields of a nested object
 * every entry has (JSON:API keeps a record's own fields in `attributes`), found by shape, never by name.
 */
function candidatePaths(records: Array<Record<string, unknown>>): string[][] {
	const paths: string[][] = [];
	for (const key of Object.keys(records[0])) {
		if (UNSAFE_KEYS.has(key)) continue;
		paths.push([key]);
		if (!records.every((record) => isPlainObject(ownValue(record, key)))) continue;
		for (const inner of Object.keys(records[0][key] as Record<string, unknown>)) {
			if (!UNSAFE_KEYS.has(inner)) paths.push([key, inner]);
		}
	}
	return paths;
}

/**
 * Judges the journal's order from one page, with no field name assumed: every field (top-level, or one object
 * down where every entry has that object) whose values are all timestamps of one form (ISO date-times, Unix seconds or milliseconds: timestamps.ts) is read, and
 * the order is known when they all move the same way (rising times: oldest first); zone-less date-times are read in
 * `zoneless`, the workspace's zone. Other numeric fields are not trusted (amounts and counts move either way); without timestamps the trigger learns the order from
 * where new entries appear.
 */
export function judgeOrder(entries: unknown[], zoneless = 'UTC'): OrderEvidence {
	if (entries.length < MIN_ENTRIES_FOR_DETECTION || !entries.every(isPlainObject)) {
		return { order: undefined, reason: entries.length < MIN_ENTRIES_FOR_DETECTION ? 'tooFewEntries' : 'noTimestamps' };
	}
	const records = entries as Array<Record<string, unknown>>;
	const directions = new Map<Direction, string[]>();
	let timestampFields = 0;
	for (const path of candidatePaths(records)) {
		const field = readTimestampField(records.map((record) => valueAt(record, path)), zoneless);
		if (!field) continue;
		timestampFields++;
		const direction = directionOf(field.epochMs);
		directions.set(direction, [...(directions.get(direction) ?? []), path.join('.')]);
	}
	if (timestampFields === 0) return { order: undefined, reason: 'noTimestamps' };
	// A timestamp field that holds one value throughout says nothing; two that move apart cancel out.
	directions.delete(undefined);
	const [only, ...others] = [...directions.keys()];
	if (only === undefined || others.length > 0) return { order: undefined, reason: 'timestampsDisagree' };
	return { order: only === 'up' ? 'oldestFirst' : 'newestFirst', fields: directions.get(only) ?? [] };
}

/** The journal's order as one page shows it, or undefined when the page does not tell. */
export function detectOrder(entries: unknown[], zoneless = 'UTC'): JournalOrder | undefined {
	return judgeOrder(entries, zoneless).order;
}

/** Why a page did not tell the order, as a message says it in brackets. */
export function describeUnknownOrder(reason: Extract<OrderEvidence, { order: undefined }>['reason'], entries: number): string {
	switch (reason) {
		case 'tooFewEntries':
			return `only ${entries} ${entries === 1 ? 'entry' : 'entries'} on its first page`;
		case 'noTimestamps':
			return 'no timestamps';
		case 'timestampsDisagree':
			return 'its timestamps do not all rise or all fall';
	}
}
