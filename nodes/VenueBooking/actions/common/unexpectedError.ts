import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/**
 * A failure of the node's own code — a bug, not bad input and not an API answer. It stays a per-item error
 * (so Continue On Fail still works), but says what it is: the exception's type and that the input is not
 * to blame. Tests tell it apart from input errors by its class.
 */
export class UnexpectedNodeError extends NodeOperationError {
	readonly exceptionType: string;

	constructor(node: INode, error: unknown, itemIndex: number) {
		const exceptionType = error instanceof Error ? error.name : typeof error;
		const detail = error instanceof Error ? error.message : String(error);
		super(node, error instanceof Error ? error : detail, {
			itemIndex,
			message: `Unexpected ${exceptionType} in the node: ${detail} (item ${itemIndex})`,
			description: 'This is a bug in the Venue Booking node, not a problem with your input. Please report it with this message.',
		});
		this.exceptionType = exceptionType;
	}
}
