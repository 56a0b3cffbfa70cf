/**
 * Clients of the sandbox's conventions written the way each real API's documentation tells a client to
 * walk a list, independent of how the sandbox implements them: which parameter carries the page, where
 * the next page's URL or token is, and what ends the list. Tests compare what these walks collect with the
 * sandbox's plain listing, so a convention that pages wrongly shows up as a missing or repeated entry.
 */
import type { AxiosInstance, AxiosResponse } from 'axios';

import { conventionIdentityField, conventionInfo, type ConventionName, conventionRecordId } from '../../sandbox';
import type { ListResource } from '../../sandbox/dialect';

type Entry = Record<string, unknown>;

/**
 * What a user sets in Options > Pagination for the conventions whose answers never name the parameter that
 * asks for the next page (docs/PAGINATION.md, "Conventions that need a setting"); every other needs nothing.
 */
export const PAGINATION_AS_SET: Partial<Record<ConventionName, Record<string, string | number>>> = {
	// A bare list with its total in X-Total-Count: nothing names the offset parameter.
	problemDetails: { mode: 'offset', offsetParameter: 'offset', limitParameter: 'limit', pageSize: 100 },
	// "more" and entries identified by `ref`: neither the parameter nor the field is named in the answer.
	hasMoreOnly: { mode: 'afterLast', afterParameter: 'after', afterField: 'ref', pageSize: 100, pageSizeParameter: 'limit' },
	// Cal.com states the current page and `hasNextPage`, but asks for pages with `skip`, named nowhere.
	calCom: { mode: 'offset', offsetParameter: 'skip', limitParameter: 'take', pageSize: 100 },
	// Strapi states `page` and `pageCount` but asks for pages with `pagination[page]`, named nowhere.
	strapi: { mode: 'pageNumber', pageParameter: 'pagination[page]', firstPage: 1, pageSizeParameter: 'pagination[pageSize]', pageSize: 100 },
	// pageSizeEcho's and Mindbody's paging blocks echo the offset asked for (`RequestedOffset`): Automatic guesses the
	// parameter and page 2's echo confirms it (issue 40), so they need nothing set.
	// Rezdy answers a bare list beside its request status: nothing names `limit` or `offset`, nor says more follows.
	rezdy: { mode: 'offset', offsetParameter: 'offset', limitParameter: 'limit', pageSize: 100 },
	// Acuity has no paging: a bare list cut at `max` (default 100). One request asks for more than the list holds.
	acuity: { mode: 'off', pageSizeParameter: 'max', pageSize: 1000 },
};

/**
 * The same on a venue's size (thousands of clients): SimplyBook answers up to 1,000 entries at once and nothing
 * in the answer says more follow, so a list longer than that needs its `page` parameter named too.
 */
export const PAGINATION_AS_SET_WHEN_LARGE: Partial<Record<ConventionName, Record<string, string | number>>> = {
	...PAGINATION_AS_SET,
	simplybook: { mode: 'pageNumber', pageParameter: 'page', firstPage: 1, pageSizeParameter: 'on_page', pageSize: 1000 },
	// Acuity has no pages: a user asks `max` for more than the list holds (the sandbox, like a cap, stops at 10,000).
	acuity: { mode: 'off', pageSizeParameter: 'max', pageSize: 10_000 },
};

export interface ConventionWalk {
	entries: Entry[];
	responses: AxiosResponse[];
}

/** The plural resource a list path lists ("/webhooks/deliveries" → "deliveries"). */
export function resourceOfPath(path: string): string {
	return path.split('/').filter(Boolean).at(-1)!;
}

/** The value at a dot path of a body, or undefined. */
export function at(value: unknown, path: string): unknown {
	let current = value;
	for (const key of path.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as Record<string, unknown>)[key];
	}
	return current;
}

/** "deliveries" → "delivery", "bookings" → "booking". */
function singularOf(resource: string): string {
	return resource.endsWith('ies') ? `${resource.slice(0, -3)}y` : resource.replace(/s$/, '');
}

/** The entries of one list response, from where the convention's API puts them. */
export function entriesOf(name: ConventionName, response: AxiosResponse, resource: string): Entry[] {
	const body = response.data as unknown;
	const where: Record<ConventionName, unknown> = {
		stripe: at(body, 'data'),
		openai: at(body, 'data'),
		drfPage: at(body, 'results'),
		drfLimitOffset: at(body, 'results'),
		drfCursor: at(body, 'results'),
		github: body,
		slack: at(body, resource),
		graph: at(body, 'value'),
		jsonApi: at(body, 'data'),
		// Spring Data REST leaves `_embedded` out of an empty page.
		hal: at(body, `_embedded.${resource}`) ?? [],
		google: at(body, resource),
		jira: at(body, 'values'),
		salesforce: at(body, 'records'),
		laravel: at(body, 'data'),
		hubspot: at(body, 'results'),
		notion: at(body, 'results'),
		problemDetails: body,
		hasMoreOnly: at(body, 'items'),
		// Square leaves the key out of an empty answer; Pipedrive sends `data: null`.
		square: at(body, resource) ?? [],
		paypal: at(body, 'items'),
		calendly: at(body, 'collection'),
		calCom: at(body, 'data'),
		pipedrive: at(body, 'data') ?? [],
		zendesk: at(body, resource),
		twilio: at(body, String(at(body, 'meta.key'))),
		strapi: at(body, 'data'),
		gitlab: body,
		shopify: at(body, resource),
		aws: at(body, resource.charAt(0).toUpperCase() + resource.slice(1)),
		// Keyed by id under "<singular>/index"; an empty page is `[]`. The keys are ids, so their order is the text's.
		pageSizeEcho: at(body, resource.charAt(0).toUpperCase() + resource.slice(1)),
		checkfront: Object.values((at(body, `${singularOf(resource)}/index`) as Record<string, unknown> | undefined) ?? []),
		mindbody: at(body, resource.charAt(0).toUpperCase() + resource.slice(1)),
		bookeo: at(body, 'data'),
		cliniko: at(body, resource),
		squareBookings: at(body, resource),
		planyo: at(body, 'data.results'),
		rezdy: at(body, resource),
		currentRms: at(body, resource),
		rentman: at(body, 'data'),
		booqable: at(body, 'data'),
		// JSON-RPC's `result`, keyed by id like Checkfront's lists (`[]` when empty).
		simplybook: Object.values((at(body, 'result') as Record<string, unknown> | undefined) ?? []),
		acuity: body,
		unsurveyedToken: at(body, 'items'),
		unsurveyedCount: at(body, 'data'),
	};
	const entries = where[name];
	if (!Array.isArray(entries)) throw new Error(`${name}: no list in ${JSON.stringify(body).slice(0, 300)}`);
	return entries as Entry[];
}

/** The URL of rel="next" in an RFC 8288 Link header. */
export function linkRel(response: AxiosResponse, rel: string): string | undefined {
	const header = response.headers.link as string | undefined;
	for (const part of header?.split(',') ?? []) {
		const match = /<([^>]+)>\s*;\s*rel="([^"]+)"/.exec(part.trim());
		if (match && match[2] === rel) return match[1];
	}
	return undefined;
}

/**
 * An entry's own identity, as the stored id it names: `id`, JSON:API's `id`, `ref` where ids are hidden,
 * Mindbody's `Id`, a resource's own name for it (Bookeo's `bookingNumber`), numbers read back (Current RMS).
 */
export function identityOfEntry(name: ConventionName, entry: Entry, resource: ListResource = 'bookings'): string {
	return storedIdOf(name, resource, entry[conventionIdentityField(name, resource)]);
}

/** An id as the convention writes it (a number, a code), as the stored id it names. */
export function storedIdOf(name: ConventionName, resource: ListResource, value: unknown): string {
	return conventionRecordId(name, resource, String(value))!;
}

/** A date-time in any form the conventions send, as epoch milliseconds. */
export function instantMs(value: unknown): number {
	if (typeof value === 'number') return value < 1e11 ? value * 1000 : value;
	if (typeof value !== 'string') return Number.NaN;
	// Pipedrive's "2027-03-01 09:00:00" is UTC without saying so.
	if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return Date.parse(`${value.replace(' ', 'T')}Z`);
	// Mindbody's site time without a zone; the sandbox's site is at UTC unless localTimeZone says otherwise.
	if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) return Date.parse(`${value}Z`);
	return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/** A slot's content key (room, service, start instant), the same whatever the naming or time form. */
export function slotKey(name: ConventionName, entry: Entry): string {
	if (name === 'jsonApi' || name === 'booqable') {
		const room = at(entry, 'relationships.room.data.id');
		const service = at(entry, 'relationships.service.data.id');
		return `${String(room)}|${String(service)}|${instantMs(at(entry, 'attributes.start'))}`;
	}
	const room = storedIdOf(name, 'rooms', entry.room_id ?? entry.roomId ?? entry.RoomId);
	const service = storedIdOf(name, 'services', entry.service_id ?? entry.serviceId ?? entry.ServiceId);
	return `${room}|${service}|${instantMs(entry.start ?? entry.Start)}`;
}

/** The key a walk is compared by: slot content for slots, the identity for everything else. */
export function entryKey(name: ConventionName, resource: string, entry: Entry): string {
	return resource === 'slots' ? slotKey(name, entry) : identityOfEntry(name, entry, resource as ListResource);
}

const MAX_REQUESTS = 300;

/**
 * Follows a list to its end as the convention's API documents it, asking for `pageSize` entries a page.
 * `between` runs after the first page (to change the data mid-walk). Fails on a non-200 answer and on a
 * walk that does not end.
 */
export async function walkConvention(
	client: AxiosInstance,
	name: ConventionName,
	path: string,
	pageSize: number,
	params: Record<string, string> = {},
	between?: () => void,
): Promise<ConventionWalk> {
	const resource = resourceOfPath(path);
	const entries: Entry[] = [];
	const responses: AxiosResponse[] = [];
	const get = async (url: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}): Promise<AxiosResponse> => {
		if (responses.length >= MAX_REQUESTS) throw new Error(`${name}: ${path} did not end after ${MAX_REQUESTS} requests`);
		const response = await client.get(url, { params: query, headers });
		if (response.status !== 200) throw new Error(`${name}: GET ${url} → ${response.status} ${JSON.stringify(response.data)}`);
		responses.push(response);
		entries.push(...entriesOf(name, response, resource));
		if (responses.length === 1) between?.();
		return response;
	};
	const last = (response: AxiosResponse): Entry | undefined => entriesOf(name, response, resource).at(-1);
	/** Next URLs in the body: follow them as given until the field is null or absent. */
	const followBodyUrls = async (first: AxiosResponse, nextOf: (body: Record<string, unknown>) => unknown): Promise<void> => {
		let response = first;
		for (let next = nextOf(response.data); typeof next === 'string' && next !== ''; next = nextOf(response.data)) {
			response = await get(next);
		}
	};

	switch (name) {
		case 'stripe': {
			let response = await get(path, { ...params, limit: pageSize });
			while (response.data.has_more === true) response = await get(path, { ...params, limit: pageSize, starting_after: String(last(response)!.id) });
			break;
		}
		case 'openai': {
			let response = await get(path, { ...params, limit: pageSize });
			while (response.data.has_more === true) response = await get(path, { ...params, limit: pageSize, after: String(response.data.last_id) });
			break;
		}
		case 'hasMoreOnly': {
			let response = await get(path, { ...params, limit: pageSize });
			while (response.data.more === true) response = await get(path, { ...params, limit: pageSize, after: String(last(response)!.ref) });
			break;
		}
		case 'drfPage':
		case 'drfCursor':
			await followBodyUrls(await get(path, { ...params, page_size: pageSize }), (body) => body.next);
			break;
		case 'drfLimitOffset':
			await followBodyUrls(await get(path, { ...params, limit: pageSize }), (body) => body.next);
			break;
		case 'graph':
			await followBodyUrls(await get(path, { ...params, $top: pageSize }), (body) => body['@odata.nextLink']);
			break;
		case 'jsonApi':
			await followBodyUrls(await get(path, { ...params, 'page[size]': pageSize }), (body) => at(body, 'links.next'));
			break;
		case 'hal':
			await followBodyUrls(await get(path, { ...params, size: pageSize }), (body) => at(body, '_links.next.href'));
			break;
		case 'laravel':
			await followBodyUrls(await get(path, { ...params, per_page: pageSize }), (body) => body.next_page_url);
			break;
		case 'github': {
			let response = await get(path, { ...params, per_page: pageSize });
			for (let next = linkRel(response, 'next'); next; next = linkRel(response, 'next')) response = await get(next);
			break;
		}
		case 'slack': {
			let response = await get(path, { ...params, limit: pageSize });
			while (response.data.response_metadata.next_cursor !== '') {
				response = await get(path, { ...params, limit: pageSize, cursor: response.data.response_metadata.next_cursor });
			}
			break;
		}
		case 'google': {
			let response = await get(path, { ...params, pageSize });
			while (response.data.nextPageToken) response = await get(path, { ...params, pageSize, pageToken: response.data.nextPageToken });
			break;
		}
		case 'hubspot': {
			let response = await get(path, { ...params, limit: pageSize });
			while (response.data.paging) response = await get(path, { ...params, limit: pageSize, after: response.data.paging.next.after });
			break;
		}
		case 'notion': {
			let response = await get(path, { ...params, page_size: pageSize });
			while (response.data.has_more === true) response = await get(path, { ...params, page_size: pageSize, start_cursor: response.data.next_cursor });
			break;
		}
		case 'jira': {
			// The next startAt counts what came back, not what was asked: Jira may lower maxResults.
			let startAt = 0;
			let response = await get(path, { ...params, startAt, maxResults: pageSize });
			while (response.data.isLast !== true) {
				startAt += response.data.values.length;
				response = await get(path, { ...params, startAt, maxResults: pageSize });
			}
			break;
		}
		case 'salesforce': {
			const headers = { 'Sforce-Query-Options': `batchSize=${pageSize}` };
			let response = await get(path, params, headers);
			while (response.data.done !== true) {
				// nextRecordsUrl is host-relative and already includes the API prefix.
				response = await get(new URL(response.data.nextRecordsUrl, client.defaults.baseURL).href, {}, headers);
			}
			break;
		}
		case 'square': {
			let response = await get(path, { ...params, limit: pageSize });
			while (response.data.cursor) response = await get(path, { ...params, limit: pageSize, cursor: response.data.cursor });
			break;
		}
		case 'paypal': {
			const nextLink = (body: Record<string, unknown>): unknown =>
				(body.links as Array<{ rel: string; href: string }>).find((link) => link.rel === 'next')?.href;
			await followBodyUrls(await get(path, { ...params, page_size: pageSize }), nextLink);
			break;
		}
		case 'calendly':
			await followBodyUrls(await get(path, { ...params, count: pageSize }), (body) => at(body, 'pagination.next_page'));
			break;
		case 'twilio':
			await followBodyUrls(await get(path, { ...params, PageSize: pageSize }), (body) => at(body, 'meta.next_page_url'));
			break;
		case 'zendesk': {
			let response = await get(path, { ...params, 'page[size]': pageSize });
			while (response.data.meta.has_more === true) {
				response = await get(path, { ...params, 'page[size]': pageSize, 'page[after]': response.data.meta.after_cursor });
			}
			break;
		}
		case 'calCom': {
			let skip = 0;
			let response = await get(path, { ...params, take: pageSize, skip });
			while (response.data.pagination.hasNextPage === true) {
				skip += response.data.data.length;
				response = await get(path, { ...params, take: pageSize, skip });
			}
			break;
		}
		case 'pipedrive': {
			let response = await get(path, { ...params, limit: pageSize });
			while (response.data.additional_data.pagination.more_items_in_collection === true) {
				response = await get(path, { ...params, limit: pageSize, start: response.data.additional_data.pagination.next_start });
			}
			break;
		}
		case 'strapi': {
			let page = 1;
			let response = await get(path, { ...params, 'pagination[pageSize]': pageSize, 'pagination[page]': page });
			while (page < response.data.meta.pagination.pageCount) {
				page += 1;
				response = await get(path, { ...params, 'pagination[pageSize]': pageSize, 'pagination[page]': page });
			}
			break;
		}
		case 'gitlab': {
			// The documented offset walk: X-Next-Page names the next page, empty on the last.
			let response = await get(path, { ...params, per_page: pageSize });
			for (let next = response.headers['x-next-page'] as string; next; next = response.headers['x-next-page'] as string) {
				response = await get(path, { ...params, per_page: pageSize, page: next });
			}
			break;
		}
		case 'shopify': {
			// rel="next" as given: its URL holds only limit and page_info, the filters travel in the token.
			let response = await get(path, { ...params, limit: pageSize });
			for (let next = linkRel(response, 'next'); next; next = linkRel(response, 'next')) response = await get(next);
			break;
		}
		case 'aws': {
			let response = await get(path, { ...params, MaxResults: pageSize });
			while (typeof response.data.NextToken === 'string') response = await get(path, { ...params, MaxResults: pageSize, NextToken: response.data.NextToken });
			break;
		}
		case 'checkfront': {
			// The documented walk: `page` up to `request.pages`.
			let page = 1;
			let response = await get(path, { ...params, limit: pageSize, page });
			while (page < Number(response.data.request.pages)) {
				page += 1;
				response = await get(path, { ...params, limit: pageSize, page });
			}
			break;
		}
		case 'pageSizeEcho': {
			// `offset` += this page's `PageSize` until `TotalResults` is reached.
			let offset = 0;
			let response = await get(path, { ...params, limit: pageSize, offset });
			for (;;) {
				const paging = response.data.PaginationResponse;
				offset += Number(paging.PageSize);
				if (Number(paging.PageSize) === 0 || offset >= Number(paging.TotalResults)) break;
				response = await get(path, { ...params, limit: pageSize, offset });
			}
			break;
		}
		case 'mindbody': {
			// `request.offset` += this page's `PageSize` until `TotalResults` is reached.
			let offset = 0;
			let response = await get(path, { ...params, 'request.limit': pageSize, 'request.offset': offset });
			for (;;) {
				const paging = response.data.PaginationResponse;
				offset += Number(paging.PageSize);
				if (Number(paging.PageSize) === 0 || offset >= Number(paging.TotalResults)) break;
				response = await get(path, { ...params, 'request.limit': pageSize, 'request.offset': offset });
			}
			break;
		}
		case 'cliniko':
			await followBodyUrls(await get(path, { ...params, per_page: pageSize }), (body) => at(body, 'links.next'));
			break;
		case 'unsurveyedToken': {
			let response = await get(path, { ...params, pageSize });
			while (response.data.tokenForNext) response = await get(path, { ...params, pageSize, next_token: response.data.tokenForNext });
			break;
		}
		case 'unsurveyedCount':
			await followBodyUrls(await get(path, { ...params, limit: pageSize }), (body) => at(body, 'paging.linkToNext'));
			break;
		case 'squareBookings': {
			let response = await get(path, { ...params, limit: pageSize });
			while (response.data.cursor) response = await get(path, { ...params, limit: pageSize, cursor: response.data.cursor });
			break;
		}
		case 'planyo':
			// Answered whole: one request.
			await get(path, params);
			break;
		case 'acuity':
			// No paging: the first `max` entries are all there is to ask for, so one request asks for as many as it may.
			await get(path, { ...params, max: conventionInfo(name).maxPageSize });
			break;
		case 'bookeo': {
			// The documented walk: the first answer's `pageNavigationToken` and `pageNumber` up to `totalPages`.
			let response = await get(path, { ...params, itemsPerPage: pageSize });
			for (let page = 2; page <= Number(response.data.info.totalPages); page++) {
				response = await get(path, { pageNavigationToken: response.data.info.pageNavigationToken, pageNumber: page });
			}
			break;
		}
		case 'rezdy': {
			// As the documentation walks: `offset` += `limit` until a page comes back shorter than asked.
			let offset = 0;
			let response = await get(path, { ...params, limit: pageSize, offset });
			while (entriesOf(name, response, resource).length === pageSize) {
				offset += pageSize;
				response = await get(path, { ...params, limit: pageSize, offset });
			}
			break;
		}
		case 'rentman': {
			// `offset` += the page's `itemCount` until a page is shorter than its `limit`.
			let response = await get(path, { ...params, limit: pageSize, offset: 0 });
			while (Number(response.data.itemCount) === Number(response.data.limit)) {
				response = await get(path, { ...params, limit: pageSize, offset: Number(response.data.offset) + Number(response.data.itemCount) });
			}
			break;
		}
		case 'currentRms': {
			// `page` up to the page that reaches `meta.total_row_count`.
			let page = 1;
			let response = await get(path, { ...params, per_page: pageSize, page });
			while (page * Number(response.data.meta.per_page) < Number(response.data.meta.total_row_count)) {
				page += 1;
				response = await get(path, { ...params, per_page: pageSize, page });
			}
			break;
		}
		case 'booqable':
			// `links.next` is relative to the host root and written without a leading slash.
			await followBodyUrls(await get(path, { ...params, 'page[size]': pageSize }), (body) => {
				const next = at(body, 'links.next');
				return typeof next === 'string' ? new URL(`/${next}`, client.defaults.baseURL).href : undefined;
			});
			break;
		case 'simplybook': {
			// The JSON-RPC lists come whole; `page` and `on_page` (the REST API's names) cut them where a list is longer.
			let page = 1;
			let response = await get(path, { ...params, on_page: pageSize, page });
			while (entriesOf(name, response, resource).length === pageSize) {
				page += 1;
				response = await get(path, { ...params, on_page: pageSize, page });
			}
			break;
		}
		case 'problemDetails': {
			let offset = 0;
			let response = await get(path, { ...params, offset, limit: pageSize });
			for (;;) {
				const received = (response.data as unknown[]).length;
				offset += received;
				if (received === 0 || offset >= Number(response.headers['x-total-count'])) break;
				response = await get(path, { ...params, offset, limit: pageSize });
			}
			break;
		}
	}
	return { entries, responses };
}
