/** Shared helpers of the sandbox tests: an axios client per key, and a walker that follows any pagination style. */
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { request } from 'node:http';

import type { PaginationParameterNames, Sandbox } from '../../sandbox';

export function apiClient(sandbox: Sandbox, key: string | null = 'sandbox-full'): AxiosInstance {
	return axios.create({
		baseURL: sandbox.apiUrl,
		validateStatus: () => true,
		headers: key === null ? {} : { Authorization: `Bearer ${key}` },
		// Each test sees its own fresh connection behaviour; no keep-alive surprises across closes.
		maxRedirects: 0,
	});
}

/** The list of a response: the bare array, or the envelope's single array-valued property. */
export function itemsOf(response: AxiosResponse): Array<Record<string, unknown>> {
	if (Array.isArray(response.data)) return response.data;
	const arrays = Object.values(response.data as Record<string, unknown>).filter(Array.isArray);
	if (arrays.length !== 1) throw new Error(`Expected one array in ${JSON.stringify(response.data).slice(0, 200)}`);
	return arrays[0] as Array<Record<string, unknown>>;
}

/** The URL of rel="next" in an RFC 8288 Link header. */
export function nextLink(response: AxiosResponse): string | undefined {
	const header = response.headers.link as string | undefined;
	const match = header?.split(',').map((part) => /<([^>]+)>\s*;\s*rel="next"/.exec(part.trim())).find(Boolean);
	return match?.[1];
}

function field(response: AxiosResponse, names: PaginationParameterNames, key: keyof PaginationParameterNames['body']): unknown {
	if (names.envelope) return (response.data as Record<string, unknown>)[names.body[key]!];
	const header = names.headers[key as keyof PaginationParameterNames['headers']];
	const value = header === undefined ? undefined : (response.headers[header.toLowerCase()] as string | undefined);
	return value === undefined ? undefined : /^\d+$/.test(value) ? Number(value) : value;
}

export interface Walk {
	items: Array<Record<string, unknown>>;
	requests: number;
	/** For page/offset: the page requested just past the end. */
	pastEnd?: AxiosResponse;
}

/**
 * Follows every page of a list with the sandbox's names for the current style. `between` runs after the
 * first page (to change the data while walking).
 */
export async function walkAll(
	client: AxiosInstance,
	path: string,
	names: PaginationParameterNames,
	pageSize: number,
	params: Record<string, string> = {},
	between?: () => void,
): Promise<Walk> {
	const items: Array<Record<string, unknown>> = [];
	let requests = 0;
	const get = async (url: string, query: Record<string, string | number>): Promise<AxiosResponse> => {
		const response = await client.get(url, { params: query });
		requests++;
		if (response.status !== 200) throw new Error(`GET ${url} → ${response.status} ${JSON.stringify(response.data)}`);
		if (requests === 1) between?.();
		return response;
	};
	const q = names.query;
	switch (names.style) {
		case 'none': {
			items.push(...itemsOf(await get(path, params)));
			return { items, requests };
		}
		case 'page': {
			for (let page = 1; ; page++) {
				const response = await get(path, { ...params, [q.page!]: page, [q.perPage!]: pageSize });
				items.push(...itemsOf(response));
				if (page >= Number(field(response, names, 'totalPages'))) {
					const pastEnd = await get(path, { ...params, [q.page!]: page + 1, [q.perPage!]: pageSize });
					return { items, requests, pastEnd };
				}
			}
		}
		case 'offset': {
			for (let offset = 0; ; offset += pageSize) {
				const response = await get(path, { ...params, [q.offset!]: offset, [q.limit!]: pageSize });
				items.push(...itemsOf(response));
				if (offset + pageSize >= Number(field(response, names, 'totalCount'))) {
					const pastEnd = await get(path, { ...params, [q.offset!]: offset + pageSize, [q.limit!]: pageSize });
					return { items, requests, pastEnd };
				}
			}
		}
		case 'cursor': {
			let cursor: unknown;
			do {
				const response = await get(path, { ...params, [q.limit!]: pageSize, ...(cursor ? { [q.cursor!]: String(cursor) } : {}) });
				items.push(...itemsOf(response));
				cursor = field(response, names, 'nextCursor');
			} while (cursor);
			return { items, requests };
		}
		case 'nextUrl':
		case 'linkHeader': {
			let response = await get(path, { ...params, [q.limit!]: pageSize });
			for (;;) {
				items.push(...itemsOf(response));
				const next = names.style === 'nextUrl' && names.envelope ? (response.data as Record<string, unknown>)[names.body.nextUrl!] : nextLink(response);
				if (!next) return { items, requests };
				response = await get(String(next), {});
			}
		}
	}
}

export interface RawResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/** Sends a request with the path exactly as given (axios would normalise some odd paths before sending). */
export function rawRequest(
	sandbox: Sandbox,
	options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
	return new Promise((resolve, reject) => {
		const outgoing = request(
			{
				host: '127.0.0.1',
				port: sandbox.port,
				path: options.path,
				method: options.method ?? 'GET',
				headers: { Authorization: 'Bearer sandbox-full', ...options.headers },
			},
			(res) => {
				let body = '';
				res.setEncoding('utf8');
				res.on('data', (chunk: string) => (body += chunk));
				res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
			},
		);
		outgoing.on('error', reject);
		outgoing.end(options.body);
	});
}
