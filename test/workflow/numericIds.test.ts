/**
 * Numeric ids where rooms and services share one range (Current RMS's `"id": 3`, `"room_id": 3`,
 * `"service_id": 3`): the editor judges a reference by the field it sits in, so a booking's label names its own
 * room and client, and the form offers rooms under the room field and services under the service field, though
 * room 3 and service 3 are different records. Numbers picked in the editor go into paths and bodies as they are.
 */
import type { IDataObject, INodeParameters, ResourceMapperFields } from 'n8n-workflow';

import { forgetEditorSessions } from '../../nodes/VenueBooking/editorSession';
import { isNoticeRow, searchBookings } from '../../nodes/VenueBooking/methods/listSearch';
import { bookingFields } from '../../nodes/VenueBooking/methods/resourceMapping';
import { conventionRecordId, FIXED_TODAY, type Sandbox } from '../../sandbox';
import { methodContext, node } from './harness';
import { bookableSlots, credentialsFor, credentialTypes, itemsOf, jsonBody, NODE_NAME, NODE_TYPE, nodeTypes, runNode, startSandboxWithKey } from './venueBooking';

const CONVENTION = 'currentRms';

describe('numeric ids shared by rooms and services (the currentRms convention)', () => {
	let sandbox: Sandbox;
	const stored = (resource: 'bookings' | 'rooms' | 'services' | 'clients', value: unknown) => conventionRecordId(CONVENTION, resource, String(value))!;
	const contextFor = (parameters: INodeParameters, path: string) =>
		methodContext({
			node: node(NODE_NAME, NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }),
			nodeTypes,
			credentialTypes,
			credentials: credentialsFor(sandbox),
			path,
			timezone: 'UTC',
		});

	beforeAll(async () => {
		forgetEditorSessions();
		sandbox = await startSandboxWithKey({ convention: CONVENTION, seed: 11, today: FIXED_TODAY, scale: { rooms: 24, services: 16 } });
	});
	afterAll(async () => sandbox.close());

	it('the API writes the ids as numbers, rooms and services in one range', async () => {
		const result = await runNode(sandbox, { resource: 'room', operation: 'getAll', returnAll: true });
		const rooms = itemsOf(result);
		expect(rooms.map((room) => room.id)).toEqual(sandbox.store.rooms.map((_room, index) => index + 1));
		const services = itemsOf(await runNode(sandbox, { resource: 'service', operation: 'getAll', returnAll: true }));
		expect(services.every((service) => typeof service.id === 'number' && (service.id as number) <= rooms.length)).toBe(true);
	});

	it("every label of the booking picker's first page names its own room and client, never the service of the same number", async () => {
		const first = await searchBookings.call(contextFor({ resource: 'booking', operation: 'get' }, 'parameters.bookingId'));
		const rows = first.results.filter((row) => !isNoticeRow(row));
		expect(rows.length).toBeGreaterThan(0);
		let sharedNumbers = 0;
		for (const row of rows) {
			expect(typeof row.value === 'number' || /^\d+$/.test(String(row.value))).toBe(true);
			const booking = sandbox.store.findBooking(stored('bookings', row.value))!;
			const room = sandbox.store.findRoom(booking.roomId)!;
			const sameNumberService = sandbox.store.services[sandbox.store.rooms.indexOf(room)];
			if (sameNumberService) {
				sharedNumbers++;
				expect(String(row.name)).not.toContain(sameNumberService.name);
			}
			expect(String(row.name)).toContain(` · ${room.name} · ${sandbox.store.findClient(booking.clientId)!.name}`);
		}
		expect(sharedNumbers).toBeGreaterThan(0);
	});

	// The booking picker's first view reads the services only to their first page where they cannot be taken for rooms
	// (its labels name none): here rooms and services share their numbers, so it reads them whole, and a label never
	// names the service of its room's number.
	it('the first view reads the services whole where they span pages, and labels name the room', async () => {
		const many = await startSandboxWithKey({ convention: CONVENTION, seed: 11, today: FIXED_TODAY, scale: { rooms: 60, services: 45, clients: 40, bookings: 300 } });
		try {
			forgetEditorSessions();
			const context = methodContext({
				node: node(NODE_NAME, NODE_TYPE, { resource: 'booking', operation: 'get' }, { credentials: { venueBookingApi: 'cred' } }),
				nodeTypes,
				credentialTypes,
				credentials: credentialsFor(many),
				path: 'parameters.bookingId',
				timezone: 'UTC',
			});
			const first = await searchBookings.call(context);
			const servicePages = many.requests.filter((request) => request.path.endsWith('/services')).length;
			expect(servicePages).toBe(Math.ceil(45 / 20));
			const rows = first.results.filter((row) => !isNoticeRow(row));
			expect(rows.length).toBeGreaterThan(0);
			for (const row of rows) {
				const booking = many.store.findBooking(conventionRecordId(CONVENTION, 'bookings', String(row.value))!)!;
				expect(String(row.name)).toContain(` · ${many.store.findRoom(booking.roomId)!.name} · `);
			}
		} finally {
			await many.close();
			forgetEditorSessions();
		}
	});

	it('the form offers the rooms under the room field and the services under the service field, by their numbers', async () => {
		const result = (await bookingFields.call(contextFor({ resource: 'booking', operation: 'create' }, 'parameters.fields'))) as ResourceMapperFields;
		const roomField = result.fields.find((field) => field.id === 'room_id');
		const serviceField = result.fields.find((field) => field.id === 'service_id');
		expect(roomField?.options?.map((option) => stored('rooms', option.value)).sort()).toEqual(sandbox.store.rooms.map((room) => room.id).sort());
		expect(serviceField?.options?.map((option) => stored('services', option.value)).sort()).toEqual(sandbox.store.services.map((service) => service.id).sort());
		for (const option of roomField!.options!) expect(option.name).toContain(sandbox.store.findRoom(stored('rooms', option.value))!.name);
	});

	it('a numeric id goes into the path, and numeric references into the body, naming the records they number', async () => {
		const booking = sandbox.store.bookings[5];
		const numeric = Number.parseInt(booking.id.split('_')[1], 36);
		const got = itemsOf(await runNode(sandbox, { resource: 'booking', operation: 'get', bookingId: { __rl: true, mode: 'id', value: String(numeric) } } as INodeParameters));
		// Current RMS answers a single record under its singular name (`{"booking": {…}}`).
		const single = (record: IDataObject) => (record.booking ?? record) as IDataObject;
		expect(got.map((record) => single(record).id)).toEqual([numeric]);

		const [slot] = bookableSlots(sandbox, 1, 5);
		const client = sandbox.store.clients.find((candidate) => /^cli_[0-9a-z]+$/.test(candidate.id))!;
		const body = {
			room_id: sandbox.store.rooms.findIndex((room) => room.id === slot.roomId) + 1,
			service_id: sandbox.store.services.findIndex((service) => service.id === slot.serviceId) + 1,
			client_id: Number.parseInt(client.id.split('_')[1], 36),
			start: slot.start,
		};
		const created = itemsOf(await runNode(sandbox, { resource: 'booking', operation: 'create', ...jsonBody(body) }));
		expect(created).toHaveLength(1);
		const answer = single(created[0]);
		const made = sandbox.store.findBooking(stored('bookings', answer.id))!;
		expect([made.roomId, made.serviceId, made.clientId]).toEqual([slot.roomId, slot.serviceId, client.id]);
		expect([answer.room_id, answer.service_id, answer.client_id]).toEqual([body.room_id, body.service_id, body.client_id]);
	});
});
