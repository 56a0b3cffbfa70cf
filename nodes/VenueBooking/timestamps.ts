/**
 * Which values are moments in time, and which moment: the timestamp forms of the survey in
 * docs/API-CONVENTIONS.md ("Timestamp forms"). The journal order (trigger/order.ts) and the editor's field
 * types (methods/resourceMapping.ts) both judge values here, so they never disagree on what a date-time is.
 *
 * Values are judged by what they are, never by a field's name: the API document names no fields.
 */

/** The forms a timestamp is seen in; a field's values count only when they all share one form. */
export type TimestampForm = 'isoDateTime' | 'unixSeconds' | 'unixMilliseconds';

export interface Timestamp {
	form: TimestampForm;
	/** The instant, in milliseconds since 1970-01-01T00:00:00Z. */
	epochMs: number;
}

/**
 * A date and time in ISO 8601 / RFC 3339 form: `T` or a space between them, seconds and fractions optional
 * (milliseconds, or microseconds as Calendly and Laravel send), a `Z`, an offset with or without its colon
 * (Jira and Salesforce write `+0000`), or no zone (Pipedrive v1). A date alone is not an instant: the survey
 * finds it for all-day dates (Notion), which say nothing about when a record was written.
 */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Plausible Unix times, by value alone. Seconds from 1e9 (2001-09-09) to 4.1e9 (the end of 2099);
 * milliseconds over the same years (1e12 to 4.1e12). The survey finds seconds as integers (Stripe, OpenAI,
 * Slack `created`), as floats (AWS) and as decimal strings (Slack `ts`, "1767225600.000100"), and
 * milliseconds as integers (HubSpot). The ranges are a thousand times apart, so no value is both; counts,
 * amounts and small ids fall below them, which is why anything outside is refused rather than guessed.
 */
const UNIX_SECONDS = { min: 1e9, max: 4.1e9 };
const UNIX_MILLISECONDS = { min: 1e12, max: 4.1e12 };

/** A whole or decimal number written as text, e.g. "1767225600" or "1767225600.000100"; short enough to be one. */
const NUMERIC_TEXT = /^\d{1,13}(\.\d{1,9})?$/;

function fromIso(text: string): Timestamp | undefined {
	const match = ISO_DATE_TIME.exec(text);
	if (!match) return undefined;
	const [, date, time, zone] = match;
	// Offsets without a colon are normalised, and a value without a zone is read as UTC rather than as the
	// n8n host's local time: what matters is comparing one field's values, and they share the one reading.
	const offset = zone === undefined ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
	const epochMs = Date.parse(`${date}T${time}${offset}`);
	return Number.isNaN(epochMs) ? undefined : { form: 'isoDateTime', epochMs };
}

function fromNumber(value: number, whole: boolean): Timestamp | undefined {
	if (!Number.isFinite(value)) return undefined;
	if (value >= UNIX_SECONDS.min && value <= UNIX_SECONDS.max) return { form: 'unixSeconds', epochMs: value * 1000 };
	// Fractions of a millisecond are no form the survey found: such a number is something else.
	if (whole && value >= UNIX_MILLISECONDS.min && value <= UNIX_MILLISECONDS.max) return { form: 'unixMilliseconds', epochMs: value };
	return undefined;
}

/** The moment a value stands for, and its form; undefined for anything that is not plausibly a timestamp. */
export function readTimestamp(value: unknown): Timestamp | undefined {
	if (typeof value === 'number') return fromNumber(value, Number.isInteger(value));
	if (typeof value !== 'string') return undefined;
	if (NUMERIC_TEXT.test(value)) return fromNumber(Number(value), !value.includes('.'));
	return fromIso(value);
}

/**
 * The instants of one field's values, when every value is a timestamp and all share one form; otherwise
 * undefined. A field holding some timestamps and some other values (or seconds beside milliseconds) is
 * not one clock, so nothing is read from it.
 */
export function readTimestampField(values: readonly unknown[]): { form: TimestampForm; epochMs: number[] } | undefined {
	if (values.length === 0) return undefined;
	const stamps: Timestamp[] = [];
	for (const value of values) {
		const stamp = readTimestamp(value);
		if (!stamp || (stamps.length > 0 && stamp.form !== stamps[0].form)) return undefined;
		stamps.push(stamp);
	}
	return { form: stamps[0].form, epochMs: stamps.map((stamp) => stamp.epochMs) };
}
