/** Every endpoint answers, its filters work, and ids are decoded safely. */
import { FIXED_TODAY, startSandbox, UNUSUAL_CLIENT_IDS, type Sandbox } from '../../sandbox';
import { apiClient, itemsOf, rawRequest } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ today: FIXED_TODAY, pagination: 'none', dialect: { naming: 'camel' } });
});
afterAll(() => sandbox.close());

const list = async (path: string, params: Record<string, string> = {}) => {
	const response = await apiClient(sandbox).get(path, { params });
	expect(response.status).toBe(200);
	return itemsOf(response);
};
const ids = (items: Array<Record<string, unknown>>) => items.map((item) => item.id);

describe('list endpoints and their filters', () => {
	it('GET /rooms lists rooms and equipment, filtered by kind', async () => {
		expect(ids(await list('/rooms'))).toEqual(sandbox.store.rooms.map((r) => r.id));
		const equipment = await list('/rooms', { kind: 'equipment' });
		expect(equipment.length).toBe(3);
		expect(equipment.every((r) => r.kind === 'equipment')).toBe(true);
		expect((await apiClient(sandbox).get('/rooms', { params: { kind: 'castle' } })).status).toBe(400);
	});

	it('GET /services lists services with durations and prices, filtered by room', async () => {
		const services = await list('/services');
		expect(services).toHaveLength(7);
		expect(services[0]).toMatchObject({ durationMinutes: expect.any(Number), priceCents: expect.any(Number), currency: 'EUR' });
		expect(ids(await list('/services', { roomId: 'room_loft' }))).toEqual(['svc_loft_event']);
	});

	it('GET /bookings filters by status, room, service, client and start range', async () => {
		const store = sandbox.store;
		expect(ids(await list('/bookings'))).toEqual(store.bookings.map((b) => b.id));
		expect(ids(await list('/bookings', { status: 'cancelled' }))).toEqual(store.bookings.filter((b) => b.status === 'cancelled').map((b) => b.id));
		expect(ids(await list('/bookings', { roomId: 'room_loft' }))).toEqual(store.bookings.filter((b) => b.roomId === 'room_loft').map((b) => b.id));
		expect(ids(await list('/bookings', { serviceId: 'svc_pa_4h' }))).toEqual(store.bookings.filter((b) => b.serviceId === 'svc_pa_4h').map((b) => b.id));
		const clientId = store.bookings[0].clientId;
		expect(ids(await list('/bookings', { clientId }))).toEqual(store.bookings.filter((b) => b.clientId === clientId).map((b) => b.id));
		const inMarch = await list('/bookings', { from: '2027-03-01', to: '2027-03-05' });
		expect(inMarch.every((b) => String(b.start) >= '2027-03-01' && String(b.start) < '2027-03-06')).toBe(true);
		expect(inMarch.length).toBeGreaterThan(0);
	});

	it('GET /clients searches names and emails', async () => {
		expect(await list('/clients')).toHaveLength(40);
		const found = await list('/clients', { search: 'zoë' });
		expect(ids(found)).toEqual(['cli_zoë']);
	});

	it('GET /clients takes its text search under a convention only with nameFilter, named in the convention\'s naming', async () => {
		const plain = await startSandbox({ convention: 'mindbody', keys: { k: ['clients.read'] } });
		const searching = await startSandbox({ convention: 'mindbody', nameFilter: true, keys: { k: ['clients.read'] } });
		try {
			const names = async (running: Sandbox) => JSON.stringify((await apiClient(running, 'k').get('/clients', { params: { Search: 'zoë' } })).data);
			// Mindbody speaks PascalCase: `Search`. Without the option the list comes whole; with it, Zoë's alone.
			const [whole, found] = [await names(plain), await names(searching)];
			expect(found).toContain('Zoë Brandt');
			expect(found.match(/"Email"/g)).toHaveLength(1);
			expect(whole.match(/"Email"/g)!.length).toBeGreaterThan(1);
		} finally {
			await plain.close();
			await searching.close();
		}
	});

	it('GET /payments filters by booking, client, kind and time', async () => {
		const store = sandbox.store;
		expect(ids(await list('/payments'))).toEqual(store.payments.map((p) => p.id));
		expect(ids(await list('/payments', { kind: 'refund' }))).toEqual(store.payments.filter((p) => p.kind === 'refund').map((p) => p.id));
		const bookingId = store.payments[0].bookingId;
		expect(ids(await list('/payments', { bookingId }))).toEqual(store.payments.filter((p) => p.bookingId === bookingId).map((p) => p.id));
		const clientId = store.payments[0].clientId;
		expect(ids(await list('/payments', { clientId }))).toEqual(store.payments.filter((p) => p.clientId === clientId).map((p) => p.id));
		const recent = await list('/payments', { from: '2027-02-20' });
		expect(recent.every((p) => String(p.createdAt) >= '2027-02-20')).toBe(true);
	});

	it('GET /webhooks/deliveries filters by event, status and booking', async () => {
		const cancelled = await list('/webhooks/deliveries', { event: 'booking.cancelled' });
		expect(cancelled.length).toBeGreaterThan(0);
		expect(cancelled.every((d) => d.event === 'booking.cancelled')).toBe(true);
		const bookingId = String(cancelled[0].bookingId);
		expect((await list('/webhooks/deliveries', { bookingId })).every((d) => d.bookingId === bookingId)).toBe(true);
		expect((await list('/webhooks/deliveries', { status: 'delivered' })).every((d) => d.status === 'delivered')).toBe(true);
	});

	it('POST /webhooks/test writes a test entry into the journal', async () => {
		const before = sandbox.store.deliveries.length;
		const response = await apiClient(sandbox).post('/webhooks/test');
		expect(response.status).toBe(202);
		expect(response.data).toMatchObject({ event: 'webhook.test', bookingId: null, status: 'delivered' });
		expect(sandbox.store.deliveries).toHaveLength(before + 1);
		const withUrl = await apiClient(sandbox).post('/webhooks/test', { url: 'https://hooks.example/x' });
		expect(withUrl.data.url).toBe('https://hooks.example/x');
		expect((await apiClient(sandbox).post('/webhooks/test', { url: 'ftp://x' })).status).toBe(422);
		const [latest] = await list('/webhooks/deliveries');
		expect(latest.id).toBe(withUrl.data.id);
	});
});

describe('ids in paths', () => {
	it('GET /bookings/{id} and GET /clients/{id} return the record', async () => {
		const booking = sandbox.store.bookings[3];
		const response = await apiClient(sandbox).get(`/bookings/${booking.id}`);
		expect(response.status).toBe(200);
		expect(response.data).toEqual(booking);
	});

	it.each(UNUSUAL_CLIENT_IDS)('decodes the percent-encoded client id %s', async (id) => {
		const response = await apiClient(sandbox).get(`/clients/${encodeURIComponent(id)}`);
		expect(response.status).toBe(200);
		expect(response.data.id).toBe(id);
		expect(sandbox.requests.at(-1)!.path).toBe(`/api/partners/v1/clients/${id}`);
	});

	it.each([
		['an unknown id', '/bookings/bkg_nope', 404],
		['an encoded slash', '/bookings/%2F', 404],
		['a dot-dot id', '/bookings/..', 404],
		['an encoded dot-dot', '/clients/%2E%2E', 404],
		['a truncated percent sequence', '/clients/%E0%A4%A', 400],
		['a lone percent sign', '/clients/%', 400],
		['an invalid UTF-8 sequence', '/bookings/%FF%FE', 400],
		['an empty id', '/bookings/', 404],
		['an extra segment', '/clients/a/b', 404],
	])('answers %s with JSON, never crashing', async (_label, path, status) => {
		// A raw request line: axios would otherwise normalise some of these paths before sending.
		const response = await rawRequest(sandbox, { path: `/api/partners/v1${path}` });
		expect(response.status).toBe(status);
		expect(JSON.parse(response.body).error.message).toEqual(expect.any(String));
		expect((await apiClient(sandbox).get('/rooms')).status).toBe(200);
	});
});
