/**
 * Free slots: for each day of the range, each service and each room that offers it, every start on the
 * 30-minute grid from opening time whose whole duration fits before closing, does not overlap a
 * non-cancelled booking of that room, and is not in the past. Ordered by start, then room, then service
 * (catalog order).
 */
import { SLOT_STEP_MINUTES } from './catalog';
import { openWindowOfDay } from './openingHours';
import type { Store } from './store';
import { DAY_MS, MINUTE_MS, formatInstant, startOfDay } from './time';

export interface Slot {
	roomId: string;
	serviceId: string;
	start: string;
	end: string;
	priceCents: number;
	currency: string;
}

export interface SlotQuery {
	/** Slots starting at or after this instant … */
	fromMs: number;
	/** … and before this one. */
	toMs: number;
	roomId?: string;
	serviceId?: string;
}

/** The longest a slot range may be: keeps one request's computation small. */
export const MAX_SLOT_RANGE_DAYS = 31;

type Interval = [startMs: number, endMs: number];

function busyIntervalsByRoom(store: Store, fromMs: number, toMs: number): Map<string, Interval[]> {
	const busy = new Map<string, Interval[]>();
	for (const booking of store.bookings) {
		if (booking.status === 'cancelled') continue;
		const startMs = Date.parse(booking.start);
		const endMs = Date.parse(booking.end);
		if (endMs <= fromMs || startMs >= toMs) continue;
		const intervals = busy.get(booking.roomId) ?? [];
		intervals.push([startMs, endMs]);
		busy.set(booking.roomId, intervals);
	}
	return busy;
}

export function computeFreeSlots(store: Store, query: SlotQuery): Slot[] {
	const services = store.services.filter((s) => query.serviceId === undefined || s.id === query.serviceId);
	const rooms = store.rooms.filter((r) => query.roomId === undefined || r.id === query.roomId);
	const roomOrder = new Map(store.rooms.map((room, index) => [room.id, index]));
	const earliestMs = Math.max(query.fromMs, store.clock.now());
	// A booking can only block a slot of the range if it overlaps the range's open days.
	const busy = busyIntervalsByRoom(store, startOfDay(query.fromMs), startOfDay(query.toMs) + DAY_MS);
	const stepMs = SLOT_STEP_MINUTES * MINUTE_MS;
	const found: Array<{ slot: Slot; startMs: number; roomIndex: number; serviceIndex: number }> = [];

	for (let dayMs = startOfDay(query.fromMs); dayMs < query.toMs; dayMs += DAY_MS) {
		const window = openWindowOfDay(store.openingHours, dayMs);
		if (!window) continue;
		services.forEach((service, serviceIndex) => {
			const durationMs = service.durationMinutes * MINUTE_MS;
			for (const room of rooms) {
				if (!service.roomIds.includes(room.id)) continue;
				const roomBusy = busy.get(room.id) ?? [];
				for (let startMs = window.opensMs; startMs + durationMs <= window.closesMs; startMs += stepMs) {
					if (startMs < earliestMs || startMs >= query.toMs) continue;
					const endMs = startMs + durationMs;
					if (roomBusy.some(([busyStart, busyEnd]) => busyStart < endMs && startMs < busyEnd)) continue;
					found.push({
						slot: {
							roomId: room.id,
							serviceId: service.id,
							start: formatInstant(startMs),
							end: formatInstant(endMs),
							priceCents: service.priceCents,
							currency: service.currency,
						},
						startMs,
						roomIndex: roomOrder.get(room.id)!,
						serviceIndex,
					});
				}
			}
		});
	}
	found.sort((a, b) => a.startMs - b.startMs || a.roomIndex - b.roomIndex || a.serviceIndex - b.serviceIndex);
	return found.map((entry) => entry.slot);
}
