import type { IDataObject, INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { DEFAULT_PARALLEL, listOptions, optionsProperty, paginationOption, readListOptions, readParallelRequests, readTransportOptions, transportOptions } from '../../../nodes/VenueBooking/parameters/options';
import { DEFAULT_TIMEOUT_MS } from '../../../nodes/VenueBooking/transport/request';
import { DEFAULT_RETRY_POLICY } from '../../../nodes/VenueBooking/transport/retry';
import { mockContext } from '../mockContext';

const reader = (options: IDataObject) => mockContext({ parameters: { options } }).context;
const defaultOf = (properties: INodeProperties[], name: string) => properties.find((p) => p.name === name)?.default;

describe('optionsProperty', () => {
	const names = (property: INodeProperties) => (property.options as INodeProperties[]).map((o) => o.displayName);

	it('offers the list extras beside the transport options, sorted by label', () => {
		const list = names(optionsProperty('list'));
		const perItem = names(optionsProperty('perItem'));
		expect(list).toEqual([...list].sort((a, b) => a.localeCompare(b)));
		expect(list).toEqual(expect.arrayContaining(['Items Field', 'Max Pages', 'Pagination', 'Max Retries', 'Timeout (Ms)']));
		expect(perItem).toContain('Parallel Requests');
		expect(perItem).not.toContain('Pagination');
	});
});

describe('readTransportOptions', () => {
	it('falls back to the defaults the option descriptions show', () => {
		expect(readTransportOptions(reader({}), 0)).toEqual({
			retry: { maxRetries: defaultOf(transportOptions, 'maxRetries'), maxWaitMs: (defaultOf(transportOptions, 'maxWait') as number) * 1000 },
			timeoutMs: defaultOf(transportOptions, 'timeout'),
		});
		expect(readTransportOptions(reader({}), 0)).toEqual({ retry: DEFAULT_RETRY_POLICY, timeoutMs: DEFAULT_TIMEOUT_MS });
	});

	it('reads Max Wait in seconds and cuts Max Retries to a whole number', () => {
		expect(readTransportOptions(reader({ maxRetries: 2.7, maxWait: 1.5, timeout: 250 }), 0)).toEqual({
			retry: { maxRetries: 2, maxWaitMs: 1500 },
			timeoutMs: 250,
		});
	});

	it('refuses a timeout below 1 ms, naming the option and the item', () => {
		expect(() => readTransportOptions(reader({ timeout: 0 }), 3)).toThrow('Timeout: must be a number of at least 1 (item 3)');
	});
});

describe('readParallelRequests', () => {
	const parallelDefault = (kind: 'list' | 'perItem' | 'write') =>
		defaultOf(optionsProperty(kind).options as INodeProperties[], 'parallelRequests');

	it('falls back to the default each kind of operation shows in its Options', () => {
		expect(readParallelRequests(reader({}), 'read')).toBe(DEFAULT_PARALLEL.read);
		expect(readParallelRequests(reader({}), 'pages')).toBe(DEFAULT_PARALLEL.pages);
		expect(readParallelRequests(reader({}), 'write')).toBe(DEFAULT_PARALLEL.write);
		expect(parallelDefault('perItem')).toBe(DEFAULT_PARALLEL.read);
		expect(parallelDefault('list')).toBe(DEFAULT_PARALLEL.pages);
		expect(parallelDefault('write')).toBe(DEFAULT_PARALLEL.write);
		// Writes one at a time (their order can matter); reads with many in flight, as the HTTP Request node does.
		expect(DEFAULT_PARALLEL.write).toBe(1);
		expect(DEFAULT_PARALLEL.read).toBeGreaterThan(DEFAULT_PARALLEL.pages);
	});

	it('is 1 for writes unless set, a whole number, and capped', () => {
		expect(readParallelRequests(reader({}), 'write')).toBe(1);
		expect(readParallelRequests(reader({ parallelRequests: 4.9 }), 'write')).toBe(4);
		const capped = readParallelRequests(reader({ parallelRequests: 5000 }), 'read');
		expect(capped).toBeLessThan(5000);
		expect(readParallelRequests(reader({ parallelRequests: 50_000 }), 'read')).toBe(capped);
	});
});

describe('readListOptions', () => {
	it('defaults to automatic pagination, the Max Pages default, no items path and no raw response', () => {
		expect(readListOptions(reader({}), 0)).toEqual({
			itemsPath: undefined,
			rawResponse: false,
			pagination: { mode: 'auto', maxPages: defaultOf(listOptions, 'maxPages') },
		});
	});

	it('passes the chosen pagination settings on, trims the items path, and reads Raw Response', () => {
		const options = { itemsPath: ' data.rows ', rawResponse: true, maxPages: 3, pagination: { settings: { mode: 'cursor', cursorParameter: 'c' } } };
		expect(readListOptions(reader(options), 0)).toEqual({
			itemsPath: 'data.rows',
			rawResponse: true,
			pagination: { mode: 'cursor', cursorParameter: 'c', maxPages: 3 },
		});
	});
});

const values = (paginationOption.options as INodePropertyCollection[])[0].values;
const field = (name: string) => values.find((value: INodeProperties) => value.name === name)!;

describe('the Pagination option', () => {
	it('offers Automatic (the default) and the six explicit modes, sorted by name', () => {
		const modes = (field('mode').options as INodePropertyOptions[]).map((option) => option.value);
		expect(field('mode').default).toBe('auto');
		expect(modes).toEqual(['afterLast', 'auto', 'cursor', 'nextUrl', 'off', 'offset', 'pageNumber']);
	});

	it('shows each setting only for the modes that use it', () => {
		expect(field('cursorParameter').displayOptions?.show?.mode).toEqual(['cursor']);
		expect(field('nextUrlPath').displayOptions?.show?.mode).toEqual(['nextUrl']);
		expect(field('pageParameter').displayOptions?.show?.mode).toEqual(['pageNumber']);
		expect(field('offsetParameter').displayOptions?.show?.mode).toEqual(['offset']);
		// Off asks for a page size too, in its one request (lists cut at `max`, with no paging).
		expect(field('pageSize').displayOptions?.show?.mode).toEqual(['afterLast', 'cursor', 'pageNumber', 'offset', 'off']);
		expect(field('pageSizeParameter').displayOptions?.show?.mode).toEqual(['afterLast', 'cursor', 'pageNumber', 'off']);
	});

	it('names no parameter of the API: every parameter-name setting is empty until the user fills it', () => {
		for (const name of ['cursorParameter', 'cursorPath', 'nextUrlPath', 'pageParameter', 'offsetParameter', 'limitParameter', 'pageSizeParameter']) {
			expect(field(name).default).toBe('');
		}
	});
});
