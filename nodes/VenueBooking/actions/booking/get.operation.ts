import { getByIdOperation } from '../common/getById';

/** GET /bookings/{id}: one booking's details. */
export const get = getByIdOperation('booking', { name: 'bookingId', displayName: 'Booking ID', what: 'booking' });
