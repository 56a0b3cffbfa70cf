/**
 * The HTTP server: one pipeline per request, in this order, each step able to answer:
 *   record → read body (413) → intercept hook → fault decision (+ latency) → path (400/404/405)
 *   → auth (401/403) → JSON body (400/415) → strict query (400) → route → paginate and render.
 * Every failure is a JSON error body; nothing a client sends can crash the process.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import { API_PATH_PREFIX, ENDPOINTS, type Endpoint } from '../nodes/VenueBooking/endpoints';
import { authorize, type Keyring } from './auth';
import { renderConventionError } from './conventionErrors';
import { refusedResults, successResults } from './writeResults';
import {
	conventionBody,
	conventionRecordId,
	conventionTakesForms,
	conventionInfo,
	conventionPagingParameters,
	locatorTarget,
	recordResourceOf,
	renderConventionList,
	renderConventionRecord,
} from './conventions';
import { CancellableDelays } from './delays';
import { dialectName, renderInNaming } from './dialect';
import { ApiError, badRequest } from './errors';
import type { Fault, FaultInjector } from './faults';
import { isFormContentType, parseFormBody } from './formBody';
import { readBody, sendJson } from './httpIo';
import { renderPage, type RenderedResponse } from './listResponse';
import type { Settings, SandboxOptions } from './options';
import { PAGINATION_QUERY_PARAMETERS, paginate } from './pagination';
import { QueryReader } from './query';
import { newRecord, type RecordedRequest } from './requestLog';
import { parseRequestTarget, type RequestTarget } from './requestTarget';
import { matchEndpoint, type EndpointMatch } from './router';
import type { Route } from './routes/route';
import { TEXT_SEARCH, takesTextSearch } from './routes/clients';
import type { Store } from './store';

export interface SandboxServerDeps {
	store: Store;
	keyring: Keyring;
	faults: FaultInjector;
	getSettings: () => Settings;
	requests: RecordedRequest[];
	recordRequests: boolean;
	onRequestFinished?: SandboxOptions['onRequestFinished'];
}

type ParsedBody = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'form'; value: unknown } | { kind: 'invalid'; text: string; reason: string };

function parseBody(raw: Buffer, contentType: string | undefined): ParsedBody {
	const text = raw.toString('utf8');
	if (text.trim() === '') return { kind: 'empty' };
	// Read whatever the convention; whether a form is accepted is the endpoint's answer (answer()).
	if (isFormContentType(contentType)) return { kind: 'form', value: parseFormBody(text) };
	try {
		return { kind: 'json', value: JSON.parse(text) };
	} catch (error) {
		return { kind: 'invalid', text, reason: error instanceof Error ? error.message : String(error) };
	}
}

function faultResponse(fault: Exclude<Fault, { kind: 'drop' }>, faults: FaultInjector): ApiError {
	if (fault.kind === 'rateLimit') {
		const retryAfter = faults.retryAfter();
		return new ApiError(
			429,
			'rate_limited',
			retryAfter === undefined ? 'Too many requests; slow down.' : `Too many requests; retry after ${retryAfter}.`,
			undefined,
			retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
		);
	}
	const messages = { 500: 'Internal server error (injected).', 502: 'Bad gateway (injected).', 503: 'Service unavailable (injected).' };
	return new ApiError(fault.status, 'server_error', messages[fault.status]);
}

const ENDPOINT_LIST = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`).join(', ');

function pathError(match: Exclude<EndpointMatch, { kind: 'matched' }>, method: string, target: RequestTarget): ApiError {
	switch (match.kind) {
		case 'badPath':
			return badRequest(`The path ${target.rawPath} contains an invalid percent-encoding.`);
		case 'methodNotAllowed':
			return new ApiError(405, 'method_not_allowed', `${method} is not allowed on ${target.path}; allowed: ${match.allow.join(', ')}.`, undefined, {
				Allow: match.allow.join(', '),
			});
		case 'notFound':
			return new ApiError(404, 'not_found', `No endpoint at ${target.path}. Paths start with /api/partners/v1; endpoints: ${ENDPOINT_LIST}.`);
	}
}

function checkStrictQuery(route: Route, endpoint: Endpoint, settings: Settings, target: RequestTarget): void {
	const filters = route.filters.filter((c) => c !== TEXT_SEARCH || takesTextSearch(settings)).map((c) => dialectName(c, settings.naming));
	// A convention's pagination parameters have fixed names; the sandbox's own follow the naming.
	const paging = endpoint.shape !== 'list' ? [] : settings.convention ? conventionPagingParameters(settings.convention) : PAGINATION_QUERY_PARAMETERS[settings.pagination].map((c) => dialectName(c, settings.naming));
	const allowed = new Set([...filters, ...paging]);
	const unknown = Object.keys(target.query).filter((name) => !allowed.has(name));
	if (unknown.length > 0) {
		throw badRequest(
			`Unknown query parameter(s) ${unknown.join(', ')}; accepted here: ${[...allowed].join(', ') || 'none'}.`,
			unknown.map((field) => ({ field, message: 'unknown parameter' })),
		);
	}
}

function requestOrigin(req: IncomingMessage): string {
	const host = req.headers.host ?? `${req.socket.localAddress}:${req.socket.localPort}`;
	return `http://${host}`;
}

export function createSandboxServer(deps: SandboxServerDeps): { server: Server; delays: CancellableDelays } {
	const delays = new CancellableDelays();
	let sequence = 0;

	/** The part after faults: everything that can be a normal answer. */
	function answer(req: IncomingMessage, method: string, target: RequestTarget, match: EndpointMatch, body: ParsedBody, sandboxSettings: Settings): RenderedResponse {
		if (match.kind !== 'matched') throw pathError(match, method, target);
		const convention = sandboxSettings.convention;
		// Routes read filters and body fields in the convention's naming.
		const settings = convention ? { ...sandboxSettings, naming: conventionInfo(convention).naming } : sandboxSettings;
		authorize(req.headers.authorization, deps.keyring, match.endpoint);
		// A body on a GET is ignored, as most servers do; only POST and PATCH bodies must be JSON.
		const takesBody = match.endpoint.method !== 'GET';
		if (takesBody && body.kind === 'invalid') {
			throw new ApiError(400, 'invalid_json', `The request body is not valid JSON: ${body.reason}.`);
		}
		const contentType = req.headers['content-type'];
		const formAccepted = convention !== undefined && conventionTakesForms(convention);
		if (takesBody && ((body.kind === 'json' && contentType !== undefined && !/json/i.test(contentType)) || (body.kind === 'form' && !formAccepted))) {
			throw new ApiError(415, 'unsupported_media_type', `Send JSON bodies with Content-Type: application/json (got ${contentType}).`);
		}
		const sent = body.kind === 'json' || body.kind === 'form' ? body.value : undefined;
		if (settings.strictQuery) checkStrictQuery(match.route, match.endpoint, settings, target);
		const query = new QueryReader(target.query, settings.naming);
		const result = match.route.handle({
			store: deps.store,
			settings,
			id: convention ? conventionRecordId(convention, recordResourceOf(match.endpoint.resource), match.id) : match.id,
			query,
			body: takesBody && sent !== undefined ? (convention ? conventionBody(convention, sent, { resource: recordResourceOf(match.endpoint.resource), id: match.id }, settings.localTimeZone) : sent) : undefined,
			name: (canonical) => dialectName(canonical, settings.naming),
		});
		if (convention && result.kind === 'record') {
			const rendered = renderConventionRecord(convention, result.record, recordResourceOf(match.endpoint.resource), requestOrigin(req), settings.localTimeZone);
			return { status: result.status, headers: { ...result.headers, ...rendered.headers }, body: rendered.body };
		}
		if (convention && result.kind === 'list') {
			return renderConventionList(convention, {
				source: result.source,
				resource: result.resource,
				query: target.query,
				headers: req.headers,
				rawQuery: target.rawQuery,
				origin: requestOrigin(req),
				path: `${API_PATH_PREFIX}${match.endpoint.path}`,
				localZone: settings.localTimeZone,
			});
		}
		if (result.kind === 'record') {
			return { status: result.status, headers: result.headers ?? {}, body: renderInNaming(result.record, settings.naming) };
		}
		const pageTokenName = dialectName('pageToken', settings.naming);
		const page = paginate(result.source, {
			style: settings.pagination,
			settings,
			query,
			urlWithToken: (token) => {
				const params = new URLSearchParams(target.rawQuery);
				params.delete(pageTokenName);
				if (token !== null) params.set(pageTokenName, token);
				const search = params.toString();
				return `${requestOrigin(req)}${target.rawPath}${search ? `?${search}` : ''}`;
			},
		});
		return renderPage(page, result.resource, settings.pagination, settings);
	}

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const settings = deps.getSettings();
		const method = (req.method ?? 'GET').toUpperCase();
		const requested = parseRequestTarget(req.url);
		const record = newRecord(sequence++, method, requested, req.headers);
		if (deps.recordRequests) deps.requests.push(record);
		const startedAt = Date.now();
		let finished = false;
		const finish = (status: number | null): void => {
			if (finished) return;
			finished = true;
			record.status = status;
			record.durationMs = Date.now() - startedAt;
			deps.onRequestFinished?.(record);
		};
		res.on('finish', () => finish(res.statusCode));
		res.on('close', () => finish(res.writableFinished ? res.statusCode : null));

		// A Salesforce-style next-records URL continues a list; anything else is routed as requested.
		const continued = settings.convention ? locatorTarget(settings.convention, method, requested) : undefined;
		const continuedMatch = continued ? matchEndpoint(method, continued.segments) : undefined;
		const useContinued = continuedMatch?.kind === 'matched' && continuedMatch.endpoint.shape === 'list';
		const target = useContinued ? continued! : requested;
		const match = useContinued ? continuedMatch : matchEndpoint(method, target.segments);
		if (match.kind === 'matched') record.endpoint = { resource: match.endpoint.resource, operation: match.endpoint.operation };

		const bodyRead = await readBody(req, settings.bodyLimitBytes);
		if (bodyRead.kind === 'aborted') return;
		const rawBody = bodyRead.kind === 'complete' ? bodyRead.raw : Buffer.alloc(0);
		const body = parseBody(rawBody, req.headers['content-type']);
		record.body = body.kind === 'json' || body.kind === 'form' ? body.value : body.kind === 'invalid' ? body.text : undefined;

		if (settings.intercept && (await settings.intercept(req, res, { target, rawBody, store: deps.store, sequence: record.sequence }))) {
			record.intercepted = true;
			return;
		}

		/** Every error body, in the sandbox's own shape or the convention's. */
		const sendError = (error: ApiError): void => {
			const rendered = settings.convention
				? renderConventionError(settings.convention, error, {
						method,
						path: requested.rawPath,
						query: target.query,
						endpointMatched: match.kind === 'matched',
						nowMs: deps.store.clock.now(),
						sequence: record.sequence,
					})
				: { status: error.status, headers: error.headers, body: error.toBody() };
			// Writes answered as per-item results (sandbox/writeResults.ts): a refusal of the values comes as a refused result.
			const refused = settings.writeResults === 'perItem' && match.kind === 'matched' && method !== 'GET' ? refusedResults(method, error) : undefined;
			if (refused) return sendJson(res, refused.status, refused.body, rendered.headers);
			sendJson(res, rendered.status, rendered.body, rendered.headers);
		};

		const budget = deps.faults.rateLimited(req.headers.authorization);
		// The budget headers go on every answer to this request, whatever it turns out to be.
		for (const [name, value] of Object.entries(budget?.headers ?? {})) res.setHeader(name, value);
		const retryAfterSeconds = budget?.retryAfterSeconds;
		if (retryAfterSeconds !== undefined) {
			record.fault = 'rateLimit';
			sendError(
				new ApiError(429, 'rate_limited', `Rate limit reached; retry after ${retryAfterSeconds} s.`, undefined, {
					'Retry-After': String(retryAfterSeconds),
				}),
			);
			return;
		}
		const { fault, latencyMs } = deps.faults.decide({ method, path: target.path, query: target.query });
		if (latencyMs > 0 && !(await delays.wait(latencyMs))) return;
		if (fault) {
			record.fault = fault.kind;
			if (fault.kind === 'drop') {
				// Accepted and read, then gone: the client sees a reset or a hang-up, never a status.
				req.socket.destroy();
				return;
			}
			sendError(faultResponse(fault, deps.faults));
			return;
		}

		try {
			if (bodyRead.kind === 'tooLarge') {
				throw new ApiError(413, 'payload_too_large', `The request body has ${bodyRead.receivedBytes} bytes or more; the limit is ${settings.bodyLimitBytes}.`, undefined, bodyRead.drained ? {} : { Connection: 'close' });
			}
			const response = answer(req, method, target, match, body, settings);
			const written = settings.writeResults === 'perItem' && method !== 'GET' ? successResults(method, target.path, response.body) : response.body;
			sendJson(res, response.status, written, response.headers);
		} catch (error) {
			const apiError =
				error instanceof ApiError
					? error
					: new ApiError(500, 'internal_error', `The sandbox failed: ${error instanceof Error ? error.message : String(error)}`);
			sendError(apiError);
			if (bodyRead.kind === 'tooLarge' && !bodyRead.drained) res.on('finish', () => req.socket.destroy());
		}
	}

	const server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			const message = error instanceof Error ? error.message : String(error);
			sendJson(res, 500, new ApiError(500, 'internal_error', `The sandbox failed: ${message}`).toBody());
		});
	});
	// Requests Node's parser rejects (bad request line, oversized headers) still get a JSON answer.
	server.on('clientError', (_error, socket) => {
		if (!socket.writable) {
			socket.destroy();
			return;
		}
		const text = JSON.stringify({ error: { code: 'bad_request', message: 'The HTTP request could not be parsed.' } });
		socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
	});
	return { server, delays };
}
