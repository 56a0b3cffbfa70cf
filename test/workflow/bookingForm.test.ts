/**
 * The Create form as a new user meets it, in every convention the sandbox speaks: the fields it opens with
 * are the ones Create takes (judged by the sampled values, the names never consulted), a booking made from
 * exactly those fields and a client picked by name runs on the first try, a time typed without an offset in
 * the workflow's zone (America/New_York) is booked as that instant and sent as the workspace writes its
 * own date-times, the saved parameters hold no client's email and no other client's name, and a refused
 * offered field is named in the error with how to take it out of the form.
 */
import type { IDataObject, INodeParameters, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';

import { searchClients } from '../../nodes/VenueBooking/methods/listSearch';
import { bookingFields, type OfferedField } from '../../nodes/VenueBooking/methods/resourceMapping';
import { CONVENTIONS, conventionInfo, FIXED_TODAY, type ConventionName, type Sandbox } from '../../sandbox';
import { renderTimestamp } from '../../sandbox/conventionRecords';
import { methodContext, node } from './harness';
import { credentialsFor, credentialTypes, itemsOf, NODE_NAME, NODE_TYPE, nodeTypes, runNode, startSandboxWithKey } from './venueBooking';
import { PAGINATION_AS_SET } from '../support/conventions';

/** What a user sets where the convention cannot be walked from its answers alone (as conventions.test.ts). */
const PAGINATION = PAGINATION_AS_SET;

const ZONE = 'America/New_York';
/** A Wednesday well after the seeded bookings; 11:00 in New York is 15:00 UTC, inside opening hours. */
const TYPED = '2027-06-09T11:00:00';
const INSTANT = '2027-06-09T15:00:00Z';

/** The instant as the convention writes date-times: the workspace's own form, as its records show it. */
function inWorkspaceForm(name: ConventionName, iso: string): string | number {
	return renderTimestamp(iso, conventionInfo(name).timestamps);
}

function mapped(value: IDataObject, schema: ResourceMapperField[]): INodeParameters[string] {
	const saved: ResourceMapperValue = { mappingMode: 'defineBelow', value: value as ResourceMapperValue['value'], matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
	return saved as unknown as INodeParameters[string];
}

describe.each(CONVENTIONS.map((name) => [name]))('the Create form, %s convention', (name: ConventionName) => {
	const info = conventionInfo(name);
	const spelled = (snake: string) => (info.naming === 'camel' ? snake.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()) : snake);
	// hasMoreOnly hides ids under `ref`: the Client picker is told so, as conventions.test.ts tells the Booking ID picker.
	const options = { ...(PAGINATION[name] ? { pagination: { settings: PAGINATION[name] } } : {}), ...(info.identityField === 'ref' ? { identityPath: 'ref' } : {}) };
	const create = { resource: 'booking', operation: 'create', options } as INodeParameters;
	let sandbox: Sandbox;
	let offered: OfferedField[];

	const editor = (path: string) =>
		methodContext({ node: node(NODE_NAME, NODE_TYPE, create, { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), path });

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ convention: name, seed: 7, today: FIXED_TODAY });
		offered = (await bookingFields.call(editor('parameters.fields'))).fields as OfferedField[];
	});
	afterAll(async () => sandbox.close());
	beforeEach(() => sandbox.resetRequests());

	if (name === 'jsonApi') {
		// JSON:API keeps a record's fields in `attributes` and its references in `relationships`: no top-level
		// field is an input, so the form opens empty and Body carries the booking.
		it('opens with no field: JSON:API keeps fields inside attributes', () => {
			expect(offered.filter((field) => !field.removed)).toEqual([]);
		});
		return;
	}

	it('opens with the inputs only: room, service, start and note; the client is chosen in Client', () => {
		const shown = offered.filter((field) => !field.removed).map((field) => field.id);
		expect(shown).toEqual(['room_id', 'service_id', 'start', 'note'].map(spelled));
		// Everything else is one click away, never gone.
		expect(offered.filter((field) => field.removed).map((field) => field.id)).toEqual(
			expect.arrayContaining(['client_id', 'end', 'status', 'currency', 'created_at', 'updated_at', 'cancelled_at', 'cancel_reason'].map(spelled)),
		);
		expect(offered.every((field) => field.display)).toBe(true);
		expect(offered.find((field) => field.id === 'start')?.displayName).toMatch(new RegExp(`^start \\(date-time in ${ZONE}, e\\.g\\. `));
	});

	it('a booking from the fields it opens with and a client picked by name runs on the first try, at the typed time in the workflow\'s zone', async () => {
		const roomField = offered.find((field) => field.id === spelled('room_id'));
		const serviceField = offered.find((field) => field.id === spelled('service_id'));
		const room = sandbox.store.rooms.find((candidate) => roomField?.options?.some((option) => option.value === candidate.id));
		const service = sandbox.store.services.find((candidate) => room && candidate.roomIds.includes(room.id));
		expect(serviceField?.options?.some((option) => option.value === service?.id)).toBe(true);
		const wanted = sandbox.store.clients[3];
		const picked = (await searchClients.call(editor('parameters.bookingClient'), wanted.name)).results.find((result) => result.value === wanted.id);
		expect(picked?.name).toContain(wanted.name);
		const shown = Object.fromEntries(offered.filter((field) => !field.removed).map((field) => [field.id, field]));
		const value: IDataObject = { [spelled('room_id')]: room?.id, [spelled('service_id')]: service?.id, start: TYPED, note: 'Ring the bell' };
		expect(Object.keys(value).sort()).toEqual(Object.keys(shown).sort());
		const parameters = {
			...create,
			bookingClient: { __rl: true, mode: 'list', value: picked?.value, cachedResultName: picked?.name },
			fields: mapped(value, offered),
		};
		const result = await runNode(sandbox, parameters as INodeParameters, { settings: { timezone: ZONE } });
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		const posts = sandbox.requests.filter((request) => request.method === 'POST');
		expect(posts).toHaveLength(1);
		expect((posts[0].body as IDataObject).start).toEqual(inWorkspaceForm(name, INSTANT));
		expect((posts[0].body as IDataObject)[spelled('client_id')]).toBe(wanted.id);
		const booking = sandbox.store.bookings.at(-1);
		expect(booking).toMatchObject({ start: INSTANT, clientId: wanted.id, roomId: room?.id, note: 'Ring the bell' });
		expect(itemsOf(result)).toHaveLength(1);

		// What the workflow saves: the choice and the name shown for it, never an option list of clients.
		const saved = JSON.stringify(parameters);
		for (const client of sandbox.store.clients) {
			expect(saved).not.toContain(client.email);
			if (client.id !== wanted.id) expect(saved).not.toContain(client.name);
		}
	});

	it('an offered field the API refuses is named in the error, with how to take it out of the form', async () => {
		const end = offered.find((field) => field.id === 'end');
		expect(end?.removed).toBe(true);
		const room = sandbox.store.rooms[0];
		const service = sandbox.store.services.find((candidate) => candidate.roomIds.includes(room.id));
		const value = { [spelled('room_id')]: room.id, [spelled('service_id')]: service?.id, start: '2027-06-10T11:00:00', end: '2027-06-10T12:00:00' };
		const result = await runNode(sandbox, { ...create, fields: mapped(value, offered) } as INodeParameters, { settings: { timezone: ZONE } });
		const error = result.errorOf(NODE_NAME);
		// A 4xx, or (Slack) a refusal declared in a 200 body.
		expect(error?.message).toMatch(/\((400|422)\)|^The API refused POST \/bookings/);
		expect(String(error?.description)).toMatch(/^"end" \(end \(date-time .*\)\) is a field of Fields Seen in Your Workspace: .*Remove it from the form/);
		// The server's own words follow.
		expect(String(error?.description)).toMatch(/The server said: .*end/);
	});
});
