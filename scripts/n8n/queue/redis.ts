/**
 * A Redis server of our own for n8n's queue: on 127.0.0.1 only, its append-only file in the folder the stack gives
 * it (serviceData.ts), so a second start on kept data finds the queue as it was left.
 */
import { mkdirSync } from 'node:fs';
import * as net from 'node:net';
import { findFreePort } from '../ports';
import { onShutdown, spawnTracked, tail } from '../processes';

export interface RedisServer {
	host: '127.0.0.1';
	port: number;
	stop(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
		socket.setTimeout(1000, () => socket.destroy());
		socket.once('data', (data) => {
			socket.destroy();
			resolve(data.toString().startsWith('+PONG'));
		});
		socket.once('error', () => resolve(false));
		socket.once('close', () => resolve(false));
	});
}

export async function startRedis(options: { redisServer: string; dataDir: string; preferredPort?: number }): Promise<RedisServer> {
	mkdirSync(options.dataDir, { recursive: true });
	const port = await findFreePort(options.preferredPort);
	const tracked = spawnTracked(
		options.redisServer,
		['--bind', '127.0.0.1', '--port', String(port), '--dir', options.dataDir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no', '--protected-mode', 'yes'],
		{ cwd: options.dataDir, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	tracked.child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
	tracked.child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
	const stop = async (): Promise<void> => void (await tracked.stop(10_000));
	onShutdown(stop);

	let exitCode: number | undefined;
	void tracked.exited.then((code) => (exitCode = code));
	const deadline = Date.now() + 30_000;
	while (!(await ping(port))) {
		if (exitCode !== undefined) throw new Error(`redis-server exited (code ${exitCode}):\n${tail(output)}`);
		if (Date.now() > deadline) throw new Error(`redis-server did not answer on 127.0.0.1:${port} within 30 s:\n${tail(output)}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	return { host: '127.0.0.1', port, stop };
}
