/**
 * The 12 endpoints of the Partner Booking API v1, exactly as its document states them (method, path,
 * required scopes, purpose), each as one complete row with what the node shows for it (labels, the action
 * phrase) and how it is built (its shape and id parameter). The node description, the operations, the
 * error messages and the sandbox all read this table; actions/operations.ts says how each row runs. Nothing here is invented: the document shows no
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
 * What kind of request an endpoint is: `list` walks pages into one item per entry, `getById` reads one
 * record, `write` sends the user's body.
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
	/** The purpose column of the document, used in descriptions. */
	purpose: string;
	/**
	 * The purpose as what a request does, for messages that continue "… needed to": the document's purposes
	 * are partly verbs ("List bookings"), partly nouns ("Payment journal"), and only a person can tell
	 * which reads naturally there.
	 */
	task: string;
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
		method: 'GET', path: '/slots', scopes: ['slots.read'], purpose: 'Available slots', task: 'read the available slots', shape: 'list' },
	{ resource: 'booking', resourceName: 'Booking', operation: 'create', operationName: 'Create', action: 'Create a booking',
		method: 'POST', path: '/bookings', scopes: ['bookings.write'], purpose: 'Create a booking', task: 'create a booking', shape: 'write', bodyOptional: false },
	{ resource: 'booking', resourceName: 'Booking', operation: 'getAll', operationName: 'Get Many', action: 'Get many bookings',
		method: 'GET', path: '/bookings', scopes: ['bookings.read'], purpose: 'List bookings', task: 'list bookings', shape: 'list' },
	{ resource: 'booking', resourceName: 'Booking', operation: 'get', operationName: 'Get', action: 'Get a booking',
		method: 'GET', path: '/bookings/{id}', scopes: ['bookings.read'], purpose: 'Booking details', task: 'read a booking\'s details', shape: 'getById', id: BOOKING_ID },
	{ resource: 'booking', resourceName: 'Booking', operation: 'update', operationName: 'Cancel or Reschedule', action: 'Cancel or reschedule a booking',
		method: 'PATCH', path: '/bookings/{id}', scopes: ['bookings.write'], purpose: 'Cancel or reschedule a booking', task: 'cancel or reschedule a booking', shape: 'write', id: BOOKING_ID, bodyOptional: false },
	{ resource: 'service', resourceName: 'Service', operation: 'getAll', operationName: 'Get Many', action: 'Get many services',
		method: 'GET', path: '/services', scopes: ['catalog.read'], purpose: 'Catalog of services', task: 'read the catalog of services', shape: 'list' },
	{ resource: 'room', resourceName: 'Room', operation: 'getAll', operationName: 'Get Many', action: 'Get many rooms',
		method: 'GET', path: '/rooms', scopes: ['catalog.read'], purpose: 'Rooms / resources', task: 'list the rooms and resources', shape: 'list' },
	{ resource: 'client', resourceName: 'Client', operation: 'getAll', operationName: 'Get Many', action: 'Get many clients',
		method: 'GET', path: '/clients', scopes: ['clients.read'], purpose: 'List clients', task: 'list clients', shape: 'list' },
	{ resource: 'client', resourceName: 'Client', operation: 'get', operationName: 'Get', action: 'Get a client',
		method: 'GET', path: '/clients/{id}', scopes: ['clients.read'], purpose: 'Client card', task: 'read a client card', shape: 'getById', id: CLIENT_ID },
	{ resource: 'payment', resourceName: 'Payment', operation: 'getAll', operationName: 'Get Many', action: 'Get many payments',
		method: 'GET', path: '/payments', scopes: ['payments.read'], purpose: 'Payment journal', task: 'read the payment journal', shape: 'list' },
	{ resource: 'webhook', resourceName: 'Webhook', operation: 'sendTest', operationName: 'Send Test', action: 'Send a test webhook',
		method: 'POST', path: '/webhooks/test', scopes: ['bookings.read', 'bookings.write'], purpose: 'Test an outgoing webhook', task: 'test an outgoing webhook', shape: 'write', bodyOptional: true },
	{ resource: 'webhookDelivery', resourceName: 'Webhook Delivery', operation: 'getAll', operationName: 'Get Many', action: 'Get many webhook deliveries',
		method: 'GET', path: '/webhooks/deliveries', scopes: ['webhooks.read'], purpose: 'Webhook delivery journal', task: 'read the webhook delivery journal', shape: 'list' },
] as const satisfies readonly Endpoint[];

/** One row of the table, with its literal resource and operation values. */
export type EndpointRow = (typeof ENDPOINTS)[number];
export type ResourceValue = EndpointRow['resource'];
/** The operation values of one resource, e.g. `'getAll' | 'get'` for `'client'`. */
export type OperationValue<R extends ResourceValue> = Extract<EndpointRow, { resource: R }>['operation'];

/** Looks up the endpoint behind a resource/operation pair of the node; a pair the API lacks does not compile. */
export function findEndpoint<R extends ResourceValue>(resource: R, operation: OperationValue<R>): Endpoint {
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

/** The display condition that shows a parameter for exactly this endpoint's resource and operation. */
export function showFor(endpoint: Pick<Endpoint, 'resource' | 'operation'>) {
	return { show: { resource: [endpoint.resource], operation: [endpoint.operation] } };
}

/** The id parameter of a `{id}` endpoint; a row without one is a mistake in the endpoint table. */
export function requireId(endpoint: Endpoint): IdParameter {
	if (!endpoint.id) throw new Error(`${endpoint.method} ${endpoint.path} has no id parameter in the endpoint table`);
	return endpoint.id;
}

/**
 * Where the nodes' Docs links point. Set as `documentationUrl`, which n8n's editor (1.x and 2.x) opens as
 * given; a codex `primaryDocumentation` URL instead gets `?utm_source=…` appended, which lands after a
 * `#fragment` and breaks it. One place to change when the documentation moves.
 */
export const DOCUMENTATION_URL = 'https://www.npmjs.com/package/n8n-nodes-venue-booking';

export function documentationSection(anchor: string): string {
	return `${DOCUMENTATION_URL}#${anchor}`;
}
