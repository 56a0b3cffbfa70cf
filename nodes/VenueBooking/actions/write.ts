/**
 * The writes: Send Test (POST with an optional body) and the booking writes, Create and Cancel or
 * Reschedule's Change Fields (change.ts asks for the Action), whose body merges the fields seen in the
 * workspace with the free-form body.
 */
import { updateDisplayOptions } from 'n8n-workflow';
import { type Endpoint, findEndpoint, showFor } from '../endpoints';
import { bodyProperties, explainRefusedFields, formBodyProperties, mergeBody, readBody, readFormBody, readSeenFields, seenFieldsProperties, sentOnlyTheForm } from '../parameters/body';
import { queryProperties, readQuery } from '../parameters/freeForm';
import { identityFieldOption, idProperty, readId, readWorkspaceTimeZone } from '../parameters/readers';
import { editorListOptions, namesOptionFor, optionsProperty, readBodyEncoding, readTransportOptions } from '../parameters/options';
import { leavesOf, loadReferenceLists, type NamedRecord, namesOf, nameQuotedIdentities } from '../referenceLists';
import { refusedTheValues } from '../transport/errors';
import { type ApiClient, type ApiRequest, settle } from '../transport/request';
import { writeAnswerItems } from '../transport/response';
import type { Operation } from './operation';

/**
 * The catalogue read to name identities: no retries and a short timeout, so a failure's message is never
 * held up for long by the lists it only decorates.
 */
const CATALOGUE_READING = { retry: { maxRetries: 0, maxWaitMs: 0 }, timeoutMs: 10_000 };

/** One catalogue per execution, however many items fail (keyed by the execution's parameter reader). */
const cataloguePerExecution = new WeakMap<object, Promise<NamedRecord[]>>();

/** The rooms, services and clients the editor shows by name (their first pages), or none when they cannot be read. */
async function readCatalogue(client: ApiClient): Promise<NamedRecord[]> {
	const lists = await settle(loadReferenceLists(client.withOptions(CATALOGUE_READING)));
	if (!lists.ok) return [];
	return lists.value.flatMap((list) => [...namesOf(list)].map(([identity, name]) => ({ identity, name, what: list.what })));
}

/**
 * Sends a write. When the API refuses the values and its message quotes identities of rooms, services or
 * clients ("svc_photo_1h"), the error's description adds their names ("svc_photo_1h = Photo studio, 1 hour
 * (service)"): the user picked them by name. The catalogue is read only then, bounded, and a failure to read
 * it leaves the error as it was.
 */
export async function sendWrite(context: object, client: ApiClient, request: ApiRequest) {
	const outcome = await settle(client.send(request));
	if (outcome.ok) return outcome.value;
	const { error } = outcome;
	// Its message quotes the identities the user picked (by name) in the editor.
	if (refusedTheValues(error) && typeof error.description === 'string') {
		let catalogue = cataloguePerExecution.get(context);
		if (!catalogue) {
			catalogue = readCatalogue(client);
			cataloguePerExecution.set(context, catalogue);
		}
		const sent = new Set(leavesOf(request.body).map(([, value]) => String(value)));
		const names = nameQuotedIdentities(error.description, await catalogue, sent);
		if (names) error.description = `${error.description}\n${names}`;
	}
	throw error;
}

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
				bodyEncoding: readBodyEncoding(context, itemIndex),
				query: readQuery(context, itemIndex),
				itemIndex,
			};
			const response = await sendWrite(context, client.withOptions(readTransportOptions(context, itemIndex)), request);
			return writeAnswerItems(response.body);
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
			...formBodyProperties(),
			...queryProperties,
			// Create has no ID of its own: its Identity Field is the Client picker's.
			optionsProperty('write', [identityFieldOption(id ?? CLIENT_ID), ...editorListOptions, ...namesOptionFor(endpoint.resource)]),
		]),
		async execute(context, itemIndex, client, hint) {
			// Every input is read before the request, so a bad item fails without touching the workspace.
			const recordId = id ? readId(context, itemIndex, id) : undefined;
			const fields = readSeenFields(context, itemIndex, endpoint.operation === 'create', recordId, () => readWorkspaceTimeZone(client), hint);
			const freeBody = readFormBody(context, itemIndex);
			const request = {
				endpoint,
				id: recordId,
				body: mergeBody(context, itemIndex, fields, freeBody),
				bodyEncoding: readBodyEncoding(context, itemIndex),
				query: readQuery(context, itemIndex),
				itemIndex,
			};
			try {
				const response = await sendWrite(context, client.withOptions(readTransportOptions(context, itemIndex)), request);
				return writeAnswerItems(response.body);
			} catch (error) {
				throw explainRefusedFields(error, context, itemIndex, fields, 'fields', sentOnlyTheForm(request.query, freeBody));
			}
		},
	};
}
