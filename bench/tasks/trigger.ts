/**
 * Trigger: the Venue Booking Trigger activated over a 100,000-entry journal (its first poll records where
 * the journal stands), then 10 new entries, then one poll, through n8n-core's real polling (the harness's
 * createPoller). Measured: that poll's requests, time and the static data n8n would store.
 */
import { check, type Contender, type Scenario } from '../child/contender';
import { timed } from '../child/measure';
import { API_KEY } from '../config';
import { ourTriggerPoller } from '../our-nodes';
import type { RunParams } from '../protocol';

interface TriggerParams extends RunParams {
	newEntries: number;
}

const ours: Contender = {
	async run(params, rpc) {
		const p = params as TriggerParams;
		const poller = ourTriggerPoller(p.baseUrl, API_KEY);
		try {
			await rpc('resetRequests');
			const activation = await timed(() => poller.poll());
			check(activation.value.error === undefined, `activation failed: ${activation.value.error?.message}`);
			const activationRequests = await rpc<number>('requests');

			const added = await rpc<string[]>('appendDeliveries', p.newEntries);
			await rpc('resetRequests');
			const poll = await timed(() => poller.poll());
			const requests = await rpc<number>('requests');
			check(poll.value.error === undefined, `the poll failed: ${poll.value.error?.message}`);
			const emitted = (poll.value.items?.[0] ?? []).map((item) => item.json.id);
			check(JSON.stringify(emitted) === JSON.stringify(added), `emitted ${JSON.stringify(emitted)}, expected the new ${JSON.stringify(added)}`);
			check(poll.value.saved, 'the poll emitted but n8n would not have saved its state');

			return {
				ms: poll.ms,
				requests,
				emitted: emitted.length,
				stateBytes: Buffer.byteLength(JSON.stringify(poller.savedStaticData)),
				activationMs: activation.ms,
				activationRequests,
			};
		} finally {
			await poller.close();
		}
	},
};

export const triggerScenario: Scenario = { ours };
