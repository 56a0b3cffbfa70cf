import { NodeOperationError, sleep } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
} from 'n8n-workflow';

import type { Endpoint } from '../endpoints';
import { apiUrl, normalizeBaseUrl } from './baseUrl';
import { httpStatusError, transportError, type FailureContext } from './errors';
import { NetworkFailure } from './networkFailure';
import { parseBody } from './parseBody';
import { DEFAULT_RETRY_POLICY, isRetryable, retryDelayMs, type AttemptOutcome, type RetryPolicy } from './retry';

const CREDENTIAL_TYPE = 'venueBookingApi';

/** What the transport needs of an n8n context; execute, poll and load-options contexts all have it. */
export interface ApiContext {
	getNode(): INode;
	getCredentials<T extends object = ICredentialDataDecryptedObject>(type: string, itemIndex?: number): Promise<T>;
	helpers: Pick<IExecuteFunctions['helpers'], 'httpRequestWithAuthentication'>;
}

export interface ApiRequest {
	endpoint: Endpoint;
	/** The booking or client id for `{id}` paths; validated by the caller, encoded here. */
	id?: string;
	query?: IDataObject;
	/** Sent as JSON; undefined sends no body. */
	body?: unknown;
	/** An absolute URL the server handed out (a next-page link); must stay on the credential's origin. */
	url?: string;
	itemIndex?: number;
}

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface ApiResponse {
	statusCode: number;
	headers: ResponseHeaders;
	body: unknown;
	/** The URL that answered, after same-origin redirects; relative next links resolve against it. */
	url: string;
}

export interface TransportOptions {
	retry: RetryPolicy;
	/** Milliseconds without an answer before a request is abandoned (and, for a GET, retried). */
	timeoutMs: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

const DEFAULT_TRANSPORT_OPTIONS: TransportOptions = {
	retry: DEFAULT_RETRY_POLICY,
	timeoutMs: DEFAULT_TIMEOUT_MS,
};

/** Same-origin redirects a GET may follow before we call it a loop. */
const MAX_REDIRECTS = 5;

/** Shortest API key text that is masked in messages; masking 1–2 characters would garble every message. */
const MIN_MASKED_SECRET_LENGTH = 3;

/** Reads one header whatever its case; Node lower-cases them, mocks and proxies may not. */
export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
	const wanted = name.toLowerCase();
	for (const key of Object.keys(headers)) {
		if (key.toLowerCase() === wanted) {
			const value = headers[key];
			return Array.isArray(value) ? value.join(', ') : value;
		}
	}
	return undefined;
}

/**
 * Sends requests of one node execution to the Partner API: builds URLs under the credential's base URL,
 * retries what may be retried, follows only same-origin redirects (the bearer key never leaves the
 * workspace's origin) and turns every failure into an n8n error that names what to do and carries no
 * secret.
 */
export class ApiClient {
	private constructor(
		private readonly context: ApiContext,
		private readonly baseUrl: string,
		private readonly origin: string,
		private readonly secrets: string[],
		private readonly options: TransportOptions,
	) {}

	static async create(
		context: ApiContext,
		options: TransportOptions = DEFAULT_TRANSPORT_OPTIONS,
	): Promise<ApiClient> {
		const credentials = await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
		const secrets = [credentials.apiKey]
			.filter((value): value is string => typeof value === 'string')
			.flatMap((key) => [key, key.trim()])
			.filter((key) => key.length >= MIN_MASKED_SECRET_LENGTH);
		const baseUrl = normalizeBaseUrl(credentials.baseUrl);
		if ('problem' in baseUrl) {
			throw new NodeOperationError(context.getNode(), baseUrl.problem, {
				description: 'Edit the Base URL field of the Venue Booking API credential.',
			});
		}
		return new ApiClient(context, baseUrl.url, new URL(baseUrl.url).origin, secrets, options);
	}

	/** The same client with other retry and timeout settings (they may differ per item). */
	withOptions(options: TransportOptions): ApiClient {
		return new ApiClient(this.context, this.baseUrl, this.origin, this.secrets, options);
	}

	get node(): INode {
		return this.context.getNode();
	}

	/** Masks the API key in any text, for messages that quote server responses. */
	readonly redact = (text: string): string => {
		let result = text;
		for (const secret of this.secrets) result = result.split(secret).join('***');
		return result;
	};

	/** The URL for a request, with the id percent-encoded into its one path segment. */
	urlFor(request: ApiRequest): string {
		if (request.url !== undefined) return request.url;
		const path = request.endpoint.path.replace('{id}', encodeURIComponent(request.id ?? ''));
		return apiUrl(this.baseUrl, path);
	}

	async send(request: ApiRequest): Promise<ApiResponse> {
		const { endpoint } = request;
		let url = this.urlFor(request);
		this.assertSameOrigin(url, request, 1, 'The API gave a next-page link to another address');
		let query = request.url === undefined ? request.query : undefined;
		let redirects = 0;
		for (let attempt = 1; ; attempt++) {
			const failure: FailureContext = {
				node: this.context.getNode(),
				endpoint,
				itemIndex: request.itemIndex,
				attempts: attempt,
				redact: this.redact,
			};
			const result = await this.attempt(endpoint, url, query, request.body);
			if (result instanceof NetworkFailure) {
				const outcome: AttemptOutcome = { kind: 'network', code: result.code };
				if (!this.mayRetry(endpoint, outcome, attempt)) {
					throw transportError(failure, result.summary, this.networkHint(result, endpoint));
				}
				await sleep(retryDelayMs(attempt, undefined, this.options.retry) ?? 0);
				continue;
			}
			const status = result.statusCode;
			if (status >= 300 && status < 400) {
				const location = headerValue(result.headers, 'location');
				if (location !== undefined) {
					url = this.followRedirect(location, url, request, failure, ++redirects);
					query = undefined;
					attempt--;
					continue;
				}
			}
			if (status < 400) {
				const parsed = parseBody(result.body, headerValue(result.headers, 'content-type'));
				if (!parsed.ok) throw transportError(failure, `${parsed.problem} (HTTP ${status})`, parsed.hint);
				return { ...result, body: parsed.value, url };
			}
			const outcome: AttemptOutcome = { kind: 'status', status };
			const retryAfter = headerValue(result.headers, 'retry-after');
			if (!this.mayRetry(endpoint, outcome, attempt)) {
				// An error body is quoted as it came when it is not JSON (a proxy's 502 page, say).
				const parsed = parseBody(result.body, headerValue(result.headers, 'content-type'));
				throw httpStatusError(failure, status, parsed.ok ? parsed.value : result.body);
			}
			const delay = retryDelayMs(attempt, retryAfter, this.options.retry);
			if (delay === undefined) {
				const tooLong = (text: string) =>
					this.redact(`${text} (the server asked to wait ${retryAfter}, more than Max Wait allows)`);
				const parsed = parseBody(result.body, headerValue(result.headers, 'content-type'));
				throw httpStatusError({ ...failure, redact: tooLong }, status, parsed.ok ? parsed.value : result.body);
			}
			await sleep(delay);
		}
	}

	private mayRetry(endpoint: Endpoint, outcome: AttemptOutcome, attempt: number): boolean {
		return attempt <= this.options.retry.maxRetries && isRetryable(endpoint.method, outcome);
	}

	/**
	 * One HTTP exchange. HTTP statuses come back as a response and a missing answer as a NetworkFailure,
	 * so the retry loop decides on values; only n8n's own errors (e.g. no credential) are thrown.
	 */
	private async attempt(
		endpoint: Endpoint,
		url: string,
		query: IDataObject | undefined,
		body: unknown,
	): Promise<Omit<ApiResponse, 'url'> | NetworkFailure> {
		const options: IHttpRequestOptions = {
			method: endpoint.method,
			url,
			json: true,
			// Read as text and parsed here: an HTML page or broken JSON becomes a clear error, not an item.
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			// Redirects are followed by hand so the key is never sent to another origin, whatever the
			// n8n version's own redirect rules are.
			disableFollowRedirect: true,
			timeout: this.options.timeoutMs,
		};
		if (query && Object.keys(query).length > 0) {
			options.qs = query;
			// A list value repeats the name (`?tag=a&tag=b`), the form servers read most widely.
			options.arrayFormat = 'repeat';
		}
		if (body !== undefined) {
			// Serialised here so that `{}` and arrays are sent exactly as given.
			options.body = JSON.stringify(body);
			options.headers = { 'Content-Type': 'application/json' };
		}
		let failed: unknown;
		try {
			const response = (await this.context.helpers.httpRequestWithAuthentication.call(
				this.context as IExecuteFunctions,
				CREDENTIAL_TYPE,
				options,
			)) as { statusCode: number; headers?: ResponseHeaders; body: unknown };
			return { statusCode: response.statusCode, headers: response.headers ?? {}, body: response.body };
		} catch (error) {
			failed = error;
		}
		if (failed instanceof NodeOperationError) throw failed;
		return NetworkFailure.from(failed, this.redact);
	}

	private followRedirect(
		location: string,
		from: string,
		request: ApiRequest,
		failure: FailureContext,
		redirects: number,
	): string {
		if (!URL.canParse(location, from)) {
			throw transportError(failure, 'The API answered with a redirect to an invalid address', "Check the credential's Base URL.");
		}
		const target = new URL(location, from).toString();
		this.assertSameOrigin(target, request, failure.attempts, 'The API redirected to another address');
		if (request.endpoint.method !== 'GET') {
			throw transportError(
				failure,
				`The API redirected the ${request.endpoint.method} request; it was not repeated at the new address`,
				`Redirected to ${safeOrigin(target)}. Check the credential's Base URL (http vs https, www).`,
			);
		}
		if (redirects > MAX_REDIRECTS) {
			throw transportError(failure, `The API redirected more than ${MAX_REDIRECTS} times`, 'Check the credential\'s Base URL.');
		}
		return target;
	}

	/** Refuses any URL off the credential's origin: the bearer key would go with it. */
	private assertSameOrigin(url: string, request: ApiRequest, attempts: number, what: string): void {
		if (safeOrigin(url) === this.origin) return;
		throw transportError(
			{ node: this.context.getNode(), endpoint: request.endpoint, itemIndex: request.itemIndex, attempts, redact: this.redact },
			`${what} (${safeOrigin(url)}); it was not followed, so the API key was not sent there`,
			`Only addresses on ${this.origin}, the credential's Base URL, receive the key. If the workspace moved, update the Base URL.`,
		);
	}

	private networkHint(error: NetworkFailure, endpoint: Endpoint): string {
		const common = `${endpoint.method} ${endpoint.path} on ${this.origin}`;
		switch (error.code) {
			case 'ECONNREFUSED':
				return `Nothing accepted the connection for ${common}. Check the credential's Base URL and that the workspace is online.`;
			case 'ENOTFOUND':
			case 'EAI_AGAIN':
				return `The host name of the Base URL could not be resolved (${common}). Check the credential's Base URL.`;
			case 'ETIMEDOUT':
			case 'ECONNABORTED':
			case 'ERR_SOCKET_CONNECTION_TIMEOUT':
				return `No answer within ${this.options.timeoutMs} ms for ${common}. Raise the Timeout option if the API is slow.`;
			default:
				return `${common}: ${error.detail}`;
		}
	}
}

/** Scheme, host and port only: a redirect target's path or query may carry tokens. */
function safeOrigin(url: string): string {
	return URL.canParse(url) ? new URL(url).origin : 'an invalid address';
}
