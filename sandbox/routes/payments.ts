/** GET /payments: the payment journal in creation order, filterable by booking, client, kind and time. */
import type { PaymentKind } from '../model';
import { readEnum, readString, readTimeRange } from '../query';
import { collectionList, type Route } from './route';

const PAYMENT_KINDS: readonly PaymentKind[] = ['charge', 'refund'];

export const listPayments: Route = {
	filters: ['bookingId', 'clientId', 'kind', 'from', 'to'],
	handle({ store, query }) {
		const bookingId = readString(query, 'bookingId');
		const clientId = readString(query, 'clientId');
		const kind = readEnum(query, 'kind', PAYMENT_KINDS);
		const { fromMs, toMs } = readTimeRange(query);
		const unfiltered = bookingId === undefined && clientId === undefined && kind === undefined && fromMs === undefined && toMs === undefined;
		// Without filters the journal itself is listed: no copy of 100k records per page request.
		const payments = unfiltered
			? store.payments
			: store.payments.filter((p) => {
					if (bookingId !== undefined && p.bookingId !== bookingId) return false;
					if (clientId !== undefined && p.clientId !== clientId) return false;
					if (kind !== undefined && p.kind !== kind) return false;
					const atMs = Date.parse(p.createdAt);
					return (fromMs === undefined || atMs >= fromMs) && (toMs === undefined || atMs < toMs);
				});
		return { kind: 'list', resource: 'payments', source: collectionList(payments, (id) => store.positionOf('payments', id)) };
	},
};
