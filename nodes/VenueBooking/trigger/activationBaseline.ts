/**
 * The activation baseline under n8n's durable poll cursors (n8n 2.36+, N8N_POLLER_DURABLE_CURSORS_ENABLED).
 *
 * There n8n keeps a poll trigger's node static data in its poller_state table: each poll works on a copy of the
 * stored cursor, and n8n commits that copy only after a *scheduled* poll. The poll it runs at activation is a test
 * poll: its copy is dropped, so the baseline taken then is lost, and the first scheduled poll would take a new one,
 * never emitting the entries recorded in between (docs/SCALE.md names the n8n code). The workflow's global static
 * data is not redirected: n8n saves it after activation and hands it to every later poll. So a baseline taken on a
 * cursor copy is also left there, under this node's id, and a poll that finds no state of its own continues from it.
 * It is kept until a poll finds its own state (the cursor was committed with an execution), so a poll whose execution
 * n8n did not commit is repeated from the same place: each entry once.
 */
import type { IDataObject, INode } from 'n8n-workflow';

import { isPlainObject } from '../transport/json';

/**
 * Whether node static data is a durable cursor's copy rather than n8n's own static data. n8n watches its static data
 * with an observable object that carries a hidden `__dataChanged` flag; a cursor copy is plain JSON from the database.
 */
export function onDurableCursor(staticData: IDataObject): boolean {
	return !('__dataChanged' in staticData);
}

/** Where in global static data this node's activation baseline is left (global data is shared by the workflow's nodes). */
function baselineKey(node: INode): string {
	return `venueBookingTrigger.activationBaseline.${node.id ?? node.name}`;
}

/** The node static data the activation poll left for the next poll, or undefined. */
export function activationBaseline(global: IDataObject, node: INode): IDataObject | undefined {
	const left = global[baselineKey(node)];
	return isPlainObject(left) ? (left as IDataObject) : undefined;
}

/** Leaves a copy of the node static data just written, for the next poll to continue from. */
export function leaveActivationBaseline(global: IDataObject, node: INode, nodeStaticData: IDataObject): void {
	global[baselineKey(node)] = JSON.parse(JSON.stringify(nodeStaticData)) as IDataObject;
}

/** Forgets the activation baseline once a poll has state of its own (n8n saves the change with the next execution). */
export function dropActivationBaseline(global: IDataObject, node: INode): void {
	const key = baselineKey(node);
	if (key in global) delete global[key];
}
