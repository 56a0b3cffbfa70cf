import { inputError, type ParameterReader } from './inputError';

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
