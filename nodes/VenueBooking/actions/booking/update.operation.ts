import { findEndpoint } from '../../endpoints';
import { writeWithSeenFields } from './writeWithSeenFields';

/** Booking → Cancel or Reschedule: PATCH /bookings/{id}, the booking picked from a list or given by id. */
const operation = writeWithSeenFields(findEndpoint('booking', 'update'));

export const description = operation.description;
export const execute = operation.execute;
