/**
 * POST /webhooks/test writes a test entry into the delivery journal (optional body `{ url }`); the sandbox
 * sends no real HTTP. GET /webhooks/deliveries lists the journal in the configured order.
 */
import { readFields } from '../bodyFields';
import { validationFailed } from '../errors';
import { DELIVERY_EVENTS } from '../model';
import { readEnum, readString } from '../query';
import { collectionList, type Route } from './route';

export const sendTestWebhook: Route = {
	filters: [],
	handle({ store, settings, body, name }) {
		const fields = body === undefined ? {} : readFields(body, { url: 'string' }, settings.naming);
		const url = fields.url as string | undefined;
		if (url !== undefined && !/^https?:\/\/\S+$/.test(url)) {
			throw validationFailed(`"${url}" is not an http(s) URL.`, [{ field: name('url'), message: 'not an http(s) URL' }]);
		}
		// 202: real webhook deliveries are asynchronous; the journal entry is written at once.
		return { kind: 'record', status: 202, record: store.addDelivery('webhook.test', null, url) };
	},
};

export const listDeliveries: Route = {
	filters: ['event', 'status', 'bookingId'],
	handle({ store, settings, query }) {
		const event = readEnum(query, 'event', DELIVERY_EVENTS);
		const status = readEnum(query, 'status', ['delivered', 'failed'] as const);
		const bookingId = readString(query, 'bookingId');
		const newestFirst = settings.journalOrder === 'newestFirst';
		const positionOf = (id: string): number => store.positionOf('deliveries', id);
		if (event === undefined && status === undefined && bookingId === undefined) {
			// The whole journal as a view, no copy: cheap even for 100k entries, page after page.
			const journal = store.journal(settings.journalOrder);
			const anchorOf = (delivery: object): number => positionOf((delivery as { id: string }).id);
			return { kind: 'list', resource: 'deliveries', source: { items: journal, anchorOf, descending: newestFirst } };
		}
		const matching = store.deliveries.filter(
			(d) =>
				(event === undefined || d.event === event) &&
				(status === undefined || d.status === status) &&
				(bookingId === undefined || d.bookingId === bookingId),
		);
		return { kind: 'list', resource: 'deliveries', source: collectionList(newestFirst ? matching.reverse() : matching, positionOf, newestFirst) };
	},
};
