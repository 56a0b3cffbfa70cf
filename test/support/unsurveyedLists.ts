/**
 * A list server in a convention no table of the node knows (issue 40), for workflow tests that need what the sandbox's
 * `unsurveyedToken` convention cannot do: a next-page token that no name brings back. Every GET answers
 * `{"items": [50 entries], "tokenForNext": "…", "span": {"first", "last"}}` from one journal, oldest first; the token is
 * taken back only under `takes` (undefined: under no name, so every page asked for is page 1). Listens on 127.0.0.1 only.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UnsurveyedEntry {
	id: string;
	created_at: string;
}

export interface TokenListServer {
	url: string;
	entries: UnsurveyedEntry[];
	/** Query strings of the requests received, in order. */
	queries: URLSearchParams[];
	append(count: number): UnsurveyedEntry[];
	close(): Promise<void>;
}

const PAGE = 50;
const START = Date.UTC(2026, 10, 1, 8, 0, 0);

function entry(n: number): UnsurveyedEntry {
	return { id: `e${n}`, created_at: new Date(START + n * 60_000).toISOString() };
}

export async function startTokenList(count: number, takes?: string): Promise<TokenListServer> {
	const entries = Array.from({ length: count }, (_, i) => entry(i + 1));
	const queries: URLSearchParams[] = [];
	const server = createServer((request, response) => {
		const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
		queries.push(query);
		const token = takes ? query.get(takes) : null;
		const start = token ? Number(Buffer.from(token, 'base64url').toString().replace(/\D/g, '')) : 0;
		const items = entries.slice(start, start + PAGE);
		const end = start + items.length;
		const body = {
			items,
			...(end < entries.length ? { tokenForNext: Buffer.from(`{"id":"${end}"}`).toString('base64url') } : {}),
			span: { first: start + 1, last: end },
		};
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify(body));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		entries,
		queries,
		append(more) {
			const added = Array.from({ length: more }, (_, i) => entry(entries.length + i + 1));
			entries.push(...added);
			return added;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
