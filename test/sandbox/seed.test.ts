/** The seeded workspace: deterministic, venue-shaped, and fast at benchmark scale. */
import { startSandbox, Store, UNUSUAL_CLIENT_IDS } from '../../sandbox';
import { OPENING_HOURS } from '../../sandbox/catalog';
import { findConflict } from '../../sandbox/bookingRules';
import { isWithinOpeningHours } from '../../sandbox/openingHours';
import { apiClient, itemsOf } from './helpers';

const START = Date.parse('2027-03-01T08:00:00Z');
const contentOf = (store: Store) => JSON.stringify([store.rooms, store.services, store.clients, store.bookings, store.payments, store.deliveries]);

describe('seeding', () => {
	it('gives identical data for the same seed and different data for another', () => {
		const a = new Store({ seed: 7, startMs: START });
		const b = new Store({ seed: 7, startMs: START });
		const c = new Store({ seed: 8, startMs: START });
		expect(contentOf(a)).toBe(contentOf(b));
		expect(contentOf(c)).not.toBe(contentOf(a));
	});

	it('builds a venue: rooms and equipment, services, clients, bookings, payments, journal', () => {
		const store = new Store({ seed: 1, startMs: START });
		expect(new Set(store.rooms.map((r) => r.kind))).toEqual(new Set(['studio', 'loft', 'rehearsal', 'equipment']));
		expect(store.services.length).toBeGreaterThan(5);
		expect(store.clients).toHaveLength(40);
		expect(store.clients.map((c) => c.id)).toEqual(expect.arrayContaining([...UNUSUAL_CLIENT_IDS]));
		expect(store.bookings).toHaveLength(60);
		expect(store.bookings.some((b) => b.status === 'cancelled')).toBe(true);
		expect(store.bookings.some((b) => Date.parse(b.start) > START)).toBe(true);
		expect(store.bookings.some((b) => Date.parse(b.start) < START)).toBe(true);
		expect(store.payments.some((p) => p.kind === 'refund')).toBe(true);
		expect(store.deliveries.length).toBeGreaterThanOrEqual(60);
		expect(new Set(store.clients.map((c) => c.id)).size).toBe(40);
	});

	it('places seeded bookings inside opening hours without overlaps', () => {
		const store = new Store({ seed: 3, startMs: START, scale: { bookings: 500 } });
		for (const booking of store.bookings) {
			expect(isWithinOpeningHours(OPENING_HOURS, Date.parse(booking.start), Date.parse(booking.end))).toBe(true);
			if (booking.status === 'confirmed') {
				expect(findConflict(store, booking.roomId, Date.parse(booking.start), Date.parse(booking.end), booking.id)).toBeUndefined();
			}
		}
	});

	it('builds a rental shop\'s catalog at scale: 300 rooms, 40 services, every room booked through a service that offers it, the fixed catalog first', () => {
		const small = new Store({ seed: 3, startMs: START });
		const store = new Store({ seed: 3, startMs: START, scale: { rooms: 300, services: 40, clients: 5_000, bookings: 20_000 } });
		expect(store.rooms).toHaveLength(300);
		expect(store.services).toHaveLength(40);
		expect(store.rooms.slice(0, small.rooms.length)).toEqual(small.rooms);
		expect(new Set(store.rooms.map((room) => room.id)).size).toBe(300);
		expect(store.rooms.every((room) => store.services.some((service) => service.roomIds.includes(room.id)))).toBe(true);
		for (const booking of store.bookings) expect(store.findService(booking.serviceId)!.roomIds).toContain(booking.roomId);
		expect(new Set(store.bookings.map((booking) => booking.roomId)).size).toBeGreaterThan(250);
	});

	it('builds 100k payments and 100k deliveries at scale', () => {
		const store = new Store({ seed: 1, startMs: START, scale: { payments: 100_000, deliveries: 100_000, clients: 5_000, bookings: 2_000 } });
		expect(store.payments).toHaveLength(100_000);
		expect(store.deliveries).toHaveLength(100_000);
		expect(store.clients).toHaveLength(5_000);
		expect(store.bookings).toHaveLength(2_000);
		expect(new Set(store.payments.map((p) => p.id)).size).toBe(100_000);
		expect(store.findBooking(store.payments[99_999].bookingId)).toBeDefined();
	});
});

describe('scale over HTTP', () => {
	it('serves 100k payments and a 100k newest-first journal page by page', async () => {
		const sandbox = await startSandbox({ scale: { payments: 100_000, deliveries: 100_000 }, pagination: 'offset', dialect: { naming: 'camel' } });
		try {
			const client = apiClient(sandbox);
			const tail = await client.get('/payments', { params: { offset: 99_990, limit: 100 } });
			expect(tail.data.totalCount).toBe(100_000);
			expect(itemsOf(tail).map((p) => p.id)).toEqual(sandbox.store.payments.slice(99_990).map((p) => p.id));
			sandbox.setOptions({ pagination: 'cursor' });
			const first = await client.get('/webhooks/deliveries', { params: { limit: 100 } });
			const second = await client.get('/webhooks/deliveries', { params: { limit: 100, cursor: first.data.nextCursor } });
			const newest = sandbox.store.journalOldestFirst().reverse();
			expect([...itemsOf(first), ...itemsOf(second)].map((d) => d.id)).toEqual(newest.slice(0, 200).map((d) => d.id));
		} finally {
			await sandbox.close();
		}
	});
});
