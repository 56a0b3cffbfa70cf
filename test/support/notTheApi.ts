/**
 * Addresses a person may put in the credential's Base URL that are not a Partner API, for the credential
 * test's checks (jest and the e2e): a website answering HTML, an https server whose certificate nobody
 * trusts, and a port where nothing listens. All listen on 127.0.0.1 only and are closed by the caller.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface LocalServer {
	url: string;
	close(): Promise<void>;
}

function listen(server: http.Server | https.Server, scheme: 'http' | 'https'): Promise<LocalServer> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			resolve({
				url: `${scheme}://127.0.0.1:${port}`,
				close: () =>
					new Promise<void>((done) => {
						server.closeAllConnections();
						server.close(() => done());
					}),
			});
		});
	});
}

/** A website: every path answers 200 with an HTML page, as a CMS or a proxy's landing page does. */
export function startHtmlSite(): Promise<LocalServer> {
	return listen(
		http.createServer((_request, response) => {
			response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
			response.end('<!doctype html><html><head><title>Studio Example</title></head><body><h1>Book a room</h1></body></html>');
		}),
		'http',
	);
}

/**
 * An https server with a freshly made self-signed certificate (openssl, valid one day), answering JSON as
 * an API would: the only thing wrong with it is that no one trusts its certificate.
 */
export function startSelfSignedHttps(): Promise<LocalServer> {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'venue-booking-tls-'));
	try {
		execFileSync(
			'openssl',
			['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', 'key.pem', '-out', 'cert.pem'],
			{ cwd: dir, stdio: 'ignore', timeout: 30_000 },
		);
		const options = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
		return listen(
			https.createServer(options, (_request, response) => {
				response.writeHead(200, { 'Content-Type': 'application/json' });
				response.end('[]');
			}),
			'https',
		);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** An address where nothing listens: a port the system handed out, closed again. */
export async function closedPortUrl(): Promise<string> {
	const server = await listen(http.createServer(), 'http');
	await server.close();
	return server.url;
}
