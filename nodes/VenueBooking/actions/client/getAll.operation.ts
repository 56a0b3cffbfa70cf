import { getManyOperation } from '../common/getMany';

/** GET /clients: every entry, page by page (see common/getMany.ts). */
export const getAll = getManyOperation('client');
