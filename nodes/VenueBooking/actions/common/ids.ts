import type { INodeProperties } from 'n8n-workflow';

import type { IdParameter } from '../../endpoints';
import { describeType, inputError, type ParameterReader } from './inputError';

export function idProperty(id: IdParameter): INodeProperties {
	return {
		displayName: id.displayName,
		name: id.name,
		type: 'string',
		required: true,
		default: '',
		description: `The ${id.what}'s identifier, in the format your workspace uses. Map it from an earlier node with an expression.`,
	};
}

/**
 * The id of one item, trimmed and checked before any request: an empty id would turn `GET /bookings/{id}`
 * into the list endpoint, and `.` or `..` would be resolved away by URL parsers (even percent-encoded),
 * reaching a different endpoint than the user meant. Everything else is percent-encoded by the transport.
 */
export function readId(context: ParameterReader, itemIndex: number, id: IdParameter): string {
	const raw: unknown = context.getNodeParameter(id.name, itemIndex, '');
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, itemIndex, id.displayName, `must be text or a number, but it is ${describeType(raw)}`,
			'If it comes from an expression, point it at the id field itself, e.g. {{ $json.id }}.');
	}
	const value = String(raw).trim();
	if (value === '') {
		throw inputError(context, itemIndex, id.displayName, 'is empty', `Enter the ${id.what}'s identifier, or map it from the input, e.g. {{ $json.id }}.`);
	}
	if (value === '.' || value === '..') {
		throw inputError(context, itemIndex, id.displayName, `"${value}" is not a valid identifier`,
			'URLs treat "." and ".." as directory steps, so they cannot be sent as an identifier.');
	}
	return value;
}
