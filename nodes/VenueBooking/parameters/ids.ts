/**
 * The {id} path parameter: a resource locator (From List or By ID), read, trimmed and checked before any
 * request.
 */
import { type INodeProperties, isResourceLocatorValue } from 'n8n-workflow';
import type { IdParameter } from '../endpoints';
import { describeType, inputError, type ParameterReader } from './readers';

/** The editor method that lists the records an id parameter picks from (see methods/listSearch.ts). */
const SEARCH_METHOD: Record<IdParameter['name'], string> = { bookingId: 'searchBookings', clientId: 'searchClients' };

/**
 * The id of the record an operation acts on: picked from a list of the workspace's records, or typed.
 * Saved workflows hold a plain string here (the parameter was a text box before); n8n passes such a value
 * through unchanged, so they keep running.
 */
export function idProperty(id: IdParameter): INodeProperties {
	return {
		displayName: id.displayName,
		name: id.name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: `The ${id.what} to act on: pick it from your workspace's ${id.what}s, or enter its identifier (map it from an earlier node with an expression)`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${id.what}...`,
				typeOptions: { searchListMethod: SEARCH_METHOD[id.name], searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. the ${id.what}'s identifier`,
			},
		],
	};
}

/**
 * The Identity Field option of an id operation: which field of a record the list uses as its identity when
 * records have no scalar `id` (the same rule, and the same override, as the trigger's).
 */
export function identityFieldOption(id: IdParameter): INodeProperties {
	return {
		displayName: 'Identity Field',
		name: 'identityPath',
		type: 'string',
		default: '',
		placeholder: 'e.g. reference_code',
		description: `Field that identifies a ${id.what} in the From List picker, as a dot path. Leave empty to use each record's ID.`,
	};
}

/**
 * The id of one item, trimmed and checked before any request: an empty id would turn `GET /bookings/{id}`
 * into the list endpoint, and `.` or `..` would be resolved away by URL parsers (even percent-encoded),
 * reaching a different endpoint than the user meant. Everything else is percent-encoded by the transport.
 */
export function readId(context: ParameterReader, itemIndex: number, id: IdParameter): string {
	const parameter: unknown = context.getNodeParameter(id.name, itemIndex, '', { extractValue: true });
	// n8n extracts the value of a picked or typed locator; a bare locator object is taken apart the same way.
	const raw = isResourceLocatorValue(parameter) ? parameter.value : parameter;
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, itemIndex, id.displayName, `must be text or a number, but it is ${describeType(raw)}`,
			'If it comes from an expression, point it at the id field itself, e.g. {{ $json.id }}.');
	}
	const value = String(raw).trim();
	if (value === '') {
		throw inputError(context, itemIndex, id.displayName, 'is empty', `Pick the ${id.what} from the list, enter its identifier, or map it from the input, e.g. {{ $json.id }}.`);
	}
	if (value === '.' || value === '..') {
		throw inputError(context, itemIndex, id.displayName, `"${value}" is not a valid identifier`,
			'URLs treat "." and ".." as directory steps, so they cannot be sent as an identifier.');
	}
	return value;
}
