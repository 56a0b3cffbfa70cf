import { type IDataObject, type IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { forEachAdaptively, route, UnexpectedNodeError } from '../../../nodes/VenueBooking/actions/router';
import { AdaptiveWindow } from '../../../nodes/VenueBooking/transport/retry';
import { mockContext, type MockContextOptions, TEST_NODE } from '../mockContext';

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

/** A task whose end the test decides, and a record of which tasks started. */
function controlledTasks() {
	const started: number[] = [];
	const finishers = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();
	let inFlight = 0;
	let peak = 0;
	const task = (index: number) =>
		new Promise<void>((resolve, reject) => {
			started.push(index);
			inFlight++;
			peak = Math.max(peak, inFlight);
			const done = () => inFlight--;
			finishers.set(index, { resolve: () => (done(), resolve()), reject: (error) => (done(), reject(error)) });
		});
	return { started, finishers, task, peak: () => peak };
}

/** Lets pending promise callbacks run (acquire, release and the task starts chained on them). */
const settle = async () => {
	for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** Whether the window still gives `count` places at once: it does only if every place was given back. */
async function windowIsFree(window: AdaptiveWindow, count: number): Promise<boolean> {
	const acquired = Promise.all(Array.from({ length: count }, () => window.acquire()));
	const result = await Promise.race([acquired.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200))]);
	return result;
}

describe('forEachAdaptively', () => {
	it('with a cap of 1 runs the tasks one at a time, in index order', async () => {
		const { started, finishers, task, peak } = controlledTasks();
		const run = forEachAdaptively(3, new AdaptiveWindow(1), task);
		for (const index of [0, 1, 2]) {
			await settle();
			expect(started).toEqual([0, 1, 2].slice(0, index + 1));
			finishers.get(index)!.resolve();
		}
		await run;
		expect(peak()).toBe(1);
	});

	it('starts as many at once as the window allows, and no more', async () => {
		const window = new AdaptiveWindow(3);
		const { started, finishers, task, peak } = controlledTasks();
		const run = forEachAdaptively(5, window, task);
		await settle();
		expect(started).toEqual([0, 1, 2]);
		finishers.get(1)!.resolve();
		await settle();
		expect(started).toEqual([0, 1, 2, 3]);
		for (const index of [0, 2, 3]) finishers.get(index)!.resolve();
		await settle();
		finishers.get(4)!.resolve();
		await run;
		expect(peak()).toBe(3);
		expect(await windowIsFree(window, 3)).toBe(true);
	});

	it('does nothing for no items', async () => {
		const task = jest.fn(async () => undefined);
		await forEachAdaptively(0, new AdaptiveWindow(2), task);
		expect(task).not.toHaveBeenCalled();
	});

	it('after a failure starts nothing new, lets the running tasks finish and gives every place back', async () => {
		const window = new AdaptiveWindow(2);
		const { started, finishers, task } = controlledTasks();
		const run = forEachAdaptively(6, window, task);
		let outcome: unknown = 'pending';
		run.then(() => (outcome = 'resolved'), (error: unknown) => (outcome = error));
		await settle();
		expect(started).toEqual([0, 1]);
		finishers.get(0)!.reject(new Error('item 0 failed'));
		await settle();
		expect(started).toEqual([0, 1]);
		expect(outcome).toBe('pending');
		finishers.get(1)!.resolve();
		await expect(run).rejects.toThrow('item 0 failed');
		expect(started).toEqual([0, 1]);
		expect(await windowIsFree(window, 2)).toBe(true);
	});

	it('throws the failure of the lowest index, whichever failed first', async () => {
		const { finishers, task } = controlledTasks();
		const run = forEachAdaptively(3, new AdaptiveWindow(3), task);
		await settle();
		finishers.get(2)!.reject(new Error('item 2 failed'));
		finishers.get(1)!.reject(new Error('item 1 failed'));
		finishers.get(0)!.resolve();
		await expect(run).rejects.toThrow('item 1 failed');
	});

	it('hands each task the observer of its place, which paces the window', async () => {
		const window = new AdaptiveWindow(4);
		await forEachAdaptively(2, window, async (_index, observer) => {
			observer.report({ kind: 'overloaded', reason: 'rate limit (429)' });
		});
		expect(window.summary().backoffs['rate limit (429)']).toBeGreaterThanOrEqual(1);
		expect(window.limit).toBeLessThan(4);
	});
});

describe('UnexpectedNodeError', () => {
	it('names the exception type and the item, says the input is not to blame, and stays a per-item error', () => {
		const error = new UnexpectedNodeError(TEST_NODE, new RangeError('Invalid array length'), 2);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.exceptionType).toBe('RangeError');
		expect(error.message).toBe('Unexpected RangeError in the node: Invalid array length (item 2)');
		expect(error.description).toContain('not a problem with your input');
		expect(error.context.itemIndex).toBe(2);
	});

	it('describes a thrown non-error by its type', () => {
		const error = new UnexpectedNodeError(TEST_NODE, 'just text', 0);
		expect(error.exceptionType).toBe('string');
		expect(error.message).toBe('Unexpected string in the node: just text (item 0)');
	});
});
