import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * A NodeOperationError about a parameter of one item. The message names both, because with hundreds of
 * input items "invalid JSON" alone does not tell the user where to look.
 */
export function inputError(
	context: IExecuteFunctions,
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
