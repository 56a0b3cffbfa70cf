import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import type { Endpoint } from '../endpoints';
import { walkPages } from '../transport/pagination/walk';
import { DEFAULT_PAGINATION, type ResolvedPagination } from '../transport/pagination/settings';
import { strategyFor, type PageRequest } from '../transport/pagination/strategies';
import type { ApiClient } from '../transport/request';
import { isPlainObject } from '../transport/paths';

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
