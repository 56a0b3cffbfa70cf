/**
 * What a venue allows when bookings are created, cancelled or rescheduled. Every check runs before any
 * change, so a rejected request leaves the workspace exactly as it was.
 *
 * Payment model: a service with `prepaymentRequired` is charged in full when booked (a "charge" payment)
 * and refunded when cancelled (a "refund" payment); other services are paid on site and create no payment
 * through the API. Every change writes one webhook delivery journal entry.
 */
import { ApiError, conflict, validationFailed } from './errors';
import type { Booking, Client, Room, Service } from './model';
import { describeOpeningHours, isWithinOpeningHours } from './openingHours';
import type { Store } from './store';
import { MINUTE_MS, formatInstant } from './time';

/** Turns a canonical field name into the dialect's name, for messages. */
export type FieldNamer = (canonical: string) => string;

export interface NewBooking {
	roomId: string;
	serviceId: string;
	startMs: number;
	clientId?: string;
	newClient?: { name: string; email: string; phone?: string };
	note?: string;
}

export interface Reschedule {
	startMs: number;
	roomId?: string;
}

function requireRoomOffering(store: Store, serviceId: string, roomId: string, name: FieldNamer): { room: Room; service: Service } {
	const service = store.findService(serviceId);
	if (!service) {
		throw validationFailed(`No service with id "${serviceId}".`, [{ field: name('serviceId'), message: 'unknown service' }]);
	}
	const room = store.findRoom(roomId);
	if (!room) {
		throw validationFailed(`No room or resource with id "${roomId}".`, [{ field: name('roomId'), message: 'unknown room' }]);
	}
	if (!service.roomIds.includes(room.id)) {
		throw validationFailed(`Service "${service.id}" cannot be booked in "${room.id}"; it is offered in ${service.roomIds.join(', ')}.`, [
			{ field: name('roomId'), message: 'service not offered in this room' },
		]);
	}
	return { room, service };
}

function requireBookableTime(store: Store, startMs: number, endMs: number, name: FieldNamer): void {
	if (startMs < store.clock.now()) {
		throw validationFailed(`The start ${formatInstant(startMs)} is in the past (workspace time is ${store.nowIso()}).`, [
			{ field: name('start'), message: 'in the past' },
		]);
	}
	if (!isWithinOpeningHours(store.openingHours, startMs, endMs)) {
		throw validationFailed(
			`${formatInstant(startMs)}–${formatInstant(endMs)} is outside the venue's opening hours (UTC): ${describeOpeningHours(store.openingHours)}.`,
			[{ field: name('start'), message: 'outside opening hours' }],
		);
	}
}

/** The first non-cancelled booking of the room overlapping [startMs, endMs), other than `ignoreId`. */
export function findConflict(store: Store, roomId: string, startMs: number, endMs: number, ignoreId?: string): Booking | undefined {
	return store.bookings.find(
		(b) =>
			b.roomId === roomId &&
			b.status !== 'cancelled' &&
			b.id !== ignoreId &&
			Date.parse(b.start) < endMs &&
			startMs < Date.parse(b.end),
	);
}

function requireFree(store: Store, roomId: string, startMs: number, endMs: number, ignoreId?: string): void {
	const taken = findConflict(store, roomId, startMs, endMs, ignoreId);
	if (taken) {
		throw conflict('slot_taken', `${roomId} is already booked ${taken.start}–${taken.end} (booking ${taken.id}).`);
	}
}

function requireNotStarted(store: Store, booking: Booking, action: string): void {
	if (Date.parse(booking.start) <= store.clock.now()) {
		throw validationFailed(`Booking ${booking.id} started at ${booking.start}; a started or past booking cannot be ${action}.`);
	}
}

export function createBooking(store: Store, input: NewBooking, name: FieldNamer): Booking {
	const { room, service } = requireRoomOffering(store, input.serviceId, input.roomId, name);
	let client: Client | undefined;
	if (input.clientId !== undefined) {
		client = store.findClient(input.clientId);
		if (!client) {
			throw validationFailed(`No client with id "${input.clientId}".`, [{ field: name('clientId'), message: 'unknown client' }]);
		}
	}
	const endMs = input.startMs + service.durationMinutes * MINUTE_MS;
	requireBookableTime(store, input.startMs, endMs, name);
	requireFree(store, room.id, input.startMs, endMs);

	if (!client) {
		const fresh = input.newClient!;
		client = store.addClient({ name: fresh.name, email: fresh.email, phone: fresh.phone ?? '' });
	}
	const booking = store.addBooking({
		roomId: room.id,
		serviceId: service.id,
		clientId: client.id,
		start: formatInstant(input.startMs),
		end: formatInstant(endMs),
		status: 'confirmed',
		priceCents: service.priceCents,
		currency: service.currency,
		paymentStatus: service.prepaymentRequired ? 'paid' : 'unpaid',
		note: input.note ?? null,
		cancelledAt: null,
		cancelReason: null,
	});
	if (service.prepaymentRequired) {
		store.addPayment({
			bookingId: booking.id,
			clientId: client.id,
			kind: 'charge',
			amountCents: booking.priceCents,
			currency: booking.currency,
			method: 'card',
		});
	}
	store.addDelivery('booking.created', booking.id);
	return booking;
}

export function cancelBooking(store: Store, booking: Booking, reason: string | undefined): Booking {
	if (booking.status === 'cancelled') {
		throw conflict('already_cancelled', `Booking ${booking.id} was already cancelled at ${booking.cancelledAt}.`);
	}
	requireNotStarted(store, booking, 'cancelled');
	const now = store.nowIso();
	booking.status = 'cancelled';
	booking.cancelledAt = now;
	booking.cancelReason = reason ?? null;
	booking.updatedAt = now;
	if (booking.paymentStatus === 'paid') {
		store.addPayment({
			bookingId: booking.id,
			clientId: booking.clientId,
			kind: 'refund',
			amountCents: -booking.priceCents,
			currency: booking.currency,
			method: 'card',
		});
		booking.paymentStatus = 'refunded';
	}
	store.addDelivery('booking.cancelled', booking.id);
	return booking;
}

export function rescheduleBooking(store: Store, booking: Booking, change: Reschedule, name: FieldNamer): Booking {
	if (booking.status === 'cancelled') {
		throw new ApiError(422, 'booking_cancelled', `Booking ${booking.id} is cancelled and cannot be rescheduled.`);
	}
	requireNotStarted(store, booking, 'rescheduled');
	const { room, service } = requireRoomOffering(store, booking.serviceId, change.roomId ?? booking.roomId, name);
	const endMs = change.startMs + service.durationMinutes * MINUTE_MS;
	requireBookableTime(store, change.startMs, endMs, name);
	requireFree(store, room.id, change.startMs, endMs, booking.id);
	booking.roomId = room.id;
	booking.start = formatInstant(change.startMs);
	booking.end = formatInstant(endMs);
	booking.updatedAt = store.nowIso();
	store.addDelivery('booking.rescheduled', booking.id);
	return booking;
}
