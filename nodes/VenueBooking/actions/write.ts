/**
 * The writes: Send Test (POST with an optional body) and the booking writes, Create and Cancel or
 * Reschedule, whose body merges the fields seen in the workspace with the free-form body (Cancel's own body:
 * cancel.ts).
 */
import { type IDataObject, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';
import { type Endpoint, findEndpoint, showFor } from '../endpoints';
import { bodyProperties, explainRefusedFields, mergeBody, readBody, readSeenFields, seenFieldsProperties } from '../parameters/body';
import { queryProperties, readQuery } from '../parameters/freeForm';
import { identityFieldOption, idProperty, inputError, type ParameterReader, readId, readWorkspaceTimeZone } from '../parameters/readers';
import { editorListOptions, optionsProperty, readTransportOptions } from '../parameters/options';
import { leavesOf, loadReferenceLists, type NamedRecord, namesOf, nameQuotedIdentities } from '../referenceLists';
import { refusedTheValues } from '../transport/errors';
import { type ApiClient, type ApiRequest, settle } from '../transport/request';
import { toJsonObject } from '../transport/response';
import { cancelBody, type CancelledState, cancelProperties, learnCancelledState, notSeenError, readGivenState } from './cancel';
import type { HintSink, Operation } from './operation';

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
async function sendWrite(context: object, client: ApiClient, request: ApiRequest) {
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
				query: readQuery(context, itemIndex),
				itemIndex,
			};
			const response = await sendWrite(context, client.withOptions(readTransportOptions(context, itemIndex)), request);
			return [toJsonObject(response.body)];
		},
	};
}

const CLIENT_ID = findEndpoint('client', 'get').id!;

/** What Cancel or Reschedule does: n8n's Action of the operation, by value. */
type BookingAction = 'cancel' | 'reschedule' | 'changeFields';
const ACTION = 'bookingAction';
const TIMES = 'times';
const TIMES_LABEL = 'New Times';

const actionOptions = [
	{ name: 'Cancel', value: 'cancel', description: 'Cancel the booking: only its state changes, to what your workspace\'s cancelled bookings hold' },
	{ name: 'Reschedule', value: 'reschedule', description: 'Move the booking: only its times change' },
	{ name: 'Change Fields', value: 'changeFields', description: 'Send the fields you choose, from those seen on your bookings, and a body of your own' },
];

/**
 * The Action parameter, twice: n8n fills a parameter a saved workflow lacks with its default, so version 1 (every
 * workflow saved before the Action existed, which sent the form's fields) defaults to Change Fields and keeps
 * doing exactly that; version 1.1, what a new node is, defaults to Cancel.
 */
const actionProperties: INodeProperties[] = [1, 1.1].map((version) => ({
	displayName: 'Action',
	name: ACTION,
	type: 'options',
	noDataExpression: true,
	options: actionOptions,
	default: version === 1 ? 'changeFields' : 'cancel',
	description: 'What to do to the booking',
	displayOptions: { show: { '@version': version === 1 ? [1] : [{ _cnd: { gte: 1.1 } }] } },
}));

/** Shows properties only for these actions, keeping their own display conditions. */
function forActions(actions: BookingAction[], properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => ({
		...property,
		displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, [ACTION]: actions } },
	}));
}

/** Reschedule's form: the booking's own times as its bookings hold them (methods/resourceMapping.ts offers them). */
const timesProperty: INodeProperties = {
	displayName: TIMES_LABEL,
	name: TIMES,
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	description: 'The booking\'s new times, in the fields your bookings hold their own times in. Nothing else of the booking is sent.',
	typeOptions: {
		resourceMapper: {
			resourceMapperMethod: 'bookingTimes',
			mode: 'add',
			fieldWords: { singular: 'time', plural: 'times' },
			addAllFields: true,
			multiKeyMatch: false,
			supportAutoMap: false,
		},
	},
};

/** One cancelled state per execution, however many bookings it cancels (keyed by the execution's parameter reader). */
const cancelledStatePerExecution = new WeakMap<object, Promise<CancelledState | undefined>>();

/** The body that cancels this item's booking: the user's field and value, or the workspace's own, or an error asking for them. */
async function cancellation(context: ParameterReader, itemIndex: number, client: ApiClient, recordId: string, hint: HintSink): Promise<IDataObject> {
	let state = readGivenState(context, itemIndex);
	if (!state) {
		let learning = cancelledStatePerExecution.get(context);
		if (!learning) {
			learning = learnCancelledState(context, itemIndex, client);
			cancelledStatePerExecution.set(context, learning);
		}
		state = await learning;
		if (!state) throw notSeenError(context, itemIndex);
		hint(`Cancelled by setting ${state.path.join('.')} to "${state.value}", as your workspace's cancelled ${state.seenIn === 'bookings' ? 'bookings hold it' : 'bookings show in its webhook deliveries'}.`);
	}
	return cancelBody(state, recordId);
}

/**
 * Booking → Create (POST /bookings) and Booking → Cancel or Reschedule (PATCH /bookings/{id}): the write
 * shape plus the fields seen on the workspace's bookings, merged with the free-form body. Cancel or Reschedule
 * asks what to do first (Action): Cancel sends only the workspace's cancelled state, Reschedule only the times,
 * Change Fields the form as Create has it. Nothing is sampled for the form here: the sample only fed the editor;
 * Cancel reads the workspace's bookings for the state that cancels, where the user did not give it.
 */
export function bookingWriteOperation(endpoint: Endpoint): Operation {
	const { id } = endpoint;
	const changes = endpoint.operation === 'update';
	const form = [...seenFieldsProperties(endpoint.operation === 'create'), ...bodyProperties(false)];
	return {
		description: updateDisplayOptions(showFor(endpoint), [
			...(id ? [idProperty(id)] : []),
			...(changes ? [...actionProperties, ...forActions(['cancel'], cancelProperties), ...forActions(['reschedule'], [timesProperty]), ...forActions(['changeFields'], form)] : form),
			...queryProperties,
			// Create has no ID of its own: its Identity Field is the Client picker's.
			optionsProperty('write', [identityFieldOption(id ?? CLIENT_ID), ...editorListOptions]),
		]),
		async execute(context, itemIndex, baseClient, hint) {
			// Every input is read before the request, so a bad item fails without touching the workspace.
			const recordId = id ? readId(context, itemIndex, id) : undefined;
			const action = (changes ? context.getNodeParameter(ACTION, itemIndex, 'changeFields') : 'changeFields') as BookingAction;
			const client = baseClient.withOptions(readTransportOptions(context, itemIndex));
			const parameter = action === 'reschedule' ? TIMES : 'fields';
			let fields: IDataObject = {};
			let body: unknown;
			if (action === 'cancel') body = await cancellation(context, itemIndex, client, recordId ?? '', hint);
			else {
				fields = readSeenFields(context, itemIndex, endpoint.operation === 'create', recordId, () => readWorkspaceTimeZone(client), parameter);
				if (action === 'reschedule' && Object.keys(fields).length === 0) {
					throw inputError(context, itemIndex, TIMES_LABEL, 'no new time is given', 'Fill the booking\'s new start (and end, where your workspace takes one).');
				}
				body = action === 'reschedule' ? fields : mergeBody(context, itemIndex, fields, readBody(context, itemIndex, false, true));
			}
			const request = { endpoint, id: recordId, body, query: readQuery(context, itemIndex), itemIndex };
			try {
				const response = await sendWrite(context, client, request);
				return [toJsonObject(response.body)];
			} catch (error) {
				throw explainRefusedFields(error, context, itemIndex, fields, parameter);
			}
		},
	};
}
