/** What a route handler receives and returns; the server does auth, parsing, pagination and rendering. */
import type { FieldNamer } from '../bookingRules';
import type { ListResource } from '../dialect';
import type { Settings } from '../options';
import type { ListSource } from '../pagination';
import type { QueryReader } from '../query';
import type { Store } from '../store';

export interface RouteContext {
	store: Store;
	settings: Settings;
	/** The decoded `{id}` path segment, for item routes. */
	id: string | undefined;
	query: QueryReader;
	/** Parsed JSON body; undefined when the request had none. */
	body: unknown;
	/** Canonical field name → the dialect's name, for messages. */
	name: FieldNamer;
}

export type RouteResult =
	| { kind: 'list'; resource: ListResource; source: ListSource<object> }
	| { kind: 'record'; status: number; record: object; headers?: Record<string, string> };

export interface Route {
	/** The filter query parameters it reads, canonical names (documented in sandbox/README.md). */
	filters: readonly string[];
	handle(context: RouteContext): RouteResult;
}

/** A list in collection order, anchored on collection positions so cursors survive appends. */
export function collectionList<T extends { id: string }>(
	items: readonly T[],
	positionOf: (id: string) => number,
	descending = false,
): ListSource<object> {
	return { items, anchorOf: (item) => positionOf((item as T).id), descending };
}
