import { NodeApiError, NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { UnexpectedNodeError } from '../../../nodes/VenueBooking/actions/common/unexpectedError';
import { route } from '../../../nodes/VenueBooking/actions/router';
import { mockContext, type MockContextOptions } from '../mockContext';

const ok = (body: unknown) => ({ statusCode: 200, body });

async function routed(options: MockContextOptions) {
	const mock = mockContext(options);
	const [items] = await route.call(mock.context as IExecuteFunctions);
	return { ...mock, items };
}

async function failure(options: MockContextOptions): Promise<Error> {
	try {
		await routed(options);
	} catch (error) {
		return error as Error;
	}
	throw new Error('expected the route to fail');
}

describe('route', () => {
	it('refuses a resource/operation pair the node does not know, before any request', async () => {
		const error = await failure({ parameters: { resource: 'room', operation: 'delete' }, answers: [] });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The operation "delete" is not known for resource "room"');
	});

	it('pairs every result with the item it came from, in input order', async () => {
		const { items } = await routed({
			items: 3,
			parameters: (i) => ({ resource: 'booking', operation: 'get', bookingId: `b${i}` }),
			answers: (request) => ok({ id: request.url.split('/').pop() }),
		});
		expect(items.map((item) => [item.json.id, item.pairedItem])).toEqual([
			['b0', { item: 0 }],
			['b1', { item: 1 }],
			['b2', { item: 2 }],
		]);
	});

	it('gives a list item one output item per entry, all paired with it', async () => {
		const { items } = await routed({
			parameters: { resource: 'room', operation: 'getAll', returnAll: true },
			answers: [ok([{ n: 1 }, { n: 2 }])],
		});
		expect(items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ n: 1 }, { item: 0 }],
			[{ n: 2 }, { item: 0 }],
		]);
	});

	it('joins the lists of several items in input order; an empty list adds nothing', async () => {
		const { items } = await routed({
			items: 3,
			parameters: { resource: 'room', operation: 'getAll', returnAll: true },
			answers: [ok([{ n: 1 }, { n: 2 }]), ok([]), ok([{ n: 3 }])],
		});
		expect(items.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ n: 1 }, { item: 0 }],
			[{ n: 2 }, { item: 0 }],
			[{ n: 3 }, { item: 2 }],
		]);
	});

	it('without Continue On Fail, throws the API error with the index of the item that failed', async () => {
		const error = await failure({
			items: 2,
			parameters: (i) => ({ resource: 'booking', operation: 'get', bookingId: `b${i}` }),
			answers: [ok({}), { statusCode: 500, body: { message: 'down' } }],
		});
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).context.itemIndex).toBe(1);
	});

	it('with Continue On Fail, an error item holds message, description and HTTP code', async () => {
		const { items } = await routed({
			continueOnFail: true,
			parameters: { resource: 'booking', operation: 'get', bookingId: 'b', options: { maxRetries: 0 } },
			answers: [{ statusCode: 404, body: { message: 'gone' } }],
		});
		expect(items).toHaveLength(1);
		const json = items[0].json as IDataObject;
		expect(json.httpCode).toBe('404');
		expect(String(json.error)).toMatch(/404/);
		expect(String(json.description)).toContain('gone');
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('reports an exception of its own code as an UnexpectedNodeError, not as an input error', async () => {
		const parameters: IDataObject = Object.defineProperty({ resource: 'client', operation: 'get' }, 'clientId', {
			enumerable: true,
			get: () => {
				throw new TypeError('boom');
			},
		});
		const error = await failure({ parameters, answers: [] });
		expect(error).toBeInstanceOf(UnexpectedNodeError);
		expect(error.message).toBe('Unexpected TypeError in the node: boom (item 0)');
	});
});
