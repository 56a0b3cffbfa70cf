/**
 * One workflow that runs all 12 operations of the Venue Booking node against the sandbox, for `n8n execute`
 * (which starts only from a Manual Trigger). The Manual Trigger feeds one branch per operation; with
 * execution order v1 n8n runs the branches one after the other, top to bottom, so the reads see the
 * workspace before the writes at the bottom change it.
 *
 * Field and filter names here are the sandbox's own (snake_case, its default dialect): this workflow is
 * the test's, not an example of the API.
 */
import type { WorkflowToImport } from '../../scripts/n8n/cli';
import { PACKAGE_NAME } from '../../scripts/n8n/packageInstall';

export const ACTION_NODE_TYPE = `${PACKAGE_NAME}.venueBooking`;
export const TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.venueBookingTrigger`;
export const TOOL_NODE_TYPE = `${PACKAGE_NAME}.venueBookingTool`;

export interface CredentialRef {
	id: string;
	name: string;
}

/** Node names of the operations workflow, one per operation (and the slot lookup before Create). */
export const OPS = {
	slots: 'Get many slots',
	bookings: 'Get many bookings',
	services: 'Get many services',
	rooms: 'Get many rooms',
	clients: 'Get many clients',
	client: 'Get a client',
	payments: 'Get many payments',
	deliveries: 'Get many webhook deliveries',
	freeSlot: 'Find a free slot',
	create: 'Create a booking',
	booking: 'Get a booking',
	cancel: 'Cancel a booking',
	sendTest: 'Send a test webhook',
} as const;

export interface OperationsWorkflowInput {
	credential: CredentialRef;
	/** The day whose free slots "Get many slots" lists (YYYY-MM-DD). */
	slotsDay: string;
	/** The day "Find a free slot" books on. */
	bookingDay: string;
	/** An existing client the new booking is for. */
	clientId: string;
	/** What "Send a test webhook" sends as the target URL. */
	testWebhookUrl: string;
}

let nodeCount = 0;
function node(name: string, type: string, position: [number, number], parameters: Record<string, unknown>, credential?: CredentialRef) {
	nodeCount++;
	return {
		id: `7e2e0000-0000-4000-8000-${String(nodeCount).padStart(12, '0')}`,
		name,
		type,
		typeVersion: 1,
		position,
		parameters,
		...(credential ? { credentials: { venueBookingApi: credential } } : {}),
	};
}

function main(...targets: string[]) {
	return { main: [targets.map((target) => ({ node: target, type: 'main', index: 0 }))] };
}

export function operationsWorkflow(input: OperationsWorkflowInput): WorkflowToImport {
	const { credential } = input;
	const action = (name: string, x: number, y: number, parameters: Record<string, unknown>) =>
		node(name, ACTION_NODE_TYPE, [x, y], { options: {}, ...parameters }, credential);
	const slotsQuery = JSON.stringify({ from: input.slotsDay, to: input.slotsDay });
	const bookingQuery = JSON.stringify({ from: input.bookingDay, to: input.bookingDay });
	// The JSON body as n8n users write it: JSON text with expressions inside.
	const createBody = [
		'={',
		'  "room_id": "{{ $json.room_id }}",',
		'  "service_id": "{{ $json.service_id }}",',
		'  "start": "{{ $json.start }}",',
		`  "client_id": ${JSON.stringify(input.clientId)},`,
		'  "note": "Booked by the e2e run"',
		'}',
	].join('\n');

	return {
		id: 'e2eOperations001',
		name: 'e2e: every Venue Booking operation',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', [0, 400], {}),
			action(OPS.slots, 260, 0, { resource: 'slot', operation: 'getAll', returnAll: true, sendQuery: true, specifyQuery: 'json', jsonQuery: slotsQuery }),
			action(OPS.bookings, 260, 100, { resource: 'booking', operation: 'getAll', returnAll: true }),
			action(OPS.services, 260, 200, { resource: 'service', operation: 'getAll', returnAll: true }),
			action(OPS.rooms, 260, 300, { resource: 'room', operation: 'getAll', returnAll: true }),
			action(OPS.clients, 260, 400, { resource: 'client', operation: 'getAll', returnAll: true }),
			action(OPS.client, 520, 400, { resource: 'client', operation: 'get', clientId: '={{ $json.id }}' }),
			action(OPS.payments, 260, 500, { resource: 'payment', operation: 'getAll', returnAll: true }),
			action(OPS.deliveries, 260, 600, { resource: 'webhookDelivery', operation: 'getAll', returnAll: true }),
			action(OPS.freeSlot, 260, 700, { resource: 'slot', operation: 'getAll', limit: 1, sendQuery: true, specifyQuery: 'json', jsonQuery: bookingQuery }),
			action(OPS.create, 520, 700, { resource: 'booking', operation: 'create', specifyBody: 'json', jsonBody: createBody }),
			action(OPS.booking, 780, 700, { resource: 'booking', operation: 'get', bookingId: '={{ $json.id }}' }),
			action(OPS.cancel, 1040, 700, {
				resource: 'booking',
				operation: 'update',
				bookingId: '={{ $json.id }}',
				specifyBody: 'keypair',
				bodyParameters: {
					parameters: [
						{ name: 'status', value: 'cancelled' },
						{ name: 'cancel_reason', value: 'Cancelled by the e2e run' },
					],
				},
			}),
			action(OPS.sendTest, 260, 800, {
				resource: 'webhook',
				operation: 'sendTest',
				sendBody: true,
				specifyBody: 'json',
				jsonBody: JSON.stringify({ url: input.testWebhookUrl }),
			}),
		],
		connections: {
			Start: main(OPS.slots, OPS.bookings, OPS.services, OPS.rooms, OPS.clients, OPS.payments, OPS.deliveries, OPS.freeSlot, OPS.sendTest),
			[OPS.clients]: main(OPS.client),
			[OPS.freeSlot]: main(OPS.create),
			[OPS.create]: main(OPS.booking),
			[OPS.booking]: main(OPS.cancel),
		},
	};
}

/** A key without payments.read: the API's 403 must reach the user as a clear error, without the key. */
export function scopeErrorWorkflow(credential: CredentialRef): WorkflowToImport {
	return {
		id: 'e2eScopeError001',
		name: 'e2e: key without payments.read',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', [0, 0], {}),
			node('Get many payments', ACTION_NODE_TYPE, [260, 0], { resource: 'payment', operation: 'getAll', returnAll: true, options: {} }, credential),
		],
		connections: { Start: main('Get many payments') },
	};
}
