/** Child side of the RPC: ask the parent (which owns the sandbox) to do something and wait for the answer. */
import type { ParentMessage, RpcCall } from '../protocol';

let nextId = 0;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

process.on('message', (message: ParentMessage) => {
	if (message.kind !== 'rpcReply') return;
	const waiter = pending.get(message.id);
	if (!waiter) return;
	pending.delete(message.id);
	if (message.error !== undefined) waiter.reject(new Error(`parent: ${message.error}`));
	else waiter.resolve(message.value);
});

export type Rpc = <T = unknown>(name: string, args?: unknown) => Promise<T>;

export const rpc: Rpc = async <T>(name: string, args?: unknown) => {
	if (!process.send) throw new Error('rpc: not running as a child of the bench');
	const id = ++nextId;
	const call: RpcCall = { kind: 'rpc', id, name, args };
	const answer = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
	process.send(call);
	return (await answer) as T;
};
