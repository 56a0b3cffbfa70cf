import { updateDisplayOptions } from 'n8n-workflow';

import type { Endpoint } from '../../endpoints';
import { toJsonObject } from '../../transport/responseItems';
import { bodyProperties, readBody } from '../common/body';
import { identityFieldOption, idProperty, readId } from '../common/ids';
import type { Operation } from '../common/operation';
import { optionsProperty, readTransportOptions } from '../common/options';
import { queryProperties, readQuery } from '../common/query';
import { showFor } from './display';

/** A POST or PATCH: one request per item with the user's body, the response as one item. */
export function writeOperation(endpoint: Endpoint): Operation {
	const { id } = endpoint;
	const bodyOptional = endpoint.bodyOptional === true;
	return {
		description: updateDisplayOptions(showFor(endpoint), [
			...(id ? [idProperty(id)] : []),
			...bodyProperties(bodyOptional),
			...queryProperties,
			optionsProperty('write', id ? [identityFieldOption(id)] : []),
		]),
		async execute(context, itemIndex, client) {
			// Every input is read before the request, so a bad item fails without touching the workspace.
			const request = {
				endpoint,
				id: id ? readId(context, itemIndex, id) : undefined,
				body: readBody(context, itemIndex, bodyOptional),
				query: readQuery(context, itemIndex),
				itemIndex,
			};
			const response = await client.withOptions(readTransportOptions(context, itemIndex)).send(request);
			return [toJsonObject(response.body)];
		},
	};
}
