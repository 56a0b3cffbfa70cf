import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { fieldOptions, fieldPaths, journalFields, journalValues, sampleJournalPage, valueOptions, valuesSeen } from '../../../nodes/VenueBooking/methods/loadOptions';
import { type MockAnswer, mockLoadOptionsContext } from '../mockContext';

const journal = (entries: unknown[]): MockAnswer[] => [{ statusCode: 200, body: { data: entries } }];
const TYPE_INSTEAD = 'You can also type it: switch the field to Expression and write the value.';

/** The filter's field at the top level (version 1.1), or under Options where version 1 workflows keep it. */
function call(method: typeof journalFields, answers: MockAnswer[], field?: string, place: 'top' | 'options' = 'top') {
	const filter = { entryFilter: { condition: { field } } };
	const parameters = field === undefined ? {} : place === 'top' ? filter : { options: filter };
	const mock = mockLoadOptionsContext({ parameters, answers });
	return { result: method.call(mock.context as ILoadOptionsFunctions), requests: mock.requests };
}

type Described = Error & { description?: string };
const failureOf = async (promise: Promise<unknown>) => (await promise.then(() => undefined, (error: Described) => error)) as Described;

describe('Only Entries Where > Field', () => {
	it('offers the fields the sampled entries hold', async () => {
		const options = await call(journalFields, journal([{ event: 'booking.created', attempt: 1 }, { event: 'booking.cancelled' }])).result;
		expect(options.map((option) => option.value)).toEqual(expect.arrayContaining(['event', 'attempt']));
	});

	it('an empty journal is an error that says how to fill it and how to type the value instead', async () => {
		const failure = await failureOf(call(journalFields, journal([])).result);
		expect(failure.message).toBe('The webhook delivery journal listed no entries, so it shows no fields or values yet');
		expect(failure.description).toContain('Webhook > Send Test');
		expect(failure.description).toContain(TYPE_INSTEAD);
	});

	it('offers the fields of the first page where the journal needs Options > Pagination to go further', async () => {
		const answers: MockAnswer[] = [{ statusCode: 200, body: { data: [{ event: 'booking.created', attempt: 1 }], count: 2500 } }];
		const { result, requests } = call(journalFields, answers);
		expect((await result).map((option) => option.value)).toEqual(expect.arrayContaining(['event', 'attempt']));
		expect(requests).toHaveLength(1);
	});

	it('entries without a text, number or boolean field are an error counting them', async () => {
		const failure = await failureOf(call(journalFields, journal([{ payload: null }, [1]])).result);
		expect(failure.message).toBe('None of the 2 sampled journal entries has a text, number or boolean field');
		expect(failure.description).toBe(TYPE_INSTEAD);
	});
});

describe('Only Entries Where > Values', () => {
	it('offers the values the journal holds in the chosen field', async () => {
		const options = await call(journalValues, journal([{ event: 'booking.created' }, { event: 'booking.cancelled' }, { event: 'booking.created' }]), ' event ').result;
		expect(options.map((option) => option.value)).toEqual(expect.arrayContaining(['booking.created', 'booking.cancelled']));
		expect(options).toHaveLength(2);
	});

	it('without a chosen Field is an empty list, not an error, and reads nothing', async () => {
		for (const field of [undefined, '  ']) {
			const { result, requests } = call(journalValues, [], field);
			await expect(result).resolves.toEqual([]);
			expect(requests).toHaveLength(0);
		}
	});

	it('reads the field where a version 1 workflow keeps it, under Options', async () => {
		const options = await call(journalValues, journal([{ event: 'a' }, { event: 'b' }]), 'event', 'options').result;
		expect(options.map((option) => option.value)).toEqual(['a', 'b']);
	});

	it('a field no entry has a value in is an error naming it and the count', async () => {
		const failure = await failureOf(call(journalValues, journal([{ event: 'a' }, { event: 'b' }]), 'status').result);
		expect(failure.message).toBe('None of the 2 sampled journal entries has a value in "status"');
		expect(failure.description).toContain('type the values (separate several with commas)');
	});

	it('an empty journal is the same error as for Field', async () => {
		await expect(call(journalValues, journal([]), 'event').result).rejects.toThrow('listed no entries');
	});
});

/** Entries shaped unlike the sandbox's: the discovery must find whatever names the entries use. */
const entries = [
	{ uid: 'd1', type: 'order.paid', meta: { attempt: 1, ok: true, target: { host: 'a.example' } }, tags: ['x', 'y', 'x'], body: null },
	{ uid: 'd2', type: 'order.paid', meta: { attempt: 2, ok: false, target: { host: 'a.example' } }, tags: [] },
	{ uid: 'd3', type: 'order.refunded', meta: { attempt: 1, ok: true }, 'dotted.key': 'unreachable', list: [{ a: 1 }] },
];

describe('fieldPaths', () => {
	it('finds every scalar field, nested ones as dot paths, lists of scalars, sorted', () => {
		expect(fieldPaths(entries)).toEqual(['meta.attempt', 'meta.ok', 'meta.target.host', 'tags', 'type', 'uid']);
	});

	it('stops three levels deep and skips keys a dot path cannot reach', () => {
		expect(fieldPaths([{ a: { b: { c: 'three' } } }, { a: { b: { c: { d: 'four' } } } }])).toEqual(['a.b.c']);
		expect(fieldPaths([JSON.parse('{"__proto__": {"x": 1}, "": 2, "ok": 3}')])).toEqual(['ok']);
		expect(fieldPaths(['text', 7, null, [1, 2]])).toEqual([]);
	});

	it('offers at most 200 fields from a page with thousands of keys', () => {
		const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
		expect(fieldPaths([wide])).toHaveLength(200);
	});
});

describe('valuesSeen', () => {
	it('counts each entry once per value, most frequent first, then by text', () => {
		expect(valuesSeen(entries, 'type')).toEqual([
			{ value: 'order.paid', entries: 2 },
			{ value: 'order.refunded', entries: 1 },
		]);
		expect(valuesSeen(entries, 'tags')).toEqual([
			{ value: 'x', entries: 1 },
			{ value: 'y', entries: 1 },
		]);
		expect(valuesSeen(entries, 'meta.ok')).toEqual([
			{ value: true, entries: 2 },
			{ value: false, entries: 1 },
		]);
	});

	it('keeps numbers as numbers, so a chosen value is stored with its type', () => {
		expect(valuesSeen(entries, 'meta.attempt').map((seen) => seen.value)).toEqual([1, 2]);
	});
});

describe('options for the dropdowns', () => {
	it('labels fields and values as seen in the journal, with counts and an example', () => {
		const type = fieldOptions(entries).find((option) => option.value === 'type');
		expect(type).toEqual({
			name: 'type',
			value: 'type',
			description: 'Seen in your journal: in 3 of 3 sampled entries, 2 different values, e.g. order.paid',
		});
		const host = fieldOptions(entries).find((option) => option.value === 'meta.target.host');
		expect(host?.description).toBe('Seen in your journal: in 2 of 3 sampled entries, 1 different value, e.g. a.example');
		expect(valueOptions(entries, 'type')).toEqual([
			{ name: 'order.paid', value: 'order.paid', description: 'Seen in your journal: in 2 of 3 sampled entries' },
			{ name: 'order.refunded', value: 'order.refunded', description: 'Seen in your journal: in 1 of 3 sampled entries' },
		]);
	});

	it('cuts long labels but keeps the whole value', () => {
		const long = 'x'.repeat(120);
		const [option] = valueOptions([{ note: long }], 'note');
		expect(option.value).toBe(long);
		expect(option.name).toHaveLength(80);
		expect(String(option.name).endsWith('…')).toBe(true);
	});
});

const JOURNAL = 'https://studio.example.com/api/partners/v1/webhooks/deliveries';
const journalEntries = [
	{ id: 'd1', event: 'booking.created' },
	{ id: 'd2', event: 'booking.cancelled' },
];

describe('one page of the webhook delivery journal for the editor', () => {
	it('reads the first page only, even when more follow', async () => {
		const { context, requests } = mockLoadOptionsContext({
			answers: [{ statusCode: 200, body: { data: journalEntries, meta: { next_cursor: 'c2' } } }],
		});
		expect(await sampleJournalPage(context)).toEqual(journalEntries);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', url: JOURNAL });
	});

	it('sends the trigger\'s query parameters and applies its Items Field and timeout', async () => {
		const { context, requests } = mockLoadOptionsContext({
			parameters: {
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'status', value: 'failed' }] },
				options: { itemsPath: 'result.deliveries', timeout: 2500 },
			},
			answers: [{ statusCode: 200, body: { result: { deliveries: journalEntries } } }],
		});
		expect(await sampleJournalPage(context)).toEqual(journalEntries);
		expect(requests[0]).toMatchObject({ qs: { status: 'failed' }, timeout: 2500 });
	});

	it('an empty journal is an empty sample, not an error', async () => {
		const { context } = mockLoadOptionsContext({ answers: [{ statusCode: 200, body: { data: [] } }] });
		expect(await sampleJournalPage(context)).toEqual([]);
	});

	it('says where to point Items Field when the answer holds no list', async () => {
		const { context } = mockLoadOptionsContext({ answers: [{ statusCode: 200, body: { status: 'ok' } }] });
		const failure = await sampleJournalPage(context).catch((error: Error & { description?: string }) => error);
		expect(failure).toMatchObject({
			message: 'The webhook delivery journal answered with no list of entries',
			description: expect.stringContaining('Set Options > Items Field'),
		});
	});

	it('passes on the transport\'s error for a refused request', async () => {
		const answers: MockAnswer[] = [{ statusCode: 403, body: { message: 'missing scope webhooks.read' } }];
		const { context, requests } = mockLoadOptionsContext({ answers });
		await expect(sampleJournalPage(context)).rejects.toThrow(/403|permission|scope/i);
		expect(requests).toHaveLength(1);
	});
});
