/** Reading the venue's opening hours for a given day or interval. */
import type { OpeningHours } from './model';
import { DAY_MS, MINUTE_MS, clockTimeToMinutes, startOfDay } from './time';

export interface OpenWindow {
	opensMs: number;
	closesMs: number;
}

/** The open window of the day starting at `dayStartMs`, or null when the venue is closed that day. */
export function openWindowOfDay(hours: readonly OpeningHours[], dayStartMs: number): OpenWindow | null {
	const weekday = new Date(dayStartMs).getUTCDay();
	const day = hours.find((h) => h.weekday === weekday);
	if (!day || day.opens === null || day.closes === null) return null;
	return {
		opensMs: dayStartMs + clockTimeToMinutes(day.opens) * MINUTE_MS,
		closesMs: dayStartMs + clockTimeToMinutes(day.closes) * MINUTE_MS,
	};
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Mon 09:00–22:00, …, Sun closed", for error messages. */
export function describeOpeningHours(hours: readonly OpeningHours[]): string {
	const order = [1, 2, 3, 4, 5, 6, 0];
	return order
		.map((weekday) => {
			const day = hours.find((h) => h.weekday === weekday);
			return `${WEEKDAY_NAMES[weekday]} ${day?.opens && day.closes ? `${day.opens}–${day.closes}` : 'closed'}`;
		})
		.join(', ');
}

/** Whether [startMs, endMs) lies inside one day's opening hours. */
export function isWithinOpeningHours(hours: readonly OpeningHours[], startMs: number, endMs: number): boolean {
	const window = openWindowOfDay(hours, startOfDay(startMs));
	return window !== null && startMs >= window.opensMs && endMs <= window.closesMs;
}

/** The first open window starting on or after the given day (searches two weeks; the venue is never closed longer). */
export function nextOpenWindow(hours: readonly OpeningHours[], fromDayStartMs: number): OpenWindow {
	for (let day = 0; day < 14; day++) {
		const window = openWindowOfDay(hours, fromDayStartMs + day * DAY_MS);
		if (window) return window;
	}
	throw new Error('The venue has no opening hours at all');
}
