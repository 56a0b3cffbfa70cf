/**
 * What editor methods share: a client built from the node's own options, one sampled page of a list, and
 * whether the node runs as an AI agent's tool.
 */
import { type IDataObject, type ILoadOptionsFunctions, type INode, NodeOperationError } from 'n8n-workflow';
import type { Endpoint } from '../endpoints';
import { readTransportOptions } from '../parameters/options';
import { itemlessParameters } from '../parameters/readers';
import { isPlainObject } from '../transport/json';
import { DEFAULT_PAGINATION, type PageRequest, type ResolvedPagination, strategyFor } from '../transport/pagination/strategies';
import { walkPages } from '../transport/pagination/walk';
import { ApiClient } from '../transport/request';

/** A client for the editor's lists, with the retry and timeout settings the node's Options hold. */
export async function editorClient(context: ILoadOptionsFunctions): Promise<ApiClient> {
	const client = await ApiClient.create(context);
	return client.withOptions(readTransportOptions(itemlessParameters(context), 0));
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
	const pagination = isPlainObject(parsed) ? parsed.pagination : undefined;
	const request = isPlainObject(parsed) ? parsed.request : undefined;
	if (!isPlainObject(pagination) || typeof pagination.mode !== 'string' || !isPlainObject(request)) {
		throw new NodeOperationError(node, 'The list could not continue: its page marker is not one this node wrote', {
			description: 'Close the list and open it again.',
		});
	}
	return { pagination: pagination as unknown as ResolvedPagination, request: request as PageRequest };
}

/**
 * Reads exactly one page of a list endpoint through the node's own transport (automatic pagination
 * detection, retries, scope-named errors), starting from a token of an earlier page or from the first.
 * The editor never walks a whole list: a 100,000-record workspace costs one request per list view.
 */
export async function samplePage(client: ApiClient, endpoint: Endpoint, token?: string): Promise<SampledPage> {
	const resume = token ? decodeToken(client.node, token) : undefined;
	const pages = walkPages(client, { endpoint }, { settings: DEFAULT_PAGINATION, resume });
	const { value: page } = await pages.next();
	await pages.return(undefined);
	if (!page || page.entries === undefined) return { records: [] };
	const strategy = page.pagination ? strategyFor(page.pagination) : undefined;
	const next =
		strategy && page.pagination && page.entries.length > 0
			? strategy.next({ query: page.query as IDataObject, response: page.response, entries: page.entries }, undefined)
			: undefined;
	return {
		records: page.entries,
		nextToken: next && page.pagination ? encodeToken({ pagination: page.pagination, request: next }) : undefined,
	};
}

/**
 * Whether the node is the AI agent's tool variant. n8n generates that variant from `usableAsTool` under the
 * name `<node>Tool`, and decides its own `@tool` display option by the same suffix.
 */
export function isAgentTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}
