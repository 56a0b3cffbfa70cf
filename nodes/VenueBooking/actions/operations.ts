import type { INodeProperties } from 'n8n-workflow';

import { ENDPOINTS, describeScopes, type Endpoint, type EndpointShape } from '../endpoints';
import * as bookingCreate from './booking/create.operation';
import * as bookingUpdate from './booking/update.operation';
import type { Operation } from './common/operation';
import { getByIdOperation } from './shapes/getById';
import { listOperation } from './shapes/list';
import { writeOperation } from './shapes/write';

/** How an operation without parameters of its own is built from its endpoint row. */
const BUILD_BY_SHAPE: Record<EndpointShape, (endpoint: Endpoint) => Operation> = {
	list: listOperation,
	getById: getByIdOperation,
	write: writeOperation,
};

/**
 * Operations with parameters of their own, by `resource:operation`: each is a file of actions/<resource>/
 * exporting `description` and `execute`. Every other endpoint is built from its row by shape.
 */
const OWN_OPERATIONS: Record<string, Operation> = {
	'booking:create': bookingCreate,
	'booking:update': bookingUpdate,
};

export const operationKey = (endpoint: Pick<Endpoint, 'resource' | 'operation'>) => `${endpoint.resource}:${endpoint.operation}`;

export interface NodeOperation extends Operation {
	endpoint: Endpoint;
}

/** Every operation of the node, one per endpoint of the API, by `resource:operation`. */
export const OPERATIONS: ReadonlyMap<string, NodeOperation> = new Map(
	ENDPOINTS.map((endpoint: Endpoint) => {
		const operation = OWN_OPERATIONS[operationKey(endpoint)] ?? BUILD_BY_SHAPE[endpoint.shape](endpoint);
		return [operationKey(endpoint), { ...operation, endpoint }];
	}),
);

const resources = [...new Map(ENDPOINTS.map((endpoint) => [endpoint.resource, endpoint.resourceName])).entries()];

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resources.map(([value, name]) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name)),
	default: 'booking',
};

/** One Operation dropdown per resource, built from the endpoint rows so that none can be missed. */
function operationProperty(resource: string): INodeProperties {
	const endpoints: Endpoint[] = ENDPOINTS.filter((endpoint) => endpoint.resource === resource);
	const defaultOperation = endpoints.some((endpoint) => endpoint.operation === 'getAll') ? 'getAll' : endpoints[0].operation;
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: endpoints
			.map((endpoint) => ({
				name: endpoint.operationName,
				value: endpoint.operation,
				action: endpoint.action,
				description: `${endpoint.purpose} (${endpoint.method} ${endpoint.path}, scope ${describeScopes(endpoint)})`,
			}))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
}

export const nodeProperties: INodeProperties[] = [
	resourceProperty,
	...resources.map(([resource]) => operationProperty(resource)),
	...[...OPERATIONS.values()].flatMap((operation) => operation.description),
];
