import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { DEFAULT_MAX_EXISTING, describeQuery, readJournalSettings, triggerProperties } from '../../../nodes/VenueBooking/trigger/description';
import { mockContext } from '../mockContext';

const options = (triggerProperties.find((p) => p.name === 'options')?.options ?? []) as INodeProperties[];
const names = options.map((option) => option.name);

describe('triggerProperties', () => {
	it('offers the journal options, the list reading options and the transport options, sorted by label', () => {
		const labels = options.map((option) => option.displayName);
		expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
		expect(names).toEqual(expect.arrayContaining(['emitExisting', 'maxExisting', 'identityPath', 'journalOrder', 'itemsPath', 'maxPages', 'pagination', 'maxRetries', 'timeout']));
	});

	it('leaves out Raw Response (a raw page is no journal entry), and lists each option once', () => {
		expect(names).not.toContain('rawResponse');
		expect(new Set(names).size).toBe(names.length);
	});

	it('shows the Max Existing Entries default the settings reader uses', () => {
		expect(options.find((option) => option.name === 'maxExisting')?.default).toBe(DEFAULT_MAX_EXISTING);
	});

	it('takes query parameters like the action node', () => {
		expect(triggerProperties.map((p) => p.name)).toEqual(expect.arrayContaining(['sendQuery', 'specifyQuery', 'queryParameters', 'jsonQuery']));
	});
});

const reader = (parameters: IDataObject) => mockContext({ parameters }).context;

describe('readJournalSettings', () => {
	it('defaults to the webhook delivery journal, automatic order, no identity field, no existing entries and automatic pagination', () => {
		expect(readJournalSettings(reader({}))).toEqual({
			journal: { key: 'webhookDeliveries', endpoint: findEndpoint('webhookDelivery', 'getAll'), label: 'webhook delivery journal' },
			order: 'auto',
			identityPath: undefined,
			emitExisting: false,
			maxExisting: DEFAULT_MAX_EXISTING,
			itemsPath: undefined,
			pagination: expect.objectContaining({ mode: 'auto' }),
			query: {},
		});
	});

	it('reads the options and the query', () => {
		const settings = readJournalSettings(
			reader({
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'status', value: 'failed' }] },
				options: { journalOrder: 'newestFirst', identityPath: ' meta.key ', emitExisting: true, maxExisting: 20, itemsPath: 'rows' },
			}),
		);
		expect(settings).toMatchObject({ order: 'newestFirst', identityPath: 'meta.key', emitExisting: true, maxExisting: 20, itemsPath: 'rows', query: { status: 'failed' } });
	});

	it('takes an unknown order as automatic and refuses a Max Existing Entries below 1', () => {
		expect(readJournalSettings(reader({ options: { journalOrder: 'sideways' } })).order).toBe('auto');
		expect(() => readJournalSettings(reader({ options: { maxExisting: 0 } }))).toThrow('Max Existing Entries: must be a number of at least 1 (item 0)');
	});
});

describe('the query as a person reads it', () => {
	it('is empty without parameters', () => {
		expect(describeQuery({})).toBe('');
	});

	it('joins name=value pairs in order, unencoded', () => {
		expect(describeQuery({ event: 'booking.created', status: 'failed', note: 'a b&c' })).toBe('event=booking.created&status=failed&note=a b&c');
	});

	it('repeats a list value once per element, as it is sent', () => {
		expect(describeQuery({ event: ['booking.created', 'booking.cancelled'], page: 2 })).toBe('event=booking.created&event=booking.cancelled&page=2');
		expect(describeQuery({ event: [] })).toBe('');
	});

	it('writes objects as JSON and other values as text, never [object Object]', () => {
		expect(describeQuery({ filter: { a: 1 }, flag: false, none: null })).toBe('filter={"a":1}&flag=false&none=null');
	});
});

describe('Watch', () => {
	it('is the first parameter, webhook deliveries by default, and offers the two journals of the API', () => {
		const watch = triggerProperties[0];
		expect(watch).toMatchObject({ name: 'watch', type: 'options', default: 'webhookDeliveries', noDataExpression: true });
		expect((watch.options as INodePropertyOptions[]).map((option) => option.value)).toEqual(['payments', 'webhookDeliveries']);
	});

	it('reads Payments as the payment journal (GET /payments), anything else as the deliveries', () => {
		expect(readJournalSettings(reader({ watch: 'payments' })).journal).toEqual({ key: 'payments', endpoint: findEndpoint('payment', 'getAll'), label: 'payment journal' });
		expect(readJournalSettings(reader({ watch: 'other' })).journal.key).toBe('webhookDeliveries');
	});
});
