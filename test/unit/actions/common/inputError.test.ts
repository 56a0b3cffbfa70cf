import { NodeOperationError } from 'n8n-workflow';

import { describeType, inputError } from '../../../../nodes/VenueBooking/actions/common/inputError';
import { mockContext, TEST_NODE } from '../../mockContext';

describe('inputError', () => {
	it('is a NodeOperationError naming the parameter and the item, with the item index and the hint', () => {
		const { context } = mockContext({ parameters: {} });
		const error = inputError(context, 4, 'Booking ID', 'is empty', 'Map it from the input.');
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Booking ID: is empty (item 4)');
		expect(error.description).toBe('Map it from the input.');
		expect(error.context.itemIndex).toBe(4);
		expect(error.node).toBe(TEST_NODE);
	});
});

describe('describeType', () => {
	it.each([
		[null, 'null'],
		[[1], 'an array'],
		[{ a: 1 }, 'an object'],
		['x', 'a string'],
		[3, 'a number'],
		[true, 'a boolean'],
		[undefined, 'a undefined'],
	])('%p is %s', (value, expected) => {
		expect(describeType(value)).toBe(expected);
	});
});
