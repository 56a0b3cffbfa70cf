import { getManyOperation } from '../common/getMany';

/** GET /slots: every entry, page by page (see common/getMany.ts). */
export const getAll = getManyOperation('slot');
