import { updateDisplayOptions } from 'n8n-workflow';

import type { Endpoint } from '../../endpoints';
import { toJsonObject } from '../../transport/responseItems';
import { bodyProperties, readBody } from '../common/body';
import { identityFieldOption, idProperty, readId } from '../common/ids';
import type { Operation } from '../common/operation';
import { optionsProperty, readTransportOptions } from '../common/options';
import { queryProperties, readQuery } from '../common/query';
import { mergeBody, readSeenFields, seenFieldsProperties } from '../common/seenFields';
import { showFor } from '../shapes/display';

/**
 * A booking write (Create, Cancel or Reschedule): the write shape plus the fields seen on the workspace's
 * bookings, merged with the free-form body. Nothing is sampled here: the sample only fed the editor.
 */
export function writeWithSeenFields(endpoint: Endpoint): Operation {
	const { id } = endpoint;
	return {
		description: updateDisplayOptions(showFor(endpoint), [
			...(id ? [idProperty(id)] : []),
			...seenFieldsProperties,
			...bodyProperties(false),
			...queryProperties,
			optionsProperty('write', id ? [identityFieldOption(id)] : []),
		]),
		async execute(context, itemIndex, client) {
			// Every input is read before the request, so a bad item fails without touching the workspace.
			const fields = readSeenFields(context, itemIndex);
			const request = {
				endpoint,
				id: id ? readId(context, itemIndex, id) : undefined,
				body: mergeBody(context, itemIndex, fields, readBody(context, itemIndex, false, true)),
				query: readQuery(context, itemIndex),
				itemIndex,
			};
			const response = await client.withOptions(readTransportOptions(context, itemIndex)).send(request);
			return [toJsonObject(response.body)];
		},
	};
}
