import { type IDataObject, type IExecuteFunctions, type IHttpRequestOptions, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { forEachAdaptively, route, UnexpectedNodeError } from '../../../nodes/VenueBooking/actions/router';
import { ADDED_KEY, localTimesOf, referredBy } from '../../../nodes/VenueBooking/referenceLists';
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

describe('what the node adds to output items', () => {
	it('judges a reference by the field it sits in: a list\'s word and an identity, never a name or a type tag', () => {
		const judged = (path: string) => referredBy(path)?.resource;
		expect(['room_id', 'roomId', 'room', 'relationships.room.data.id', 'rooms.id'].map(judged)).toEqual(['room', 'room', 'room', 'room', 'room']);
		expect(['service_id', 'client_id', 'clientId', 'booking_id', 'bookingId'].map(judged)).toEqual(['service', 'client', 'client', 'booking', 'booking']);
		// A name, an email, a type tag, the record's own id and words that only contain a list's word are no reference.
		expect(['client.name', 'client_email', 'relationships.room.data.type', 'id', 'bathroom_id', 'clientele', 'room_count'].map(judged))
			.toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
	});

	it('finds local times of ISO date-time text only, nested ones by their path; zone-less text is read in the workspace\'s zone', () => {
		const record = { id: 'b1', start: '2026-11-26T14:00:00Z', attributes: { end: '2026-11-26 16:00:00' }, created: 1795636800, note: '2026-11-26' };
		expect(localTimesOf(record, 'Europe/Berlin', 'Europe/Paris')).toEqual({ start: '2026-11-26T15:00:00+01:00', 'attributes.end': '2026-11-26T16:00:00+01:00' });
		expect(localTimesOf(record, 'America/New_York', 'UTC')).toEqual({ start: '2026-11-26T09:00:00-05:00', 'attributes.end': '2026-11-26T11:00:00-05:00' });
	});

	it('adds local times under its own key, in Options > Time Zone, leaving the API\'s values as they were', async () => {
		const { items } = await routed({
			parameters: { resource: 'room', operation: 'getAll', options: { addLocalTimes: true, timeZone: 'Asia/Tokyo' } },
			answers: [ok([{ id: 'r1', opened: '2026-11-26T14:00:00Z' }])],
		});
		expect(items.map((item) => item.json)).toEqual([
			{ id: 'r1', opened: '2026-11-26T14:00:00Z', [ADDED_KEY]: { timeZone: 'Asia/Tokyo', localTimes: { opened: '2026-11-26T23:00:00+09:00' } } },
		]);
	});

	it('refuses to add where the API\'s answer already holds the node\'s key, rather than overwrite it', async () => {
		const error = await failure({
			parameters: { resource: 'room', operation: 'getAll', options: { addLocalTimes: true } },
			answers: [ok([{ id: 'r1', [ADDED_KEY]: 'theirs' }])],
		});
		expect(error.message).toBe(`The API's answer already holds a field "${ADDED_KEY}", where the node would add local times and names`);
	});

	it('adds names only to bookings and payments, reading each referenced record once', async () => {
		const { items, requests } = await routed({
			parameters: { resource: 'booking', operation: 'getAll', options: { addNames: true } },
			answers: (request) => {
				if (request.url.endsWith('/bookings')) return ok([{ id: 'b1', client_id: 'c1' }, { id: 'b2', client_id: 'c1' }, { id: 'b3', client_id: 'c2' }]);
				const id = request.url.split('/').pop();
				return id === 'c1' ? ok({ id, name: 'Ada Jones', email: 'ada@example.com' }) : { statusCode: 404, body: { message: 'not found' } };
			},
		});
		expect(items.map((item) => (item.json[ADDED_KEY] as IDataObject).names)).toEqual([{ client_id: 'Ada Jones' }, { client_id: 'Ada Jones' }, {}]);
		expect(requests.map((request) => request.url.split('/v1').pop())).toEqual(['/bookings', '/clients/c1', '/clients/c2']);
		const rooms = await routed({ parameters: { resource: 'room', operation: 'getAll', options: { addNames: true } }, answers: [ok([{ id: 'r1', client_id: 'c1' }])] });
		expect(rooms.items[0].json).toEqual({ id: 'r1', client_id: 'c1' });
	});

	it('version 1.2 adds names and local times as flat fields named after the record\'s own; 1 and 1.1 keep addedByNode', async () => {
		const answers = (request: IHttpRequestOptions) => {
			if (request.url.endsWith('/bookings')) return ok([{ id: 'b1', room_id: 'r1', client_id: 'c1', start: '2026-12-02T09:00:00Z' }]);
			if (request.url.endsWith('/rooms')) return ok([{ id: 'r1', name: 'Studio A' }]);
			return ok({ id: 'c1', name: 'Ada Jones', email: 'ada@example.com' });
		};
		const parameters = { resource: 'booking', operation: 'getAll', options: { addNames: true, addLocalTimes: true, timeZone: 'Europe/Berlin' } };
		const { items } = await routed({ parameters, answers, typeVersion: 1.2 });
		expect(items[0].json).toEqual({
			id: 'b1', room_id: 'r1', client_id: 'c1', start: '2026-12-02T09:00:00Z',
			room_name: 'Studio A', client_name: 'Ada Jones', start_local: '2026-12-02 10:00', local_time_zone: 'Europe/Berlin',
		});
		for (const typeVersion of [1, 1.1]) {
			const earlier = await routed({ parameters, answers, typeVersion });
			expect(earlier.items[0].json[ADDED_KEY]).toEqual({ timeZone: 'Europe/Berlin', localTimes: { start: '2026-12-02T10:00:00+01:00' }, names: { room_id: 'Studio A', client_id: 'Ada Jones' } });
		}
	});

	it('reads at most 8 referenced records at once, however many an output refers to', async () => {
		const bookings = Array.from({ length: 30 }, (_, i) => ({ id: `b${i}`, client_id: `c${i}` }));
		const mock = mockContext({
			parameters: { resource: 'booking', operation: 'getAll', options: { addNames: true } },
			answers: (request) => (request.url.endsWith('/bookings') ? ok(bookings) : ok({ id: request.url.split('/').pop(), name: `Client ${request.url.split('/c').pop()}` })),
		});
		const helpers = (mock.context as unknown as { helpers: { httpRequestWithAuthentication: (...args: unknown[]) => Promise<unknown> } }).helpers;
		const answer = helpers.httpRequestWithAuthentication;
		let inFlight = 0;
		let most = 0;
		helpers.httpRequestWithAuthentication = async (...args: unknown[]) => {
			most = Math.max(most, ++inFlight);
			await new Promise((resolve) => setTimeout(resolve, 2));
			inFlight--;
			return await answer(...args);
		};
		const [items] = await route.call(mock.context as IExecuteFunctions);
		expect(items.map((item) => (item.json[ADDED_KEY] as IDataObject).names)).toEqual(bookings.map((_, i) => ({ client_id: `Client ${i}` })));
		expect(most).toBe(8);
	});
});
