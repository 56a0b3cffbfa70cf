/**
 * What editor methods share: a client built from the node's own options, the node's list options (one page
 * of a list is read by referenceLists.ts's samplePage), and whether the node runs as an AI agent's tool.
 */
import type { ILoadOptionsFunctions, INode } from 'n8n-workflow';
import { readListOptions, readTransportOptions } from '../parameters/options';
import { itemlessParameters } from '../parameters/readers';
import type { ListReading } from '../referenceLists';
import { ApiClient } from '../transport/request';

/** A client for the editor's lists, with the retry and timeout settings the node's Options hold. */
export async function editorClient(context: ILoadOptionsFunctions): Promise<ApiClient> {
	const client = await ApiClient.create(context);
	return client.withOptions(readTransportOptions(itemlessParameters(context), 0));
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
