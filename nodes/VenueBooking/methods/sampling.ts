/**
 * What editor methods share: a client built from the node's own options, one sampled page of a list, and
 * whether the node runs as an AI agent's tool.
 */
import { type ILoadOptionsFunctions, type INode, NodeOperationError } from 'n8n-workflow';
import type { Endpoint } from '../endpoints';
import { readListOptions, readTransportOptions } from '../parameters/options';
import { itemlessParameters } from '../parameters/readers';
import { isPlainObject } from '../transport/json';
import { DEFAULT_PAGINATION, type PageRequest, type PaginationSettings, readPageRequest, readResolvedPagination, type ResolvedPagination } from '../transport/pagination/strategies';
import { walkPages } from '../transport/pagination/walk';
import { ApiClient } from '../transport/request';

/** A client for the editor's lists, with the retry and timeout settings the node's Options hold. */
export async function editorClient(context: ILoadOptionsFunctions): Promise<ApiClient> {
	const client = await ApiClient.create(context);
	return client.withOptions(readTransportOptions(itemlessParameters(context), 0));
}

/** How the node's lists are read: its Pagination and Items Field options, as an execution reads them. */
export interface ListReading {
	settings: PaginationSettings;
	itemsPath?: string;
}

/** The node's own list options, read by the same reader an execution uses, for the editor's lists. */
export function readListReading(context: ILoadOptionsFunctions): ListReading {
	const { pagination, itemsPath } = readListOptions(itemlessParameters(context), 0);
	return { settings: pagination, itemsPath };
}

/** The Identity Field option of the node, when the user named one. */
export function readIdentityField(context: ILoadOptionsFunctions): string {
	const value = context.getNodeParameter('options.identityPath', '') as unknown;
	return typeof value === 'string' ? value.trim() : '';
}

/** One page of a list endpoint, read for the editor, and how to ask for the page after it. */
export interface SampledPage {
	records: unknown[];
	/** Opaque to n8n: the next page's request, or undefined on the last page. */
	nextToken?: string;
}

/**
 * What a page token holds. The pagination strategies keep no state between pages, so the settled
 * pagination and the next page's request are all that is needed to continue where the list stopped.
 */
interface PageToken {
	pagination: ResolvedPagination;
	request: PageRequest;
}

function encodeToken(token: PageToken): string {
	return JSON.stringify(token);
}

/**
 * The token comes back from the editor, so it is checked rather than trusted: a malformed one is an error,
 * and a next-page URL in it is still held to the credential's origin by the transport.
 */
function decodeToken(node: INode, text: string): PageToken {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		parsed = undefined;
	}
	const pagination = isPlainObject(parsed) ? readResolvedPagination(parsed.pagination) : undefined;
	const request = isPlainObject(parsed) ? readPageRequest(parsed.request) : undefined;
	if (!pagination || !request) {
		throw new NodeOperationError(node, 'The list could not continue: its page marker is not one this node wrote', {
			description: 'Close the list and open it again.',
		});
	}
	return { pagination, request };
}

/**
 * Reads exactly one page of a list endpoint through the node's own transport and the node's own list
 * options (pagination as set or detected, Items Field, retries, scope-named errors), starting from a token
 * of an earlier page or from the first. The page is what a Return All walk would read at that point, with
 * the same checks: a page that says more entries follow but names no way to them is an error, never the
 * end of the list. The editor never walks a whole list: a 100,000-record workspace costs one request per
 * list view.
 */
export async function samplePage(
	client: ApiClient,
	endpoint: Endpoint,
	token?: string,
	reading: ListReading = { settings: DEFAULT_PAGINATION },
): Promise<SampledPage> {
	const resume = token ? decodeToken(client.node, token) : undefined;
	const pages = walkPages(client, { endpoint }, { settings: reading.settings, itemsPath: reading.itemsPath, resume });
	const { value: page } = await pages.next();
	await pages.return(undefined);
	if (!page || page.entries === undefined) return { records: [] };
	return {
		records: page.entries,
		nextToken: page.next && page.pagination ? encodeToken({ pagination: page.pagination, request: page.next }) : undefined,
	};
}

/**
 * Whether the node is the AI agent's tool variant. n8n generates that variant from `usableAsTool` under the
 * name `<node>Tool`, and decides its own `@tool` display option by the same suffix.
 */
export function isAgentTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}
