/**
 * The workflows the README's pictures show. Field names in expressions are the sandbox's (snake_case).
 */
import type { WorkflowToImport } from '../n8n/cli';

const PACKAGE = 'n8n-nodes-venue-booking';

/** The version a node added now gets, of both nodes: what the pictures show (1.2: Add Names on the trigger, flat fields, the picker's states). */
const NODE_VERSION = 1.2;

export interface CredentialRef {
	id: string;
	name: string;
}

/** The trigger and the action node together: a new journal entry → its booking → the booking's client. */
export function canvasWorkflow(credential: CredentialRef): WorkflowToImport {
	const credentials = { venueBookingApi: credential };
	return {
		id: 'shotCanvas000001',
		name: 'New booking events with booking and client',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: '5c7e0000-0001-4000-8000-000000000001',
				name: 'Venue Booking Trigger',
				type: `${PACKAGE}.venueBookingTrigger`,
				typeVersion: NODE_VERSION,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'event', value: 'booking.created' }] },
					options: {},
				},
				credentials,
			},
			{
				id: '5c7e0000-0001-4000-8000-000000000002',
				name: 'Get a booking',
				type: `${PACKAGE}.venueBooking`,
				typeVersion: NODE_VERSION,
				position: [260, 0],
				parameters: { resource: 'booking', operation: 'get', bookingId: '={{ $json.booking_id }}', options: {} },
				credentials,
			},
			{
				id: '5c7e0000-0001-4000-8000-000000000003',
				name: 'Get a client',
				type: `${PACKAGE}.venueBooking`,
				typeVersion: NODE_VERSION,
				position: [520, 0],
				parameters: { resource: 'client', operation: 'get', clientId: '={{ $json.client_id }}', options: {} },
				credentials,
			},
		],
		connections: {
			'Venue Booking Trigger': { main: [[{ node: 'Get a booking', type: 'main', index: 0 }]] },
			'Get a booking': { main: [[{ node: 'Get a client', type: 'main', index: 0 }]] },
		},
	};
}

export const PAYMENTS_NODE = 'Get many payments';

/** Payment → Get Many with Return All and an explicit cursor pagination, for the parameter panel. */
export function parametersWorkflow(credential: CredentialRef): WorkflowToImport {
	return {
		id: 'shotParams000001',
		name: 'Payments with explicit pagination',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: '5c7e0000-0002-4000-8000-000000000001',
				name: 'When clicking ‘Execute workflow’',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: '5c7e0000-0002-4000-8000-000000000002',
				name: PAYMENTS_NODE,
				type: `${PACKAGE}.venueBooking`,
				typeVersion: NODE_VERSION,
				position: [260, 0],
				parameters: {
					resource: 'payment',
					operation: 'getAll',
					returnAll: true,
					options: {
						pagination: {
							settings: { mode: 'cursor', cursorParameter: 'cursor', cursorPath: 'next_cursor', pageSizeParameter: 'limit', pageSize: 100 },
						},
						maxRetries: 5,
					},
				},
				credentials: { venueBookingApi: credential },
			},
		],
		connections: {
			'When clicking ‘Execute workflow’': { main: [[{ node: PAYMENTS_NODE, type: 'main', index: 0 }]] },
		},
	};
}

export const FILTERED_TRIGGER_NODE = 'Venue Booking Trigger';

/** The trigger with Only Entries Where set to one event kind, for the picture of its Values dropdown. */
export function triggerFilterWorkflow(credential: CredentialRef): WorkflowToImport {
	return {
		id: 'shotFilter000001',
		name: 'Cancelled bookings only',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: '5c7e0000-0003-4000-8000-000000000001',
				name: FILTERED_TRIGGER_NODE,
				type: `${PACKAGE}.venueBookingTrigger`,
				typeVersion: NODE_VERSION,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					entryFilter: { condition: { field: 'event', values: ['booking.cancelled'] } },
				},
				credentials: { venueBookingApi: credential },
			},
		],
		connections: {},
	};
}

export const CREATE_NODE = 'Create a booking';
/**
 * Cancel or Reschedule with Action Change Fields: its picker lists cancelled bookings too, marked "✕ Cancelled",
 * so the picture shows a booking's state. (Cancel and Reschedule leave them out, saying how many in a last row
 * the picture would not reach, and a live booking's state is the row's description, which n8n's list does not show.)
 */
export const CHANGE_NODE = 'Change a booking';

/**
 * Booking → Create with the fields seen in the workspace, and Cancel or Reschedule with the booking to pick
 * from the list (upcoming bookings first): what the README's "Discovering your workspace's fields" pictures show.
 */
export function discoveryWorkflow(credential: CredentialRef): WorkflowToImport {
	const credentials = { venueBookingApi: credential };
	return {
		id: 'shotDiscover0001',
		name: 'Create a booking from the fields seen, change one picked from the list',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: '5c7e0000-0003-4000-8000-000000000001',
				name: 'When clicking ‘Execute workflow’',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: '5c7e0000-0003-4000-8000-000000000002',
				name: CREATE_NODE,
				type: `${PACKAGE}.venueBooking`,
				typeVersion: NODE_VERSION,
				position: [260, 0],
				parameters: { resource: 'booking', operation: 'create', fields: { mappingMode: 'defineBelow', value: null }, options: {} },
				credentials,
			},
			{
				id: '5c7e0000-0003-4000-8000-000000000003',
				name: CHANGE_NODE,
				type: `${PACKAGE}.venueBooking`,
				typeVersion: NODE_VERSION,
				position: [520, 0],
				parameters: { resource: 'booking', operation: 'update', bookingAction: 'changeFields', bookingId: { __rl: true, mode: 'list', value: '' }, options: {} },
				credentials,
			},
		],
		connections: {
			'When clicking ‘Execute workflow’': { main: [[{ node: CREATE_NODE, type: 'main', index: 0 }]] },
			[CREATE_NODE]: { main: [[{ node: CHANGE_NODE, type: 'main', index: 0 }]] },
		},
	};
}

/**
 * Booking → Create alone, on a credential whose workspace speaks JSON:API (fields in `attributes`, references
 * in `relationships`): the form as it opens there.
 */
export function jsonApiFormWorkflow(credential: CredentialRef): WorkflowToImport {
	const discovery = discoveryWorkflow(credential);
	return {
		...discovery,
		id: 'shotJsonApiForm1',
		name: 'Create a booking in a JSON:API workspace',
		nodes: discovery.nodes.filter((node) => (node as { name?: string }).name !== CHANGE_NODE),
		connections: {},
	};
}
