import { writeOperation } from '../common/write';

/** POST /bookings: the body carries whatever the workspace needs to book (the document shows no fields). */
export const create = writeOperation('booking', 'create', { bodyOptional: false });
