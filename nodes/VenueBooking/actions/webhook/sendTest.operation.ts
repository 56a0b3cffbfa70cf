import { writeOperation } from '../common/write';

/** POST /webhooks/test: asks the workspace to send a test delivery; a body is optional. */
export const sendTest = writeOperation('webhook', 'sendTest', { bodyOptional: true });
