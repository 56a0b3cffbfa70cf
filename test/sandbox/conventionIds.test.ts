/**
 * Ids in a convention's form (sandbox/conventionIds.ts): every form reads back to the stored id it was written
 * from, so a client that sends back what it was given names the same record; ids the form cannot express
 * (a slot's synthetic one) pass through untouched.
 */
import { bodyFromForm, ID_FORMS, readId, recordInForm, renderId } from '../../sandbox/conventionIds';
import { ROOMS, SERVICES } from '../../sandbox/catalog';
import { makeId } from '../../sandbox/ids';
import { UNUSUAL_CLIENT_IDS } from '../../sandbox/seed';

describe('ids in a convention\'s form', () => {
	const booking = makeId('bkg', 42);

	it.each(ID_FORMS)('%s: a generated, a catalog and an unusual id read back to the stored one', (form) => {
		for (const [id, resource] of [[booking, 'bookings'], [makeId('cli', 7), 'clients'], [ROOMS[2].id, 'rooms'], [SERVICES[6].id, 'services'], ['room_x120', 'rooms'], [UNUSUAL_CLIENT_IDS[1], 'clients']] as const) {
			expect(readId(renderId(id, resource, form), resource, form)).toBe(id);
			// Sent back as text (a path segment, a form field) it reads the same.
			expect(readId(String(renderId(id, resource, form)), resource, form)).toBe(id);
		}
	});

	it('numbers: rooms and services share 1…n, generated ids are their base-36 part, the unusual clients 1, 2, 3', () => {
		expect([renderId(ROOMS[0].id, 'rooms', 'numeric'), renderId(SERVICES[0].id, 'services', 'numeric')]).toEqual([1, 1]);
		expect(renderId('svc_x30', 'services', 'numeric')).toBe(30);
		expect(renderId(booking, 'bookings', 'numeric')).toBe(Number.parseInt(booking.slice(4), 36));
		expect(UNUSUAL_CLIENT_IDS.map((id) => renderId(id, 'clients', 'numeric'))).toEqual([1, 2, 3]);
	});

	it('codes: a generated id as a booking code, a catalog id unchanged', () => {
		expect(renderId(booking, 'bookings', 'code')).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{3}$/);
		expect(renderId(ROOMS[0].id, 'rooms', 'code')).toBe(ROOMS[0].id);
	});

	it('a record\'s own id and its references are written in the form; other fields and slots\' ids are not', () => {
		const record = { id: booking, roomId: ROOMS[1].id, serviceId: SERVICES[0].id, clientId: null, note: 'cli_0000001' };
		expect(recordInForm(record, 'bookings', 'numeric')).toEqual({ ...record, id: renderId(booking, 'bookings', 'numeric'), roomId: 2, serviceId: 1 });
		expect(recordInForm({ id: 'slot_room_loft_svc_loft_event_20270301T090000Z', roomIds: [ROOMS[0].id] }, 'slots', 'numeric')).toEqual({ id: 'slot_room_loft_svc_loft_event_20270301T090000Z', roomIds: [1] });
		expect(recordInForm(record, 'bookings', 'string')).toBe(record);
	});

	it('a write body\'s references are read back in any naming; a stored id sent as it is passes through', () => {
		expect(bodyFromForm({ room_id: 3, ServiceId: '2', client_id: UNUSUAL_CLIENT_IDS[0], start: '2027-03-01T09:00:00Z' }, 'numeric')).toEqual({
			room_id: ROOMS[2].id,
			ServiceId: SERVICES[1].id,
			client_id: UNUSUAL_CLIENT_IDS[0],
			start: '2027-03-01T09:00:00Z',
		});
	});
});
