/** Executions and errors as n8n stores them, for assertions and for "is the secret in there?" searches. */
import type { IDataObject } from 'n8n-workflow';

export interface StoredError {
	name?: string;
	message: string;
	description?: string | null;
	httpCode?: string | null;
	/** The whole error serialised as n8n would persist it: search it for secrets. */
	json: string;
	data: IDataObject;
}

/**
 * n8n persists execution data with `flatted` (JSON.stringify plus a table for repeated and
 * circular references, so `toJSON()` methods apply exactly as in JSON.stringify). This does the
 * same minus the table: a repeated reference becomes "[Circular]", its content having been written
 * once already, which keeps the text complete for "is the secret in there?" assertions.
 */
export function toStoredJson(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, inner: unknown) => {
		if (typeof inner === 'object' && inner !== null) {
			if (seen.has(inner)) return '[Circular]';
			seen.add(inner);
		}
		return inner;
	});
}

/** Serialises a node error (thrown or as stored in taskData.error) as n8n stores it. */
export function storedError(error: unknown): StoredError {
	const json = toStoredJson(error);
	const data = JSON.parse(json) as IDataObject;
	return {
		name: data.name as string | undefined,
		message: String(data.message ?? ''),
		description: data.description as string | null | undefined,
		httpCode: data.httpCode as string | null | undefined,
		json,
		data,
	};
}
