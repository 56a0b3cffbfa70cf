/**
 * The four booking routes. Bodies (names in the dialect's naming; camelCase shown):
 * - POST /bookings: `{ roomId, serviceId, start, clientId }` or `{ roomId, serviceId, start, client: { name, email, phone? } }`,
 *   optional `note`. `start` is an ISO 8601 date-time; the end follows from the service's duration.
 * - PATCH /bookings/{id}: `{ status: "cancelled", cancelReason? }` (the workspace's spelling of cancelled) to cancel, or `{ start?, roomId? }` to reschedule.
 */
import { cancelBooking, createBooking, rescheduleBooking } from '../bookingRules';
import { readFields, requireFields } from '../bodyFields';
import { badRequest, notFound, validationFailed } from '../errors';
import type { Booking, BookingStatus } from '../model';
import { readEnum, readString, readTimeRange } from '../query';
import { parseInstant } from '../time';
import { API_PATH_PREFIX } from '../../nodes/VenueBooking/endpoints';
import type { Sequence } from '../sequence';
import type { Route, RouteContext } from './route';

const BOOKING_STATUSES: readonly BookingStatus[] = ['confirmed', 'cancelled'];

function readStart(value: unknown, context: RouteContext): number {
	const startMs = parseInstant(String(value));
	if (startMs === null) {
		const field = context.name('start');
		throw badRequest(`Field "${field}" must be an ISO 8601 date-time such as 2027-03-02T10:00:00Z.`, [{ field, message: 'not a date-time' }]);
	}
	return startMs;
}

/** A booking as the workspace answers it: its cancelled state spelt as the workspace spells it (SandboxOptions.cancelledState). */
function spelt(booking: Booking, context: RouteContext): object {
	const word = context.settings.cancelledState;
	return booking.status === 'cancelled' && word !== 'cancelled' ? { ...booking, status: word } : booking;
}

function findBookingOr404(context: RouteContext): Booking {
	const booking = context.store.findBooking(context.id!);
	if (!booking) throw notFound(`No booking with id "${context.id}".`);
	return booking;
}

export const listBookings: Route = {
	filters: ['status', 'roomId', 'serviceId', 'clientId', 'from', 'to'],
	handle(context) {
		const { store, query } = context;
		const status = readEnum(query, 'status', BOOKING_STATUSES);
		const roomId = readString(query, 'roomId');
		const serviceId = readString(query, 'serviceId');
		const clientId = readString(query, 'clientId');
		const { fromMs, toMs } = readTimeRange(query);
		const filtered = status !== undefined || roomId !== undefined || serviceId !== undefined || clientId !== undefined || fromMs !== undefined || toMs !== undefined;
		// Unfiltered, the list is the store's own, each entry rendered only when a page takes it: a 20,000-booking
		// workspace answers a page without copying every booking (the editor bench reads a thousand pages).
		const bookings = !filtered ? store.bookings : store.bookings.filter((b) => {
			if (status !== undefined && b.status !== status) return false;
			if (roomId !== undefined && b.roomId !== roomId) return false;
			if (serviceId !== undefined && b.serviceId !== serviceId) return false;
			if (clientId !== undefined && b.clientId !== clientId) return false;
			if (fromMs === undefined && toMs === undefined) return true;
			const startMs = Date.parse(b.start);
			return (fromMs === undefined || startMs >= fromMs) && (toMs === undefined || startMs < toMs);
		});
		const answered: Sequence<object> = {
			length: bookings.length,
			at: (index) => {
				const booking = bookings[index];
				return booking && { ...spelt(booking, context), id: booking.id };
			},
		};
		return { kind: 'list', resource: 'bookings', source: { items: answered, anchorOf: (item) => store.positionOf('bookings', (item as Booking).id) } };
	},
};

export const getBooking: Route = {
	filters: [],
	handle(context) {
		return { kind: 'record', status: 200, record: spelt(findBookingOr404(context), context) };
	},
};

export const createBookingRoute: Route = {
	filters: [],
	handle(context) {
		const { store, settings, name } = context;
		if (context.body === undefined) throw badRequest('A JSON object body is required.');
		const fields = readFields(
			context.body,
			{ roomId: 'string', serviceId: 'string', start: 'string', clientId: 'string', client: 'object', note: 'string' },
			settings.naming,
		);
		requireFields(fields, ['roomId', 'serviceId', 'start'], settings.naming);
		if ((fields.clientId === undefined) === (fields.client === undefined)) {
			throw badRequest(`Give exactly one of "${name('clientId')}" (an existing client) or "${name('client')}" (a new one).`, [
				{ field: name('clientId'), message: 'exactly one of these' },
				{ field: name('client'), message: 'exactly one of these' },
			]);
		}
		let newClient: { name: string; email: string; phone?: string } | undefined;
		if (fields.client !== undefined) {
			const client = readFields(fields.client, { name: 'string', email: 'string', phone: 'string' }, settings.naming, `Field "${name('client')}"`);
			requireFields(client, ['name', 'email'], settings.naming);
			if (!/^[^@\s]+@[^@\s]+$/.test(client.email as string)) {
				throw validationFailed(`"${client.email}" is not an email address.`, [{ field: `${name('client')}.email`, message: 'not an email address' }]);
			}
			newClient = client as typeof newClient;
		}
		const booking = createBooking(
			store,
			{
				roomId: fields.roomId as string,
				serviceId: fields.serviceId as string,
				startMs: readStart(fields.start, context),
				clientId: fields.clientId as string | undefined,
				newClient,
				note: fields.note as string | undefined,
			},
			name,
		);
		return { kind: 'record', status: 201, record: booking, headers: { Location: `${API_PATH_PREFIX}/bookings/${encodeURIComponent(booking.id)}` } };
	},
};

export const updateBooking: Route = {
	filters: [],
	handle(context) {
		const { store, settings, name } = context;
		const booking = findBookingOr404(context);
		if (context.body === undefined) throw badRequest('A JSON object body is required.');
		const fields = readFields(context.body, { status: 'string', cancelReason: 'string', start: 'string', roomId: 'string' }, settings.naming);
		const cancels = fields.status !== undefined || fields.cancelReason !== undefined;
		const reschedules = fields.start !== undefined || fields.roomId !== undefined;
		if (!cancels && !reschedules) {
			throw badRequest(
				`Nothing to change: send {"${name('status')}": "cancelled"} to cancel, or "${name('start')}" and/or "${name('roomId')}" to reschedule.`,
			);
		}
		if (cancels && reschedules) {
			throw badRequest('Cancel and reschedule are separate requests; send one or the other.');
		}
		if (cancels) {
			const word = settings.cancelledState;
			if (fields.status !== word) {
				throw validationFailed(`Only "${word}" can be set as "${name('status')}"; got ${JSON.stringify(fields.status ?? null)}.`, [
					{ field: name('status'), message: `must be "${word}"` },
				]);
			}
			return { kind: 'record', status: 200, record: spelt(cancelBooking(store, booking, fields.cancelReason as string | undefined), context) };
		}
		const startMs = fields.start === undefined ? Date.parse(booking.start) : readStart(fields.start, context);
		const updated = rescheduleBooking(store, booking, { startMs, roomId: fields.roomId as string | undefined }, name);
		return { kind: 'record', status: 200, record: updated };
	},
};
