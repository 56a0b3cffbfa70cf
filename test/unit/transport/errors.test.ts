import { NodeApiError } from 'n8n-workflow';
import { ENDPOINTS, findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { keyRedactor } from '../../../nodes/VenueBooking/transport/request';
import {
	declaredFailureError,
	type FailureContext,
	failureDeclaredInBody,
	fieldsNamedIn,
	findServerMessage,
	httpStatusError,
	isStalePageRefusal,
	NetworkFailure,
	networkHint,
	refusalInWriteAnswer,
	refusedResultError,
	transportError,
} from '../../../nodes/VenueBooking/transport/errors';
import { TEST_KEY, TEST_NODE } from '../mockContext';

const context = (endpoint = findEndpoint('payment', 'getAll'), attempts = 1): FailureContext => ({
	node: TEST_NODE,
	endpoint,
	attempts,
	itemIndex: 2,
	redact: keyRedactor(TEST_KEY),
});

describe('findServerMessage', () => {
	it.each([
		[{ message: 'm' }, 'm'],
		[{ error_description: 'ed' }, 'ed'],
		[{ error: 'plain' }, 'plain'],
		[{ error: { detail: 'nested' } }, 'nested'],
		[{ errors: ['first', 'second'] }, 'first'],
		[{ errors: [{ title: 't' }] }, 't'],
	])('finds it in %j', (body, expected) => {
		expect(findServerMessage(body)).toBe(expected);
	});

	it('finds none in text, arrays or bodies without a common key', () => {
		expect(findServerMessage('message')).toBeUndefined();
		expect(findServerMessage([{ message: 'x' }])).toBeUndefined();
		expect(findServerMessage({ code: 17 })).toBeUndefined();
	});

	// One case per error-body shape of the survey (docs/API-CONVENTIONS.md, "Error-body shapes").
	it.each([
		[
			'Stripe / OpenAI: the param is the field',
			{ error: { message: 'Missing required param: end.', type: 'invalid_request_error', param: 'end', code: 'parameter_missing' } },
			'end: Missing required param: end.',
		],
		['OAuth: the description, not the code', { error: 'invalid_request', error_description: 'The end parameter is missing.' }, 'The end parameter is missing.'],
		['DRF detail', { detail: 'Authentication credentials were not provided.' }, 'Authentication credentials were not provided.'],
		[
			'JSON:API: the field from the pointer',
			{ errors: [{ status: '422', title: 'Invalid Attribute', detail: 'must be after start', source: { pointer: '/data/attributes/end' } }] },
			'end: must be after start',
		],
		[
			'RFC 9457 problem details',
			{ type: 'https://example.com/probs/out-of-credit', title: 'You do not have enough credit.', status: 403, detail: 'Your current balance is 30, but that costs 50.', instance: '/account/12345' },
			'Your current balance is 30, but that costs 50.',
		],
		['RFC 9457 with only a title', { type: 'about:blank', title: 'Not Found', status: 404 }, 'Not Found'],
		[
			'RFC 9457 with errors[]',
			{
				type: 'https://example.net/validation-error',
				title: 'Your request is not valid.',
				status: 422,
				errors: [
					{ detail: 'must be a positive integer', pointer: '#/guests' },
					{ detail: "must be 'green', 'red' or 'blue'", pointer: '#/profile/color' },
				],
			},
			"Your request is not valid. (guests: must be a positive integer; color: must be 'green', 'red' or 'blue')",
		],
		[
			'Laravel: the fields say it all',
			{ message: 'The end field is required. (and 1 more error)', errors: { end: ['The end field is required.'], room: ['The selected room is invalid.'] } },
			'end: The end field is required.; room: The selected room is invalid.',
		],
		[
			'DRF field-keyed map: every key, named',
			{ end: ['This field is required.'], room: ['Invalid pk.'] },
			'end: This field is required.; room: Invalid pk.',
		],
		[
			'DRF field-keyed map with non_field_errors',
			{ non_field_errors: ['The slot is taken.'], end: ['Ensure this value is later than start.'] },
			'The slot is taken. (end: Ensure this value is later than start.)',
		],
		['Jira: errors map, no general message', { errorMessages: [], errors: { end: 'End date is required.' } }, 'end: End date is required.'],
		['Jira: a general message', { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} }, 'Issue does not exist or you do not have permission to see it.'],
		[
			'Salesforce: a top-level list with errorCode, fields named',
			[{ message: 'Required fields are missing: [End__c]', errorCode: 'REQUIRED_FIELD_MISSING', fields: ['End__c'] }],
			'End__c: Required fields are missing: [End__c]',
		],
		[
			'Google: field violations in details',
			{
				error: {
					code: 400,
					message: 'Request contains an invalid argument.',
					status: 'INVALID_ARGUMENT',
					details: [
						{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'booking.end', description: 'must be after start' }] },
					],
				},
			},
			'Request contains an invalid argument. (booking.end: must be after start)',
		],
		[
			'Microsoft Graph',
			{ error: { code: 'Request_BadRequest', message: 'Invalid object identifier.', innerError: { date: '2026-01-01T00:00:00', 'request-id': 'r1' } } },
			'Invalid object identifier.',
		],
		['Slack: an error code in a 2xx body', { ok: false, error: 'invalid_cursor' }, 'invalid_cursor'],
		[
			'Slack: the code with its messages about the request',
			{ ok: false, error: 'invalid_arguments', response_metadata: { messages: ['[ERROR] missing required field: room_id', '[ERROR] missing required field: start'] } },
			'[ERROR] missing required field: room_id; [ERROR] missing required field: start',
		],
		['OData: a key that holds dots is read whole', { '@odata.context': 'x', error: { code: 'c', message: 'Bad $top.' } }, 'Bad $top.'],
		[
			'HubSpot',
			{ status: 'error', message: 'Property values were not valid', correlationId: 'c1', category: 'VALIDATION_ERROR' },
			'Property values were not valid',
		],
		['Notion', { object: 'error', status: 400, code: 'validation_error', message: 'body.end should be a string.' }, 'body.end should be a string.'],
		[
			'GitHub: codes of the fields that failed',
			{ message: 'Validation Failed', errors: [{ resource: 'Booking', field: 'end', code: 'missing_field' }], documentation_url: 'https://docs.github.com/rest' },
			'Validation Failed (end: missing_field)',
		],
		[
			'Spring Boot',
			{ timestamp: '2026-01-01T00:00:00.000+00:00', status: 400, error: 'Bad Request', message: 'Required request body is missing', path: '/api/partners/v1/bookings' },
			'Required request body is missing',
		],
		['Spring Boot without a message: the reason', { timestamp: '2026-01-01T00:00:00.000+00:00', status: 404, error: 'Not Found', message: '', path: '/x' }, 'Not Found'],
		['GitLab: a field map as the message', { message: { end: ['is invalid'] } }, 'end: is invalid'],
		['Shopify: errors as text', { errors: 'Not Found' }, 'Not Found'],
		['AWS', { __type: 'ValidationException', Message: '1 validation error detected' }, '1 validation error detected'],
		['Zendesk', { error: 'RecordInvalid', description: 'Record validation errors', details: { end: [{ description: 'End: cannot be blank', error: 'BlankValue' }] } }, 'Record validation errors (end: End: cannot be blank)'],
		['OData: target', { error: { code: 'BadArgument', message: 'Bad argument', target: 'end' } }, 'end: Bad argument'],
		['Strapi', { data: null, error: { status: 400, name: 'ValidationError', message: '1 error occurred', details: { errors: [{ path: ['end'], message: 'end must be a date' }] } } }, '1 error occurred (end: end must be a date)'],
		['Cal.com', { status: 'error', error: { code: 'BadRequestException', message: 'end must be a valid ISO 8601 date string' } }, 'end must be a valid ISO 8601 date string'],
		[
			'Spring Data REST validation',
			{ errors: [{ entity: 'Booking', property: 'end', invalidValue: null, message: 'must not be null' }] },
			'end: must not be null',
		],
		['Twilio', { code: 21211, message: "The 'To' number is not a valid phone number.", more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }, "The 'To' number is not a valid phone number."],
		['Square', { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'MISSING_REQUIRED_PARAMETER', detail: 'Missing required parameter.', field: 'end' }] }, 'end: Missing required parameter.'],
		['the sandbox', { error: { code: 'validation_failed', message: 'Invalid booking', details: [{ field: 'end', message: 'must be after start' }] } }, 'Invalid booking (end: must be after start)'],
	])('%s', (_shape, body, expected) => {
		expect(findServerMessage(body)).toBe(expected);
	});

	it('collapses whitespace and keeps one line short', () => {
		expect(findServerMessage({ message: '  two\n\tlines  ' })).toBe('two lines');
		expect(findServerMessage({ message: 'x'.repeat(100_000) })).toHaveLength(400);
		const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`field${i}`, [`Field ${i} is wrong in a long-winded way.`]]));
		const line = findServerMessage(many) ?? '';
		expect(line.length).toBeLessThanOrEqual(400);
		expect(line).toMatch(/^field0: Field 0 is wrong.*; and \d+ more$/);
	});
});

describe('findServerMessage on hostile bodies', () => {
	it('stays bounded and quick on deep nesting', () => {
		let deep: unknown = { message: 'bottom' };
		for (let i = 0; i < 100_000; i++) deep = { error: deep };
		expect(findServerMessage(deep)).toBeUndefined();
		let deepList: unknown = [];
		for (let i = 0; i < 100_000; i++) deepList = { errors: [deepList] };
		expect(findServerMessage(deepList)).toBeUndefined();
	});

	it('reads a few entries of huge lists and maps', () => {
		// Bounded by what it reads, not by the clock: a proxy counts the entries looked at.
		let entriesRead = 0;
		const entries = Array.from({ length: 200_000 }, (_, i) => ({ field: `f${i}`, message: 'bad' }));
		const counted = new Proxy(entries, {
			get(target, key, receiver) {
				if (typeof key === 'string' && /^\d+$/.test(key)) entriesRead++;
				return Reflect.get(target, key, receiver) as unknown;
			},
		});
		const huge = { errors: counted };
		const line = findServerMessage(huge) ?? '';
		expect(entriesRead).toBeGreaterThan(0);
		expect(entriesRead).toBeLessThanOrEqual(200);
		expect(line.length).toBeLessThanOrEqual(400);
		expect(line).toMatch(/^f0: bad; f1: bad/);
		expect(findServerMessage(Array.from({ length: 200_000 }, () => ({ errorCode: 'X', message: 'bad' })))).toBe('bad');
	});

	it('never reads __proto__, constructor or prototype, and names no such field', () => {
		const hostile = JSON.parse(
			'{ "__proto__": { "message": "from proto" }, "constructor": { "message": "from constructor" }, "errors": { "__proto__": ["polluted"], "end": ["required"] } }',
		) as unknown;
		expect(findServerMessage(hostile)).toBe('end: required');
		const bare = JSON.parse('{ "__proto__": ["x"], "prototype": ["y"] }') as unknown;
		expect(findServerMessage(bare)).toBeUndefined();
		expect(({} as { message?: unknown }).message).toBeUndefined();
	});

	it('ignores values of the wrong kind where a message should be', () => {
		expect(findServerMessage({ message: 42, detail: ['x'], title: { a: 1 }, error: 7 })).toBeUndefined();
		expect(findServerMessage({ errors: [null, 3, ['nested'], { field: 'end' }] })).toBeUndefined();
		expect(findServerMessage([{ errorCode: 1, message: 'x' }])).toBeUndefined();
	});
});

/** Each endpoint's 403: the scope, and what it is needed for, as the message words it. */
const FORBIDDEN = [
	['slot', 'getAll', 'slots.read scope needed to read the available slots'],
	['booking', 'create', 'bookings.write scope needed to create a booking'],
	['booking', 'getAll', 'bookings.read scope needed to list bookings'],
	['booking', 'get', "bookings.read scope needed to read a booking's details"],
	['booking', 'update', 'bookings.write scope needed to cancel or reschedule a booking'],
	['service', 'getAll', 'catalog.read scope needed to read the catalog of services'],
	['room', 'getAll', 'catalog.read scope needed to list the rooms and resources'],
	['client', 'getAll', 'clients.read scope needed to list clients'],
	['client', 'get', 'clients.read scope needed to read a client card'],
	['payment', 'getAll', 'payments.read scope needed to read the payment journal'],
	['webhook', 'sendTest', 'bookings.read or bookings.write scope needed to test an outgoing webhook'],
	['webhookDelivery', 'getAll', 'webhooks.read scope needed to read the webhook delivery journal'],
] as const;

describe('httpStatusError', () => {
	it('is a NodeApiError with advice for the status, the server message, the body and the item', () => {
		const error = httpStatusError(context(), 401, { message: 'key revoked' });
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.httpCode).toBe('401');
		expect(error.message).toMatch(/^The API key was refused \(401\)/);
		// Issue 42: the server's words once; the body is quoted only where it says more than they do.
		expect(error.description).toBe('The server said: key revoked');
		expect(error.context.itemIndex).toBe(2);
		expect(httpStatusError(context(), 400, { message: 'bad start', hint: 'use ISO 8601 dates' }).description).toBe(
			'The server said: bad start\nResponse body: {"hint":"use ISO 8601 dates","message":"bad start"}',
		);
	});

	it('names the credential the node used on a 401, by the name the user gave it (issue 42)', () => {
		const named = { ...context(), node: { ...context().node, credentials: { venueBookingApi: { id: '1', name: 'Venue Booking account' } } } };
		expect(httpStatusError(named, 401, '').message).toBe('The API key was refused (401): check the API Key of the credential "Venue Booking account"');
		expect(httpStatusError(context(), 401, '').message).toBe('The API key was refused (401): check the API Key of the Venue Booking API credential');
	});

	it('names the scope of the endpoint on a 403, and what it is needed for in words that read', () => {
		expect(httpStatusError(context(), 403, '').message).toBe(
			'The API key lacks the payments.read scope needed to read the payment journal (403), or the workspace is not on the Platform (GROWTH+) plan',
		);
	});

	it.each(FORBIDDEN)('a 403 of %s %s reads "…lacks the %s (403)…"', (resource, operation, phrase) => {
		const endpoint = ENDPOINTS.find((row) => row.resource === resource && row.operation === operation);
		expect(endpoint).toBeDefined();
		expect(httpStatusError(context(endpoint), 403, '').message).toBe(
			`The API key lacks the ${phrase} (403), or the workspace is not on the Platform (GROWTH+) plan`,
		);
	});

	it('has its 403 wording checked above for every one of the 12 endpoints', () => {
		expect(FORBIDDEN.map(([resource, operation]) => `${resource}:${operation}`).sort()).toEqual(
			ENDPOINTS.map((row) => `${row.resource}:${row.operation}`).sort(),
		);
	});

	it('quotes the server\'s words, with the fields they name, before the body', () => {
		const body = { end: ['This field is required.'], room: ['Invalid pk.'] };
		// Issue 42: a body that holds only those words is not quoted again.
		expect(httpStatusError(context(), 400, body).description).toBe('The server said: end: This field is required.; room: Invalid pk.');
	});

	it('tells a missing record from a wrong Base URL on a 404', () => {
		expect(httpStatusError(context(findEndpoint('booking', 'get')), 404, '').message).toMatch(/check the ID/);
		expect(httpStatusError(context(), 404, '').message).toMatch(/has no GET \/payments at this address \(404\): check the credential's Base URL/);
	});

	it('counts the attempts on a 429 or 5xx after retries, and adds a note to the message only', () => {
		const error = httpStatusError(context(undefined, 4), 503, undefined, 'Retry-After asked for 600 s');
		expect(error.message).toBe('The API failed with a server error (503) after 4 attempts: try again later (Retry-After asked for 600 s)');
		expect(error.description).toBe('Response body: (empty body)');
		expect(httpStatusError(context(undefined, 3), 429, '').message).toMatch(/still refused after 3 attempts/);
	});

	it('masks the API key and quotes at most 2,000 characters of the body', () => {
		const error = httpStatusError(context(), 400, `token ${TEST_KEY} ${'x'.repeat(5000)}`);
		expect(error.description).not.toContain(TEST_KEY);
		expect(error.description).toContain('token ***');
		expect(error.description).toMatch(/… \(\d+ characters\)$/);
		expect((error.description ?? '').length).toBeLessThan(2100);
	});
});

describe('the fields an error names', () => {
	it('are read from every field-error shape, each once, and kept on the error for the operation that sent them', () => {
		expect(fieldsNamedIn({ error: { message: 'bad', details: [{ field: 'end', message: 'unknown field' }, { field: 'end', message: 'x' }] } })).toEqual(['end']);
		expect(fieldsNamedIn({ errors: { start: ['is required'], room_id: ['is unknown'] } })).toEqual(['start', 'room_id']);
		expect(fieldsNamedIn({ errors: [{ source: { pointer: '/data/attributes/end' }, detail: 'unknown' }] })).toEqual(['end']);
		expect(fieldsNamedIn([{ errorCode: 'INVALID_FIELD', message: 'no', fields: ['a', 'b'] }])).toEqual(['a', 'b']);
		expect(fieldsNamedIn({ message: 'no fields here' })).toEqual([]);
		expect(fieldsNamedIn('text')).toEqual([]);
		const error = httpStatusError(context(), 400, { error: { message: 'unknown field(s) end', details: [{ field: 'end', message: 'unknown field' }] } });
		expect(error.context.namedFields).toEqual(['end']);
		expect(httpStatusError(context(), 400, { message: 'plain' }).context.namedFields).toBeUndefined();
	});

	it('keep what the server said of each field, so a write can tell a refused field from a refused value', () => {
		const body = { message: 'Service svc_rehearsal_2h cannot be booked in room_studio_a', errors: [{ field: 'room_id', message: 'service not offered in this room' }, { fields: ['a', 'b'], message: 'unknown field' }] };
		expect(httpStatusError(context(), 422, body).context.fieldMessages).toEqual([
			{ field: 'room_id', text: 'service not offered in this room' },
			{ field: 'a', text: 'unknown field' },
			{ field: 'b', text: 'unknown field' },
		]);
		expect(httpStatusError(context(), 422, { message: 'plain' }).context.fieldMessages).toBeUndefined();
	});
});

describe('transportError', () => {
	it('is a NodeApiError without an HTTP code, with the attempts counted and the key masked', () => {
		const error = transportError(context(undefined, 2), `Could not reach ${TEST_KEY}`, 'Check the Base URL.');
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('Could not reach *** after 2 attempts');
		expect(error.description).toBe('Check the Base URL.');
		expect(error.context.itemIndex).toBe(2);
	});
});

describe('failureDeclaredInBody', () => {
	it("reads Slack's and Pipedrive's failures in a 2xx body: a false flag and the server's words", () => {
		expect(failureDeclaredInBody({ ok: false, error: 'invalid_cursor' })).toBe('invalid_cursor');
		expect(failureDeclaredInBody({ ok: false, error: 'invalid_arguments', response_metadata: { messages: ['[ERROR] missing required field: start'] } })).toMatch(
			/missing required field: start/,
		);
		expect(failureDeclaredInBody({ ok: false, error: 'missing_scope', needed: 'payments:read', provided: 'bookings:read' })).toBe('missing_scope');
		expect(
			failureDeclaredInBody({ success: false, error: 'Unknown filter', error_info: 'Please check the developer docs', data: null, additional_data: null }),
		).toBe('Unknown filter');
	});

	it('leaves everything else as data: no flag, a true flag, a flag without words, a record with a false flag of its own', () => {
		expect(failureDeclaredInBody({ error: 'invalid_cursor' })).toBeUndefined();
		expect(failureDeclaredInBody({ ok: true, error: 'ignored' })).toBeUndefined();
		expect(failureDeclaredInBody({ ok: 'false', error: 'a text flag is no flag' })).toBeUndefined();
		expect(failureDeclaredInBody({ ok: false })).toBeUndefined();
		// A delivery that failed, a list beside the flag: the body carries data, so it is an answer like any other.
		expect(failureDeclaredInBody({ id: 'dlv_1', ok: false, error: 'connection refused' })).toBeUndefined();
		expect(failureDeclaredInBody({ success: false, error: 'partial', data: [{ id: 1 }] })).toBeUndefined();
		expect(failureDeclaredInBody([{ ok: false, error: 'x' }])).toBeUndefined();
	});
});

describe('the booking platforms: error keys in any case, a block that holds the error, a code, JSON-RPC', () => {
	it("reads Mindbody's PascalCase error and Rezdy's error inside its request status", () => {
		expect(findServerMessage({ Error: { Message: 'The client is already booked at this time.', Code: 'ClientIsAlreadyBooked' } })).toBe(
			'The client is already booked at this time.',
		);
		expect(
			findServerMessage({ requestStatus: { success: false, error: { errorCode: '10', errorMessage: 'Not enough availability' }, version: 'v1' } }),
		).toBe('Not enough availability');
	});

	it("reads Planyo's non-zero response_code and a JSON-RPC error in a 200 as refusals", () => {
		expect(failureDeclaredInBody({ data: null, response_code: 4, response_message: 'Not available in the selected time period.' })).toBe(
			'Not available in the selected time period.',
		);
		expect(failureDeclaredInBody({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params: start time is not available' } })).toBe(
			'Invalid params: start time is not available',
		);
	});

	it('leaves their successes and records as data', () => {
		// Planyo's success: code 0; a code beside data of substance is a record's own field.
		expect(failureDeclaredInBody({ data: { results: [{ reservation_id: '1' }] }, response_code: 0, response_message: 'Method executed successfully.' })).toBeUndefined();
		expect(failureDeclaredInBody({ data: { results: [{ reservation_id: '1' }] }, response_code: 4, response_message: 'partial' })).toBeUndefined();
		expect(failureDeclaredInBody({ id: 'dlv_1', response_code: 500, response_message: 'the webhook target failed' })).toBeUndefined();
		// JSON-RPC with a result is an answer, whatever the result holds; an error field without the version is no JSON-RPC.
		expect(failureDeclaredInBody({ jsonrpc: '2.0', id: 1, result: { 41: { id: '41', error: { message: 'x' } } } })).toBeUndefined();
		expect(failureDeclaredInBody({ jsonrpc: '2.0', id: 1, result: null, error: { message: 'x' } })).toBeUndefined();
		expect(failureDeclaredInBody({ id: 1, error: { message: 'a delivery that failed' } })).toBeUndefined();
	});
});

describe('failureDeclaredInBody: a status word instead of a false flag', () => {
	it("reads Checkfront's request block, JSend's fail and error, and Cal.com's error with the server's words", () => {
		const checkfront = {
			version: '3.0',
			account_id: 1,
			request: { status: 'ERROR', resource: 'booking', id: '1042', error: { id: 'validation_error', title: 'Missing required fields', details: { start: 'is required' } } },
		};
		expect(failureDeclaredInBody(checkfront)).toBe('Missing required fields (start: is required)');
		expect(failureDeclaredInBody({ meta: { status: 'error', message: 'Slot taken' }, data: [] })).toBe('Slot taken');
		expect(failureDeclaredInBody({ status: 'fail', data: { title: 'A title is required' } })).toBe('title: A title is required');
		expect(failureDeclaredInBody({ status: 'error', message: 'Unable to communicate with database' })).toBe('Unable to communicate with database');
		expect(failureDeclaredInBody({ status: 'error', timestamp: '2027-03-01T09:00:00Z', path: '/bookings', error: { code: 'BadRequestException', message: 'start is required.' } })).toBe(
			'start is required.',
		);
		// Any case, and an error object that carries only its id.
		expect(failureDeclaredInBody({ Response: { Status: 'Failure', Error: 'x', error: { id: 'slot_taken' } } })).toBe('slot_taken');
	});

	it('leaves data as data: a record with a failed status of its own, a list page, a success, a status word with nothing beside it', () => {
		expect(failureDeclaredInBody({ id: 'dlv_1', status: 'failed', error: 'timeout' })).toBeUndefined();
		expect(failureDeclaredInBody({ status: 'failed', error: 'timeout', url: 'https://hooks.example.com', attempts: 3 })).toBeUndefined();
		expect(failureDeclaredInBody({ meta: { status: 'error', message: 'partial' }, data: [{ id: 1 }] })).toBeUndefined();
		expect(failureDeclaredInBody({ request: { status: 'ERROR', error: { title: 'x' } }, 'booking/index': { '1042': { booking_id: 1042 } } })).toBeUndefined();
		// A record whose own `request` field failed: the record has an id.
		expect(failureDeclaredInBody({ id: 'dlv_2', request: { status: 'failed', error: 'timeout' } })).toBeUndefined();
		expect(failureDeclaredInBody({ request: { status: 'OK', page: 1 }, 'booking/index': [] })).toBeUndefined();
		expect(failureDeclaredInBody({ status: 'success', data: { id: 1 } })).toBeUndefined();
		expect(failureDeclaredInBody({ status: 'error' })).toBeUndefined();
		expect(failureDeclaredInBody({ success: true, status: 'error', message: 'the flag says otherwise' })).toBeUndefined();
		expect(failureDeclaredInBody({ status: 'errored', message: 'not a status word' })).toBeUndefined();
		// Deeper than one block down is data.
		expect(failureDeclaredInBody({ result: { request: { status: 'ERROR', error: { title: 'x' } } } })).toBeUndefined();
	});
});

describe('declaredFailureError', () => {
	it("quotes the words of the block that declared the failure and keeps the fields it names", () => {
		const body = { request: { status: 'ERROR', error: { id: 'validation_error', title: 'Missing required fields', details: { start: 'is required' } } } };
		const error = declaredFailureError(context(findEndpoint('booking', 'create')), 200, body, failureDeclaredInBody(body)!);
		expect(error.message).toBe('The API refused POST /bookings: Missing required fields (start: is required)');
		expect(error.description).toMatch(/^The answer came with a success status.*\nThe server said: Missing required fields \(start: is required\)\nResponse body \(HTTP 200\): /);
		expect(error.context.namedFields).toEqual(['start']);
	});

	it("names the endpoint and the server's words, quotes the body with its status, masks the key", () => {
		const error = declaredFailureError(context(), 200, { ok: false, error: `bad key ${TEST_KEY}` }, `bad key ${TEST_KEY}`);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The API refused GET /payments: bad key ***');
		expect(error.description).toMatch(/success status, but its body says the request failed/);
		expect(error.description).toMatch(/Response body \(HTTP 200\): \{"error":"bad key \*\*\*","ok":false\}/);
		expect(error.description).not.toContain(TEST_KEY);
		expect(error.context.itemIndex).toBe(2);
	});

	it('on a later page of a walk, says which page was refused and points at the pagination', () => {
		const error = declaredFailureError({ ...context(), page: 3 }, 200, { ok: false, error: 'invalid_cursor' }, 'invalid_cursor');
		expect(error.description).toMatch(/^Page 3 of GET \/payments was refused .* check Options > Pagination/);
	});
});

describe('isStalePageRefusal', () => {
	it('takes 400, 404, 410 and 422 answers as a stored page the API no longer serves, and nothing else', () => {
		for (const status of [400, 404, 410, 422]) expect(isStalePageRefusal(httpStatusError(context(), status, ''))).toBe(true);
		for (const status of [401, 403, 429, 500]) expect(isStalePageRefusal(httpStatusError(context(), status, ''))).toBe(false);
		expect(isStalePageRefusal(transportError(context(), 'refused', 'hint'))).toBe(false);
		// A stored cursor refused in a 2xx body (Slack's invalid_cursor) is one the API no longer serves too.
		expect(isStalePageRefusal(declaredFailureError(context(), 200, { ok: false, error: 'invalid_cursor' }, 'invalid_cursor'))).toBe(true);
		expect(isStalePageRefusal(new Error('404'))).toBe(false);
	});
});

const redact = keyRedactor(TEST_KEY);

describe('NetworkFailure.from', () => {
	it('reads the system code from code, httpCode (n8n-core) or the message, in that order of trust', () => {
		expect(NetworkFailure.from({ code: 'ECONNRESET', message: 'socket hang up' }, redact).code).toBe('ECONNRESET');
		expect(NetworkFailure.from({ httpCode: 'ECONNREFUSED', message: 'The service refused the connection' }, redact).code).toBe('ECONNREFUSED');
		expect(NetworkFailure.from(new Error('getaddrinfo ENOTFOUND studio.example'), redact).code).toBe('ENOTFOUND');
		expect(NetworkFailure.from({ cause: { code: 'EPIPE', message: 'write EPIPE' } }, redact).code).toBe('EPIPE');
	});

	it('calls a timeout without a code ETIMEDOUT, and anything unrecognisable UNKNOWN', () => {
		expect(NetworkFailure.from({ message: 'x', messages: ['timeout of 300ms exceeded'] }, redact).code).toBe('ETIMEDOUT');
		expect(NetworkFailure.from(undefined, redact).code).toBe('UNKNOWN');
		expect(NetworkFailure.from(undefined, redact).detail).toBe('unknown error (UNKNOWN)');
	});

	it.each([
		['ECONNREFUSED', 'The API refused the connection'],
		['ECONNRESET', 'The API closed the connection without an answer'],
		['ETIMEDOUT', 'The API did not answer in time'],
		['EAI_AGAIN', 'The API host could not be found'],
		['EPROTO', 'The request to the API failed before an answer came'],
	])('summarises %s as "%s"', (code, summary) => {
		const failure = NetworkFailure.from({ code, message: `failed ${code}` }, redact);
		expect(failure.summary).toBe(summary);
		expect(failure.message).toBe(summary);
	});

	it('keeps no request configuration and masks the key in the detail', () => {
		const error = Object.assign(new Error(`connect ECONNREFUSED key=${TEST_KEY}`), {
			code: 'ECONNREFUSED',
			config: { headers: { Authorization: `Bearer ${TEST_KEY}` } },
		});
		const failure = NetworkFailure.from(error, redact);
		expect(failure.detail).toBe('connect ECONNREFUSED key=*** (ECONNREFUSED)');
		expect(JSON.stringify({ ...failure, message: failure.message })).not.toContain(TEST_KEY);
	});
});

describe('networkHint', () => {
	const failure = (code: string) => new NetworkFailure(code, 'summary', `detail ${code}`);

	it('says what to check for each kind of failure', () => {
		expect(networkHint(failure('ECONNREFUSED'), 'GET /rooms', 1000)).toMatch(/^Nothing accepted the connection for GET \/rooms/);
		expect(networkHint(failure('ENOTFOUND'), 'GET /rooms', 1000)).toMatch(/could not be resolved/);
		expect(networkHint(failure('ECONNABORTED'), 'GET /rooms', 1500)).toBe(
			'No answer within 1500 ms for GET /rooms. Raise the Timeout option if the API is slow.',
		);
		expect(networkHint(failure('ECONNRESET'), 'GET /rooms', 1000)).toBe('GET /rooms: detail ECONNRESET');
	});
});

describe('DNS failures', () => {
	it('recognises getaddrinfo codes with an underscore, as code or in the text', () => {
		expect(NetworkFailure.from({ code: 'EAI_AGAIN' }, redact).code).toBe('EAI_AGAIN');
		expect(NetworkFailure.from(new Error('getaddrinfo EAI_AGAIN studio.example'), redact).code).toBe('EAI_AGAIN');
	});
});


describe('refusalInWriteAnswer: per-item results of a write (issue 40)', () => {
	const refusedIn = (body: unknown) => refusalInWriteAnswer(body)?.result;

	it('finds a refused result in an array, one wrapper down, and in the body itself, in any spelling of its keys', () => {
		const taken = { success: false, errors: [{ field: 'roomId', message: 'Room 3 is not available at that time' }] };
		expect(refusedIn([taken])).toBe(taken);
		expect(refusedIn({ results: [taken] })).toBe(taken);
		expect(refusedIn({ outcome: taken })).toBe(taken);
		expect(refusedIn([{ result: taken }])).toBe(taken);
		for (const result of [
			{ isSuccess: false, validationErrors: [{ fieldName: 'roomId', reason: 'taken' }] },
			{ OK: 'false', Message: 'taken' },
			{ wasSuccessful: false },
			{ failed: true, reason: 'taken' },
			{ hasErrors: true, bookingRef: 'x' },
			{ resultStatus: 'FAILED_VALIDATION', detail: 'taken' },
			{ '$errors': ['Room 3 is taken'] },
			{ error: { code: 'slot_taken' } },
			{ jsonrpc: '2.0', id: 4, error: { code: -32000, message: 'taken' } },
			{ requestId: 'rq_1', status: 'error', errors: ['taken'] },
		]) {
			expect(refusedIn([result])).toBe(result);
		}
		expect(refusalInWriteAnswer([{ success: true, created: { id: 1 } }, taken, taken])).toMatchObject({ position: 2, of: 3, refused: 2 });
	});

	it('reads records and success results as data: a record\'s own failed status or error, empty errors, true flags', () => {
		for (const body of [
			{ id: 'bk_1', start: '2026-12-01T10:00:00Z', payment: { success: false, error: 'card declined' } },
			[{ id: 'dlv_1', status: 'failed', error: 'timeout', url: 'https://hooks.example.com' }],
			[{ id: 'pay_1', amount: 10, state: 'failed', errors: ['declined'] }],
			[{ id: 'vch_1', name: 'Spring voucher', valid: false, accepted: false }],
			[{ success: true, errors: [], error: null, created: { id: 'bk_1' } }],
			[{ ok: true, warnings: ['late'], booking: { id: 'bk_1' } }],
			{ data: [{ id: 'bk_1', status: 'confirmed' }], errors: [] },
			{ errorCount: 0, items: [{ id: 1 }] },
			['made', 7, null],
			{ success: true, data: { id: 'bk_1' } },
		]) {
			expect(refusedIn(body)).toBeUndefined();
		}
	});

	it('looks no deeper than one wrapper, and only at a bounded number of results', () => {
		expect(refusedIn({ a: { b: { success: false, error: 'deep' } } })).toBeUndefined();
		const many = Array.from({ length: 5000 }, () => ({ success: true, created: { id: 1 } }));
		many[4999] = { success: true, created: { id: 2 } };
		expect(refusedIn(many)).toBeUndefined();
	});

	it('makes an error that quotes the server, names the field it named and counts the refused results', () => {
		const body = [{ success: true, created: { id: 1 } }, { isSuccess: false, validationErrors: [{ fieldName: 'roomId', reason: `taken by ${TEST_KEY}` }] }];
		const error = refusedResultError(context(findEndpoint('booking', 'create')), 201, body, refusalInWriteAnswer(body)!);
		expect(error.message).toBe('The API refused POST /bookings: roomId: taken by ***');
		expect(error.description).toMatch(/1 of 2 results refused; the first is result 2/);
		expect(error.description).not.toContain(TEST_KEY);
		expect(error.context.namedFields).toEqual(['roomId']);
		expect(error.httpCode).toBe('201');
		expect(isStalePageRefusal(error)).toBe(true);
		// Without any words, the result itself is quoted.
		const bare = [{ wasSuccessful: false }];
		expect(refusedResultError(context(), 200, bare, refusalInWriteAnswer(bare)!).message).toMatch(/a result says the write failed: \{"wasSuccessful":false\}/);
	});
});

describe('failureDeclaredInBody in spellings no table has (issue 40)', () => {
	it('reads a success flag, a result code, a status and its words in any case style or with a prefix', () => {
		expect(failureDeclaredInBody({ OK: false, Error: 'invalid_cursor' })).toBe('invalid_cursor');
		expect(failureDeclaredInBody({ $ok: false, error_message: 'The cursor expired' })).toBe('The cursor expired');
		expect(failureDeclaredInBody({ isSuccess: false, errorMessage: 'Unknown filter', status: 400 })).toBe('Unknown filter');
		expect(failureDeclaredInBody({ _success: false, validation_errors: [{ param: 'from', reason: 'not a date' }] })).toBe('from: not a date');
		expect(failureDeclaredInBody({ ResponseCode: 4, ResponseMessage: 'Not available in the selected time period.', Data: null })).toBe(
			'Not available in the selected time period.',
		);
		expect(failureDeclaredInBody({ Status: 'FAILED', error_text: 'Slot taken' })).toBe('Slot taken');
		expect(failureDeclaredInBody({ $status: 'error', message: 'Unable to communicate with database' })).toBe('Unable to communicate with database');
		expect(failureDeclaredInBody({ Meta: { resultStatus: 'Error', errors: ['Slot taken'] }, Data: [] })).toBe('Slot taken');
	});

	it('leaves data as data: a true flag, substance beside a false one, a record\'s own failed status, a list beside a failed block', () => {
		expect(failureDeclaredInBody({ isSuccess: true, errorMessage: 'ignored', items: [] })).toBeUndefined();
		expect(failureDeclaredInBody({ IsOk: false, error: 'connection refused', deliveryUrl: 'https://hooks.example.com' })).toBeUndefined();
		expect(failureDeclaredInBody({ Status: 'failed', error: 'timeout', url: 'https://hooks.example.com', attempts: 3 })).toBeUndefined();
		expect(failureDeclaredInBody({ Meta: { status: 'error', message: 'partial' }, Data: [{ id: 1 }] })).toBeUndefined();
		expect(failureDeclaredInBody({ payment_status: 'failed', id: 'pay_1', amount: 10 })).toBeUndefined();
		expect(failureDeclaredInBody({ ResponseCode: 0, ResponseMessage: 'Method executed successfully.', Data: { results: [] } })).toBeUndefined();
		expect(failureDeclaredInBody({ statusCode: 200, items: [] })).toBeUndefined();
	});
});

describe('the fuzzing suite\'s refused writes (fuzz-findings W1–W6)', () => {
	const create = findEndpoint('booking', 'create');
	const refusal = (body: unknown) => {
		const found = refusalInWriteAnswer(body) ?? undefined;
		const declared = failureDeclaredInBody(body);
		if (declared !== undefined) return declared;
		return found ? refusedResultError(context(create), 201, body, found).message.replace('The API refused POST /bookings: ', '') : undefined;
	};

	it.each([
		['W1 one per-item result', [{ status: 'failed', __messages: [{ field: 'room_id', message: 'Room 3 is not available' }] }], 'room_id: Room 3 is not available'],
		[
			'W2 the refused one among successes',
			[{ success: true, changed: { id: 'bk_1', status: 'confirmed' } }, { $succeeded: false, messages: [{ field: 'room_id', message: "Starts at can't be blank" }] }],
			"room_id: Starts at can't be blank",
		],
		['W3 renamed keys', { __IsOk: false, Error: ['Slot taken'] }, 'Slot taken'],
		['W3 a failure status beside error details', { status: 'failure', errorDetails: [{ field: 'start', message: 'is required' }], result: null }, 'start: is required'],
		['W4 one wrapper down', { $result: { __status: 'refused', problems: 'The slot is taken' } }, 'The slot is taken'],
		['W5 per-item results in a wrapper', { $outcomes: [{ status: 'rejected', '@errors': { slot: ['is taken'] } }] }, 'slot: is taken'],
		['W6 an error object beside a null record', { created: null, error: { message: 'is not an available time slot', code: 'E_UNAVAILABLE' } }, 'is not an available time slot'],
		['an accepted flag one wrapper down, messages keyed by field', [{ Response: { Accepted: false, Messages: { room_id: ['room_id is missing'] } } }], 'room_id: room_id is missing'],
		['a valid flag among successes', [{ valid: false, messages: 'The requested slot is no longer available.' }, { id: 'bk_1', status: 'confirmed' }], 'The requested slot is no longer available.'],
		['a prefixed valid flag in a wrapper', [{ responses: [{ '@valid': false, '@messages': { start: ['is not available'] }, booking: null }] }], 'start: is not available'],
	])('%s', (_name, body, words) => {
		expect(refusal(body)).toBe(words);
	});
});
