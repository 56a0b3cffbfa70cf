/**
 * Reading query parameters in the dialect's naming, with the sandbox's validation: a malformed value is a
 * 400, a well-formed but impossible range is a 422.
 */
import { dialectName } from './dialect';
import { ApiError, badRequest, validationFailed } from './errors';
import type { Naming } from './options';
import { DAY_MS, parseDateOrInstant } from './time';

export class QueryReader {
	constructor(
		readonly raw: Record<string, string | string[]>,
		readonly naming: Naming,
	) {}

	/** The dialect's name for a canonical (camelCase) parameter. */
	name(canonical: string): string {
		return dialectName(canonical, this.naming);
	}

	/** The value of a parameter; when it is repeated, the first one counts. */
	get(canonical: string): string | undefined {
		const value = this.raw[this.name(canonical)];
		return Array.isArray(value) ? value[0] : value;
	}

	has(canonical: string): boolean {
		return this.get(canonical) !== undefined;
	}
}

export function invalidParameter(reader: QueryReader, canonical: string, message: string): ApiError {
	const name = reader.name(canonical);
	return badRequest(`Query parameter "${name}" ${message}.`, [{ field: name, message }]);
}

export function readEnum<T extends string>(reader: QueryReader, canonical: string, allowed: readonly T[]): T | undefined {
	const value = reader.get(canonical);
	if (value === undefined) return undefined;
	if (!allowed.includes(value as T)) throw invalidParameter(reader, canonical, `must be one of ${allowed.join(', ')}`);
	return value as T;
}

export function readString(reader: QueryReader, canonical: string): string | undefined {
	const value = reader.get(canonical);
	if (value === '') throw invalidParameter(reader, canonical, 'must not be empty');
	return value;
}

/** An integer parameter; `minimum` is inclusive. */
export function readInteger(reader: QueryReader, canonical: string, minimum: number): number | undefined {
	const value = reader.get(canonical);
	if (value === undefined) return undefined;
	if (!/^-?\d+$/.test(value) || Number(value) < minimum || !Number.isSafeInteger(Number(value))) {
		throw invalidParameter(reader, canonical, `must be an integer of at least ${minimum}`);
	}
	return Number(value);
}

export interface TimeRange {
	fromMs?: number;
	/** Exclusive; a date-only "to" means the end of that day. */
	toMs?: number;
}

/**
 * Reads "from"/"to" (YYYY-MM-DD or ISO date-time). A missing "from" takes `defaultFromMs`; a missing "to"
 * is `defaultSpanDays` after "from" (or open-ended without it). `maxDays` bounds the span.
 */
export function readTimeRange(
	reader: QueryReader,
	options: { defaultFromMs?: number; defaultSpanDays?: number; maxDays?: number } = {},
): TimeRange {
	const bound = (canonical: 'from' | 'to'): number | undefined => {
		const value = reader.get(canonical);
		if (value === undefined) return undefined;
		const parsed = parseDateOrInstant(value);
		if (!parsed) throw invalidParameter(reader, canonical, 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time');
		return canonical === 'to' && parsed.dateOnly ? parsed.ms + DAY_MS : parsed.ms;
	};
	const fromMs = bound('from') ?? options.defaultFromMs;
	const toMs =
		bound('to') ??
		(fromMs !== undefined && options.defaultSpanDays !== undefined ? fromMs + options.defaultSpanDays * DAY_MS : undefined);
	const from = reader.name('from');
	const to = reader.name('to');
	if (fromMs !== undefined && toMs !== undefined && toMs <= fromMs) {
		throw validationFailed(`The range is empty or inverted: "${to}" must be after "${from}".`, [
			{ field: to, message: `must be after ${from}` },
		]);
	}
	if (options.maxDays !== undefined && fromMs !== undefined && toMs !== undefined && toMs - fromMs > options.maxDays * DAY_MS) {
		throw validationFailed(`The range from "${from}" to "${to}" spans more than ${options.maxDays} days.`, [
			{ field: to, message: `at most ${options.maxDays} days after ${from}` },
		]);
	}
	return { fromMs, toMs };
}
