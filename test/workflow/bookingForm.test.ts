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
import { bookingFields, bookingTimes, type OfferedField } from '../../nodes/VenueBooking/methods/resourceMapping';
import { CONVENTIONS, conventionInfo, conventionRecordId, FIXED_TODAY, type ConventionName, type Sandbox } from '../../sandbox';
import { renderRecord, renderTimestamp } from '../../sandbox/conventionRecords';
import { CONVENTION_DEFINITIONS } from '../../sandbox/conventions';
import { readSegments } from '../../nodes/VenueBooking/transport/json';
import { leavesOf } from '../../nodes/VenueBooking/referenceLists';
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

/**
 * The id of the offered field that holds a booking's canonical field (`roomId`, `start`) in this convention:
 * its dot path in a record as the sandbox renders it (`room_id`, `attributes.start`, `relationships.room.data.id`).
 */
function fieldIdOf(name: ConventionName, canonical: string): string {
	const marker = 'marker_value_x';
	const rendered = renderRecord({ id: 'bk_marker', [canonical]: marker }, 'bookings', CONVENTION_DEFINITIONS[name].record);
	const found = leavesOf(rendered).find(([, value]) => value === marker);
	if (!found) throw new Error(`${canonical} is not rendered in ${name}`);
	return found[0];
}

/** Where an offered field's value is in the body sent: at its saved path, or at the top under its id. */
function sentValue(body: unknown, field: OfferedField | undefined): unknown {
	return field ? readSegments(body, field.sentAt?.path ?? [field.id]) : undefined;
}

/** A label's example is cut at 40 characters: the start of a text is what a label could hold of it. */
const cutAt = (text: string) => text.slice(0, 30);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function mapped(value: IDataObject, schema: ResourceMapperField[]): INodeParameters[string] {
	const saved: ResourceMapperValue = { mappingMode: 'defineBelow', value: value as ResourceMapperValue['value'], matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
	return saved as unknown as INodeParameters[string];
}

describe.each(CONVENTIONS.map((name) => [name]))('the Create form, %s convention', (name: ConventionName) => {
	const info = conventionInfo(name);
	const id = (canonical: string) => fieldIdOf(name, canonical);
	/** A field's own name, as its label starts (`start`, Mindbody's `Start`). */
	const short = (canonical: string) => id(canonical).split('.').at(-1)!;
	/** Writes as JSON:API documents (JSON:API itself, Booqable). */
	const jsonApiDocuments = name === 'jsonApi' || name === 'booqable';
	// hasMoreOnly hides ids under `ref`: the Client picker is told so, as conventions.test.ts tells the Booking ID picker.
	const options = { ...(PAGINATION[name] ? { pagination: { settings: PAGINATION[name] } } : {}), ...(info.identityField === 'ref' ? { identityPath: 'ref' } : {}) };
	const create = { resource: 'booking', operation: 'create', options } as INodeParameters;
	/** A value the editor offers or the node sends, as the stored id it names (numeric ids: Current RMS). */
	const storedOf = (resource: 'rooms' | 'services' | 'clients', value: unknown) => conventionRecordId(name, resource, String(value));
	/** A room or service as the form offers it (its option's value), as a user picks it. */
	const offeredValue = (canonical: 'roomId' | 'serviceId', storedId: string | undefined) =>
		offered.find((field) => field.id === id(canonical))?.options?.find((option) => storedOf(canonical === 'roomId' ? 'rooms' : 'services', option.value) === storedId)?.value ?? storedId;
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

	it('opens with the inputs only: room, service, start and note; the client is chosen in Client', () => {
		const shown = offered.filter((field) => !field.removed).map((field) => field.id);
		expect([...shown].sort()).toEqual(['roomId', 'serviceId', 'start', 'note'].map(id).sort());
		// Everything else is one click away, never gone.
		expect(offered.filter((field) => field.removed).map((field) => field.id)).toEqual(
			expect.arrayContaining(['clientId', 'end', 'status', 'currency', 'createdAt', 'updatedAt', 'cancelledAt', 'cancelReason'].map(id)),
		);
		expect(offered.every((field) => field.display)).toBe(true);
		// A nested field is named by its own name; its label says where it sits.
		expect(offered.find((field) => field.id === id('start'))?.displayName).toMatch(new RegExp(`^\\(${ZONE}\\) ${short('start')} \\(date-time, e\\.g\\. `));
	});

	it('a booking from the fields it opens with and a client picked by name runs on the first try, at the typed time in the workflow\'s zone', async () => {
		const roomField = offered.find((field) => field.id === id('roomId'));
		const serviceField = offered.find((field) => field.id === id('serviceId'));
		const room = sandbox.store.rooms.find((candidate) => roomField?.options?.some((option) => storedOf('rooms', option.value) === candidate.id));
		const service = sandbox.store.services.find((candidate) => room && candidate.roomIds.includes(room.id));
		expect(serviceField?.options?.some((option) => storedOf('services', option.value) === service?.id)).toBe(true);
		const wanted = sandbox.store.clients[3];
		const picked = (await searchClients.call(editor('parameters.bookingClient'), wanted.name)).results.find((result) => storedOf('clients', result.value) === wanted.id);
		expect(picked?.name).toContain(wanted.name);
		const shown = Object.fromEntries(offered.filter((field) => !field.removed).map((field) => [field.id, field]));
		const value: IDataObject = { [id('roomId')]: offeredValue('roomId', room?.id), [id('serviceId')]: offeredValue('serviceId', service?.id), [id('start')]: TYPED, [id('note')]: 'Ring the bell' };
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
		const field = (canonical: string) => offered.find((candidate) => candidate.id === id(canonical));
		expect(sentValue(posts[0].body, field('start'))).toEqual(inWorkspaceForm(name, INSTANT));
		expect(storedOf('clients', sentValue(posts[0].body, field('clientId')))).toBe(wanted.id);
		if (name === 'jsonApi') {
			// The document JSON:API asks for: one resource object of the collection's type, its references as {type, id}.
			expect(posts[0].body).toEqual({
				data: {
					type: 'bookings',
					attributes: { start: INSTANT, note: 'Ring the bell' },
					relationships: {
						room: { data: { type: 'rooms', id: room?.id } },
						service: { data: { type: 'services', id: service?.id } },
						client: { data: { type: 'clients', id: wanted.id } },
					},
				},
			});
		}
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

	// Issue 42: the sandbox answers an empty start (not sent) with a 400 naming it; the error names the form's field.
	it('a start left empty in the form: the 400\'s headline and description name the form\'s field, not query parameters or a body', async () => {
		const roomField = offered.find((field) => field.id === id('roomId'));
		const serviceField = offered.find((field) => field.id === id('serviceId'));
		const room = sandbox.store.rooms.find((candidate) => roomField?.options?.some((option) => storedOf('rooms', option.value) === candidate.id));
		const service = sandbox.store.services.find((candidate) => room && candidate.roomIds.includes(room.id));
		expect(serviceField).toBeDefined();
		const value: IDataObject = { [id('roomId')]: offeredValue('roomId', room?.id), [id('serviceId')]: offeredValue('serviceId', service?.id) };
		const parameters = { ...create, bookingClient: { __rl: true, mode: 'list', value: sandbox.store.clients[0].id, cachedResultName: sandbox.store.clients[0].name }, fields: mapped(value, offered) };
		const result = await runNode(sandbox, parameters as INodeParameters, { settings: { timezone: ZONE } });
		const error = result.errorOf(NODE_NAME);
		expect(error).toBeDefined();
		expect(error!.message).not.toMatch(/query parameters|body you sent/);
		// Where the server's answer names the field, the error names it; where it names none, it points at the form.
		const named = new RegExp(`"${escaped(id('start'))}" in Fields Seen in Your Workspace`).test(error!.message);
		if (named) expect(String(error!.description)).toMatch(new RegExp(`"${escaped(id('start'))}"( \\([^\n]*\\))? is empty in Fields Seen in Your Workspace`));
		// (A 2xx answer declaring the failure leads with the server's own words, which name it.)
		else expect(error!.message).toMatch(/check the fields set in Fields Seen in Your Workspace|^The API refused POST \/bookings: .*start/);
		// Django's and Stripe's answers name the field.
		if (name === 'drfPage' || name === 'stripe') expect(named).toBe(true);
	});

	/** A confirmed booking still ahead: a started one cannot be cancelled or moved. */
	const aheadOf = () => sandbox.store.bookings.filter((candidate) => candidate.status === 'confirmed' && candidate.start > sandbox.store.nowIso()).sort((a, b) => b.start.localeCompare(a.start));

	it('Cancel with one choice: a new node (version 1.1) cancels the booking and sends nothing but the workspace\'s cancelled state', async () => {
		const booking = aheadOf()[0];
		const result = await runNode(sandbox, { resource: 'booking', operation: 'update', options, bookingId: { __rl: true, mode: 'id', value: booking.id } } as INodeParameters, { typeVersion: 1.1 });
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		expect(sandbox.store.bookings.find((candidate) => candidate.id === booking.id)?.status).toBe('cancelled');
		const patches = sandbox.requests.filter((request) => request.method === 'PATCH');
		expect(patches).toHaveLength(1);
		const state = id('status');
		const sent = leavesOf(patches[0].body);
		// The state only (JSON:API adds the resource object's type and id, as its standard asks).
		expect(sent).toEqual(jsonApiDocuments ? expect.arrayContaining([['data.attributes.status', 'cancelled']]) : [[state, 'cancelled']]);
		if (jsonApiDocuments) expect(patches[0].body).toEqual({ data: { type: 'bookings', id: booking.id, attributes: { status: 'cancelled' } } });
		// Reading for the state costs pages of bookings, never a write.
		expect(sandbox.requests.filter((request) => request.method !== 'GET' && request.method !== 'PATCH')).toEqual([]);
		expect(result.hintsOf(NODE_NAME).map((hint) => hint.message).join('\n')).toMatch(/Cancelled by setting .*status to "cancelled"/i);
	});

	it('Reschedule moves only the times: the form offers the booking\'s own times, and nothing else changes', async () => {
		const update = { resource: 'booking', operation: 'update', options, bookingAction: 'reschedule' } as INodeParameters;
		const context = methodContext({ node: node(NODE_NAME, NODE_TYPE, update, { credentials: { venueBookingApi: 'cred' }, typeVersion: 1.1 }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), path: 'parameters.times' });
		const times = (await bookingTimes.call(context)).fields as OfferedField[];
		expect(times.every((field) => field.type === 'dateTime')).toBe(true);
		expect(times.map((field) => field.id)).toContain(id('start'));
		// Write times and later-state times are not the booking's own.
		for (const canonical of ['createdAt', 'updatedAt', 'cancelledAt']) expect(times.map((field) => field.id)).not.toContain(id(canonical));
		const booking = aheadOf()[1];
		const before = { ...booking };
		const result = await runNode(sandbox, {
			...update, bookingId: { __rl: true, mode: 'id', value: booking.id }, times: mapped({ [id('start')]: TYPED }, times),
		} as INodeParameters, { typeVersion: 1.1, settings: { timezone: ZONE } });
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		const moved = sandbox.store.bookings.find((candidate) => candidate.id === booking.id);
		expect(moved).toMatchObject({ start: INSTANT, roomId: before.roomId, serviceId: before.serviceId, clientId: before.clientId, status: 'confirmed', note: before.note });
		const patch = sandbox.requests.find((request) => request.method === 'PATCH');
		const sent = leavesOf(patch?.body).map(([path]) => path);
		expect(sent.filter((path) => !['data.type', 'data.id'].includes(path))).toEqual([jsonApiDocuments ? 'data.attributes.start' : id('start')]);
	});

	it('a workflow saved before the Action (version 1, no Action parameter) runs its form as before: Change Fields', async () => {
		const update = { resource: 'booking', operation: 'update', options } as INodeParameters;
		const context = methodContext({ node: node(NODE_NAME, NODE_TYPE, update, { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), path: 'parameters.fields' });
		const changing = (await bookingFields.call(context)).fields as OfferedField[];
		const status = changing.find((field) => field.id === id('status'));
		// Its dropdown lists the states seen on one page; where that page held no cancelled booking, an expression gives it.
		const cancelled = status?.options?.some((option) => option.value === 'cancelled') ? 'cancelled' : "={{ 'cancelled' }}";
		// A booking still ahead: a started one cannot be cancelled.
		const booking = sandbox.store.bookings.filter((candidate) => candidate.status === 'confirmed').sort((a, b) => b.start.localeCompare(a.start))[0];
		// The parameters exactly as a workflow saved before version 1.1 holds them: no bookingAction.
		const saved = { ...update, bookingId: { __rl: true, mode: 'id', value: booking?.id }, fields: mapped({ [id('status')]: cancelled }, changing) } as INodeParameters;
		expect(Object.keys(saved)).not.toContain('bookingAction');
		const result = await runNode(sandbox, saved, { typeVersion: 1 });
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		expect(sandbox.store.bookings.find((candidate) => candidate.id === booking?.id)?.status).toBe('cancelled');
		const patch = sandbox.requests.find((request) => request.method === 'PATCH');
		expect(sentValue(patch?.body, status)).toBe('cancelled');
		// JSON:API changes a record with a resource object naming it: its type and its id.
		if (jsonApiDocuments) expect(patch?.body).toEqual({ data: { type: 'bookings', id: booking?.id, attributes: { status: 'cancelled' } } });
	});

	it('the saved form of Create and of Cancel or Reschedule holds no note, cancel reason or name of another booking', async () => {
		const update = { resource: 'booking', operation: 'update', options } as INodeParameters;
		const context = methodContext({ node: node(NODE_NAME, NODE_TYPE, update, { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), path: 'parameters.fields' });
		const changing = (await bookingFields.call(context)).fields as OfferedField[];
		const words = [
			...sandbox.store.bookings.flatMap((booking) => [booking.note, booking.cancelReason]),
			...sandbox.store.clients.flatMap((client) => [client.name, client.email]),
		].filter((text): text is string => typeof text === 'string' && text !== '');
		// The seed writes notes and cancel reasons, so there is something to leave out.
		expect(sandbox.store.bookings.some((booking) => booking.note) && sandbox.store.bookings.some((booking) => booking.cancelReason)).toBe(true);
		for (const [form, fields] of [['create', offered], ['update', changing]] as const) {
			const saved = JSON.stringify(fields);
			const found = [...new Set(words)].filter((text) => saved.includes(cutAt(text)));
			expect([form, found]).toEqual([form, []]);
		}
	});

	it('an offered field the API refuses is named in the error, with how to take it out of the form', async () => {
		const end = offered.find((field) => field.id === id('end'));
		expect(end?.removed).toBe(true);
		const room = sandbox.store.rooms[0];
		const service = sandbox.store.services.find((candidate) => candidate.roomIds.includes(room.id));
		const value = { [id('roomId')]: offeredValue('roomId', room.id), [id('serviceId')]: offeredValue('serviceId', service?.id), [id('start')]: '2027-06-10T11:00:00', [id('end')]: '2027-06-10T12:00:00' };
		const result = await runNode(sandbox, { ...create, fields: mapped(value, offered) } as INodeParameters, { settings: { timezone: ZONE } });
		const error = result.errorOf(NODE_NAME);
		// A 4xx, or (Slack) a refusal declared in a 200 body.
		expect(error?.message).toMatch(/\((400|422)\)|^The API refused POST \/bookings/);
		// The server's own words come first, then which offered field they are about and how to take it out of the form.
		expect(String(error?.description)).toMatch(/^(The answer came with a success status.*\n)?The server said: .*end/i);
		expect(String(error?.description)).toMatch(new RegExp(`\n"${escaped(id('end'))}" \\(\\([^)]+\\) ${short('end')} \\(date-time.*\\)\\) is a field of Fields Seen in Your Workspace: .*Remove it from the form`));
	});

	it('a service the chosen room does not offer: the server\'s reason first, and no advice to remove the room', async () => {
		const room = sandbox.store.rooms.find((candidate) => sandbox.store.services.some((service) => !service.roomIds.includes(candidate.id)));
		const service = sandbox.store.services.find((candidate) => room && !candidate.roomIds.includes(room.id));
		const value = { [id('roomId')]: offeredValue('roomId', room?.id), [id('serviceId')]: offeredValue('serviceId', service?.id), [id('start')]: '2027-06-10T11:00:00' };
		const client = { __rl: true, mode: 'id', value: sandbox.store.clients[0].id };
		const result = await runNode(sandbox, { ...create, bookingClient: client, fields: mapped(value, offered) } as INodeParameters, { settings: { timezone: ZONE } });
		const description = String(result.errorOf(NODE_NAME)?.description);
		// (A refusal declared in a 200 body says so in one line before.)
		expect(description).toMatch(/^(The answer came with a success status.*\n)?The server said: /);
		expect(description).not.toMatch(/Remove it from the form|does not take it/);
		expect(sandbox.store.bookings.some((booking) => booking.serviceId === service?.id && booking.roomId === room?.id && booking.start.startsWith('2027-06-10'))).toBe(false);
	});
});

/**
 * Issue 35: the form hides a field only on evidence, whatever the workspace's bookings happen to look like. Three
 * workspaces of the sandbox's own convention, reshaped in its store: prices that follow the length, bookings that
 * all last one hour, and a first page all cancelled.
 */
describe('the Create form on workspaces of other shapes', () => {
	let sandbox: Sandbox;
	const create = { resource: 'booking', operation: 'create', options: {} } as INodeParameters;
	const update = { resource: 'booking', operation: 'update', options: {} } as INodeParameters;
	const formFor = async (parameters: INodeParameters) =>
		(await bookingFields.call(methodContext({ node: node(NODE_NAME, NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), path: 'parameters.fields' }))).fields as OfferedField[];
	const shown = (fields: OfferedField[]) => fields.filter((field) => !field.removed).map((field) => field.id);
	const HOUR = 3_600_000;

	beforeEach(async () => {
		sandbox = await startSandboxWithKey({ seed: 7, today: FIXED_TODAY });
	});
	afterEach(async () => sandbox.close());

	it('prices that follow the length: the end stays in the form (the user never gives the price)', async () => {
		sandbox.store.bookings.forEach((booking, index) => {
			const hours = 1 + (index % 3);
			booking.end = new Date(Date.parse(booking.start) + hours * HOUR).toISOString();
			booking.priceCents = 2500 * hours;
		});
		const fields = await formFor(create);
		expect(shown(fields)).toContain('end');
		expect(fields.find((field) => field.id === 'end')?.displayName).not.toMatch(/follows from/);
	});

	it('bookings that all last one hour: the end stays in the form', async () => {
		for (const booking of sandbox.store.bookings) booking.end = new Date(Date.parse(booking.start) + HOUR).toISOString();
		expect(shown(await formFor(create))).toContain('end');
	});

	it('a first page all cancelled: the form is judged as with a mixed one, and cancelling is in the Cancel or Reschedule form', async () => {
		const mixedCreate = shown(await formFor(create));
		const mixedUpdate = shown(await formFor(update));
		const cancelledAt = sandbox.store.nowIso();
		for (const booking of sandbox.store.bookings.slice(0, 20)) Object.assign(booking, { status: 'cancelled', cancelledAt, cancelReason: 'Closed for the day' });
		sandbox.resetRequests();
		const uniformCreate = await formFor(create);
		expect(sandbox.requests.filter((request) => request.path.endsWith('/bookings')).length).toBeGreaterThan(1);
		expect(shown(uniformCreate)).toEqual(mixedCreate);
		const uniformUpdate = await formFor(update);
		expect(shown(uniformUpdate)).toEqual(mixedUpdate);
		expect(shown(uniformUpdate)).toContain('status');
		expect(uniformUpdate.find((field) => field.id === 'status')?.options?.map((option) => option.value).sort()).toEqual(['cancelled', 'confirmed']);
	});
});

/**
 * Issue 35: Cancel with one choice sends the cancelled state as the workspace spells it (learned from its own
 * bookings), and asks for it where the workspace never showed one.
 */
describe('Cancel learns the workspace\'s cancelled state', () => {
	let sandbox: Sandbox;
	afterEach(async () => sandbox.close());

	const cancel = (bookingId: string, more: IDataObject = {}, options: IDataObject = {}) =>
		runNode(sandbox, { resource: 'booking', operation: 'update', bookingAction: 'cancel', options, bookingId: { __rl: true, mode: 'id', value: bookingId }, ...more } as INodeParameters, { typeVersion: 1.1 });
	const ahead = () => sandbox.store.bookings.filter((booking) => booking.status === 'confirmed' && booking.start > sandbox.store.nowIso());

	it.each([
		['stripe', 'canceled'],
		['square', 'CANCELLED'],
		['jsonApi', 'Cancelled'],
		['laravel', 'cancelled'],
	] as Array<[ConventionName, string]>)('%s, where cancelled bookings say "%s": the booking is cancelled with that word', async (convention, word) => {
		sandbox = await startSandboxWithKey({ convention, seed: 7, today: FIXED_TODAY, cancelledState: word });
		const booking = ahead()[0];
		const pagination = PAGINATION[convention];
		const result = await cancel(booking.id, {}, pagination ? { pagination: { settings: pagination } } : {});
		expect(result.errorOf(NODE_NAME)).toBeUndefined();
		expect(sandbox.store.bookings.find((candidate) => candidate.id === booking.id)?.status).toBe('cancelled');
		const patch = sandbox.requests.find((request) => request.method === 'PATCH');
		expect(leavesOf(patch?.body).filter(([, value]) => value === word)).toHaveLength(1);
		// The output is the workspace's answer: the booking, in its own words.
		expect(itemsOf(result)).toHaveLength(1);
		expect(JSON.stringify(itemsOf(result)[0])).toContain(booking.id);
		expect(JSON.stringify(itemsOf(result)[0])).toContain(`"${word}"`);
	});

	it('where no booking was ever cancelled, asks for the field and the value, and cancels with what the user gives', async () => {
		sandbox = await startSandboxWithKey({ seed: 7, today: FIXED_TODAY });
		for (const booking of sandbox.store.bookings) Object.assign(booking, { status: 'confirmed', cancelledAt: null, cancelReason: null });
		const booking = ahead()[0];
		const asked = await cancel(booking.id);
		expect(asked.errorOf(NODE_NAME)?.message).toMatch(/^Cancelled State Value: no cancelled booking was seen in your workspace's bookings or webhook deliveries/);
		expect(String(asked.errorOf(NODE_NAME)?.description)).toMatch(/Fill Cancelled State Field and Cancelled State Value/);
		expect(sandbox.requests.filter((request) => request.method === 'PATCH')).toEqual([]);
		expect(booking.status).toBe('confirmed');

		const given = await cancel(booking.id, { cancelledStateField: 'status', cancelledStateValue: 'cancelled' });
		expect(given.errorOf(NODE_NAME)).toBeUndefined();
		expect(booking.status).toBe('cancelled');
		// Half an answer is an error naming the half left out, before any request.
		sandbox.resetRequests();
		const half = await cancel(ahead()[0].id, { cancelledStateValue: 'cancelled' });
		expect(half.errorOf(NODE_NAME)?.message).toMatch(/^Cancelled State Field: is empty while Cancelled State Value is given/);
		expect(sandbox.requests).toEqual([]);
	});
});

describe('the Create form where the rooms come keyed by their codes (issue 40)', () => {
	let sandbox: Sandbox;
	const create = { resource: 'booking', operation: 'create' } as INodeParameters;
	const editor = (path: string) =>
		methodContext({ node: node(NODE_NAME, NODE_TYPE, create, { credentials: { venueBookingApi: 'cred' } }), nodeTypes, credentialTypes, credentials: credentialsFor(sandbox), path });

	beforeAll(async () => {
		sandbox = await startSandboxWithKey({ seed: 7, today: FIXED_TODAY, dialect: { naming: 'camel' } });
		// GET /rooms answers an object keyed by each room's code, which the room holds under a name no table has.
		sandbox.setOptions({
			intercept: (req, res, { target, store }) => {
				if (req.method !== 'GET' || target.path !== '/api/partners/v1/rooms') return false;
				const rooms = Object.fromEntries(store.rooms.map((room) => [room.id, { title: room.name, roomCode: room.id, capacity: room.capacity }]));
				res.writeHead(200, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ rooms }));
				return true;
			},
		});
	});
	afterAll(async () => sandbox.close());

	it('offers the rooms by name, with their codes as the values, and Get Many gives one item per room', async () => {
		const { fields } = await bookingFields.call(editor('parameters.fields'));
		const room = (fields as OfferedField[]).find((field) => field.id === 'roomId');
		expect(room?.type).toBe('options');
		// The whole list, read as a list: no entry says that more rooms may follow.
		expect(room?.options).toEqual(sandbox.store.rooms.map((stored) => ({ name: stored.name, value: stored.id })));
		const listed = itemsOf(await runNode(sandbox, { resource: 'room', operation: 'getAll', returnAll: true }));
		expect(listed.map((item) => item.roomCode)).toEqual(sandbox.store.rooms.map((stored) => stored.id));
	});
});
