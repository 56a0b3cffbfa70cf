import { getManyOperation } from '../common/getMany';

/** GET /payments: every entry, page by page (see common/getMany.ts). */
export const getAll = getManyOperation('payment');
