import type { INodeProperties } from 'n8n-workflow';

import { freeFormProperties, readJson, readPairs } from './freeForm';
import { describeType, inputError, type ParameterReader } from './inputError';

/**
 * The request body, shaped like n8n's HTTP Request node (JSON only: the API speaks JSON). The document
 * shows no body of any endpoint, so the user supplies the fields their workspace's API expects.
 * `optional` adds a "Send Body" switch for endpoints that may need no body at all.
 */
export function bodyProperties(optional: boolean): INodeProperties[] {
	const whenSent = optional ? { sendBody: [true] } : {};
	const properties = freeFormProperties(
		{ modeLabel: 'Specify Body', mode: 'specifyBody', rowsLabel: 'Body Parameters', rows: 'bodyParameters', json: 'jsonBody' },
		whenSent,
	);
	if (!optional) return properties;
	return [
		{
			displayName: 'Send Body',
			name: 'sendBody',
			type: 'boolean',
			default: false,
			description: 'Whether to send a JSON body with the request',
		},
		...properties,
	];
}

const LABEL_PAIRS = 'Body Parameters';
const LABEL_JSON = 'Body (JSON)';

/**
 * The body of one item: a JSON object or array, never a bare value (the API speaks JSON documents). With
 * fields, a name given twice is an error: one of the two values would silently be lost. `skipBlankRows`
 * is for operations where other parameters may carry the whole body.
 */
export function readBody(context: ParameterReader, itemIndex: number, optional: boolean, skipBlankRows = false): unknown {
	if (optional && !context.getNodeParameter('sendBody', itemIndex, false)) return undefined;
	const mode = context.getNodeParameter('specifyBody', itemIndex, 'keypair') as string;
	if (mode !== 'json') {
		const onDuplicate = (name: string) => {
			throw inputError(context, itemIndex, LABEL_PAIRS, `"${name}" is given more than once`,
				'Keep one row per name, or use JSON to send a list.');
		};
		return readPairs(context, itemIndex, 'bodyParameters', LABEL_PAIRS, onDuplicate, skipBlankRows);
	}
	const body = readJson(context, itemIndex, 'jsonBody', LABEL_JSON);
	if (body === undefined) return {};
	if (body === null || typeof body !== 'object') {
		throw inputError(context, itemIndex, LABEL_JSON, `must be a JSON object or array, but it is ${describeType(body)}`,
			'Write it as { "name": "value" }.');
	}
	return body;
}
