/**
 * What the trigger's workflow tests share: the trigger node as a workflow holds it, a poller over n8n-core's
 * real polling against a sandbox, the ids a poll emitted, and a seeded generator for randomised runs.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { createPoller, node, type Poller } from './harness';
import { credentialsFor, credentialTypes, nodeTypes, TRIGGER_TYPE } from './venueBooking';

export const TRIGGER_NAME = 'Venue Booking Trigger';

/** The trigger's version a new workflow gets (1.1: the filter beside Watch); 1 is how workflows saved before hold it. */
export const TRIGGER_VERSION = 1.1;

export function triggerNode(parameters: INodeParameters = {}, typeVersion = TRIGGER_VERSION) {
	return node(TRIGGER_NAME, TRIGGER_TYPE, parameters, { credentials: { venueBookingApi: 'cred' }, typeVersion });
}

export function pollerFor(sandbox: Sandbox, parameters: INodeParameters = {}, staticData?: IDataObject, typeVersion = TRIGGER_VERSION): Poller {
	return createPoller({ node: triggerNode(parameters, typeVersion), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), staticData });
}

/** Ids of what a poll emitted, in emission order. */
export function emittedIds(items: Awaited<ReturnType<Poller['poll']>>['items']): string[] {
	return (items?.[0] ?? []).map((item) => String(item.json.id));
}

/** A tiny seeded generator, so a failing run can be replayed. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 2 ** 32;
	};
}
