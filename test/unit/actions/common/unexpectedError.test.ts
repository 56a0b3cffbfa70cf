import { NodeOperationError } from 'n8n-workflow';

import { UnexpectedNodeError } from '../../../../nodes/VenueBooking/actions/common/unexpectedError';
import { TEST_NODE } from '../../mockContext';

describe('UnexpectedNodeError', () => {
	it('names the exception type and the item, says the input is not to blame, and stays a per-item error', () => {
		const error = new UnexpectedNodeError(TEST_NODE, new RangeError('Invalid array length'), 2);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.exceptionType).toBe('RangeError');
		expect(error.message).toBe('Unexpected RangeError in the node: Invalid array length (item 2)');
		expect(error.description).toContain('not a problem with your input');
		expect(error.context.itemIndex).toBe(2);
	});

	it('describes a thrown non-error by its type', () => {
		const error = new UnexpectedNodeError(TEST_NODE, 'just text', 0);
		expect(error.exceptionType).toBe('string');
		expect(error.message).toBe('Unexpected string in the node: just text (item 0)');
	});
});
