/**
 * The workflow each trigger scenario activates: the Venue Booking Trigger polling every minute (n8n's
 * shortest interval) on the webhook delivery journal or the payment journal, then either nothing more or a
 * Wait that keeps the execution running on its worker long enough to kill that worker mid-execution.
 */
import { randomUUID } from 'node:crypto';
import type { WorkflowDefinition } from '../../../scripts/n8n/rest';
import { TRIGGER_NODE_TYPE, type CredentialRef } from '../operationsWorkflow';

export const TRIGGER = 'Venue Booking Trigger';

/** The trigger's Watch values (trigger/description.ts): which journal a scenario's workflow polls. */
export type WatchedJournal = 'webhookDeliveries' | 'payments';

export function journalWorkflow(name: string, credential: CredentialRef, holdSeconds?: number, watch: WatchedJournal = 'webhookDeliveries'): WorkflowDefinition {
	const next = holdSeconds
		? { name: 'Hold', type: 'n8n-nodes-base.wait', typeVersion: 1.1, parameters: { resume: 'timeInterval', amount: holdSeconds, unit: 'seconds' } }
		: { name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };
	return {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				// n8n's durable scheduler skips workflows whose nodes lack ids.
				id: randomUUID(),
				name: TRIGGER,
				type: TRIGGER_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: { watch, pollTimes: { item: [{ mode: 'everyMinute' }] }, options: {} },
				credentials: { venueBookingApi: credential },
			},
			{ id: randomUUID(), position: [260, 0], ...next },
		],
		connections: { [TRIGGER]: { main: [[{ node: next.name, type: 'main', index: 0 }]] } },
	};
}
