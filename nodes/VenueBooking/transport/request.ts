/**
 * The request path: the ApiClient every operation, poll and editor method uses, one exchange through n8n's
 * httpRequestWithAuthentication, same-origin redirects, retries and the shapes of requests and responses;
 * and authentication: the credential's Base URL normalised to the API prefix, the bearer header, and the
 * redactor that keeps the API key out of every message.
 */
import { type IAdditionalCredentialOptions, type ICredentialDataDecryptedObject, type ICredentialsDecrypted, type IDataObject, type IExecuteFunctions, type IHttpRequestOptions, type INode, NodeOperationError, sleep } from 'n8n-workflow';
import { API_PATH_PREFIX, type Endpoint, type HttpMethod } from '../endpoints';
import { RATE_LIMIT_HEADERS } from '../conventions';
import { credentialNamed, declaredFailureError, type FailureContext, failureDeclaredInBody, httpStatusError, NetworkFailure, networkHint, refusalInWriteAnswer, refusedResultError, transportError } from './errors';
import { hashText, isPlainObject } from './json';
import { QuotaDeferral, RatePacer } from './ratePacer';
import { parseBody } from './response';
import { type AttemptOutcome, DEFAULT_RETRY_POLICY, isRetryable, type LoadObserver, type LoadSignal, parseRetryAfter, retryDelayMs, type RetryPolicy, signalOfNetworkFailure, signalOfStatus } from './retry';

/** What the transport needs of an n8n context; execute, poll and load-options contexts all have it. */
export interface ApiContext {
	getNode(): INode;
	getCredentials<T extends object = ICredentialDataDecryptedObject>(type: string, itemIndex?: number): Promise<T>;
	helpers: Pick<IExecuteFunctions['helpers'], 'httpRequestWithAuthentication'>;
}

export interface ApiRequest {
	endpoint: Endpoint;
	/** The booking or client id for `{id}` paths; validated by the caller, encoded by the client. */
	id?: string;
	query?: IDataObject;
	/** Sent as JSON (or as a form, `bodyEncoding`); undefined sends no body. */
	body?: unknown;
	/** How a body is written: JSON (the default), or form fields (Options > Body Encoding). */
	bodyEncoding?: BodyEncoding;
	/** An absolute URL the server handed out (a next-page link); must stay on the credential's origin. */
	url?: string;
	itemIndex?: number;
	/** Which page of a list walk this is (from 1); a failure on a later page is worded for that page. */
	page?: number;
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
	/**
	 * The editor's: a clock time by which a request must be able to start. One the pacer would hold past it (an
	 * exhausted quota, a Retry-After hold) is not sent, and a 429 asking to wait past it is not retried: both end in a
	 * QuotaDeferral saying when the quota frees up. Runs have none and wait as the API asks.
	 */
	deadline?: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

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
		/**
		 * How fast attempts may start: one per client made by `create`, so one per credential and Base URL in an
		 * execution, shared by every copy (`withOptions`, `observedBy`): items, pages, editor reads, polls.
		 */
		readonly pacer: RatePacer,
		/** Told how each attempt went, to size the window of requests in flight (the adaptive window, retry.ts). */
		private readonly observer?: LoadObserver,
		/**
		 * The credential as read once for this client, handed to every request. Without it n8n reads and resolves the
		 * credential again for each request, and in a poll or an editor method (no execution to borrow from) it does
		 * so in a throwaway workflow that takes an expression isolate of its own: under n8n 2.x's default expression
		 * engine about 50 ms a request (docs/PERFORMANCE.md, "Expression engines").
		 */
		private readonly credentials?: ICredentialsDecrypted,
	) {}

	static async create(context: ApiContext, options: TransportOptions = DEFAULT_TRANSPORT_OPTIONS): Promise<ApiClient> {
		const credentials = await context.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
		const baseUrl = normalizeBaseUrl(credentials.baseUrl);
		if ('problem' in baseUrl) {
			throw new NodeOperationError(context.getNode(), baseUrl.problem, {
				description: `Edit the Base URL field of ${credentialNamed(context.getNode())}.`,
			});
		}
		const chosen = context.getNode().credentials?.[CREDENTIAL_TYPE];
		const decrypted: ICredentialsDecrypted = { id: chosen?.id ?? '', name: chosen?.name ?? '', type: CREDENTIAL_TYPE, data: credentials };
		return new ApiClient(context, baseUrl.url, new URL(baseUrl.url).origin, keyRedactor(credentials.apiKey), options, new RatePacer(), undefined, decrypted);
	}

	/** The same client with other retry and timeout settings (they may differ per item). */
	withOptions(options: TransportOptions): ApiClient {
		return new ApiClient(this.context, this.baseUrl, this.origin, this.redact, options, this.pacer, this.observer, this.credentials);
	}

	/** The same client with another pacer: the editor's, shared by the calls of one session (editorSession.ts). */
	withPacer(pacer: RatePacer): ApiClient {
		return new ApiClient(this.context, this.baseUrl, this.origin, this.redact, this.options, pacer, this.observer, this.credentials);
	}

	/** The clock time by which this client's requests must start (TransportOptions.deadline), if any. */
	get deadline(): number | undefined {
		return this.options.deadline;
	}

	/** The same client, reporting the load each attempt reveals to `observer`. */
	observedBy(observer: LoadObserver): ApiClient {
		return new ApiClient(this.context, this.baseUrl, this.origin, this.redact, this.options, this.pacer, observer, this.credentials);
	}

	get node(): INode {
		return this.context.getNode();
	}

	/**
	 * The workspace as this credential reaches it, for the editor's memory (editorSession.ts): the Base URL, the
	 * credential's id and the key hashed together, so a changed key starts afresh and the key is never kept as a key.
	 */
	get sessionKey(): string {
		const apiKey = this.credentials?.data?.apiKey;
		return hashText([this.baseUrl, this.credentials?.id ?? '', hashText(typeof apiKey === 'string' ? apiKey.trim() : '')].join('\n'));
	}

	/** The credential's Workspace Time Zone as entered, trimmed ('' when unset); parameters/readers.ts judges it. */
	get workspaceTimeZoneSetting(): string {
		const setting = this.credentials?.data?.[WORKSPACE_TIME_ZONE];
		return typeof setting === 'string' ? setting.trim() : '';
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
			this.report(signalOfStatus(status, headerValue(result.headers, RATE_LIMIT_HEADERS.retryAfter)));
			if (status < 400) {
				if (!parsed.ok) throw transportError(failure(), `${parsed.problem} (HTTP ${status})`, parsed.hint);
				// `{"ok": false, "error": …}` with 200 (Slack, Pipedrive) is a refusal, never an empty list.
				const declared = status < 300 ? failureDeclaredInBody(parsed.value) : undefined;
				if (declared !== undefined) throw declaredFailureError(failure(), status, parsed.value, declared);
				// A write answered with per-item results (`[{"success": false, "errors": […]}]`) made nothing where one is refused.
				const refused = status < 300 && request.endpoint.method !== 'GET' ? refusalInWriteAnswer(parsed.value) : undefined;
				if (refused !== undefined) throw refusedResultError(failure(), status, parsed.value, refused);
				return { ...result, body: parsed.value, url };
			}
			const body = parsed.ok ? parsed.value : result.body;
			if (!this.mayRetry(request, { kind: 'status', status }, attempt)) throw httpStatusError(failure(), status, body);
			const retryAfter = headerValue(result.headers, RATE_LIMIT_HEADERS.retryAfter);
			const delay = retryDelayMs(attempt, retryAfter, this.options.retry);
			const deferred = status === 429 ? this.deferralPast(delay ?? parseRetryAfter(retryAfter)) : undefined;
			if (deferred) throw deferred;
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
			// Every exchange spends the API's budget, a redirect's too: each waits for its turn in the pacer. Where the
			// turn would come past the deadline (the editor's), the request is not sent at all.
			const held = this.options.deadline === undefined ? undefined : this.pacer.nextStart();
			if (held && held.waitMs > 0 && Date.now() + held.waitMs > this.options.deadline!) {
				throw new QuotaDeferral(this.context.getNode(), held.quotaFreeAt ?? Date.now() + held.waitMs, Date.now(), held.quotaFreeAt !== undefined);
			}
			const ticket = await this.pacer.admit(this.options.retry.maxWaitMs);
			const result = await exchange(this.context, { method, url, query, body: request.body, bodyEncoding: request.bodyEncoding, timeoutMs: this.options.timeoutMs }, this.redact, this.credentials);
			if (!(result instanceof NetworkFailure)) this.pacer.observe(ticket, result.statusCode, (name) => headerValue(result.headers, name));
			const location = result instanceof NetworkFailure ? undefined : redirectLocation(result);
			if (location === undefined) return { result, url };
			const decision = decideRedirect(location, url, method, this.origin, redirects);
			if ('problem' in decision) throw transportError(failure(), decision.problem, decision.hint);
			url = decision.follow;
			query = undefined;
		}
	}

	/**
	 * The QuotaDeferral for a refusal whose wait runs past the deadline (none without one): the pacer holds every
	 * later start of the session until then, so one refusal is all an editor call meets.
	 */
	private deferralPast(waitMs: number | undefined): QuotaDeferral | undefined {
		const { deadline } = this.options;
		if (deadline === undefined) return undefined;
		const now = Date.now();
		// A refusal without a Retry-After: the pacer's own word on the budget, else a second's pause.
		const freeAt = now + (waitMs ?? Math.max(1000, this.pacer.nextStart(now).waitMs));
		if (freeAt <= deadline) return undefined;
		this.pacer.holdUntilAtLeast(freeAt);
		return new QuotaDeferral(this.context.getNode(), freeAt, now);
	}

	/** Tells the window how an attempt went; a 429 is the pacer's to answer (a rate, not a number in flight). */
	private report(signal: LoadSignal | undefined): void {
		if (signal && !(signal.kind === 'overloaded' && signal.reason === 'rate limit (429)')) this.observer?.report(signal);
	}

	private mayRetry(request: ApiRequest, outcome: AttemptOutcome, attempt: number): boolean {
		return attempt <= this.options.retry.maxRetries && isRetryable(request.endpoint.method, outcome);
	}

	private failureContext(request: ApiRequest, attempts: number): FailureContext {
		return { node: this.context.getNode(), endpoint: request.endpoint, itemIndex: request.itemIndex, attempts, redact: this.redact, page: request.page };
	}
}

/** The target of a 3xx answer that names one; a 3xx without Location is an answer like any other. */
function redirectLocation(response: RawResponse): string | undefined {
	if (response.statusCode < 300 || response.statusCode >= 400) return undefined;
	return headerValue(response.headers, 'location');
}

export const CREDENTIAL_TYPE = 'venueBookingApi';

/** The credential's field naming the zone the workspace writes its zone-less date-times in (empty: UTC). */
export const WORKSPACE_TIME_ZONE = 'workspaceTimeZone';

export interface Exchange {
	method: HttpMethod;
	url: string;
	query?: IDataObject;
	body?: unknown;
	bodyEncoding?: BodyEncoding;
	timeoutMs: number;
}

/**
 * Bodies sent as `application/x-www-form-urlencoded` (Options > Body Encoding), for APIs that read writes as
 * forms (Checkfront, Planyo). Nested values are written the way PHP and Rails read them back: `a[b]=c` for an
 * object's field, `a[0]=c` for a list's entry; `true`/`false` as `1`/`0` (as PHP's http_build_query writes
 * them) and `null` as an empty value. Names and values come from the user's body only.
 */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** How a write's body is sent: `json` (the default) or `form`. */
export type BodyEncoding = 'json' | 'form';

function scalarText(value: unknown): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'boolean') return value ? '1' : '0';
	return String(value);
}

function appendValue(form: URLSearchParams, name: string, value: unknown): void {
	if (Array.isArray(value)) {
		value.forEach((entry, index) => appendValue(form, `${name}[${index}]`, entry));
	} else if (isPlainObject(value)) {
		for (const [key, entry] of Object.entries(value)) appendValue(form, `${name}[${key}]`, entry);
	} else form.append(name, scalarText(value));
}

/** A body as form fields: an object's fields at the top, nested values in brackets. */
export function encodeFormBody(body: unknown): string {
	const form = new URLSearchParams();
	if (Array.isArray(body)) body.forEach((entry, index) => appendValue(form, String(index), entry));
	else if (isPlainObject(body)) for (const [key, value] of Object.entries(body)) appendValue(form, key, value);
	return form.toString();
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
export async function exchange(
	context: ApiContext,
	request: Exchange,
	redact: (text: string) => string,
	/** The credential already read (ApiClient's), so n8n does not read and resolve it again for this request. */
	credentials?: ICredentialsDecrypted,
): Promise<RawResponse | NetworkFailure> {
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
	if (request.body !== undefined && request.bodyEncoding === 'form') {
		options.body = encodeFormBody(request.body);
		options.headers = { 'Content-Type': FORM_CONTENT_TYPE };
	} else if (request.body !== undefined) {
		// Serialised here so that `{}` and arrays are sent exactly as given.
		options.body = JSON.stringify(request.body);
		options.headers = { 'Content-Type': 'application/json' };
	}
	const read: IAdditionalCredentialOptions[] = credentials ? [{ credentialsDecrypted: credentials }] : [];
	const outcome = await settle(
		context.helpers.httpRequestWithAuthentication.call(context as IExecuteFunctions, CREDENTIAL_TYPE, options, ...read) as Promise<{
			statusCode: number;
			headers?: ResponseHeaders;
			body: unknown;
		}>,
	);
	if (outcome.ok) return { statusCode: outcome.value.statusCode, headers: outcome.value.headers ?? {}, body: outcome.value.body };
	if (outcome.error instanceof NodeOperationError) throw outcome.error;
	return NetworkFailure.from(outcome.error, redact);
}

/** Same-origin redirects one request may follow before we call it a loop. */
export const MAX_REDIRECTS = 5;

/** Scheme, host and port only: a redirect target's path or query may carry tokens. */
export function safeOrigin(url: string): string {
	return URL.canParse(url) ? new URL(url).origin : 'an invalid address';
}

/** Why a URL may not receive the key: anything off the credential's origin would get the bearer header. */
export function offOriginProblem(url: string, origin: string, what: string): { problem: string; hint: string } | undefined {
	if (safeOrigin(url) === origin) return undefined;
	return {
		problem: `${what} (${safeOrigin(url)}); it was not followed, so the API key was not sent there`,
		hint: `Only addresses on ${origin}, the credential's Base URL, receive the key. If the workspace moved, update the Base URL.`,
	};
}

export type RedirectDecision = { follow: string } | { problem: string; hint: string };

/**
 * Whether the `redirects`-th redirect of one request is followed: only a GET (a write is never repeated
 * where the server may have acted), only to the same origin, at most {@link MAX_REDIRECTS} times.
 */
export function decideRedirect(location: string, from: string, method: HttpMethod, origin: string, redirects: number): RedirectDecision {
	if (!URL.canParse(location, from)) {
		return { problem: 'The API answered with a redirect to an invalid address', hint: "Check the credential's Base URL." };
	}
	const target = new URL(location, from).toString();
	const offOrigin = offOriginProblem(target, origin, 'The API redirected to another address');
	if (offOrigin) return offOrigin;
	if (method !== 'GET') {
		return {
			problem: `The API redirected the ${method} request; it was not repeated at the new address`,
			hint: `Redirected to ${safeOrigin(target)}. Check the credential's Base URL (http vs https, www).`,
		};
	}
	if (redirects > MAX_REDIRECTS) {
		return { problem: `The API redirected more than ${MAX_REDIRECTS} times`, hint: "Check the credential's Base URL." };
	}
	return { follow: target };
}

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

// ---- Authentication: the Base URL normalised to the API prefix, the bearer header, the key's redactor -------

/** A normalised base URL, or why the raw one was refused (the caller turns that into an n8n error). */
export type BaseUrlResult = { url: string } | { problem: string };

/**
 * Turns what a user pasted into the credential's Base URL into the workspace origin and path that the
 * API prefix is appended to: surrounding spaces, trailing slashes and a pasted `/api/partners/v1` suffix
 * are removed, so `https://x.example/`, `https://x.example/api/partners/v1/` and `https://x.example` all
 * work. Only http and https are accepted, and user:password, query strings and fragments are refused,
 * because none of them can be meant for a bearer-key API and a password in a URL would leak into logs.
 */
export function normalizeBaseUrl(raw: unknown): BaseUrlResult {
	if (typeof raw !== 'string' || raw.trim() === '') {
		return { problem: 'The Base URL is empty. Enter the address of your workspace, e.g. https://studio.example.com' };
	}
	const trimmed = raw.trim();
	if (!URL.canParse(trimmed)) {
		return { problem: 'The Base URL is not a valid URL. Enter it with its scheme, e.g. https://studio.example.com' };
	}
	const url = new URL(trimmed);
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return { problem: `The Base URL must start with http:// or https:// (it starts with ${url.protocol}//)` };
	}
	if (url.username || url.password) {
		return {
			problem: 'The Base URL must not contain a user name or password; the API key is the only credential the API takes',
		};
	}
	if (url.search || url.hash || trimmed.includes('?') || trimmed.includes('#')) {
		return { problem: 'The Base URL must not contain a query string (?…) or a fragment (#…)' };
	}
	let path = url.pathname.replace(/\/+$/, '');
	if (path.toLowerCase().endsWith(API_PATH_PREFIX)) {
		path = path.slice(0, -API_PATH_PREFIX.length).replace(/\/+$/, '');
	}
	return { url: `${url.protocol}//${url.host}${path}` };
}

/** The absolute URL of an API path such as `/bookings/abc` under a normalised base URL. */
export function apiUrl(normalizedBaseUrl: string, path: string): string {
	return `${normalizedBaseUrl}${API_PATH_PREFIX}${path}`;
}

/**
 * The Authorization header the API expects: the key as a bearer token. The key is trimmed because keys
 * pasted from the cabinet often carry a newline. The one rule for both places that send the key: the
 * credential's `authenticate` (every execution) and the credential test, which n8n gives no authentication
 * helper.
 */
export function bearerAuthorization(apiKey: unknown): string {
	return `Bearer ${typeof apiKey === 'string' ? apiKey.trim() : ''}`;
}

/** Shortest API key text that is masked in messages; masking 1–2 characters would garble every message. */
const MIN_MASKED_SECRET_LENGTH = 3;

/**
 * A function that masks the API key in any text, as given and trimmed (n8n may send either), for messages
 * that quote server responses or request errors.
 */
export function keyRedactor(apiKey: unknown): (text: string) => string {
	const secrets = [apiKey]
		.filter((value): value is string => typeof value === 'string')
		.flatMap((key) => [key, key.trim()])
		.filter((key) => key.length >= MIN_MASKED_SECRET_LENGTH);
	return (text) => {
		let result = text;
		for (const secret of secrets) result = result.split(secret).join('***');
		return result;
	};
}
