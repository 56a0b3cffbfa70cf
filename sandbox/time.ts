/**
 * Time helpers. The sandbox venue runs on UTC, so "venue time" and UTC are the same and a date-time
 * without an offset is read as UTC.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// Module-level copies: global lookups are slow inside jest's vm sandbox, and these run 100k+ times at scale.
const { floor } = Math;
const twoDigits = (n: number): string => (n < 10 ? '0' + n : '' + n);

let cachedDayMs = Number.NaN;
let cachedDayPrefix = '';

/**
 * "2027-03-01T09:00:00Z": second precision keeps records short and stable. The date part is cached per day
 * because generating 100k+ timestamps at scale is otherwise the slowest part of seeding.
 */
export function formatInstant(ms: number): string {
	const dayMs = floor(ms / DAY_MS) * DAY_MS;
	if (dayMs !== cachedDayMs) {
		cachedDayMs = dayMs;
		cachedDayPrefix = new Date(dayMs).toISOString().slice(0, 11);
	}
	const seconds = floor((ms - dayMs) / 1000);
	return cachedDayPrefix + twoDigits(floor(seconds / 3600)) + ':' + twoDigits(floor(seconds / 60) % 60) + ':' + twoDigits(seconds % 60) + 'Z';
}

export function formatDate(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** Parses "YYYY-MM-DD" (midnight UTC) or an ISO date-time; null when malformed or not a real date. */
export function parseDateOrInstant(text: string): { ms: number; dateOnly: boolean } | null {
	if (DATE_ONLY.test(text)) {
		const ms = Date.parse(`${text}T00:00:00Z`);
		// Date.parse rolls "2027-02-30" over to March; a real calendar date must format back to itself.
		return Number.isNaN(ms) || formatDate(ms) !== text ? null : { ms, dateOnly: true };
	}
	if (DATE_TIME.test(text)) {
		const hasOffset = /(Z|[+-]\d{2}:\d{2})$/i.test(text);
		const ms = Date.parse(hasOffset ? text : `${text}Z`);
		return Number.isNaN(ms) ? null : { ms, dateOnly: false };
	}
	return null;
}

export function parseInstant(text: string): number | null {
	const parsed = parseDateOrInstant(text);
	return parsed && !parsed.dateOnly ? parsed.ms : null;
}

export function startOfDay(ms: number): number {
	return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}

/** "09:30" → 570. */
export function clockTimeToMinutes(clockTime: string): number {
	const [hours, minutes] = clockTime.split(':').map(Number);
	return hours * 60 + minutes;
}

/**
 * The workspace's clock: it starts at a fixed instant (so seeded data and "is this in the past?" rules do not
 * depend on the real date) and then runs with real time, so new records get increasing timestamps.
 */
export class WorkspaceClock {
	private readonly realStart = Date.now();
	private offsetMs = 0;

	constructor(private readonly startMs: number) {}

	now(): number {
		return this.startMs + (Date.now() - this.realStart) + this.offsetMs;
	}

	/** Moves the clock forward (tests of "past" rules). */
	advance(ms: number): void {
		this.offsetMs += ms;
	}
}
