import { NodeOperationError, type INode } from 'n8n-workflow';

import { readNumberParameter, type NumberParameter } from '../../../../nodes/VenueBooking/actions/common/numberParameter';

const node = { name: 'Venue Booking' } as INode;
const reader = (value: unknown) => ({ getNode: () => node, getNodeParameter: (_n: string, _i: number, fallback?: unknown) => value ?? fallback });
const maxPages: NumberParameter = { name: 'options.maxPages', label: 'Max Pages', fallback: 10, minimum: 1, whole: true };

describe('readNumberParameter', () => {
	it('takes numbers and numeric text, cuts counts to whole numbers, and uses the fallback when unset', () => {
		expect(readNumberParameter(reader(7.9), 0, maxPages)).toBe(7);
		expect(readNumberParameter(reader(' 12 '), 0, maxPages)).toBe(12);
		expect(readNumberParameter(reader(undefined), 0, maxPages)).toBe(10);
		expect(readNumberParameter(reader(2.5), 0, { ...maxPages, whole: false })).toBe(2.5);
	});

	it.each([['text', 'abc'], ['NaN', Number.NaN], ['below the minimum', 0], ['an object', {}], ['empty text', '']])(
		'refuses %s with the parameter, the item and the hint named',
		(_case, value) => {
			let error: unknown;
			try {
				readNumberParameter(reader(value), 3, { ...maxPages, hint: 'Or leave it empty.' });
			} catch (caught) {
				error = caught;
			}
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as NodeOperationError).message).toBe('Max Pages: must be a number of at least 1 (item 3)');
			expect((error as NodeOperationError).description).toBe('Or leave it empty.');
		},
	);
});
