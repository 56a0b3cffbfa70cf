/** GET /slots: free slots in a date range (default: the next 7 days), optionally for one room or service. */
import { validationFailed } from '../errors';
import { readString, readTimeRange } from '../query';
import { MAX_SLOT_RANGE_DAYS, computeFreeSlots } from '../slots';
import { startOfDay } from '../time';
import type { Route } from './route';

export const listSlots: Route = {
	filters: ['from', 'to', 'roomId', 'serviceId'],
	handle({ store, query, name }) {
		const range = readTimeRange(query, {
			defaultFromMs: startOfDay(store.clock.now()),
			defaultSpanDays: 7,
			maxDays: MAX_SLOT_RANGE_DAYS,
		});
		const roomId = readString(query, 'roomId');
		const serviceId = readString(query, 'serviceId');
		if (roomId !== undefined && !store.findRoom(roomId)) {
			throw validationFailed(`No room or resource with id "${roomId}".`, [{ field: name('roomId'), message: 'unknown room' }]);
		}
		if (serviceId !== undefined && !store.findService(serviceId)) {
			throw validationFailed(`No service with id "${serviceId}".`, [{ field: name('serviceId'), message: 'unknown service' }]);
		}
		const slots = computeFreeSlots(store, { fromMs: range.fromMs!, toMs: range.toMs!, roomId, serviceId });
		// Slots are computed per request, so the cursor is a plain offset into this computation.
		return { kind: 'list', resource: 'slots', source: { items: slots } };
	},
};
