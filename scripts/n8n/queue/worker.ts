/**
 * `n8n worker` as a child process: ready when it logs that it is, stopped with SIGTERM (it finishes or
 * cancels its running executions within N8N_GRACEFUL_SHUTDOWN_TIMEOUT), or killed outright to play a
 * crashed machine.
 */
import { createWriteStream } from 'node:fs';
import type { N8nInstance } from '../env';
import { onShutdown, spawnTracked, tail } from '../processes';

export interface N8nWorker {
	pid: number;
	exited: Promise<number>;
	output(): string;
	/** Graceful stop (SIGTERM, then SIGKILL after the grace period). */
	stop(): Promise<void>;
	/** SIGKILL the worker and its task runner at once: no clean-up of any kind. */
	kill(): Promise<void>;
}

const READY_LINE = 'n8n worker is now ready';
const MAX_KEPT_OUTPUT = 400_000;

export async function startN8nWorker(instance: N8nInstance, options: { concurrency: number; logFile?: string; readyTimeoutMs?: number }): Promise<N8nWorker> {
	const { runtime, env } = instance;
	const tracked = spawnTracked(runtime.node.nodeBin, [runtime.n8nBin, 'worker', `--concurrency=${options.concurrency}`], {
		cwd: instance.userFolder,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
	let output = '';
	const collect = (chunk: Buffer): void => {
		output = (output + chunk.toString()).slice(-MAX_KEPT_OUTPUT);
		log?.write(chunk);
	};
	tracked.child.stdout?.on('data', collect);
	tracked.child.stderr?.on('data', collect);
	void tracked.exited.then(() => log?.end());

	const stop = async (): Promise<void> => void (await tracked.stop(15_000));
	const kill = async (): Promise<void> => {
		process.kill(-(tracked.child.pid as number), 'SIGKILL');
		await tracked.exited;
	};
	onShutdown(stop);

	let exitCode: number | undefined;
	void tracked.exited.then((code) => (exitCode = code));
	const timeoutMs = options.readyTimeoutMs ?? 120_000;
	const deadline = Date.now() + timeoutMs;
	while (!output.includes(READY_LINE)) {
		if (exitCode !== undefined) throw new Error(`n8n worker exited (code ${exitCode}) before it was ready:\n${tail(output)}`);
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`n8n worker was not ready within ${timeoutMs / 1000} s:\n${tail(output)}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	return { pid: tracked.child.pid as number, exited: tracked.exited, output: () => output, stop, kill };
}
