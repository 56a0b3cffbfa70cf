/**
 * The floor: what the wire and the sandbox cost with nothing in between. Plain `node:http` with one
 * keep-alive agent, each body read whole and JSON.parse'd (any consumer has to), no retries, no checks.
 *
 * node:http rather than axios (which the project uses outside shipped code): the floor must not include any
 * client library's own cost, and node:http is the runtime, not a second HTTP client dependency.
 */
import * as http from 'node:http';

import { API_KEY } from './config';

export interface FloorResponse {
	status: number;
	headers: http.IncomingHttpHeaders;
	body: unknown;
	bytes: number;
}

export function keepAliveAgent(maxSockets = 1): http.Agent {
	return new http.Agent({ keepAlive: true, maxSockets });
}

/** One GET with the bearer key; resolves with the parsed JSON body (or undefined when empty). */
export function getJson(agent: http.Agent, url: string): Promise<FloorResponse> {
	return new Promise((resolve, reject) => {
		const request = http.get(url, { agent, headers: { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' } }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('error', reject);
			response.on('end', () => {
				const text = Buffer.concat(chunks);
				try {
					resolve({
						status: response.statusCode ?? 0,
						headers: response.headers,
						body: text.length > 0 ? JSON.parse(text.toString('utf8')) : undefined,
						bytes: text.length,
					});
				} catch (error) {
					reject(error as Error);
				}
			});
		});
		request.on('error', reject);
	});
}

/** Throws unless the status is 2xx: the floor must fetch the same data as the contenders, not error pages. */
export function assertOk(response: FloorResponse, url: string): void {
	if (response.status < 200 || response.status >= 300) {
		throw new Error(`floor: ${url} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`);
	}
}
