/**
 * Rendering a page in the configured dialect: an envelope `{ <listKey>: [...], ...fields }`, or a bare array
 * with the pagination fields moved into headers (a bare array has nowhere else to put them). The linkHeader
 * style always uses the Link header; a bare nextUrl list falls back to it too.
 */
import { dialectName, renderInNaming, type ListResource } from './dialect';
import type { Page, PageFields } from './pagination';
import { PAGINATION_HEADERS } from './paginationNames';
import type { PaginationStyle, Settings } from './options';

export interface RenderedResponse {
	status: number;
	headers: Record<string, string>;
	body: unknown;
}

function linkHeader(firstUrl: string | undefined, nextUrl: string | null | undefined, lastUrl?: string): string | undefined {
	const links: string[] = [];
	if (firstUrl) links.push(`<${firstUrl}>; rel="first"`);
	if (nextUrl) links.push(`<${nextUrl}>; rel="next"`);
	if (lastUrl) links.push(`<${lastUrl}>; rel="last"`);
	return links.length > 0 ? links.join(', ') : undefined;
}

function fieldHeaders(fields: PageFields): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const [field, value] of Object.entries(fields) as Array<[keyof PageFields, unknown]>) {
		if (value === null || value === undefined || field === 'nextUrl') continue;
		headers[PAGINATION_HEADERS[field]] = String(value);
	}
	return headers;
}

export function renderPage(
	page: Page<unknown>,
	resource: ListResource,
	style: PaginationStyle,
	settings: Pick<Settings, 'envelope' | 'naming' | 'listKey'>,
): RenderedResponse {
	const items = renderInNaming(page.items, settings.naming);
	const headers: Record<string, string> = {};
	const usesLinkHeader = style === 'linkHeader' || (style === 'nextUrl' && !settings.envelope);
	if (usesLinkHeader) {
		const link = linkHeader(style === 'linkHeader' ? page.firstUrl : undefined, page.fields.nextUrl, page.lastUrl);
		if (link) headers[PAGINATION_HEADERS.link] = link;
	}
	if (!settings.envelope) {
		return { status: 200, headers: { ...headers, ...fieldHeaders(page.fields) }, body: items };
	}
	const listKey = settings.listKey === 'byResource' ? resource : settings.listKey;
	const body: Record<string, unknown> = { [listKey]: items };
	for (const [field, value] of Object.entries(page.fields)) {
		if (field === 'nextUrl' && style === 'linkHeader') continue;
		body[dialectName(field, settings.naming)] = value;
	}
	return { status: 200, headers, body };
}
