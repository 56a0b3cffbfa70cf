/**
 * The writes: Send Test (POST with an optional body) and the booking writes, Create and Cancel or
 * Reschedule, whose body merges the fields seen in the workspace with the free-form body.
 */
import { updateDisplayOptions } from 'n8n-workflow';
import { type Endpoint, findEndpoint, showFor } from '../endpoints';
import { bodyProperties, explainRefusedFields, mergeBody, readBody, readSeenFields, seenFieldsProperties } from '../parameters/body';
import { queryProperties, readQuery } from '../parameters/freeForm';
import { identityFieldOption, idProperty, readId } from '../parameters/ids';
import { editorListOptions, optionsProperty, readTransportOptions } from '../parameters/options';
import { toJsonObject } from '../transport/response';
import type { Operation } from './operations';

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

const CLIENT_ID = findEndpoint('client', 'get').id!;

/**
 * Booking → Create (POST /bookings) and Booking → Cancel or Reschedule (PATCH /bookings/{id}): the write
 * shape plus the fields seen on the workspace's bookings, merged with the free-form body. Nothing is
 * sampled here: the sample only fed the editor.
 */
export function bookingWriteOperation(endpoint: Endpoint): Operation {
	const { id } = endpoint;
	return {
		description: updateDisplayOptions(showFor(endpoint), [
			...(id ? [idProperty(id)] : []),
			...seenFieldsProperties(endpoint.operation === 'create'),
			...bodyProperties(false),
			...queryProperties,
			// Create has no ID of its own: its Identity Field is the Client picker's.
			optionsProperty('write', [identityFieldOption(id ?? CLIENT_ID), ...editorListOptions]),
		]),
		async execute(context, itemIndex, client) {
			// Every input is read before the request, so a bad item fails without touching the workspace.
			const fields = readSeenFields(context, itemIndex, endpoint.operation === 'create');
			const request = {
				endpoint,
				id: id ? readId(context, itemIndex, id) : undefined,
				body: mergeBody(context, itemIndex, fields, readBody(context, itemIndex, false, true)),
				query: readQuery(context, itemIndex),
				itemIndex,
			};
			try {
				const response = await client.withOptions(readTransportOptions(context, itemIndex)).send(request);
				return [toJsonObject(response.body)];
			} catch (error) {
				throw explainRefusedFields(error, context, itemIndex, fields);
			}
		},
	};
}
