/**
 * The 12 endpoints of the Partner Booking API v1, exactly as its document states them: method, path,
 * required scope(s) and purpose. This table is the single source that the node description, the error
 * messages and the sandbox all read. Nothing here is invented: the document shows no query parameters,
 * bodies or fields, so none are listed.
 */

/** Every path of the API starts with this prefix (document section 1 and 9). */
export const API_PATH_PREFIX = '/api/partners/v1';

/** The seven scopes, with the exact identifiers of document section 5. */
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

export interface Endpoint {
	/** The node's resource value (DESIGN.md section 2). */
	resource: string;
	/** The node's operation value. */
	operation: string;
	method: HttpMethod;
	/** Path below {@link API_PATH_PREFIX}; `{id}` stands for a booking or client identifier. */
	path: string;
	/** A key needs any one of these scopes (only the webhook test lists two). */
	scopes: readonly Scope[];
	/** The purpose column of the document, used in descriptions and messages. */
	purpose: string;
	/** Whether the endpoint returns a collection (a "Get Many" operation). */
	isList: boolean;
}

export const ENDPOINTS = [
	{
		resource: 'slot',
		operation: 'getAll',
		method: 'GET',
		path: '/slots',
		scopes: ['slots.read'],
		purpose: 'Available slots',
		isList: true,
	},
	{
		resource: 'booking',
		operation: 'create',
		method: 'POST',
		path: '/bookings',
		scopes: ['bookings.write'],
		purpose: 'Create a booking',
		isList: false,
	},
	{
		resource: 'booking',
		operation: 'getAll',
		method: 'GET',
		path: '/bookings',
		scopes: ['bookings.read'],
		purpose: 'List bookings',
		isList: true,
	},
	{
		resource: 'booking',
		operation: 'get',
		method: 'GET',
		path: '/bookings/{id}',
		scopes: ['bookings.read'],
		purpose: 'Booking details',
		isList: false,
	},
	{
		resource: 'booking',
		operation: 'update',
		method: 'PATCH',
		path: '/bookings/{id}',
		scopes: ['bookings.write'],
		purpose: 'Cancel or reschedule a booking',
		isList: false,
	},
	{
		resource: 'service',
		operation: 'getAll',
		method: 'GET',
		path: '/services',
		scopes: ['catalog.read'],
		purpose: 'Catalog of services',
		isList: true,
	},
	{
		resource: 'room',
		operation: 'getAll',
		method: 'GET',
		path: '/rooms',
		scopes: ['catalog.read'],
		purpose: 'Rooms / resources',
		isList: true,
	},
	{
		resource: 'client',
		operation: 'getAll',
		method: 'GET',
		path: '/clients',
		scopes: ['clients.read'],
		purpose: 'List clients',
		isList: true,
	},
	{
		resource: 'client',
		operation: 'get',
		method: 'GET',
		path: '/clients/{id}',
		scopes: ['clients.read'],
		purpose: 'Client card',
		isList: false,
	},
	{
		resource: 'payment',
		operation: 'getAll',
		method: 'GET',
		path: '/payments',
		scopes: ['payments.read'],
		purpose: 'Payment journal',
		isList: true,
	},
	{
		resource: 'webhook',
		operation: 'sendTest',
		method: 'POST',
		path: '/webhooks/test',
		scopes: ['bookings.read', 'bookings.write'],
		purpose: 'Test an outgoing webhook',
		isList: false,
	},
	{
		resource: 'webhookDelivery',
		operation: 'getAll',
		method: 'GET',
		path: '/webhooks/deliveries',
		scopes: ['webhooks.read'],
		purpose: 'Webhook delivery journal',
		isList: true,
	},
] as const satisfies readonly Endpoint[];

export type EndpointResource = (typeof ENDPOINTS)[number]['resource'];

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
