import { NodeHelpers, NodeOperationError, type IDataObject, type INode, type INodeParameters, type IPollFunctions } from 'n8n-workflow';

import { VenueBookingTrigger } from '../../nodes/VenueBooking/VenueBookingTrigger.node';
import { mockContext, type MockAnswer } from './mockContext';

const trigger = new VenueBookingTrigger();
const ok = (body: unknown): MockAnswer => ({ statusCode: 200, body });
const DELIVERIES = 'https://studio.example.com/api/partners/v1/webhooks/deliveries';

/**
 * A poll context over the mocked helpers: parameters without an item index, static data, a mode. The
 * journal answers every request with the same page, however many the trigger makes.
 */
function pollContext(mode: 'trigger' | 'manual', answer: MockAnswer, staticData: IDataObject = n8nStaticData(), global: IDataObject = n8nStaticData()) {
	const mock = mockContext({ parameters: {}, answers: () => answer });
	const context = Object.assign(mock.context, {
		getMode: () => mode,
		getWorkflowStaticData: (type: string) => (type === 'node' ? staticData : global),
		getNodeParameter: (_name: string, fallback?: unknown) => fallback,
	}) as unknown as IPollFunctions;
	return { context, requests: mock.requests, staticData, global, logged: mock.logged };
}

/** Static data as n8n hands it out of the workflow: watched, with the hidden flag its observable object carries. */
function n8nStaticData(data: IDataObject = {}): IDataObject {
	return Object.defineProperty(data, '__dataChanged', { value: false, writable: true });
}

/** A durable poll cursor's copy (n8n 2.36+): plain JSON from the poller_state table, as each poll gets it. */
function cursorCopy(committed: IDataObject = {}): IDataObject {
	return JSON.parse(JSON.stringify(committed)) as IDataObject;
}

describe('VenueBookingTrigger', () => {
	it('is a polling trigger with the package credential', () => {
		expect(trigger.description).toMatchObject({ name: 'venueBookingTrigger', polling: true, inputs: [], credentials: [{ name: 'venueBookingApi', required: true }] });
	});

	it('on its first poll records where the journal stands and emits nothing', async () => {
		const { context, requests, staticData } = pollContext('trigger', ok([{ id: 1 }, { id: 2 }]));
		expect(await trigger.poll.call(context)).toBeNull();
		expect(new Set(requests.map((r) => r.url))).toEqual(new Set([DELIVERIES]));
		expect(staticData.journal).toMatchObject({ version: 1, identity: 'id' });
	});

	it('emits an entry that appeared since the last poll, once', async () => {
		const first = pollContext('trigger', ok([{ id: 1 }]));
		await trigger.poll.call(first.context);
		const second = pollContext('trigger', ok([{ id: 1 }, { id: 2 }]), first.staticData);
		expect(await trigger.poll.call(second.context)).toEqual([[{ json: { id: 2 } }]]);
		const third = pollContext('trigger', ok([{ id: 1 }, { id: 2 }]), second.staticData);
		expect(await trigger.poll.call(third.context)).toBeNull();
	});

	it('leaves the saved position alone when a poll fails', async () => {
		const first = pollContext('trigger', ok([{ id: 1 }]));
		await trigger.poll.call(first.context);
		const saved = JSON.stringify(first.staticData);
		const failing = pollContext('trigger', { statusCode: 403, body: {} }, first.staticData);
		await expect(trigger.poll.call(failing.context)).rejects.toThrow(/webhooks\.read/);
		expect(JSON.stringify(first.staticData)).toBe(saved);
	});

	it('in manual mode returns a sample without touching the saved position', async () => {
		const { context, staticData } = pollContext('manual', ok([{ id: 1 }, { id: 2 }]));
		const items = await trigger.poll.call(context);
		expect(items?.[0].length).toBeGreaterThan(0);
		expect(items?.[0].length).toBeLessThanOrEqual(5);
		expect(JSON.stringify(staticData)).toBe('{}');
	});

	it('in manual mode says so when the journal is empty', async () => {
		const poll = trigger.poll.call(pollContext('manual', ok([])).context);
		await expect(poll).rejects.toThrow(NodeOperationError);
		await expect(trigger.poll.call(pollContext('manual', ok([])).context)).rejects.toThrow('The webhook delivery journal is empty');
	});

	it('tells n8n\'s log, on activation and in manual mode, when the journal order had to be guessed', async () => {
		const undated = ok([{ id: 1 }, { id: 2 }, { id: 3 }]);
		for (const mode of ['trigger', 'manual'] as const) {
			const { context, logged } = pollContext(mode, undated);
			await trigger.poll.call(context);
			expect(logged.join('\n')).toMatch(/order could not be told from its entries \(no timestamps\).*set Options > Journal Order\./);
		}
	});
});

describe('under n8n\'s durable poll cursors (n8n 2.36+): the activation baseline is not lost', () => {
	const page = (ids: number[]) => ok(ids.map((id) => ({ id })));

	it('the first scheduled poll emits the entries recorded after activation, once, though n8n dropped the activation poll\'s state', async () => {
		// Activation: n8n runs a test poll on a copy of the (empty) cursor and throws that copy away.
		const global = n8nStaticData();
		const activation = pollContext('trigger', page([1, 2]), cursorCopy(), global);
		expect(await trigger.poll.call(activation.context)).toBeNull();

		// Entries 3 and 4 are recorded; the first scheduled poll gets a copy of the cursor n8n stored: still empty.
		const first = pollContext('trigger', page([1, 2, 3, 4]), cursorCopy(), global);
		expect(await trigger.poll.call(first.context)).toEqual([[{ json: { id: 3 } }, { json: { id: 4 } }]]);
		expect(first.logged.join('\n')).toContain('continuing from the baseline taken at activation');

		// n8n committed that copy with the execution: the next poll has state, emits nothing twice, forgets the baseline.
		const next = pollContext('trigger', page([1, 2, 3, 4]), cursorCopy(first.staticData), global);
		expect(await trigger.poll.call(next.context)).toBeNull();
		expect(Object.keys(global)).toEqual([]);
		const later = pollContext('trigger', page([1, 2, 3, 4, 5]), cursorCopy(next.staticData), global);
		expect(await trigger.poll.call(later.context)).toEqual([[{ json: { id: 5 } }]]);
	});

	it('a poll whose cursor n8n did not commit is repeated from the activation baseline: the entries come once, with the execution n8n kept', async () => {
		const global = n8nStaticData();
		await trigger.poll.call(pollContext('trigger', page([1]), cursorCopy(), global).context);
		// n8n lost the lease before committing: no execution, no cursor. The next poll repeats the same window.
		expect(await trigger.poll.call(pollContext('trigger', page([1, 2]), cursorCopy(), global).context)).toEqual([[{ json: { id: 2 } }]]);
		expect(await trigger.poll.call(pollContext('trigger', page([1, 2]), cursorCopy(), global).context)).toEqual([[{ json: { id: 2 } }]]);
	});

	it('a baseline left for another journal is not taken (Watch changed): the poll takes its own baseline', async () => {
		const global = n8nStaticData();
		await trigger.poll.call(pollContext('trigger', page([1]), cursorCopy(), global).context);
		const other = pollContext('trigger', page([1, 2]), cursorCopy(), global);
		Object.assign(other.context, { getNodeParameter: (name: string, fallback?: unknown) => (name === 'watch' ? 'payments' : fallback) });
		expect(await trigger.poll.call(other.context)).toBeNull();
	});

	it('with n8n\'s own static data (no durable cursors, and n8n 1.x) nothing is left in global static data', async () => {
		const { context, global, staticData } = pollContext('trigger', page([1, 2]));
		expect(await trigger.poll.call(context)).toBeNull();
		expect(staticData.journal).toMatchObject({ version: 1 });
		expect(Object.keys(global)).toEqual([]);
	});
});

describe('the filter\'s place by version', () => {
	const filter = { condition: { field: 'event', values: ['booking.cancelled'] } };
	/** The parameters n8n keeps when it loads or saves the node: what its description of that version lists. */
	function kept(typeVersion: number, parameters: INodeParameters): INodeParameters | null {
		const node = { name: 'T', type: 'venueBookingTrigger', typeVersion, position: [0, 0], parameters } as INode;
		return NodeHelpers.getNodeParameters(trigger.description.properties, parameters, false, false, node, trigger.description);
	}

	// Issue 42 made 1.2 the default (Add Names, Add Local Times as flat fields); it keeps the filter beside Watch as 1.1 does.
	it('version 1.2 is the default and keeps the filter beside Watch, as 1.1 does', () => {
		expect(trigger.description.defaultVersion).toBe(1.2);
		expect(kept(1.1, { entryFilter: filter })).toMatchObject({ entryFilter: filter });
		expect(kept(1.2, { entryFilter: filter })).toMatchObject({ entryFilter: filter });
	});

	it('offers Add Names, Add Local Times and Time Zone from version 1.2 only, so a 1.1 trigger\'s output stays as it was', () => {
		const options = { addNames: true, addLocalTimes: true, timeZone: 'Europe/Berlin' };
		expect(kept(1.2, { options })?.options).toMatchObject(options);
		expect(kept(1.1, { options })?.options ?? {}).toEqual({});
	});

	it('version 1 keeps the filter its workflows saved under Options; version 1.1 does not offer it there', () => {
		expect(kept(1, { options: { entryFilter: filter } })).toMatchObject({ options: { entryFilter: filter } });
		expect((kept(1.1, { options: { entryFilter: filter } })?.options as IDataObject | undefined)?.entryFilter).toBeUndefined();
	});
});
