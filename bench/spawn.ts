/**
 * Parent side of one measured run: forks bench/child/main.ts under tsx, sends it the run, answers its RPC
 * calls against the sandbox, and returns its metrics. A run that neither reports nor exits within the
 * timeout is killed (by its own handle) and fails the bench, so `npm run bench` always stops by itself.
 */
import { fork } from 'node:child_process';
import * as path from 'node:path';

import { CHILD_TIMEOUT_MS } from './config';
import type { ChildMessage, Metrics, RpcCall, RpcReply, RunParams, RunRequest } from './protocol';

const REPO_DIR = path.resolve(__dirname, '..');
const CHILD_MAIN = path.join(__dirname, 'child', 'main.ts');

export type RpcHandler = (name: string, args: unknown) => unknown;

export interface ChildOptions {
	/** Write a V8 CPU profile of the measured run into this folder. */
	profileDir?: string;
	profileName?: string;
	onRpc?: RpcHandler;
	timeoutMs?: number;
}

function answer(call: RpcCall, onRpc: RpcHandler | undefined): RpcReply {
	if (!onRpc) return { kind: 'rpcReply', id: call.id, error: `this scenario answers no RPC (${call.name})` };
	try {
		return { kind: 'rpcReply', id: call.id, value: onRpc(call.name, call.args) };
	} catch (error) {
		return { kind: 'rpcReply', id: call.id, error: error instanceof Error ? error.message : String(error) };
	}
}

export async function runInChild(scenario: string, contender: string, params: RunParams, options: ChildOptions = {}): Promise<Metrics> {
	const profileFile = options.profileDir
		? path.join(options.profileDir, `${options.profileName ?? `${scenario}-${contender}`}.cpuprofile`)
		: undefined;
	const child = fork(CHILD_MAIN, [], {
		cwd: REPO_DIR,
		// --expose-gc only lets the child collect before its run starts (a clean "RSS before"); nothing else changes.
		execArgv: ['--import', 'tsx', '--expose-gc'],
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		serialization: 'json',
	});

	return await new Promise<Metrics>((resolve, reject) => {
		let outcome: { metrics: Metrics } | { error: Error } | undefined;
		const timer = setTimeout(() => {
			outcome ??= { error: new Error(`${scenario}/${contender}: no result within ${(options.timeoutMs ?? CHILD_TIMEOUT_MS) / 1000} s`) };
			child.kill('SIGKILL');
		}, options.timeoutMs ?? CHILD_TIMEOUT_MS);

		child.on('message', (message: ChildMessage) => {
			if (message.kind === 'result') outcome ??= { metrics: message.metrics };
			else if (message.kind === 'error') outcome ??= { error: new Error(`${scenario}/${contender}: ${message.message}`) };
			else if (message.kind === 'rpc') child.send(answer(message, options.onRpc));
		});
		// Settled on exit, not on the message: a run is over when its process is gone.
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			if (outcome && 'metrics' in outcome) resolve(outcome.metrics);
			else reject(outcome?.error ?? new Error(`${scenario}/${contender}: the run exited (${signal ?? code}) without a result`));
		});
		child.send({ kind: 'run', scenario, contender, params, profileFile } satisfies RunRequest);
	});
}
