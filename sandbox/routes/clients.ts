/** GET /clients (search by name or email) and GET /clients/{id}. */
import { notFound } from '../errors';
import type { Settings } from '../options';
import { readString } from '../query';
import { collectionList, type Route } from './route';

/** The client list's text search: the sandbox's own dialect takes it, a convention only with `nameFilter`. */
export const TEXT_SEARCH = 'search';

export function takesTextSearch(settings: Settings): boolean {
	return settings.convention === undefined || settings.nameFilter;
}

export const listClients: Route = {
	filters: [TEXT_SEARCH],
	handle({ store, query, settings }) {
		const search = takesTextSearch(settings) ? readString(query, TEXT_SEARCH)?.toLowerCase() : undefined;
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
