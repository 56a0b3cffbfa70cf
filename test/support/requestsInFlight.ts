/**
 * Counts how many requests the sandbox has open at once, as the API sees them (jest and the e2e): the
 * sandbox's intercept hook sees a request before its latency, and the response's close ends it. The count
 * is the sandbox's, not the node's own word.
 */
import type { Sandbox } from '../../sandbox';

export interface RequestsInFlight {
	/** The most requests open at once since the counter started or was last reset. */
	readonly peak: number;
	resetPeak(): void;
	/** Removes the hook; the sandbox answers as before. */
	stop(): void;
}

export function countRequestsInFlight(sandbox: Sandbox): RequestsInFlight {
	let open = 0;
	let peak = 0;
	sandbox.setOptions({
		intercept: (_req, res) => {
			open++;
			peak = Math.max(peak, open);
			res.once('close', () => open--);
			return false;
		},
	});
	return {
		get peak() {
			return peak;
		},
		resetPeak: () => {
			peak = 0;
		},
		stop: () => sandbox.setOptions({ intercept: undefined }),
	};
}
