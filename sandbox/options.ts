/**
 * Everything a test or a person can switch on the sandbox, and how missing options are filled in. The
 * switches exist because the node must prove it adapts to what the API document does not tell it:
 * pagination style, response dialect, journal order, faults.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { CONVENTIONS, type ConventionName } from './conventions';
import type { FaultOptions } from './faults';
import type { QuotaOptions } from './rateLimit';
import type { RecordedRequest } from './requestLog';
import type { RequestTarget } from './requestTarget';
import type { Store } from './store';
import { WRITE_RESULTS, type WriteResults } from './writeResults';

export const PAGINATION_STYLES = ['none', 'page', 'offset', 'cursor', 'nextUrl', 'linkHeader'] as const;
export type PaginationStyle = (typeof PAGINATION_STYLES)[number];

/** The namings of the sandbox's own dialect; PascalCase is spoken only by a convention (Mindbody). */
export const NAMINGS = ['snake', 'camel'] as const;
export type Naming = (typeof NAMINGS)[number] | 'pascal';

export const JOURNAL_ORDERS = ['newestFirst', 'oldestFirst'] as const;
export type JournalOrder = (typeof JOURNAL_ORDERS)[number];

export interface DialectOptions {
	/** true: lists come as `{ <listKey>: [...], ...metadata }`; false: lists are bare JSON arrays. */
	envelope?: boolean;
	/** Field names AND query parameter names in snake_case or camelCase. */
	naming?: Naming;
	/**
	 * The envelope's array-valued property: a fixed name (default "items"), or "byResource" for the plural of
	 * the listed resource ("bookings", "deliveries", ...).
	 */
	listKey?: string;
}

/** Extra workspace volume for benchmarks; each number is the exact count of that collection. */
export interface ScaleOptions {
	/** Rooms and services: the fixed catalog, then generated entries up to these counts (sandbox/catalog.ts). */
	rooms?: number;
	services?: number;
	clients?: number;
	bookings?: number;
	payments?: number;
	deliveries?: number;
}

/** What an intercept hook is told about the request; the body has been read already. */
export interface InterceptContext {
	target: RequestTarget;
	rawBody: Buffer;
	store: Store;
	/** Position of this request in the sandbox's request sequence, from 0. */
	sequence: number;
}

/** Answer the request yourself (return true) or let the sandbox handle it (return false). */
export type InterceptHook = (
	req: IncomingMessage,
	res: ServerResponse,
	context: InterceptContext,
) => boolean | Promise<boolean>;

export interface SandboxOptions {
	/** 0 (default) picks a free ephemeral port. */
	port?: number;
	/** Default 127.0.0.1: the sandbox is never reachable from outside unless asked. */
	host?: string;
	/** Seed of the workspace data (default 1). */
	seed?: number;
	/**
	 * The workspace's "today", YYYY-MM-DD: the clock starts at 08:00 UTC that day, whatever the real date (tests
	 * that write dates down pass FIXED_TODAY). Default: the real current time, with the data seeded around it.
	 */
	today?: string;
	/**
	 * The clock the rate limiter reads (token refills, Retry-After dates), in epoch milliseconds; default the real
	 * one. Tests of rates inject one, so a stalled machine cannot refill a bucket between two requests.
	 */
	rateClock?: () => number;
	scale?: ScaleOptions;
	/**
	 * A quota per API key: `limit` requests a fixed window of `windowSeconds` (e.g. 120 a minute), stated on every
	 * answer in X-RateLimit-Limit/-Remaining/-Reset, 429 with Retry-After past it (sandbox/rateLimit.ts). Read on
	 * `rateClock`, so tests move time instead of waiting. Default: none.
	 */
	quota?: QuotaOptions;
	/** More API keys, key value → scopes, on top of the preconfigured ones. */
	keys?: Record<string, readonly string[]>;
	pagination?: PaginationStyle;
	/** Page size when the client asks for none (default 20). */
	defaultPageSize?: number;
	/** Larger requested page sizes are clamped to this (default 100). */
	maxPageSize?: number;
	dialect?: DialectOptions;
	journalOrder?: JournalOrder;
	faults?: FaultOptions;
	/** Every list repeats the same next marker forever (for loop-guard tests). */
	brokenPagination?: boolean;
	/** linkHeader style: the Link header names the last page too (`rel="last"`), as many APIs do (default false). */
	linkLast?: boolean;
	/**
	 * Speak a real API family's conventions (lists, paging, date-times, errors; see sandbox/conventions.ts).
	 * When set it replaces pagination, dialect and page sizes; undefined (default) keeps the sandbox's own.
	 */
	convention?: ConventionName;
	intercept?: InterceptHook;
	/** Request bodies above this many bytes get 413 (default 1 MiB). */
	bodyLimitBytes?: number;
	/** Reject unknown query parameters with 400 instead of ignoring them (default false). */
	strictQuery?: boolean;
	/**
	 * Filter GET /clients by a text in names and emails (`search`, in the dialect's naming) while speaking a convention
	 * too. The sandbox's own dialect always takes it; a convention takes it only with this set (default false): the
	 * APIs the conventions stand for differ in whether and how they search.
	 */
	nameFilter?: boolean;
	/** Keep the `requests` log (default true; benchmarks may turn it off). */
	recordRequests?: boolean;
	/** Called once per answered (or dropped) request, e.g. for the CLI's access log. */
	onRequestFinished?: (entry: RecordedRequest) => void;
	/**
	 * The IANA zone a convention writing date-times without a zone (Pipedrive's `sqlUtc`) writes and reads them in,
	 * as booking platforms write a venue's local time (default UTC, Pipedrive's own). Other forms are unaffected.
	 */
	localTimeZone?: string;
	/**
	 * How this workspace spells a cancelled booking's state in what it answers and takes (default `cancelled`;
	 * Stripe and Calendly write `canceled`, Square `CANCELLED`). The store keeps its own word.
	 */
	cancelledState?: string;
	/**
	 * How writes answer: `record` (default) as the dialect or convention does; `perItem` as an array of per-item
	 * results, refusals of the values sent included, with a success status (sandbox/writeResults.ts).
	 */
	writeResults?: WriteResults;
}

/** The switches that can change while the sandbox runs (see `setOptions`). */
export interface Settings {
	pagination: PaginationStyle;
	defaultPageSize: number;
	maxPageSize: number;
	envelope: boolean;
	naming: Naming;
	listKey: string;
	journalOrder: JournalOrder;
	brokenPagination: boolean;
	linkLast: boolean;
	/** undefined: the sandbox's own dialect and pagination. */
	convention: ConventionName | undefined;
	strictQuery: boolean;
	/** Whether a convention takes the client list's text search (SandboxOptions.nameFilter). */
	nameFilter: boolean;
	bodyLimitBytes: number;
	intercept: InterceptHook | undefined;
	/** The zone zone-less date-times are written and read in (see SandboxOptions.localTimeZone). */
	localTimeZone: string;
	/** How a cancelled booking's state is spelt (see SandboxOptions.cancelledState). */
	cancelledState: string;
	/** How writes answer (see SandboxOptions.writeResults). */
	writeResults: WriteResults;
}

export type RuntimeOptions = Pick<
	SandboxOptions,
	| 'pagination'
	| 'defaultPageSize'
	| 'maxPageSize'
	| 'dialect'
	| 'journalOrder'
	| 'brokenPagination'
	| 'linkLast'
	| 'convention'
	| 'strictQuery'
	| 'nameFilter'
	| 'bodyLimitBytes'
	| 'intercept'
	| 'localTimeZone'
	| 'cancelledState'
	| 'writeResults'
>;

/** A Monday: tests pass it as `today` so that the dates they write down are the workspace's. */
export const FIXED_TODAY = '2027-03-01';
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
	if (!allowed.includes(value as T)) {
		throw new Error(`Sandbox option ${name} must be one of ${allowed.join(', ')}; got ${String(value)}`);
	}
	return value as T;
}

function positiveInteger(name: string, value: unknown): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
		throw new Error(`Sandbox option ${name} must be a positive integer; got ${String(value)}`);
	}
	return value;
}

function timeZone(name: string, value: unknown): string {
	try {
		if (typeof value === 'string' && value !== '') return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
	} catch {
		// Not a zone: the error below says so.
	}
	throw new Error(`Sandbox option ${name} must be an IANA time zone such as Europe/Paris; got ${String(value)}`);
}

/** Applies runtime options on top of current settings, validating each so a typo fails loudly. */
export function applyRuntimeOptions(current: Settings, changes: RuntimeOptions): Settings {
	const next: Settings = { ...current };
	if (changes.pagination !== undefined) next.pagination = oneOf('pagination', changes.pagination, PAGINATION_STYLES);
	if (changes.defaultPageSize !== undefined) next.defaultPageSize = positiveInteger('defaultPageSize', changes.defaultPageSize);
	if (changes.maxPageSize !== undefined) next.maxPageSize = positiveInteger('maxPageSize', changes.maxPageSize);
	if (changes.dialect?.envelope !== undefined) next.envelope = Boolean(changes.dialect.envelope);
	if (changes.dialect?.naming !== undefined) next.naming = oneOf('dialect.naming', changes.dialect.naming, NAMINGS);
	if (changes.dialect?.listKey !== undefined) {
		if (typeof changes.dialect.listKey !== 'string' || changes.dialect.listKey === '') {
			throw new Error('Sandbox option dialect.listKey must be a non-empty string');
		}
		next.listKey = changes.dialect.listKey;
	}
	if (changes.journalOrder !== undefined) next.journalOrder = oneOf('journalOrder', changes.journalOrder, JOURNAL_ORDERS);
	if (changes.brokenPagination !== undefined) next.brokenPagination = Boolean(changes.brokenPagination);
	if (changes.linkLast !== undefined) next.linkLast = Boolean(changes.linkLast);
	// `convention: undefined` given explicitly switches back to the sandbox's own dialect.
	if ('convention' in changes) next.convention = changes.convention === undefined ? undefined : oneOf('convention', changes.convention, CONVENTIONS);
	if (changes.strictQuery !== undefined) next.strictQuery = Boolean(changes.strictQuery);
	if (changes.nameFilter !== undefined) next.nameFilter = Boolean(changes.nameFilter);
	if (changes.bodyLimitBytes !== undefined) next.bodyLimitBytes = positiveInteger('bodyLimitBytes', changes.bodyLimitBytes);
	if ('intercept' in changes) next.intercept = changes.intercept;
	if (changes.localTimeZone !== undefined) next.localTimeZone = timeZone('localTimeZone', changes.localTimeZone);
	if (changes.cancelledState !== undefined) {
		if (typeof changes.cancelledState !== 'string' || changes.cancelledState.trim() === '') throw new Error('Sandbox option cancelledState must be a non-empty string');
		next.cancelledState = changes.cancelledState;
	}
	if (changes.writeResults !== undefined) next.writeResults = oneOf('writeResults', changes.writeResults, WRITE_RESULTS);
	if (next.defaultPageSize > next.maxPageSize) next.defaultPageSize = next.maxPageSize;
	return next;
}

export const DEFAULT_SETTINGS: Settings = {
	pagination: 'cursor',
	defaultPageSize: 20,
	maxPageSize: 100,
	envelope: true,
	naming: 'snake',
	listKey: 'items',
	journalOrder: 'newestFirst',
	brokenPagination: false,
	linkLast: false,
	convention: undefined,
	strictQuery: false,
	nameFilter: false,
	bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
	intercept: undefined,
	localTimeZone: 'UTC',
	cancelledState: 'cancelled',
	writeResults: 'record',
};

export function resolveSettings(options: SandboxOptions): Settings {
	return applyRuntimeOptions(DEFAULT_SETTINGS, options);
}
