import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { HttpMethod } from '../endpoints';
import { NetworkFailure } from './networkFailure';
import type { ApiContext, ResponseHeaders } from './types';

export const CREDENTIAL_TYPE = 'venueBookingApi';

export interface Exchange {
	method: HttpMethod;
	url: string;
	query?: IDataObject;
	body?: unknown;
	timeoutMs: number;
}

export interface RawResponse {
	statusCode: number;
	headers: ResponseHeaders;
	/** The body as text (or as a mocked helper gave it); parsed by the caller. */
	body: unknown;
}

/**
 * One HTTP exchange through n8n's authenticated request helper. HTTP statuses come back as a response and a
 * missing answer as a NetworkFailure, so the caller decides on values; only n8n's own errors (e.g. no
 * credential) are thrown.
 */
export async function exchange(context: ApiContext, request: Exchange, redact: (text: string) => string): Promise<RawResponse | NetworkFailure> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: request.url,
		json: true,
		// Read as text and parsed by the caller: an HTML page or broken JSON becomes a clear error, not an item.
		encoding: 'text',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Redirects are followed by hand so the key is never sent to another origin, whatever the n8n
		// version's own redirect rules are.
		disableFollowRedirect: true,
		timeout: request.timeoutMs,
	};
	if (request.query && Object.keys(request.query).length > 0) {
		options.qs = request.query;
		// A list value repeats the name (`?tag=a&tag=b`), the form servers read most widely.
		options.arrayFormat = 'repeat';
	}
	if (request.body !== undefined) {
		// Serialised here so that `{}` and arrays are sent exactly as given.
		options.body = JSON.stringify(request.body);
		options.headers = { 'Content-Type': 'application/json' };
	}
	let failed: unknown;
	try {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context as IExecuteFunctions,
			CREDENTIAL_TYPE,
			options,
		)) as { statusCode: number; headers?: ResponseHeaders; body: unknown };
		return { statusCode: response.statusCode, headers: response.headers ?? {}, body: response.body };
	} catch (error) {
		failed = error;
	}
	if (failed instanceof NodeOperationError) throw failed;
	return NetworkFailure.from(failed, redact);
}
