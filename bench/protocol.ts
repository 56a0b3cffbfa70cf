/**
 * Messages between the bench (parent: sandboxes, orchestration) and one measured run (child process: the
 * contender alone, so its memory is its own). JSON over Node's IPC channel.
 */

/** Numbers a run reports; `ms` is the measured wall time. Strings are notes (e.g. what was detected). */
export type Metrics = Record<string, number | string>;

export interface RunRequest {
	kind: 'run';
	scenario: string;
	contender: string;
	params: RunParams;
	/** Write a CPU profile of the measured run to this file. */
	profileFile?: string;
}

/** What every run is told: where the sandbox is, plus scenario-specific values. */
export interface RunParams {
	/** The workspace address, as a user types it into the credential. */
	baseUrl: string;
	/** baseUrl + the API prefix, for the floor and the HTTP Request node. */
	apiUrl: string;
	[key: string]: unknown;
}

export interface RunReport {
	kind: 'result';
	metrics: Metrics;
}

export interface RunFailure {
	kind: 'error';
	message: string;
}

/** The child asks the parent to act on the sandbox (e.g. append journal entries, count requests). */
export interface RpcCall {
	kind: 'rpc';
	id: number;
	name: string;
	args?: unknown;
}

export interface RpcReply {
	kind: 'rpcReply';
	id: number;
	value?: unknown;
	error?: string;
}

export type ChildMessage = RunReport | RunFailure | RpcCall;
export type ParentMessage = RunRequest | RpcReply;
