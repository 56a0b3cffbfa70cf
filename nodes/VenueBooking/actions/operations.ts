import type { INodeProperties } from 'n8n-workflow';

import { ENDPOINTS, describeScopes } from '../endpoints';
import { create as bookingCreate } from './booking/create.operation';
import { get as bookingGet } from './booking/get.operation';
import { getAll as bookingGetAll } from './booking/getAll.operation';
import { update as bookingUpdate } from './booking/update.operation';
import { get as clientGet } from './client/get.operation';
import { getAll as clientGetAll } from './client/getAll.operation';
import type { Operation } from './common/operation';
import { getAll as paymentGetAll } from './payment/getAll.operation';
import { getAll as roomGetAll } from './room/getAll.operation';
import { getAll as serviceGetAll } from './service/getAll.operation';
import { getAll as slotGetAll } from './slot/getAll.operation';
import { sendTest as webhookSendTest } from './webhook/sendTest.operation';
import { getAll as webhookDeliveryGetAll } from './webhookDelivery/getAll.operation';

/** Every operation of the node by resource and operation value; one per endpoint of the API. */
export const OPERATIONS: Record<string, Record<string, Operation>> = {
	booking: { create: bookingCreate, get: bookingGet, getAll: bookingGetAll, update: bookingUpdate },
	client: { get: clientGet, getAll: clientGetAll },
	payment: { getAll: paymentGetAll },
	room: { getAll: roomGetAll },
	service: { getAll: serviceGetAll },
	slot: { getAll: slotGetAll },
	webhook: { sendTest: webhookSendTest },
	webhookDelivery: { getAll: webhookDeliveryGetAll },
};

const RESOURCE_NAMES: Record<string, string> = {
	booking: 'Booking',
	client: 'Client',
	payment: 'Payment',
	room: 'Room',
	service: 'Service',
	slot: 'Slot',
	webhook: 'Webhook',
	webhookDelivery: 'Webhook Delivery',
};

const OPERATION_NAMES: Record<string, string> = {
	create: 'Create',
	get: 'Get',
	getAll: 'Get Many',
	sendTest: 'Send Test',
	update: 'Cancel or Reschedule',
};

/** The verb phrase n8n shows in the actions list and to AI agents, e.g. "Get many payments". */
const ACTIONS: Record<string, string> = {
	'booking:create': 'Create a booking',
	'booking:get': 'Get a booking',
	'booking:getAll': 'Get many bookings',
	'booking:update': 'Cancel or reschedule a booking',
	'client:get': 'Get a client',
	'client:getAll': 'Get many clients',
	'payment:getAll': 'Get many payments',
	'room:getAll': 'Get many rooms',
	'service:getAll': 'Get many services',
	'slot:getAll': 'Get many slots',
	'webhook:sendTest': 'Send a test webhook',
	'webhookDelivery:getAll': 'Get many webhook deliveries',
};

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: Object.keys(RESOURCE_NAMES).map((value) => ({ name: RESOURCE_NAMES[value], value })),
	default: 'booking',
};

/** One Operation dropdown per resource, built from the endpoint table so that none can be missed. */
function operationProperty(resource: string): INodeProperties {
	const endpoints = ENDPOINTS.filter((endpoint) => endpoint.resource === resource);
	const defaultOperation = endpoints.some((endpoint) => endpoint.operation === 'getAll') ? 'getAll' : endpoints[0].operation;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: endpoints
			.map((endpoint) => ({
				name: OPERATION_NAMES[endpoint.operation],
				value: endpoint.operation,
				action: ACTIONS[`${resource}:${endpoint.operation}`],
				description: `${endpoint.purpose} (${endpoint.method} ${endpoint.path}, scope ${describeScopes(endpoint)})`,
			}))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
}

export const nodeProperties: INodeProperties[] = [
	resourceProperty,
	...Object.keys(RESOURCE_NAMES).map(operationProperty),
	...Object.values(OPERATIONS).flatMap((byOperation) => Object.values(byOperation).flatMap((op) => op.description)),
];
