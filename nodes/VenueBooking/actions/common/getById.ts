import { updateDisplayOptions } from 'n8n-workflow';

import { findEndpoint } from '../../endpoints';
import { toJsonObject } from '../../transport/responseItems';
import { idProperty, readId, type IdParameter } from './ids';
import type { Operation } from './operation';
import { optionsProperty, readTransportOptions } from './options';
import { queryProperties, readQuery } from './query';

/** "Get" of a `{id}` endpoint: one request per item, the response as one item. */
export function getByIdOperation(resource: string, id: IdParameter): Operation {
	const endpoint = findEndpoint(resource, 'get');
	return {
		kind: 'perItem',
		description: updateDisplayOptions({ show: { resource: [resource], operation: ['get'] } }, [
			idProperty(id),
			...queryProperties,
			optionsProperty('perItem'),
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
