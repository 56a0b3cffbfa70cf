/** Free TCP ports on 127.0.0.1 (everything we start listens there only). */
import * as net from 'node:net';

function tryListen(port: number): Promise<number | undefined> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.unref();
		server.once('error', () => resolve(undefined));
		server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
			const address = server.address();
			const bound = typeof address === 'object' && address ? address.port : undefined;
			server.close(() => resolve(bound));
		});
	});
}

/** `preferred` if it is free, else any free port the system hands out. */
export async function findFreePort(preferred?: number): Promise<number> {
	if (preferred) {
		const port = await tryListen(preferred);
		if (port) return port;
	}
	const port = await tryListen(0);
	if (!port) throw new Error('no free TCP port on 127.0.0.1');
	return port;
}

/** `count` distinct free ports (asked for together so two lookups cannot return the same one). */
export async function findFreePorts(count: number, preferredFirst?: number): Promise<number[]> {
	const ports: number[] = [];
	while (ports.length < count) {
		const port = await findFreePort(ports.length === 0 ? preferredFirst : undefined);
		if (!ports.includes(port)) ports.push(port);
	}
	return ports;
}
