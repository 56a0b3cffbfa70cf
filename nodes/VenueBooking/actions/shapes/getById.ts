import { updateDisplayOptions } from 'n8n-workflow';

import type { Endpoint } from '../../endpoints';
import { toJsonObject } from '../../transport/responseItems';
import { identityFieldOption, idProperty, readId } from '../common/ids';
import type { Operation } from '../common/operation';
import { optionsProperty, readTransportOptions } from '../common/options';
import { queryProperties, readQuery } from '../common/query';
import { requireId, showFor } from './display';

/** "Get" of a `{id}` endpoint: one request per item, the response as one item. */
export function getByIdOperation(endpoint: Endpoint): Operation {
	const id = requireId(endpoint);
	return {
		description: updateDisplayOptions(showFor(endpoint), [
			idProperty(id),
			...queryProperties,
			optionsProperty('perItem', [identityFieldOption(id)]),
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
