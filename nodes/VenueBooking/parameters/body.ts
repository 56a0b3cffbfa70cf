/**
 * Request bodies: the free-form body and the fields seen on the workspace's records (a resource mapper),
 * merged into one JSON body.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { isPlainObject } from '../transport/json';
import { freeFormProperties, readJson, readPairs } from './freeForm';
import { describeType, inputError, type ParameterReader } from './readers';

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

const LABEL = 'Fields Seen in Your Workspace';

/**
 * The fields seen on the workspace's existing bookings, filled in the editor (methods/bookingFields.ts
 * offers them). They are labelled as seen, not as the API's schema; the free-form body below stays for
 * anything the sample does not show.
 */
export const seenFieldsProperties: INodeProperties[] = [
	{
		displayName:
			'The fields below were seen on bookings in your workspace (one page of them), with the types and values seen there. They are not the API\'s schema: leave a field empty to not send it, and add anything else under Body.',
		name: 'seenFieldsNotice',
		type: 'notice',
		default: '',
		displayOptions: { hide: { '@tool': [true] } },
	},
	{
		// n8n shows `@tool` parameters only on the agent's tool variant of the node.
		displayName:
			'As an AI agent\'s tool: click "Let the model define this parameter" beside a field and the agent fills it, asked for it by the field\'s name as your workspace spells it. A field with a dropdown takes an expression instead: {{ $fromAI(\'<field name>\', \'<what the agent should give>\') }}. The fields were seen on bookings in your workspace; they are not the API\'s schema.',
		name: 'seenFieldsToolNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@tool': [true] } },
	},
	{
		displayName: LABEL,
		name: 'fields',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		typeOptions: {
			resourceMapper: {
				resourceMapperMethod: 'bookingFields',
				mode: 'add',
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: true,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
	},
];

/**
 * The offered fields the user filled for one item. Values are read as entered (expressions resolved), not
 * converted to the sampled types: a dropdown lists only one page of rooms or clients, and an expression may
 * rightly name another; the API is the judge of values. Empty fields are not sent.
 */
export function readSeenFields(context: ParameterReader, itemIndex: number): IDataObject {
	const mapper = context.getNodeParameter('fields', itemIndex, {}, { skipValidation: true }) as unknown;
	const values = isPlainObject(mapper) && isPlainObject(mapper.value) ? mapper.value : {};
	const filled = Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== '');
	return Object.fromEntries(filled) as IDataObject;
}

/**
 * The body sent: the offered fields and the free-form body together. A name in both is an error that
 * names it, because one of the two values would otherwise be lost without a word.
 */
export function mergeBody(context: ParameterReader, itemIndex: number, fields: IDataObject, body: unknown): unknown {
	if (Object.keys(fields).length === 0) return body;
	if (body === undefined) return fields;
	if (!isPlainObject(body)) {
		throw inputError(context, itemIndex, LABEL, 'cannot be combined with a body that is not a JSON object',
			'Send the fields inside the JSON body instead, or clear the fields.');
	}
	const clash = Object.keys(fields).find((name) => Object.prototype.hasOwnProperty.call(body, name));
	if (clash !== undefined) {
		throw inputError(context, itemIndex, LABEL, `"${clash}" is also given in the body`,
			'Give each field once: clear it in the fields or remove it from the body.');
	}
	return { ...fields, ...body };
}
