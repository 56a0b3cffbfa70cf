/**
 * A workspace that writes its date-times without a zone, in the venue's own zone (as Mindbody, Planyo, SimplyBook
 * or Rezdy's `*Local` fields do): the sandbox speaks Pipedrive's zone-less form with its times in Europe/Paris. With
 * the credential's Workspace Time Zone set to it, a time typed in the workflow's zone (America/New_York) is sent as
 * the Paris wall clock and lands at the instant meant; the form's label says both zones.
 */
import type { IDataObject, INodeParameters, ResourceMapperValue } from 'n8n-workflow';

import { searchBookings } from '../../nodes/VenueBooking/methods/listSearch';
import { bookingFields, type OfferedField } from '../../nodes/VenueBooking/methods/resourceMapping';
import { FIXED_TODAY, type Sandbox } from '../../sandbox';
import { methodContext, node } from './harness';
import { credentialsFor, credentialTypes, NODE_NAME, NODE_TYPE, nodeTypes, runNode, startSandboxWithKey } from './venueBooking';
import { PAGINATION_AS_SET } from '../support/conventions';

const WORKFLOW_ZONE = 'America/New_York';
const WORKSPACE_ZONE = 'Europe/Paris';
const options = PAGINATION_AS_SET.pipedrive ? { pagination: { settings: PAGINATION_AS_SET.pipedrive } } : {};
const create = { resource: 'booking', operation: 'create', options } as INodeParameters;

function mapped(value: IDataObject, schema: OfferedField[]): INodeParameters[string] {
	const saved: ResourceMapperValue = { mappingMode: 'defineBelow', value: value as ResourceMapperValue['value'], matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
	return saved as unknown as INodeParameters[string];
}

describe('a workspace that writes local times without a zone (pipedrive form, times in Europe/Paris)', () => {
	let sandbox: Sandbox;
	let offered: OfferedField[];

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ convention: 'pipedrive', seed: 7, today: FIXED_TODAY, localTimeZone: WORKSPACE_ZONE });
		const credentials = credentialsFor(sandbox, undefined, undefined, { workspaceTimeZone: WORKSPACE_ZONE });
		const context = methodContext({ node: node(NODE_NAME, NODE_TYPE, create, { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials, path: 'parameters.fields' });
		offered = (await bookingFields.call(context)).fields as OfferedField[];
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => sandbox.resetRequests());

	const booking = (day: string) => {
		const room = sandbox.store.rooms[0];
		const service = sandbox.store.services.find((candidate) => candidate.roomIds.includes(room.id));
		return { room_id: room.id, service_id: service?.id, client_id: sandbox.store.clients[0].id, start: `${day}T11:00:00` };
	};

	it('labels the start with the zone it is read in and the zone it is sent in', () => {
		const start = offered.find((field) => field.id === 'start');
		expect(start?.momentForm).toEqual({ kind: 'iso', separator: ' ', seconds: true, fraction: 0, zone: '' });
		// The editor's zone (n8n's instance default here) beside the workspace's: a booking at 14:00 UTC, 15:00 in Paris.
		expect(start?.displayName).toBe('(America/New_York) start (date-time, e.g. 2027-02-27 09:00 → sent as 2027-02-27 15:00:00 (Europe/Paris time))');
		expect(sandbox.store.bookings.some((stored) => stored.start === '2027-02-27T14:00:00Z')).toBe(true);
	});

	it('sends 11:00 in New York as 17:00 Paris time, and the booking lands at 15:00 UTC', async () => {
		const result = await runNode(sandbox, { ...create, fields: mapped(booking('2027-06-09'), offered) } as INodeParameters, {
			settings: { timezone: WORKFLOW_ZONE },
			credentialData: { workspaceTimeZone: WORKSPACE_ZONE },
		});
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		const post = sandbox.requests.find((request) => request.method === 'POST');
		expect((post?.body as IDataObject).start).toBe('2027-06-09 17:00:00');
		expect(sandbox.store.bookings.at(-1)).toMatchObject({ start: '2027-06-09T15:00:00Z' });
	});

	it('without the credential\'s zone sends UTC wall clock, which this workspace reads two hours early (why the setting exists)', async () => {
		const result = await runNode(sandbox, { ...create, fields: mapped(booking('2027-06-10'), offered) } as INodeParameters, { settings: { timezone: WORKFLOW_ZONE } });
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		const post = sandbox.requests.find((request) => request.method === 'POST');
		expect((post?.body as IDataObject).start).toBe('2027-06-10 15:00:00');
		expect(sandbox.store.bookings.at(-1)).toMatchObject({ start: '2027-06-10T13:00:00Z' });
	});

	// Issue 42: the credential by the name the node holds it under (the harness names it "cred"), not its type's.
	it('refuses a Workspace Time Zone that does not exist, naming the credential field and the credential the node used', async () => {
		const result = await runNode(sandbox, { ...create, fields: mapped(booking('2027-06-11'), offered) } as INodeParameters, {
			settings: { timezone: WORKFLOW_ZONE },
			credentialData: { workspaceTimeZone: 'Europe/Pari' },
		});
		expect(result.errorOf(NODE_NAME)?.message).toBe('The Workspace Time Zone "Europe/Pari" of the credential "cred" is not a time zone');
		expect(sandbox.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
	});
});

/**
 * Mindbody writes PascalCase records with zone-less ISO times (`"2027-06-09T17:00:00"`) in the site's zone: the
 * same setting reads them (the Booking ID picker's labels) and writes them (the Create form), with `request.offset`
 * pagination set as a user must set it.
 */
describe('a Mindbody-style workspace (PascalCase, zone-less site times in Europe/Paris)', () => {
	let sandbox: Sandbox;
	let offered: OfferedField[];
	const mindbodyCreate = { resource: 'booking', operation: 'create', options: PAGINATION_AS_SET.mindbody ? { pagination: { settings: PAGINATION_AS_SET.mindbody } } : {} } as INodeParameters;
	const editor = (parameters: INodeParameters, path: string, timezone?: string) =>
		methodContext({
			node: node(NODE_NAME, NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }),
			nodeTypes,
			credentialTypes,
			credentials: credentialsFor(sandbox, undefined, undefined, { workspaceTimeZone: WORKSPACE_ZONE }),
			path,
			...(timezone ? { timezone } : {}),
		});

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ convention: 'mindbody', seed: 7, today: FIXED_TODAY, localTimeZone: WORKSPACE_ZONE });
		offered = (await bookingFields.call(editor(mindbodyCreate, 'parameters.fields'))).fields as OfferedField[];
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => sandbox.resetRequests());

	it('labels Start with both zones, and the picker reads each booking\'s zone-less time as Paris time', async () => {
		expect(offered.find((field) => field.id === 'Start')?.displayName).toBe('(America/New_York) Start (date-time, e.g. 2027-02-27 09:00 → sent as 2027-02-27T15:00:00 (Europe/Paris time))');
		const booking = sandbox.store.bookings.find((candidate) => candidate.start === '2027-02-27T14:00:00Z')!;
		const picker = await searchBookings.call(editor({ resource: 'booking', operation: 'get', options: mindbodyCreate.options } as INodeParameters, 'parameters.bookingId', WORKFLOW_ZONE));
		const row = picker.results.find((result) => result.value === booking.id);
		// 14:00 UTC is 15:00 in Paris (what the API writes) and 09:00 in New York (what the label shows).
		expect(row?.name).toMatch(/^Sat 27 Feb 2027, 09:00 · /);
	});

	it('sends 11:00 in New York as 17:00 Paris site time, and the booking lands at 15:00 UTC', async () => {
		const room = sandbox.store.rooms[0];
		const service = sandbox.store.services.find((candidate) => candidate.roomIds.includes(room.id));
		const value = { RoomId: room.id, ServiceId: service?.id, ClientId: sandbox.store.clients[0].id, Start: '2027-06-09T11:00:00' };
		const result = await runNode(sandbox, { ...mindbodyCreate, fields: mapped(value, offered) } as INodeParameters, {
			settings: { timezone: WORKFLOW_ZONE },
			credentialData: { workspaceTimeZone: WORKSPACE_ZONE },
		});
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		const post = sandbox.requests.find((request) => request.method === 'POST');
		expect((post?.body as IDataObject).Start).toBe('2027-06-09T17:00:00');
		expect(sandbox.store.bookings.at(-1)).toMatchObject({ start: '2027-06-09T15:00:00Z' });
	});
});
