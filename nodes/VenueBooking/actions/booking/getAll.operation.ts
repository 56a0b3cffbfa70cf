import { getManyOperation } from '../common/getMany';

/** GET /bookings: every entry, page by page (see common/getMany.ts). */
export const getAll = getManyOperation('booking');
