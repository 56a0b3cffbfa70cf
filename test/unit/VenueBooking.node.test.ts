import { NodeOperationError, type IDataObject, type IHttpRequestOptions } from 'n8n-workflow';

import { UnexpectedNodeError } from '../../nodes/VenueBooking/actions/router';
import { ENDPOINTS } from '../../nodes/VenueBooking/endpoints';
import { VenueBooking } from '../../nodes/VenueBooking/VenueBooking.node';
import { mockContext, TEST_KEY, type MockContextOptions } from './mockContext';

const node = new VenueBooking();

async function run(options: MockContextOptions) {
	const mock = mockContext(options);
	const output = await node.execute.call(mock.context);
	return { ...mock, items: output[0] };
}

async function failure(options: MockContextOptions): Promise<NodeOperationError> {
	try {
		await run(options);
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('expected the node to fail');
}

const ok = (body: unknown) => ({ statusCode: 200, body });

describe('Venue Booking node: every endpoint', () => {
	const parametersFor = (resource: string, operation: string): IDataObject => ({
		resource,
		operation,
		bookingId: 'bk 1',
		clientId: 'cl/1',
		returnAll: true,
		specifyBody: 'json',
		jsonBody: '{"note":"x"}',
		sendBody: true,
	});

	it.each(ENDPOINTS.map((e) => [`${e.resource}.${e.operation}`, e] as const))(
		'%s goes to its method and path',
		async (_name, endpoint) => {
			const { requests, items } = await run({
				parameters: parametersFor(endpoint.resource, endpoint.operation),
				answers: [ok(endpoint.shape === 'list' ? [{ id: 1 }, { id: 2 }] : { id: 'x' })],
			});
			expect(requests).toHaveLength(1);
			const request = requests[0];
			expect(request.method).toBe(endpoint.method);
			const expectedPath = endpoint.path.replace('{id}', endpoint.resource === 'booking' ? 'bk%201' : 'cl%2F1');
			expect(request.url).toBe(`https://studio.example.com/api/partners/v1${expectedPath}`);
			expect(request.body).toBe(endpoint.method === 'GET' ? undefined : '{"note":"x"}');
			expect(items.map((i) => i.json)).toEqual(endpoint.shape === 'list' ? [{ id: 1 }, { id: 2 }] : [{ id: 'x' }]);
			expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		},
	);
});

describe('response to items', () => {
	const list = { resource: 'payment', operation: 'getAll', returnAll: true };

	it('splits an envelope with one array property, wraps scalars, and keeps other objects whole', async () => {
		expect((await run({ parameters: list, answers: [ok({ payments: [{ a: 1 }, 'x'], total: 2 })] })).items.map((i) => i.json)).toEqual([
			{ a: 1 },
			{ value: 'x' },
		]);
		expect((await run({ parameters: list, answers: [ok({ a: [1], b: [2] })] })).items.map((i) => i.json)).toEqual([{ a: [1], b: [2] }]);
	});

	it('uses Items Field when set, and Raw Response returns the body whole', async () => {
		const body = { data: { rows: [{ n: 1 }, { n: 2 }] }, extra: [9] };
		const withPath = await run({ parameters: { ...list, options: { itemsPath: 'data.rows' } }, answers: [ok(body)] });
		expect(withPath.items.map((i) => i.json)).toEqual([{ n: 1 }, { n: 2 }]);
		const raw = await run({ parameters: { ...list, options: { rawResponse: true } }, answers: [ok(body)] });
		expect(raw.items.map((i) => i.json)).toEqual([body]);
	});

	it('turns an empty answer of a write into { success: true }', async () => {
		const { items } = await run({
			parameters: { resource: 'webhook', operation: 'sendTest' },
			answers: [{ statusCode: 204, body: '' }],
		});
		expect(items.map((i) => i.json)).toEqual([{ success: true }]);
	});

	it('limits Get Many to Limit items (default 50)', async () => {
		const many = Array.from({ length: 80 }, (_, i) => ({ i }));
		expect((await run({ parameters: { resource: 'room', operation: 'getAll' }, answers: [ok(many)] })).items).toHaveLength(50);
		expect(
			(await run({ parameters: { resource: 'room', operation: 'getAll', limit: 3 }, answers: [ok(many)] })).items,
		).toHaveLength(3);
	});
});

describe('input checks happen before any request', () => {
	it.each([
		['', /Booking ID: is empty \(item 0\)/],
		['   ', /Booking ID: is empty \(item 0\)/],
		['..', /not a valid identifier/],
		['.', /not a valid identifier/],
	])('booking id %j', async (bookingId, message) => {
		const error = await failure({ parameters: { resource: 'booking', operation: 'get', bookingId }, answers: [] });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toMatch(message);
	});

	it('an id from an expression that gave an object', async () => {
		const error = await failure({ parameters: { resource: 'client', operation: 'get', clientId: { id: 1 } }, answers: [] });
		expect(error.message).toBe('Client ID: must be text or a number, but it is an object (item 0)');
	});

	it('names the item whose JSON is invalid', async () => {
		const error = await failure({
			items: 3,
			parameters: (i) => ({ resource: 'booking', operation: 'create', specifyBody: 'json', jsonBody: i === 2 ? '{"a":' : '{}' }),
			answers: [ok({}), ok({})],
		});
		expect(error.message).toMatch(/^Body \(JSON\): is not valid JSON \(.+\) \(item 2\)$/);
	});

	it('refuses a JSON body that is a bare value, and a query that is not an object', async () => {
		const body = await failure({ parameters: { resource: 'booking', operation: 'create', specifyBody: 'json', jsonBody: '42' }, answers: [] });
		expect(body.message).toMatch(/must be a JSON object or array, but it is a number/);
		const query = await failure({
			parameters: { resource: 'room', operation: 'getAll', sendQuery: true, specifyQuery: 'json', jsonQuery: '[1]' },
			answers: [],
		});
		expect(query.message).toMatch(/Query Parameters \(JSON\): must be a JSON object, but it is an array/);
	});

	it('refuses a body field given twice and a query value a URL cannot carry', async () => {
		const twice = await failure({
			parameters: {
				resource: 'booking',
				operation: 'create',
				bodyParameters: { parameters: [{ name: 'a', value: '1' }, { name: ' a ', value: '2' }] },
			},
			answers: [],
		});
		expect(twice.message).toMatch(/"a" is given more than once/);
		const nested = await failure({
			parameters: { resource: 'room', operation: 'getAll', sendQuery: true, specifyQuery: 'json', jsonQuery: '{"a":{"b":1}}' },
			answers: [],
		});
		expect(nested.message).toMatch(/the value of "a" is an object/);
	});
});

describe('free-form query and body', () => {
	it('sends repeated query names as repeated values and keeps __proto__ as plain data', async () => {
		const { requests } = await run({
			parameters: {
				resource: 'booking',
				operation: 'create',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'tag', value: 'a' }, { name: 'tag', value: 'b' }] },
				bodyParameters: { parameters: [{ name: '__proto__', value: 'x' }, { name: 'room', value: 'loft' }] },
			},
			answers: [ok({})],
		});
		expect(requests[0].qs).toEqual({ tag: ['a', 'b'] });
		expect(JSON.parse(requests[0].body as string)).toEqual(JSON.parse('{"__proto__":"x","room":"loft"}'));
		expect(({} as Record<string, unknown>).room).toBeUndefined();
	});
});

describe('errors per item', () => {
	it('Continue On Fail turns an error into an item paired with its input, and the others still run', async () => {
		const { items } = await run({
			items: 3,
			continueOnFail: true,
			parameters: (i) => ({ resource: 'client', operation: 'get', clientId: i === 1 ? '' : `c${i}` }),
			answers: (request: IHttpRequestOptions) =>
				request.url.endsWith('c2') ? { statusCode: 404, body: { message: 'no such client' } } : ok({ id: 'c0' }),
		});
		expect(items).toHaveLength(3);
		expect(items[0].json).toEqual({ id: 'c0' });
		expect(items[1].json.error).toBe('Client ID: is empty (item 1)');
		expect(items[2].json).toMatchObject({ httpCode: '404' });
		expect(String(items[2].json.description)).toContain('no such client');
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2]);
	});

	it('without Continue On Fail the error names the item', async () => {
		const error = await failure({
			items: 2,
			parameters: { resource: 'client', operation: 'get', clientId: 'c' },
			answers: [ok({}), { statusCode: 403 }],
		});
		expect(error.message).toMatch(/clients\.read/);
		expect(error.context.itemIndex).toBe(1);
	});

	it('a bad credential fails every item alike, and leaks no key', async () => {
		const { items } = await run({
			items: 2,
			continueOnFail: true,
			credentials: { baseUrl: `https://user:${TEST_KEY}@x.example`, apiKey: TEST_KEY },
			parameters: { resource: 'room', operation: 'getAll' },
			answers: [],
		});
		expect(items).toHaveLength(2);
		expect(JSON.stringify(items)).not.toContain(TEST_KEY);
		expect(items[0].json.error).toMatch(/user name or password/);
	});
});

describe('Parallel Requests', () => {
	it('gives the same items in the same order as one at a time, with at most N in flight', async () => {
		let inFlight = 0;
		let peak = 0;
		const slowAnswer = async (url: string) => {
			inFlight++;
			peak = Math.max(peak, inFlight);
			// Later items answer sooner, so a naive implementation would reorder them.
			await new Promise((resolve) => setImmediate(resolve));
			inFlight--;
			return ok({ id: url.split('/').pop() });
		};
		const outputs: unknown[] = [];
		for (const parallelRequests of [1, 8]) {
			peak = 0;
			const mock = mockContext({
				items: 40,
				parameters: (i) => ({ resource: 'booking', operation: 'get', bookingId: `b${i}`, options: { parallelRequests } }),
			});
			(mock.context.helpers as unknown as { httpRequestWithAuthentication: unknown }).httpRequestWithAuthentication = async (
				_t: string,
				request: IHttpRequestOptions,
			) => {
				const answer = await slowAnswer(request.url);
				return { statusCode: answer.statusCode, headers: {}, body: answer.body };
			};
			const [items] = await node.execute.call(mock.context);
			outputs.push(items.map((i) => [i.json.id, (i.pairedItem as { item: number }).item]));
			expect(peak).toBe(parallelRequests);
		}
		expect(outputs[1]).toEqual(outputs[0]);
		expect((outputs[0] as unknown[])[39]).toEqual(['b39', 39]);
	});
});

describe('hints', () => {
	it('says once what was read in plain words, then what automatic pagination detected', async () => {
		const { hints } = await run({
			items: 2,
			parameters: { resource: 'payment', operation: 'getAll', returnAll: true },
			answers: [1, 2].flatMap(() => [ok({ data: [{ id: 1 }], next_cursor: 'c2' }), ok({ data: [{ id: 2 }], next_cursor: null })]),
		});
		expect(hints).toHaveLength(1);
		expect(hints[0].message).toBe('Read all 2 payments over 2 pages: the list is complete. Pagination (automatic): cursor (next cursor from "next_cursor", sent as "cursor")');
	});

	it('gives no hint for a single short page without markers, and fails a page as full as the query asked', async () => {
		const short = await run({ parameters: { resource: 'payment', operation: 'getAll', returnAll: true }, answers: [ok({ data: [{ id: 1 }, { id: 2 }] })] });
		expect(short.hints).toEqual([]);
		// A page exactly as long as the size asked for may be the first of many: never returned as the whole list.
		const full = await failure({
			parameters: { resource: 'payment', operation: 'getAll', returnAll: true, sendQuery: true, queryParameters: { parameters: [{ name: 'size', value: '3' }] } },
			answers: [ok({ data: [{ id: 1 }, { id: 2 }, { id: 3 }] })],
		});
		expect(full.message).toMatch(/^The API said more entries follow \(the page holds exactly the 3 entries the query parameter "size" asked for\)/);
		expect(full.description).toMatch(/Set Options > Pagination/);
	});
});

describe('Limit', () => {
	it.each([0, -3, Number.NaN, 'many', { n: 1 }])('refuses %p with a message naming it', async (limit) => {
		const error = await failure({ parameters: { resource: 'room', operation: 'getAll', limit }, answers: [] });
		expect(error.message).toBe('Limit: must be a number of at least 1 (item 0)');
	});
});

describe('a bug of the node is not reported as bad input', () => {
	// Item 1's Booking ID throws a TypeError when read: a stand-in for any defect in the node's own code.
	const parameters = (itemIndex: number): IDataObject => {
		const base: IDataObject = { resource: 'booking', operation: 'get' };
		if (itemIndex !== 1) return { ...base, bookingId: 'bk1' };
		return Object.defineProperty(base, 'bookingId', {
			enumerable: true,
			get: () => {
				throw new TypeError('Cannot read properties of undefined');
			},
		});
	};

	it('fails the item with the exception type, saying the input is not to blame', async () => {
		const error = await failure({ parameters, items: 2, answers: () => ok({ id: 'bk1' }) });
		expect(error).toBeInstanceOf(UnexpectedNodeError);
		expect(error.message).toBe('Unexpected TypeError in the node: Cannot read properties of undefined (item 1)');
		expect(error.description).toContain('not a problem with your input');
		expect(error.context.itemIndex).toBe(1);
	});

	it('becomes an error item under Continue On Fail, the other items unharmed', async () => {
		const { items } = await run({ parameters, items: 2, continueOnFail: true, answers: () => ok({ id: 'bk1' }) });
		expect(items.map((i) => i.json)).toEqual([
			{ id: 'bk1' },
			{
				error: 'Unexpected TypeError in the node: Cannot read properties of undefined (item 1)',
				description: expect.stringContaining('bug in the Venue Booking node'),
			},
		]);
	});
});
