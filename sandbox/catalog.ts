/**
 * The venue's fixed catalog: rooms and rentable equipment, services and opening hours. It is the same for
 * every seed because a venue's catalog is configuration, not activity.
 */
import type { OpeningHours, Room, Service } from './model';

export const ROOMS: readonly Room[] = [
	{ id: 'room_studio_a', name: 'Studio A', kind: 'studio', capacity: 6, description: 'Photo studio with cyclorama wall' },
	{ id: 'room_studio_b', name: 'Studio B (Daylight)', kind: 'studio', capacity: 4, description: 'North-facing daylight studio' },
	{ id: 'room_loft', name: 'The Loft', kind: 'loft', capacity: 40, description: 'Event loft with kitchen and terrace' },
	{ id: 'room_rehearsal_1', name: 'Rehearsal Room 1', kind: 'rehearsal', capacity: 5, description: 'Drum kit, two amps, PA' },
	{ id: 'room_rehearsal_2', name: 'Rehearsal Room 2', kind: 'rehearsal', capacity: 8, description: 'Large room with grand piano' },
	{ id: 'equip_camera_kit', name: 'Camera Kit (full-frame)', kind: 'equipment', capacity: 1, description: 'Body, three lenses, tripod' },
	{ id: 'equip_lighting_set', name: 'Lighting Set', kind: 'equipment', capacity: 2, description: 'Three LED panels with stands' },
	{ id: 'equip_pa_system', name: 'PA System', kind: 'equipment', capacity: 1, description: '2 kW speakers, mixer, microphones' },
];

export const SERVICES: readonly Service[] = [
	{ id: 'svc_photo_1h', name: 'Photo studio, 1 hour', durationMinutes: 60, priceCents: 4500, currency: 'EUR', roomIds: ['room_studio_a', 'room_studio_b'], prepaymentRequired: false },
	{ id: 'svc_photo_3h', name: 'Photo studio, 3 hours', durationMinutes: 180, priceCents: 12000, currency: 'EUR', roomIds: ['room_studio_a', 'room_studio_b'], prepaymentRequired: true },
	{ id: 'svc_loft_event', name: 'Loft event, 4 hours', durationMinutes: 240, priceCents: 60000, currency: 'EUR', roomIds: ['room_loft'], prepaymentRequired: true },
	{ id: 'svc_rehearsal_2h', name: 'Band rehearsal, 2 hours', durationMinutes: 120, priceCents: 3000, currency: 'EUR', roomIds: ['room_rehearsal_1', 'room_rehearsal_2'], prepaymentRequired: false },
	{ id: 'svc_camera_day', name: 'Camera kit rental, 8 hours', durationMinutes: 480, priceCents: 9000, currency: 'EUR', roomIds: ['equip_camera_kit'], prepaymentRequired: true },
	{ id: 'svc_lighting_4h', name: 'Lighting set rental, 4 hours', durationMinutes: 240, priceCents: 4000, currency: 'EUR', roomIds: ['equip_lighting_set'], prepaymentRequired: false },
	{ id: 'svc_pa_4h', name: 'PA system rental, 4 hours', durationMinutes: 240, priceCents: 4500, currency: 'EUR', roomIds: ['equip_pa_system'], prepaymentRequired: false },
];

const EXTRA_ROOM_KINDS: ReadonlyArray<{ kind: Room['kind']; word: string; capacity: number }> = [
	{ kind: 'studio', word: 'Studio', capacity: 6 },
	{ kind: 'rehearsal', word: 'Rehearsal Room', capacity: 5 },
	{ kind: 'loft', word: 'Loft', capacity: 30 },
	{ kind: 'equipment', word: 'Rental Kit', capacity: 1 },
];
const EXTRA_NAMES = ['Amber', 'Birch', 'Cobalt', 'Dune', 'Ember', 'Fern', 'Granite', 'Harbor', 'Indigo', 'Juniper', 'Kestrel', 'Linen', 'Maple', 'Nickel', 'Olive', 'Pine', 'Quartz', 'Russet', 'Slate', 'Teal'];

/**
 * The catalog at a benchmark's scale: the fixed rooms and services, then generated ones up to `rooms` and
 * `services` (a rental shop's hundreds of items). Every generated room is offered by a service, so bookings
 * spread over all of them; with no generated services, the fixed ones offer the generated rooms too.
 */
export function catalogAtScale(rooms = ROOMS.length, services = SERVICES.length): { rooms: Room[]; services: Service[] } {
	const allRooms = ROOMS.map((room) => ({ ...room }));
	for (let index = allRooms.length; index < rooms; index++) {
		const { kind, word, capacity } = EXTRA_ROOM_KINDS[index % EXTRA_ROOM_KINDS.length];
		const name = `${EXTRA_NAMES[index % EXTRA_NAMES.length]} ${word} ${Math.floor(index / EXTRA_NAMES.length) + 1}`;
		allRooms.push({ id: `room_x${index + 1}`, name, kind, capacity, description: `${word} for hire` });
	}
	const allServices = SERVICES.map((service) => ({ ...service, roomIds: [...service.roomIds] }));
	for (let index = allServices.length; index < services; index++) {
		const hours = 1 + (index % 4);
		allServices.push({
			id: `svc_x${index + 1}`,
			name: `${EXTRA_NAMES[index % EXTRA_NAMES.length]} package, ${hours} hour${hours === 1 ? '' : 's'}`,
			durationMinutes: hours * 60,
			priceCents: 2000 + 500 * (index % 10),
			currency: 'EUR',
			roomIds: [],
			prepaymentRequired: index % 3 === 0,
		});
	}
	const offering = allServices.length > SERVICES.length ? allServices.slice(SERVICES.length) : allServices;
	allRooms.slice(ROOMS.length).forEach((room, index) => offering[index % offering.length].roomIds.push(room.id));
	return { rooms: allRooms.slice(0, Math.max(rooms, 0)), services: allServices.slice(0, Math.max(services, 0)) };
}

/**
 * Weekdays 09–22, Saturday 10–20, Sunday 10–18: open every day, so "a booking for tomorrow" works whatever day it is,
 * while the shorter weekend days still give slot computation hours that differ by weekday to respect. Every
 * service fits into every day (the longest, 8 hours, fills Sunday).
 */
export const OPENING_HOURS: readonly OpeningHours[] = [
	{ weekday: 0, opens: '10:00', closes: '18:00' },
	{ weekday: 1, opens: '09:00', closes: '22:00' },
	{ weekday: 2, opens: '09:00', closes: '22:00' },
	{ weekday: 3, opens: '09:00', closes: '22:00' },
	{ weekday: 4, opens: '09:00', closes: '22:00' },
	{ weekday: 5, opens: '09:00', closes: '22:00' },
	{ weekday: 6, opens: '10:00', closes: '20:00' },
];

/** Slots start on this grid, from opening time. */
export const SLOT_STEP_MINUTES = 30;
