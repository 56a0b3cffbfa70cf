/**
 * Free-form input in the shape of n8n's HTTP Request node: name/value pairs or JSON, and the query
 * parameters built from them.
 */
import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { isPlainObject } from '../transport/json';
import { describeType, inputError, type ParameterReader } from './readers';

/** One name/value row of a "Using Fields Below" list, as n8n stores it. */
interface PairRow {
	name?: unknown;
	value?: unknown;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Reads the rows of a name/value list (n8n stores them under `<parameter>.parameters`). Names are trimmed
 * and must not be empty; the same name twice is passed to `onDuplicate`, which decides what it means. With
 * `skipBlankRows`, a row with neither name nor value (the one n8n adds by default) is no input at all.
 */
export function readPairs(
	context: ParameterReader,
	itemIndex: number,
	parameter: string,
	label: string,
	onDuplicate: (name: string, existing: unknown, value: unknown) => unknown,
	skipBlankRows = false,
): IDataObject {
	const rows = context.getNodeParameter(`${parameter}.parameters`, itemIndex, []) as PairRow[];
	// Entries first, object last: Object.fromEntries defines keys such as `__proto__` as plain data.
	const entries = new Map<string, unknown>();
	rows.forEach((row, position) => {
		if (skipBlankRows && isBlank(row.name) && isBlank(row.value)) return;
		if (typeof row.name !== 'string' || row.name.trim() === '') {
			throw inputError(context, itemIndex, label, `row ${position + 1} has no name`, 'Give every row a name, or remove the empty row.');
		}
		const name = row.name.trim();
		const value = row.value === undefined ? '' : row.value;
		entries.set(name, entries.has(name) ? onDuplicate(name, entries.get(name), value) : value);
	});
	return Object.fromEntries(entries) as IDataObject;
}

/**
 * Parses a JSON parameter. An expression may already have produced an object, which is taken as it is;
 * text must be valid JSON. The parse error's own message is kept: it says where the JSON breaks.
 */
export function readJson(context: ParameterReader, itemIndex: number, parameter: string, label: string): unknown {
	const raw: unknown = context.getNodeParameter(parameter, itemIndex, '');
	if (typeof raw !== 'string') return raw;
	if (raw.trim() === '') return undefined;
	try {
		return JSON.parse(raw);
	} catch (error) {
		throw inputError(context, itemIndex, label, `is not valid JSON (${(error as Error).message})`,
			'Check quotes and commas, or switch to "Using Fields Below".');
	}
}

/** A JSON parameter that must hold an object, such as query parameters. */
export function readJsonObject(context: ParameterReader, itemIndex: number, parameter: string, label: string): IDataObject {
	const parsed = readJson(context, itemIndex, parameter, label);
	if (parsed === undefined) return {};
	if (!isPlainObject(parsed)) {
		throw inputError(context, itemIndex, label, `must be a JSON object, but it is ${describeType(parsed)}`,
			'Write it as { "name": "value" }.');
	}
	return parsed as IDataObject;
}

export interface FreeFormNames {
	/** e.g. "Specify Body" and its parameter name "specifyBody". */
	modeLabel: string;
	mode: string;
	/** e.g. "Body Parameters" and "bodyParameters". */
	rowsLabel: string;
	rows: string;
	/** e.g. "jsonBody". */
	json: string;
}

/**
 * The three parameters of a free-form input, shaped like n8n's HTTP Request node so users recognise it:
 * a choice between name/value rows and JSON, the rows, and the JSON. `show` adds the conditions under
 * which the whole input is shown (e.g. "Send Query Parameters" on).
 */
export function freeFormProperties(names: FreeFormNames, show: IDisplayOptions['show'] = {}): INodeProperties[] {
	return [
		{
			displayName: names.modeLabel,
			name: names.mode,
			type: 'options',
			displayOptions: { show: { ...show } },
			options: [
				{ name: 'Using Fields Below', value: 'keypair' },
				{ name: 'Using JSON', value: 'json' },
			],
			default: 'keypair',
		},
		{
			displayName: names.rowsLabel,
			name: names.rows,
			type: 'fixedCollection',
			displayOptions: { show: { ...show, [names.mode]: ['keypair'] } },
			typeOptions: { multipleValues: true },
			placeholder: 'Add Parameter',
			default: { parameters: [{ name: '', value: '' }] },
			options: [
				{
					name: 'parameters',
					displayName: 'Parameter',
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '' },
						{ displayName: 'Value', name: 'value', type: 'string', default: '' },
					],
				},
			],
		},
		{
			displayName: 'JSON',
			name: names.json,
			type: 'json',
			displayOptions: { show: { ...show, [names.mode]: ['json'] } },
			default: '',
			placeholder: 'e.g. { "name": "value" }',
		},
	];
}

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
