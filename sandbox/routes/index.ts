/**
 * The route of every endpoint of the document's table. The server checks at start that each of the 12
 * endpoints has exactly one route here and no route lacks an endpoint.
 */
import { createBookingRoute, getBooking, listBookings, updateBooking } from './bookings';
import { listRooms, listServices } from './catalog';
import { getClient, listClients } from './clients';
import { listPayments } from './payments';
import type { Route } from './route';
import { listSlots } from './slots';
import { listDeliveries, sendTestWebhook } from './webhooks';

/** Keyed by "METHOD /path" exactly as in `endpoints.ts`. */
export const ROUTES: Readonly<Record<string, Route>> = {
	'GET /slots': listSlots,
	'POST /bookings': createBookingRoute,
	'GET /bookings': listBookings,
	'GET /bookings/{id}': getBooking,
	'PATCH /bookings/{id}': updateBooking,
	'GET /services': listServices,
	'GET /rooms': listRooms,
	'GET /clients': listClients,
	'GET /clients/{id}': getClient,
	'GET /payments': listPayments,
	'POST /webhooks/test': sendTestWebhook,
	'GET /webhooks/deliveries': listDeliveries,
};
