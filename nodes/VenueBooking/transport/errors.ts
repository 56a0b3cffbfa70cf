/**
 * Errors: HTTP answers turned into NodeApiErrors that say what happened and what to do (scope named from the
 * endpoint table, the server's own message), and network failures with their hints.
 */
import { type INode, type JsonObject, NodeApiError } from 'n8n-workflow';
import { describeScopes, type Endpoint } from '../endpoints';
import { canonicalJson } from './json';

/** The longest piece of a response body an error description quotes; bodies can be megabytes of HTML. */
const MAX_QUOTED_BODY = 2000;

export interface FailureContext {
	node: INode;
	endpoint: Endpoint;
	itemIndex?: number;
	/** How many requests were made before giving up (1 when nothing was retried). */
	attempts: number;
	/** Removes secrets (the API key) from any text that is about to leave the transport. */
	redact: (text: string) => string;
	/** The page of a list walk that failed, from 1. */
	page?: number;
}

/** Where APIs commonly put a human message in an error body; the API document shows no error shape. */
function findServerMessage(body: unknown): string | undefined {
	if (typeof body === 'string') return undefined;
	if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const record = body as Record<string, unknown>;
	for (const key of ['message', 'error_description', 'detail', 'title', 'description']) {
		if (typeof record[key] === 'string' && record[key]) return record[key] as string;
	}
	const error = record.error;
	if (typeof error === 'string' && error) return error;
	if (error && typeof error === 'object') {
		const nested = findServerMessage(error);
		if (nested) return nested;
	}
	const errors = record.errors;
	if (Array.isArray(errors) && errors.length > 0) {
		const first: unknown = errors[0];
		if (typeof first === 'string') return first;
		return findServerMessage(first);
	}
	return undefined;
}

function quoteBody(body: unknown): string {
	if (body === undefined || body === null || body === '') return '(empty body)';
	if (typeof body !== 'string') {
		const text = canonicalJson(body, MAX_QUOTED_BODY);
		return text.length > MAX_QUOTED_BODY ? `${text.slice(0, MAX_QUOTED_BODY)}…` : text;
	}
	return body.length > MAX_QUOTED_BODY ? `${body.slice(0, MAX_QUOTED_BODY)}… (${body.length} characters)` : body;
}

/** What the status means for this endpoint, and what the user can do about it. */
function adviceFor(status: number, endpoint: Endpoint, attempts: number, page?: number): string {
	const tried = attempts > 1 ? ` after ${attempts} attempts` : '';
	// Page 1 answered, so the address is right: a later page's 404 or 400 is about the walk, not the Base URL.
	if (page !== undefined && page > 1 && [400, 404, 410, 422].includes(status)) {
		return `Page ${page} of ${endpoint.method} ${endpoint.path} was refused (${status}) although the page before it said more entries follow: the API may not accept the pagination parameter sent, or its list changed during the walk; check Options > Pagination`;
	}
	switch (status) {
		case 400:
			return 'The API rejected the request as malformed (400): check the query parameters and body you sent';
		case 401:
			return 'The API key was refused (401): check the API Key of the Venue Booking API credential';
		case 403:
			return `The API key lacks the ${describeScopes(endpoint)} scope needed to ${lowerFirst(endpoint.purpose)} (403), or the workspace is not on the Platform (GROWTH+) plan`;
		case 404:
			return endpoint.path.includes('{id}')
				? `Nothing found at ${endpoint.method} ${endpoint.path} (404): check the ID, and that the credential's Base URL is your workspace's address`
				: `The API has no ${endpoint.method} ${endpoint.path} at this address (404): check the credential's Base URL (the workspace address, e.g. https://studio.example.com)`;
		case 405:
			return `The server does not allow ${endpoint.method} ${endpoint.path} (405): check the credential's Base URL`;
		case 409:
			return 'The request conflicts with the current state of the workspace (409), e.g. the slot is already taken';
		case 413:
			return 'The request body is too large for the API (413)';
		case 422:
			return 'The API could not accept the values sent (422): check the body and query parameters';
		case 429:
			return `The API's rate limit was reached (429) and it still refused${tried}: lower the request rate or raise Max Retries / Max Wait in the options`;
		default:
			if (status >= 500) {
				return `The API failed with a server error (${status})${tried}: try again later`;
			}
			return `The API answered with HTTP status ${status}${tried}`;
	}
}

function lowerFirst(text: string): string {
	return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * A NodeApiError for an HTTP status the API answered with. The original response never travels along.
 * `note` adds what the transport knows beyond the status (e.g. that Retry-After asked for too long).
 */
export function httpStatusError(context: FailureContext, status: number, body: unknown, note?: string): NodeApiError {
	const advice = adviceFor(status, context.endpoint, context.attempts, context.page) + (note ? ` (${note})` : '');
	const serverMessage = findServerMessage(body);
	const description = context.redact(
		[serverMessage ? `The server said: ${serverMessage}` : undefined, `Response body: ${quoteBody(body)}`]
			.filter(Boolean)
			.join('\n'),
	);
	const message = context.redact(advice);
	return new NodeApiError(context.node, { message, description, httpCode: String(status) } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex: context.itemIndex,
	});
}

/** A NodeApiError for a request that got no HTTP answer (refused, reset, timed out, redirected away). */
export function transportError(context: FailureContext, what: string, hint: string): NodeApiError {
	const tried = context.attempts > 1 ? ` after ${context.attempts} attempts` : '';
	const message = context.redact(`${what}${tried}`);
	const description = context.redact(hint);
	return new NodeApiError(context.node, { message, description } as JsonObject, {
		message,
		description,
		itemIndex: context.itemIndex,
	});
}

export { findServerMessage };

/**
 * Whether an error answers a stored page request the API no longer serves (an expired cursor, a page past
 * a shortened list): 400, 404, 410 or 422. A walk resumed from such a page can start over from page 1;
 * anything else (the key refused, rate limits, outages) is a real failure.
 */
export function isStalePageRefusal(error: unknown): boolean {
	return error instanceof NodeApiError && [400, 404, 410, 422].includes(Number(error.httpCode));
}

/**
 * What the transport keeps of a request that got no HTTP answer (refused, reset, timed out): a system
 * error code for the retry rules, and texts without the request's configuration, so no header (and no
 * key) travels further.
 */
export class NetworkFailure extends Error {
	constructor(
		readonly code: string,
		readonly summary: string,
		readonly detail: string,
	) {
		super(summary);
	}

	static from(error: unknown, redact: (text: string) => string): NetworkFailure {
		const record = (error ?? {}) as {
			code?: unknown;
			httpCode?: unknown;
			message?: unknown;
			messages?: unknown;
			cause?: { code?: unknown; message?: unknown };
		};
		// n8n-core wraps the socket error in a NodeApiError whose httpCode holds the system code
		// (e.g. "ECONNREFUSED") and whose messages hold the original text; older versions keep a cause.
		const texts = [record.cause?.message, record.message, ...(Array.isArray(record.messages) ? record.messages : [])]
			.filter((text): text is string => typeof text === 'string');
		const codes = [record.cause?.code, record.code, record.httpCode].filter((c): c is string => typeof c === 'string');
		const code =
			codes.find((candidate) => SYSTEM_CODE.test(candidate)) ??
			texts.map((text) => SYSTEM_CODE_IN_TEXT.exec(text)?.[1]).find(Boolean) ??
			(texts.some((text) => /timeout/i.test(text)) ? 'ETIMEDOUT' : 'UNKNOWN');
		const rawMessage = texts.find((text) => text.includes(code)) ?? texts[0] ?? 'unknown error';
		return new NetworkFailure(code, summaryFor(code, rawMessage), redact(`${rawMessage} (${code})`));
	}
}

/** Node's system error codes: ECONNRESET, ETIMEDOUT, ERR_SOCKET_CONNECTION_TIMEOUT, DNS's EAI_AGAIN and the like. */
const SYSTEM_CODE = /^(E[A-Z]+|EAI_[A-Z]+|ERR_[A-Z_]+)$/;
const SYSTEM_CODE_IN_TEXT = /\b(EAI_[A-Z]+|E[A-Z]{3,}|ERR_[A-Z_]+)\b/;

function summaryFor(code: string, message: string): string {
	if (code === 'ECONNREFUSED') return 'The API refused the connection';
	if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(message)) {
		return 'The API closed the connection without an answer';
	}
	if (code === 'ETIMEDOUT' || code === 'ECONNABORTED' || /timeout/i.test(message)) return 'The API did not answer in time';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The API host could not be found';
	return 'The request to the API failed before an answer came';
}

/** What to do about a request that got no answer; `where` names the endpoint and origin it went to. */
export function networkHint(failure: NetworkFailure, where: string, timeoutMs: number): string {
	switch (failure.code) {
		case 'ECONNREFUSED':
			return `Nothing accepted the connection for ${where}. Check the credential's Base URL and that the workspace is online.`;
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return `The host name of the Base URL could not be resolved (${where}). Check the credential's Base URL.`;
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
		case 'ERR_SOCKET_CONNECTION_TIMEOUT':
			return `No answer within ${timeoutMs} ms for ${where}. Raise the Timeout option if the API is slow.`;
		default:
			return `${where}: ${failure.detail}`;
	}
}

/** A promise's outcome as a value: its result, or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Waits for work and returns how it ended instead of throwing. The places that must look at a failure
 * before passing it on use this rather than try/catch: n8n's lint rule forbids rethrowing a caught error
 * as it is, and these places rethrow most failures untouched.
 */
export async function settle<T>(work: Promise<T>): Promise<Settled<T>> {
	return await work.then(
		(value): Settled<T> => ({ ok: true, value }),
		(error: unknown): Settled<T> => ({ ok: false, error }),
	);
}
