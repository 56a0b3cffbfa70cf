/** How Get Many walks through pages; the user's choice in Options > Pagination. */
export type PaginationMode = 'auto' | 'off' | 'nextUrl' | 'cursor' | 'pageNumber' | 'offset';

export interface PaginationSettings {
	mode: PaginationMode;
	/** Next URL: dot path of the next page's URL in the body; empty reads the `Link: rel="next"` header. */
	nextUrlPath?: string;
	/** Cursor: the query parameter that carries the cursor. */
	cursorParameter?: string;
	/** Cursor: dot path of the next cursor in the body, or `header:<Name>` for a response header. */
	cursorPath?: string;
	/** Page Number: the query parameter of the page number, and the number of the first page. */
	pageParameter?: string;
	firstPage?: number;
	/** Offset: the query parameters of the offset and of the page length. */
	offsetParameter?: string;
	limitParameter?: string;
	/** Page Number and Cursor: an optional query parameter for the page size. */
	pageSizeParameter?: string;
	/** The page size to ask for, when a page-size (or limit) parameter is known. */
	pageSize?: number;
	/** Safety cap: more pages than this is an error, never an endless loop. */
	maxPages: number;
}

/**
 * A strategy with every detail settled (explicit or detected), as plain JSON: the trigger stores it to
 * resume a walk in a later poll. The optional paths are what automatic detection found in responses.
 */
export interface ResolvedPagination {
	mode: Exclude<PaginationMode, 'auto'>;
	nextUrlPath?: string;
	cursorParameter?: string;
	cursorPath?: string;
	hasMorePath?: string;
	pageParameter?: string;
	firstPage?: number;
	currentPagePath?: string;
	totalPagesPath?: string;
	offsetParameter?: string;
	limitParameter?: string;
	offsetPath?: string;
	totalPath?: string;
	pageSizeParameter?: string;
}

export const DEFAULT_MAX_PAGES = 10_000;

export const DEFAULT_PAGINATION: PaginationSettings = { mode: 'auto', maxPages: DEFAULT_MAX_PAGES };
