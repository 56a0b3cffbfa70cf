import type { INodeParameters, NodeParameterValueType } from 'n8n-workflow';

import type { ParameterReader } from './inputError';

type Scalar = string | number | boolean;

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

function isScalar(value: unknown): value is Scalar {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
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
