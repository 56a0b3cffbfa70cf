/** Creating, cancelling and rescheduling bookings: validation (400/422), conflicts (409), payments, journal. */
import { FIXED_TODAY, startSandbox, type Sandbox } from '../../sandbox';
import { computeFreeSlots } from '../../sandbox/slots';
import { DAY_MS, HOUR_MS } from '../../sandbox/time';
import { apiClient } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ today: FIXED_TODAY, dialect: { naming: 'camel' } });
});
afterAll(() => sandbox.close());

/** A free slot of the service from tomorrow on. */
function freeSlot(serviceId: string, roomId?: string): { roomId: string; serviceId: string; start: string } {
	const fromMs = sandbox.store.clock.now() + DAY_MS;
	const [slot] = computeFreeSlots(sandbox.store, { fromMs, toMs: fromMs + 14 * DAY_MS, serviceId, roomId });
	return { roomId: slot.roomId, serviceId: slot.serviceId, start: slot.start };
}

const firstClientId = (): string => sandbox.store.clients[0].id;

async function book(serviceId: string, roomId?: string): Promise<Record<string, unknown>> {
	const response = await apiClient(sandbox).post('/bookings', { ...freeSlot(serviceId, roomId), clientId: firstClientId() });
	expect(response.status).toBe(201);
	return response.data;
}

describe('POST /bookings', () => {
	it('creates a booking, charges a prepaid service and writes a journal entry', async () => {
		const payments = sandbox.store.payments.length;
		const deliveries = sandbox.store.deliveries.length;
		const slot = freeSlot('svc_photo_3h');
		const response = await apiClient(sandbox).post('/bookings', { ...slot, clientId: firstClientId(), note: 'Bring a white backdrop' });
		expect(response.status).toBe(201);
		expect(response.data).toMatchObject({ ...slot, status: 'confirmed', paymentStatus: 'paid', priceCents: 12000, note: 'Bring a white backdrop' });
		expect(Date.parse(response.data.end) - Date.parse(slot.start)).toBe(3 * HOUR_MS);
		expect(response.headers.location).toBe(`/api/partners/v1/bookings/${encodeURIComponent(response.data.id)}`);
		expect(sandbox.store.payments).toHaveLength(payments + 1);
		expect(sandbox.store.payments.at(-1)).toMatchObject({ bookingId: response.data.id, kind: 'charge', amountCents: 12000 });
		expect(sandbox.store.deliveries).toHaveLength(deliveries + 1);
		expect(sandbox.store.deliveries.at(-1)).toMatchObject({ event: 'booking.created', bookingId: response.data.id });
		const fetched = await apiClient(sandbox).get(`/bookings/${encodeURIComponent(response.data.id)}`);
		expect(fetched.data).toEqual(response.data);
	});

	it('records no payment for a pay-on-site service', async () => {
		const payments = sandbox.store.payments.length;
		const booking = await book('svc_rehearsal_2h');
		expect(booking.paymentStatus).toBe('unpaid');
		expect(sandbox.store.payments).toHaveLength(payments);
	});

	it('creates a new client given inline', async () => {
		const clients = sandbox.store.clients.length;
		const response = await apiClient(sandbox).post('/bookings', { ...freeSlot('svc_photo_1h'), client: { name: 'Mia Lund', email: 'mia@example.com' } });
		expect(response.status).toBe(201);
		expect(sandbox.store.clients).toHaveLength(clients + 1);
		expect(sandbox.store.findClient(response.data.clientId)).toMatchObject({ name: 'Mia Lund', email: 'mia@example.com' });
	});

	it('rejects a taken slot with 409 and changes nothing', async () => {
		const slot = freeSlot('svc_photo_1h', 'room_studio_a');
		const first = await apiClient(sandbox).post('/bookings', { ...slot, clientId: firstClientId() });
		expect(first.status).toBe(201);
		const counts = [sandbox.store.bookings.length, sandbox.store.payments.length, sandbox.store.deliveries.length];
		// Same room and time, written with an offset: the same instant, so it overlaps only the first booking.
		const sameInstant = new Date(Date.parse(slot.start)).toISOString().replace('Z', '+00:00');
		const second = await apiClient(sandbox).post('/bookings', { ...slot, start: sameInstant, clientId: sandbox.store.clients[5].id });
		expect(second.status).toBe(409);
		expect(second.data.error).toMatchObject({ code: 'slot_taken' });
		expect(second.data.error.message).toContain(first.data.id);
		expect([sandbox.store.bookings.length, sandbox.store.payments.length, sandbox.store.deliveries.length]).toEqual(counts);
	});

	it.each([
		['no body', undefined, /body is required/],
		['an array body', [], /must be a JSON object/],
		['missing fields', { roomId: 'room_loft' }, /Missing required field\(s\): serviceId, start/],
		['a number as room id', { roomId: 5, serviceId: 'svc_loft_event', start: '2027-03-02T10:00:00Z', clientId: 'x' }, /must be a string/],
		['an unknown field', { roomId: 'room_loft', serviceId: 'svc_loft_event', start: '2027-03-02T10:00:00Z', clientId: 'x', colour: 'red' }, /unknown field\(s\) colour/],
		['a snake_case name in the camel dialect', { room_id: 'room_loft', serviceId: 'svc_loft_event', start: '2027-03-02T10:00:00Z', clientId: 'x' }, /unknown field\(s\) room_id/],
		['neither client id nor client', { roomId: 'room_loft', serviceId: 'svc_loft_event', start: '2027-03-02T10:00:00Z' }, /exactly one of/],
		['both client id and client', { roomId: 'room_loft', serviceId: 'svc_loft_event', start: '2027-03-02T10:00:00Z', clientId: 'x', client: { name: 'a', email: 'a@b' } }, /exactly one of/],
		['a date without time', { roomId: 'room_loft', serviceId: 'svc_loft_event', start: '2027-03-02', clientId: 'x' }, /ISO 8601 date-time/],
		['a client without email', { roomId: 'room_loft', serviceId: 'svc_loft_event', start: '2027-03-02T10:00:00Z', client: { name: 'a' } }, /Missing required field\(s\): email/],
	])('answers 400 for %s', async (_label, body, message) => {
		const bookings = sandbox.store.bookings.length;
		const response = await apiClient(sandbox).post('/bookings', body);
		expect(response.status).toBe(400);
		expect(response.data.error.message).toMatch(message);
		expect(sandbox.store.bookings).toHaveLength(bookings);
	});

	it.each([
		['an unknown room', { roomId: 'room_nope', serviceId: 'svc_loft_event', start: '2027-03-02T10:00:00Z' }, /No room/],
		['an unknown service', { roomId: 'room_loft', serviceId: 'svc_nope', start: '2027-03-02T10:00:00Z' }, /No service/],
		['a service the room does not offer', { roomId: 'room_loft', serviceId: 'svc_photo_1h', start: '2027-03-02T10:00:00Z' }, /cannot be booked in/],
		['a start in the past', { roomId: 'room_loft', serviceId: 'svc_loft_event', start: '2027-02-01T10:00:00Z' }, /in the past/],
		['a Sunday (closed)', { roomId: 'room_loft', serviceId: 'svc_loft_event', start: '2027-03-07T10:00:00Z' }, /outside the venue's opening hours/],
		['an end after closing', { roomId: 'room_loft', serviceId: 'svc_loft_event', start: '2027-03-02T19:00:00Z' }, /outside the venue's opening hours/],
	])('answers 422 for %s', async (_label, body, message) => {
		const response = await apiClient(sandbox).post('/bookings', { ...body, clientId: firstClientId() });
		expect(response.status).toBe(422);
		expect(response.data.error.message).toMatch(message);
	});

	it('answers 422 for an unknown client id', async () => {
		const response = await apiClient(sandbox).post('/bookings', { ...freeSlot('svc_photo_1h'), clientId: 'cli_missing' });
		expect(response.status).toBe(422);
		expect(response.data.error.details).toEqual([{ field: 'clientId', message: 'unknown client' }]);
	});
});

describe('PATCH /bookings/{id}', () => {
	const patch = (id: unknown, body: unknown) => apiClient(sandbox).patch(`/bookings/${encodeURIComponent(String(id))}`, body);

	it('cancels, refunds a prepaid booking and writes a journal entry', async () => {
		const booking = await book('svc_loft_event');
		const deliveries = sandbox.store.deliveries.length;
		const response = await patch(booking.id, { status: 'cancelled', cancelReason: 'Client request' });
		expect(response.status).toBe(200);
		expect(response.data).toMatchObject({ status: 'cancelled', cancelReason: 'Client request', paymentStatus: 'refunded' });
		expect(response.data.cancelledAt).toEqual(expect.any(String));
		expect(sandbox.store.payments.at(-1)).toMatchObject({ bookingId: booking.id, kind: 'refund', amountCents: -60000 });
		expect(sandbox.store.deliveries).toHaveLength(deliveries + 1);
		expect(sandbox.store.deliveries.at(-1)).toMatchObject({ event: 'booking.cancelled', bookingId: booking.id });
	});

	it('refuses to cancel twice (409) and to reschedule a cancelled booking (422)', async () => {
		const booking = await book('svc_photo_1h');
		expect((await patch(booking.id, { status: 'cancelled' })).status).toBe(200);
		const again = await patch(booking.id, { status: 'cancelled' });
		expect(again.status).toBe(409);
		expect(again.data.error.code).toBe('already_cancelled');
		const moved = await patch(booking.id, { start: freeSlot('svc_photo_1h').start });
		expect(moved.status).toBe(422);
		expect(moved.data.error.code).toBe('booking_cancelled');
	});

	it('frees the slot of a cancelled booking', async () => {
		const booking = await book('svc_photo_1h', 'room_studio_b');
		await patch(booking.id, { status: 'cancelled' });
		const rebook = await apiClient(sandbox).post('/bookings', { roomId: booking.roomId, serviceId: booking.serviceId, start: booking.start, clientId: firstClientId() });
		expect(rebook.status).toBe(201);
	});

	it('refuses to cancel or move a booking that already started (422)', async () => {
		const past = sandbox.store.bookings.find((b) => b.status === 'confirmed' && Date.parse(b.start) < sandbox.store.clock.now())!;
		expect((await patch(past.id, { status: 'cancelled' })).status).toBe(422);
		expect((await patch(past.id, { start: freeSlot(past.serviceId).start })).status).toBe(422);
		expect(sandbox.store.findBooking(past.id)!.status).toBe('confirmed');
	});

	it('reschedules to a free time and writes a journal entry', async () => {
		const booking = await book('svc_rehearsal_2h', 'room_rehearsal_1');
		const target = freeSlot('svc_rehearsal_2h', 'room_rehearsal_2');
		const response = await patch(booking.id, { start: target.start, roomId: 'room_rehearsal_2' });
		expect(response.status).toBe(200);
		expect(response.data).toMatchObject({ id: booking.id, roomId: 'room_rehearsal_2', start: target.start, status: 'confirmed' });
		expect(Date.parse(response.data.end) - Date.parse(target.start)).toBe(2 * HOUR_MS);
		expect(sandbox.store.deliveries.at(-1)).toMatchObject({ event: 'booking.rescheduled', bookingId: booking.id });
	});

	it('refuses a reschedule onto another booking (409), outside hours or into a wrong room (422)', async () => {
		const first = await book('svc_photo_1h', 'room_studio_a');
		const second = await book('svc_photo_1h', 'room_studio_a');
		const before = JSON.stringify(sandbox.store.findBooking(String(second.id)));
		const onto = await patch(second.id, { start: first.start });
		expect(onto.status).toBe(409);
		expect(onto.data.error.code).toBe('slot_taken');
		const sunday = await patch(second.id, { start: '2027-03-14T11:00:00Z' });
		expect(sunday.status).toBe(422);
		const wrongRoom = await patch(second.id, { roomId: 'room_loft' });
		expect(wrongRoom.status).toBe(422);
		expect(JSON.stringify(sandbox.store.findBooking(String(second.id)))).toBe(before);
	});

	it.each([
		['an empty object', {}, 400],
		['cancel and reschedule together', { status: 'cancelled', start: '2027-03-02T10:00:00Z' }, 400],
		['a status other than cancelled', { status: 'confirmed' }, 422],
		['an unknown field', { colour: 'red' }, 400],
		['a malformed start', { start: 'tomorrow' }, 400],
	])('answers the right status for %s', async (_label, body, status) => {
		const booking = await book('svc_photo_1h');
		const response = await patch(booking.id, body);
		expect(response.status).toBe(status);
		expect(response.data.error.message).toEqual(expect.any(String));
	});

	it('answers 404 JSON for an unknown id', async () => {
		const response = await patch('bkg_missing', { status: 'cancelled' });
		expect(response.status).toBe(404);
		expect(response.data.error).toMatchObject({ code: 'not_found', message: 'No booking with id "bkg_missing".' });
	});
});

describe('writes answered as per-item results (writeResults: perItem)', () => {
	afterEach(() => sandbox.setOptions({ writeResults: 'record' }));

	it('answers a write with its record inside a success result, and a refused one with a refused result and a success status', async () => {
		sandbox.setOptions({ writeResults: 'perItem' });
		const slot = freeSlot(sandbox.store.services[0].id);
		const created = await apiClient(sandbox).post('/bookings', { ...slot, clientId: firstClientId() });
		expect(created.status).toBe(201);
		expect(created.data).toEqual([{ success: true, created: expect.objectContaining({ roomId: slot.roomId, start: slot.start }) }]);
		const id = (created.data as Array<{ created: { id: string } }>)[0].created.id;

		const taken = await apiClient(sandbox).post('/bookings', { ...slot, clientId: firstClientId() });
		expect(taken.status).toBe(201);
		expect(taken.data).toEqual([{ success: false, errors: [{ message: expect.stringMatching(/taken|booked|available/i) }] }]);

		const unknown = await apiClient(sandbox).patch(`/bookings/${id}`, { roomId: 'room_nope' });
		expect(unknown.status).toBe(200);
		expect(unknown.data).toEqual([{ success: false, errors: [{ field: 'roomId', message: expect.stringContaining('room_nope') }] }]);

		const cancelled = await apiClient(sandbox).patch(`/bookings/${id}`, { status: 'cancelled' });
		expect(cancelled.data).toEqual([{ success: true, changed: expect.objectContaining({ id, status: 'cancelled' }) }]);
		expect((await apiClient(sandbox).post('/webhooks/test')).data).toEqual([{ success: true, sent: expect.objectContaining({ event: 'webhook.test' }) }]);
		// Reads and other refusals are as ever.
		expect(Array.isArray((await apiClient(sandbox).get(`/bookings/${id}`)).data)).toBe(false);
		expect((await apiClient(sandbox).patch('/bookings/bk_nope', { status: 'cancelled' })).status).toBe(404);
	});
});
