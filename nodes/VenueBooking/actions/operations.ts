/**
 * The 12 operations of the node in one literal table (resource, operation → how it runs), and the node's
 * Resource and Operation dropdowns built from the endpoint rows.
 */
import type { INodeProperties } from 'n8n-workflow';
import { describeScopes, type Endpoint, type EndpointRow, ENDPOINTS, type OperationValue, type ResourceValue } from '../endpoints';
import { bookingChangeOperation } from './change';
import { getByIdOperation } from './get';
import type { HintSink, Operation } from './operation';
import { listOperation } from './list';
import { bookingWriteOperation, writeOperation } from './write';

/** What one operation is (its own module, so that the operations' modules and this table do not import each other). */
export type { HintSink, Operation };

/** How an operation is built from its endpoint row (the row gives its path, scopes, labels and id). */
type BuildOperation = (endpoint: Endpoint) => Operation;

/**
 * The 12 operations of the node, by resource and operation value: grep an operation's name to find how it
 * runs. The keys are checked against the endpoint rows, so a row without an operation (or the reverse) does
 * not compile.
 */
const OPERATION_TABLE = {
	slot: { getAll: listOperation },
	booking: { create: bookingWriteOperation, getAll: listOperation, get: getByIdOperation, update: bookingChangeOperation },
	service: { getAll: listOperation },
	room: { getAll: listOperation },
	client: { getAll: listOperation, get: getByIdOperation },
	payment: { getAll: listOperation },
	webhook: { sendTest: writeOperation },
	webhookDelivery: { getAll: listOperation },
} as const satisfies { [R in ResourceValue]: { [O in OperationValue<R>]: BuildOperation } };

export const operationKey = (endpoint: Pick<Endpoint, 'resource' | 'operation'>) => `${endpoint.resource}:${endpoint.operation}`;

export interface NodeOperation extends Operation {
	endpoint: Endpoint;
}

function buildOperation(endpoint: EndpointRow): Operation {
	const byOperation: Record<string, BuildOperation> = OPERATION_TABLE[endpoint.resource];
	return byOperation[endpoint.operation](endpoint);
}

/** Every operation of the node, one per endpoint of the API, by `resource:operation`. */
export const OPERATIONS: ReadonlyMap<string, NodeOperation> = new Map(
	ENDPOINTS.map((endpoint) => [operationKey(endpoint), { ...buildOperation(endpoint), endpoint }]),
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
