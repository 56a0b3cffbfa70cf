/** GET /slots: computed from opening hours, service durations and bookings; range validation. */
import { FIXED_TODAY, startSandbox, type Sandbox } from '../../sandbox';
import { OPENING_HOURS } from '../../sandbox/catalog';
import { describeOpeningHours, nextOpenWindow, openWindowOfDay } from '../../sandbox/openingHours';
import { HOUR_MS } from '../../sandbox/time';
import { apiClient, itemsOf } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ today: FIXED_TODAY, pagination: 'none', dialect: { naming: 'camel' } });
});
afterAll(() => sandbox.close());

const slots = async (params: Record<string, string>) => {
	const response = await apiClient(sandbox).get('/slots', { params });
	expect(response.status).toBe(200);
	return itemsOf(response) as Array<{ roomId: string; serviceId: string; start: string; end: string }>;
};

describe('GET /slots', () => {
	it('lists slots on the 30-minute grid inside opening hours, ordered by start', async () => {
		const found = await slots({ from: '2027-03-02', to: '2027-03-02', serviceId: 'svc_photo_1h', roomId: 'room_studio_a' });
		expect(found.length).toBeGreaterThan(0);
		for (const slot of found) {
			expect(slot.start >= '2027-03-02T09:00:00Z').toBe(true);
			expect(slot.end <= '2027-03-02T22:00:00Z').toBe(true);
			expect(new Date(slot.start).getUTCMinutes() % 30).toBe(0);
			expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(HOUR_MS);
		}
		expect(found.map((s) => s.start)).toEqual([...found.map((s) => s.start)].sort());
	});

	it('leaves out times taken by bookings and gives them back when cancelled', async () => {
		const range = { from: '2027-03-03', to: '2027-03-03', serviceId: 'svc_rehearsal_2h', roomId: 'room_rehearsal_1' };
		const before = await slots(range);
		const chosen = before[0];
		const created = await apiClient(sandbox).post('/bookings', { roomId: chosen.roomId, serviceId: chosen.serviceId, start: chosen.start, clientId: sandbox.store.clients[0].id });
		expect(created.status).toBe(201);
		const during = await slots(range);
		const overlaps = (s: { start: string; end: string }) => s.start < created.data.end && created.data.start < s.end;
		expect(during.some(overlaps)).toBe(false);
		expect(during.length).toBeLessThan(before.length);
		await apiClient(sandbox).patch(`/bookings/${created.data.id}`, { status: 'cancelled' });
		expect(await slots(range)).toEqual(before);
	});

	it('is open every day: Sunday has slots, inside its shorter hours (10–18)', async () => {
		const sunday = await slots({ from: '2027-03-07', to: '2027-03-07', serviceId: 'svc_photo_1h', roomId: 'room_studio_a' });
		expect(sunday.length).toBeGreaterThan(0);
		expect(sunday[0].start).toBe('2027-03-07T10:00:00Z');
		expect(sunday.at(-1)!.end).toBe('2027-03-07T18:00:00Z');
	});

	it('skips a day the hours close, and describes it as closed', () => {
		const closedOnMonday = OPENING_HOURS.map((day) => (day.weekday === 1 ? { weekday: 1, opens: null, closes: null } : day));
		const monday = Date.parse('2027-03-01T00:00:00Z');
		expect(openWindowOfDay(closedOnMonday, monday)).toBeNull();
		expect(nextOpenWindow(closedOnMonday, monday).opensMs).toBe(Date.parse('2027-03-02T09:00:00Z'));
		expect(describeOpeningHours(closedOnMonday)).toMatch(/^Mon closed, Tue 09:00–22:00, .*Sun 10:00–18:00$/);
	});

	it('filters by room and by service', async () => {
		const byRoom = await slots({ from: '2027-03-02', to: '2027-03-02', roomId: 'room_loft' });
		expect(new Set(byRoom.map((s) => s.roomId))).toEqual(new Set(['room_loft']));
		const byService = await slots({ from: '2027-03-02', to: '2027-03-02', serviceId: 'svc_photo_1h' });
		expect(new Set(byService.map((s) => s.roomId))).toEqual(new Set(['room_studio_a', 'room_studio_b']));
	});

	it('defaults to the next 7 days from the workspace today', async () => {
		const found = await slots({ serviceId: 'svc_loft_event' });
		expect(found[0].start >= '2027-03-01T08:00:00Z').toBe(true);
		expect(found.at(-1)!.start < '2027-03-08T00:00:00Z').toBe(true);
	});

	it.each([
		['an inverted range', { from: '2027-03-05', to: '2027-03-02' }, 422, /inverted/],
		['an empty range', { from: '2027-03-05T10:00:00Z', to: '2027-03-05T10:00:00Z' }, 422, /inverted/],
		['a range over 31 days', { from: '2027-03-01', to: '2027-05-01' }, 422, /more than 31 days/],
		['a malformed date', { from: 'next monday' }, 400, /must be a date/],
		['an impossible date', { from: '2027-02-30' }, 400, /must be a date/],
		['an unknown room', { roomId: 'room_attic' }, 422, /No room/],
		['an unknown service', { serviceId: 'svc_attic' }, 422, /No service/],
	])('answers %s with a clear JSON error', async (_label, params, status, message) => {
		const response = await apiClient(sandbox).get('/slots', { params });
		expect(response.status).toBe(status);
		expect(response.headers['content-type']).toMatch(/application\/json/);
		expect(response.data.error.message).toMatch(message);
	});

	it('names the offending parameter in the dialect', async () => {
		sandbox.setOptions({ dialect: { naming: 'snake' } });
		try {
			const response = await apiClient(sandbox).get('/slots', { params: { room_id: 'room_attic' } });
			expect(response.data.error.details).toEqual([{ field: 'room_id', message: 'unknown room' }]);
		} finally {
			sandbox.setOptions({ dialect: { naming: 'camel' } });
		}
	});
});
