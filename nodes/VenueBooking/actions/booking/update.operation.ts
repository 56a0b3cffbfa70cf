import { writeOperation } from '../common/write';

/** PATCH /bookings/{id}: cancels or reschedules, depending on the body the user sends. */
export const update = writeOperation('booking', 'update', {
	id: { name: 'bookingId', displayName: 'Booking ID', what: 'booking' },
	bodyOptional: false,
});
