/**
 * The 12 endpoints of the Partner Booking API v1, exactly as its document states them (method, path,
 * required scopes, purpose), each as one complete row with what the node shows for it (labels, the action
 * phrase) and how it is built (its shape and id parameter). The node description, the operations, the
 * error messages and the sandbox all read this table. Nothing here is invented: the document shows no
 * query parameters, bodies or fields, so none are listed.
 */

/** Every path of the API starts with this prefix. */
export const API_PATH_PREFIX = '/api/partners/v1';

/** The seven scopes, with the document's exact identifiers. */
export const SCOPES = [
	'slots.read',
	'bookings.read',
	'bookings.write',
	'catalog.read',
	'clients.read',
	'payments.read',
	'webhooks.read',
] as const;

export type Scope = (typeof SCOPES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

/**
 * How an operation is built from its row: `list` walks pages into one item per entry, `getById` reads one
 * record, `write` sends the user's body. Operations with parameters of their own have a file in actions/.
 */
export type EndpointShape = 'list' | 'getById' | 'write';

/** The `{id}` path parameter of an endpoint: its name in the node, its label, and what it identifies. */
export interface IdParameter {
	name: 'bookingId' | 'clientId';
	displayName: string;
	what: string;
}

export interface Endpoint {
	/** The node's resource value and label. */
	resource: string;
	resourceName: string;
	/** The node's operation value and label. */
	operation: string;
	operationName: string;
	/** The verb phrase n8n shows in the actions list and to AI agents, e.g. "Get many payments". */
	action: string;
	method: HttpMethod;
	/** Path below {@link API_PATH_PREFIX}; `{id}` stands for a booking or client identifier. */
	path: string;
	/** A key needs any one of these scopes (only the webhook test lists two). */
	scopes: readonly Scope[];
	/** The purpose column of the document, used in descriptions and messages. */
	purpose: string;
	shape: EndpointShape;
	/** The `{id}` of the path, for endpoints that act on one record. */
	id?: IdParameter;
	/** Writes only: whether the body may be left out (the node then offers a "Send Body" switch). */
	bodyOptional?: boolean;
}

const BOOKING_ID: IdParameter = { name: 'bookingId', displayName: 'Booking ID', what: 'booking' };
const CLIENT_ID: IdParameter = { name: 'clientId', displayName: 'Client ID', what: 'client' };

export const ENDPOINTS = [
	{ resource: 'slot', resourceName: 'Slot', operation: 'getAll', operationName: 'Get Many', action: 'Get many slots',
		method: 'GET', path: '/slots', scopes: ['slots.read'], purpose: 'Available slots', shape: 'list' },
	{ resource: 'booking', resourceName: 'Booking', operation: 'create', operationName: 'Create', action: 'Create a booking',
		method: 'POST', path: '/bookings', scopes: ['bookings.write'], purpose: 'Create a booking', shape: 'write', bodyOptional: false },
	{ resource: 'booking', resourceName: 'Booking', operation: 'getAll', operationName: 'Get Many', action: 'Get many bookings',
		method: 'GET', path: '/bookings', scopes: ['bookings.read'], purpose: 'List bookings', shape: 'list' },
	{ resource: 'booking', resourceName: 'Booking', operation: 'get', operationName: 'Get', action: 'Get a booking',
		method: 'GET', path: '/bookings/{id}', scopes: ['bookings.read'], purpose: 'Booking details', shape: 'getById', id: BOOKING_ID },
	{ resource: 'booking', resourceName: 'Booking', operation: 'update', operationName: 'Cancel or Reschedule', action: 'Cancel or reschedule a booking',
		method: 'PATCH', path: '/bookings/{id}', scopes: ['bookings.write'], purpose: 'Cancel or reschedule a booking', shape: 'write', id: BOOKING_ID, bodyOptional: false },
	{ resource: 'service', resourceName: 'Service', operation: 'getAll', operationName: 'Get Many', action: 'Get many services',
		method: 'GET', path: '/services', scopes: ['catalog.read'], purpose: 'Catalog of services', shape: 'list' },
	{ resource: 'room', resourceName: 'Room', operation: 'getAll', operationName: 'Get Many', action: 'Get many rooms',
		method: 'GET', path: '/rooms', scopes: ['catalog.read'], purpose: 'Rooms / resources', shape: 'list' },
	{ resource: 'client', resourceName: 'Client', operation: 'getAll', operationName: 'Get Many', action: 'Get many clients',
		method: 'GET', path: '/clients', scopes: ['clients.read'], purpose: 'List clients', shape: 'list' },
	{ resource: 'client', resourceName: 'Client', operation: 'get', operationName: 'Get', action: 'Get a client',
		method: 'GET', path: '/clients/{id}', scopes: ['clients.read'], purpose: 'Client card', shape: 'getById', id: CLIENT_ID },
	{ resource: 'payment', resourceName: 'Payment', operation: 'getAll', operationName: 'Get Many', action: 'Get many payments',
		method: 'GET', path: '/payments', scopes: ['payments.read'], purpose: 'Payment journal', shape: 'list' },
	{ resource: 'webhook', resourceName: 'Webhook', operation: 'sendTest', operationName: 'Send Test', action: 'Send a test webhook',
		method: 'POST', path: '/webhooks/test', scopes: ['bookings.read', 'bookings.write'], purpose: 'Test an outgoing webhook', shape: 'write', bodyOptional: true },
	{ resource: 'webhookDelivery', resourceName: 'Webhook Delivery', operation: 'getAll', operationName: 'Get Many', action: 'Get many webhook deliveries',
		method: 'GET', path: '/webhooks/deliveries', scopes: ['webhooks.read'], purpose: 'Webhook delivery journal', shape: 'list' },
] as const satisfies readonly Endpoint[];

/** Looks up the endpoint behind a resource/operation pair of the node; throws on a pair the API lacks. */
export function findEndpoint(resource: string, operation: string): Endpoint {
	const endpoint = ENDPOINTS.find((e) => e.resource === resource && e.operation === operation);
	if (!endpoint) {
		throw new Error(`The Partner API has no operation "${operation}" for resource "${resource}"`);
	}
	return endpoint;
}

/** "slots.read" or "bookings.read or bookings.write": how messages name what a key needs. */
export function describeScopes(endpoint: Pick<Endpoint, 'scopes'>): string {
	return endpoint.scopes.join(' or ');
}
