import type { Endpoint, IdParameter } from '../../endpoints';

/** The display condition that shows a parameter for exactly this endpoint's resource and operation. */
export function showFor(endpoint: Pick<Endpoint, 'resource' | 'operation'>) {
	return { show: { resource: [endpoint.resource], operation: [endpoint.operation] } };
}

/** The id parameter of a `{id}` endpoint; a row without one is a mistake in the endpoint table. */
export function requireId(endpoint: Endpoint): IdParameter {
	if (!endpoint.id) throw new Error(`${endpoint.method} ${endpoint.path} has no id parameter in the endpoint table`);
	return endpoint.id;
}
