/** 401 / 403 / allowed for every endpoint × every preconfigured key, driven by the endpoint table. */
import type { AxiosInstance } from 'axios';

import { ENDPOINTS, type Endpoint } from '../../nodes/VenueBooking/endpoints';
import { PRECONFIGURED_KEYS, startSandbox, type Sandbox } from '../../sandbox';
import { createBooking } from '../../sandbox/bookingRules';
import { computeFreeSlots } from '../../sandbox/slots';
import { DAY_MS } from '../../sandbox/time';
import { apiClient } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ keys: { 'partner-slots-only': ['slots.read'] } });
});
afterAll(() => sandbox.close());

/** The first free slot from tomorrow on: a valid booking body that never conflicts. */
function freeSlot(): { roomId: string; serviceId: string; start: string } {
	const fromMs = sandbox.store.clock.now() + DAY_MS;
	const [slot] = computeFreeSlots(sandbox.store, { fromMs, toMs: fromMs + 7 * DAY_MS, serviceId: 'svc_photo_1h' });
	return { roomId: slot.roomId, serviceId: slot.serviceId, start: slot.start };
}

/** A valid request for the endpoint, so an allowed key gets a 2xx. */
function exampleRequest(endpoint: Endpoint): { method: string; url: string; data?: unknown } {
	const store = sandbox.store;
	switch (`${endpoint.method} ${endpoint.path}`) {
		case 'POST /bookings':
			return { method: 'POST', url: '/bookings', data: { ...snake(freeSlot()), client_id: store.clients[0].id } };
		case 'GET /bookings/{id}':
			return { method: 'GET', url: `/bookings/${encodeURIComponent(store.bookings[0].id)}` };
		case 'PATCH /bookings/{id}': {
			const slot = freeSlot();
			const booking = createBooking(store, { roomId: slot.roomId, serviceId: slot.serviceId, startMs: Date.parse(slot.start), clientId: store.clients[0].id }, (n) => n);
			return { method: 'PATCH', url: `/bookings/${encodeURIComponent(booking.id)}`, data: { status: 'cancelled' } };
		}
		case 'GET /clients/{id}':
			return { method: 'GET', url: `/clients/${encodeURIComponent(store.clients[0].id)}` };
		default:
			return { method: endpoint.method, url: endpoint.path };
	}
}

function snake(body: { roomId: string; serviceId: string; start: string }): Record<string, string> {
	return { room_id: body.roomId, service_id: body.serviceId, start: body.start };
}

const send = (client: AxiosInstance, request: { method: string; url: string; data?: unknown }) =>
	client.request({ method: request.method, url: request.url, data: request.data });

const keyCases = [...Object.keys(PRECONFIGURED_KEYS), 'partner-slots-only'];
const table = ENDPOINTS.flatMap((endpoint) => keyCases.map((key) => ({ endpoint, key, label: `${endpoint.method} ${endpoint.path}` })));

describe.each(table)('$label with $key', ({ endpoint, key }) => {
	it('is allowed exactly when the key has one of the endpoint scopes', async () => {
		const scopes = sandbox.keys[key];
		const allowed = endpoint.scopes.some((scope) => scopes.includes(scope));
		const response = await send(apiClient(sandbox, key), exampleRequest(endpoint));
		if (allowed) {
			expect(response.status).toBeGreaterThanOrEqual(200);
			expect(response.status).toBeLessThan(300);
		} else {
			expect(response.status).toBe(403);
			expect(response.data.error.code).toBe('insufficient_scope');
			expect(response.data.error.message).toContain(endpoint.scopes.join(' or '));
			expect(response.headers['www-authenticate']).toContain('insufficient_scope');
		}
	});
});

describe.each(ENDPOINTS.map((endpoint) => ({ endpoint, label: `${endpoint.method} ${endpoint.path}` })))('$label without a valid key', ({ endpoint }) => {
	it('answers 401 with no Authorization header', async () => {
		const response = await send(apiClient(sandbox, null), exampleRequest(endpoint));
		expect(response.status).toBe(401);
		expect(response.data.error.code).toBe('unauthorized');
		expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
	});

	it('answers 401 for an unknown key, without echoing it', async () => {
		const response = await send(apiClient(sandbox, 'secret-unknown-key-123'), exampleRequest(endpoint));
		expect(response.status).toBe(401);
		expect(JSON.stringify(response.data)).not.toContain('secret-unknown-key-123');
	});
});

describe('keys', () => {
	it('preconfigures the five documented keys with their scopes', () => {
		expect(sandbox.keys['sandbox-full']).toHaveLength(7);
		expect(sandbox.keys['sandbox-readonly']).toEqual(['slots.read', 'bookings.read', 'catalog.read', 'clients.read', 'payments.read', 'webhooks.read']);
		expect(sandbox.keys['sandbox-no-payments']).not.toContain('payments.read');
		expect(sandbox.keys['sandbox-no-payments']).toHaveLength(6);
		expect(sandbox.keys['sandbox-webhooks']).toEqual(['webhooks.read']);
		expect(sandbox.keys['sandbox-bookings-write']).toEqual(['bookings.write']);
		expect(sandbox.keys['partner-slots-only']).toEqual(['slots.read']);
	});

	it('rejects a key definition with an unknown scope', async () => {
		await expect(startSandbox({ keys: { bad: ['slots.write'] } })).rejects.toThrow(/Unknown scope "slots.write"/);
	});

	it('accepts any case of the Bearer scheme but not another scheme', async () => {
		const lower = await apiClient(sandbox, null).get('/rooms', { headers: { Authorization: 'bearer sandbox-full' } });
		expect(lower.status).toBe(200);
		const basic = await apiClient(sandbox, null).get('/rooms', { headers: { Authorization: 'Basic c2FuZGJveC1mdWxs' } });
		expect(basic.status).toBe(401);
	});

	it('never records the key, only whether one was sent', () => {
		const recorded = JSON.stringify(sandbox.requests);
		expect(recorded).not.toContain('sandbox-full');
		expect(recorded).not.toContain('secret-unknown-key-123');
		expect(sandbox.requests.some((r) => r.authPresent)).toBe(true);
		expect(sandbox.requests.some((r) => !r.authPresent)).toBe(true);
	});
});
