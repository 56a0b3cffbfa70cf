import { getManyOperation } from '../common/getMany';

/** GET /rooms: every entry, page by page (see common/getMany.ts). */
export const getAll = getManyOperation('room');
