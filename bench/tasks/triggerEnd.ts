/**
 * Trigger activation and Fetch Test Event on an oldest-first journal, through n8n-core's real polling: the
 * requests and time each takes, with the end revealed (Link rel="last", page totals) and without (cursor).
 * Fetch Test Event must show the journal's newest entries where the end is revealed.
 */
import { check, type Contender, type Scenario } from '../child/contender';
import { API_KEY } from '../config';
import { ourTriggerPoller } from '../ourNodes';
import type { RunParams } from '../protocol';
import { measuredPoll } from './measuredPoll';

interface TriggerEndParams extends RunParams {
	/** The ids Fetch Test Event should show (the newest), or none when the end is not revealed. */
	newest: string[];
	watch: 'webhookDeliveries' | 'payments';
}

const ours: Contender = {
	async run(params, rpc) {
		const p = params as TriggerEndParams;
		const poller = ourTriggerPoller(p.baseUrl, API_KEY, p.watch);
		try {
			const sample = await measuredPoll(rpc, 'Fetch Test Event', () => poller.fetchTestEvent());
			const shown = (sample.value.items?.[0] ?? []).map((item) => item.json.id);
			if (p.newest.length > 0) check(JSON.stringify(shown) === JSON.stringify(p.newest), `Fetch Test Event showed ${JSON.stringify(shown)}`);

			const activation = await measuredPoll(rpc, 'activation', () => poller.poll());
			return { ms: activation.ms, activationRequests: activation.requests, sampleMs: sample.ms, sampleRequests: sample.requests };
		} finally {
			await poller.close();
		}
	},
};

export const triggerEndScenario: Scenario = { ours };
