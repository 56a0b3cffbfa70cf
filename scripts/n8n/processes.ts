/**
 * Child processes that never outlive us.
 *
 * Every child is spawned detached, i.e. as the leader of its own process group, so that killing `-pid`
 * also reaches what it spawned (npm → node-gyp → make, n8n → its task runner). Each live group is
 * remembered and killed when this process exits, is interrupted (Ctrl-C), terminated, or crashes.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { constants as osConstants } from 'node:os';

const liveGroups = new Set<number>();

function killGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// Already gone: nothing to do.
	}
}

/** On any way out, SIGKILL what is left: 'exit' handlers may only do synchronous work. */
function killAllNow(): void {
	for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
	liveGroups.clear();
}

let exitHooksInstalled = false;
let shuttingDown = false;
const shutdownHandlers: Array<() => Promise<void>> = [];

/** True once Ctrl-C (or SIGTERM/SIGHUP) was received: children exiting now is expected. */
export function isShuttingDown(): boolean {
	return shuttingDown;
}

/** Register an async clean-up (e.g. stopping a server gracefully) run on Ctrl-C / SIGTERM, newest first. */
export function onShutdown(handler: () => Promise<void>): void {
	installExitHooks();
	shutdownHandlers.push(handler);
}

function installExitHooks(): void {
	if (exitHooksInstalled) return;
	exitHooksInstalled = true;
	process.on('exit', killAllNow);
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.on(signal, () => {
			// A second Ctrl-C means "now": skip the graceful part.
			if (shuttingDown) process.exit(130);
			shuttingDown = true;
			void (async () => {
				for (const handler of shutdownHandlers.splice(0).reverse()) {
					await handler().catch(() => undefined);
				}
				process.exit(signal === 'SIGINT' ? 130 : 143);
			})();
		});
	}
	process.on('uncaughtException', (error) => {
		console.error(error);
		process.exit(1);
	});
	process.on('unhandledRejection', (reason) => {
		console.error(reason);
		process.exit(1);
	});
}

export interface TrackedChild {
	child: ChildProcess;
	/** Resolves with the exit code (a signal counts as 128 + n, like a shell). */
	exited: Promise<number>;
	/** SIGTERM the group, wait up to `graceMs`, then SIGKILL it. */
	stop(graceMs?: number): Promise<number>;
}


/** Spawn `command` in its own process group and remember it until it exits. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions = {}): TrackedChild {
	installExitHooks();
	const child = spawn(command, args, { ...options, detached: true });
	const pid = child.pid;
	if (pid === undefined) throw new Error(`could not start ${command}`);
	liveGroups.add(pid);
	const exited = new Promise<number>((resolve) => {
		child.on('exit', (code, signal) => {
			// The leader is gone, but helpers it spawned may still hold the group: end them too.
			killGroup(pid, 'SIGKILL');
			liveGroups.delete(pid);
			resolve(code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0));
		});
		child.on('error', () => {
			liveGroups.delete(pid);
			resolve(127);
		});
	});
	const stop = async (graceMs = 15_000): Promise<number> => {
		if (!liveGroups.has(pid)) return exited;
		killGroup(pid, 'SIGTERM');
		const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
		const code = await exited;
		clearTimeout(timer);
		return code;
	};
	return { child, exited, stop };
}

/**
 * The exit code once the child has exited and its stdout and stderr have been read to the end: 'exit' can
 * come before the last output (a short command's whole output, e.g. `id -u`'s, could be missed). Waits at
 * most `capMs` for the streams after the exit (a helper that left the group could hold them open).
 */
export async function exitedWithOutput(tracked: TrackedChild, capMs = 5_000): Promise<number> {
	const streams = [tracked.child.stdout, tracked.child.stderr].filter((stream): stream is NonNullable<typeof stream> => stream !== null);
	const drained = Promise.all(streams.map((stream) => (stream.closed ? undefined : new Promise((resolve) => stream.once('close', resolve)))));
	const code = await tracked.exited;
	let timer: NodeJS.Timeout | undefined;
	await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, capMs)))]);
	clearTimeout(timer);
	return code;
}

export interface RunResult {
	code: number;
	stdout: string;
	stderr: string;
}

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Append stdout and stderr to this file instead of (only) collecting them. */
	logFile?: string;
	/** Echo output to our own terminal as it comes. */
	echo?: boolean;
}

/** Run a command to completion, collecting its output; never rejects on a non-zero exit. */
export async function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
	const tracked = spawnTracked(command, args, {
		cwd: options.cwd,
		env: options.env ?? process.env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
	let stdout = '';
	let stderr = '';
	tracked.child.stdout?.on('data', (chunk: Buffer) => {
		stdout += chunk.toString();
		log?.write(chunk);
		if (options.echo) process.stdout.write(chunk);
	});
	tracked.child.stderr?.on('data', (chunk: Buffer) => {
		stderr += chunk.toString();
		log?.write(chunk);
		if (options.echo) process.stderr.write(chunk);
	});
	const code = await exitedWithOutput(tracked);
	await new Promise<void>((resolve) => (log ? log.end(resolve) : resolve()));
	return { code, stdout, stderr };
}

/** The last `count` lines of some output, for error messages. */
export function tail(text: string, count = 30): string {
	return text.trimEnd().split('\n').slice(-count).join('\n');
}
