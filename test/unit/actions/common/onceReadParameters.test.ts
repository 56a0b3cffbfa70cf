import type { INodeParameters } from 'n8n-workflow';

import { onceReadParameters } from '../../../../nodes/VenueBooking/actions/common/onceReadParameters';
import { TEST_NODE } from '../../mockContext';

/**
 * A context whose stored parameters may hold expressions ("=..."), which it "resolves" per item by
 * appending the item index, and which counts how often each parameter is read.
 */
function countingContext(stored: INodeParameters) {
	const reads = new Map<string, number>();
	const resolve = (value: unknown, itemIndex: number): unknown =>
		typeof value === 'string' && value.startsWith('=') ? `${value.slice(1)}#${itemIndex}` : value;
	const context = {
		getNode: () => ({ ...TEST_NODE, parameters: stored }),
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
			reads.set(name, (reads.get(name) ?? 0) + 1);
			let value: unknown = stored;
			for (const step of name.split('.')) value = (value as Record<string, unknown> | undefined)?.[step];
			if (value === undefined) return fallback;
			if (value !== null && typeof value === 'object') return structuredClone(value);
			return resolve(value, itemIndex);
		},
	};
	return { context, reads };
}

function readForItems(parameters: ReturnType<typeof onceReadParameters>, name: string, fallback?: unknown, items = 3) {
	return Array.from({ length: items }, (_, itemIndex) => parameters.getNodeParameter(name, itemIndex, fallback));
}

describe('onceReadParameters', () => {
	it('reads a fixed text, number or boolean once for all items', () => {
		const { context, reads } = countingContext({ sendQuery: true, options: { timeout: 250, mode: 'auto' } });
		const parameters = onceReadParameters(context);
		expect(readForItems(parameters, 'sendQuery', false)).toEqual([true, true, true]);
		expect(readForItems(parameters, 'options.timeout', 1000)).toEqual([250, 250, 250]);
		expect(readForItems(parameters, 'options.mode', '')).toEqual(['auto', 'auto', 'auto']);
		expect(Object.fromEntries(reads)).toEqual({ sendQuery: 1, 'options.timeout': 1, 'options.mode': 1 });
	});

	it('reads an unset parameter once, as its fallback', () => {
		const { context, reads } = countingContext({ options: {} });
		const parameters = onceReadParameters(context);
		expect(readForItems(parameters, 'options.maxRetries', 3)).toEqual([3, 3, 3]);
		expect(reads.get('options.maxRetries')).toBe(1);
	});

	it('keeps fallbacks apart: the same name read with another fallback is read again', () => {
		const { context, reads } = countingContext({});
		const parameters = onceReadParameters(context);
		expect(parameters.getNodeParameter('limit', 0, 50)).toBe(50);
		expect(parameters.getNodeParameter('limit', 1, '50')).toBe('50');
		expect(reads.get('limit')).toBe(2);
	});

	it('reads an expression for every item, and anything under an expression too', () => {
		const { context, reads } = countingContext({ clientId: '=id', options: '=all', filter: { value: '=v' } });
		const parameters = onceReadParameters(context);
		expect(readForItems(parameters, 'clientId', '')).toEqual(['id#0', 'id#1', 'id#2']);
		readForItems(parameters, 'options.timeout', 1000);
		readForItems(parameters, 'filter.value', '');
		expect(Object.fromEntries(reads)).toEqual({ clientId: 3, 'options.timeout': 3, 'filter.value': 3 });
	});

	it('hands objects out fresh for every item, since a caller may change them', () => {
		const { context, reads } = countingContext({ options: { pagination: { settings: { mode: 'cursor' } } } });
		const parameters = onceReadParameters(context);
		const [first, second] = readForItems(parameters, 'options.pagination.settings', {}, 2);
		expect(first).toEqual({ mode: 'cursor' });
		expect(first).not.toBe(second);
		expect(reads.get('options.pagination.settings')).toBe(2);
	});

	it('passes reads with options (e.g. a locator\'s extracted value) to n8n every time', () => {
		const { context, reads } = countingContext({ bookingId: 'b1' });
		const parameters = onceReadParameters(context);
		for (let item = 0; item < 3; item++) parameters.getNodeParameter('bookingId', item, '', { extractValue: true });
		expect(reads.get('bookingId')).toBe(3);
	});

	it('does not keep a failed read: the next item asks n8n again', () => {
		let calls = 0;
		const context = {
			getNode: () => TEST_NODE,
			getNodeParameter: () => {
				calls++;
				throw new Error('Could not get parameter');
			},
		};
		const parameters = onceReadParameters(context);
		expect(() => parameters.getNodeParameter('sendQuery', 0, false)).toThrow('Could not get parameter');
		expect(() => parameters.getNodeParameter('sendQuery', 1, false)).toThrow('Could not get parameter');
		expect(calls).toBe(2);
	});
});
