import type { IDataObject } from 'n8n-workflow';

/** Sizes APIs commonly default to or cap their pages at. */
const COMMON_PAGE_SIZES = new Set([10, 20, 25, 30, 50, 100, 200, 250, 500, 1000]);

/**
 * Why a first page without any next-page marker may still not be the whole list, or undefined when
 * nothing suggests it: a page holding exactly a common page size, or exactly the number a query
 * parameter asked for, looks like a full page of a longer list whose marker the detection missed.
 * A page shorter than that is most likely all there is, and a warning on it would only worry.
 */
export function reasonToDoubtCompleteness(entryCount: number, query: IDataObject): string | undefined {
	if (entryCount < 2) return undefined;
	const askedFor = Object.entries(query).find(([, value]) => typeof value !== 'object' && String(value).trim() === String(entryCount));
	if (askedFor) return `exactly as many as the query parameter "${askedFor[0]}" asked for`;
	if (COMMON_PAGE_SIZES.has(entryCount)) return 'a common page size';
	return undefined;
}
