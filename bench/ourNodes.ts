/**
 * The package's node, trigger and credential types, loaded from source.
 *
 * Required with explicit `.ts` paths: `nodes/VenueBooking/VenueBooking.node` without an extension resolves to
 * the codex file `VenueBooking.node.json` beside it under tsx (Node tries `.json` before tsx's `.ts`), which is
 * why test/workflow/venueBooking.ts (fine under jest) cannot be reused here.
 */
import * as path from 'node:path';

import type { ICredentialType, INodeType } from 'n8n-workflow';

import type * as CredentialModule from '../credentials/VenueBookingApi.credentials';
import type * as NodeModule from '../nodes/VenueBooking/VenueBooking.node';
import type * as TriggerModule from '../nodes/VenueBooking/VenueBookingTrigger.node';
import { createPoller, node } from '../test/workflow/harness';

export const NODE_TYPE = 'n8n-nodes-venue-booking.venueBooking';
export const TRIGGER_TYPE = 'n8n-nodes-venue-booking.venueBookingTrigger';
export const NODE_NAME = 'Venue Booking';
export const TRIGGER_NAME = 'Venue Booking Trigger';

const ROOT = path.resolve(__dirname, '..');

function load<T>(relative: string): T {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return require(path.join(ROOT, relative)) as T;
}

const { VenueBooking } = load<typeof NodeModule>('nodes/VenueBooking/VenueBooking.node.ts');
const { VenueBookingTrigger } = load<typeof TriggerModule>('nodes/VenueBooking/VenueBookingTrigger.node.ts');
const { VenueBookingApi } = load<typeof CredentialModule>('credentials/VenueBookingApi.credentials.ts');

export const nodeTypes: Record<string, INodeType> = {
	[NODE_TYPE]: new VenueBooking(),
	[TRIGGER_TYPE]: new VenueBookingTrigger(),
};
export const credentialTypes: ICredentialType[] = [new VenueBookingApi()];

export function credentialsFor(baseUrl: string, apiKey: string) {
	return { cred: { type: 'venueBookingApi', data: { baseUrl, apiKey } } };
}

/** The trigger as a user adds it (Watch set, no options: the journal order is detected), polled through n8n-core. */
export function ourTriggerPoller(baseUrl: string, apiKey: string, watch: 'webhookDeliveries' | 'payments' = 'webhookDeliveries') {
	return createPoller({
		node: node(TRIGGER_NAME, TRIGGER_TYPE, { watch }, { credentials: { venueBookingApi: 'cred' } }),
		nodeTypes,
		credentialTypes,
		credentials: credentialsFor(baseUrl, apiKey),
	});
}
