/**
 * The names the sandbox uses for pagination, per style and dialect, as data: tests of the node configure
 * explicit strategies from this instead of hard-coding strings. Header names are the same in both namings.
 */
import { dialectName } from './dialect';
import { DEFAULT_SETTINGS, type DialectOptions, type Naming, type PaginationStyle } from './options';

/** The pagination state a response carries, in the body (envelope) or in headers (bare arrays). */
export interface PaginationStateNames {
	page?: string;
	perPage?: string;
	totalPages?: string;
	totalCount?: string;
	offset?: string;
	limit?: string;
	/** null (body) or absent (header) on the last page. */
	nextCursor?: string;
}

export interface PaginationParameterNames {
	style: PaginationStyle;
	envelope: boolean;
	naming: Naming;
	/** Query parameters the client sends (only those of the style are set). */
	query: {
		page?: string;
		perPage?: string;
		offset?: string;
		limit?: string;
		cursor?: string;
		/** Carried inside next URLs (nextUrl / linkHeader styles); clients just follow the URL. */
		pageToken?: string;
	};
	/** The envelope's array-valued property; undefined for bare arrays (or per resource when "byResource"). */
	listField?: string;
	/** Envelope fields carrying pagination state (only with `envelope: true`). */
	body: PaginationStateNames & {
		/** Absolute URL; null on the last page. */
		nextUrl?: string;
	};
	/** Response headers carrying pagination state. */
	headers: PaginationStateNames & {
		/** RFC 8288: `<url>; rel="first", <url>; rel="next"`; no rel="next" on the last page. */
		link?: string;
	};
}

export const PAGINATION_HEADERS = {
	page: 'X-Page',
	perPage: 'X-Per-Page',
	totalPages: 'X-Total-Pages',
	totalCount: 'X-Total-Count',
	offset: 'X-Offset',
	limit: 'X-Limit',
	nextCursor: 'X-Next-Cursor',
	link: 'Link',
} as const;

/** Which canonical fields each style reports. */
const STYLE_FIELDS: Record<PaginationStyle, { query: string[]; fields: Array<keyof typeof PAGINATION_HEADERS | 'nextUrl'> }> = {
	none: { query: [], fields: ['totalCount'] },
	page: { query: ['page', 'perPage'], fields: ['page', 'perPage', 'totalPages', 'totalCount'] },
	offset: { query: ['offset', 'limit'], fields: ['offset', 'limit', 'totalCount'] },
	cursor: { query: ['cursor', 'limit'], fields: ['nextCursor'] },
	nextUrl: { query: ['limit', 'pageToken'], fields: ['nextUrl'] },
	linkHeader: { query: ['limit', 'pageToken'], fields: [] },
};

export function paginationParameterNames(options: { pagination?: PaginationStyle; dialect?: DialectOptions } = {}): PaginationParameterNames {
	const style = options.pagination ?? DEFAULT_SETTINGS.pagination;
	const envelope = options.dialect?.envelope ?? DEFAULT_SETTINGS.envelope;
	const naming = options.dialect?.naming ?? DEFAULT_SETTINGS.naming;
	const listKey = options.dialect?.listKey ?? DEFAULT_SETTINGS.listKey;
	const names: PaginationParameterNames = { style, envelope, naming, query: {}, body: {}, headers: {} };
	for (const canonical of STYLE_FIELDS[style].query) {
		(names.query as Record<string, string>)[canonical] = dialectName(canonical, naming);
	}
	if (envelope) {
		names.listField = listKey === 'byResource' ? undefined : listKey;
		for (const field of STYLE_FIELDS[style].fields) {
			(names.body as Record<string, string>)[field] = dialectName(field, naming);
		}
	} else {
		for (const field of STYLE_FIELDS[style].fields) {
			const header = field === 'nextUrl' ? PAGINATION_HEADERS.link : PAGINATION_HEADERS[field];
			(names.headers as Record<string, string>)[field === 'nextUrl' ? 'link' : field] = header;
		}
	}
	if (style === 'linkHeader') names.headers.link = PAGINATION_HEADERS.link;
	return names;
}
