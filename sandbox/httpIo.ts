/** Reading request bodies within a limit and writing JSON responses. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyReadResult =
	| { kind: 'complete'; raw: Buffer }
	/** `drained` false: the client kept sending past the drain cap; answer and close the connection. */
	| { kind: 'tooLarge'; receivedBytes: number; drained: boolean }
	/** The client went away before the body ended; there is no one to answer. */
	| { kind: 'aborted' };

/** Past this much, an oversized body is no longer drained and the connection is closed instead. */
const DRAIN_CAP_FACTOR = 32;

/**
 * Reads the whole body. An oversized one is drained (discarded) rather than cut off, so the client gets the
 * 413 instead of a reset while it is still sending.
 */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<BodyReadResult> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		let received = 0;
		let settled = false;
		const finish = (result: BodyReadResult): void => {
			if (!settled) {
				settled = true;
				resolve(result);
			}
		};
		req.on('data', (chunk: Buffer) => {
			received += chunk.length;
			if (received <= limitBytes) chunks.push(chunk);
			else if (received > limitBytes * DRAIN_CAP_FACTOR) {
				req.pause();
				finish({ kind: 'tooLarge', receivedBytes: received, drained: false });
			}
		});
		req.on('end', () =>
			finish(
				received > limitBytes
					? { kind: 'tooLarge', receivedBytes: received, drained: true }
					: { kind: 'complete', raw: Buffer.concat(chunks) },
			),
		);
		req.on('error', () => finish({ kind: 'aborted' }));
		req.on('close', () => finish({ kind: 'aborted' }));
	});
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	if (res.headersSent || res.destroyed) return;
	const text = JSON.stringify(body);
	res.writeHead(status, {
		// A convention may send another JSON media type (application/problem+json, application/vnd.api+json).
		'Content-Type': 'application/json; charset=utf-8',
		...headers,
		'Content-Length': Buffer.byteLength(text),
		'Cache-Control': 'no-store',
	});
	res.end(text);
}
