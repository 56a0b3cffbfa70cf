/**
 * The one registry of API conventions. The API document shows no field, parameter or header name, so detection
 * knows only the names a survey of widely used public APIs found (docs/API-CONVENTIONS.md): each row here is one
 * name, the role it plays in an answer, and the conventions that use it (the keys of the recordings under
 * test/recordings/, which hold every row to an answer that needs it). Detectors read their sets from here;
 * no other module of the node names a surveyed field or header.
 *
 * Adding a convention that differs only in names: a row (or a convention key on an existing row) and a folder
 * of recorded answers. A convention with new walking behaviour needs code as well.
 */

/** The conventions rows name: the sandbox's (sandbox/conventions.ts) and APIs of the survey recorded from their docs. */
export const CONVENTION_KEYS = [
	'stripe', 'openai', 'drfPage', 'drfLimitOffset', 'drfCursor', 'github', 'slack', 'graph', 'jsonApi', 'hal',
	'google', 'jira', 'salesforce', 'laravel', 'hubspot', 'notion', 'problemDetails', 'hasMoreOnly', 'square',
	'paypal', 'calendly', 'calCom', 'pipedrive', 'zendesk', 'twilio', 'strapi', 'gitlab', 'shopify', 'aws',
	'checkfront', 'pageSizeEcho',
	// Recorded from their documentation's examples only (the sandbox does not speak them): booking, scheduling and
	// rental platforms (docs/API-CONVENTIONS.md) and Jira Service Management.
	'acuity', 'bookeo', 'booqable', 'cliniko', 'currentRms', 'mindbody', 'planyo', 'rentman', 'rezdy', 'simplybook',
	'squareBookings', 'jiraServiceManagement',
] as const;
export type ConventionKey = (typeof CONVENTION_KEYS)[number];

/** What a name means in an answer. */
export const ROLES = {
	listName: 'a list is kept under this name, preferred when a body has several arrays',
	listContainer: 'an object one level down that keeps the list',
	nextUrl: "the next page's URL in the body",
	nextObject: 'an object that describes the next page (its URL or cursor sits inside)',
	urlInsideNext: 'the key of a URL inside a next, last or previous object',
	cursorInsideNext: 'a cursor inside a next object, sent back under its own name',
	nextPrefix: 'a body key or header starting with this holds the next cursor (`next_cursor` → `cursor`)',
	knownCursor: 'a next cursor whose request parameter is not its name without the prefix',
	bareCursor: 'a cursor at the top of the body, named without the prefix, sent back under its own name',
	lastId: "the last entry's identity stated beside the list: the next page is asked for with `parameter`",
	afterParameter: 'the parameter that asks for the entries after an identity, when nothing names one',
	moreFlag: 'true while more entries follow',
	doneFlag: 'true on the last page (a more-flag read the other way round)',
	page: 'the number of this page',
	pageToken: 'a token of the first answer that later pages send back under its own name, beside the page number under `parameter` (the token holds the search, the number the page)',
	totalPages: 'how many pages (or the last page number) the list has',
	offset: 'the position of the first entry of this page',
	offsetEcho: 'the offset asked for, echoed under another name than its parameter: where this page starts; `parameter`: the name a platform that writes it takes the offset under, tried after the name its words give',
	limitEcho: 'the page size asked for, echoed beside an offset echo; `parameter`: the name a platform that writes it takes the size under, tried after the name its words give',
	total: 'how many entries the list has',
	pageSize: 'how many entries a page holds, as the server states it',
	pageCount: "how many entries this page holds (compared as written): an echo of the page's length, never a page size or a promise of more",
	limit: 'the limit parameter that goes beside an offset',
	lastUrl: "the last page's URL in the body",
	previousUrl: "the previous page's URL in the body",
	linkHeader: 'the header of RFC 8288 web links',
	linkRel: 'a link relation of the Link header or of a body list of links',
	identity: 'the field that identifies an entry',
	keyedIdentity: 'a field that holds the key a record is filed under in a list keyed by id (`match`: the whole name, or its end)',
	recordIdentity: "a record's own identity under its resource's name, where records have no `id` (`match` as keyedIdentity): the first such field holding a different value on every record",
	jsonApiDocument: 'a member of a JSON:API document (`{data: {type, id, attributes}}`)',
	errorMessage: 'a human message in an error body (the first one found wins)',
	errorEnvelope: 'a block of an error body that holds the error about the request (its words are read inside it)',
	errorList: 'a list of messages about the request as a whole',
	noFieldErrors: 'in a field-keyed map of errors, the key for errors of no one field',
	fieldErrors: 'per-field errors, as a list of entries or a field-keyed map',
	fieldErrorMap: 'a field-keyed map of errors where others put the message',
	nestedErrors: 'an error object nested in a map of field errors, recognised by this list in it',
	nestedError: 'the error object of `{"error": {…}}`, or an error code as text',
	errorCode: "a field error's code, its words when it has no message",
	errorListMarker: 'a top-level list is an error body when its entries carry this',
	errorField: 'where an error names its field (`form`: how the value reads)',
	successFlag: 'false when a 2xx answer declares a failure',
	failureEnvelope: 'what a failure declared in a 2xx body carries beside its flag and message',
	failureCode: 'a number of a 2xx body that is 0 on success: any other value beside words declares a refusal',
	rpcVersion: 'the member that marks a JSON-RPC 2.0 answer: an error member without a result member is a refusal',
	rpcResult: "a JSON-RPC answer's result member, present on success",
	statusField: 'the field whose word (any case) states how the request went',
	failureWord: 'a word of the status field (any case) that declares a refusal',
	statusBlock: 'a block that describes the answer, not a record, and may hold the status word',
	statusEnvelope: 'what a body that is itself a status envelope holds beside its status word',
	statusCompanion: 'where the server says something beside a failure status word',
	rateLimitHeader: 'a rate-limit header (`family` and `part`: what of the budget it states)',
	retryAfter: 'how long to wait before asking again',
	cancelledState: "a value of a booking's state field (any case, alone or before `_by_…`) that says the booking is cancelled",
	searchParameter: "a query parameter a list takes a free-text or name search in: the editor tries it with the search text and keeps it only where the answer narrows the list to entries holding the text",
	fieldNotTaken: 'words of an error message about one field (any case) that say the API does not take the field at all, not that its value is wrong',
} as const;
export type Role = keyof typeof ROLES;

interface Row {
	/** The name as servers write it (a dot path for nested error keys; a header name in lower case). */
	name: string;
	role: Role;
	/** Conventions whose recorded answers use the name; empty only with `unrecorded`. */
	conventions: readonly ConventionKey[];
	/** Why a name no recorded answer needs is kept (it was detected before the survey; removing it would change behaviour). */
	unrecorded?: string;
	/** The request parameter the name maps to, where it is not the name itself. */
	parameter?: string;
	/** A sibling key and value the body must have for the row to apply. */
	sibling?: readonly [string, string];
	/** errorField: how the value reads. */
	form?: 'name' | 'pointer' | 'names' | 'segments';
	/** keyedIdentity: the whole name (`id`), its end (`booking_id`), or its end after a lower-case letter (`BookingId`). */
	match?: 'whole' | 'suffix' | 'camelSuffix';
	/** rateLimitHeader: which header family and which part of the budget. */
	family?: 'X-RateLimit' | 'RateLimit';
	part?: 'limit' | 'remaining' | 'reset' | 'combined' | 'policy';
}

const NOT_SURVEYED = 'a common spelling detected before the survey; no surveyed API was found using it';

/** The rows, grouped by role; within a role, order is the order detectors try them in. */
export const CONVENTION_ROWS = [
	// Where the list sits. Compared without case.
	{ name: 'data', role: 'listName', conventions: ['stripe', 'openai', 'laravel', 'jsonApi', 'calCom', 'pipedrive', 'strapi', 'bookeo', 'booqable', 'rentman'] },
	{ name: 'results', role: 'listName', conventions: ['drfPage', 'drfLimitOffset', 'drfCursor', 'hubspot', 'notion', 'planyo'] },
	{ name: 'items', role: 'listName', conventions: ['paypal', 'hasMoreOnly'] },
	{ name: 'value', role: 'listName', conventions: ['graph'] },
	{ name: 'records', role: 'listName', conventions: ['salesforce'] },
	{ name: 'values', role: 'listName', conventions: ['jira', 'jiraServiceManagement'] },
	{ name: 'entries', role: 'listName', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'collection', role: 'listName', conventions: ['calendly'] },
	{ name: '_embedded', role: 'listContainer', conventions: ['hal'] },
	{ name: 'data', role: 'listContainer', conventions: ['planyo'] },
	{ name: 'result', role: 'listContainer', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'response', role: 'listContainer', conventions: [], unrecorded: NOT_SURVEYED },
	// HAL without its underscore, as some frameworks write it.
	{ name: 'embedded', role: 'listContainer', conventions: ['hal'] },

	// The next page's URL.
	{ name: 'next', role: 'nextUrl', conventions: ['drfPage', 'drfLimitOffset', 'drfCursor', 'jsonApi', 'zendesk', 'jiraServiceManagement', 'cliniko', 'booqable'] },
	{ name: 'next_url', role: 'nextUrl', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'next_page', role: 'nextUrl', conventions: ['calendly'] },
	{ name: 'next_page_url', role: 'nextUrl', conventions: ['laravel', 'twilio'] },
	{ name: 'next_page_uri', role: 'nextUrl', conventions: [], unrecorded: "Twilio's 2010 API (the sandbox speaks its newer `meta.next_page_url`)" },
	{ name: 'nextLink', role: 'nextUrl', conventions: [], unrecorded: "Azure's `nextLink`; no recording of an Azure answer yet" },
	{ name: 'next_href', role: 'nextUrl', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: '@odata.nextLink', role: 'nextUrl', conventions: ['graph'] },
	{ name: 'nextRecordsUrl', role: 'nextUrl', conventions: ['salesforce'] },
	{ name: 'next', role: 'nextObject', conventions: ['hal', 'hubspot'] },
	{ name: 'href', role: 'urlInsideNext', conventions: ['hal'] },
	{ name: 'link', role: 'urlInsideNext', conventions: ['hubspot'] },
	{ name: 'url', role: 'urlInsideNext', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'uri', role: 'urlInsideNext', conventions: [], unrecorded: NOT_SURVEYED },

	// Cursors.
	{ name: 'next', role: 'nextPrefix', conventions: ['slack', 'notion', 'google', 'calendly', 'aws'] },
	{ name: 'after', role: 'cursorInsideNext', conventions: ['hubspot'] },
	// Notion answers `next_cursor` beside `"object": "list"` and takes it back as `start_cursor`.
	{ name: 'next_cursor', role: 'knownCursor', conventions: ['notion'], parameter: 'start_cursor', sibling: ['object', 'list'] },
	// Square's top-level `cursor`, Azure's `continuationToken`: sent back under their own name.
	{ name: 'cursor', role: 'bareCursor', conventions: ['square', 'squareBookings'] },
	{ name: 'continuationToken', role: 'bareCursor', conventions: [], unrecorded: "Azure DevOps; no recording of an Azure answer yet" },
	// OpenAI names the last entry's id beside the list and takes it back as `after`.
	{ name: 'last_id', role: 'lastId', conventions: ['openai'], parameter: 'after' },
	// Stripe's parameter, the most widely copied; checked on page 2 like every guess.
	{ name: 'starting_after', role: 'afterParameter', conventions: ['stripe'] },

	// More and done.
	{ name: 'has_more', role: 'moreFlag', conventions: ['stripe', 'openai', 'notion', 'zendesk'] },
	{ name: 'hasNext', role: 'moreFlag', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'hasNextPage', role: 'moreFlag', conventions: ['calCom'] },
	{ name: 'more', role: 'moreFlag', conventions: ['hasMoreOnly'] },
	{ name: 'more_items_in_collection', role: 'moreFlag', conventions: ['pipedrive'] },
	{ name: 'done', role: 'doneFlag', conventions: ['salesforce'] },
	{ name: 'isLast', role: 'doneFlag', conventions: ['jira'] },
	{ name: 'isLastPage', role: 'doneFlag', conventions: ['jiraServiceManagement'] },
	{ name: 'last', role: 'doneFlag', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'end_of_stream', role: 'doneFlag', conventions: [], unrecorded: "Zendesk's incremental exports; the sandbox speaks its cursor lists" },

	// Page numbers; `parameter`: the request parameter where it is not the name itself.
	{ name: 'page', role: 'page', conventions: ['gitlab', 'hal', 'strapi', 'twilio', 'checkfront', 'currentRms'] },
	{ name: 'pageNumber', role: 'page', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'pageNo', role: 'page', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'current_page', role: 'page', conventions: ['laravel', 'calCom', 'bookeo'], parameter: 'page' },
	{ name: 'pageIndex', role: 'page', conventions: [], unrecorded: NOT_SURVEYED, parameter: 'page' },
	{ name: 'pageNavigationToken', role: 'pageToken', conventions: ['bookeo'], parameter: 'pageNumber' },
	{ name: 'total_pages', role: 'totalPages', conventions: ['calCom', 'gitlab', 'hal', 'jsonApi', 'bookeo'] },
	{ name: 'pageCount', role: 'totalPages', conventions: ['strapi'] },
	{ name: 'last_page', role: 'totalPages', conventions: ['laravel'] },
	{ name: 'pages', role: 'totalPages', conventions: ['checkfront'] },
	{ name: 'num_pages', role: 'totalPages', conventions: [], unrecorded: NOT_SURVEYED },

	// Offsets and limits.
	{ name: 'offset', role: 'offset', conventions: ['rentman'] },
	{ name: 'startAt', role: 'offset', conventions: ['jira'] },
	{ name: 'start', role: 'offset', conventions: ['pipedrive', 'jiraServiceManagement'] },
	{ name: 'skip', role: 'offset', conventions: [], unrecorded: "Cal.com takes `skip` but its answers state the page; OData's `$skip` is sent, not answered" },
	// Mindbody's PaginationResponse echoes `request.offset` as `RequestedOffset`.
	{ name: 'RequestedOffset', role: 'offsetEcho', conventions: ['mindbody', 'pageSizeEcho'], parameter: 'request.offset' },
	{ name: 'RequestedLimit', role: 'limitEcho', conventions: ['mindbody', 'pageSizeEcho'], parameter: 'request.limit' },
	{ name: 'limit', role: 'limit', conventions: ['pipedrive', 'jiraServiceManagement', 'rentman', 'checkfront', 'pageSizeEcho'] },
	{ name: 'maxResults', role: 'limit', conventions: ['jira'] },
	{ name: 'page_size', role: 'limit', conventions: ['strapi', 'twilio'] },
	{ name: 'per_page', role: 'limit', conventions: ['laravel', 'gitlab', 'currentRms'] },

	// Totals and stated page sizes.
	{ name: 'total', role: 'total', conventions: ['jira', 'jsonApi', 'laravel', 'strapi', 'gitlab'] },
	{ name: 'total_count', role: 'total', conventions: ['problemDetails'] },
	{ name: 'totalItems', role: 'total', conventions: ['calCom', 'bookeo'] },
	{ name: 'total_entries', role: 'total', conventions: ['cliniko'] },
	{ name: 'count', role: 'total', conventions: ['drfPage', 'drfLimitOffset', 'calendly'] },
	{ name: 'totalSize', role: 'total', conventions: ['salesforce'] },
	{ name: 'totalElements', role: 'total', conventions: ['hal'] },
	// Checkfront's paging block: `"request": {"records": 3, "total_records": 7, "page": 1, "pages": 3}`.
	{ name: 'total_records', role: 'total', conventions: ['checkfront'] },
	// Current RMS: `"meta": {"total_row_count": 7, "row_count": 3, "page": 1, "per_page": 3}`.
	{ name: 'total_row_count', role: 'total', conventions: ['currentRms'] },
	{ name: 'totalResults', role: 'total', conventions: ['mindbody', 'pageSizeEcho'] },
	{ name: '@odata.count', role: 'total', conventions: [], unrecorded: 'Graph sends it only when asked with `$count=true`; the recordings do not ask' },
	{ name: 'per_page', role: 'pageSize', conventions: ['laravel', 'gitlab', 'currentRms'] },
	{ name: 'page_size', role: 'pageSize', conventions: ['strapi', 'twilio'] },
	{ name: 'limit', role: 'pageSize', conventions: ['pipedrive', 'jiraServiceManagement', 'rentman', 'checkfront'] },
	{ name: 'maxResults', role: 'pageSize', conventions: ['jira'] },
	{ name: 'size', role: 'pageSize', conventions: ['hal', 'jiraServiceManagement'] },
	{ name: 'page_length', role: 'pageSize', conventions: [], unrecorded: NOT_SURVEYED },
	// The entries of this page, stated beside the list: Mindbody's `PageSize` ("Number of results returned in this
	// response") reads like a page size, so these are compared as written.
	{ name: 'records', role: 'pageCount', conventions: ['checkfront'] },
	{ name: 'itemCount', role: 'pageCount', conventions: ['rentman'] },
	{ name: 'row_count', role: 'pageCount', conventions: ['currentRms'] },
	{ name: 'PageSize', role: 'pageCount', conventions: ['mindbody', 'pageSizeEcho'] },

	// The last and previous pages, for a journal read from its end.
	{ name: 'last', role: 'lastUrl', conventions: ['jsonApi', 'hal', 'booqable'] },
	{ name: 'last_page_url', role: 'lastUrl', conventions: ['laravel'] },
	{ name: 'last_page_uri', role: 'lastUrl', conventions: [], unrecorded: "Twilio's 2010 API" },
	{ name: 'last_link', role: 'lastUrl', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'last_url', role: 'lastUrl', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'prev', role: 'previousUrl', conventions: ['jsonApi', 'hal', 'zendesk', 'jiraServiceManagement', 'booqable'] },
	{ name: 'previous', role: 'previousUrl', conventions: ['drfPage', 'drfLimitOffset', 'drfCursor', 'cliniko'] },
	{ name: 'prev_page_url', role: 'previousUrl', conventions: ['laravel'] },
	{ name: 'previous_page_url', role: 'previousUrl', conventions: ['twilio'] },
	{ name: 'prev_link', role: 'previousUrl', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'previous_link', role: 'previousUrl', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'prev_url', role: 'previousUrl', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'link', role: 'linkHeader', conventions: ['github', 'gitlab', 'shopify'] },
	{ name: 'next', role: 'linkRel', conventions: ['github', 'gitlab', 'shopify', 'paypal'] },
	{ name: 'last', role: 'linkRel', conventions: ['github', 'gitlab'] },
	{ name: 'prev', role: 'linkRel', conventions: ['github', 'gitlab'] },
	{ name: 'previous', role: 'linkRel', conventions: [], unrecorded: 'RFC 8288 names it; no recorded answer uses it' },

	// Identity. The editor also takes `id` in another case (Mindbody's `Id`) where records have no `id`; the trigger
	// hashes such entries.
	{ name: 'id', role: 'identity', conventions: ['stripe', 'openai', 'github', 'jsonApi', 'hubspot', 'notion', 'square', 'shopify', 'jiraServiceManagement', 'acuity', 'booqable', 'cliniko', 'currentRms', 'rentman', 'simplybook', 'squareBookings', 'pageSizeEcho', 'mindbody'] },
	// A list keyed by id (Checkfront's `{"3149": {"booking_id": 3149, …}}`, SimplyBook's `{"1": {"id": "1", …}}`) files
	// each record under one of these fields' value.
	{ name: 'id', role: 'keyedIdentity', match: 'whole', conventions: ['simplybook'] },
	{ name: '_id', role: 'keyedIdentity', match: 'suffix', conventions: ['checkfront'] },
	{ name: 'Id', role: 'keyedIdentity', match: 'camelSuffix', conventions: [], unrecorded: 'PascalCase and camelCase identities (`BookingId`); no recorded keyed list uses one' },
	{ name: 'ID', role: 'keyedIdentity', match: 'camelSuffix', conventions: [], unrecorded: '`itemID`; no recorded keyed list uses one' },
	// Booking platforms name a record's identity for its resource (Planyo's `reservation_id`, Bookeo's `bookingNumber`).
	{ name: '_id', role: 'recordIdentity', match: 'suffix', conventions: ['planyo', 'checkfront'] },
	{ name: 'Number', role: 'recordIdentity', match: 'camelSuffix', conventions: ['bookeo'] },
	{ name: 'data', role: 'jsonApiDocument', conventions: ['jsonApi', 'booqable'] },
	{ name: 'type', role: 'jsonApiDocument', conventions: ['jsonApi', 'booqable'] },
	{ name: 'id', role: 'jsonApiDocument', conventions: ['jsonApi', 'booqable'] },
	{ name: 'attributes', role: 'jsonApiDocument', conventions: ['jsonApi', 'booqable'] },

	// Error bodies. Exact keys (an error body is read as written); messages in the order they are preferred, the most
	// specific first: `message` (most APIs), `Message` (AWS), `error_description` (OAuth), `detail` (DRF, JSON:API,
	// RFC 9457), `title` (JSON:API, RFC 9457), `description` (Zendesk, Google's field violations).
	{ name: 'message', role: 'errorMessage', conventions: ['stripe', 'openai', 'github', 'google', 'graph', 'hubspot', 'notion', 'laravel', 'salesforce', 'paypal', 'calendly', 'twilio', 'strapi', 'gitlab', 'acuity', 'bookeo', 'simplybook'] },
	{ name: 'Message', role: 'errorMessage', conventions: ['aws', 'mindbody', 'pageSizeEcho'] },
	{ name: 'error_description', role: 'errorMessage', conventions: [], unrecorded: 'OAuth 2.0 token errors; the recordings hold no OAuth answer' },
	{ name: 'detail', role: 'errorMessage', conventions: ['drfPage', 'jsonApi', 'problemDetails', 'square', 'squareBookings'] },
	{ name: 'title', role: 'errorMessage', conventions: ['jsonApi', 'problemDetails', 'checkfront'] },
	{ name: 'description', role: 'errorMessage', conventions: ['zendesk', 'google', 'paypal'] },
	// Jira Service Management's error body: `{"errorMessage", "i18nErrorMessage"}`.
	{ name: 'errorMessage', role: 'errorMessage', conventions: ['jiraServiceManagement', 'rezdy'] },
	// Planyo's `{"data", "response_code", "response_message"}`, every answer.
	{ name: 'response_message', role: 'errorMessage', conventions: ['planyo'] },
	// Rezdy keeps its error in the block that says how the request went: `{"requestStatus": {"success": false, "error": {…}}}`.
	{ name: 'requestStatus', role: 'errorEnvelope', conventions: ['rezdy'] },
	{ name: 'errorMessages', role: 'errorList', conventions: ['jira'] },
	{ name: 'response_metadata.messages', role: 'errorList', conventions: ['slack'] },
	{ name: 'non_field_errors', role: 'noFieldErrors', conventions: [], unrecorded: 'DRF sends it for errors of no one field; a booking without fields names each field' },
	{ name: 'errors', role: 'fieldErrors', conventions: ['jsonApi', 'github', 'problemDetails', 'laravel', 'jira', 'shopify', 'squareBookings', 'currentRms'] },
	{ name: 'details', role: 'fieldErrors', conventions: ['google', 'graph', 'zendesk', 'strapi', 'calCom'] },
	{ name: 'fieldViolations', role: 'fieldErrors', conventions: ['google'] },
	// GitLab keys its field errors by field under `message`.
	{ name: 'message', role: 'fieldErrorMap', conventions: ['gitlab'] },
	// Strapi nests an error object with its own `errors` in `details`.
	{ name: 'errors', role: 'nestedErrors', conventions: ['strapi'] },
	// An object (Stripe, OpenAI, Google, Graph, OData, Strapi, Cal.com) or a code as text (Slack, OAuth, Spring Boot).
	{ name: 'error', role: 'nestedError', conventions: ['stripe', 'openai', 'google', 'graph', 'strapi', 'calCom', 'slack', 'acuity', 'checkfront', 'rezdy', 'simplybook', 'mindbody'] },
	// GitHub: `{"field": "end", "code": "missing_field"}`.
	{ name: 'code', role: 'errorCode', conventions: ['github', 'squareBookings'] },
	// Salesforce answers a bare list of errors; a bare list without it may be data.
	{ name: 'errorCode', role: 'errorListMarker', conventions: ['salesforce'] },
	// Where an error names its field: a name, a list of names, a JSON pointer whose last segment is the field (PayPal
	// writes its `field` as one), or a list of path segments (Strapi; a `path` text is Spring Boot's URL, no field).
	{ name: 'field', role: 'errorField', form: 'name', conventions: ['github', 'square', 'google', 'paypal', 'squareBookings'] },
	{ name: 'param', role: 'errorField', form: 'name', conventions: ['stripe', 'openai'] },
	{ name: 'target', role: 'errorField', form: 'name', conventions: ['graph'] },
	{ name: 'property', role: 'errorField', form: 'name', conventions: ['calCom'] },
	{ name: 'fields', role: 'errorField', form: 'names', conventions: ['salesforce'] },
	{ name: 'source.pointer', role: 'errorField', form: 'pointer', conventions: ['jsonApi'] },
	{ name: 'pointer', role: 'errorField', form: 'pointer', conventions: ['problemDetails'] },
	{ name: 'source.parameter', role: 'errorField', form: 'name', conventions: [], unrecorded: 'JSON:API names a refused query parameter so; the recordings refuse a body' },
	{ name: 'parameter', role: 'errorField', form: 'name', conventions: ['calendly'] },
	{ name: 'path', role: 'errorField', form: 'segments', conventions: ['strapi'] },
	{ name: 'ok', role: 'successFlag', conventions: ['slack'] },
	{ name: 'success', role: 'successFlag', conventions: ['pipedrive'] },
	{ name: 'response_code', role: 'failureCode', conventions: ['planyo'] },
	// SimplyBook.me speaks JSON-RPC 2.0 over HTTP 200: `{"jsonrpc": "2.0", "id": 1, "error": {"code", "message"}}`.
	{ name: 'jsonrpc', role: 'rpcVersion', conventions: ['simplybook'] },
	{ name: 'result', role: 'rpcResult', conventions: ['simplybook'] },
	{ name: 'error_code', role: 'failureEnvelope', conventions: ['salesforce'] },
	{ name: 'error_info', role: 'failureEnvelope', conventions: ['pipedrive'] },
	{ name: 'warning', role: 'failureEnvelope', conventions: [], unrecorded: "Slack's warnings beside `ok: false`; the sandbox's Slack answers send none" },
	{ name: 'needed', role: 'failureEnvelope', conventions: [], unrecorded: "Slack's missing scope beside `missing_scope`; the sandbox's refusal leaves it out" },
	{ name: 'provided', role: 'failureEnvelope', conventions: [], unrecorded: "Slack's granted scopes beside `missing_scope`; the sandbox's refusal leaves them out" },
	// A refusal stated by a status word instead of a false flag: Checkfront's `{"request": {"status": "ERROR",
	// "error": {…}}}` one block down, JSend's `{"status": "fail", "data": {…}}` and Cal.com's `{"status": "error",
	// "error": {…}, "timestamp", "path"}` as the whole body.
	{ name: 'status', role: 'statusField', conventions: ['checkfront', 'calCom'] },
	{ name: 'error', role: 'failureWord', conventions: ['checkfront', 'calCom'] },
	{ name: 'fail', role: 'failureWord', conventions: [], unrecorded: "JSend's word for a refusal of the values sent; no surveyed API of the recordings writes JSend" },
	{ name: 'failed', role: 'failureWord', conventions: [], unrecorded: NOT_SURVEYED },
	{ name: 'failure', role: 'failureWord', conventions: [], unrecorded: NOT_SURVEYED },
	// Words a per-item result of a write states its refusal in (`[{"status": "rejected", "errors": {…}}]`).
	{ name: 'rejected', role: 'failureWord', conventions: [], unrecorded: 'a per-item result\'s refusal; no surveyed API answers writes with per-item results' },
	{ name: 'refused', role: 'failureWord', conventions: [], unrecorded: 'a per-item result\'s refusal; no surveyed API answers writes with per-item results' },
	{ name: 'denied', role: 'failureWord', conventions: [], unrecorded: 'a per-item result\'s refusal; no surveyed API answers writes with per-item results' },
	{ name: 'unsuccessful', role: 'failureWord', conventions: [], unrecorded: 'a per-item result\'s refusal; no surveyed API answers writes with per-item results' },
	{ name: 'request', role: 'statusBlock', conventions: ['checkfront'] },
	{ name: 'meta', role: 'statusBlock', conventions: [], unrecorded: 'a status word in a `meta` block was seen in no recorded refusal' },
	{ name: 'response', role: 'statusBlock', conventions: [], unrecorded: 'a status word in a `response` block was seen in no recorded refusal' },
	{ name: 'status', role: 'statusEnvelope', conventions: ['checkfront', 'calCom'] },
	{ name: 'data', role: 'statusEnvelope', conventions: ['calCom'] },
	{ name: 'timestamp', role: 'statusEnvelope', conventions: ['calCom'] },
	{ name: 'path', role: 'statusEnvelope', conventions: ['calCom'] },
	{ name: 'error', role: 'statusCompanion', conventions: ['checkfront', 'calCom'] },
	{ name: 'message', role: 'statusCompanion', conventions: [], unrecorded: "JSend's `error` status beside a `message`; no recorded refusal writes one" },
	{ name: 'errors', role: 'statusCompanion', conventions: [], unrecorded: 'field errors beside a status word; no recorded refusal writes them' },
	{ name: 'data', role: 'statusCompanion', conventions: [], unrecorded: "JSend's `fail` keeps the field messages in `data`; no recorded refusal writes JSend" },

	// Rate limits (header names in lower case).
	{ name: 'x-ratelimit-limit', role: 'rateLimitHeader', family: 'X-RateLimit', part: 'limit', conventions: ['github'] },
	{ name: 'x-ratelimit-remaining', role: 'rateLimitHeader', family: 'X-RateLimit', part: 'remaining', conventions: ['github'] },
	{ name: 'x-ratelimit-reset', role: 'rateLimitHeader', family: 'X-RateLimit', part: 'reset', conventions: ['github'] },
	{ name: 'ratelimit-limit', role: 'rateLimitHeader', family: 'RateLimit', part: 'limit', conventions: [], unrecorded: 'GitLab.com sends the separate IETF headers; the sandbox sends the combined one' },
	{ name: 'ratelimit-remaining', role: 'rateLimitHeader', family: 'RateLimit', part: 'remaining', conventions: [], unrecorded: 'GitLab.com sends the separate IETF headers; the sandbox sends the combined one' },
	{ name: 'ratelimit-reset', role: 'rateLimitHeader', family: 'RateLimit', part: 'reset', conventions: [], unrecorded: 'GitLab.com sends the separate IETF headers; the sandbox sends the combined one' },
	{ name: 'ratelimit', role: 'rateLimitHeader', family: 'RateLimit', part: 'combined', conventions: ['problemDetails', 'gitlab'] },
	{ name: 'ratelimit-policy', role: 'rateLimitHeader', family: 'RateLimit', part: 'policy', conventions: ['problemDetails'] },
	{ name: 'retry-after', role: 'retryAfter', conventions: ['github', 'gitlab', 'problemDetails'] },

	// Free-text or name search of a list, in the order the editor tries them (methods/clientDirectory.ts). Django REST
	// framework's SearchFilter (and Acuity's `GET /clients?search=`) take `search`; the other rows say where the name is
	// documented, as no recording holds an answer searched by it.
	{ name: 'search', role: 'searchParameter', conventions: ['drfPage'] },
	{ name: 'q', role: 'searchParameter', conventions: [], unrecorded: "GitHub's search endpoints and Google's list methods (`?q=`); the recordings are unsearched pages" },
	{ name: 'query', role: 'searchParameter', conventions: [], unrecorded: "Stripe's and Shopify's customer search (`?query=`) and Zendesk's search; the recordings are unsearched pages" },
	{ name: 'term', role: 'searchParameter', conventions: [], unrecorded: "Pipedrive's `/persons/search?term=`; the recordings are unsearched pages" },
	{ name: 'request.searchText', role: 'searchParameter', conventions: [], unrecorded: "Mindbody's GetClients (`request.searchText`, beside the recorded `request.offset`); the recordings are unsearched pages" },

	// How a workspace's bookings say "cancelled": Booking → Cancel sends the one its own bookings or journal hold.
	{ name: 'cancelled', role: 'cancelledState', conventions: ['stripe', 'openai', 'drfPage', 'drfLimitOffset', 'drfCursor', 'github', 'slack', 'graph', 'jsonApi', 'hal', 'google', 'jira', 'salesforce', 'laravel', 'hubspot', 'notion', 'problemDetails', 'hasMoreOnly', 'square', 'paypal', 'calendly', 'calCom', 'pipedrive', 'zendesk', 'twilio', 'strapi', 'gitlab', 'shopify', 'aws', 'pageSizeEcho', 'jiraServiceManagement'] },
	{ name: 'canceled', role: 'cancelledState', conventions: [], unrecorded: "the US spelling of Stripe's, Calendly's and Cal.com's documented states; no recorded answer holds a cancelled record so spelt" },
	// What a refusal says of a field the API does not take (then, and only then, the advice is to remove it from the form).
	{ name: 'unknown field', role: 'fieldNotTaken', conventions: [], unrecorded: "marshmallow's and the sandbox's words; no recorded error answer refuses a field" },
	{ name: 'unknown parameter', role: 'fieldNotTaken', conventions: [], unrecorded: 'Stripe\'s "Received unknown parameter"; no recorded error answer refuses a field' },
	{ name: 'unknown attribute', role: 'fieldNotTaken', conventions: [], unrecorded: "Rails' UnknownAttributeError; no recorded error answer refuses a field" },
	{ name: 'unknown name', role: 'fieldNotTaken', conventions: [], unrecorded: 'Google\'s "Invalid JSON payload received. Unknown name"; no recorded error answer refuses a field' },
	{ name: 'unrecognized request argument', role: 'fieldNotTaken', conventions: [], unrecorded: "OpenAI's words (the sandbox's openai convention says them); no recorded error answer refuses a field" },
	{ name: 'unrecognized field', role: 'fieldNotTaken', conventions: [], unrecorded: "Jackson's (Spring) words; no recorded error answer refuses a field" },
	{ name: 'unpermitted', role: 'fieldNotTaken', conventions: [], unrecorded: 'Rails\' "found unpermitted parameter"; no recorded error answer refuses a field' },
	{ name: 'not permitted', role: 'fieldNotTaken', conventions: [], unrecorded: 'GitHub\'s "is not a permitted key", pydantic\'s "extra fields not permitted"; no recorded error answer refuses a field' },
	{ name: 'not allowed', role: 'fieldNotTaken', conventions: [], unrecorded: 'Joi\'s "is not allowed"; no recorded error answer refuses a field' },
	{ name: 'additional properties', role: 'fieldNotTaken', conventions: [], unrecorded: 'JSON Schema validators (ajv: "must NOT have additional properties"); no recorded error answer refuses a field' },
	{ name: 'read-only', role: 'fieldNotTaken', conventions: [], unrecorded: 'a field the API sets itself; no recorded error answer refuses a field' },
	{ name: 'read only', role: 'fieldNotTaken', conventions: [], unrecorded: 'a field the API sets itself; no recorded error answer refuses a field' },
] as const satisfies readonly Row[];

export type ConventionRow = (typeof CONVENTION_ROWS)[number];

/**
 * How names are compared in answers: without case, a leading `x-` of a header, or separators, so `next_cursor`,
 * `nextCursor` and `X-Next-Cursor` read alike.
 */
export function normalizeKey(key: string): string {
	return key.toLowerCase().replace(/^x-/, '').replace(/[^a-z0-9]/g, '');
}

/**
 * A key as the words it is written in, whatever the case style, separators or prefix: `tokenForNext` → token for
 * next, `NextPageToken` → next page token, `has_more_items` → has more items, `@odata.nextLink` → next link (a
 * dotted key counts by its last part), `$next` → next. Detection by structure reads these words where the registry
 * knows no name.
 */
export function keyWords(key: string): string[] {
	const last = key.slice(key.lastIndexOf('.') + 1);
	return last
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((word) => word !== '')
		.flatMap((word) => (PAGING_VOCABULARY.has(word) ? [word] : (segment(word) ?? [word])));
}

/**
 * Words, not names: what a key split into words says about paging, in any order (`tokenForNext`, `linkToNext`,
 * `anotherPage`, `hasMoreItems`, `moreAvailable`, `continuation`). A key speaks of the next page when it holds a
 * `next` word and nothing but these words besides: `nextAvailableSlot` (a slot) and `nextReviewDate` say nothing
 * of paging. No API name is here; the registry keeps those.
 */
export const PAGING_WORDS = {
	/** The next page, or more entries after this page. */
	next: new Set(['next', 'continuation', 'continue', 'following', 'subsequent', 'upcoming', 'forward', 'further', 'additional', 'more', 'another', 'remaining', 'after']),
	/** True on the last page: a flag of these words reads the other way round. */
	done: new Set(['last', 'end', 'done', 'complete', 'completed', 'finished', 'final', 'exhausted']),
	/** Another page than the next: a link or token of these words is no sign of more. */
	other: new Set(['prev', 'previous', 'first', 'self', 'current', 'back', 'backward', 'before', 'this', 'home', 'canonical']),
	/** What a next page is asked for or given with. */
	nouns: new Set([
		'page', 'pages', 'token', 'cursor', 'key', 'marker', 'bookmark', 'handle', 'position', 'pointer', 'anchor', 'link', 'links', 'url', 'urls', 'uri', 'href',
		'hrefs', 'location', 'batch', 'chunk', 'sheet', 'set', 'offset', 'start', 'begin', 'from', 'results', 'result', 'items', 'item', 'records', 'record',
		'entries', 'data', 'list', 'rows', 'values', 'objects', 'elements', 'hits', 'available', 'exists', 'exist',
	]),
	/** Words of the block a sign sits in, which a key may carry when the block is folded into it (`metaNextPageUrl`). */
	context: new Set(['meta', 'metadata', 'details', 'info', 'paging', 'pager', 'pagination', 'navigation', 'nav', 'response', 'envelope', 'payload', 'content', 'body', 'collection', 'resource', 'odata', 'pageinfo']),
	/** A number under these words (and no others but paging words) is a page's position: a token of the next page (`nextPage: 2`). */
	positions: new Set(['page', 'offset', 'position', 'start', 'begin', 'from', 'cursor', 'token', 'key', 'marker', 'bookmark', 'handle', 'pointer']),
	/** Words that join the others (`linkToNext`, `hasMore`, `isLast`). */
	connectors: new Set(['to', 'for', 'of', 'the', 'a', 'an', 'is', 'has', 'have', 'are', 'get', 'fetch', 'load', 'there', 'any', 'with', 'in', 'at', 'by']),
	/** How many entries (`totalHits`, `recordCount`, `numFound`, `tally`), alone or beside `countNouns` and `countModifiers`. */
	count: new Set(['total', 'count', 'tally', 'num', 'number', 'quantity']),
	/** Words that say a number counts the whole list (`grandEntries`, `overallHits`, `full`, `totalAmount`; an amount beside a currency is money). */
	countModifiers: new Set(['grand', 'overall', 'full', 'all', 'amount']),
	/** Pages, not entries: a count of these words without an entry noun is how many pages there are (`pageCount`). */
	pageWords: new Set(['page', 'pages', 'sheet', 'sheets', 'batch', 'batches', 'chunk', 'chunks']),
	countNouns: new Set([
		'results', 'result', 'items', 'item', 'records', 'record', 'entries', 'entry', 'rows', 'row', 'hits', 'hit', 'matches', 'match', 'found', 'objects', 'object',
		'elements', 'element', 'available', 'size', 'length',
	]),
	/** Money: an amount beside one of these (or a three-letter currency code) is no count (`{"totalAmount": 990, "currency": "EUR"}`). */
	currency: new Set(['currency', 'currencies', 'money', 'price', 'cents']),
	/** An echo of what was asked (`RequestedOffset`): the words after it name the parameter. */
	echo: new Set(['requested', 'request', 'asked', 'given']),
	/** Where a page starts, in an echo of the offset asked for (`RequestedOffset`, `FROM_FOR_REQUESTED`). */
	offsetWords: new Set(['offset', 'start', 'from', 'skip', 'position', 'begin']),
	/** How many a page holds, in an echo of the size asked for (`RequestedLimit`). */
	limitWords: new Set(['limit', 'size', 'max', 'take']),
	/** A key of only these words holds a position to send back (Square's `cursor`, a `bookmark`), where nothing else names one. */
	bareTokens: new Set(['token', 'cursor', 'bookmark', 'marker', 'handle', 'position', 'continuation']),
};

/** Every word above, for splitting a key written without separators (`hasfurther`, `tokenfornext`). */
const PAGING_VOCABULARY = new Set(Object.values(PAGING_WORDS).flatMap((set) => [...set]));

/**
 * A run of letters as the paging words it is made of (`hasfurther` → has further), fewest words first; undefined
 * when it is not made of them (`information`, `nextavailableslot`).
 */
function segment(run: string): string[] | undefined {
	const best: Array<string[] | undefined> = [[]];
	for (let end = 1; end <= run.length; end++) {
		for (let start = Math.max(0, end - 14); start < end; start++) {
			const word = run.slice(start, end);
			const before = best[start];
			if (before && PAGING_VOCABULARY.has(word) && (word.length > 1 || word === 'a') && (!best[end] || best[end]!.length > before.length + 1)) best[end] = [...before, word];
		}
	}
	return best[run.length];
}

function rowsOf(role: Role): ReadonlyArray<Row> {
	return (CONVENTION_ROWS as readonly Row[]).filter((row) => row.role === role);
}

/** The names of a role as written, in row order. */
export function namesOf(role: Role): string[] {
	return rowsOf(role).map((row) => row.name);
}

/** The one name of a role that has exactly one. */
function theName(role: Role): string {
	const names = namesOf(role);
	if (names.length !== 1) throw new Error(`The convention registry has ${names.length} names of role ${role}, expected one`);
	return names[0];
}

/** A name of a role that code refers to by its meaning (a JSON:API member, a link relation): it must be a row. */
function theRow(role: Role, name: string): string {
	if (!namesOf(role).includes(name)) throw new Error(`The convention registry has no ${role} row ${name}`);
	return name;
}

/** The normalised names of a role, for matching keys found in an answer. */
export function normalizedNames(role: Role): Set<string> {
	return new Set(namesOf(role).map(normalizeKey));
}

/** The names detection compares normalised, computed once (detectors run on every page). */
export const MARKER_NAMES = {
	nextUrl: normalizedNames('nextUrl'),
	nextObject: theName('nextObject'),
	urlInsideNext: normalizedNames('urlInsideNext'),
	cursorInsideNext: normalizedNames('cursorInsideNext'),
	nextPrefix: theName('nextPrefix'),
	bareCursor: normalizedNames('bareCursor'),
	lastId: normalizedNames('lastId'),
	moreFlag: normalizedNames('moreFlag'),
	doneFlag: normalizedNames('doneFlag'),
	page: normalizedNames('page'),
	totalPages: normalizedNames('totalPages'),
	offset: normalizedNames('offset'),
	offsetEcho: normalizedNames('offsetEcho'),
	limitEcho: normalizedNames('limitEcho'),
	total: normalizedNames('total'),
	pageSize: normalizedNames('pageSize'),
	limit: normalizedNames('limit'),
	lastUrl: normalizedNames('lastUrl'),
	previousUrl: normalizedNames('previousUrl'),
};

/** The names that state this page's length, as written: a marker so named is no page size. */
export const PAGE_COUNTS = new Set(namesOf('pageCount'));

/** Page markers whose request parameter is another name (`current_page` → `page`), by normalised name. */
export const PAGE_PARAMETERS: ReadonlyMap<string, string> = new Map(
	rowsOf('page').flatMap((row) => (row.parameter ? [[normalizeKey(row.name), row.parameter] as const] : [])),
);

/** Echoed offsets and limits by normalised name: the parameter a surveyed platform takes them under (Mindbody's `request.offset`). */
export const ECHO_PARAMETERS: ReadonlyMap<string, string> = new Map(
	[...rowsOf('offsetEcho'), ...rowsOf('limitEcho')].flatMap((row) => (row.parameter ? [[normalizeKey(row.name), row.parameter] as const] : [])),
);

/** Page tokens sent back beside a page number (Bookeo): by normalised name, the page number's parameter. */
export const PAGE_TOKENS: ReadonlyMap<string, string> = new Map(
	rowsOf('pageToken').flatMap((row) => (row.parameter ? [[normalizeKey(row.name), row.parameter] as const] : [])),
);

/** Cursors sent back under another name: the body path, the sibling that must be there, the parameter. */
export const KNOWN_CURSOR_PARAMETERS: ReadonlyArray<{ path: string; sibling?: readonly [string, string]; parameter: string }> = rowsOf('knownCursor').map(
	(row) => ({ path: row.name, sibling: row.sibling, parameter: row.parameter ?? row.name }),
);

/** The parameter the last entry's identity is sent in: the stated last id's (`parameter`), else the default. */
export const AFTER_PARAMETERS = { afterLastId: rowsOf('lastId')[0]?.parameter ?? theName('afterParameter'), default: theName('afterParameter') };

/** Where a list is kept, compared in lower case (a list's key is matched as written, not normalised). */
export const LIST_NAMES = new Set(namesOf('listName').map((name) => name.toLowerCase()));
export const LIST_CONTAINERS = new Set(namesOf('listContainer').map((name) => name.toLowerCase()));

/** The Link header (lower case) and the relations read from it or from a body's list of links. */
export const LINK_HEADER = theName('linkHeader');
export const LINK_RELATIONS = { next: theRow('linkRel', 'next'), last: theRow('linkRel', 'last'), previous: [theRow('linkRel', 'prev'), theRow('linkRel', 'previous')] };

/** The query parameters a list may take a text search in, in the order they are tried. */
export const SEARCH_PARAMETERS: readonly string[] = namesOf('searchParameter');

/** The field that identifies an entry when every entry has it. */
export const IDENTITY_FIELD = theName('identity');

/** The names a keyedIdentity row matches: the whole name, its end, or its end after a lower-case letter. */
export function keyedIdentityPattern(row: Pick<Row, 'name' | 'match'>): string {
	const name = row.name.replace(/[^A-Za-z0-9_]/g, '');
	return row.match === 'whole' ? `^${name}$` : row.match === 'camelSuffix' ? `[a-z]${name}$` : `${name}$`;
}

/** Whether a field name is one a keyed list files its records under (`id`, `booking_id`, `BookingId`, `itemID`). */
export const KEYED_IDENTITY = new RegExp(rowsOf('keyedIdentity').map(keyedIdentityPattern).join('|'));

/** Whether a field name may hold a record's own identity under its resource's name (`reservation_id`, `bookingNumber`). */
export const RECORD_IDENTITY = new RegExp(rowsOf('recordIdentity').map(keyedIdentityPattern).join('|'));

/** JSON:API's document members, by their role in the document. */
export const JSON_API = {
	data: theRow('jsonApiDocument', 'data'),
	type: theRow('jsonApiDocument', 'type'),
	id: theRow('jsonApiDocument', 'id'),
	attributes: theRow('jsonApiDocument', 'attributes'),
};

/** The keys of error bodies, as written (errors.ts reads them with their case). */
export const ERROR_BODY_KEYS = {
	message: namesOf('errorMessage'),
	generalLists: namesOf('errorList'),
	noField: theName('noFieldErrors'),
	fieldErrors: namesOf('fieldErrors'),
	fieldMap: theName('fieldErrorMap'),
	nestedErrors: theName('nestedErrors'),
	nested: theName('nestedError'),
	code: theName('errorCode'),
	listMarker: theName('errorListMarker'),
	envelopes: namesOf('errorEnvelope'),
};

/** Where an error names its field, and how its value reads. */
export const ERROR_FIELD_KEYS: ReadonlyArray<{ key: string; form: NonNullable<Row['form']> }> = rowsOf('errorField').map((row) => ({
	key: row.name,
	form: row.form ?? 'name',
}));

export const SUCCESS_FLAGS = namesOf('successFlag');
export const FAILURE_ENVELOPE_EXTRAS = namesOf('failureEnvelope');
export const FAILURE_CODES = namesOf('failureCode');
export const JSON_RPC = { version: theName('rpcVersion'), result: theName('rpcResult') };

/** Refusals stated by a status word: the field (any case), its words (lower case), the blocks and envelopes that hold it. */
export const STATUS_WORDS = {
	field: theName('statusField').toLowerCase(),
	failures: new Set(namesOf('failureWord').map((word) => word.toLowerCase())),
	blocks: new Set(namesOf('statusBlock').map((name) => name.toLowerCase())),
	envelope: namesOf('statusEnvelope'),
	companions: namesOf('statusCompanion'),
	/** JSend's `fail` keeps its field messages here. */
	fieldMessages: theRow('statusCompanion', 'data'),
};

/** The values that say a booking is cancelled (lower case); a value matches alone or before `_by_…` (`CANCELLED_BY_SELLER`). */
export const CANCELLED_STATES = namesOf('cancelledState');

/** Whether a value of a state field says cancelled, by the registry's words. */
export function isCancelledState(value: unknown): value is string {
	if (typeof value !== 'string') return false;
	const word = value.trim().toLowerCase();
	return CANCELLED_STATES.some((state) => word === state || word.startsWith(`${state}_by_`));
}

/** Whether the server's words about a field say it is not taken at all (unknown, not allowed, read-only). */
export function saysFieldNotTaken(text: string): boolean {
	const words = text.toLowerCase();
	return namesOf('fieldNotTaken').some((phrase) => words.includes(phrase));
}

/** The rate-limit headers (lower case) of a family, by the part of the budget each states. */
function rateLimitHeader(family: NonNullable<Row['family']>, part: NonNullable<Row['part']>): string {
	const row = rowsOf('rateLimitHeader').find((candidate) => candidate.family === family && candidate.part === part);
	if (!row) throw new Error(`The convention registry has no ${family} ${part} header`);
	return row.name;
}

export const RATE_LIMIT_HEADERS = {
	x: { limit: rateLimitHeader('X-RateLimit', 'limit'), remaining: rateLimitHeader('X-RateLimit', 'remaining'), reset: rateLimitHeader('X-RateLimit', 'reset') },
	ietf: {
		limit: rateLimitHeader('RateLimit', 'limit'),
		remaining: rateLimitHeader('RateLimit', 'remaining'),
		reset: rateLimitHeader('RateLimit', 'reset'),
		combined: rateLimitHeader('RateLimit', 'combined'),
		policy: rateLimitHeader('RateLimit', 'policy'),
	},
	retryAfter: theName('retryAfter'),
};

/** The policy header as the pacer's hints write it (header names carry no case; the IETF draft spells it so). */
export const RATE_LIMIT_POLICY_LABEL = 'RateLimit-Policy';

/**
 * The order in which automatic pagination reads a first page: the Link header, a next URL in the body, a next
 * link in a body list of links, a cursor, a page number, an offset, an echoed offset (its parameter guessed), a
 * link or token found by structure under a name the registry lacks (a guess), and last a more-flag beside entries
 * with identities. The first that matches decides; earlier checks are the more explicit.
 */
export const PAGINATION_CHECKS = ['linkHeader', 'nextUrl', 'linkList', 'cursor', 'pageNumber', 'offset', 'offsetEcho', 'nextSign', 'afterLast'] as const;
export type PaginationCheck = (typeof PAGINATION_CHECKS)[number];

/** Sizes APIs commonly default to or cap their pages at: a first page this long may not be all. */
export const COMMON_PAGE_SIZES = new Set([10, 20, 25, 30, 50, 100, 200, 250, 500, 1000]);

/** Whether every word of a key is one of these sets' (what else the key says decides it is about something else). */
function wordsFrom(words: readonly string[], ...sets: ReadonlyArray<ReadonlySet<string>>): boolean {
	return words.every((word) => sets.some((set) => set.has(word)));
}

/** Whether a key's words speak of the next page or of more entries (`tokenForNext`, `anotherPage`, `hasMoreItems`). */
export function speaksOfNext(words: readonly string[]): boolean {
	const { next, nouns, connectors, context } = PAGING_WORDS;
	return words.some((word) => next.has(word)) && wordsFrom(words, next, nouns, connectors, context);
}

/** Whether a key's words speak of the last page (`isLastPage`, `endOfList`): true there, so false says more. */
export function speaksOfDone(words: readonly string[]): boolean {
	const { done, nouns, connectors, context } = PAGING_WORDS;
	return words.some((word) => done.has(word)) && wordsFrom(words, done, nouns, connectors, context);
}

/** Whether a key's words only name what a page is asked for with (`token`, `href`, `cursor`): their parent says which page. */
export function onlyPagingNouns(words: readonly string[]): boolean {
	return words.length > 0 && wordsFrom(words, PAGING_WORDS.nouns, PAGING_WORDS.connectors, PAGING_WORDS.context);
}

/** Whether a key's words are a bare token's (`__Token`, `bookmark`, `continuation_cursor`): an opaque value under it is the next page's. */
/** Whether a block's words say only that it is about paging (`meta`, `navigation`, `listMeta`, `resultSet`): a bare token counts inside it. */
export function onlyPagingContext(words: readonly string[]): boolean {
	return words.length > 0 && wordsFrom(words, PAGING_WORDS.context, PAGING_WORDS.nouns, PAGING_WORDS.connectors);
}

export function namesBareToken(words: readonly string[]): boolean {
	return words.length > 0 && words.some((word) => PAGING_WORDS.bareTokens.has(word)) && wordsFrom(words, PAGING_WORDS.bareTokens, PAGING_WORDS.context, PAGING_WORDS.connectors);
}

/** Whether a key's words name a page's position (`nextPage`, `next_offset`): a number under it is a token of the next page. */
export function namesPosition(words: readonly string[]): boolean {
	return words.some((word) => PAGING_WORDS.positions.has(word));
}

/** Whether a key's words speak of how many entries the list has (`totalHits`, `recordCount`, `count`). */
export function speaksOfCount(words: readonly string[]): boolean {
	const { count, countModifiers, countNouns, connectors, context, pageWords } = PAGING_WORDS;
	const ofEntries = words.some((word) => countNouns.has(word));
	const counts = words.some((word) => count.has(word) || countModifiers.has(word));
	// A count of pages (`pageCount`, `sheetTotal`) is no count of entries; `pageTotalElements` is.
	const ofPages = !ofEntries && words.some((word) => pageWords.has(word));
	return counts && !ofPages && wordsFrom(words, count, countModifiers, countNouns, connectors, context, pageWords);
}
