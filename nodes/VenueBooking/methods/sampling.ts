/**
 * What editor methods share: a client built from the node's own options, the node's list options (one page
 * of a list is read by referenceLists.ts's samplePage), and whether the node runs as an AI agent's tool.
 */
import type { ILoadOptionsFunctions, INode } from 'n8n-workflow';
import { editorSession } from '../editorSession';
import { readListOptions, readTransportOptions } from '../parameters/options';
import { itemlessParameters } from '../parameters/readers';
import type { ListReading } from '../referenceLists';
import { ApiClient } from '../transport/request';

/**
 * How long an editor call may wait for the API's quota or pace before it answers with what it has: the time a call
 * reads on (clientDirectory.ts's CALL_TIME_MS) and a little more, so a person never watches a spinner through a
 * quota window.
 */
export const EDITOR_DEADLINE_MS = 12_000;

/**
 * A client for the editor's lists, with the retry and timeout settings the node's Options hold, the session's pacer
 * (what the API said of its quota in the calls before) and a deadline: a request the quota would hold past it is
 * not sent (transport/request.ts, QuotaDeferral).
 */
export async function editorClient(context: ILoadOptionsFunctions, now = Date.now()): Promise<ApiClient> {
	const client = await ApiClient.create(context);
	const options = readTransportOptions(itemlessParameters(context), 0);
	return client.withPacer(editorSession(client.sessionKey).pacer).withOptions({ ...options, deadline: now + EDITOR_DEADLINE_MS });
}

/**
 * Options > Search Parameter: the query parameter the API filters a list by text with, as the user named it; ''
 * when unset (the editor then learns whether the list takes one, clientDirectory.ts).
 */
export function readSearchParameter(context: ILoadOptionsFunctions): string {
	const value = context.getNodeParameter('options.searchParameter', '') as unknown;
	return typeof value === 'string' ? value.trim() : '';
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

/**
 * Whether the node is the AI agent's tool variant. n8n generates that variant from `usableAsTool` under the
 * name `<node>Tool`, and decides its own `@tool` display option by the same suffix.
 */
export function isAgentTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}
