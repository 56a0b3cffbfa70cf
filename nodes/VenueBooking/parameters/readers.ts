/**
 * Reading parameters: the ParameterReader every operation, the trigger and the editor methods use, the
 * NodeOperationError that names a bad parameter and its item, readers for numbers and settings read once,
 * and the {id} path parameter (a resource locator, read, trimmed and checked before any request).
 */
import {
	type IGetNodeParameterOptions,
	type INode,
	type INodeParameters,
	type INodeProperties,
	isResourceLocatorValue,
	NodeOperationError,
	type NodeParameterValueType,
} from 'n8n-workflow';
import type { IdParameter } from '../endpoints';
import { isKnownTimeZone } from '../timestamps';
import { credentialNamed } from '../transport/errors';
import { isScalar, type Scalar } from '../transport/json';

/**
 * What parameter readers need of an n8n context. Execute contexts fit as they are; the trigger's poll
 * context reads parameters without an item index and is adapted to this shape.
 */
export interface ParameterReader {
	getNode(): INode;
	getNodeParameter(name: string, itemIndex: number, fallback?: unknown, options?: IGetNodeParameterOptions): unknown;
	/** n8n's workflow time zone (its setting, else the instance's); contexts without one read as UTC. */
	getTimezone?(): string;
}

/**
 * The zone n8n hands a context: in a run the workflow's (its setting, else the instance's), in the editor's methods
 * only the instance's. The node reads times in `readZoneInForce`, which puts Options > Time Zone first. A zone this
 * runtime does not know reads as UTC.
 */
export function readTimeZone(context: { getTimezone?(): string }): string {
	const zone = typeof context.getTimezone === 'function' ? context.getTimezone() : undefined;
	return typeof zone === 'string' && zone !== '' && isKnownTimeZone(zone) ? zone : 'UTC';
}

/**
 * Options > Time Zone, trimmed: the one zone the node reads and shows date-times in when set, in the editor and in
 * executions alike (n8n hands its editor routes only the instance's zone, never the workflow's: docs/USAGE.md,
 * "Times"). Empty when unset; a zone this runtime does not know is an error naming the parameter and the item.
 */
export function readZoneSetting(context: ParameterReader, itemIndex: number): string {
	const value: unknown = context.getNodeParameter('options.timeZone', itemIndex, '');
	const zone = typeof value === 'string' ? value.trim() : '';
	if (zone === '' || isKnownTimeZone(zone)) return zone;
	throw inputError(context, itemIndex, 'Time Zone', `"${zone.slice(0, 60)}" is not a time zone`,
		"Enter an IANA time zone such as Europe/Berlin or America/New_York, or leave it empty for n8n's zone.");
}

/**
 * The zone in force: Options > Time Zone where set, else the zone n8n hands this context (`readTimeZone`): in an
 * execution the workflow's (Workflow Settings > Timezone, else the instance's), in the editor the instance's.
 */
export function readZoneInForce(context: ParameterReader, itemIndex: number): string {
	return readZoneSetting(context, itemIndex) || readTimeZone(context);
}

/**
 * The zone the workspace writes its date-times without a zone in: the credential's Workspace Time Zone, UTC when
 * it is empty (nothing in an answer says which zone such a time means; UTC is what saved credentials always had).
 * A zone this runtime does not know is an error naming the field, never a silent UTC: times would be hours off.
 */
export function readWorkspaceTimeZone(client: { node: INode; workspaceTimeZoneSetting?: string }): string {
	const zone = client.workspaceTimeZoneSetting ?? '';
	if (zone === '') return 'UTC';
	if (isKnownTimeZone(zone)) return zone;
	throw new NodeOperationError(client.node, `The Workspace Time Zone "${zone.slice(0, 60)}" of ${credentialNamed(client.node)} is not a time zone`, {
		description: 'Enter an IANA time zone such as Europe/Paris or America/New_York, or leave the field empty for UTC.',
	});
}

/**
 * A NodeOperationError about a parameter of one item. The message names both, because with hundreds of
 * input items "invalid JSON" alone does not tell the user where to look.
 */
export function inputError(
	context: ParameterReader,
	itemIndex: number,
	parameter: string,
	problem: string,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `${parameter}: ${problem} (item ${itemIndex})`, {
		itemIndex,
		description,
	});
}

/** How a value is named in messages: its JSON type, as the user would see it in an expression. */
export function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value}`;
}

/** What the trigger's poll context and the editor's method contexts share: parameters read without an item. */
interface ItemlessContext {
	getNode(): INode;
	getNodeParameter(name: string, fallback?: unknown): unknown;
	getTimezone?(): string;
}

/**
 * The shared parameter readers expect an item index, which poll and editor contexts have not: they read the
 * node's one set of parameters. One adapter for both, so the trigger and its editor dropdowns read alike.
 */
export function itemlessParameters(context: ItemlessContext): ParameterReader {
	return {
		getNode: () => context.getNode(),
		getNodeParameter: (name, _itemIndex, fallback) => context.getNodeParameter(name, fallback),
		getTimezone: () => readTimeZone(context),
	};
}

/** Whether a stored value is, or holds, an n8n expression (a string starting with "="). */
function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/** Whether the value stored at a dot path may differ per item: an expression on the path or below it. */
function mayDifferPerItem(parameters: INodeParameters, path: string): boolean {
	let value: NodeParameterValueType | undefined = parameters;
	for (const step of path.split('.')) {
		if (typeof value === 'string' && value.startsWith('=')) return true;
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
		value = (value as INodeParameters)[step];
	}
	return holdsExpression(value);
}

/**
 * A parameter reader for one execution that reads a text, number or boolean parameter only once when its
 * stored value holds no expression, since it is then the same for every item. n8n's getNodeParameter copies,
 * resolves and validates on every call; a per-item operation reads five or so settings an item (retries,
 * timeout, query switch), which for a 1,000-item fan-out was a few percent of the node's CPU time.
 * Expressions, objects (which a caller might change) and reads with options go to n8n every time.
 */
export function onceReadParameters(context: ParameterReader): ParameterReader {
	const node = context.getNode();
	const read = new Map<string, Scalar>();
	return {
		getNode: () => context.getNode(),
		getTimezone: () => readTimeZone(context),
		getNodeParameter(name, itemIndex, fallback, options) {
			const cacheable = options === undefined && (fallback === undefined || isScalar(fallback));
			if (!cacheable) return context.getNodeParameter(name, itemIndex, fallback, options);
			const key = `${name}\u0000${typeof fallback}:${String(fallback)}`;
			const known = read.get(key);
			if (known !== undefined) return known;
			const value = context.getNodeParameter(name, itemIndex, fallback);
			if (isScalar(value) && !mayDifferPerItem(node.parameters, name)) read.set(key, value);
			return value;
		},
	};
}

export interface NumberParameter {
	/** The parameter's path, e.g. `limit` or `options.maxRetries`. */
	name: string;
	/** Its label, as the message names it. */
	label: string;
	/** What an unset parameter means: the default its description declares. */
	fallback: number;
	minimum: number;
	/** Whether fractions are cut off (counts), or kept (seconds, milliseconds). */
	whole?: boolean;
	/** What to do instead, added to the message. */
	hint?: string;
}

/**
 * Reads a number parameter of one item. Text from an expression is taken when it is a number; anything else
 * — text, NaN, below the minimum — is an error naming the parameter and the item, never a silent default.
 */
export function readNumberParameter(context: ParameterReader, itemIndex: number, parameter: NumberParameter): number {
	const value: unknown = context.getNodeParameter(parameter.name, itemIndex, parameter.fallback);
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || number < parameter.minimum) {
		throw inputError(context, itemIndex, parameter.label, `must be a number of at least ${parameter.minimum}`, parameter.hint);
	}
	return parameter.whole ? Math.floor(number) : number;
}

// ---- The {id} path parameter --------------------------------------------------------------------------------

/** The editor method that lists the records an id parameter picks from (see methods/listSearch.ts). */
const SEARCH_METHOD: Record<IdParameter['name'], string> = { bookingId: 'searchBookings', clientId: 'searchClients' };

/** What the list's search box understands, said where the picker is (n8n's search box shows only "Search..."). */
const SEARCH_HINT: Record<IdParameter['name'], string> = {
	bookingId: 'The list opens on upcoming bookings. Search it by "today", "tomorrow", a date (2026-12-02 or 2 Dec), or a client\'s or room\'s name',
	clientId: 'Search the list by a client\'s name or email',
};

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
		hint: SEARCH_HINT[id.name],
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
