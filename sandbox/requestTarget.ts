/**
 * Splits a request URL into its raw path, decoded path segments and query. Segments are decoded one by one
 * AFTER splitting on "/", so an id containing an encoded slash ("%2F") stays one segment, and ".." is just
 * an odd id, never a directory move.
 */

export interface RequestTarget {
	/** The path exactly as received, without the query. */
	rawPath: string;
	/** Decoded path; equal to rawPath when some segment could not be decoded. */
	path: string;
	/** Decoded segments, or null when a percent sequence was invalid. */
	segments: string[] | null;
	/** Query parameters; a repeated name gives an array. */
	query: Record<string, string | string[]>;
	/** The raw query string without "?", for building next-page URLs. */
	rawQuery: string;
}

function decodeSegments(rawPath: string): string[] | null {
	const decoded: string[] = [];
	for (const raw of rawPath.split('/').slice(1)) {
		try {
			decoded.push(decodeURIComponent(raw));
		} catch {
			return null;
		}
	}
	return decoded;
}

export function parseRequestTarget(url: string | undefined): RequestTarget {
	const target = url ?? '/';
	const queryStart = target.indexOf('?');
	const rawPath = queryStart === -1 ? target : target.slice(0, queryStart);
	const rawQuery = queryStart === -1 ? '' : target.slice(queryStart + 1);
	const segments = rawPath.startsWith('/') ? decodeSegments(rawPath) : null;
	const query: Record<string, string | string[]> = {};
	for (const [name, value] of new URLSearchParams(rawQuery)) {
		const existing = query[name];
		if (existing === undefined) query[name] = value;
		else if (Array.isArray(existing)) existing.push(value);
		else query[name] = [existing, value];
	}
	return {
		rawPath,
		path: segments ? '/' + segments.join('/') : rawPath,
		segments,
		query,
		rawQuery,
	};
}
