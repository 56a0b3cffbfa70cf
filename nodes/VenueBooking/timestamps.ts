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

function fromIso(text: string, zoneless: string): Timestamp | undefined {
	const match = ISO_DATE_TIME.exec(text);
	if (!match) return undefined;
	const [, date, time, zone] = match;
	// A value without a zone is read in the workspace's time zone (the credential's Workspace Time Zone; UTC when
	// unset), never in the n8n host's: nothing in an answer says which zone it means (workspaceZoneOf).
	if (zone === undefined && zoneless !== 'UTC') return fromZonelessIso(date, time, zoneless);
	// Offsets without a colon are normalised.
	const offset = zone === undefined ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
	const epochMs = Date.parse(`${date}T${time}${offset}`);
	return Number.isNaN(epochMs) ? undefined : { form: 'isoDateTime', epochMs };
}

/** A zone-less ISO date-time as a wall-clock time in `timeZone` (a repeated or skipped hour: instantOfWallClock). */
function fromZonelessIso(date: string, time: string, timeZone: string): Timestamp | undefined {
	if (Number.isNaN(Date.parse(`${date}T${time}Z`))) return undefined;
	const [year, month, day] = date.split('-').map(Number);
	const [clock, fraction = ''] = time.split('.');
	const [hour, minute, second = 0] = clock.split(':').map(Number);
	const ms = fraction ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
	return { form: 'isoDateTime', epochMs: instantOfWallClock([year, month, day, hour, minute, second, ms], timeZone) };
}

function fromNumber(value: number, whole: boolean): Timestamp | undefined {
	if (!Number.isFinite(value)) return undefined;
	if (value >= UNIX_SECONDS.min && value <= UNIX_SECONDS.max) return { form: 'unixSeconds', epochMs: value * 1000 };
	// Fractions of a millisecond are no form the survey found: such a number is something else.
	if (whole && value >= UNIX_MILLISECONDS.min && value <= UNIX_MILLISECONDS.max) return { form: 'unixMilliseconds', epochMs: value };
	return undefined;
}

/**
 * The moment a value stands for, and its form; undefined for anything that is not plausibly a timestamp.
 * `zoneless` is the zone a date-time written without one is read in: the workspace's (workspaceZoneOf), UTC by default.
 */
export function readTimestamp(value: unknown, zoneless = 'UTC'): Timestamp | undefined {
	if (typeof value === 'number') return fromNumber(value, Number.isInteger(value));
	if (typeof value !== 'string') return undefined;
	if (NUMERIC_TEXT.test(value)) return fromNumber(Number(value), !value.includes('.'));
	return fromIso(value, zoneless);
}

/**
 * The instants of one field's values, when every value is a timestamp and all share one form; otherwise
 * undefined. A field holding some timestamps and some other values (or seconds beside milliseconds) is
 * not one clock, so nothing is read from it.
 */
export function readTimestampField(values: readonly unknown[], zoneless = 'UTC'): { form: TimestampForm; epochMs: number[] } | undefined {
	if (values.length === 0) return undefined;
	const stamps: Timestamp[] = [];
	for (const value of values) {
		const stamp = readTimestamp(value, zoneless);
		if (!stamp || (stamps.length > 0 && stamp.form !== stamps[0].form)) return undefined;
		stamps.push(stamp);
	}
	return { form: stamps[0].form, epochMs: stamps.map((stamp) => stamp.epochMs) };
}

/**
 * How a workspace writes a moment, learned from one of its own values, so that a date-time the user picks is
 * sent the way the workspace's records hold it: ISO text with its separator, seconds, fraction digits and
 * zone as seen (`Z`, `+02:00`, `+0200`, or none), or a Unix time as a number or as numeric text.
 */
export type MomentForm =
	| { kind: 'iso'; separator: 'T' | ' '; seconds: boolean; fraction: number; zone: string }
	| { kind: 'unixSeconds' | 'unixMilliseconds'; text: boolean };

/** Whether a value read back from a saved workflow is a MomentForm this module wrote. */
export function isMomentForm(value: unknown): value is MomentForm {
	if (value === null || typeof value !== 'object') return false;
	const form = value as Record<string, unknown>;
	if (form.kind === 'unixSeconds' || form.kind === 'unixMilliseconds') return typeof form.text === 'boolean';
	return form.kind === 'iso' && (form.separator === 'T' || form.separator === ' ') && typeof form.seconds === 'boolean' &&
		Number.isInteger(form.fraction) && (form.fraction as number) >= 0 && (form.fraction as number) <= 9 &&
		typeof form.zone === 'string' && /^(|Z|[+-]\d{2}:?\d{2})$/.test(form.zone);
}

const ISO_PARTS = /^\d{4}-\d{2}-\d{2}([T ])\d{2}:\d{2}(:\d{2}(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The form one sampled value is written in; undefined for a value that is no moment. */
export function momentFormOf(value: unknown): MomentForm | undefined {
	const stamp = readTimestamp(value);
	if (!stamp) return undefined;
	if (stamp.form !== 'isoDateTime') return { kind: stamp.form, text: typeof value === 'string' };
	const [, separator, seconds, fraction, zone] = ISO_PARTS.exec(String(value)) ?? [];
	return { kind: 'iso', separator: separator === ' ' ? ' ' : 'T', seconds: seconds !== undefined, fraction: fraction?.length ?? 0, zone: zone ?? '' };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The wall-clock fields of an instant in an IANA time zone (Intl, no library), and the zone's offset then. */
function wallClock(epochMs: number, timeZone: string): { fields: number[]; offsetMs: number } {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
	}).formatToParts(new Date(epochMs));
	const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
	const fields = [part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second')];
	const asUtc = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
	return { fields, offsetMs: asUtc - (epochMs - (epochMs % 1000 + 1000) % 1000) };
}

/** Whether n8n's time zone setting names a zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
		return true;
	} catch {
		return false;
	}
}

/**
 * The instant of a wall-clock time in a time zone. Where a daylight-saving change makes the time ambiguous, the
 * rule is that of RFC 5545 (iCalendar) and JavaScript's Temporal ("compatible"): a time in a **repeated** hour is
 * its first occurrence (the offset before the change, e.g. Paris 2026-10-25 02:30 is 00:30Z, not 01:30Z); a time
 * in a **skipped** hour is moved forward by the gap (Paris 2026-03-29 02:30 is 03:30 local, 01:30Z).
 */
export function instantOfWallClock(fields: number[], timeZone: string): number {
	const asUtc = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3] ?? 0, fields[4] ?? 0, fields[5] ?? 0, fields[6] ?? 0);
	// The offsets a day either side: no zone changes its offset twice within two days.
	const before = wallClock(asUtc - 86_400_000, timeZone).offsetMs;
	const after = wallClock(asUtc + 86_400_000, timeZone).offsetMs;
	const fits = [before, after].map((offset) => asUtc - offset).filter((instant) => wallClock(instant, timeZone).offsetMs === asUtc - instant);
	// Both fit in a repeated hour (the earlier is the first occurrence); neither in a skipped one.
	return fits.length > 0 ? Math.min(...fits) : asUtc - before;
}

/** "2026-11-26 15:00" of an instant in a zone: how the editor's hints show a time in the user's words. */
export function formatWallClock(epochMs: number, timeZone: string): string {
	const [year, month, day, hour, minute] = wallClock(epochMs, timeZone).fields;
	return `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`;
}

/**
 * An instant as the local time of a zone, in ISO 8601 with that zone's offset then ("2026-11-26T15:00:00+01:00"):
 * readable, and read back to the same instant by n8n's expressions (Luxon's `DateTime.fromISO`).
 */
export function formatLocalTime(epochMs: number, timeZone: string): string {
	const { fields, offsetMs } = wallClock(epochMs, timeZone);
	const [year, month, day, hour, minute, second] = fields;
	const minutes = Math.round(Math.abs(offsetMs) / 60_000);
	const offset = `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
	return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${offset}`;
}

/**
 * An instant written in a workspace's form; an offset other than `Z` is written as that fixed offset, and a form
 * without a zone as the wall clock in `zoneless`, the workspace's time zone (UTC by default, as readTimestamp reads).
 */
export function writeMoment(epochMs: number, form: MomentForm, zoneless = 'UTC'): string | number {
	if (form.kind !== 'iso') {
		const number = form.kind === 'unixSeconds' ? Math.floor(epochMs / 1000) : Math.round(epochMs);
		return form.text ? String(number) : number;
	}
	// A workspace that writes no zone is read in `zoneless` (Pipedrive's "2019-05-29 04:21:51" is UTC, a venue's
	// Mindbody times are local), and readTimestamp reads such values the same way for the journal order and the
	// pickers' labels: written so, a booking made at 11:00 in New York shows as 11:00 in New York when read back.
	const zone = form.zone;
	const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
	const zoneOffset = zone === '' && zoneless !== 'UTC' ? wallClock(epochMs, zoneless).offsetMs : 0;
	const shown = epochMs + zoneOffset + (match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0);
	const date = new Date(shown);
	const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
	let time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
	if (form.seconds || form.fraction > 0 || date.getUTCSeconds() !== 0) time += `:${pad(date.getUTCSeconds())}`;
	if (form.fraction > 0) time += `.${pad(date.getUTCMilliseconds(), 3).padEnd(form.fraction, '0').slice(0, form.fraction)}`;
	return `${day}${form.separator}${time}${zone}`;
}

/** A date and time as a user types or n8n's date picker writes it: ISO, the zone optional, seconds optional. */
const INPUT_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The instant a date-time the user gave stands for: text with an offset or `Z` as written; text without one
 * read as a wall-clock time in `timeZone` (n8n's workflow time zone); a Unix time (seconds or milliseconds,
 * as timestamps are judged here); a Date or a Luxon DateTime from an expression. Undefined for anything else.
 */
export function readMomentInput(value: unknown, timeZone: string): number | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
	if (value !== null && typeof value === 'object' && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
		const ms = (value as { toMillis: () => number }).toMillis();
		return Number.isFinite(ms) ? ms : undefined;
	}
	if (typeof value === 'number') return readTimestamp(value)?.epochMs;
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const match = INPUT_DATE_TIME.exec(text);
	if (!match) return readTimestamp(text)?.epochMs;
	const [, year, month, day, hour, minute, second, fraction, zone] = match;
	const fields = [year, month, day, hour ?? '0', minute ?? '0', second ?? '0'].map(Number);
	const ms = fraction ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
	if (fields[1] < 1 || fields[1] > 12 || fields[2] < 1 || fields[2] > 31 || fields[3] > 23 || fields[4] > 59 || fields[5] > 59) return undefined;
	if (zone === undefined) return instantOfWallClock([...fields, ms], timeZone);
	const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
	const epochMs = Date.parse(`${year}-${month}-${day}T${pad(fields[3])}:${pad(fields[4])}:${pad(fields[5])}.${pad(ms, 3)}${offset}`);
	return Number.isNaN(epochMs) ? undefined : epochMs;
}

/** A calendar date alone, in ISO form: an all-day date (Notion), no instant, but text a person reads as a date. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether text is written as a date, or a date and time in the ISO form readTimestamp reads: the one judge of
 * date-time text, also for labels a person recognises a record by (referenceLists.ts), where a date alone counts.
 */
export function isDateOrDateTimeText(text: string): boolean {
	return ISO_DATE.test(text) || ISO_DATE_TIME.test(text);
}
