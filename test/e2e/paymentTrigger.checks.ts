/**
 * The trigger watching the payment journal in real n8n: activated, it records where the journal stands;
 * payments recorded while it was inactive are emitted by the next activation's poll, exactly those, once;
 * Fetch Test Event shows the newest payments. The workflow is deactivated at the end.
 */
import type { N8nPublicApiClient, N8nRestClient } from '../../scripts/n8n/rest';
import { nodeOutputItems, runError } from '../../scripts/n8n/runData';
import { activateSettled, deactivateSettled } from './activation';
import { FULL_CREDENTIAL, ids, type E2eContext } from './context';
import { assertEqual } from './harness';
import { TRIGGER_NODE_TYPE } from './operationsWorkflow';
import { activationExecutions } from './triggerFilter.checks';

const TRIGGER = 'Venue Booking Trigger';

export async function paymentTriggerCheck(context: E2eContext, rest: N8nRestClient, api: N8nPublicApiClient): Promise<void> {
	const { checks, sandbox } = context;
	await checks.check('trigger on Payments: the next activation emits exactly the payments recorded since, once; Fetch Test Event shows the newest', async () => {
		const workflow = await rest.createWorkflow({
			name: 'e2e: payments, each once',
			nodes: [
				{
					id: 'a9e2e000-0000-4000-8000-000000000001',
					name: TRIGGER,
					type: TRIGGER_NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: { watch: 'payments', pollTimes: { item: [{ mode: 'everyDay', hour: 2 }] } },
					credentials: { venueBookingApi: { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name } },
				},
				{ id: 'a9e2e000-0000-4000-8000-000000000002', name: 'Export', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [260, 0], parameters: {} },
			],
			connections: { [TRIGGER]: { main: [[{ node: 'Export', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		try {
			await activateSettled(api, rest, workflow.id);
			await deactivateSettled(api, rest, workflow.id);
			const booking = sandbox.store.bookings[0];
			const paid = [1200, -300, 4500].map((amountCents) =>
				sandbox.store.addPayment({ bookingId: booking.id, clientId: booking.clientId, kind: amountCents < 0 ? 'refund' : 'charge', amountCents, currency: 'EUR', method: 'card' }).id,
			);
			await activateSettled(api, rest, workflow.id);
			const executions = await activationExecutions(api, workflow.id);
			assertEqual(ids(executions[0].entries as Array<{ id?: unknown }>), paid, 'payments emitted');
			await deactivateSettled(api, rest, workflow.id);
			const manual = await rest.waitForExecution(await rest.runWorkflow(workflow.id, TRIGGER), 90_000);
			assertEqual(runError(manual.run), undefined, 'error of Fetch Test Event');
			const newest = sandbox.store.payments.slice(-5).map((payment) => payment.id);
			assertEqual(ids(nodeOutputItems(manual.run, TRIGGER) as Array<{ id?: unknown }>), newest, 'Fetch Test Event: the newest payments, oldest first');
		} finally {
			await api.deactivateWorkflow(workflow.id).catch(() => undefined);
		}
	});
}
