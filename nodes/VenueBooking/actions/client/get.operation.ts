import { getByIdOperation } from '../common/getById';

/** GET /clients/{id}: one client's card. */
export const get = getByIdOperation('client', { name: 'clientId', displayName: 'Client ID', what: 'client' });
