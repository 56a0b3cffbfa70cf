/**
 * One time zone, through n8n-core: the editor's methods get a context as n8n's editor routes build it (a one-node
 * workflow without settings, so n8n's instance zone, America/New_York here), the run gets the workflow's own zone
 * (Europe/Berlin). Without Options > Time Zone the form's labels name the instance's zone and a typed time is read
 * there, as the label said, with a hint that the run's zone differs; with it, editor and run use the one zone. Then
 * the outputs: Add Local Times in the zone in force, Add Names from the records the references point to.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters, ResourceMapperValue } from 'n8n-workflow';

import { bookingFields, type OfferedField } from '../../nodes/VenueBooking/methods/resourceMapping';
import { isNoticeRow, searchBookings } from '../../nodes/VenueBooking/methods/listSearch';
import { FIXED_TODAY, type Sandbox } from '../../sandbox';
import { computeFreeSlots } from '../../sandbox/slots';
import { PAGINATION_AS_SET } from '../support/conventions';
import { createPoller, methodContext, node } from './harness';
import { triggerNode } from './venueBookingTrigger';
import { credentialsFor, credentialTypes, itemsOf, NODE_NAME, NODE_TYPE, nodeTypes, runNode, startSandboxWithKey, TRIGGER_TYPE } from './venueBooking';

/** n8n's zone when GENERIC_TIMEZONE is unset: what its editor routes hand every method. */
const INSTANCE_ZONE = 'America/New_York';
const WORKFLOW_ZONE = 'Europe/Berlin';
/** A key that may read bookings, rooms and services, not clients. */
const NO_CLIENTS_KEY = 'vb_test_no-clients-key-3141';

function editorContext(sandbox: Sandbox, parameters: INodeParameters, path: string) {
	// No `timezone`: n8n's dynamic-node-parameters service builds the method's workflow without settings.
	return methodContext({ node: node(NODE_NAME, NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), path });
}

function mapped(value: IDataObject, schema: OfferedField[]): INodeParameters[string] {
	const saved: ResourceMapperValue = { mappingMode: 'defineBelow', value: value as ResourceMapperValue['value'], matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
	return saved as unknown as INodeParameters[string];
}

/** "2027-03-15T10:00:00" of an instant, as a wall clock in `zone` (what a user types or n8n's date picker writes). */
function wallClock(iso: string, zone: string): string {
	return new Date(Date.parse(iso)).toLocaleString('sv-SE', { timeZone: zone, hour12: false }).replace(' ', 'T');
}

describe('one time zone in the editor and the run, with a workflow zone other than the instance\'s', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ seed: 11, today: FIXED_TODAY, keys: { [NO_CLIENTS_KEY]: ['bookings.read', 'catalog.read'] } });
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => sandbox.resetRequests());

	/** A free slot of the second room, and the values of a booking in it from the form. */
	function freeBooking(fromIso: string) {
		const room = sandbox.store.rooms[1];
		const slot = computeFreeSlots(sandbox.store, { fromMs: Date.parse(fromIso), toMs: Date.parse(fromIso) + 5 * 86_400_000, roomId: room.id })[0];
		return { room, slot };
	}

	async function formFor(options: IDataObject): Promise<OfferedField[]> {
		const context = editorContext(sandbox, { resource: 'booking', operation: 'create', options } as INodeParameters, 'parameters.fields');
		return (await bookingFields.call(context)).fields as OfferedField[];
	}

	it('without Options > Time Zone: the label names the instance\'s zone, the typed time is read there, and the run says its own zone differs', async () => {
		const offered = await formFor({});
		const start = offered.find((field) => field.id === 'start')!;
		expect(start.displayName).toMatch(/^\(America\/New_York\) start \(date-time\b/);
		expect(start.zone).toBe(INSTANCE_ZONE);

		const { room, slot } = freeBooking('2027-03-15T00:00:00Z');
		const value = { room_id: room.id, service_id: slot.serviceId, start: wallClock(slot.start, INSTANCE_ZONE) };
		const before = sandbox.store.bookings.length;
		const result = await runNode(sandbox, { resource: 'booking', operation: 'create', bookingClient: { __rl: true, mode: 'id', value: sandbox.store.clients[2].id }, fields: mapped(value, offered) } as INodeParameters,
			{ settings: { timezone: WORKFLOW_ZONE } });
		expect(itemsOf(result)).toHaveLength(1);
		expect(sandbox.store.bookings).toHaveLength(before + 1);
		// Read in New York, as the label said: the booking starts at the slot's instant, not six hours off.
		expect(sandbox.store.bookings.at(-1)!.start).toBe(slot.start);
		const hints = result.hintsOf(NODE_NAME).map((hint) => hint.message);
		expect(hints).toContainEqual(expect.stringContaining(`"start" was read in ${INSTANCE_ZONE}, the zone its label names, not in ${WORKFLOW_ZONE}`));
		expect(hints).toContainEqual(expect.stringContaining(`set Options > Time Zone to it`));
	});

	it('with Options > Time Zone: the form, the picker and the run all use it', async () => {
		const options = { timeZone: WORKFLOW_ZONE };
		const offered = await formFor(options);
		const start = offered.find((field) => field.id === 'start')!;
		expect(start.displayName).toMatch(/^\(Europe\/Berlin\) start \(date-time\b/);
		expect(start.zone).toBe(WORKFLOW_ZONE);

		// The picker shows each booking's start as a Berlin wall clock.
		const picker = await searchBookings.call(editorContext(sandbox, { resource: 'booking', operation: 'get', bookingId: { __rl: true, mode: 'list', value: '' }, options } as INodeParameters, 'parameters.bookingId'));
		expect(picker.results.length).toBeGreaterThan(0);
		// Bookings only: a notice row (where the list offers no way to today's bookings) names none.
		for (const result of picker.results.filter((row) => !isNoticeRow(row))) {
			const booking = sandbox.store.bookings.find((candidate) => candidate.id === result.value)!;
			const [date, time] = wallClock(booking.start, WORKFLOW_ZONE).split('T');
			const [year, month, day] = date.split('-').map(Number);
			expect(result.name).toContain(`${day} ${new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${year}, ${time.slice(0, 5)}`);
		}

		const { room, slot } = freeBooking('2027-03-22T00:00:00Z');
		const value = { room_id: room.id, service_id: slot.serviceId, start: wallClock(slot.start, WORKFLOW_ZONE) };
		// The run's own zone is another still: the option decides, not the workflow's setting.
		const result = await runNode(sandbox, { resource: 'booking', operation: 'create', bookingClient: { __rl: true, mode: 'id', value: sandbox.store.clients[3].id }, fields: mapped(value, offered), options } as INodeParameters,
			{ settings: { timezone: 'Asia/Tokyo' } });
		expect(itemsOf(result)).toHaveLength(1);
		expect(sandbox.store.bookings.at(-1)!.start).toBe(slot.start);
		expect(result.hintsOf(NODE_NAME).map((hint) => hint.message).join('\n')).not.toContain('the zone its label names');
	});

	it('refuses a Time Zone that is no zone, naming the parameter and the item, before any request', async () => {
		const result = await runNode(sandbox, { resource: 'booking', operation: 'getAll', options: { timeZone: 'Europe/Berln', addLocalTimes: true } } as INodeParameters);
		expect(result.errorOf(NODE_NAME)?.message).toBe('Time Zone: "Europe/Berln" is not a time zone (item 0)');
	});

	it('Add Local Times: each date-time beside the API\'s, in the workflow\'s zone when Time Zone is unset, under the node\'s own key', async () => {
		const items = itemsOf(await runNode(sandbox, { resource: 'booking', operation: 'getAll', limit: 5, options: { addLocalTimes: true } } as INodeParameters,
			{ settings: { timezone: WORKFLOW_ZONE } }));
		expect(items).toHaveLength(5);
		for (const item of items) {
			const booking = sandbox.store.bookings.find((candidate) => candidate.id === item.id)!;
			const added = item.addedByNode as IDataObject;
			expect(added.timeZone).toBe(WORKFLOW_ZONE);
			const local = (added.localTimes as IDataObject).start as string;
			// The same instant, written as Berlin's wall clock with its offset then.
			expect(Date.parse(local)).toBe(Date.parse(booking.start));
			expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
			expect(local.slice(0, 16)).toBe(wallClock(booking.start, WORKFLOW_ZONE).slice(0, 16));
			// The API's own values are untouched.
			expect(item.start).toBe(booking.start);
		}
	});

	it('leaves outputs as the API gave them when neither option is on', async () => {
		const items = itemsOf(await runNode(sandbox, { resource: 'booking', operation: 'getAll', limit: 3 } as INodeParameters));
		for (const item of items) expect(item).not.toHaveProperty('addedByNode');
	});

	it('Add Names: each booking\'s room, service and client by name, each distinct client read once by its ID, rooms and services from their lists', async () => {
		const items = itemsOf(await runNode(sandbox, { resource: 'booking', operation: 'getAll', limit: 40, options: { addNames: true } } as INodeParameters));
		expect(items).toHaveLength(40);
		const { store } = sandbox;
		for (const item of items) {
			const booking = store.bookings.find((candidate) => candidate.id === item.id)!;
			expect((item.addedByNode as IDataObject).names).toEqual({
				room_id: store.rooms.find((room) => room.id === booking.roomId)!.name,
				service_id: store.services.find((service) => service.id === booking.serviceId)!.name,
				client_id: store.clients.find((client) => client.id === booking.clientId)!.name,
			});
		}
		const clientReads = sandbox.requests.filter((request) => request.method === 'GET' && /\/clients\/./.test(request.path)).map((request) => request.path);
		expect(clientReads.length).toBe(new Set(items.map((item) => item.client_id)).size);
		expect(new Set(clientReads).size).toBe(clientReads.length);
		expect(sandbox.requests.filter((request) => /\/rooms$/.test(request.path)).length).toBeGreaterThanOrEqual(1);
	});

	it('Add Names on payments: the client by name, and the booking it pays for by its room, service and client', async () => {
		const items = itemsOf(await runNode(sandbox, { resource: 'payment', operation: 'getAll', limit: 10, options: { addNames: true } } as INodeParameters));
		expect(items.length).toBeGreaterThan(0);
		const { store } = sandbox;
		for (const item of items) {
			const payment = store.payments.find((candidate) => candidate.id === item.id)!;
			const booking = store.bookings.find((candidate) => candidate.id === payment.bookingId)!;
			const clientName = (id: string) => store.clients.find((client) => client.id === id)!.name;
			expect((item.addedByNode as IDataObject).names).toEqual({
				'booking_id.room_id': store.rooms.find((room) => room.id === booking.roomId)!.name,
				'booking_id.service_id': store.services.find((service) => service.id === booking.serviceId)!.name,
				'booking_id.client_id': clientName(booking.clientId),
				client_id: clientName(payment.clientId),
			});
		}
	});

	it('Add Names leaves out what it cannot read (a key without clients.read) and says so, without failing the item', async () => {
		const result = await runNode(sandbox, { resource: 'booking', operation: 'getAll', limit: 3, options: { addNames: true } } as INodeParameters, { apiKey: NO_CLIENTS_KEY });
		const items = itemsOf(result);
		expect(items).toHaveLength(3);
		for (const item of items) {
			const names = (item.addedByNode as IDataObject).names as IDataObject;
			expect(Object.keys(names).sort()).toEqual(['room_id', 'service_id']);
		}
		const distinct = new Set(items.map((item) => item.client_id)).size;
		expect(result.hintsOf(NODE_NAME).map((hint) => hint.message)).toContain(
			`Add Names: ${distinct} referenced record${distinct === 1 ? '' : 's'} could not be read (no access, or not found); those names are left out.`);
	});
});

describe('Add Names in a JSON:API workspace (references in relationships, records in attributes)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ convention: 'jsonApi', seed: 5, today: FIXED_TODAY });
	});
	afterAll(async () => sandbox.close());

	it('names each booking\'s room, service and client at the path its reference sits in', async () => {
		const options = { addNames: true, ...(PAGINATION_AS_SET.jsonApi ? { pagination: { settings: PAGINATION_AS_SET.jsonApi } } : {}) };
		const items = itemsOf(await runNode(sandbox, { resource: 'booking', operation: 'getAll', limit: 10, options } as INodeParameters));
		expect(items).toHaveLength(10);
		const { store } = sandbox;
		for (const item of items) {
			const booking = store.bookings.find((candidate) => candidate.id === String(item.id))!;
			const names = (item.addedByNode as IDataObject).names as IDataObject;
			const byList = Object.fromEntries(Object.entries(names).map(([path, name]) => [path.split('.')[1], name]));
			expect(Object.keys(names).every((path) => path.startsWith('relationships.'))).toBe(true);
			expect(byList).toEqual({
				room: store.rooms.find((room) => room.id === booking.roomId)!.name,
				service: store.services.find((service) => service.id === booking.serviceId)!.name,
				client: store.clients.find((client) => client.id === booking.clientId)!.name,
			});
		}
	});
});

describe('exports a person reads: Add Names and Add Local Times as flat fields (version 1.2, issue 42)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ seed: 11, today: FIXED_TODAY });
	});
	afterAll(async () => sandbox.close());

	/** What a payment's flat fields must say, from the store. */
	function expectedOf(id: unknown) {
		const { store } = sandbox;
		const payment = store.payments.find((candidate) => candidate.id === id)!;
		const booking = store.bookings.find((candidate) => candidate.id === payment.bookingId)!;
		return {
			client_name: store.clients.find((client) => client.id === payment.clientId)!.name,
			room_name: store.rooms.find((room) => room.id === booking.roomId)!.name,
			service_name: store.services.find((service) => service.id === booking.serviceId)!.name,
			local_time_zone: WORKFLOW_ZONE,
		};
	}

	it('the action node 1.2: a payment with its client, room and service by name and its times as Berlin\'s wall clock, beside the API\'s own fields', async () => {
		const options = { addNames: true, addLocalTimes: true, timeZone: WORKFLOW_ZONE };
		const items = itemsOf(await runNode(sandbox, { resource: 'payment', operation: 'getAll', limit: 5, options } as INodeParameters, { typeVersion: 1.2 }));
		expect(items).toHaveLength(5);
		for (const item of items) {
			expect(item).toMatchObject(expectedOf(item.id));
			expect(item).not.toHaveProperty('addedByNode');
			const created = Object.keys(item).find((key) => key.endsWith('_local'))!;
			const own = created.replace(/_local$/, '');
			expect(item[created]).toBe(wallClock(String(item[own]), WORKFLOW_ZONE).slice(0, 16).replace('T', ' '));
		}
	});

	it('the trigger 1.2 on Payments: Fetch Test Event shows the same flat fields; a 1.1 trigger\'s output is as before', async () => {
		const parameters = { watch: 'payments', options: { addNames: true, addLocalTimes: true, timeZone: WORKFLOW_ZONE } };
		const poller = createPoller({ node: triggerNode(parameters, 1.2), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox) });
		try {
			const entries = (await poller.fetchTestEvent()).items?.[0] ?? [];
			expect(entries.length).toBeGreaterThan(0);
			for (const { json } of entries) expect(json).toMatchObject(expectedOf(json.id));
		} finally {
			await poller.close();
		}
		const earlier = createPoller({ node: triggerNode(parameters, 1.1), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox) });
		try {
			for (const { json } of (await earlier.fetchTestEvent()).items?.[0] ?? []) {
				const stored = sandbox.store.payments.find((payment) => payment.id === json.id);
				expect(stored).toBeDefined();
				expect(Object.keys(json).some((key) => key.endsWith('_name') || key.endsWith('_local') || key === 'addedByNode')).toBe(false);
			}
		} finally {
			await earlier.close();
		}
	});
});

describe('examples 02 and 05 write columns a bookkeeper reads (issue 42)', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ seed: 13, today: FIXED_TODAY });
	});
	afterAll(async () => sandbox.close());

	interface ExampleNode { name: string; type: string; typeVersion: number; parameters: INodeParameters }
	const example = (file: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', file), 'utf8')) as { nodes: ExampleNode[] };
	/** The fields of the Venue Booking node's output the example's Bookkeeping Columns read (`$json.x`). */
	function fieldsRead(nodes: ExampleNode[]): string[] {
		const columns = nodes.find((candidate) => candidate.name === 'Bookkeeping Columns')!;
		const assignments = (columns.parameters.assignments as { assignments: Array<{ value: string }> }).assignments;
		return [...new Set(assignments.flatMap(({ value }) => [...value.matchAll(/\$json\.(\w+)/g)].map((match) => match[1])))];
	}

	it('05: Get many payments as the example sets it gives every field its columns read, names and local times included', async () => {
		const { nodes } = example('05-full-payment-export.json');
		const payments = nodes.find((candidate) => candidate.type === NODE_TYPE)!;
		const items = itemsOf(await runNode(sandbox, { ...payments.parameters, returnAll: false, limit: 20 }, { typeVersion: payments.typeVersion, settings: { timezone: WORKFLOW_ZONE } }));
		const read = fieldsRead(nodes);
		expect(read).toEqual(expect.arrayContaining(['created_at_local', 'client_name', 'room_name', 'amount_cents']));
		for (const item of items) for (const field of read) expect([field, item[field]]).toEqual([field, expect.anything()]);
	});

	it('02: the trigger as the example sets it gives every field its columns read', async () => {
		const { nodes } = example('02-nightly-new-payments.json');
		const trigger = nodes.find((candidate) => candidate.type === TRIGGER_TYPE)!;
		const poller = createPoller({ node: triggerNode(trigger.parameters, trigger.typeVersion), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox) });
		try {
			const entries = (await poller.fetchTestEvent()).items?.[0] ?? [];
			expect(entries.length).toBeGreaterThan(0);
			for (const { json } of entries) for (const field of fieldsRead(nodes)) expect([field, json[field]]).toEqual([field, expect.anything()]);
		} finally {
			await poller.close();
		}
	});
});
