import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { describeType, inputError, type ParameterReader } from './inputError';
import { freeFormProperties, readJsonObject, readPairs } from './freeForm';

/**
 * Query parameters, shaped like n8n's HTTP Request node. The API document names no parameter of any
 * endpoint, so there are no dedicated fields: the user writes what their workspace's API accepts.
 */
export const queryProperties: INodeProperties[] = [
	{
		displayName: 'Send Query Parameters',
		name: 'sendQuery',
		type: 'boolean',
		default: false,
		description: 'Whether to add query parameters to the request, e.g. filters your workspace API accepts',
	},
	...freeFormProperties(
		{ modeLabel: 'Specify Query Parameters', mode: 'specifyQuery', rowsLabel: 'Query Parameters', rows: 'queryParameters', json: 'jsonQuery' },
		{ sendQuery: [true] },
	),
];

const LABEL_PAIRS = 'Query Parameters';
const LABEL_JSON = 'Query Parameters (JSON)';

type QueryValue = string | number | boolean;

function isQueryScalar(value: unknown): value is QueryValue {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** A query value must be text, a number, a boolean, or (to repeat the name) a list of those. */
function checkValue(context: ParameterReader, itemIndex: number, label: string, name: string, value: unknown): void {
	const valid = isQueryScalar(value) || (Array.isArray(value) && value.every(isQueryScalar));
	if (!valid) {
		throw inputError(context, itemIndex, label, `the value of "${name}" is ${describeType(value)}, which a URL cannot carry`,
			'Use text, a number, a boolean, or a list of those to repeat the name.');
	}
}

/** The query of one item; a name given twice is sent twice (`?a=1&a=2`), as APIs read repeated filters. */
export function readQuery(context: ParameterReader, itemIndex: number): IDataObject {
	if (!context.getNodeParameter('sendQuery', itemIndex, false)) return {};
	const mode = context.getNodeParameter('specifyQuery', itemIndex, 'keypair') as string;
	const label = mode === 'json' ? LABEL_JSON : LABEL_PAIRS;
	const query =
		mode === 'json'
			? readJsonObject(context, itemIndex, 'jsonQuery', LABEL_JSON)
			: readPairs(context, itemIndex, 'queryParameters', LABEL_PAIRS, (_name, existing, value) =>
					(Array.isArray(existing) ? existing : [existing]).concat([value]),
				);
	for (const name of Object.keys(query)) checkValue(context, itemIndex, label, name, query[name]);
	return query;
}
