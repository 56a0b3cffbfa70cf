/**
 * The trigger scenarios' sandbox: one of its own for each run (so the journal holds exactly what the scenario
 * says before the run), counting the requests it answers, with the RPCs the trigger tasks call.
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import type { RunSetup } from '../rounds';
import type { RpcHandler } from '../spawn';

export async function journalSandbox(options: SandboxOptions): Promise<RunSetup & { sandbox: Sandbox }> {
	let requests = 0;
	const sandbox = await startSandbox({ ...options, recordRequests: false, onRequestFinished: () => requests++ });
	const onRpc: RpcHandler = (name, args) => {
		if (name === 'resetRequests') return (requests = 0);
		if (name === 'requests') return requests;
		if (name === 'appendDeliveries') return sandbox.store.appendDeliveries(Number(args)).map((entry) => entry.id);
		throw new Error(`unknown RPC ${name}`);
	};
	return { sandbox, onRpc, params: { baseUrl: sandbox.url, apiUrl: sandbox.apiUrl }, close: () => sandbox.close() };
}
