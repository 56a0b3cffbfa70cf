import type { ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import { itemlessParameters } from '../../../../nodes/VenueBooking/actions/common/itemlessParameters';
import { TEST_NODE } from '../../mockContext';

/** A context that reads parameters without an item index (poll and editor contexts alike), recording what it is asked. */
function itemlessContext(values: Record<string, unknown>) {
	const asked: unknown[][] = [];
	const context = {
		getNode: () => TEST_NODE,
		getNodeParameter: (name: string, fallback?: unknown) => {
			asked.push([name, fallback]);
			return name in values ? values[name] : fallback;
		},
	};
	return { context, asked };
}

describe('itemlessParameters', () => {
	it('reads a poll context\'s parameters through the item-indexed reader shape, ignoring the index', () => {
		const { context, asked } = itemlessContext({ 'options.maxExisting': 7 });
		const parameters = itemlessParameters(context as unknown as IPollFunctions);
		expect(parameters.getNode()).toBe(TEST_NODE);
		expect(parameters.getNodeParameter('options.maxExisting', 0, 100)).toBe(7);
		expect(parameters.getNodeParameter('options.identityPath', 3, '')).toBe('');
		expect(asked).toEqual([['options.maxExisting', 100], ['options.identityPath', '']]);
	});

	it('reads an editor (load-options) context the same way', () => {
		const { context, asked } = itemlessContext({ 'options.itemsPath': 'data.rows' });
		const parameters = itemlessParameters(context as unknown as ILoadOptionsFunctions);
		expect(parameters.getNodeParameter('options.itemsPath', 5, '')).toBe('data.rows');
		expect(asked).toEqual([['options.itemsPath', '']]);
	});
});
