/** What the sandbox remembers about each request, for tests' assertions. The API key itself is never kept. */

export interface RecordedRequest {
	/** Position in the request sequence, from 0. */
	sequence: number;
	method: string;
	/** Decoded path without the query (the raw path when it could not be decoded). */
	path: string;
	/** The path exactly as received. */
	rawPath: string;
	query: Record<string, string | string[]>;
	/** Parsed JSON body, the raw text when it was not JSON, undefined when empty or over the limit. */
	body: unknown;
	/** Request headers without `authorization`. */
	headers: Record<string, string | string[] | undefined>;
	/** Whether an Authorization header was sent (never its value). */
	authPresent: boolean;
	/** The endpoint the path matched, if any. */
	endpoint?: { resource: string; operation: string };
	/** Status sent; null while in flight, or when the connection was dropped without a response. */
	status: number | null;
	/** The injected fault, if one was. */
	fault?: 'rateLimit' | 'serverError' | 'drop';
	/** Whether the intercept hook answered this request. */
	intercepted?: boolean;
	durationMs?: number;
}

function headersWithoutAuthorization(headers: Record<string, string | string[] | undefined>): RecordedRequest['headers'] {
	const copy = { ...headers };
	delete copy.authorization;
	return copy;
}

export function newRecord(
	sequence: number,
	method: string,
	target: { path: string; rawPath: string; query: Record<string, string | string[]> },
	headers: Record<string, string | string[] | undefined>,
): RecordedRequest {
	return {
		sequence,
		method,
		path: target.path,
		rawPath: target.rawPath,
		query: target.query,
		body: undefined,
		headers: headersWithoutAuthorization(headers),
		authPresent: headers.authorization !== undefined,
		status: null,
	};
}
