import { NodeOperationError, sleep } from 'n8n-workflow';
import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { apiUrl, normalizeBaseUrl } from './baseUrl';
import { httpStatusError, transportError, type FailureContext } from './errors';
import { CREDENTIAL_TYPE, exchange, type RawResponse } from './exchange';
import { headerValue } from './headers';
import { signalOfNetworkFailure, signalOfStatus, type LoadObserver, type LoadSignal } from './loadSignals';
import { NetworkFailure, networkHint } from './networkFailure';
import { parseBody } from './parseBody';
import { decideRedirect, offOriginProblem } from './redirects';
import { DEFAULT_RETRY_POLICY, isRetryable, retryDelayMs, type AttemptOutcome } from './retry';
import { keyRedactor } from './secrets';
import { DEFAULT_TIMEOUT_MS, type ApiContext, type ApiRequest, type ApiResponse, type TransportOptions } from './types';

const DEFAULT_TRANSPORT_OPTIONS: TransportOptions = { retry: DEFAULT_RETRY_POLICY, timeoutMs: DEFAULT_TIMEOUT_MS };

/** Where one attempt ended up: its answer (or none) and the URL it reached after redirects. */
interface Landing {
	result: RawResponse | NetworkFailure;
	url: string;
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
		/** Masks the API key in any text, for messages that quote server responses. */
		readonly redact: (text: string) => string,
		private readonly options: TransportOptions,
		/** Told how each attempt went, to pace requests (see actions/adaptiveConcurrency.ts). */
		private readonly observer?: LoadObserver,
	) {}

	static async create(context: ApiContext, options: TransportOptions = DEFAULT_TRANSPORT_OPTIONS): Promise<ApiClient> {
		const credentials = await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
		const baseUrl = normalizeBaseUrl(credentials.baseUrl);
		if ('problem' in baseUrl) {
			throw new NodeOperationError(context.getNode(), baseUrl.problem, {
				description: 'Edit the Base URL field of the Venue Booking API credential.',
			});
		}
		return new ApiClient(context, baseUrl.url, new URL(baseUrl.url).origin, keyRedactor(credentials.apiKey), options);
	}

	/** The same client with other retry and timeout settings (they may differ per item). */
	withOptions(options: TransportOptions): ApiClient {
		return new ApiClient(this.context, this.baseUrl, this.origin, this.redact, options, this.observer);
	}

	/** The same client, reporting the load each attempt reveals to `observer`. */
	observedBy(observer: LoadObserver): ApiClient {
		return new ApiClient(this.context, this.baseUrl, this.origin, this.redact, this.options, observer);
	}

	get node(): INode {
		return this.context.getNode();
	}

	/** The URL for a request, with the id percent-encoded into its one path segment. */
	urlFor(request: ApiRequest): string {
		if (request.url !== undefined) return request.url;
		const path = request.endpoint.path.replace('{id}', encodeURIComponent(request.id ?? ''));
		return apiUrl(this.baseUrl, path);
	}

	/**
	 * One request, retried as the rules allow. Each attempt follows its own redirects (which are not
	 * attempts); a retry starts from where the last attempt's redirects led.
	 */
	async send(request: ApiRequest): Promise<ApiResponse> {
		let url = this.urlFor(request);
		const offOrigin = offOriginProblem(url, this.origin, 'The API gave a next-page link to another address');
		if (offOrigin) throw transportError(this.failureContext(request, 1), offOrigin.problem, offOrigin.hint);
		for (let attempt = 1; ; attempt++) {
			// Built only for an error: n8n hands out a copy of the node on every getNode().
			const failure = () => this.failureContext(request, attempt);
			const landing = await this.attemptFollowingRedirects(request, url, failure);
			url = landing.url;
			const { result } = landing;
			if (result instanceof NetworkFailure) {
				this.report(signalOfNetworkFailure(result.code));
				if (!this.mayRetry(request, { kind: 'network', code: result.code }, attempt)) {
					const where = `${request.endpoint.method} ${request.endpoint.path} on ${this.origin}`;
					throw transportError(failure(), result.summary, networkHint(result, where, this.options.timeoutMs));
				}
				await sleep(retryDelayMs(attempt, undefined, this.options.retry) ?? 0);
				continue;
			}
			const status = result.statusCode;
			// An error body is quoted as it came when it is not JSON (a proxy's 502 page, say).
			const parsed = parseBody(result.body, headerValue(result.headers, 'content-type'));
			this.report(signalOfStatus(status, headerValue(result.headers, 'retry-after')));
			if (status < 400) {
				if (!parsed.ok) throw transportError(failure(), `${parsed.problem} (HTTP ${status})`, parsed.hint);
				return { ...result, body: parsed.value, url };
			}
			const body = parsed.ok ? parsed.value : result.body;
			if (!this.mayRetry(request, { kind: 'status', status }, attempt)) throw httpStatusError(failure(), status, body);
			const retryAfter = headerValue(result.headers, 'retry-after');
			const delay = retryDelayMs(attempt, retryAfter, this.options.retry);
			if (delay === undefined) {
				throw httpStatusError(failure(), status, body, `the server asked to wait ${retryAfter}, more than Max Wait allows`);
			}
			await sleep(delay);
		}
	}

	/** One attempt: an exchange, and another for each same-origin redirect a GET may follow. */
	private async attemptFollowingRedirects(request: ApiRequest, startUrl: string, failure: () => FailureContext): Promise<Landing> {
		const { method } = request.endpoint;
		// A next-page URL carries its own query; a redirect target carries the one the server chose.
		let query = request.url === undefined && startUrl === this.urlFor(request) ? request.query : undefined;
		let url = startUrl;
		for (let redirects = 1; ; redirects++) {
			const result = await exchange(this.context, { method, url, query, body: request.body, timeoutMs: this.options.timeoutMs }, this.redact);
			const location = result instanceof NetworkFailure ? undefined : redirectLocation(result);
			if (location === undefined) return { result, url };
			const decision = decideRedirect(location, url, method, this.origin, redirects);
			if ('problem' in decision) throw transportError(failure(), decision.problem, decision.hint);
			url = decision.follow;
			query = undefined;
		}
	}

	private report(signal: LoadSignal | undefined): void {
		if (signal) this.observer?.report(signal);
	}

	private mayRetry(request: ApiRequest, outcome: AttemptOutcome, attempt: number): boolean {
		return attempt <= this.options.retry.maxRetries && isRetryable(request.endpoint.method, outcome);
	}

	private failureContext(request: ApiRequest, attempts: number): FailureContext {
		return { node: this.context.getNode(), endpoint: request.endpoint, itemIndex: request.itemIndex, attempts, redact: this.redact };
	}
}

/** The target of a 3xx answer that names one; a 3xx without Location is an answer like any other. */
function redirectLocation(response: RawResponse): string | undefined {
	if (response.statusCode < 300 || response.statusCode >= 400) return undefined;
	return headerValue(response.headers, 'location');
}
