import type { INodeProperties, NodeApiError } from 'n8n-workflow';
import { OPERATIONS } from '../../../nodes/VenueBooking/actions/operations';
import { bookingWriteOperation, writeOperation } from '../../../nodes/VenueBooking/actions/write';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { API, ok, runOperation } from './runOperation';
import { forgetEditorSessions } from '../../../nodes/VenueBooking/editorSession';

// The editor remembers a workspace's lists between calls; every case here starts with one that remembers nothing.
beforeEach(() => forgetEditorSessions());

const reschedule = writeOperation(findEndpoint('booking', 'update'));
const sendTest = writeOperation(findEndpoint('webhook', 'sendTest'));

describe('writeOperation', () => {
	it('describes an id only for a {id} row, and Send Body only where the body is optional', () => {
		const names = (operation: typeof reschedule) => operation.description.map((p) => p.name);
		expect(names(reschedule)).toContain('bookingId');
		expect(names(reschedule)).not.toContain('sendBody');
		expect(names(sendTest)).not.toContain('bookingId');
		expect(names(sendTest)).toContain('sendBody');
	});

	it('PATCHes the encoded id with the JSON body and gives the answer as one item', async () => {
		const { results, requests } = await runOperation(reschedule, {
			parameters: { bookingId: 'bk/7', specifyBody: 'json', jsonBody: '{"status":"cancelled"}' },
			answers: [ok({ id: 'bk/7', status: 'cancelled' })],
		});
		expect(requests[0]).toMatchObject({ method: 'PATCH', url: `${API}/bookings/bk%2F7`, body: '{"status":"cancelled"}' });
		expect(results).toEqual([{ id: 'bk/7', status: 'cancelled' }]);
	});

	it('sends no body when an optional body is off, and an empty answer becomes { success: true }', async () => {
		const { results, requests } = await runOperation(sendTest, { parameters: {}, answers: [{ statusCode: 204, body: '' }] });
		expect(requests[0]).toMatchObject({ method: 'POST', url: `${API}/webhooks/test` });
		expect(requests[0].body).toBeUndefined();
		expect(results).toEqual([{ success: true }]);
	});

	it('reads every input before the request: a bad body sends nothing', async () => {
		const run = runOperation(reschedule, { parameters: { bookingId: 'b', specifyBody: 'json', jsonBody: '{' }, answers: [] });
		await expect(run).rejects.toThrow(/^Body \(JSON\): is not valid JSON/);
	});
});

const bookingReschedule = bookingWriteOperation(findEndpoint('booking', 'update'));
const create = bookingWriteOperation(findEndpoint('booking', 'create'));

const names = (properties: INodeProperties[]) => properties.map((property) => property.name);
const optionNames = (properties: INodeProperties[]) =>
	names((properties.find((property) => property.name === 'options')?.options ?? []) as INodeProperties[]);
const mapped = (value: Record<string, unknown>) => ({ mappingMode: 'defineBelow', value });

describe('a booking write with the fields seen in the workspace', () => {
	it('sends a body of one\'s own only with Send Body on from version 1.2; versions 1 and 1.1 as before (issue 42)', async () => {
		const parameters = { fields: mapped({ note: 'x' }), specifyBody: 'json', jsonBody: '{"extra":1}' };
		const earlier = await runOperation(create, { parameters, answers: [ok({ id: 'b1' })] });
		expect(JSON.parse(String(earlier.requests[0].body))).toEqual({ note: 'x', extra: 1 });
		const off = await runOperation(create, { parameters, answers: [ok({ id: 'b1' })], typeVersion: 1.2 });
		expect(JSON.parse(String(off.requests[0].body))).toEqual({ note: 'x' });
		const on = await runOperation(create, { parameters: { ...parameters, sendBody: true }, answers: [ok({ id: 'b1' })], typeVersion: 1.2 });
		expect(JSON.parse(String(on.requests[0].body))).toEqual({ note: 'x', extra: 1 });
	});

	it('describes the id picker for a {id} row, the Client picker for Create, each with its Identity Field, the seen fields and the required body for both', () => {
		expect(names(bookingReschedule.description)).toEqual(expect.arrayContaining(['bookingId', 'seenFieldsNotice', 'fields', 'jsonBody', 'sendQuery', 'options']));
		// Issue 42: Send Body (off) before the body of one's own from version 1.2 only; 1 and 1.1 show the body always.
		const sendBody = bookingReschedule.description.filter((property) => property.name === 'sendBody');
		expect(sendBody.map((property) => property.displayOptions?.show?.['@version'])).toEqual([[{ _cnd: { gte: 1.2 } }]]);
		expect(bookingReschedule.description.filter((property) => property.name === 'bodyParameters').map((property) => property.displayOptions?.show?.['@version'])).toEqual([[1, 1.1], [{ _cnd: { gte: 1.2 } }]]);
		expect(names(bookingReschedule.description)).not.toContain('bookingClient');
		expect(optionNames(bookingReschedule.description)).toContain('identityPath');
		expect(names(create.description)).not.toContain('bookingId');
		expect(names(create.description)).toEqual(expect.arrayContaining(['bookingClient', 'fields', 'jsonBody']));
		const identity = (create.description.find((property) => property.name === 'options')?.options as INodeProperties[]).find((option) => option.name === 'identityPath');
		expect(identity?.description).toContain('identifies a client');
	});

	it('shows every parameter for its own operation only', () => {
		for (const property of bookingReschedule.description) expect(property.displayOptions?.show).toMatchObject({ resource: ['booking'], operation: ['update'] });
		for (const property of create.description) expect(property.displayOptions?.show).toMatchObject({ resource: ['booking'], operation: ['create'] });
	});

	it('sends the filled fields and the free-form body as one JSON object, with the query, to the encoded id', async () => {
		const { results, requests } = await runOperation(bookingReschedule, {
			parameters: {
				bookingId: { __rl: true, mode: 'list', value: 'bk 7/x' },
				fields: mapped({ status: 'cancelled', room_id: '', note: null }),
				specifyBody: 'json',
				jsonBody: '{"reason":"ill"}',
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'notify', value: 'false' }] },
			},
			answers: [ok({ id: 'bk 7/x', status: 'cancelled' })],
		});
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'PATCH', url: `${API}/bookings/bk%207%2Fx`, qs: { notify: 'false' } });
		expect(JSON.parse(String(requests[0].body))).toEqual({ status: 'cancelled', reason: 'ill' });
		expect(results).toEqual([{ id: 'bk 7/x', status: 'cancelled' }]);
	});

	it('POSTs the fields alone when the body is left empty, and wraps a non-object answer', async () => {
		const { results, requests } = await runOperation(create, {
			parameters: { fields: mapped({ client_id: 'c1', starts_at: '2026-12-01T10:00:00Z' }), specifyBody: 'json', jsonBody: '' },
			answers: [ok([{ id: 'new' }])],
		});
		expect(requests[0]).toMatchObject({ method: 'POST', url: `${API}/bookings` });
		expect(JSON.parse(String(requests[0].body))).toEqual({ client_id: 'c1', starts_at: '2026-12-01T10:00:00Z' });
		// An array of records is read item by item (issue 40); an array of anything else stays wrapped.
		expect(results).toEqual([{ id: 'new' }]);
		const texts = await runOperation(create, { parameters: { fields: mapped({ a: 1 }), specifyBody: 'json', jsonBody: '' }, answers: [ok(['made'])] });
		expect(texts.results).toEqual([{ value: ['made'] }]);
	});

	it('takes its timeout from the item\'s Options', async () => {
		const { requests } = await runOperation(create, {
			parameters: { fields: mapped({ a: 1 }), specifyBody: 'json', jsonBody: '{}', options: { timeout: 1234 } },
			answers: [ok({})],
		});
		expect(requests[0].timeout).toBe(1234);
	});

	it('fails a field given twice before any request, naming the parameter, the field and the item', async () => {
		const run = runOperation(
			bookingReschedule,
			{ parameters: { bookingId: 'b1', fields: mapped({ status: 'cancelled' }), specifyBody: 'json', jsonBody: '{"status":"moved"}' }, answers: [], items: 3 },
			2,
		);
		await expect(run).rejects.toThrow('Fields Seen in Your Workspace: "status" is also given in the body (item 2)');
	});

	it('fails a bad id before any request, even with valid fields', async () => {
		const run = runOperation(bookingReschedule, { parameters: { bookingId: '..', fields: mapped({ status: 'x' }), specifyBody: 'json', jsonBody: '{}' }, answers: [] });
		await expect(run).rejects.toThrow('Booking ID: ".." is not a valid identifier (item 0)');
	});
});

/** The operations as the node registers them in its table, not rebuilt here. */
function registered(key: string) {
	const operation = OPERATIONS.get(key);
	if (!operation) throw new Error(`The node registers no operation ${key}`);
	return operation;
}
const registeredCreate = registered('booking:create');
const update = registered('booking:update');

describe('Booking → Create', () => {
	it('is shown for booking / create only, with the seen fields and no id to pick', () => {
		const names = registeredCreate.description.map((property) => property.name);
		expect(names).toEqual(expect.arrayContaining(['fields', 'jsonBody', 'options']));
		expect(names).not.toContain('bookingId');
		for (const property of registeredCreate.description) expect(property.displayOptions?.show).toMatchObject({ resource: ['booking'], operation: ['create'] });
	});

	it('POSTs to /bookings with the filled fields', async () => {
		const { results, requests } = await runOperation(registeredCreate, {
			parameters: { fields: { mappingMode: 'defineBelow', value: { client_id: 'c1' } }, specifyBody: 'json', jsonBody: '{"note":"hi"}' },
			answers: [ok({ id: 'new' })],
		});
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'POST', url: `${API}/bookings` });
		expect(JSON.parse(String(requests[0].body))).toEqual({ client_id: 'c1', note: 'hi' });
		expect(results).toEqual([{ id: 'new' }]);
	});
});

describe('Booking → Cancel or Reschedule', () => {
	it('is shown for booking / update only, with the booking picked from a list or given by id', () => {
		const picker = update.description.find((property) => property.name === 'bookingId');
		expect(picker).toMatchObject({ type: 'resourceLocator', required: true });
		expect(picker?.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchBookings'],
			['id', undefined],
		]);
		for (const property of update.description) expect(property.displayOptions?.show).toMatchObject({ resource: ['booking'], operation: ['update'] });
	});

	it('PATCHes the picked booking with the filled fields', async () => {
		const { results, requests } = await runOperation(update, {
			parameters: { bookingId: { __rl: true, mode: 'id', value: ' b/9 ' }, fields: { mappingMode: 'defineBelow', value: { status: 'cancelled' } }, specifyBody: 'json', jsonBody: '' },
			answers: [ok({ id: 'b/9', status: 'cancelled' })],
		});
		expect(requests[0]).toMatchObject({ method: 'PATCH', url: `${API}/bookings/b%2F9` });
		expect(JSON.parse(String(requests[0].body))).toEqual({ status: 'cancelled' });
		expect(results).toEqual([{ id: 'b/9', status: 'cancelled' }]);
	});

	it('refuses an empty pick before any request, naming the parameter and the item', async () => {
		const run = runOperation(update, { parameters: { bookingId: { __rl: true, mode: 'list', value: '' }, specifyBody: 'json', jsonBody: '{}' }, answers: [] });
		await expect(run).rejects.toThrow('Booking ID: is empty (item 0)');
	});
});

describe('writes answered with per-item results (issue 40)', () => {
	const booking = { id: 'bk_9', roomId: 'room_3', start: '2026-12-01T10:00:00Z', room: { id: 'room_3', name: 'Loft' } };
	const createParameters = { fields: mapped({ roomId: 'room_3', start: '2026-12-01T10:00:00Z' }), specifyBody: 'json', jsonBody: '' };

	it('gives the record inside a success result as the item, whatever the member\'s key', async () => {
		for (const answer of [[{ success: true, created: booking }], [{ ok: true, bookingId: 'bk_9', result: booking }], { data: booking, success: true }]) {
			const { results } = await runOperation(create, { parameters: createParameters, answers: [{ statusCode: 201, body: answer }] });
			// A single object stays as it came (its envelope included), as before.
			expect(results).toEqual(Array.isArray(answer) ? [booking] : [answer]);
		}
		const { results } = await runOperation(create, { parameters: createParameters, answers: [ok([{ success: true, created: booking }, { success: true, created: { ...booking, id: 'bk_10' } }])] });
		expect(results.map((result) => result.id)).toEqual(['bk_9', 'bk_10']);
	});

	it('keeps a booking with objects inside as the one record it is', async () => {
		const { results } = await runOperation(create, { parameters: createParameters, answers: [ok([booking])] });
		expect(results).toEqual([booking]);
	});

	it('fails a refused result inside a 201 with the server\'s words and the field it named; nothing is reported as made', async () => {
		const refused = [{ success: false, errors: [{ field: 'roomId', message: 'Room 3 is not available at that time' }] }];
		const run = runOperation(create, { parameters: createParameters, answers: [{ statusCode: 201, body: refused }] });
		await expect(run).rejects.toThrow('The API refused POST /bookings: roomId: Room 3 is not available at that time');
		const error = await run.then(() => { throw new Error('no refusal'); }, (caught: NodeApiError) => caught);
		expect(error.context.namedFields).toEqual(['roomId']);
		expect(error.description).toMatch(/holds a result that says the write failed/);
		// The form's field is named after the server's words.
		expect(error.description).toMatch(/roomId/);
	});

	it('fails a refusal one wrapper down, in key spellings no table has', async () => {
		const answer = { results: [{ isSuccess: false, validationErrors: [{ fieldName: 'roomId', reason: 'Room 3 is taken' }] }] };
		const run = runOperation(create, { parameters: createParameters, answers: [ok(answer)] });
		await expect(run).rejects.toThrow('The API refused POST /bookings: roomId: Room 3 is taken');
		expect((await run.then(() => { throw new Error('no refusal'); }, (caught: NodeApiError) => caught)).context.namedFields).toEqual(['roomId']);
	});

	it('fails a cancel whose result says failed, and gives a changed booking as the item', async () => {
		const parameters = { bookingId: 'bk_9', specifyBody: 'json', jsonBody: '{"status":"cancelled"}' };
		const { results } = await runOperation(reschedule, { parameters, answers: [ok([{ success: true, changed: { ...booking, status: 'cancelled' } }])] });
		expect(results).toEqual([{ ...booking, status: 'cancelled' }]);
		const run = runOperation(reschedule, { parameters, answers: [ok([{ status: 'FAILED', error: 'Booking bk_9 has already started' }])] });
		await expect(run).rejects.toThrow('The API refused PATCH /bookings/{id}: Booking bk_9 has already started');
	});

	it('says how many of several results were refused', async () => {
		const answer = [{ success: true, created: booking }, { success: false, error: 'Room 3 is not available' }];
		const run = runOperation(sendTest, { parameters: {}, answers: [ok(answer)] });
		await expect(run).rejects.toThrow('The API refused POST /webhooks/test: Room 3 is not available');
		expect((await run.then(() => { throw new Error('no refusal'); }, (caught: NodeApiError) => caught)).description).toMatch(/1 of 2 results refused; the first is result 2/);
	});
});
