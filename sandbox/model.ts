/**
 * The records of the sandbox's venue workspace. These names are the sandbox's own invention (the API document
 * shows no fields); they are stored in camelCase and rendered in the dialect's naming on the way out.
 */

export type RoomKind = 'studio' | 'loft' | 'rehearsal' | 'equipment';

export interface Room {
	id: string;
	name: string;
	kind: RoomKind;
	/** People for a space, units for equipment. */
	capacity: number;
	description: string;
}

export interface Service {
	id: string;
	name: string;
	durationMinutes: number;
	priceCents: number;
	currency: string;
	/** Rooms or equipment this service can be booked in. */
	roomIds: string[];
	/** Whether creating a booking charges the full price at once (the sandbox's payment model). */
	prepaymentRequired: boolean;
}

/** Opening hours of one weekday, in the venue's time zone (the sandbox venue runs on UTC). */
export interface OpeningHours {
	/** 0 = Sunday … 6 = Saturday, as `Date.getUTCDay()`. */
	weekday: number;
	/** "09:00"; both null when the venue is closed that day. */
	opens: string | null;
	closes: string | null;
}

export interface Client {
	id: string;
	name: string;
	email: string;
	phone: string;
	createdAt: string;
}

export type BookingStatus = 'confirmed' | 'cancelled';
export type PaymentStatusOfBooking = 'unpaid' | 'paid' | 'refunded';

export interface Booking {
	id: string;
	roomId: string;
	serviceId: string;
	clientId: string;
	start: string;
	end: string;
	status: BookingStatus;
	priceCents: number;
	currency: string;
	paymentStatus: PaymentStatusOfBooking;
	note: string | null;
	createdAt: string;
	updatedAt: string;
	cancelledAt: string | null;
	cancelReason: string | null;
}

export type PaymentKind = 'charge' | 'refund';

export interface Payment {
	id: string;
	bookingId: string;
	clientId: string;
	kind: PaymentKind;
	/** Negative for refunds. */
	amountCents: number;
	currency: string;
	method: 'card' | 'cash' | 'transfer';
	createdAt: string;
}

export type DeliveryEvent = 'booking.created' | 'booking.cancelled' | 'booking.rescheduled' | 'webhook.test';

export const DELIVERY_EVENTS: readonly DeliveryEvent[] = [
	'booking.created',
	'booking.cancelled',
	'booking.rescheduled',
	'webhook.test',
];

export interface Delivery {
	id: string;
	event: DeliveryEvent;
	bookingId: string | null;
	url: string;
	status: 'delivered' | 'failed';
	responseStatus: number;
	attempts: number;
	createdAt: string;
}
