/**
 * The Options collection shared by operations and the trigger: timeout, retries, parallel requests,
 * Items Field and Pagination, and their readers.
 */
import type { INodeProperties } from 'n8n-workflow';
import { DEFAULT_MAX_PAGES, type PaginationMode, type PaginationSettings } from '../transport/pagination/strategies';
import { type BodyEncoding, DEFAULT_TIMEOUT_MS, type TransportOptions } from '../transport/request';
import { DEFAULT_RETRY_POLICY } from '../transport/retry';
import { type ParameterReader, readNumberParameter } from './readers';

// n8n's lint rule reads a parameter's default only from a literal or a plain name.
const DEFAULT_MAX_RETRIES = DEFAULT_RETRY_POLICY.maxRetries;
const DEFAULT_MAX_WAIT_SECONDS = DEFAULT_RETRY_POLICY.maxWaitMs / 1000;

/**
 * Per-item reads run in an adaptive window up to this many at once. n8n's HTTP Request node sends every item
 * at once, and n8n's request path costs less CPU a request the more are in flight (the fan-out figures
 * are in docs/PERFORMANCE.md), so the cap is as high as a large fan-out; the window's slow start and
 * back-off, not the cap, are what spare a rate-limited API.
 */
const DEFAULT_PARALLEL_READS = 1024;

/**
 * The most requests a node runs at once: the default for reads, so a user can lower it but never open more
 * sockets than a default-sized fan-out does.
 */
const MAX_PARALLEL_REQUESTS = DEFAULT_PARALLEL_READS;

/**
 * The pages of Return All run in an adaptive window up to this many at once. A page is a large answer that
 * takes longer to parse than to arrive: a few dozen in flight keep n8n busy, more only hold more pages that
 * arrived out of order in memory.
 */
const DEFAULT_PARALLEL_PAGES = 32;

/** Writes run one at a time unless the user asks for more: two items may ask for the same slot. */
const DEFAULT_PARALLEL_WRITES = 1;

const PARALLEL_DESCRIPTION =
	'The most requests to have in flight at once. The node starts with a few, adds more while the API answers well and backs off on rate limits (429), 503 and timeouts. 1 sends one at a time. Output order and item pairing stay the same.';

const paginationModes: Array<{ name: string; value: PaginationMode; description: string }> = [
	{ name: 'After Last Entry', value: 'afterLast', description: "Send the last entry's ID (or another field) to get the entries after it" },
	{ name: 'Automatic', value: 'auto', description: 'Detect the pagination from the first response' },
	{ name: 'Cursor', value: 'cursor', description: 'Send back the cursor each page gives' },
	{ name: 'Next URL', value: 'nextUrl', description: 'Follow the next-page URL in the body or the Link header' },
	{ name: 'Off', value: 'off', description: 'Make one request and return what it gives' },
	{ name: 'Offset', value: 'offset', description: 'Send an increasing offset' },
	{ name: 'Page Number', value: 'pageNumber', description: 'Send an increasing page number' },
];

export const paginationOption: INodeProperties = {
	displayName: 'Pagination',
	name: 'pagination',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Set Pagination',
	description: 'How to fetch further pages. Automatic fits most APIs; set it when the automatic guess is wrong.',
	options: [
		{
			displayName: 'Pagination',
			name: 'settings',
			values: [
				{
					displayName: 'After Field',
					name: 'afterField',
					type: 'string',
					displayOptions: { show: { mode: ['afterLast'] } },
					default: 'id',
					placeholder: 'e.g. ref',
					description: "Dot path of the last entry's field whose value asks for the next page (usually its ID)",
				},
				{
					displayName: 'After Parameter',
					name: 'afterParameter',
					type: 'string',
					displayOptions: { show: { mode: ['afterLast'] } },
					default: '',
					placeholder: 'e.g. starting_after',
					description: "Query parameter that carries the last entry's field to the API",
				},
				{
					displayName: 'Cursor Parameter',
					name: 'cursorParameter',
					type: 'string',
					displayOptions: { show: { mode: ['cursor'] } },
					default: '',
					placeholder: 'e.g. cursor',
					description: 'Query parameter that carries the cursor to the API',
				},
				{
					displayName: 'First Page',
					name: 'firstPage',
					type: 'number',
					displayOptions: { show: { mode: ['pageNumber'] } },
					default: 1,
					description: 'The number of the first page (usually 1, sometimes 0)',
				},
				{
					displayName: 'Limit Parameter',
					name: 'limitParameter',
					type: 'string',
					displayOptions: { show: { mode: ['offset'] } },
					default: '',
					placeholder: 'e.g. limit',
					description: 'Query parameter that carries how many entries to return per page (optional)',
				},
				{ displayName: 'Mode', name: 'mode', type: 'options', options: paginationModes, default: 'auto' },
				{
					displayName: 'More Flag Field',
					name: 'hasMorePath',
					type: 'string',
					displayOptions: { show: { mode: ['afterLast', 'cursor', 'pageNumber', 'offset'] } },
					default: '',
					placeholder: 'e.g. has_more',
					description:
						'Dot path of the flag in the response body that says more entries follow; the walk stops where it says no more. A flag that is true on the last page (done, isLast) is read the other way round. Leave empty to find it automatically.',
				},
				{
					displayName: 'Next Cursor Field',
					name: 'cursorPath',
					type: 'string',
					displayOptions: { show: { mode: ['cursor'] } },
					default: '',
					placeholder: 'e.g. meta.next_cursor',
					description: 'Dot path of the next cursor in the response body, or header:Name to read a response header',
				},
				{
					displayName: 'Next URL Field',
					name: 'nextUrlPath',
					type: 'string',
					displayOptions: { show: { mode: ['nextUrl'] } },
					default: '',
					placeholder: 'e.g. links.next',
					description: 'Dot path of the next page URL in the response body. Leave empty to follow the Link header (rel="next").',
				},
				{
					displayName: 'Offset Parameter',
					name: 'offsetParameter',
					type: 'string',
					displayOptions: { show: { mode: ['offset'] } },
					default: '',
					placeholder: 'e.g. offset',
					description: 'Query parameter that carries the offset of the first entry wanted',
				},
				{
					displayName: 'Page Parameter',
					name: 'pageParameter',
					type: 'string',
					displayOptions: { show: { mode: ['pageNumber'] } },
					default: '',
					placeholder: 'e.g. page',
					description: 'Query parameter that carries the page number',
				},
				{
					displayName: 'Page Size',
					name: 'pageSize',
					type: 'number',
					typeOptions: { minValue: 1 },
					displayOptions: { show: { mode: ['afterLast', 'cursor', 'pageNumber', 'offset', 'off'] } },
					default: 100,
					description: 'How many entries to ask for per page (with Off: in the one request), sent through the page size (or limit) parameter when one is set',
				},
				{
					displayName: 'Page Size Parameter',
					name: 'pageSizeParameter',
					type: 'string',
					displayOptions: { show: { mode: ['afterLast', 'cursor', 'pageNumber', 'off'] } },
					default: '',
					placeholder: 'e.g. per_page',
					description: 'Query parameter that carries the page size (optional). With Off, the one request asks for Page Size entries through it, for lists cut at a size the client chooses (e.g. max).',
				},
			],
		},
	],
};

export const transportOptions: INodeProperties[] = [
	{
		displayName: 'Max Retries',
		name: 'maxRetries',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 10 },
		default: DEFAULT_MAX_RETRIES,
		description:
			'How many times to retry after a rate limit (429) or, for reads, a temporary failure (5xx, dropped connection, timeout). Creates and updates are retried only when the API cannot have acted.',
	},
	{
		displayName: 'Max Wait (Seconds)',
		name: 'maxWait',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: DEFAULT_MAX_WAIT_SECONDS,
		description: 'The longest pause before one retry. If the API asks (Retry-After) for a longer pause, the node fails instead of waiting.',
	},
	{
		displayName: 'Timeout (Ms)',
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_TIMEOUT_MS,
		description: 'How long to wait for an answer before giving up on a request (and retrying it, for reads)',
	},
];

const parallelReadsOption: INodeProperties = {
	displayName: 'Parallel Requests',
	name: 'parallelRequests',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_REQUESTS },
	default: DEFAULT_PARALLEL_READS,
	description: PARALLEL_DESCRIPTION,
};

const parallelWritesOption: INodeProperties = {
	...parallelReadsOption,
	default: DEFAULT_PARALLEL_WRITES,
	description: `${PARALLEL_DESCRIPTION} Writes run one at a time by default, because their order can matter (two items asking for the same slot).`,
};

const parallelPagesOption: INodeProperties = {
	...parallelReadsOption,
	default: DEFAULT_PARALLEL_PAGES,
	description:
		'The most pages to fetch at once with Return All, where the pagination numbers its pages and the API states a total (page number or offset). Cursor and next-URL pages are fetched one after another. 1 fetches one at a time.',
};

const itemsFieldOption: INodeProperties = {
	displayName: 'Items Field',
	name: 'itemsPath',
	type: 'string',
	default: '',
	placeholder: 'e.g. data',
	description:
		'Dot path of the list in each response (the editor\'s From List picker reads it too). Leave empty to detect it: a JSON array, or the one array-valued field of an object.',
};

export const listOptions: INodeProperties[] = [
	itemsFieldOption,
	{
		displayName: 'Max Pages',
		name: 'maxPages',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_MAX_PAGES,
		description: 'Safety cap on pages per list. Reaching it is an error, so a misbehaving API cannot loop forever.',
	},
	paginationOption,
	parallelPagesOption,
	{
		displayName: 'Raw Response',
		name: 'rawResponse',
		type: 'boolean',
		default: false,
		description: 'Whether to output each response body as it came, one item per page, instead of one item per entry',
	},
];

/**
 * Items Field and Pagination for operations whose editor reads lists (the From List picker of an ID, the
 * fields offered from sampled bookings): the editor reads those lists as Get Many would, with these options.
 */
export const editorListOptions: INodeProperties[] = [
	itemsFieldOption,
	{
		displayName: 'Search Parameter',
		name: 'searchParameter',
		type: 'string',
		default: '',
		placeholder: 'e.g. search',
		description:
			"The query parameter your API filters a list by text with, for the From List picker's search box. Leave empty to let the editor try common ones on the first search and keep one only if the API's answer holds just the matching entries.",
	},
	{
		...paginationOption,
		description: 'How the editor reads further pages of the From List picker. Automatic fits most APIs; set it when the automatic guess is wrong.',
	},
];

/**
 * The one zone of the node when set: what the form's date-time labels name and their values are read in, the
 * booking picker's times, and Add Local Times. n8n gives its editor only the instance's zone, so a workflow's own
 * zone reaches the editor only through this option (readZoneInForce; docs/USAGE.md, "Times").
 */
export const timeZoneOption: INodeProperties = {
	displayName: 'Time Zone',
	name: 'timeZone',
	type: 'string',
	default: '',
	placeholder: 'e.g. Europe/Berlin',
	description:
		"The time zone for this node's date-times, as an IANA name: the form's labels and the values typed without an offset, the booking picker's times, and Add Local Times. Leave empty for n8n's zone (GENERIC_TIMEZONE); the editor cannot see Workflow Settings > Timezone, so set the same zone here when the workflow has its own.",
};

/** Output items get their date-times in the zone in force too (referenceLists.ts): flat fields from node version 1.2, under ADDED_KEY before. */
export const addLocalTimesOption: INodeProperties = {
	displayName: 'Add Local Times',
	name: 'addLocalTimes',
	type: 'boolean',
	default: false,
	description:
		'Whether to add, for each date-time of an output item, its local time in the time zone in force (Time Zone, else the workflow\'s) as a field named after it, e.g. start_local = 2026-12-02 10:00, with local_time_zone (node versions before 1.2: under "addedByNode")',
};

/** Output items of bookings and payments get the names of the rooms, services, clients and bookings they refer to. */
export const addNamesOption: INodeProperties = {
	displayName: 'Add Names',
	name: 'addNames',
	type: 'boolean',
	default: false,
	description:
		'Whether to add the names of the rooms, services and clients an output item refers to (a payment\'s booking by its own) as fields named after the reference, e.g. room_id → room_name (node versions before 1.2: under "addedByNode"); each is looked up once per run',
};

/** Add Names where outputs refer to rooms, services, clients or bookings: bookings and payments. */
export function namesOptionFor(resource: string): INodeProperties[] {
	return resource === 'booking' || resource === 'payment' ? [addNamesOption] : [];
}

/** How a write's body is sent; unset (every workflow saved before the option) is JSON. */
const bodyEncodingOption: INodeProperties = {
	displayName: 'Body Encoding',
	name: 'bodyEncoding',
	type: 'options',
	options: [
		{ name: 'JSON', value: 'json', description: 'Send the body as a JSON document' },
		{
			name: 'Form URL-Encoded',
			value: 'form',
			description: 'Send the body as form fields (application/x-www-form-urlencoded), nested values as a[b]=c, as APIs built in PHP read them',
		},
	],
	default: 'json',
	description: 'How the body is written. Most APIs take JSON; some booking platforms (Checkfront, Planyo) read writes as form fields.',
};

/** Options > Body Encoding of a write. */
export function readBodyEncoding(context: ParameterReader, itemIndex: number): BodyEncoding {
	return context.getNodeParameter('options.bodyEncoding', itemIndex, 'json') === 'form' ? 'form' : 'json';
}

/** The Options collection: transport settings for every operation, plus list or per-item extras, the zone and local times. */
export function optionsProperty(kind: 'list' | 'perItem' | 'write', more: INodeProperties[] = []): INodeProperties {
	const extras = [...(kind === 'list' ? listOptions : kind === 'write' ? [parallelWritesOption, bodyEncodingOption] : [parallelReadsOption]), ...more, timeZoneOption, addLocalTimesOption];
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...extras, ...transportOptions].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/** Reads one number of the Options collection; unset means the default its description declares. */
function readOption(context: ParameterReader, itemIndex: number, name: string, label: string, fallback: number, minimum: number) {
	return readNumberParameter(context, itemIndex, { name: `options.${name}`, label, fallback, minimum });
}

export function readTransportOptions(context: ParameterReader, itemIndex: number): TransportOptions {
	return {
		retry: {
			maxRetries: Math.floor(readOption(context, itemIndex, 'maxRetries', 'Max Retries', DEFAULT_MAX_RETRIES, 0)),
			maxWaitMs: readOption(context, itemIndex, 'maxWait', 'Max Wait', DEFAULT_MAX_WAIT_SECONDS, 0) * 1000,
		},
		timeoutMs: readOption(context, itemIndex, 'timeout', 'Timeout', DEFAULT_TIMEOUT_MS, 1),
	};
}

/** The default cap of each kind of window (the bench runs its comparisons at the same caps). */
export const DEFAULT_PARALLEL: Record<'read' | 'write' | 'pages', number> = {
	read: DEFAULT_PARALLEL_READS,
	write: DEFAULT_PARALLEL_WRITES,
	pages: DEFAULT_PARALLEL_PAGES,
};

/** The cap of the adaptive window: the user's Parallel Requests, or the default for reads, writes or pages. */
export function readParallelRequests(context: ParameterReader, kind: 'read' | 'write' | 'pages', itemIndex = 0): number {
	const fallback = DEFAULT_PARALLEL[kind];
	const value = readOption(context, itemIndex, 'parallelRequests', 'Parallel Requests', fallback, 1);
	return Math.min(MAX_PARALLEL_REQUESTS, Math.floor(value));
}

export interface ListOptions {
	itemsPath?: string;
	rawResponse: boolean;
	pagination: PaginationSettings;
}

export function readListOptions(context: ParameterReader, itemIndex: number): ListOptions {
	const settings = context.getNodeParameter('options.pagination.settings', itemIndex, {}) as Partial<PaginationSettings>;
	const itemsPath = String(context.getNodeParameter('options.itemsPath', itemIndex, '') ?? '').trim();
	return {
		itemsPath: itemsPath || undefined,
		rawResponse: context.getNodeParameter('options.rawResponse', itemIndex, false) === true,
		pagination: {
			...settings,
			mode: settings.mode ?? 'auto',
			maxPages: Math.floor(readOption(context, itemIndex, 'maxPages', 'Max Pages', DEFAULT_MAX_PAGES, 1)),
		},
	};
}
