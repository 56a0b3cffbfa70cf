/**
 * Get: one record by its id (a booking or a client), picked from a list or given by id.
 */
import { updateDisplayOptions } from 'n8n-workflow';
import { type Endpoint, requireId, showFor } from '../endpoints';
import { queryProperties, readQuery } from '../parameters/freeForm';
import { identityFieldOption, idProperty, readId } from '../parameters/readers';
import { editorListOptions, namesOptionFor, optionsProperty, readTransportOptions } from '../parameters/options';
import { toJsonObject } from '../transport/response';
import type { Operation } from './operation';

/** "Get" of a `{id}` endpoint: one request per item, the response as one item. */
export function getByIdOperation(endpoint: Endpoint): Operation {
	const id = requireId(endpoint);
	return {
		description: updateDisplayOptions(showFor(endpoint), [
			idProperty(id),
			...queryProperties,
			optionsProperty('perItem', [identityFieldOption(id), ...editorListOptions, ...namesOptionFor(endpoint.resource)]),
		]),
		async execute(context, itemIndex, client) {
			const response = await client.withOptions(readTransportOptions(context, itemIndex)).send({
				endpoint,
				id: readId(context, itemIndex, id),
				query: readQuery(context, itemIndex),
				itemIndex,
			});
			return [toJsonObject(response.body)];
		},
	};
}
