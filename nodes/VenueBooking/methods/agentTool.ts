import type { INode } from 'n8n-workflow';

/**
 * Whether the node is the AI agent's tool variant. n8n generates that variant from `usableAsTool` under the
 * name `<node>Tool`, and decides its own `@tool` display option by the same suffix.
 */
export function isAgentTool(node: INode): boolean {
	return node.type.endsWith('Tool');
}
