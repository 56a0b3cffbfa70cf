/** The trigger tasks' one measured step: a poll (or Fetch Test Event) timed, its requests counted, its error checked. */
import { check } from '../child/contender';
import { timed } from '../child/measure';
import type { Rpc } from '../child/rpc';

/**
 * Runs `poll` timed, with the requests the sandbox answered meanwhile (its counter reset first), and fails the
 * run, naming `what`, when the poll reported an error.
 */
export async function measuredPoll<T extends { error?: Error }>(rpc: Rpc, what: string, poll: () => Promise<T>): Promise<{ ms: number; value: T; requests: number }> {
	await rpc('resetRequests');
	const { ms, value } = await timed(poll);
	const requests = await rpc<number>('requests');
	check(value.error === undefined, `${what} failed: ${value.error?.message}`);
	return { ms, value, requests };
}
