import { updateDisplayOptions } from 'n8n-workflow';

import { findEndpoint } from '../../endpoints';
import { toJsonObject } from '../../transport/responseItems';
import { bodyProperties, readBody } from './body';
import { idProperty, readId, type IdParameter } from './ids';
import type { Operation } from './operation';
import { optionsProperty, readTransportOptions } from './options';
import { queryProperties, readQuery } from './query';

export interface WriteOptions {
	/** The `{id}` parameter, for endpoints that act on one booking. */
	id?: IdParameter;
	/** Whether the body may be left out entirely (adds a "Send Body" switch). */
	bodyOptional: boolean;
}

/** A POST or PATCH: one request per item with the user's body, the response as one item. */
export function writeOperation(resource: string, operation: string, options: WriteOptions): Operation {
	const endpoint = findEndpoint(resource, operation);
	const { id } = options;
	return {
		kind: 'perItem',
		description: updateDisplayOptions({ show: { resource: [resource], operation: [operation] } }, [
			...(id ? [idProperty(id)] : []),
			...bodyProperties(options.bodyOptional),
			...queryProperties,
			optionsProperty('perItem'),
		]),
		async execute(context, itemIndex, client) {
			// Every input is read before the request, so a bad item fails without touching the workspace.
			const request = {
				endpoint,
				id: id ? readId(context, itemIndex, id) : undefined,
				body: readBody(context, itemIndex, options.bodyOptional),
				query: readQuery(context, itemIndex),
				itemIndex,
			};
			const response = await client.withOptions(readTransportOptions(context, itemIndex)).send(request);
			return [toJsonObject(response.body)];
		},
	};
}
