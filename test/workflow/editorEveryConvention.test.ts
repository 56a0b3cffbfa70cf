/**
 * Issue 35's editor views in every convention the sandbox speaks, on a large seeded workspace, through n8n-core's
 * LoadOptionsContext: the booking picker's first page labels each booking with its own room and client, the
 * form offers every room, and the Client picker finds a client far down the list by name. Where a convention's
 * answers never name the parameter that asks for the next page, the editor gets the Options > Pagination a user
 * sets there. The far search in the booking picker (thousands of requests a convention) stays in
 * editorAtScale.test.ts for four styles and in `npm run bench -- --only editor` for all.
 */
import type { INodeListSearchResult, INodeParameters, ResourceMapperFields } from 'n8n-workflow';

import { credentialsFor, credentialTypes, NODE_TYPE, nodeTypes, startSandboxWithKey } from './venueBooking';
import { forgetEditorSessions } from '../../nodes/VenueBooking/editorSession';
import { isNoticeRow, searchBookings, searchClients } from '../../nodes/VenueBooking/methods/listSearch';
import { bookingFields } from '../../nodes/VenueBooking/methods/resourceMapping';
import { CONVENTIONS, conventionInfo, type ConventionName, conventionRecordId, FIXED_TODAY, type Sandbox } from '../../sandbox';
import { PAGINATION_AS_SET_WHEN_LARGE } from '../support/conventions';
import { methodContext, node } from './harness';

/**
 * Clients and rooms at a venue's size (the labels must name clients beyond the client list's first page, the form
 * 300 rooms); bookings fewer than issue 35's 20,000, since no view here reads past their first page.
 */
const SCALE = { clients: 5_000, bookings: 2_000, rooms: 300, services: 40 };
/** The client searched for: the 4,000th, far down the client list. */
const FAR_CLIENT = 3_999;
const RESULT_PAGES = 5;

describe.each([undefined, ...CONVENTIONS].map((convention) => [convention ?? 'sandbox default', convention]))('the editor on a large workspace, %s', (_name, convention?: ConventionName) => {
	let sandbox: Sandbox;
	const identityField = convention ? conventionInfo(convention).identityField : 'id';
	const pagination = convention ? PAGINATION_AS_SET_WHEN_LARGE[convention] : undefined;
	const options = { ...(identityField === 'id' ? {} : { identityPath: identityField }), ...(pagination ? { pagination: { settings: pagination } } : {}) };
	/** The stored id an id in the convention's form names (Current RMS and Acuity number their records). */
	const storedId = (resource: 'bookings' | 'rooms' | 'clients', value: unknown) => (convention ? (conventionRecordId(convention, resource, String(value)) ?? String(value)) : String(value));
	const editor = (resource: string, operation: string, path: string) => {
		const parameters: INodeParameters = { resource, operation, ...(Object.keys(options).length > 0 ? { options } : {}) };
		return methodContext({ node: node('Venue Booking', NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), path, timezone: 'UTC' });
	};

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ convention, seed: 3, today: FIXED_TODAY, scale: SCALE });
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => forgetEditorSessions());

	it('every label of the booking picker\'s first page names its own room and client', async () => {
		const first = await searchBookings.call(editor('booking', 'get', 'parameters.bookingId'));
		const rows = first.results.filter((row) => !isNoticeRow(row));
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows) {
			const booking = sandbox.store.findBooking(storedId('bookings', row.value))!;
			expect(String(row.name)).toContain(` · ${sandbox.store.findRoom(booking.roomId)!.name} · ${sandbox.store.findClient(booking.clientId)!.name}`);
		}
	});

	it('the form offers every room', async () => {
		const result = (await bookingFields.call(editor('booking', 'create', 'parameters.fields'))) as ResourceMapperFields;
		const roomIds = sandbox.store.rooms.map((room) => room.id);
		const roomField = result.fields.find((field) => (field.options ?? []).some((option) => roomIds.includes(storedId('rooms', option.value))));
		expect(roomField?.options?.map((option) => storedId('rooms', option.value)).sort()).toEqual([...roomIds].sort());
	});

	it(`the Client picker finds the far client by name within ${RESULT_PAGES} result pages`, async () => {
		const far = sandbox.store.clients[FAR_CLIENT];
		const context = editor('booking', 'create', 'parameters.bookingClient');
		let token: string | undefined;
		let pages = 0;
		let found = false;
		while (!found && pages < RESULT_PAGES) {
			const result: INodeListSearchResult = await searchClients.call(context, far.name, token);
			pages++;
			found = result.results.some((row) => !isNoticeRow(row) && storedId('clients', row.value) === far.id);
			token = result.paginationToken as string | undefined;
			if (token === undefined) break;
		}
		expect(found).toBe(true);
	});
});
