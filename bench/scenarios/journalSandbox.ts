/**
 * The trigger scenarios' sandbox: one of its own for each run (so the journal holds exactly what the scenario
 * says before the run), counting the requests it answers, with the RPCs the trigger tasks call (appending
 * deliveries or payments).
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import type { RunSetup } from '../rounds';
import type { RpcHandler } from '../spawn';

/** The trigger's Watch values: the webhook delivery journal or the payment journal. */
export type WatchedJournal = 'webhookDeliveries' | 'payments';

/** `count` new payments, as bookings' charges record them (the sandbox's own fields). */
function appendPayments(sandbox: Sandbox, count: number): string[] {
	const booking = sandbox.store.bookings[0];
	return Array.from({ length: count }, (_, index) =>
		sandbox.store.addPayment({ bookingId: booking.id, clientId: booking.clientId, kind: 'charge', amountCents: 1000 + index, currency: 'EUR', method: 'card' }).id,
	);
}

/** The entries of the journal a trigger scenario watches, oldest first. */
export function journalOldestFirst(sandbox: Sandbox, watch: WatchedJournal): Array<{ id: string }> {
	return watch === 'payments' ? [...sandbox.store.payments] : sandbox.store.journalOldestFirst();
}

export async function journalSandbox(options: SandboxOptions): Promise<RunSetup & { sandbox: Sandbox }> {
	let requests = 0;
	const sandbox = await startSandbox({ ...options, recordRequests: false, onRequestFinished: () => requests++ });
	const onRpc: RpcHandler = (name, args) => {
		if (name === 'resetRequests') return (requests = 0);
		if (name === 'requests') return requests;
		if (name === 'appendDeliveries') return sandbox.store.appendDeliveries(Number(args)).map((entry) => entry.id);
		if (name === 'appendPayments') return appendPayments(sandbox, Number(args));
		throw new Error(`unknown RPC ${name}`);
	};
	return { sandbox, onRpc, params: { baseUrl: sandbox.url, apiUrl: sandbox.apiUrl }, close: () => sandbox.close() };
}
