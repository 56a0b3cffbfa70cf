/**
 * Writes answered as per-item results (the `writeResults: 'perItem'` option), as APIs that take batches answer
 * even a single write: no survey found the shape, so it is the sandbox's own, an "unsurveyed" convention the node
 * must read by structure. A write that succeeds answers `[{"success": true, "created": {…record}}]` (`changed` for a
 * PATCH, `sent` for the webhook test) with its usual status; a write whose values are refused (400, 409, 422)
 * answers with a success status, 201 for a POST and 200 otherwise, and `[{"success": false, "errors": [{"field",
 * "message"}]}]`. It applies over the sandbox's own dialect and over any convention, to writes only.
 */
import type { ApiError } from './errors';

export const WRITE_RESULTS = ['record', 'perItem'] as const;
export type WriteResults = (typeof WRITE_RESULTS)[number];

/** The member of a success result that holds the record written, by method and path. */
function memberFor(method: string, path: string): string {
	if (method === 'PATCH') return 'changed';
	return /\/webhooks\/test\/?$/.test(path) ? 'sent' : 'created';
}

/** A write's answer as one success result. */
export function successResults(method: string, path: string, body: unknown): unknown {
	return [{ success: true, [memberFor(method, path)]: body }];
}

/** Statuses whose refusals are about the values sent: those come back as a refused result in a 2xx answer. */
const VALUE_REFUSALS = new Set([400, 409, 422]);

/** A refused write as one refused result with a success status, or undefined for errors that keep their status. */
export function refusedResults(method: string, error: ApiError): { status: number; body: unknown } | undefined {
	if (!VALUE_REFUSALS.has(error.status)) return undefined;
	const details = error.details ?? [];
	// One field refused: the whole sentence about it; several: each field's own words.
	const errors = details.length === 0 ? [{ message: error.message }] : details.length === 1 ? [{ field: details[0].field, message: error.message }] : details.map(({ field, message }) => ({ field, message }));
	return { status: method === 'POST' ? 201 : 200, body: [{ success: false, errors }] };
}
