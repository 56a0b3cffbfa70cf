import { findEndpoint } from '../../endpoints';
import { writeWithSeenFields } from './writeWithSeenFields';

/** Booking → Create: POST /bookings with the fields seen in the workspace and the free-form body. */
const operation = writeWithSeenFields(findEndpoint('booking', 'create'));

export const description = operation.description;
export const execute = operation.execute;
