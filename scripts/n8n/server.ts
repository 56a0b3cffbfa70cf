/**
 * `n8n start` as a child process: started in its own process group, considered ready when its REST API
 * answers (GET /rest/settings → 200 with JSON; /healthz/readiness answers earlier than the REST routes in 1.x),
 * and stopped with SIGTERM (n8n shuts down gracefully) then SIGKILL for whatever is left.
 */
import axios from 'axios';
import { createWriteStream, type WriteStream } from 'node:fs';
import type { N8nInstance } from './env';
import { onShutdown, spawnTracked, tail } from './processes';

export interface N8nServer {
	url: string;
	/** The n8n process, leader of its own process group (its task runners are in that group too). */
	pid: number;
	/** Resolves with n8n's exit code when it stops, whether asked to or not. */
	exited: Promise<number>;
	/** Everything n8n printed so far (also written to `logFile` when given). */
	output(): string;
	stop(): Promise<void>;
}

export interface StartServerOptions {
	/** Also write n8n's output to this file. */
	logFile?: string;
	/** Echo n8n's output to our terminal. */
	echo?: boolean;
	readyTimeoutMs?: number;
}

const MAX_KEPT_OUTPUT = 200_000;

export async function startN8nServer(instance: N8nInstance, options: StartServerOptions = {}): Promise<N8nServer> {
	const { runtime, env } = instance;
	const tracked = spawnTracked(runtime.node.nodeBin, [runtime.n8nBin, 'start'], {
		cwd: instance.userFolder,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	const log: WriteStream | undefined = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
	const collect = (chunk: Buffer): void => {
		output = (output + chunk.toString()).slice(-MAX_KEPT_OUTPUT);
		log?.write(chunk);
		if (options.echo) process.stdout.write(chunk);
	};
	tracked.child.stdout?.on('data', collect);
	tracked.child.stderr?.on('data', collect);

	let stopped = false;
	const stop = async (): Promise<void> => {
		if (stopped) return tracked.exited.then(() => undefined);
		stopped = true;
		await tracked.stop(15_000);
		await new Promise<void>((resolve) => (log ? log.end(resolve) : resolve()));
	};
	onShutdown(stop);

	try {
		await waitUntilReady(instance.url, tracked.exited, options.readyTimeoutMs ?? 120_000, () => output);
	} catch (error) {
		await stop();
		throw error;
	}
	return { url: instance.url, pid: tracked.child.pid as number, exited: tracked.exited, output: () => output, stop };
}

async function waitUntilReady(url: string, exited: Promise<number>, timeoutMs: number, output: () => string): Promise<void> {
	let exitCode: number | undefined;
	void exited.then((code) => (exitCode = code));
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (exitCode !== undefined) throw new Error(`n8n exited (code ${exitCode}) before it was ready:\n${tail(output())}`);
		// Only n8n's JSON answer counts: while migrations run, every path answers 200 with the text
		// "n8n is starting up. Please wait".
		const ready = await axios
			.get(`${url}/rest/settings`, { timeout: 2000, validateStatus: () => true })
			.then((response) => response.status === 200 && typeof (response.data as { data?: unknown } | null)?.data === 'object')
			.catch(() => false);
		if (ready) return;
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	throw new Error(`n8n did not answer ${url}/rest/settings within ${timeoutMs / 1000} s:\n${tail(output())}`);
}
