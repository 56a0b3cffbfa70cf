import type { IHttpRequestOptions } from 'n8n-workflow';

import type { SeenField } from '../../../nodes/VenueBooking/methods/fieldTypes';
import { loadReferenceLists, REFERENCE_PAGES, referencedList, type ReferenceList } from '../../../nodes/VenueBooking/methods/references';
import { ApiClient } from '../../../nodes/VenueBooking/transport/request';
import { mockContext, type MockAnswer } from '../mockContext';

const field = (values: SeenField['values'], type: SeenField['type'] = 'string'): SeenField => ({ name: 'ref', type, values, filled: values.length });
const list = (what: string, identities: string[], complete: boolean): ReferenceList => ({
	what,
	options: identities.map((identity) => ({ name: `${what} ${identity}`, value: identity })),
	complete,
});

describe('the list a booking field refers to', () => {
	const rooms = list('room', ['r1', 'r2', 'r3'], true);

	it('is a whole list holding at least half of the field\'s values', () => {
		expect(referencedList(field(['r1', 'r2', 'x', 'y']), [rooms])).toBe(rooms);
		expect(referencedList(field(['r1', 'x', 'y']), [rooms])).toBeUndefined();
	});

	it('is a list seen only in part that holds one of them', () => {
		const clients = list('client', ['c1'], false);
		expect(referencedList(field(['c1', 'c7', 'c8', 'c9']), [clients])).toBe(clients);
	});

	it('is the list with the most matches, numbers compared as text', () => {
		const services = list('service', ['1', '2', '3'], true);
		const numbered = list('room', ['1', '2'], true);
		expect(referencedList(field([1, 2, 3], 'number'), [numbered, services])).toBe(services);
	});

	it('is none for a field without values, a true/false or date-time field, or no matching list', () => {
		expect(referencedList(field([]), [rooms])).toBeUndefined();
		expect(referencedList(field([true], 'boolean'), [list('flag', ['true'], true)])).toBeUndefined();
		expect(referencedList(field(['2026-01-01T10:00:00Z'], 'dateTime'), [list('day', ['2026-01-01T10:00:00Z'], true)])).toBeUndefined();
		expect(referencedList(field(['q']), [rooms])).toBeUndefined();
		expect(referencedList(field(['r1']), [])).toBeUndefined();
	});
});

describe('loading the lists bookings may refer to', () => {
	type Answer = MockAnswer | ((request: IHttpRequestOptions) => MockAnswer);
	const byPath = (answers: Record<string, Answer>) => (request: IHttpRequestOptions) => {
		const path = new URL(String(request.url)).pathname.replace('/api/partners/v1', '');
		const answer = answers[path] ?? { statusCode: 404, body: {} };
		return typeof answer === 'function' ? answer(request) : answer;
	};
	/** A client list that never ends: page n holds client cn and points at page n + 1. */
	const endlessClients = (request: IHttpRequestOptions): MockAnswer => {
		const n = Number((request.qs as { cursor?: string } | undefined)?.cursor ?? 1);
		return { statusCode: 200, body: { data: [{ id: `c${n}`, name: `Client Number${n}` }], meta: { next_cursor: String(n + 1) } } };
	};

	async function load(answers: Record<string, Answer>) {
		const mock = mockContext({ parameters: {}, answers: byPath(answers) });
		return { lists: await loadReferenceLists(await ApiClient.create(mock.context)), requests: mock.requests };
	}

	it('reads rooms, services and clients, labelled, a list with more pages only up to its page budget, and says whether it was whole', async () => {
		const { lists, requests } = await load({
			'/rooms': { statusCode: 200, body: { data: [{ id: 'r1', name: 'Blue Room' }] } },
			'/services': { statusCode: 200, body: { data: [{ id: 5, title: 'Deep Massage' }] } },
			'/clients': endlessClients,
		});
		expect(requests).toHaveLength(2 + REFERENCE_PAGES);
		expect(lists).toEqual([
			{ what: 'room', options: [{ name: 'Blue Room', value: 'r1' }], complete: true },
			{ what: 'service', options: [{ name: 'Deep Massage', value: '5' }], complete: true },
			{
				what: 'client',
				options: Array.from({ length: REFERENCE_PAGES }, (_, i) => ({ name: `Client Number${i + 1}`, value: `c${i + 1}` })),
				complete: false,
			},
		]);
	});

	it('leaves out a list the key may not read, an empty one, and one whose records have no id', async () => {
		const { lists } = await load({
			'/rooms': { statusCode: 403, body: { message: 'missing scope catalog.read' } },
			'/services': { statusCode: 200, body: { data: [] } },
			'/clients': { statusCode: 200, body: { data: [{ code: 'c1', name: 'Anna Berg' }] } },
		});
		expect(lists).toEqual([]);
	});
});
