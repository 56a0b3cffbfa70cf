/**
 * Trigger activation and Fetch Test Event on an oldest-first journal, through n8n-core's real polling: the
 * requests and time each takes, with the end revealed (Link rel="last", page totals) and without (cursor).
 * Fetch Test Event must show the journal's newest entries where the end is revealed.
 */
import { check, type Contender, type Scenario } from '../child/contender';
import { timed } from '../child/measure';
import { API_KEY } from '../config';
import { ourTriggerPoller } from '../our-nodes';
import type { RunParams } from '../protocol';

interface TriggerEndParams extends RunParams {
	/** The ids Fetch Test Event should show (the newest), or none when the end is not revealed. */
	newest: string[];
}

const ours: Contender = {
	async run(params, rpc) {
		const p = params as TriggerEndParams;
		const poller = ourTriggerPoller(p.baseUrl, API_KEY);
		try {
			await rpc('resetRequests');
			const sample = await timed(() => poller.fetchTestEvent());
			check(sample.value.error === undefined, `Fetch Test Event failed: ${sample.value.error?.message}`);
			const sampleRequests = await rpc<number>('requests');
			const shown = (sample.value.items?.[0] ?? []).map((item) => item.json.id);
			if (p.newest.length > 0) check(JSON.stringify(shown) === JSON.stringify(p.newest), `Fetch Test Event showed ${JSON.stringify(shown)}`);

			await rpc('resetRequests');
			const activation = await timed(() => poller.poll());
			check(activation.value.error === undefined, `activation failed: ${activation.value.error?.message}`);
			const activationRequests = await rpc<number>('requests');
			return { ms: activation.ms, activationRequests, sampleMs: sample.ms, sampleRequests };
		} finally {
			await poller.close();
		}
	},
};

export const triggerEndScenario: Scenario = { ours };
