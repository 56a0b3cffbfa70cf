/**
 * Booking → Cancel or Reschedule, as a user thinks of it: the Action (Cancel, Reschedule, Change Fields), each
 * sending only what it says. Cancel's state: cancel.ts; the request and its refusal: write.ts.
 */
import { type IDataObject, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';
import { type Endpoint, requireId, showFor } from '../endpoints';
import { explainRefusedFields, formBodyProperties, mergeBody, readFormBody, readSeenFields, seenFieldsProperties, sentOnlyTheForm } from '../parameters/body';
import { queryProperties, readQuery } from '../parameters/freeForm';
import { identityFieldOption, idProperty, inputError, type ParameterReader, readId, readWorkspaceTimeZone } from '../parameters/readers';
import { editorListOptions, namesOptionFor, optionsProperty, readBodyEncoding, readTransportOptions } from '../parameters/options';
import type { ApiClient } from '../transport/request';
import { writeAnswerItems } from '../transport/response';
import { cancelBody, type CancelledState, cancelProperties, cancelStateOptions, learnCancelledState, notSeenError, readGivenState } from './cancel';
import type { HintSink, Operation } from './operation';
import { sendWrite } from './write';

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
const actionProperties: INodeProperties[] = [
	{
		displayName: 'Action',
		name: ACTION,
		type: 'options',
		noDataExpression: true,
		options: actionOptions,
		default: 'changeFields',
		description: 'What to do to the booking',
		displayOptions: { show: { '@version': [1] } },
	},
	{
		displayName: 'Action',
		name: ACTION,
		type: 'options',
		noDataExpression: true,
		options: actionOptions,
		default: 'cancel',
		description: 'What to do to the booking',
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
	},
];

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
		// The date-time labels name Options > Time Zone: the times are read again when it changes.
		loadOptionsDependsOn: ['options.timeZone'],
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
 * Booking → Cancel or Reschedule (PATCH /bookings/{id}). It asks what to do first (Action): Cancel sends only the
 * workspace's cancelled state (cancel.ts), Reschedule only the booking's own times, Change Fields the form and
 * body as before. Cancel reads the workspace's bookings for the state that cancels where the user did not give
 * it; the form's fields were sampled in the editor only.
 */
export function bookingChangeOperation(endpoint: Endpoint): Operation {
	const id = requireId(endpoint);
	const form = [...seenFieldsProperties(false), ...formBodyProperties()];
	return {
		description: updateDisplayOptions(showFor(endpoint), [
			idProperty(id),
			...actionProperties,
			...forActions(['cancel'], cancelProperties),
			...forActions(['reschedule'], [timesProperty]),
			...forActions(['changeFields'], form),
			...queryProperties,
			optionsProperty('write', [identityFieldOption(id), ...editorListOptions, ...namesOptionFor(endpoint.resource), ...cancelStateOptions]),
		]),
		async execute(context, itemIndex, baseClient, hint) {
			// Every input is read before the request, so a bad item fails without touching the workspace.
			const recordId = readId(context, itemIndex, id);
			const action = context.getNodeParameter(ACTION, itemIndex, 'changeFields') as BookingAction;
			const client = baseClient.withOptions(readTransportOptions(context, itemIndex));
			const parameter = action === 'reschedule' ? TIMES : 'fields';
			let fields: IDataObject = {};
			let body: unknown;
			let freeBody: unknown;
			if (action === 'cancel') body = await cancellation(context, itemIndex, client, recordId, hint);
			else {
				fields = readSeenFields(context, itemIndex, false, recordId, () => readWorkspaceTimeZone(client), hint, parameter);
				if (action === 'reschedule' && Object.keys(fields).length === 0) {
					throw inputError(context, itemIndex, TIMES_LABEL, 'no new time is given', 'Fill the booking\'s new start (and end, where your workspace takes one).');
				}
				freeBody = action === 'reschedule' ? undefined : readFormBody(context, itemIndex);
				body = action === 'reschedule' ? fields : mergeBody(context, itemIndex, fields, freeBody);
			}
			const request = { endpoint, id: recordId, body, bodyEncoding: readBodyEncoding(context, itemIndex), query: readQuery(context, itemIndex), itemIndex };
			try {
				const response = await sendWrite(context, client, request);
				return writeAnswerItems(response.body);
			} catch (error) {
				throw explainRefusedFields(error, context, itemIndex, fields, parameter, sentOnlyTheForm(request.query, freeBody));
			}
		},
	};
}
