import { NodeOperationError } from 'n8n-workflow';
import type { IGetNodeParameterOptions, INode } from 'n8n-workflow';

/**
 * What parameter readers need of an n8n context. Execute contexts fit as they are; the trigger's poll
 * context reads parameters without an item index and is adapted to this shape.
 */
export interface ParameterReader {
	getNode(): INode;
	getNodeParameter(name: string, itemIndex: number, fallback?: unknown, options?: IGetNodeParameterOptions): unknown;
}

/**
 * A NodeOperationError about a parameter of one item. The message names both, because with hundreds of
 * input items "invalid JSON" alone does not tell the user where to look.
 */
export function inputError(
	context: ParameterReader,
	itemIndex: number,
	parameter: string,
	problem: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${parameter}: ${problem} (item ${itemIndex})`, {
		itemIndex,
		description,
	});
}

/** How a value is named in messages: its JSON type, as the user would see it in an expression. */
export function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value}`;
}
