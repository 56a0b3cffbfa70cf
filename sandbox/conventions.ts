/**
 * Conventions of real public API families (docs/API-CONVENTIONS.md), for the `convention` option: with one
 * set, every list, single record, date-time and error is rendered as that family does, in the sandbox's
 * own implementation. The node package detects conventions from responses, so it must be tested against
 * the shapes it will meet, not only against the sandbox's invented dialects.
 *
 * This module holds the table: per convention its naming, date-time form, order, paging mechanism and page
 * sizes, how a page and a single record look, and the metadata tests read (`conventionInfo`). Paging lives
 * in conventionPaging.ts, record and body forms in conventionRecords.ts, error bodies in conventionErrors.ts.
 */
import { API_PATH_PREFIX } from '../nodes/VenueBooking/endpoints';
import { cutPage, decodeToken, newestFirstView, pagingParameters, type PageSizeRule, type PageWindow, type PagingSpec } from './conventionPaging';
import { readId } from './conventionIds';
import { ApiError } from './errors';
import { identityOf, keyedByIdentity, plainBody, renderRecord, type RecordStyle, selfPathOf, type TimestampForm, type WriteTarget } from './conventionRecords';
import type { ListResource } from './dialect';
import type { RenderedResponse } from './listResponse';
import type { Naming } from './options';
import type { ListSource } from './pagination';
import { parseRequestTarget, type RequestTarget } from './requestTarget';

export const CONVENTIONS = [
	'stripe',
	'openai',
	'drfPage',
	'drfLimitOffset',
	'drfCursor',
	'github',
	'slack',
	'graph',
	'jsonApi',
	'hal',
	'google',
	'jira',
	'salesforce',
	'laravel',
	'hubspot',
	'notion',
	'problemDetails',
	'hasMoreOnly',
	'square',
	'paypal',
	'calendly',
	'calCom',
	'pipedrive',
	'zendesk',
	'twilio',
	'strapi',
	'gitlab',
	'shopify',
	'aws',
	'checkfront',
	'pageSizeEcho',
	'mindbody',
	'bookeo',
	'cliniko',
	'squareBookings',
	'planyo',
	'rezdy',
	'currentRms',
	'rentman',
	'booqable',
	'simplybook',
	'acuity',
	// Unsurveyed on purpose: names no table of the node holds (issue 40), for the promises on conventions no one surveyed.
	'unsurveyedToken',
	'unsurveyedCount',
] as const;
export type ConventionName = (typeof CONVENTIONS)[number];

/** How a client reaches the next page; the survey's pagination keys. */
export type ConventionPagination = 'afterLastId' | 'pageNumber' | 'offset' | 'cursor' | 'nextUrlBody' | 'linkHeader' | 'hasMoreOnly' | 'whole' | 'firstOnly';

/** What a test (or a node configuration) needs to know about a convention, as data. */
export interface ConventionInfo {
	name: ConventionName;
	/** The API or framework it imitates. */
	family: string;
	naming: Naming;
	/**
	 * Where the list sits: '' for a bare array, else a dotted path; `{resource}` stands for the listed
	 * resource's plural (`slots`, `bookings`, `services`, `rooms`, `clients`, `payments`, `deliveries`).
	 */
	listPath: string;
	pagination: ConventionPagination;
	/** Request parameters, exactly as sent (not renamed by the naming). */
	parameters: {
		/** Page size query parameter; absent when the size travels in a header (`pageSizeHeader`). */
		pageSize?: string;
		page?: string;
		/** 0 or 1: the number of the first page (pageNumber). */
		firstPage?: 0 | 1;
		offset?: string;
		/** Token parameter (cursor): send the value of `next.path` here. */
		cursor?: string;
		/** afterLastId / hasMoreOnly: send the last entry's identity here. */
		after?: string;
		before?: string;
	};
	/** Salesforce: the page size travels as `Sforce-Query-Options: batchSize=N`. */
	pageSizeHeader?: { name: string; valuePrefix: string };
	/** Where the next page's URL or token is: a dotted body path, or a header (`Link`). */
	next?: { in: 'body' | 'header'; path: string; value: 'url' | 'relativeUrl' | 'token' };
	/** A more-flag; `inverted` when true means "done" (Salesforce `done`, Jira `isLast`). */
	moreFlag?: { path: string; inverted: boolean };
	/** Where the total number of entries is reported, if anywhere. */
	total?: { in: 'body' | 'header'; path: string };
	/** What ends a walk, in words (for people and the README table). */
	end: string;
	defaultPageSize: number;
	maxPageSize: number;
	/** `error`: a larger size is refused (400); `clamp`: it is lowered silently (the echo says so where there is one). */
	overMax: 'clamp' | 'error';
	timestamps: TimestampForm;
	/** Lists (not slots, which are chronological) come newest first by creation. */
	newestFirst: boolean;
	/**
	 * The field holding a record's own identity (also what `{id}` paths take): `id` in the convention's naming, or
	 * another; where a resource names it otherwise (RecordStyle.identityNames), `conventionIdentityField` says so.
	 */
	identityField: 'id' | 'ref' | 'Id';
	/** Single-record GETs: the record itself, or JSON:API's `{ "data": … }`. */
	singleRecord: 'record' | 'data';
	/** The survey's error-shape key. */
	errorShape: string;
	/** Whether a client can walk the list from the responses alone (hasMoreOnly cannot). */
	walkable: boolean;
}

/** What a list renderer knows about the request. */
export interface ListContext {
	origin: string;
	/** The list's path with the API prefix, e.g. /api/partners/v1/bookings. */
	path: string;
	/** The request's query string (for a Salesforce locator: the original list query). */
	rawQuery: string;
	resource: ListResource;
}

export interface ConventionDefinition {
	info: ConventionInfo;
	paging: PagingSpec;
	size: PageSizeRule;
	record: RecordStyle;
	/** Extras on every rendered record (Stripe's `object`, Salesforce's `attributes`, HAL's `_links`). */
	decorate?: (record: Record<string, unknown>, resource: ListResource, context: Pick<ListContext, 'origin'>) => Record<string, unknown>;
	/** The body (and headers) of one page; `items` are rendered, `page.items` canonical. */
	list: (items: unknown[], page: PageWindow, context: ListContext) => { body: unknown; headers?: Record<string, string> };
	/** A JSON media type of its own (JSON:API, HAL) for lists and records; errors choose theirs. */
	mediaType?: string;
	/** Writes may also come form-encoded (`a[b]=c`, as PHP reads them): Checkfront. */
	formBodies?: boolean;
	/** A single record's body; default: the record itself. */
	single?: (record: Record<string, unknown>, resource: ListResource, context: Pick<ListContext, 'origin'>, selfPath: string | undefined) => unknown;
}

const SINGULAR: Record<ListResource, string> = {
	slots: 'slot',
	bookings: 'booking',
	services: 'service',
	rooms: 'room',
	clients: 'client',
	payments: 'payment',
	deliveries: 'delivery',
};

/** Rezdy's answers all carry how the request went. */
const REZDY_SUCCESS = { success: true, version: 'v1' };

/** This list's absolute URL with some query parameters changed (null removes one), others kept. */
function urlWith(context: ListContext, changes: Record<string, string | number | null>, relative = false): string {
	const params = new URLSearchParams(context.rawQuery);
	for (const [name, value] of Object.entries(changes)) {
		if (value === null) params.delete(name);
		else params.set(name, String(value));
	}
	const search = params.toString();
	return `${relative ? '' : context.origin}${context.path}${search ? `?${search}` : ''}`;
}

/** The last page's number (pageNumber conventions); an empty list still has one page. */
function lastPageOf(page: PageWindow, firstPage: number): number {
	return firstPage + Math.max(0, Math.ceil(page.total / page.size) - 1);
}

function linkHeader(links: Array<[rel: string, url: string | undefined]>): Record<string, string> {
	const present = links.filter((link): link is [string, string] => link[1] !== undefined);
	return present.length === 0 ? {} : { Link: present.map(([rel, url]) => `<${url}>; rel="${rel}"`).join(', ') };
}

function size(query: string, defaultSize: number, max: number, overMax: 'clamp' | 'error' = 'clamp'): PageSizeRule {
	return { source: { query }, default: defaultSize, max, overMax };
}

function style(naming: Naming, timestamps: TimestampForm, extra: Partial<RecordStyle> = {}): RecordStyle {
	return { naming, timestamps, identity: 'id', jsonApi: false, ...extra };
}

/** Info fields every convention shares the defaults of, filled from its paging and size rules. */
function info(
	name: ConventionName,
	definition: Omit<ConventionInfo, 'name' | 'defaultPageSize' | 'maxPageSize' | 'overMax' | 'naming' | 'timestamps' | 'identityField' | 'singleRecord' | 'walkable'> &
		Partial<Pick<ConventionInfo, 'identityField' | 'singleRecord' | 'walkable'>>,
	sizeRule: PageSizeRule,
	recordStyle: RecordStyle,
): ConventionInfo {
	return {
		name,
		identityField: 'id',
		singleRecord: 'record',
		walkable: true,
		...definition,
		naming: recordStyle.naming,
		timestamps: recordStyle.timestamps,
		defaultPageSize: sizeRule.default,
		maxPageSize: sizeRule.max,
		overMax: sizeRule.overMax,
	};
}

/** Stripe and OpenAI put the record's type beside its id. */
function withObjectType(record: Record<string, unknown>, resource: ListResource): Record<string, unknown> {
	const { id, ...rest } = record;
	return { id, object: SINGULAR[resource], ...rest };
}

/** DRF's page links: page 1 is written without the page parameter, as DRF's `remove_query_param` does. */
function drfPageUrl(context: ListContext, page: number): string {
	return urlWith(context, { page: page === 1 ? null : page });
}

/** DRF's limit/offset links: an offset of 0 is written without the offset parameter. */
function drfOffsetUrl(context: ListContext, offset: number, limit: number): string {
	return urlWith(context, { limit, offset: offset <= 0 ? null : offset });
}

/** Mindbody's paging block: what was asked, what this page holds (`PageSize`), the total; the list under the resource's name. */
function paginationResponseList(items: unknown[], page: PageWindow, context: ListContext): { body: unknown } {
	return {
		body: {
			PaginationResponse: { RequestedLimit: page.size, RequestedOffset: page.start, PageSize: items.length, TotalResults: page.total },
			[context.resource.charAt(0).toUpperCase() + context.resource.slice(1)]: items,
		},
	};
}

function build(): Record<ConventionName, ConventionDefinition> {
	const stripeSize = size('limit', 10, 100, 'error');
	const stripeStyle = style('snake', 'unixSeconds');
	const openaiSize = size('limit', 20, 100, 'error');
	const openaiStyle = style('snake', 'unixSeconds');
	const drfStyle = style('snake', 'iso');
	const drfPageSize = size('page_size', 10, 100);
	const drfLimitSize = size('limit', 10, 100);
	const githubSize = size('per_page', 30, 100);
	const githubStyle = style('snake', 'iso');
	const slackSize = size('limit', 100, 1000);
	const slackStyle = style('snake', 'unixSeconds');
	const graphSize = size('$top', 100, 999);
	const graphStyle = style('camel', 'iso');
	const jsonApiSize = size('page[size]', 20, 100);
	const jsonApiStyle = style('camel', 'iso', { jsonApi: true });
	const halSize = size('size', 20, 2000);
	const halStyle = style('camel', 'iso');
	const googleSize = size('pageSize', 50, 1000);
	const googleStyle = style('camel', 'iso');
	const jiraSize = size('maxResults', 50, 50);
	const jiraStyle = style('camel', 'isoOffsetNoColon', { issues: true });
	const salesforceSize: PageSizeRule = {
		source: { header: 'Sforce-Query-Options', pattern: /(?:^|[,;\s])batchSize=([^,;\s]*)/i },
		default: 2000,
		max: 2000,
		overMax: 'clamp',
	};
	const salesforceStyle = style('camel', 'isoOffsetNoColon');
	const laravelSize = size('per_page', 15, 100);
	const laravelStyle = style('snake', 'isoMicros');
	const hubspotSize = size('limit', 10, 100);
	const hubspotStyle = style('camel', 'unixMillis');
	const notionSize = size('page_size', 100, 100);
	const notionStyle = style('snake', 'isoMillis');
	const problemSize = size('limit', 20, 100);
	const problemStyle = style('camel', 'iso');
	const moreSize = size('limit', 20, 100);
	const moreStyle = style('snake', 'iso', { identity: 'ref' });
	const squareSize = size('limit', 100, 1000);
	const squareStyle = style('snake', 'isoMillis');
	const paypalSize = size('page_size', 10, 20);
	const paypalStyle = style('snake', 'iso');
	const calendlySize = size('count', 20, 100);
	const calendlyStyle = style('snake', 'isoMicros');
	const calComSize = size('take', 100, 250);
	const calComStyle = style('camel', 'iso');
	const pipedriveSize = size('limit', 100, 500);
	const pipedriveStyle = style('snake', 'sqlUtc');
	const zendeskSize = size('page[size]', 100, 100);
	const zendeskStyle = style('snake', 'iso');
	const twilioSize = size('PageSize', 50, 1000);
	const twilioStyle = style('snake', 'iso');
	const strapiSize = size('pagination[pageSize]', 25, 100);
	const strapiStyle = style('camel', 'isoMillis');
	const gitlabSize = size('per_page', 20, 100);
	const gitlabStyle = style('snake', 'isoMillis');
	const shopifySize = size('limit', 50, 250);
	const shopifyStyle = style('snake', 'isoShopOffset');
	const awsSize = size('MaxResults', 50, 100, 'error');
	const awsStyle = style('camel', 'unixSecondsFloat');
	const checkfrontSize = size('limit', 100, 250);
	const checkfrontStyle = style('snake', 'unixSeconds');
	const echoSize = size('limit', 100, 200);
	const echoStyle = style('camel', 'iso');
	const unsurveyedTokenSize = size('pageSize', 50, 200);
	const unsurveyedTokenStyle = style('camel', 'iso');
	const unsurveyedCountSize = size('limit', 100, 100);
	const unsurveyedCountStyle = style('snake', 'iso');
	const mindbodySize = size('request.limit', 100, 200);
	const mindbodyStyle = style('pascal', 'isoLocal');
	const bookeoSize = size('itemsPerPage', 50, 100);
	// Bookeo names a booking's identity `bookingNumber`; its other records keep `id`.
	const bookeoStyle = style('camel', 'isoShopOffset', { identityNames: { bookings: 'bookingNumber' } });
	const clinikoSize = size('per_page', 50, 100);
	const clinikoStyle = style('snake', 'iso');
	const squareBookingsSize = size('limit', 100, 10000);
	const squareBookingsStyle = style('snake', 'isoMillis');
	// Planyo answers a list whole: the size rule only states that (no parameter asks for a page).
	const planyoSize: PageSizeRule = { source: { query: '' }, default: 100_000, max: 100_000, overMax: 'clamp' };
	// Planyo names each record's identity for its resource (`reservation_id`, `user_id`).
	const planyoStyle = style('snake', 'sqlUtc', { identityNames: { bookings: 'reservation_id', clients: 'user_id' } });
	const rezdySize = size('limit', 100, 100);
	const rezdyStyle = style('camel', 'iso');
	const currentRmsSize = size('per_page', 20, 100);
	// Current RMS writes ids as numbers (`"id": 1201`, `"member_id": 55`); rooms and services share 1…n.
	const currentRmsStyle = style('snake', 'isoMillis', { ids: 'numeric' });
	const rentmanSize = size('limit', 300, 300);
	const rentmanStyle = style('snake', 'isoShopOffset');
	const booqableSize = size('page[size]', 25, 100);
	const booqableStyle = style('camel', 'iso', { jsonApi: true });
	const simplybookSize = size('on_page', 1000, 1000);
	const simplybookStyle = style('snake', 'sqlUtc');
	// Acuity documents `max` (default 100) and no cap; the sandbox stops at 10,000.
	const acuitySize = size('max', 100, 10_000);
	// Numeric ids (`"id": 54321`, `"calendarID": 27238`); times with an offset written without a colon.
	const acuityStyle = style('camel', 'isoOffsetNoColon', { ids: 'numeric' });

	return {
		stripe: {
			info: info(
				'stripe',
				{
					family: 'Stripe',
					listPath: 'data',
					pagination: 'afterLastId',
					parameters: { pageSize: 'limit', after: 'starting_after', before: 'ending_before' },
					moreFlag: { path: 'has_more', inverted: false },
					end: '`has_more` false',
					newestFirst: true,
					errorShape: 'error-object',
				},
				stripeSize,
				stripeStyle,
			),
			paging: { kind: 'afterId', after: 'starting_after', before: 'ending_before' },
			size: stripeSize,
			record: stripeStyle,
			decorate: withObjectType,
			list: (items, page, context) => ({ body: { object: 'list', url: context.path, has_more: page.hasMore, data: items } }),
		},
		openai: {
			info: info(
				'openai',
				{
					family: 'OpenAI',
					listPath: 'data',
					pagination: 'afterLastId',
					parameters: { pageSize: 'limit', after: 'after' },
					next: { in: 'body', path: 'last_id', value: 'token' },
					moreFlag: { path: 'has_more', inverted: false },
					end: '`has_more` false',
					newestFirst: true,
					errorShape: 'error-object',
				},
				openaiSize,
				openaiStyle,
			),
			paging: { kind: 'afterId', after: 'after' },
			size: openaiSize,
			record: openaiStyle,
			decorate: withObjectType,
			list: (items, page) => ({
				body: {
					object: 'list',
					data: items,
					first_id: page.items.length > 0 ? identityOf(page.items[0]) : null,
					last_id: page.items.length > 0 ? identityOf(page.items[page.items.length - 1]) : null,
					has_more: page.hasMore,
				},
			}),
		},
		drfPage: {
			info: info(
				'drfPage',
				{
					family: 'Django REST framework PageNumberPagination',
					listPath: 'results',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'page_size', page: 'page', firstPage: 1 },
					next: { in: 'body', path: 'next', value: 'url' },
					total: { in: 'body', path: 'count' },
					end: '`next` null; a page past the last is 404 {"detail":"Invalid page."}',
					newestFirst: false,
					errorShape: 'field-map / detail',
				},
				drfPageSize,
				drfStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'notFound', acceptsLast: true },
			size: drfPageSize,
			record: drfStyle,
			list: (items, page, context) => ({
				body: {
					count: page.total,
					next: page.hasMore ? drfPageUrl(context, page.page! + 1) : null,
					previous: page.page! > 1 ? drfPageUrl(context, page.page! - 1) : null,
					results: items,
				},
			}),
		},
		drfLimitOffset: {
			info: info(
				'drfLimitOffset',
				{
					family: 'Django REST framework LimitOffsetPagination',
					listPath: 'results',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'limit', offset: 'offset' },
					next: { in: 'body', path: 'next', value: 'url' },
					total: { in: 'body', path: 'count' },
					end: '`next` null (past the end: 200 with empty `results`)',
					newestFirst: false,
					errorShape: 'field-map / detail',
				},
				drfLimitSize,
				drfStyle,
			),
			paging: { kind: 'offset', offset: 'offset' },
			size: drfLimitSize,
			record: drfStyle,
			list: (items, page, context) => ({
				body: {
					count: page.total,
					next: page.hasMore ? drfOffsetUrl(context, page.start + page.size, page.size) : null,
					previous: page.start > 0 ? drfOffsetUrl(context, page.start - page.size, page.size) : null,
					results: items,
				},
			}),
		},
		drfCursor: {
			info: info(
				'drfCursor',
				{
					family: 'Django REST framework CursorPagination',
					listPath: 'results',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'page_size', cursor: 'cursor' },
					next: { in: 'body', path: 'next', value: 'url' },
					end: '`next` null',
					newestFirst: true,
					errorShape: 'field-map / detail',
				},
				drfPageSize,
				drfStyle,
			),
			paging: { kind: 'token', token: 'cursor' },
			size: drfPageSize,
			record: drfStyle,
			list: (items, page, context) => ({
				body: {
					next: page.nextToken === null ? null : urlWith(context, { cursor: page.nextToken }),
					previous: page.previousToken === null ? null : urlWith(context, { cursor: page.previousToken }),
					results: items,
				},
			}),
		},
		github: {
			info: info(
				'github',
				{
					family: 'GitHub REST',
					listPath: '',
					pagination: 'linkHeader',
					parameters: { pageSize: 'per_page', page: 'page', firstPage: 1 },
					next: { in: 'header', path: 'Link', value: 'url' },
					end: 'no rel="next" in `Link` (no `Link` header at all when everything fits one page)',
					newestFirst: false,
					errorShape: 'errors-array (message + errors[])',
				},
				githubSize,
				githubStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			size: githubSize,
			record: githubStyle,
			list: (items, page, context) => {
				const current = page.page!;
				const last = lastPageOf(page, 1);
				const at = (n: number): string => urlWith(context, { per_page: page.size, page: n });
				return {
					body: items,
					headers: linkHeader([
						['prev', current > 1 ? at(Math.min(current - 1, last)) : undefined],
						['next', page.hasMore ? at(current + 1) : undefined],
						['last', page.hasMore ? at(last) : undefined],
						['first', current > 1 ? at(1) : undefined],
					]),
				};
			},
		},
		slack: {
			info: info(
				'slack',
				{
					family: 'Slack Web API',
					listPath: '{resource}',
					pagination: 'cursor',
					parameters: { pageSize: 'limit', cursor: 'cursor' },
					next: { in: 'body', path: 'response_metadata.next_cursor', value: 'token' },
					end: '`response_metadata.next_cursor` is ""',
					newestFirst: false,
					errorShape: 'error-in-2xx ({"ok":false,"error"} with 200 for bad arguments and cursors; other refusals keep a 4xx status here)',
				},
				slackSize,
				slackStyle,
			),
			paging: { kind: 'token', token: 'cursor' },
			size: slackSize,
			record: slackStyle,
			list: (items, page, context) => ({
				body: { ok: true, [context.resource]: items, response_metadata: { next_cursor: page.nextToken ?? '' } },
			}),
		},
		graph: {
			info: info(
				'graph',
				{
					family: 'Microsoft Graph / OData v4',
					listPath: 'value',
					pagination: 'nextUrlBody',
					parameters: { pageSize: '$top', cursor: '$skiptoken' },
					next: { in: 'body', path: '@odata.nextLink', value: 'url' },
					end: 'no `@odata.nextLink`',
					newestFirst: false,
					errorShape: 'error-object ({"error":{"code","message","innerError"}})',
				},
				graphSize,
				graphStyle,
			),
			paging: { kind: 'token', token: '$skiptoken' },
			size: graphSize,
			record: graphStyle,
			list: (items, page, context) => ({
				body: {
					'@odata.context': `${context.origin}${API_PATH_PREFIX}/$metadata#${context.resource}`,
					value: items,
					...(page.nextToken === null ? {} : { '@odata.nextLink': urlWith(context, { $skiptoken: page.nextToken }) }),
				},
			}),
			single: (record, resource, context) => ({ '@odata.context': `${context.origin}${API_PATH_PREFIX}/$metadata#${resource}/$entity`, ...record }),
		},
		jsonApi: {
			info: info(
				'jsonApi',
				{
					family: 'JSON:API 1.1',
					listPath: 'data',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'page[size]', page: 'page[number]', firstPage: 1 },
					next: { in: 'body', path: 'links.next', value: 'url' },
					total: { in: 'body', path: 'meta.total' },
					end: '`links.next` null',
					newestFirst: false,
					singleRecord: 'data',
					errorShape: 'errors-array (JSON:API error objects)',
				},
				jsonApiSize,
				jsonApiStyle,
			),
			paging: { kind: 'pageNumber', page: 'page[number]', firstPage: 1, pastEnd: 'empty' },
			mediaType: 'application/vnd.api+json',
			size: jsonApiSize,
			record: jsonApiStyle,
			list: (items, page, context) => {
				const current = page.page!;
				const last = lastPageOf(page, 1);
				const at = (n: number): string => urlWith(context, { 'page[number]': n, 'page[size]': page.size });
				return {
					body: {
						data: items,
						links: {
							self: at(current),
							first: at(1),
							...(current > 1 ? { prev: at(Math.min(current - 1, last)) } : {}),
							next: page.hasMore ? at(current + 1) : null,
							last: at(last),
						},
						meta: { total: page.total },
					},
				};
			},
			single: (record, _resource, context, selfPath) => ({ data: record, ...(selfPath ? { links: { self: `${context.origin}${selfPath}` } } : {}) }),
		},
		hal: {
			info: info(
				'hal',
				{
					family: 'Spring Data REST (HAL)',
					listPath: '_embedded.{resource}',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'size', page: 'page', firstPage: 0 },
					next: { in: 'body', path: '_links.next.href', value: 'url' },
					total: { in: 'body', path: 'page.totalElements' },
					end: 'no `_links.next`',
					newestFirst: false,
					errorShape: 'Spring Boot {"timestamp","status","error","message","path"}',
				},
				halSize,
				halStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 0, pastEnd: 'empty' },
			mediaType: 'application/hal+json',
			size: halSize,
			record: halStyle,
			decorate: (record, resource, context) => {
				const self = selfPathOf(record, resource);
				return self ? { ...record, _links: { self: { href: `${context.origin}${self}` } } } : record;
			},
			list: (items, page, context) => {
				const current = page.page!;
				const last = lastPageOf(page, 0);
				const at = (n: number): { href: string } => ({ href: urlWith(context, { page: n, size: page.size }) });
				return {
					body: {
						// Spring Data REST leaves `_embedded` out of an empty page.
						...(items.length > 0 ? { _embedded: { [context.resource]: items } } : {}),
						_links: {
							first: at(0),
							...(current > 0 ? { prev: at(Math.min(current - 1, last)) } : {}),
							self: at(current),
							...(page.hasMore ? { next: at(current + 1) } : {}),
							last: at(last),
						},
						page: { size: page.size, totalElements: page.total, totalPages: Math.ceil(page.total / page.size), number: current },
					},
				};
			},
		},
		google: {
			info: info(
				'google',
				{
					family: 'Google Cloud APIs (AIP-158)',
					listPath: '{resource}',
					pagination: 'cursor',
					parameters: { pageSize: 'pageSize', cursor: 'pageToken' },
					next: { in: 'body', path: 'nextPageToken', value: 'token' },
					end: 'no `nextPageToken`',
					newestFirst: false,
					errorShape: 'error-object ({"error":{"code","message","status","details"}})',
				},
				googleSize,
				googleStyle,
			),
			paging: { kind: 'token', token: 'pageToken' },
			size: googleSize,
			record: googleStyle,
			list: (items, page, context) => ({
				body: { [context.resource]: items, ...(page.nextToken === null ? {} : { nextPageToken: page.nextToken }) },
			}),
		},
		jira: {
			info: info(
				'jira',
				{
					family: 'Atlassian Jira Cloud',
					listPath: 'values',
					pagination: 'offset',
					parameters: { pageSize: 'maxResults', offset: 'startAt' },
					moreFlag: { path: 'isLast', inverted: true },
					total: { in: 'body', path: 'total' },
					end: '`isLast` true (next `startAt` = startAt + entries received; `maxResults` is capped at 50 and echoed)',
					newestFirst: false,
					errorShape: 'message-errors-map ({"errorMessages":[],"errors":{}})',
				},
				jiraSize,
				jiraStyle,
			),
			paging: { kind: 'offset', offset: 'startAt' },
			size: jiraSize,
			record: jiraStyle,
			list: (items, page) => ({
				body: { startAt: page.start, maxResults: page.size, total: page.total, isLast: !page.hasMore, values: items },
			}),
		},
		salesforce: {
			info: info(
				'salesforce',
				{
					family: 'Salesforce REST (query)',
					listPath: 'records',
					pagination: 'nextUrlBody',
					parameters: {},
					pageSizeHeader: { name: 'Sforce-Query-Options', valuePrefix: 'batchSize=' },
					next: { in: 'body', path: 'nextRecordsUrl', value: 'relativeUrl' },
					moreFlag: { path: 'done', inverted: true },
					total: { in: 'body', path: 'totalSize' },
					end: '`done` true and no `nextRecordsUrl`',
					newestFirst: false,
					errorShape: 'top-level-array ([{"message","errorCode","fields"}])',
				},
				salesforceSize,
				salesforceStyle,
			),
			paging: { kind: 'token', token: 'nextRecords', carriesQuery: true, prefix: '01g' },
			size: salesforceSize,
			record: salesforceStyle,
			decorate: (record, resource) => {
				const type = SINGULAR[resource].charAt(0).toUpperCase() + SINGULAR[resource].slice(1);
				const url = selfPathOf(record, resource);
				return { attributes: { type, ...(url ? { url } : {}) }, ...record };
			},
			list: (items, page, context) => ({
				body: {
					totalSize: page.total,
					done: !page.hasMore,
					...(page.nextToken === null ? {} : { nextRecordsUrl: `${context.path}/${page.nextToken}` }),
					records: items,
				},
			}),
		},
		laravel: {
			info: info(
				'laravel',
				{
					family: 'Laravel paginate()',
					listPath: 'data',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'per_page', page: 'page', firstPage: 1 },
					next: { in: 'body', path: 'next_page_url', value: 'url' },
					total: { in: 'body', path: 'total' },
					end: '`next_page_url` null (past the end: 200 with empty `data`)',
					newestFirst: false,
					errorShape: 'message-errors-map ({"message","errors":{field:[…]}})',
				},
				laravelSize,
				laravelStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			size: laravelSize,
			record: laravelStyle,
			list: (items, page, context) => {
				const current = page.page!;
				const last = lastPageOf(page, 1);
				// Like a paginator with withQueryString(): links keep per_page and the filters.
				const at = (n: number): string => urlWith(context, { page: n });
				const empty = items.length === 0;
				return {
					body: {
						current_page: current,
						data: items,
						first_page_url: at(1),
						from: empty ? null : page.start + 1,
						last_page: last,
						last_page_url: at(last),
						next_page_url: page.hasMore ? at(current + 1) : null,
						path: `${context.origin}${context.path}`,
						per_page: page.size,
						prev_page_url: current > 1 ? at(current - 1) : null,
						to: empty ? null : page.start + items.length,
						total: page.total,
					},
				};
			},
		},
		hubspot: {
			info: info(
				'hubspot',
				{
					family: 'HubSpot CRM v3',
					listPath: 'results',
					pagination: 'cursor',
					parameters: { pageSize: 'limit', cursor: 'after' },
					next: { in: 'body', path: 'paging.next.after', value: 'token' },
					end: 'no `paging` (also `paging.next.link` holds the next URL)',
					newestFirst: false,
					errorShape: 'message-only ({"status":"error","message","correlationId","category"})',
				},
				hubspotSize,
				hubspotStyle,
			),
			paging: { kind: 'token', token: 'after' },
			size: hubspotSize,
			record: hubspotStyle,
			list: (items, page, context) => ({
				body: {
					results: items,
					...(page.nextToken === null ? {} : { paging: { next: { after: page.nextToken, link: urlWith(context, { after: page.nextToken }) } } }),
				},
			}),
		},
		notion: {
			info: info(
				'notion',
				{
					family: 'Notion',
					listPath: 'results',
					pagination: 'cursor',
					parameters: { pageSize: 'page_size', cursor: 'start_cursor' },
					next: { in: 'body', path: 'next_cursor', value: 'token' },
					moreFlag: { path: 'has_more', inverted: false },
					end: '`has_more` false and `next_cursor` null',
					newestFirst: false,
					errorShape: 'message-only ({"object":"error","status","code","message"})',
				},
				notionSize,
				notionStyle,
			),
			paging: { kind: 'token', token: 'start_cursor' },
			size: notionSize,
			record: notionStyle,
			list: (items, page, context) => ({
				body: {
					object: 'list',
					results: items,
					next_cursor: page.nextToken,
					has_more: page.hasMore,
					type: SINGULAR[context.resource],
					[SINGULAR[context.resource]]: {},
				},
			}),
		},
		problemDetails: {
			info: info(
				'problemDetails',
				{
					family: 'RFC 9457 problem details, bare arrays with X-Total-Count',
					listPath: '',
					pagination: 'offset',
					parameters: { pageSize: 'limit', offset: 'offset' },
					total: { in: 'header', path: 'X-Total-Count' },
					end: 'offset + entries received ≥ `X-Total-Count` (past the end: 200 [])',
					newestFirst: false,
					errorShape: 'problem-details (application/problem+json)',
				},
				problemSize,
				problemStyle,
			),
			paging: { kind: 'offset', offset: 'offset' },
			size: problemSize,
			record: problemStyle,
			list: (items, page) => ({ body: items, headers: { 'X-Total-Count': String(page.total) } }),
		},
		hasMoreOnly: {
			info: info(
				'hasMoreOnly',
				{
					family: 'a more-flag and nothing else (no ids, no token, no page echo)',
					listPath: 'items',
					pagination: 'hasMoreOnly',
					parameters: { pageSize: 'limit', after: 'after' },
					moreFlag: { path: 'more', inverted: false },
					end: '`more` false; the next page is asked with after=<ref of the last entry>, which nothing in the response names',
					newestFirst: false,
					identityField: 'ref',
					errorShape: 'message-only ({"message","code"})',
					walkable: false,
				},
				moreSize,
				moreStyle,
			),
			paging: { kind: 'afterId', after: 'after' },
			size: moreSize,
			record: moreStyle,
			list: (items, page) => ({ body: { items, more: page.hasMore } }),
		},
		square: {
			info: info(
				'square',
				{
					family: 'Square',
					listPath: '{resource}',
					pagination: 'cursor',
					parameters: { pageSize: 'limit', cursor: 'cursor' },
					next: { in: 'body', path: 'cursor', value: 'token' },
					end: 'no `cursor` in the answer',
					newestFirst: true,
					errorShape: 'errors-array ({"errors":[{"category","code","detail","field"}]})',
				},
				squareSize,
				squareStyle,
			),
			paging: { kind: 'token', token: 'cursor' },
			size: squareSize,
			record: squareStyle,
			// Square leaves the list key out of an empty answer as well.
			list: (items, page, context) => ({
				body: { ...(items.length > 0 ? { [context.resource]: items } : {}), ...(page.nextToken === null ? {} : { cursor: page.nextToken }) },
			}),
		},
		paypal: {
			info: info(
				'paypal',
				{
					family: 'PayPal REST (HATEOAS links)',
					listPath: 'items',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'page_size', page: 'page', firstPage: 1 },
					next: { in: 'body', path: 'links[rel=next].href', value: 'url' },
					end: 'no `links` entry with `"rel": "next"`',
					newestFirst: false,
					errorShape: 'name-message-details ({"name","message","debug_id","details":[{"field","issue","description"}]})',
				},
				paypalSize,
				paypalStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			size: paypalSize,
			record: paypalStyle,
			list: (items, page, context) => {
				const current = page.page!;
				const at = (n: number): string => urlWith(context, { page: n, page_size: page.size });
				return {
					body: {
						items,
						links: [
							{ href: at(current), rel: 'self', method: 'GET' },
							...(current > 1 ? [{ href: at(current - 1), rel: 'prev', method: 'GET' }] : []),
							...(page.hasMore ? [{ href: at(current + 1), rel: 'next', method: 'GET' }] : []),
						],
					},
				};
			},
		},
		calendly: {
			info: info(
				'calendly',
				{
					family: 'Calendly v2',
					listPath: 'collection',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'count', cursor: 'page_token' },
					next: { in: 'body', path: 'pagination.next_page', value: 'url' },
					end: '`pagination.next_page` null',
					newestFirst: false,
					errorShape: 'title-message-details ({"title","message","details":[{"parameter","message"}]})',
				},
				calendlySize,
				calendlyStyle,
			),
			paging: { kind: 'token', token: 'page_token' },
			size: calendlySize,
			record: calendlyStyle,
			list: (items, page, context) => ({
				body: {
					collection: items,
					pagination: {
						count: items.length,
						next_page: page.nextToken === null ? null : urlWith(context, { page_token: page.nextToken }),
						previous_page: page.previousToken === null ? null : urlWith(context, { page_token: page.previousToken }),
						next_page_token: page.nextToken,
						previous_page_token: page.previousToken,
					},
				},
			}),
		},
		calCom: {
			info: info(
				'calCom',
				{
					family: 'Cal.com v2 (take/skip)',
					listPath: 'data',
					pagination: 'offset',
					parameters: { pageSize: 'take', offset: 'skip' },
					moreFlag: { path: 'pagination.hasNextPage', inverted: false },
					total: { in: 'body', path: 'pagination.totalItems' },
					end: '`pagination.hasNextPage` false; nothing names the `skip` parameter',
					newestFirst: false,
					errorShape: 'status-error-object ({"status":"error","error":{"code","message","details"}})',
				},
				calComSize,
				calComStyle,
			),
			paging: { kind: 'offset', offset: 'skip' },
			size: calComSize,
			record: calComStyle,
			list: (items, page) => ({
				body: {
					status: 'success',
					data: items,
					pagination: {
						totalItems: page.total,
						remainingItems: Math.max(0, page.total - page.start - items.length),
						returnedItems: items.length,
						itemsPerPage: page.size,
						currentPage: Math.floor(page.start / page.size) + 1,
						totalPages: Math.max(1, Math.ceil(page.total / page.size)),
						hasNextPage: page.hasMore,
						hasPreviousPage: page.start > 0,
					},
				},
			}),
		},
		pipedrive: {
			info: info(
				'pipedrive',
				{
					family: 'Pipedrive v1',
					listPath: 'data',
					pagination: 'offset',
					parameters: { pageSize: 'limit', offset: 'start' },
					next: { in: 'body', path: 'additional_data.pagination.next_start', value: 'token' },
					moreFlag: { path: 'additional_data.pagination.more_items_in_collection', inverted: false },
					end: '`additional_data.pagination.more_items_in_collection` false (then no `next_start`)',
					newestFirst: false,
					errorShape: 'success-false ({"success":false,"error","error_info","data":null})',
				},
				pipedriveSize,
				pipedriveStyle,
			),
			paging: { kind: 'offset', offset: 'start' },
			size: pipedriveSize,
			record: pipedriveStyle,
			list: (items, page) => ({
				body: {
					success: true,
					// Pipedrive answers an empty list with `data: null`.
					data: items.length > 0 ? items : null,
					additional_data: {
						pagination: {
							start: page.start,
							limit: page.size,
							more_items_in_collection: page.hasMore,
							...(page.hasMore ? { next_start: page.start + items.length } : {}),
						},
					},
				},
			}),
		},
		zendesk: {
			info: info(
				'zendesk',
				{
					family: 'Zendesk Support (cursor pagination)',
					listPath: '{resource}',
					pagination: 'cursor',
					parameters: { pageSize: 'page[size]', cursor: 'page[after]' },
					next: { in: 'body', path: 'meta.after_cursor', value: 'token' },
					moreFlag: { path: 'meta.has_more', inverted: false },
					end: '`meta.has_more` false (`links.next` holds the next URL too)',
					newestFirst: false,
					errorShape: 'error-description-details ({"error","description","details":{field:[{"description","error"}]}})',
				},
				zendeskSize,
				zendeskStyle,
			),
			paging: { kind: 'token', token: 'page[after]' },
			size: zendeskSize,
			record: zendeskStyle,
			list: (items, page, context) => ({
				body: {
					[context.resource]: items,
					meta: { has_more: page.hasMore, after_cursor: page.nextToken, before_cursor: page.previousToken },
					links: {
						next: page.nextToken === null ? null : urlWith(context, { 'page[after]': page.nextToken, 'page[size]': page.size }),
						prev: page.previousToken === null ? null : urlWith(context, { 'page[before]': page.previousToken, 'page[size]': page.size, 'page[after]': null }),
					},
				},
			}),
		},
		twilio: {
			info: info(
				'twilio',
				{
					family: 'Twilio (product APIs)',
					listPath: '{resource}',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'PageSize', cursor: 'PageToken' },
					next: { in: 'body', path: 'meta.next_page_url', value: 'url' },
					end: '`meta.next_page_url` null',
					newestFirst: true,
					errorShape: 'code-message-more_info ({"code","message","more_info","status"})',
				},
				twilioSize,
				twilioStyle,
			),
			paging: { kind: 'token', token: 'PageToken' },
			size: twilioSize,
			record: twilioStyle,
			list: (items, page, context) => {
				const at = (token: string | null): string | null => (token === null ? null : urlWith(context, { PageToken: token, PageSize: page.size }));
				return {
					body: {
						[context.resource]: items,
						meta: {
							page: Math.floor(page.start / page.size),
							page_size: page.size,
							first_page_url: urlWith(context, { PageToken: null, PageSize: page.size }),
							previous_page_url: at(page.previousToken),
							url: urlWith(context, {}),
							next_page_url: at(page.nextToken),
							key: context.resource,
						},
					},
				};
			},
		},
		strapi: {
			info: info(
				'strapi',
				{
					family: 'Strapi v5 (page mode)',
					listPath: 'data',
					pagination: 'pageNumber',
					parameters: { pageSize: 'pagination[pageSize]', page: 'pagination[page]', firstPage: 1 },
					total: { in: 'body', path: 'meta.pagination.total' },
					end: '`meta.pagination.page` reaches `pageCount` (no next link; past the end: 200 with empty `data`)',
					newestFirst: false,
					errorShape: 'data-null-error-object ({"data":null,"error":{"status","name","message","details"}})',
				},
				strapiSize,
				strapiStyle,
			),
			paging: { kind: 'pageNumber', page: 'pagination[page]', firstPage: 1, pastEnd: 'empty' },
			size: strapiSize,
			record: strapiStyle,
			list: (items, page) => ({
				body: {
					data: items,
					meta: { pagination: { page: page.page!, pageSize: page.size, pageCount: Math.ceil(page.total / page.size), total: page.total } },
				},
			}),
		},
		gitlab: {
			info: info(
				'gitlab',
				{
					family: 'GitLab REST v4 (offset pagination)',
					listPath: '',
					pagination: 'linkHeader',
					parameters: { pageSize: 'per_page', page: 'page', firstPage: 1 },
					next: { in: 'header', path: 'Link', value: 'url' },
					total: { in: 'header', path: 'X-Total' },
					end: '`X-Next-Page` empty and no rel="next" (past the end: 200 [])',
					newestFirst: true,
					errorShape: 'message or error ({"message": …} / {"error": "start is missing"})',
				},
				gitlabSize,
				gitlabStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			size: gitlabSize,
			record: gitlabStyle,
			list: (items, page, context) => {
				const current = page.page!;
				const last = lastPageOf(page, 1);
				const at = (n: number): string => urlWith(context, { page: n, per_page: page.size });
				const next = page.hasMore ? String(current + 1) : '';
				return {
					body: items,
					headers: {
						'X-Page': String(current),
						'X-Per-Page': String(page.size),
						'X-Next-Page': next,
						'X-Prev-Page': current > 1 ? String(Math.min(current - 1, last)) : '',
						'X-Total': String(page.total),
						'X-Total-Pages': String(last),
						...linkHeader([
							['prev', current > 1 ? at(Math.min(current - 1, last)) : undefined],
							['next', page.hasMore ? at(current + 1) : undefined],
							['first', at(1)],
							['last', at(last)],
						]),
					},
				};
			},
		},
		shopify: {
			info: info(
				'shopify',
				{
					family: 'Shopify REST Admin (cursor pagination)',
					listPath: '{resource}',
					pagination: 'linkHeader',
					parameters: { pageSize: 'limit', cursor: 'page_info' },
					next: { in: 'header', path: 'Link', value: 'url' },
					end: 'no rel="next" (a `page_info` request takes no parameter but `limit` and `fields`: the filters travel in it)',
					newestFirst: false,
					errorShape: 'errors (a text, or a field-keyed map {"errors":{"start":["can\'t be blank"]}})',
				},
				shopifySize,
				shopifyStyle,
			),
			paging: { kind: 'token', token: 'page_info', carriesQuery: true, carriedIn: 'parameter' },
			size: shopifySize,
			record: shopifyStyle,
			list: (items, page, context) => {
				// Only `limit` and `page_info`: the token carries the rest of the query.
				const at = (token: string | null): string | undefined =>
					token === null ? undefined : `${context.origin}${context.path}?${new URLSearchParams({ limit: String(page.size), page_info: token }).toString()}`;
				return { body: { [context.resource]: items }, headers: linkHeader([['previous', at(page.previousToken)], ['next', at(page.nextToken)]]) };
			},
		},
		aws: {
			info: info(
				'aws',
				{
					family: 'AWS JSON APIs (NextToken)',
					listPath: '{Resource}',
					pagination: 'cursor',
					parameters: { pageSize: 'MaxResults', cursor: 'NextToken' },
					next: { in: 'body', path: 'NextToken', value: 'token' },
					end: '`NextToken` absent',
					newestFirst: false,
					errorShape: 'AWS JSON ({"__type":"ValidationException","message"} and x-amzn-ErrorType)',
				},
				awsSize,
				awsStyle,
			),
			paging: { kind: 'token', token: 'NextToken' },
			size: awsSize,
			record: awsStyle,
			list: (items, page, context) => ({
				body: { [context.resource.charAt(0).toUpperCase() + context.resource.slice(1)]: items, ...(page.nextToken === null ? {} : { NextToken: page.nextToken }) },
			}),
		},
		checkfront: {
			info: info(
				'checkfront',
				{
					family: 'Checkfront API 3.0 (PHP-built booking platform)',
					listPath: '{singular}/index (an object keyed by id)',
					pagination: 'pageNumber',
					parameters: { pageSize: 'limit', page: 'page', firstPage: 1 },
					total: { in: 'body', path: 'request.total_records' },
					end: '`request.page` equals `request.pages` (past the end: `[]`); `request.records` counts this page only',
					newestFirst: false,
					errorShape: 'status-error-in-2xx ({"request":{"status":"ERROR","error":{"id","title","details"}}} with 200 for bad arguments and conflicts; other refusals keep their status)',
				},
				checkfrontSize,
				checkfrontStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			formBodies: true,
			size: checkfrontSize,
			record: checkfrontStyle,
			list: (items, page, context) => ({
				body: {
					version: '3.0',
					host_id: 'venue.checkfront.invalid',
					request: {
						status: 'OK',
						resource: SINGULAR[context.resource],
						method: 'index',
						page: page.page,
						pages: Math.max(1, Math.ceil(page.total / page.size)),
						// As Checkfront writes it: `records` is this page's count, `total_records` the list's.
						records: items.length,
						total_records: page.total,
						limit: page.size,
					},
					// Keyed by each record's id; PHP writes an empty keyed list as `[]`.
					[`${SINGULAR[context.resource]}/index`]: keyedByIdentity(items),
				},
			}),
		},
		pageSizeEcho: {
			info: info(
				'pageSizeEcho',
				{
					family: 'A paging block that echoes the page (Mindbody-style PaginationResponse)',
					listPath: '{Resource}',
					pagination: 'offset',
					parameters: { pageSize: 'limit', offset: 'offset' },
					total: { in: 'body', path: 'PaginationResponse.TotalResults' },
					end: '`RequestedOffset` + `PageSize` reaches `TotalResults`; `PageSize` is the number of entries on this page, not the size asked for — nothing names the `offset` parameter',
					newestFirst: false,
					errorShape: 'Message-Code ({"Message","Code"} with 400)',
				},
				echoSize,
				echoStyle,
			),
			paging: { kind: 'offset', offset: 'offset' },
			size: echoSize,
			record: echoStyle,
			list: paginationResponseList,
		},
		mindbody: {
			info: info(
				'mindbody',
				{
					family: 'Mindbody Public API v6 (PascalCase, times in the site\'s zone)',
					listPath: '{Resource}',
					pagination: 'offset',
					parameters: { pageSize: 'request.limit', offset: 'request.offset' },
					total: { in: 'body', path: 'PaginationResponse.TotalResults' },
					end: '`RequestedOffset` + `PageSize` reaches `TotalResults`; nothing names the `request.offset` parameter',
					newestFirst: false,
					identityField: 'Id',
					errorShape: 'Error-Message-Code ({"Error":{"Message","Code"}} with 400 for bad arguments and conflicts)',
				},
				mindbodySize,
				mindbodyStyle,
			),
			paging: { kind: 'offset', offset: 'request.offset' },
			size: mindbodySize,
			record: mindbodyStyle,
			list: paginationResponseList,
		},
		bookeo: {
			info: info(
				'bookeo',
				{
					family: 'Bookeo API v2 (a page token beside the page number)',
					listPath: 'data',
					pagination: 'pageNumber',
					parameters: { pageSize: 'itemsPerPage', page: 'pageNumber', firstPage: 1 },
					next: { in: 'body', path: 'info.pageNavigationToken', value: 'token' },
					total: { in: 'body', path: 'info.totalItems' },
					end: '`info.currentPage` reaches `info.totalPages`; later pages send only `pageNavigationToken` (it holds the page size) and `pageNumber`',
					newestFirst: false,
					errorShape: 'httpStatus-message-errorId ({"httpStatus","message","errorId"} with the status)',
				},
				bookeoSize,
				bookeoStyle,
			),
			paging: { kind: 'pageNumber', page: 'pageNumber', firstPage: 1, pastEnd: 'empty', navigationToken: 'pageNavigationToken' },
			size: bookeoSize,
			record: bookeoStyle,
			list: (items, page) => ({
				body: {
					info: { totalItems: page.total, totalPages: Math.max(1, Math.ceil(page.total / page.size)), currentPage: page.page, pageNavigationToken: page.nextToken },
					data: items,
				},
			}),
		},
		cliniko: {
			info: info(
				'cliniko',
				{
					family: 'Cliniko API v1 (links.next, total_entries)',
					listPath: '{resource}',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'per_page', page: 'page', firstPage: 1 },
					next: { in: 'body', path: 'links.next', value: 'url' },
					total: { in: 'body', path: 'total_entries' },
					end: 'no `links.next` (past the end: 200 with an empty list)',
					newestFirst: false,
					errorShape: 'message-errors ({"message", "errors": {field: [...]}} with 422 for validation)',
				},
				clinikoSize,
				clinikoStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			size: clinikoSize,
			record: clinikoStyle,
			list: (items, page, context) => {
				const at = (n: number): string => urlWith(context, { page: n, per_page: page.size });
				return {
					body: {
						[context.resource]: items,
						total_entries: page.total,
						links: {
							self: at(page.page!),
							...(page.hasMore ? { next: at(page.page! + 1) } : {}),
							...(page.page! > 1 ? { previous: at(page.page! - 1) } : {}),
						},
					},
				};
			},
		},
		squareBookings: {
			info: info(
				'squareBookings',
				{
					family: 'Square Bookings API (ListBookings)',
					listPath: '{resource}',
					pagination: 'cursor',
					parameters: { pageSize: 'limit', cursor: 'cursor' },
					next: { in: 'body', path: 'cursor', value: 'token' },
					end: 'no `cursor` in the answer',
					newestFirst: false,
					errorShape: 'errors-array ({"errors":[{"category","code","detail","field"}]})',
				},
				squareBookingsSize,
				squareBookingsStyle,
			),
			paging: { kind: 'token', token: 'cursor' },
			size: squareBookingsSize,
			record: squareBookingsStyle,
			list: (items, page, context) => ({ body: { [context.resource]: items, ...(page.nextToken === null ? {} : { cursor: page.nextToken }) } }),
		},
		planyo: {
			info: info(
				'planyo',
				{
					family: 'Planyo (every answer {data, response_code, response_message})',
					listPath: 'data.results',
					pagination: 'whole',
					parameters: {},
					end: 'the one answer holds the whole list',
					newestFirst: false,
					singleRecord: 'data',
					errorShape: 'code-error-in-2xx ({"data":null,"response_code":N,"response_message"} with 200 for bad arguments and conflicts; other refusals keep their status)',
				},
				planyoSize,
				planyoStyle,
			),
			paging: { kind: 'whole' },
			size: planyoSize,
			record: planyoStyle,
			list: (items, _page, context) => ({
				body: { data: { results: items }, response_code: 0, response_message: `Method list_${context.resource} executed successfully.` },
			}),
			single: (record) => ({ data: record, response_code: 0, response_message: 'Method executed successfully.' }),
		},
		rezdy: {
			info: info(
				'rezdy',
				{
					family: 'Rezdy API v1 (tours and activities)',
					listPath: '{resource}',
					pagination: 'offset',
					parameters: { pageSize: 'limit', offset: 'offset' },
					end: 'a page shorter than `limit`; nothing in the answer names `limit` or `offset`, states a total or says more follows',
					newestFirst: false,
					errorShape: 'requestStatus ({"requestStatus":{"success":false,"error":{"errorCode","errorMessage"}}} with its 4xx status)',
				},
				rezdySize,
				rezdyStyle,
			),
			paging: { kind: 'offset', offset: 'offset' },
			size: rezdySize,
			record: rezdyStyle,
			list: (items, _page, context) => ({ body: { requestStatus: REZDY_SUCCESS, [context.resource]: items } }),
			// A single booking sits under its singular name beside the request status.
			single: (record, resource) => ({ requestStatus: REZDY_SUCCESS, [SINGULAR[resource]]: record }),
		},
		currentRms: {
			info: info(
				'currentRms',
				{
					family: 'Current RMS API v1 (rental management)',
					listPath: '{resource}',
					pagination: 'pageNumber',
					parameters: { pageSize: 'per_page', page: 'page', firstPage: 1 },
					total: { in: 'body', path: 'meta.total_row_count' },
					end: '`meta.page` × `meta.per_page` reaches `meta.total_row_count` (`meta.row_count` counts this page); past the end an empty list',
					newestFirst: false,
					errorShape: 'errors-texts ({"errors":["Starts at can\'t be blank"]} with 422)',
				},
				currentRmsSize,
				currentRmsStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			size: currentRmsSize,
			record: currentRmsStyle,
			list: (items, page, context) => ({
				body: { [context.resource]: items, meta: { total_row_count: page.total, row_count: items.length, page: page.page, per_page: page.size } },
			}),
			// A single record wrapped in its singular name (`{"opportunity": {…}}`).
			single: (record, resource) => ({ [SINGULAR[resource]]: record }),
		},
		rentman: {
			info: info(
				'rentman',
				{
					family: 'Rentman API v3 (equipment rental)',
					listPath: 'data',
					pagination: 'offset',
					parameters: { pageSize: 'limit', offset: 'offset' },
					end: 'a page shorter than `limit` (`itemCount` counts this page, no total is stated)',
					newestFirst: false,
					singleRecord: 'data',
					errorShape: 'message ({"code","message"} with its status; unverified)',
				},
				rentmanSize,
				rentmanStyle,
			),
			paging: { kind: 'offset', offset: 'offset' },
			size: rentmanSize,
			record: rentmanStyle,
			list: (items, page) => ({ body: { data: items, itemCount: items.length, limit: page.size, offset: page.start } }),
			single: (record) => ({ data: record }),
		},
		booqable: {
			info: info(
				'booqable',
				{
					family: 'Booqable API 4 (JSON:API, rental shops)',
					listPath: 'data',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'page[size]', page: 'page[number]', firstPage: 1 },
					next: { in: 'body', path: 'links.next', value: 'relativeUrl' },
					end: '`links.next` absent; links are relative to the host root, written without a leading slash',
					newestFirst: false,
					singleRecord: 'data',
					errorShape: 'errors-array (JSON:API error objects)',
				},
				booqableSize,
				booqableStyle,
			),
			paging: { kind: 'pageNumber', page: 'page[number]', firstPage: 1, pastEnd: 'empty' },
			size: booqableSize,
			record: booqableStyle,
			list: (items, page, context) => {
				const current = page.page!;
				const last = lastPageOf(page, 1);
				// "api/4/orders?page%5Bnumber%5D=2…": the path without its leading slash, as Booqable writes it.
				const at = (n: number): string => urlWith(context, { 'page[number]': n, 'page[size]': page.size }, true).slice(1);
				return {
					body: {
						data: items,
						links: {
							self: at(current),
							first: at(1),
							last: at(last),
							...(page.hasMore ? { next: at(current + 1) } : {}),
							...(current > 1 ? { prev: at(Math.min(current - 1, last)) } : {}),
						},
						meta: {},
					},
				};
			},
			single: (record) => ({ data: record, meta: {} }),
		},
		simplybook: {
			info: info(
				'simplybook',
				{
					family: 'SimplyBook.me JSON-RPC API (appointments)',
					listPath: 'result (an object keyed by id)',
					pagination: 'pageNumber',
					parameters: { pageSize: 'on_page', page: 'page', firstPage: 1 },
					end: 'the whole list in one answer (up to `on_page`, 1000); nothing in the answer says how many there are or that more follows',
					newestFirst: false,
					errorShape: 'jsonrpc-error-in-2xx ({"jsonrpc":"2.0","id":1,"error":{"code","message"}} with 200 for refusals of arguments and conflicts; other refusals keep their status)',
				},
				simplybookSize,
				simplybookStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			size: simplybookSize,
			record: simplybookStyle,
			list: (items) => ({ body: { jsonrpc: '2.0', id: 1, result: keyedByIdentity(items) } }),
			single: (record) => ({ jsonrpc: '2.0', id: 1, result: record }),
		},
		acuity: {
			info: info(
				'acuity',
				{
					family: 'Acuity Scheduling API v1 (GET /appointments?max=…)',
					listPath: '',
					pagination: 'firstOnly',
					parameters: { pageSize: 'max' },
					end: 'one answer: the first `max` entries (default 100); nothing in it says more follow, and no parameter asks for them',
					newestFirst: false,
					errorShape: 'status_code-message-error ({"status_code","message","error"} with its status; a taken time is 400 not_available)',
				},
				acuitySize,
				acuityStyle,
			),
			paging: { kind: 'first' },
			size: acuitySize,
			record: acuityStyle,
			list: (items) => ({ body: items }),
		},
		unsurveyedToken: {
			info: info(
				'unsurveyedToken',
				{
					family: 'an unsurveyed meeting-room platform: a next-page token under a name no table knows, taken back under another',
					listPath: 'items',
					pagination: 'cursor',
					parameters: { pageSize: 'pageSize', cursor: 'next_token' },
					next: { in: 'body', path: 'tokenForNext', value: 'token' },
					end: '`tokenForNext` absent; the token is sent back as `next_token`, which nothing in the answer names (`span` states the entries\' positions)',
					newestFirst: false,
					errorShape: 'message-only ({"message","code"})',
				},
				unsurveyedTokenSize,
				unsurveyedTokenStyle,
			),
			paging: { kind: 'token', token: 'next_token' },
			size: unsurveyedTokenSize,
			record: unsurveyedTokenStyle,
			list: (items, page) => ({
				body: { items, ...(page.nextToken === null ? {} : { tokenForNext: page.nextToken }), span: { first: page.start + 1, last: page.start + items.length } },
			}),
		},
		unsurveyedCount: {
			info: info(
				'unsurveyedCount',
				{
					family: 'an unsurveyed vacation-rental manager: this page\'s count beside a next link and a more-flag under names no table knows',
					listPath: 'data',
					pagination: 'nextUrlBody',
					parameters: { pageSize: 'limit', page: 'page', firstPage: 1 },
					next: { in: 'body', path: 'paging.linkToNext', value: 'url' },
					moreFlag: { path: 'paging.anotherPage', inverted: false },
					end: '`paging.anotherPage` false and `paging.linkToNext` null; `count` is the number of entries on this page, never the list\'s',
					newestFirst: false,
					errorShape: 'message-only ({"message","code"})',
				},
				unsurveyedCountSize,
				unsurveyedCountStyle,
			),
			paging: { kind: 'pageNumber', page: 'page', firstPage: 1, pastEnd: 'empty' },
			size: unsurveyedCountSize,
			record: unsurveyedCountStyle,
			list: (items, page, context) => ({
				body: {
					success: true,
					count: items.length,
					paging: { anotherPage: page.hasMore, linkToNext: page.hasMore ? urlWith(context, { page: page.page! + 1 }) : null },
					data: items,
				},
			}),
		},
	};
}

export const CONVENTION_DEFINITIONS: Readonly<Record<ConventionName, ConventionDefinition>> = build();

/** Metadata of a convention, for tests and for configuring explicit pagination. */
export function conventionInfo(name: ConventionName): ConventionInfo {
	const definition = CONVENTION_DEFINITIONS[name];
	if (!definition) throw new Error(`Unknown convention ${String(name)}; known: ${CONVENTIONS.join(', ')}`);
	return definition.info;
}

/** The plural resource of a single-record endpoint (by the endpoint table's resource value). */
export function recordResourceOf(endpointResource: string): ListResource {
	const byEndpoint: Record<string, ListResource> = {
		slot: 'slots',
		booking: 'bookings',
		service: 'services',
		room: 'rooms',
		client: 'clients',
		payment: 'payments',
		webhook: 'deliveries',
		webhookDelivery: 'deliveries',
	};
	return byEndpoint[endpointResource] ?? 'bookings';
}

function mediaTypeHeader(definition: ConventionDefinition): Record<string, string> {
	return definition.mediaType ? { 'Content-Type': definition.mediaType } : {};
}

/** The convention's record style, its zone-less date-times in `localZone` (SandboxOptions.localTimeZone). */
function recordStyle(definition: ConventionDefinition, localZone: string | undefined): RecordStyle {
	return localZone === undefined || localZone === 'UTC' ? definition.record : { ...definition.record, localZone };
}

function renderEntry(definition: ConventionDefinition, record: object, resource: ListResource, origin: string, localZone?: string): Record<string, unknown> {
	const rendered = renderRecord(record, resource, recordStyle(definition, localZone), origin);
	return definition.decorate ? definition.decorate(rendered, resource, { origin }) : rendered;
}

export interface ConventionListRequest extends ListContext {
	source: ListSource<object>;
	query: Record<string, string | string[]>;
	headers: Record<string, string | string[] | undefined>;
	/** The zone zone-less date-times are written in (SandboxOptions.localTimeZone); UTC when unset. */
	localZone?: string;
}

/** One page of a list, cut, ordered and rendered as the convention's API does. */
export function renderConventionList(name: ConventionName, request: ConventionListRequest): RenderedResponse {
	const definition = CONVENTION_DEFINITIONS[name];
	const source = definition.info.newestFirst ? newestFirstView(request.source) : request.source;
	const page = cutPage(definition.paging, definition.size, source, {
		query: request.query,
		headers: request.headers,
		identityOf,
		rawQuery: request.rawQuery,
	});
	const items = page.items.map((item) => renderEntry(definition, item, request.resource, request.origin, request.localZone));
	const { body, headers } = definition.list(items, page, request);
	return { status: 200, headers: { ...mediaTypeHeader(definition), ...headers }, body };
}

/** A single record (GET by id, and what POST and PATCH return) as the convention's API sends it. */
export function renderConventionRecord(name: ConventionName, record: object, resource: ListResource, origin: string, localZone?: string): { body: unknown; headers: Record<string, string> } {
	const definition = CONVENTION_DEFINITIONS[name];
	const rendered = renderEntry(definition, record, resource, origin, localZone);
	const selfPath = selfPathOf(record as Record<string, unknown>, resource);
	return { body: definition.single ? definition.single(rendered, resource, { origin }, selfPath) : rendered, headers: mediaTypeHeader(definition) };
}

/** A request body in the convention's forms (JSON:API documents, numeric or "+0000" date-times) made plain. */
export function conventionBody(name: ConventionName, body: unknown, target: WriteTarget, localZone?: string): unknown {
	return plainBody(body, recordStyle(CONVENTION_DEFINITIONS[name], localZone), target);
}

/** The field a resource's records keep their own identity in: its name for the resource (Bookeo's `bookingNumber`), else `identityField`. */
export function conventionIdentityField(name: ConventionName, resource: ListResource): string {
	return CONVENTION_DEFINITIONS[name].record.identityNames?.[resource] ?? CONVENTION_DEFINITIONS[name].info.identityField;
}

/** An id sent in a path (`/bookings/{id}`) in the convention's form, as the stored id it names. */
export function conventionRecordId(name: ConventionName, resource: ListResource, id: string | undefined): string | undefined {
	const form = CONVENTION_DEFINITIONS[name].record.ids;
	return id === undefined || form === undefined ? id : String(readId(id, resource, form));
}

/** Whether the convention's API takes form-encoded writes beside JSON. */
export function conventionTakesForms(name: ConventionName): boolean {
	return CONVENTION_DEFINITIONS[name].formBodies === true;
}

/** The pagination query parameters a convention reads (for strict query checking). */
export function conventionPagingParameters(name: ConventionName): string[] {
	const definition = CONVENTION_DEFINITIONS[name];
	return pagingParameters(definition.paging, definition.size);
}

/** What a Shopify `page_info` request may carry besides the token. */
const PAGE_INFO_COMPANIONS = new Set(['limit', 'fields']);

/**
 * A Shopify `page_info` request turned into the list request it continues: the token carries the original
 * query (filters), and the request may add only `limit` and `fields`; anything else is refused, as Shopify
 * refuses it. Undefined without a token this server issued (then the token parameter is judged as usual).
 */
function pageInfoTarget(paging: Extract<PagingSpec, { kind: 'token' }>, target: RequestTarget): RequestTarget | undefined {
	const token = target.query[paging.token];
	if (typeof token !== 'string' || token === '') return undefined;
	const others = Object.keys(target.query).filter((key) => key !== paging.token && !PAGE_INFO_COMPANIONS.has(key));
	if (others.length > 0) {
		throw new ApiError(400, 'bad_request', `${paging.token} cannot be combined with ${others.join(', ')}: only limit and fields may accompany it.`, [
			{ field: paging.token, message: `cannot be combined with ${others.join(', ')}` },
		]);
	}
	const payload = decodeToken(token, paging.prefix);
	if (!payload) return undefined;
	const query = new URLSearchParams(payload.query ?? '');
	for (const companion of PAGE_INFO_COMPANIONS) {
		const value = target.query[companion];
		if (typeof value === 'string') query.set(companion, value);
	}
	// The token goes beside the query, not into it, so the next token carries the filters and not itself.
	const continued = parseRequestTarget(`${target.rawPath}${query.size > 0 ? `?${query.toString()}` : ''}`);
	continued.query[paging.token] = token;
	return continued;
}

/**
 * A Bookeo later-page request (`pageNavigationToken` and `pageNumber`) turned into the list request it
 * continues: the token carries the first request's query (search and page size), which replaces whatever
 * else the request sends. Undefined without a token this server issued (then the token is judged as usual).
 */
function navigationTarget(paging: Extract<PagingSpec, { kind: 'pageNumber' }>, name: string, target: RequestTarget): RequestTarget | undefined {
	const token = target.query[name];
	const payload = typeof token === 'string' ? decodeToken(token) : null;
	if (!payload) return undefined;
	const query = new URLSearchParams(payload.query ?? '');
	const page = target.query[paging.page];
	if (typeof page === 'string') query.set(paging.page, page);
	const continued = parseRequestTarget(`${target.rawPath}?${query.toString()}`);
	continued.query[name] = token as string;
	return continued;
}

/**
 * A Salesforce next-records URL (`<list path>/<locator>`) turned into the list request it continues: the
 * locator carries the original query, so the bare URL keeps filters and batch position. Undefined when the
 * convention has no locators or the last segment is not one (then `/bookings/<id>` is a record as usual).
 */
export function locatorTarget(name: ConventionName, method: string, target: RequestTarget): RequestTarget | undefined {
	const paging = CONVENTION_DEFINITIONS[name].paging;
	if (paging.kind === 'pageNumber' && paging.navigationToken && method === 'GET') return navigationTarget(paging, paging.navigationToken, target);
	if (paging.kind === 'token' && paging.carriesQuery && paging.carriedIn === 'parameter' && method === 'GET') return pageInfoTarget(paging, target);
	if (paging.kind !== 'token' || !paging.carriesQuery || method !== 'GET' || !target.segments || target.segments.length < 2) return undefined;
	const locator = target.segments[target.segments.length - 1];
	const payload = decodeToken(locator, paging.prefix);
	if (!payload) return undefined;
	const rawQuery = payload.query ?? '';
	const listPath = target.segments.slice(0, -1).map((segment) => `/${encodeURIComponent(segment)}`).join('');
	const continued = parseRequestTarget(`${listPath}${rawQuery ? `?${rawQuery}` : ''}`);
	continued.query[paging.token] = locator;
	return continued;
}
