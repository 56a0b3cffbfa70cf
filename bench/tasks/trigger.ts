/**
 * Trigger: the Venue Booking Trigger activated over a 100,000-entry journal, webhook deliveries or payments (its first poll records where
 * the journal stands), then 10 new entries, then one poll, through n8n-core's real polling (the harness's
 * createPoller). Measured: that poll's requests, time and the static data n8n would store.
 */
import { check, type Contender, type Scenario } from '../child/contender';
import { API_KEY } from '../config';
import { ourTriggerPoller } from '../ourNodes';
import type { RunParams } from '../protocol';
import { measuredPoll } from './measuredPoll';

interface TriggerParams extends RunParams {
	newEntries: number;
	watch: 'webhookDeliveries' | 'payments';
}

const ours: Contender = {
	async run(params, rpc) {
		const p = params as TriggerParams;
		const poller = ourTriggerPoller(p.baseUrl, API_KEY, p.watch);
		try {
			const activation = await measuredPoll(rpc, 'activation', () => poller.poll());
			const added = await rpc<string[]>(p.watch === 'payments' ? 'appendPayments' : 'appendDeliveries', p.newEntries);
			const poll = await measuredPoll(rpc, 'the poll', () => poller.poll());
			const emitted = (poll.value.items?.[0] ?? []).map((item) => item.json.id);
			check(JSON.stringify(emitted) === JSON.stringify(added), `emitted ${JSON.stringify(emitted)}, expected the new ${JSON.stringify(added)}`);
			check(poll.value.saved, 'the poll emitted but n8n would not have saved its state');

			return {
				ms: poll.ms,
				requests: poll.requests,
				emitted: emitted.length,
				stateBytes: Buffer.byteLength(JSON.stringify(poller.savedStaticData)),
				activationMs: activation.ms,
				activationRequests: activation.requests,
			};
		} finally {
			await poller.close();
		}
	},
};

export const triggerScenario: Scenario = { ours };
