/** GET /clients (search by name or email) and GET /clients/{id}. */
import { notFound } from '../errors';
import { readString } from '../query';
import { collectionList, type Route } from './route';

export const listClients: Route = {
	filters: ['search'],
	handle({ store, query }) {
		const search = readString(query, 'search')?.toLowerCase();
		const clients =
			search === undefined
				? store.clients
				: store.clients.filter((c) => c.name.toLowerCase().includes(search) || c.email.toLowerCase().includes(search));
		return { kind: 'list', resource: 'clients', source: collectionList(clients, (id) => store.positionOf('clients', id)) };
	},
};

export const getClient: Route = {
	filters: [],
	handle({ store, id }) {
		const client = store.findClient(id!);
		if (!client) throw notFound(`No client with id "${id}".`);
		return { kind: 'record', status: 200, record: client };
	},
};
