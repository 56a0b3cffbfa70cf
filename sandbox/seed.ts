/**
 * Builds the workspace's activity (clients, bookings, payments, webhook deliveries) from a seed. Same seed,
 * same "today" and same scale → identical data. Large scales are generated in plain loops without
 * per-record searches, so 100k payments and 100k deliveries take well under a second.
 */
import { catalogAtScale, OPENING_HOURS, SLOT_STEP_MINUTES } from './catalog';
import { ID_PREFIX, makeId } from './ids';
import type { Booking, Client, Delivery, DeliveryEvent, Payment, Room, Service } from './model';
import { nextOpenWindow } from './openingHours';
import { createRandom, type Random } from './random';
import type { ScaleOptions } from './options';
import { DAY_MS, HOUR_MS, MINUTE_MS, formatInstant, startOfDay } from './time';

export interface WorkspaceData {
	rooms: Room[];
	services: Service[];
	clients: Client[];
	bookings: Booking[];
	payments: Payment[];
	deliveries: Delivery[];
}

export const DEFAULT_CLIENT_COUNT = 40;
export const DEFAULT_BOOKING_COUNT = 60;
export const WEBHOOK_URL = 'https://partner.example/hooks/venue-booking';

/**
 * Clients whose ids contain a space, a non-ASCII letter and a slash: legitimate ids that a client must
 * percent-encode in a path.
 */
export const UNUSUAL_CLIENT_IDS = ['cli_walk in', 'cli_zoë', 'cli_team/alpha'] as const;
const UNUSUAL_CLIENT_NAMES = ['Walk-in Customer', 'Zoë Brandt', 'Team Alpha (Agency)'];

const FIRST_NAMES = ['Ada', 'Ben', 'Chloé', 'Dmitri', 'Emma', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Lena', 'Mateo', 'Nora', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tara'];
const LAST_NAMES = ['Alvarez', 'Becker', 'Chen', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Hansen', 'Ivanova', 'Jones', 'Kowalski', 'Larsen', 'Moreau', 'Novak', 'Okafor', 'Petrov', 'Rossi', 'Schmidt', 'Tanaka', 'Weber'];
const CANCEL_REASONS = ['Client request', 'Band member ill', 'Shoot postponed', 'Double booked by client'];
const PAYMENT_METHODS: readonly Payment['method'][] = ['card', 'cash', 'transfer'];

function generateClients(random: Random, count: number, nowMs: number): Client[] {
	const clients: Client[] = [];
	const firstCreated = nowMs - 730 * DAY_MS;
	const step = Math.max(1, Math.floor((730 * DAY_MS) / Math.max(count, 1)));
	for (let index = 0; index < count; index++) {
		const unusual = index >= 1 && index <= UNUSUAL_CLIENT_IDS.length && count > UNUSUAL_CLIENT_IDS.length;
		const first = random.pick(FIRST_NAMES);
		const last = random.pick(LAST_NAMES);
		const name = unusual ? UNUSUAL_CLIENT_NAMES[index - 1] : `${first} ${last}`;
		const emailUser = name.toLowerCase().normalize('NFD').replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '');
		clients.push({
			id: unusual ? UNUSUAL_CLIENT_IDS[index - 1] : makeId(ID_PREFIX.client, index + 1),
			name,
			email: `${emailUser}.${index + 1}@example.com`,
			phone: `+49 30 ${String(random.int(1000000, 9999999))}`,
			createdAt: formatInstant(firstCreated + index * step),
		});
	}
	return clients;
}

type Catalog = { rooms: Room[]; services: Service[] };

interface PlannedBooking {
	room: Room;
	service: Service;
	startMs: number;
	endMs: number;
}

/**
 * Places bookings on each room's own timeline, moving forward from a start point in the past so that about
 * half lie before "now": non-overlapping and inside opening hours by construction.
 */
function planBookings(random: Random, count: number, nowMs: number, catalog: Catalog): PlannedBooking[] {
	const { rooms, services } = catalog;
	const offeredIn = new Map<string, Service[]>();
	for (const service of services) for (const roomId of service.roomIds) offeredIn.set(roomId, [...(offeredIn.get(roomId) ?? []), service]);
	const bookableRooms = rooms.filter((room) => offeredIn.has(room.id));
	const averageDaysPerBooking = 1.3;
	const spreadDays = Math.ceil((count / bookableRooms.length) * averageDaysPerBooking);
	const timelineStart = startOfDay(nowMs) - Math.ceil(spreadDays / 2) * DAY_MS;
	const pointers = new Map(bookableRooms.map((room) => [room.id, timelineStart]));
	const planned: PlannedBooking[] = [];
	for (let index = 0; index < count; index++) {
		const room = random.pick(bookableRooms);
		const service = random.pick(offeredIn.get(room.id)!);
		let pointer = pointers.get(room.id)!;
		pointer = random.chance(0.6)
			? startOfDay(pointer) + random.int(1, 3) * DAY_MS
			: pointer + random.pick([0, 1, 2, 4]) * SLOT_STEP_MINUTES * MINUTE_MS;
		const durationMs = service.durationMinutes * MINUTE_MS;
		let window = nextOpenWindow(OPENING_HOURS, startOfDay(pointer));
		let startMs = Math.max(pointer, window.opensMs);
		if (startMs + durationMs > window.closesMs) {
			window = nextOpenWindow(OPENING_HOURS, startOfDay(pointer) + DAY_MS);
			startMs = window.opensMs;
		}
		planned.push({ room, service, startMs, endMs: startMs + durationMs });
		pointers.set(room.id, startMs + durationMs);
	}
	return planned;
}

interface BookingWithTimes {
	booking: Booking;
	createdMs: number;
	cancelledMs: number | null;
}

function generateBookings(random: Random, count: number, clients: Client[], nowMs: number, catalog: Catalog): BookingWithTimes[] {
	const generated = planBookings(random, count, nowMs, catalog).map(({ room, service, startMs, endMs }) => {
		const createdMs = Math.min(startMs, nowMs) - random.int(1, 20 * 24) * HOUR_MS;
		const cancelledMs = random.chance(0.1)
			? createdMs + Math.floor(random.next() * (Math.min(startMs, nowMs) - createdMs))
			: null;
		const prepaid = service.prepaymentRequired;
		const paidOnSite = !prepaid && cancelledMs === null && endMs <= nowMs;
		const booking: Booking = {
			id: '',
			roomId: room.id,
			serviceId: service.id,
			clientId: clients.length > 0 ? random.pick(clients).id : 'cli_none',
			start: formatInstant(startMs),
			end: formatInstant(endMs),
			status: cancelledMs === null ? 'confirmed' : 'cancelled',
			priceCents: service.priceCents,
			currency: service.currency,
			paymentStatus: prepaid ? (cancelledMs === null ? 'paid' : 'refunded') : paidOnSite ? 'paid' : 'unpaid',
			note: random.chance(0.2) ? 'Please prepare the space 15 minutes early' : null,
			createdAt: formatInstant(createdMs),
			updatedAt: formatInstant(cancelledMs ?? createdMs),
			cancelledAt: cancelledMs === null ? null : formatInstant(cancelledMs),
			cancelReason: cancelledMs === null ? null : random.pick(CANCEL_REASONS),
		};
		return { booking, createdMs, cancelledMs };
	});
	// The list's natural order is creation order; ids are given in that order.
	generated.sort((a, b) => a.createdMs - b.createdMs);
	generated.forEach((entry, index) => (entry.booking.id = makeId(ID_PREFIX.booking, index + 1)));
	return generated;
}

interface Timed<T> {
	atMs: number;
	record: T;
}

function byTimeWithIds<T extends { id: string }>(entries: Timed<T>[], prefix: string): T[] {
	entries.sort((a, b) => a.atMs - b.atMs);
	return entries.map((entry, index) => {
		entry.record.id = makeId(prefix, index + 1);
		return entry.record;
	});
}

function paymentsOfBookings(random: Random, bookings: BookingWithTimes[], nowMs: number, services: Service[]): Payment[] {
	const serviceOf = new Map(services.map((service) => [service.id, service]));
	const entries: Timed<Payment>[] = [];
	const charge = (booking: Booking, atMs: number, kind: Payment['kind']): void => {
		entries.push({
			atMs,
			record: {
				id: '',
				bookingId: booking.id,
				clientId: booking.clientId,
				kind,
				amountCents: kind === 'refund' ? -booking.priceCents : booking.priceCents,
				currency: booking.currency,
				method: random.pick(PAYMENT_METHODS),
				createdAt: formatInstant(atMs),
			},
		});
	};
	for (const { booking, createdMs, cancelledMs } of bookings) {
		const service = serviceOf.get(booking.serviceId)!;
		if (service.prepaymentRequired) {
			charge(booking, createdMs, 'charge');
			if (cancelledMs !== null) charge(booking, cancelledMs, 'refund');
		} else if (booking.paymentStatus === 'paid') {
			charge(booking, Math.min(Date.parse(booking.end), nowMs), 'charge');
		}
	}
	return byTimeWithIds(entries, ID_PREFIX.payment);
}

function delivery(event: DeliveryEvent, bookingId: string | null, atMs: number, failed: boolean): Delivery {
	return {
		id: '',
		event,
		bookingId,
		url: WEBHOOK_URL,
		status: failed ? 'failed' : 'delivered',
		responseStatus: failed ? 500 : 200,
		attempts: failed ? 3 : 1,
		createdAt: formatInstant(atMs),
	};
}

function deliveriesOfBookings(random: Random, bookings: BookingWithTimes[]): Delivery[] {
	const entries: Timed<Delivery>[] = [];
	for (const { booking, createdMs, cancelledMs } of bookings) {
		entries.push({ atMs: createdMs, record: delivery('booking.created', booking.id, createdMs, random.chance(0.05)) });
		if (cancelledMs !== null) {
			entries.push({ atMs: cancelledMs, record: delivery('booking.cancelled', booking.id, cancelledMs, random.chance(0.05)) });
		}
	}
	return byTimeWithIds(entries, ID_PREFIX.delivery);
}

/** `count` payments one minute apart ending at "now", each for a random booking. */
function syntheticPayments(random: Random, count: number, bookings: Booking[], nowMs: number): Payment[] {
	const payments: Payment[] = new Array(count);
	const firstMs = nowMs - count * MINUTE_MS;
	for (let index = 0; index < count; index++) {
		const booking = bookings.length > 0 ? random.pick(bookings) : undefined;
		const refund = random.next() < 0.05;
		const amount = booking?.priceCents ?? 1000;
		payments[index] = {
			id: makeId(ID_PREFIX.payment, index + 1),
			bookingId: booking?.id ?? 'bkg_none',
			clientId: booking?.clientId ?? 'cli_none',
			kind: refund ? 'refund' : 'charge',
			amountCents: refund ? -amount : amount,
			currency: 'EUR',
			method: PAYMENT_METHODS[index % PAYMENT_METHODS.length],
			createdAt: formatInstant(firstMs + index * MINUTE_MS),
		};
	}
	return payments;
}

function syntheticDeliveries(random: Random, count: number, bookings: Booking[], nowMs: number): Delivery[] {
	const deliveries: Delivery[] = new Array(count);
	const firstMs = nowMs - count * MINUTE_MS;
	const events: readonly DeliveryEvent[] = ['booking.created', 'booking.created', 'booking.cancelled', 'booking.rescheduled'];
	for (let index = 0; index < count; index++) {
		const booking = bookings.length > 0 ? random.pick(bookings) : undefined;
		const entry = delivery(events[index % events.length], booking?.id ?? null, firstMs + index * MINUTE_MS, random.next() < 0.03);
		entry.id = makeId(ID_PREFIX.delivery, index + 1);
		deliveries[index] = entry;
	}
	return deliveries;
}

export function seedWorkspace(seed: number, nowMs: number, scale: ScaleOptions = {}): WorkspaceData {
	// Each collection draws from its own stream, so scaling one collection does not reshuffle the others.
	const catalog = catalogAtScale(scale.rooms, scale.services);
	const clients = generateClients(createRandom(seed * 7 + 1), scale.clients ?? DEFAULT_CLIENT_COUNT, nowMs);
	const timedBookings = generateBookings(createRandom(seed * 7 + 2), scale.bookings ?? DEFAULT_BOOKING_COUNT, clients, nowMs, catalog);
	const bookings = timedBookings.map((entry) => entry.booking);
	const payments =
		scale.payments !== undefined
			? syntheticPayments(createRandom(seed * 7 + 3), scale.payments, bookings, nowMs)
			: paymentsOfBookings(createRandom(seed * 7 + 3), timedBookings, nowMs, catalog.services);
	const deliveries =
		scale.deliveries !== undefined
			? syntheticDeliveries(createRandom(seed * 7 + 4), scale.deliveries, bookings, nowMs)
			: deliveriesOfBookings(createRandom(seed * 7 + 4), timedBookings);
	return { ...catalog, clients, bookings, payments, deliveries };
}
