import { getManyOperation } from '../common/getMany';

/** GET /webhooks/deliveries: every entry, page by page (see common/getMany.ts). */
export const getAll = getManyOperation('webhookDelivery');
