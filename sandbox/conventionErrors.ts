/**
 * Error bodies in `convention` mode: every error the sandbox raises (validation, auth, scopes, unknown
 * records and paths, conflicts, injected 429/5xx, rate limiting) rendered as the imitated API family does,
 * with its status conventions (Stripe and DRF answer validation with 400, GitHub and Laravel with 422…).
 * The node reads error messages without knowing the shape, so each family's real shape must be met here.
 */
import { STATUS_CODES } from 'node:http';

import { MISSING_FIELD_MESSAGE, UNKNOWN_FIELD_MESSAGE } from './bodyFields';
import type { ConventionName } from './conventions';
import type { ApiError } from './errors';
import type { RenderedResponse } from './listResponse';

export interface ErrorContext {
	method: string;
	/** The request's raw path. */
	path: string;
	query: Record<string, string | string[]>;
	/** Whether the path named an endpoint (an unknown path is not an unknown record). */
	endpointMatched: boolean;
	/** Workspace time, for timestamps in error bodies. */
	nowMs: number;
	/** The request's sequence number, for deterministic request and correlation ids. */
	sequence: number;
}

interface FieldProblem {
	name: string;
	message: string;
	missing: boolean;
	/** A query parameter rather than a body field (JSON:API and RFC 9457 point at them differently). */
	inQuery: boolean;
}

type ErrorKind =
	| 'validation'
	| 'badRequest'
	| 'unauthenticated'
	| 'forbidden'
	| 'notFound'
	| 'methodNotAllowed'
	| 'conflict'
	| 'tooLarge'
	| 'mediaType'
	| 'rateLimited'
	| 'server';

interface Facts {
	status: number;
	code: string;
	message: string;
	fields: FieldProblem[];
	kind: ErrorKind;
	context: ErrorContext;
}

function kindOf(error: ApiError, fields: FieldProblem[]): ErrorKind {
	if (error.status >= 500) return 'server';
	switch (error.status) {
		case 401:
			return 'unauthenticated';
		case 403:
			return 'forbidden';
		case 404:
			return 'notFound';
		case 405:
			return 'methodNotAllowed';
		case 409:
			return 'conflict';
		case 413:
			return 'tooLarge';
		case 415:
			return 'mediaType';
		case 429:
			return 'rateLimited';
		case 422:
			return 'validation';
		default:
			return fields.length > 0 ? 'validation' : 'badRequest';
	}
}

function factsOf(error: ApiError, context: ErrorContext): Facts {
	// The sandbox's errors name fields but not where they were sent; a name present in the query is a query
	// parameter, anything else a body field (a missing body field is never in the query).
	const fields = (error.details ?? []).map((detail) => ({
		name: detail.field,
		message: detail.message,
		missing: detail.message === MISSING_FIELD_MESSAGE,
		inQuery: detail.field in context.query,
	}));
	return { status: error.status, code: error.code, message: error.message, fields, kind: kindOf(error, fields), context };
}

/** Deterministic per request, shaped like the UUIDs real APIs put in request and correlation ids. */
function requestId(sequence: number): string {
	return `00000000-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`;
}

function phrase(status: number): string {
	return STATUS_CODES[status] ?? 'Error';
}

/** The resource named by the request path, capitalised and singular ("Booking"), for GitHub and Salesforce. */
function resourceName(path: string): string {
	const segment = path.split('/').filter(Boolean)[3] ?? 'resource';
	const singular = segment === 'webhooks' ? 'WebhookDelivery' : segment.replace(/ies$/, 'y').replace(/s$/, '');
	return singular.charAt(0).toUpperCase() + singular.slice(1);
}

/** "start is required." / the sandbox's own message: one sentence per field problem. */
function fieldSentence(field: FieldProblem): string {
	return field.missing ? `${field.name} is required.` : `${field.name}: ${field.message}.`;
}

/** Validation answered with a fixed status (most APIs do not use 422; GitHub, Laravel and JSON:API do). */
function statusFor(facts: Facts, validationStatus: number | 'keep'): number {
	return facts.kind === 'validation' && validationStatus !== 'keep' ? validationStatus : facts.status;
}

type Renderer = (facts: Facts) => { status?: number; body: unknown; headers?: Record<string, string> };

function stripeLike(facts: Facts, openai: boolean): { status: number; body: unknown } {
	const field = facts.fields[0];
	const missing = facts.fields.filter((f) => f.missing);
	const unknown = facts.fields.filter((f) => f.message === UNKNOWN_FIELD_MESSAGE);
	const type = facts.kind === 'server' ? (openai ? 'server_error' : 'api_error') : facts.kind === 'rateLimited' && openai ? 'requests' : 'invalid_request_error';
	const code =
		missing.length > 0
			? openai
				? 'missing_required_parameter'
				: 'parameter_missing'
			: unknown.length > 0
				? openai
					? 'unknown_parameter'
					: 'parameter_unknown'
				: facts.kind === 'notFound'
				? 'resource_missing'
				: facts.kind === 'rateLimited'
					? openai
						? 'rate_limit_exceeded'
						: 'rate_limit'
					: facts.kind === 'unauthenticated' && openai
						? 'invalid_api_key'
						: facts.code;
	const message =
		missing.length > 0
			? openai
				? `Missing required parameter: '${missing[0].name}'.`
				: `Missing required param: ${missing[0].name}.`
			: unknown.length > 0
				? openai
					? `Unrecognized request argument supplied: ${unknown[0].name}`
					: `Received unknown parameter: ${unknown[0].name}`
				: facts.message;
	const error = openai
		? { message, type, param: field?.name ?? null, code }
		: { type, message, ...(field ? { param: field.name } : {}), code };
	return { status: statusFor(facts, 400), body: { error } };
}

function drf(facts: Facts): { status: number; body: unknown } {
	if (facts.code === 'invalid_page') return { status: 404, body: { detail: 'Invalid page.' } };
	if (facts.code === 'invalid_cursor') return { status: 404, body: { detail: 'Invalid cursor' } };
	if (facts.kind === 'validation' || (facts.kind === 'badRequest' && facts.code !== 'invalid_json')) {
		const map: Record<string, string[]> = {};
		for (const field of facts.fields) {
			(map[field.name] ??= []).push(field.missing ? 'This field is required.' : `${field.message.charAt(0).toUpperCase()}${field.message.slice(1)}.`);
		}
		if (facts.fields.length === 0) map.non_field_errors = [facts.message];
		return { status: 400, body: map };
	}
	return { status: facts.status, body: { detail: facts.message } };
}

const GITHUB_DOCS = 'https://docs.github.com/rest';

function github(facts: Facts): { status: number; body: unknown } {
	if (facts.kind === 'validation') {
		const resource = resourceName(facts.context.path);
		const errors =
			facts.fields.length > 0
				? facts.fields.map((field) => ({ resource, field: field.name, code: field.missing ? 'missing_field' : 'invalid', ...(field.missing ? {} : { message: field.message }) }))
				: [{ resource, code: 'custom', message: facts.message }];
		return { status: 422, body: { message: 'Validation Failed', errors, documentation_url: GITHUB_DOCS } };
	}
	const messages: Partial<Record<ErrorKind, string>> = { unauthenticated: 'Bad credentials', notFound: 'Not Found' };
	return { status: facts.status, body: { message: messages[facts.kind] ?? facts.message, documentation_url: GITHUB_DOCS } };
}

function slack(facts: Facts): { status: number; body: unknown } {
	const byKind: Partial<Record<ErrorKind, string>> = {
		unauthenticated: 'invalid_auth',
		forbidden: 'missing_scope',
		rateLimited: 'ratelimited',
		server: 'internal_error',
		validation: 'invalid_arguments',
	};
	const error =
		facts.code === 'invalid_cursor'
			? 'invalid_cursor'
			: facts.kind === 'notFound'
				? facts.context.endpointMatched
					? 'not_found'
					: 'unknown_method'
				: (byKind[facts.kind] ?? facts.code);
	const messages = facts.fields.map((f) => (f.missing ? `[ERROR] missing required field: ${f.name}` : `[ERROR] ${f.message} [json-pointer:/${f.name}]`));
	// Slack answers a call it refuses for its arguments (a bad cursor, a bad or missing parameter) with 200 and
	// says so only in the body; the other refusals keep their status here, so the node's 401/403/404/429 rules still apply.
	const status = facts.kind === 'validation' || facts.kind === 'badRequest' ? 200 : facts.status;
	return { status, body: { ok: false, error, ...(messages.length > 0 && error !== 'invalid_cursor' ? { response_metadata: { messages } } : {}) } };
}

function graph(facts: Facts): { status: number; body: unknown } {
	const codes: Partial<Record<ErrorKind, string>> = {
		validation: 'BadRequest',
		badRequest: 'BadRequest',
		unauthenticated: 'InvalidAuthenticationToken',
		forbidden: 'Authorization_RequestDenied',
		notFound: 'ResourceNotFound',
		methodNotAllowed: 'MethodNotAllowed',
		conflict: 'Conflict',
		tooLarge: 'RequestEntityTooLarge',
		mediaType: 'UnsupportedMediaType',
		rateLimited: 'TooManyRequests',
	};
	const code = facts.kind === 'server' ? (facts.status === 503 ? 'ServiceNotAvailable' : 'generalException') : (codes[facts.kind] ?? 'BadRequest');
	const id = requestId(facts.context.sequence);
	return {
		status: statusFor(facts, 400),
		body: {
			error: {
				code,
				message: facts.message,
				...(facts.fields.length > 0 ? { details: facts.fields.map((f) => ({ code: f.missing ? 'MissingField' : 'InvalidValue', message: fieldSentence(f), target: f.name })) } : {}),
				// Graph writes this date without a zone designator.
				innerError: { date: new Date(facts.context.nowMs).toISOString().slice(0, 19), 'request-id': id, 'client-request-id': id },
			},
		},
	};
}

/** Where a field sits in a JSON:API document: a reference (`roomId`) is the relationship `room`. */
function jsonApiPointer(name: string): string {
	const reference = /^(.+)Id$/.exec(name);
	return reference ? `/data/relationships/${reference[1]}` : `/data/attributes/${name}`;
}

function jsonApi(facts: Facts): { status: number; body: unknown; headers: Record<string, string> } {
	const bodyField = facts.fields.some((f) => !f.inQuery);
	const status = facts.kind === 'validation' && bodyField ? 422 : facts.status === 422 ? 422 : facts.status;
	const errors =
		facts.fields.length > 0
			? facts.fields.map((f) => ({
					status: String(status),
					code: f.missing ? 'missing_attribute' : facts.code,
					title: f.inQuery ? 'Invalid Query Parameter' : 'Invalid Attribute',
					detail: f.missing ? `${f.name} is required.` : facts.message,
					source: f.inQuery ? { parameter: f.name } : { pointer: jsonApiPointer(f.name) },
				}))
			: [{ status: String(status), code: facts.code, title: phrase(status), detail: facts.message }];
	return { status, body: { errors }, headers: { 'Content-Type': 'application/vnd.api+json' } };
}

function springBoot(facts: Facts): { status: number; body: unknown } {
	const status = statusFor(facts, 400);
	// Spring Boot writes the offset with a colon and milliseconds.
	const timestamp = new Date(facts.context.nowMs).toISOString().replace('Z', '+00:00');
	return { status, body: { timestamp, status, error: phrase(status), message: facts.message, path: facts.context.path } };
}

function google(facts: Facts): { status: number; body: unknown } {
	const status = statusFor(facts, 400);
	const canonical: Record<number, string> = {
		400: 'INVALID_ARGUMENT',
		401: 'UNAUTHENTICATED',
		403: 'PERMISSION_DENIED',
		404: 'NOT_FOUND',
		405: 'UNIMPLEMENTED',
		409: 'ABORTED',
		413: 'INVALID_ARGUMENT',
		415: 'INVALID_ARGUMENT',
		429: 'RESOURCE_EXHAUSTED',
		500: 'INTERNAL',
		502: 'UNAVAILABLE',
		503: 'UNAVAILABLE',
	};
	const name = facts.kind === 'validation' && facts.fields.length === 0 ? 'FAILED_PRECONDITION' : (canonical[status] ?? 'UNKNOWN');
	const details =
		facts.fields.length > 0
			? [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: facts.fields.map((f) => ({ field: f.name, description: fieldSentence(f) })) }]
			: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: facts.code.toUpperCase(), domain: 'partner-api.invalid' }];
	return { status, body: { error: { code: status, message: facts.message, status: name, details } } };
}

function jira(facts: Facts): { status: number; body: unknown } {
	const errors: Record<string, string> = {};
	for (const field of facts.fields) errors[field.name] = field.missing ? `${field.name} is required.` : facts.message;
	return { status: statusFor(facts, 400), body: { errorMessages: facts.fields.length > 0 ? [] : [facts.message], errors } };
}

function salesforce(facts: Facts): { status: number; body: unknown } {
	const missing = facts.fields.filter((f) => f.missing);
	if (missing.length > 0) {
		const names = missing.map((f) => f.name);
		return { status: 400, body: [{ message: `Required fields are missing: [${names.join(', ')}]`, errorCode: 'REQUIRED_FIELD_MISSING', fields: names }] };
	}
	const codes: Partial<Record<ErrorKind, string>> = {
		unauthenticated: 'INVALID_SESSION_ID',
		forbidden: 'INSUFFICIENT_ACCESS',
		notFound: 'NOT_FOUND',
		methodNotAllowed: 'METHOD_NOT_ALLOWED',
		rateLimited: 'REQUEST_LIMIT_EXCEEDED',
		server: facts.status === 503 ? 'SERVER_UNAVAILABLE' : 'UNKNOWN_EXCEPTION',
	};
	const errorCode =
		facts.code === 'invalid_cursor'
			? 'INVALID_QUERY_LOCATOR'
			: facts.kind === 'validation'
				? facts.fields.some((f) => f.inQuery)
					? 'MALFORMED_QUERY'
					: 'FIELD_INTEGRITY_EXCEPTION'
				: (codes[facts.kind] ?? facts.code.toUpperCase());
	const fields = facts.fields.filter((f) => !f.inQuery).map((f) => f.name);
	return { status: statusFor(facts, 400), body: [{ message: facts.message, errorCode, ...(fields.length > 0 ? { fields } : {}) }] };
}

function laravel(facts: Facts): { status: number; body: unknown } {
	if (facts.kind !== 'validation') return { status: facts.status, body: { message: facts.message } };
	// Laravel names attributes with spaces for underscores: "The room id field is required."
	const sentence = (f: FieldProblem): string =>
		f.missing ? `The ${f.name.replace(/_/g, ' ')} field is required.` : `The ${f.name.replace(/_/g, ' ')} field is invalid: ${f.message}.`;
	const errors: Record<string, string[]> = {};
	for (const field of facts.fields) (errors[field.name] ??= []).push(sentence(field));
	const messages = facts.fields.map(sentence);
	const message =
		messages.length === 0 ? facts.message : messages.length === 1 ? messages[0] : `${messages[0]} (and ${messages.length - 1} more error${messages.length > 2 ? 's' : ''})`;
	return { status: 422, body: { message, errors } };
}

function hubspot(facts: Facts): { status: number; body: unknown } {
	const categories: Partial<Record<ErrorKind, string>> = {
		validation: 'VALIDATION_ERROR',
		badRequest: 'VALIDATION_ERROR',
		unauthenticated: 'INVALID_AUTHENTICATION',
		forbidden: 'MISSING_SCOPES',
		notFound: 'OBJECT_NOT_FOUND',
		conflict: 'CONFLICT',
		rateLimited: 'RATE_LIMITS',
		mediaType: 'UNSUPPORTED_MEDIA_TYPE',
	};
	const category = categories[facts.kind] ?? (facts.kind === 'server' ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
	const errors = facts.fields.map((f) => ({ message: fieldSentence(f), code: f.missing ? 'REQUIRED_FIELD' : 'INVALID_VALUE', context: { propertyName: [f.name] } }));
	return {
		status: statusFor(facts, 400),
		body: { status: 'error', message: facts.message, correlationId: requestId(facts.context.sequence), category, ...(errors.length > 0 ? { errors } : {}) },
	};
}

function notion(facts: Facts): { status: number; body: unknown } {
	const status = statusFor(facts, 400);
	const codes: Partial<Record<ErrorKind, string>> = {
		validation: 'validation_error',
		badRequest: facts.code === 'invalid_json' ? 'invalid_json' : 'validation_error',
		unauthenticated: 'unauthorized',
		forbidden: 'restricted_resource',
		notFound: facts.context.endpointMatched ? 'object_not_found' : 'invalid_request_url',
		methodNotAllowed: 'invalid_request',
		conflict: 'conflict_error',
		tooLarge: 'validation_error',
		mediaType: 'invalid_request',
		rateLimited: 'rate_limited',
		server: facts.status === 503 ? 'service_unavailable' : 'internal_server_error',
	};
	const missing = facts.fields.filter((f) => f.missing);
	const message =
		missing.length > 0 ? `body failed validation: ${missing.map((f) => `body.${f.name} should be defined, instead was \`undefined\`.`).join(' ')}` : facts.message;
	return { status, body: { object: 'error', status, code: codes[facts.kind] ?? 'invalid_request', message } };
}

function square(facts: Facts): { status: number; body: unknown } {
	const categories: Partial<Record<ErrorKind, string>> = {
		unauthenticated: 'AUTHENTICATION_ERROR',
		forbidden: 'AUTHENTICATION_ERROR',
		rateLimited: 'RATE_LIMIT_ERROR',
		server: 'API_ERROR',
	};
	const category = categories[facts.kind] ?? 'INVALID_REQUEST_ERROR';
	const errors =
		facts.fields.length > 0
			? facts.fields.map((f) => ({ category, code: f.missing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_VALUE', detail: fieldSentence(f), field: f.name }))
			: [{ category, code: facts.kind === 'notFound' ? 'NOT_FOUND' : facts.code.toUpperCase(), detail: facts.message }];
	return { status: statusFor(facts, 400), body: { errors } };
}

function paypal(facts: Facts): { status: number; body: unknown } {
	const names: Partial<Record<ErrorKind, string>> = {
		unauthenticated: 'AUTHENTICATION_FAILURE',
		forbidden: 'NOT_AUTHORIZED',
		notFound: 'RESOURCE_NOT_FOUND',
		rateLimited: 'RATE_LIMIT_REACHED',
		server: 'INTERNAL_SERVER_ERROR',
		validation: 'UNPROCESSABLE_ENTITY',
	};
	const validation = facts.kind === 'validation' || facts.fields.length > 0;
	return {
		status: statusFor(facts, 422),
		body: {
			name: names[facts.kind] ?? 'INVALID_REQUEST',
			// PayPal's top-level message is generic; the problem itself is in the details.
			message: validation ? 'The requested action could not be performed, semantically incorrect, or failed business validation.' : facts.message,
			debug_id: requestId(facts.context.sequence).slice(-13),
			...(facts.fields.length > 0
				? {
						details: facts.fields.map((f) => ({
							field: `/${f.name}`,
							location: f.inQuery ? 'query' : 'body',
							issue: f.missing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE',
							description: f.missing ? 'A required field / parameter is missing.' : `${f.message.charAt(0).toUpperCase()}${f.message.slice(1)}.`,
						})),
					}
				: {}),
			links: [{ href: 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/', rel: 'information_link' }],
		},
	};
}

function calendly(facts: Facts): { status: number; body: unknown } {
	const titles: Partial<Record<ErrorKind, string>> = {
		unauthenticated: 'Unauthenticated',
		forbidden: 'Permission Denied',
		notFound: 'Resource Not Found',
		rateLimited: 'Too Many Requests',
		server: 'Internal Server Error',
	};
	return {
		status: statusFor(facts, 400),
		body: {
			title: titles[facts.kind] ?? 'Invalid Argument',
			message: facts.fields.length > 0 ? 'The supplied parameters are invalid.' : facts.message,
			...(facts.fields.length > 0 ? { details: facts.fields.map((f) => ({ parameter: f.name, message: f.missing ? 'is required' : f.message })) } : {}),
		},
	};
}

function calCom(facts: Facts): { status: number; body: unknown } {
	const status = statusFor(facts, 400);
	return {
		status,
		body: {
			status: 'error',
			timestamp: new Date(facts.context.nowMs).toISOString(),
			path: facts.context.path,
			error: {
				code: facts.kind === 'validation' ? 'BadRequestException' : phrase(status).replace(/\s+/g, ''),
				message: facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message,
				...(facts.fields.length > 0 ? { details: { errors: facts.fields.map((f) => ({ property: f.name, constraints: { [f.missing ? 'isDefined' : 'isValid']: fieldSentence(f) } })) } } : {}),
			},
		},
	};
}

function pipedrive(facts: Facts): { status: number; body: unknown } {
	return {
		status: statusFor(facts, 400),
		body: {
			success: false,
			error: facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.kind === 'unauthenticated' ? 'unauthorized access' : facts.message,
			error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.',
			data: null,
			additional_data: null,
		},
	};
}

function zendesk(facts: Facts): { status: number; body: unknown } {
	if (facts.kind === 'validation' && facts.fields.length > 0) {
		const details: Record<string, Array<{ description: string; error: string }>> = {};
		for (const f of facts.fields) {
			(details[f.name] ??= []).push({ description: f.missing ? `${f.name}: cannot be blank` : `${f.name}: ${f.message}`, error: f.missing ? 'BlankValue' : 'InvalidValue' });
		}
		return { status: 422, body: { error: 'RecordInvalid', description: 'Record validation errors', details } };
	}
	const errors: Partial<Record<ErrorKind, string>> = { unauthenticated: "Couldn't authenticate you", notFound: 'RecordNotFound', forbidden: 'Forbidden' };
	if (facts.kind === 'unauthenticated') return { status: facts.status, body: { error: errors.unauthenticated } };
	return { status: statusFor(facts, 422), body: { error: errors[facts.kind] ?? 'InvalidValue', description: facts.message } };
}

function twilio(facts: Facts): { status: number; body: unknown } {
	const status = statusFor(facts, 400);
	const codes: Partial<Record<ErrorKind, number>> = { unauthenticated: 20003, notFound: 20404, rateLimited: 20429, server: 20500, validation: 21211 };
	const code = codes[facts.kind] ?? 20001;
	return { status, body: { code, message: facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

function strapi(facts: Facts): { status: number; body: unknown } {
	const status = statusFor(facts, 400);
	const names: Partial<Record<ErrorKind, string>> = { unauthenticated: 'UnauthorizedError', forbidden: 'ForbiddenError', notFound: 'NotFoundError', server: 'ApplicationError' };
	const validation = facts.fields.length > 0;
	return {
		status,
		body: {
			data: null,
			error: {
				status,
				name: validation ? 'ValidationError' : (names[facts.kind] ?? 'ApplicationError'),
				message: validation ? (facts.fields.length === 1 ? fieldSentence(facts.fields[0]) : `${facts.fields.length} errors occurred`) : facts.message,
				details: validation ? { errors: facts.fields.map((f) => ({ path: [f.name], message: fieldSentence(f), name: 'ValidationError' })) } : {},
			},
		},
	};
}

/** GitLab: Grape's `{"error": "start is missing"}` for a missing parameter, model errors keyed by field, `{"message": "404 Not Found"}` otherwise. */
function gitlab(facts: Facts): { status: number; body: unknown } {
	if (facts.kind === 'validation' && facts.fields.length > 0) {
		const missing = facts.fields.filter((f) => f.missing);
		if (missing.length > 0) return { status: 400, body: { error: missing.map((f) => `${f.name} is missing`).join(', ') } };
		const message: Record<string, string[]> = {};
		for (const f of facts.fields) (message[f.name] ??= []).push(f.message);
		return { status: 400, body: { message } };
	}
	const status = statusFor(facts, 400);
	return { status, body: { message: facts.kind === 'validation' || facts.kind === 'badRequest' || facts.kind === 'conflict' ? facts.message : `${status} ${phrase(status)}` } };
}

/** Shopify: `errors` holds a text, or a map of fields to their problems. */
function shopify(facts: Facts): { status: number; body: unknown } {
	if (facts.fields.length > 0) {
		const errors: Record<string, string[]> = {};
		for (const f of facts.fields) (errors[f.name] ??= []).push(f.missing ? "can't be blank" : f.message);
		return { status: statusFor(facts, 422), body: { errors } };
	}
	const texts: Partial<Record<ErrorKind, string>> = {
		unauthenticated: '[API] Invalid API key or access token (unrecognized login or wrong password)',
		notFound: 'Not Found',
		rateLimited: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
	};
	return { status: statusFor(facts, 422), body: { errors: texts[facts.kind] ?? facts.message } };
}

/** AWS JSON protocols: the exception's name in `__type` and in the x-amzn-ErrorType header, the words in `message`. */
function aws(facts: Facts): { status: number; body: unknown; headers: Record<string, string> } {
	const types: Partial<Record<ErrorKind, string>> = {
		unauthenticated: 'UnrecognizedClientException',
		forbidden: 'AccessDeniedException',
		notFound: 'ResourceNotFoundException',
		conflict: 'ConflictException',
		rateLimited: 'TooManyRequestsException',
		server: 'InternalFailure',
	};
	const type = types[facts.kind] ?? 'ValidationException';
	const message = facts.fields.length > 0 ? `1 validation error detected: ${facts.fields.map((f) => (f.missing ? `Value null at '${f.name}' failed to satisfy constraint: Member must not be null` : `Value at '${f.name}' failed to satisfy constraint: ${f.message}`)).join('; ')}` : facts.message;
	return { status: statusFor(facts, 400), headers: { 'x-amzn-ErrorType': type, 'Content-Type': 'application/x-amz-json-1.1' }, body: { __type: type, message } };
}

const PROBLEM_TYPES = 'https://partner-api.invalid/problems';

function problemDetails(facts: Facts): { status: number; body: unknown; headers: Record<string, string> } {
	const validation = facts.kind === 'validation';
	const body = {
		type: validation ? `${PROBLEM_TYPES}/validation-error` : facts.kind === 'conflict' ? `${PROBLEM_TYPES}/${facts.code}` : 'about:blank',
		title: validation ? 'Your request is not valid.' : phrase(facts.status),
		status: facts.status,
		detail: facts.message,
		instance: facts.context.path,
		...(facts.fields.length > 0
			? { errors: facts.fields.map((f) => (f.inQuery ? { detail: fieldSentence(f), parameter: f.name } : { detail: fieldSentence(f), pointer: `#/${f.name}` })) }
			: {}),
	};
	return { status: facts.status, body, headers: { 'Content-Type': 'application/problem+json' } };
}

/**
 * Checkfront answers a request it refuses for its arguments (a missing field, a taken slot, a bad parameter)
 * with 200 and `request.status` "ERROR"; the other refusals keep their status here, so the node's
 * 401/403/404/429 rules still apply.
 */
function checkfront(facts: Facts): { status: number; body: unknown } {
	const refusedIn200 = facts.kind === 'validation' || facts.kind === 'badRequest' || facts.kind === 'conflict';
	const ids: Partial<Record<ErrorKind, string>> = { validation: 'validation_error', conflict: 'booking_conflict', unauthenticated: 'auth_error', forbidden: 'permission_denied', notFound: 'not_found' };
	const title = facts.fields.some((f) => f.missing) ? 'Missing required fields' : facts.message;
	return {
		status: refusedIn200 ? 200 : facts.status,
		body: {
			version: '3.0',
			host_id: 'venue.checkfront.invalid',
			request: {
				status: 'ERROR',
				resource: resourceName(facts.context.path).toLowerCase(),
				method: facts.context.method.toLowerCase(),
				error: {
					id: ids[facts.kind] ?? facts.code,
					title,
					...(facts.fields.length > 0 ? { details: Object.fromEntries(facts.fields.map((f) => [f.name, f.missing ? 'is required' : f.message])) } : {}),
				},
			},
		},
	};
}

/** A PascalCase message and code, the validation status kept at 400. */
function pageSizeEcho(facts: Facts): { status: number; body: unknown } {
	const message = facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message;
	return { status: statusFor(facts, 400), body: { Message: message, Code: facts.kind === 'validation' ? 'InvalidParameter' : phrase(facts.status).replace(/\s+/g, '') } };
}

/**
 * Mindbody: `{"Error": {"Message", "Code"}}`; bad arguments and a taken time (`ClientIsAlreadyBooked`) are 400,
 * the other refusals keep their status.
 */
function mindbody(facts: Facts): { status: number; body: unknown } {
	const codes: Partial<Record<ErrorKind, string>> = {
		unauthenticated: 'InvalidAccessToken',
		forbidden: 'DeniedAccess',
		notFound: 'NotFound',
		conflict: 'ClientIsAlreadyBooked',
		rateLimited: 'TooManyRequests',
		server: 'InternalError',
	};
	const missing = facts.fields.some((f) => f.missing);
	const code = facts.kind === 'validation' || facts.kind === 'badRequest' ? (missing ? 'MissingRequiredFields' : 'InvalidParameter') : (codes[facts.kind] ?? 'InvalidParameter');
	const message = facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message;
	return { status: facts.kind === 'conflict' ? 400 : statusFor(facts, 400), body: { Error: { Message: message, Code: code } } };
}

/** Bookeo: the status, a descriptive message and an error id, at the status itself. */
function bookeo(facts: Facts): { status: number; body: unknown } {
	const status = statusFor(facts, 400);
	const message = facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message;
	return { status, body: { httpStatus: status, message, errorId: requestId(facts.context.sequence).slice(-8).toUpperCase() } };
}

/** Cliniko (Rails): validation is 422 with the fields' problems keyed by field; other refusals a message. */
function cliniko(facts: Facts): { status: number; body: unknown } {
	if (facts.kind !== 'validation' || facts.fields.length === 0) return { status: statusFor(facts, 422), body: { message: facts.message } };
	const errors: Record<string, string[]> = {};
	for (const f of facts.fields) (errors[f.name] ??= []).push(f.missing ? "can't be blank" : f.message);
	return { status: 422, body: { message: `Validation failed: ${facts.fields.map((f) => `${f.name} ${f.missing ? "can't be blank" : f.message}`).join(', ')}`, errors } };
}

/**
 * Planyo: every answer is `{"data", "response_code", "response_message"}`, 0 on success. A request refused for its
 * arguments or a taken time answers 200 with a non-zero code; the other refusals keep their status here, so the
 * node's 401/403/404/429 rules still apply.
 */
function planyo(facts: Facts): { status: number; body: unknown } {
	const refusedIn200 = facts.kind === 'validation' || facts.kind === 'badRequest' || facts.kind === 'conflict';
	const codes: Partial<Record<ErrorKind, number>> = { validation: 3, badRequest: 2, conflict: 4, unauthenticated: 5, forbidden: 6, notFound: 7, rateLimited: 8 };
	const message = facts.kind === 'conflict' ? 'The resource is not available in the selected time period.' : facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message;
	return { status: refusedIn200 ? 200 : facts.status, body: { data: null, response_code: codes[facts.kind] ?? 1, response_message: message } };
}

/** Rezdy: the request status block says it failed, with a code and the words; the status is kept (400 for validation). */
function rezdy(facts: Facts): { status: number; body: unknown } {
	const errorMessage = facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message;
	const status = statusFor(facts, 400);
	return { status, body: { requestStatus: { success: false, error: { errorCode: String(status), errorMessage }, version: 'v1' } } };
}

/** "room_id" → "Room", "start" → "Start": the attribute as Rails' full messages name it. */
function railsAttribute(name: string): string {
	const words = name.replace(/_?[iI]d$/, '').replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
	return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Current RMS (Rails): `{"errors": ["Starts at can't be blank"]}`, validation with 422. */
function currentRms(facts: Facts): { status: number; body: unknown } {
	const errors = facts.fields.length > 0
		? facts.fields.map((f) =>
				f.missing
					? `${railsAttribute(f.name)} can't be blank`
					: // Rails' words for an attribute the model does not have name it as sent.
						f.message === UNKNOWN_FIELD_MESSAGE
						? `unknown attribute '${f.name}' for ${resourceName(facts.context.path)}.`
						: `${railsAttribute(f.name)} ${f.message}`,
			)
		: [facts.message];
	return { status: statusFor(facts, 422), body: { errors } };
}

/** Rentman (unverified): the words in `message`, beside the status code; validation with 400. */
function rentman(facts: Facts): { status: number; body: unknown } {
	const status = statusFor(facts, 400);
	return { status, body: { code: status, message: facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message } };
}

/**
 * SimplyBook.me answers as JSON-RPC 2.0: a refusal of the arguments (a missing field, a bad parameter, a taken
 * slot) is an `error` object in a 200, code -32602 "Invalid params"; the other refusals keep their status here,
 * so the node's 401/403/404/429 rules still apply.
 */
function simplybook(facts: Facts): { status: number; body: unknown } {
	const refusedIn200 = facts.kind === 'validation' || facts.kind === 'badRequest' || facts.kind === 'conflict';
	const words = facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message;
	return {
		status: refusedIn200 ? 200 : facts.status,
		body: { jsonrpc: '2.0', id: 1, error: refusedIn200 ? { code: -32602, message: `Invalid params: ${words}` } : { code: -32000 - facts.status, message: words } },
	};
}

/**
 * Acuity: `{"status_code", "message", "error"}` at the status; a time no longer free is 400 `not_available`
 * ("Availability errors return a 400"), as is a bad argument; other errors keep the sandbox's code.
 */
function acuity(facts: Facts): { status: number; body: unknown } {
	const status = facts.kind === 'conflict' ? 400 : statusFor(facts, 400);
	const message = facts.fields.length > 0 ? facts.fields.map(fieldSentence).join(' ') : facts.message;
	return { status, body: { status_code: status, message, error: facts.kind === 'conflict' ? 'not_available' : facts.code } };
}

function messageOnly(facts: Facts): { status: number; body: unknown } {
	return { status: facts.status, body: { message: facts.message, code: facts.code, ...(facts.fields[0] ? { field: facts.fields[0].name } : {}) } };
}

const RENDERERS: Record<ConventionName, Renderer> = {
	stripe: (facts) => stripeLike(facts, false),
	openai: (facts) => stripeLike(facts, true),
	drfPage: drf,
	drfLimitOffset: drf,
	drfCursor: drf,
	github,
	slack,
	graph,
	jsonApi,
	hal: springBoot,
	google,
	jira,
	salesforce,
	laravel,
	hubspot,
	notion,
	problemDetails,
	hasMoreOnly: messageOnly,
	square,
	paypal,
	calendly,
	calCom,
	pipedrive,
	zendesk,
	twilio,
	strapi,
	gitlab,
	shopify,
	aws,
	checkfront,
	pageSizeEcho,
	mindbody,
	bookeo,
	cliniko,
	squareBookings: square,
	planyo,
	rezdy,
	currentRms,
	rentman,
	booqable: jsonApi,
	simplybook,
	acuity,
	unsurveyedToken: messageOnly,
	unsurveyedCount: messageOnly,
};

/** The error as the convention's API would send it; the sandbox's headers (Retry-After, Allow, WWW-Authenticate) are kept. */
export function renderConventionError(name: ConventionName, error: ApiError, context: ErrorContext): RenderedResponse {
	const rendered = RENDERERS[name](factsOf(error, context));
	return { status: rendered.status ?? error.status, headers: { ...error.headers, ...rendered.headers }, body: rendered.body };
}
