/**
 * Activating and deactivating a trigger workflow, and waiting until n8n has really done it.
 *
 * n8n 1.x starts (and stops) the triggers before the public API's activate (deactivate) answers. n8n 2.x
 * publishes through a background outbox: activate answers first, the triggers start (and the activation poll
 * runs) a moment later, and a deactivate + activate sent before that lands collapses into "nothing changed" —
 * no new activation poll. So on 2.x each step waits until the workflow's publication status has settled.
 */
import type { N8nPublicApiClient, N8nRestClient } from '../../scripts/n8n/rest';

const SETTLE_TIMEOUT_MS = 30_000;
const SETTLE_INTERVAL_MS = 200;

async function settle(rest: N8nRestClient, workflowId: string, wanted: string): Promise<void> {
	const deadline = Date.now() + SETTLE_TIMEOUT_MS;
	for (;;) {
		const status = await rest.publicationStatus(workflowId);
		if (status === undefined || status === wanted) return;
		if (status === 'failed' || status === 'partial') throw new Error(`workflow ${workflowId}: publication ${status}`);
		if (Date.now() > deadline) throw new Error(`workflow ${workflowId}: publication still "${status}" after ${SETTLE_TIMEOUT_MS / 1000} s (wanted "${wanted}")`);
		await new Promise((resolve) => setTimeout(resolve, SETTLE_INTERVAL_MS));
	}
}

/** Activates (publishes) and resolves once the triggers run, i.e. after the activation poll. */
export async function activateSettled(api: N8nPublicApiClient, rest: N8nRestClient, workflowId: string): Promise<void> {
	await api.activateWorkflow(workflowId);
	await settle(rest, workflowId, 'published');
}

/** Deactivates (unpublishes) and resolves once the triggers have stopped. */
export async function deactivateSettled(api: N8nPublicApiClient, rest: N8nRestClient, workflowId: string): Promise<void> {
	await api.deactivateWorkflow(workflowId);
	await settle(rest, workflowId, 'not_published');
}
