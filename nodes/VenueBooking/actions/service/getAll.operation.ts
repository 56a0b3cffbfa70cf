import { getManyOperation } from '../common/getMany';

/** GET /services: every entry, page by page (see common/getMany.ts). */
export const getAll = getManyOperation('service');
