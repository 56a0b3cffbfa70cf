import { type IDataObject, type ILoadOptionsFunctions, type INode, type INodeParameters, type IPollFunctions, NodeOperationError } from 'n8n-workflow';
import type { IdParameter } from '../../../nodes/VenueBooking/endpoints';
import {
	describeType,
	idProperty,
	inputError,
	itemlessParameters,
	type NumberParameter,
	onceReadParameters,
	readId,
	readNumberParameter,
	readWorkspaceTimeZone,
	readZoneInForce,
	readZoneSetting,
} from '../../../nodes/VenueBooking/parameters/readers';
import { mockContext, parameterReader, TEST_NODE, thrownBy } from '../mockContext';

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

// ---- The {id} path parameter ----

const BOOKING_ID: IdParameter = { name: 'bookingId', displayName: 'Booking ID', what: 'booking' };

describe('readId', () => {
	it('trims text and takes a number as text; characters a path cannot hold are left to the transport', () => {
		expect(readId(parameterReader({ bookingId: '  bk/1 ' }), 0, BOOKING_ID)).toBe('bk/1');
		expect(readId(parameterReader({ bookingId: 42 }), 0, BOOKING_ID)).toBe('42');
	});

	it.each([
		['', 'Booking ID: is empty (item 1)'],
		[' \t', 'Booking ID: is empty (item 1)'],
		['.', 'Booking ID: "." is not a valid identifier (item 1)'],
		['..', 'Booking ID: ".." is not a valid identifier (item 1)'],
		[{ id: 1 }, 'Booking ID: must be text or a number, but it is an object (item 1)'],
		[null, 'Booking ID: must be text or a number, but it is null (item 1)'],
	])('refuses %p before any request', (bookingId, message) => {
		const error = thrownBy(() => readId(parameterReader({ bookingId: bookingId as IDataObject[string] }), 1, BOOKING_ID));
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(message);
	});
});

describe('idProperty', () => {
	it('is a required resource locator with the row name and label: From List (the search method of its kind) or By ID', () => {
		const property = idProperty(BOOKING_ID);
		expect(property).toMatchObject({ name: 'bookingId', displayName: 'Booking ID', type: 'resourceLocator', required: true });
		expect(property.default).toEqual({ mode: 'list', value: '' });
		expect(property.modes?.map((mode) => [mode.name, mode.type])).toEqual([['list', 'list'], ['id', 'string']]);
		expect(property.modes?.[0].typeOptions?.searchListMethod).toEqual(expect.any(String));
		expect(property.description).toContain('identifier');
	});
});

describe('readWorkspaceTimeZone', () => {
	const node = { name: 'Venue Booking' } as INode;
	it('is UTC when the credential names none, and the zone it names otherwise', () => {
		expect(readWorkspaceTimeZone({ node })).toBe('UTC');
		expect(readWorkspaceTimeZone({ node, workspaceTimeZoneSetting: '' })).toBe('UTC');
		expect(readWorkspaceTimeZone({ node, workspaceTimeZoneSetting: 'Europe/Paris' })).toBe('Europe/Paris');
	});

	it('refuses a zone that does not exist, naming the credential\'s field, rather than reading hours off', () => {
		const error = (() => { try { readWorkspaceTimeZone({ node, workspaceTimeZoneSetting: 'Europe/Pari' }); } catch (caught) { return caught as NodeOperationError; } return undefined; })();
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe('The Workspace Time Zone "Europe/Pari" of the Venue Booking API credential is not a time zone');
		expect(error?.description).toContain('IANA');
	});

	it('names the credential by the name the node uses it under, where it has one', () => {
		const named = { ...node, credentials: { venueBookingApi: { id: '7', name: 'Venue Booking account' } } } as INode;
		expect(() => readWorkspaceTimeZone({ node: named, workspaceTimeZoneSetting: 'Mars/Olympus' }))
			.toThrow('The Workspace Time Zone "Mars/Olympus" of the credential "Venue Booking account" is not a time zone');
	});
});

describe('Options > Time Zone and the zone in force', () => {
	const inZone = (options: IDataObject, zone?: string) => ({ ...parameterReader({ options }), ...(zone ? { getTimezone: () => zone } : {}) });

	it('is the option where set (trimmed), else the zone n8n hands the context, else UTC', () => {
		expect(readZoneInForce(inZone({ timeZone: ' Europe/Berlin ' }, 'America/New_York'), 0)).toBe('Europe/Berlin');
		expect(readZoneInForce(inZone({}, 'America/New_York'), 0)).toBe('America/New_York');
		expect(readZoneInForce(inZone({ timeZone: '' }), 0)).toBe('UTC');
		expect(readZoneSetting(inZone({}), 0)).toBe('');
	});

	it('refuses a zone that does not exist, naming the parameter and the item', () => {
		const error = thrownBy(() => readZoneSetting(inZone({ timeZone: 'Berlin' }), 4));
		expect(error.message).toBe('Time Zone: "Berlin" is not a time zone (item 4)');
		expect(error.description).toContain('IANA');
	});

	it('reaches the editor\'s contexts through itemlessParameters, with n8n\'s zone', () => {
		const context = { getNode: () => TEST_NODE, getNodeParameter: (name: string, fallback?: unknown) => (name === 'options.timeZone' ? '' : fallback), getTimezone: () => 'Asia/Tokyo' };
		expect(readZoneInForce(itemlessParameters(context), 0)).toBe('Asia/Tokyo');
	});
});
