/**
 * The sandbox's entry point for tests and scripts: `startSandbox(options)` starts a real HTTP server of the
 * 12 endpoints over a seeded in-memory venue workspace on 127.0.0.1 and an ephemeral port.
 */
import type { AddressInfo } from 'node:net';

import { API_PATH_PREFIX, type Scope } from '../nodes/VenueBooking/endpoints';
import { buildKeyring } from './auth';
import { FaultInjector, type FaultOptions } from './faults';
import { applyRuntimeOptions, resolveSettings, type RuntimeOptions, type SandboxOptions, type Settings } from './options';
import { paginationParameterNames, type PaginationParameterNames } from './paginationNames';
import type { RecordedRequest } from './requestLog';
import { createSandboxServer } from './server';
import { Store } from './store';
import { HOUR_MS, parseDateOrInstant } from './time';

export interface Sandbox {
	/** Base URL without the API prefix, e.g. http://127.0.0.1:43121 (what a user types as the workspace address). */
	url: string;
	/** `url` + /api/partners/v1. */
	apiUrl: string;
	port: number;
	/** Every accepted key → its scopes (preconfigured and extra). */
	keys: Readonly<Record<string, readonly Scope[]>>;
	store: Store;
	/** Every request received, in arrival order (empty when `recordRequests` is false). */
	requests: RecordedRequest[];
	/** The current runtime switches. */
	readonly settings: Settings;
	/** Pagination parameter, field and header names of the current settings. */
	paginationNames(): PaginationParameterNames;
	/** Replaces the fault settings (undefined: no faults) and restarts the seeded fault sequence. */
	setFaults(faults: FaultOptions | undefined): void;
	/** Changes runtime switches: pagination, page sizes, dialect, journal order, brokenPagination, convention, strictQuery, body limit, intercept. */
	setOptions(changes: RuntimeOptions): void;
	/** Empties `requests`. */
	resetRequests(): void;
	/** Stops listening and destroys open sockets and pending latency at once. */
	close(): Promise<void>;
}

/** The workspace clock's start: 08:00 UTC of "today" when one is given, else the real time (whole seconds). */
function clockStart(today: string | undefined): number {
	if (today === undefined) return Math.floor(Date.now() / 1000) * 1000;
	const parsed = parseDateOrInstant(today);
	if (!parsed || !parsed.dateOnly) throw new Error(`Sandbox option today must be YYYY-MM-DD; got ${today}`);
	return parsed.ms + 8 * HOUR_MS;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	let settings = resolveSettings(options);
	const keyring = buildKeyring(options.keys);
	const faults = new FaultInjector(options.faults, options.rateClock, options.quota);
	const store = new Store({ seed: options.seed ?? 1, startMs: clockStart(options.today), scale: options.scale });
	const requests: RecordedRequest[] = [];
	const { server, delays } = createSandboxServer({
		store,
		keyring,
		faults,
		getSettings: () => settings,
		requests,
		recordRequests: options.recordRequests ?? true,
		onRequestFinished: options.onRequestFinished,
	});

	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

	return {
		url,
		apiUrl: `${url}${API_PATH_PREFIX}`,
		port,
		keys: Object.fromEntries(keyring),
		store,
		requests,
		get settings() {
			return settings;
		},
		paginationNames: () =>
			paginationParameterNames({
				pagination: settings.pagination,
				dialect: { envelope: settings.envelope, naming: settings.naming, listKey: settings.listKey },
			}),
		setFaults: (next) => faults.configure(next),
		setOptions: (changes) => {
			settings = applyRuntimeOptions(settings, changes);
		},
		resetRequests: () => {
			requests.length = 0;
		},
		close: () =>
			new Promise<void>((resolve) => {
				delays.cancelAll();
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

export { PRECONFIGURED_KEYS } from './auth';
export { CONVENTIONS, conventionIdentityField, conventionInfo, conventionRecordId, type ConventionInfo, type ConventionName, type ConventionPagination } from './conventions';
export { TIMESTAMP_FORMS, slotIdentity, type TimestampForm } from './conventionRecords';
export { ApiError } from './errors';
export type { ErrorDetail } from './errors';
export type { Fault, FaultOptions, FaultRequestInfo, ScriptedFault } from './faults';
export type { QuotaOptions } from './rateLimit';
export type * from './model';
export {
	DEFAULT_SETTINGS,
	FIXED_TODAY,
	JOURNAL_ORDERS,
	NAMINGS,
	PAGINATION_STYLES,
	type DialectOptions,
	type InterceptContext,
	type InterceptHook,
	type JournalOrder,
	type Naming,
	type PaginationStyle,
	type RuntimeOptions,
	type SandboxOptions,
	type ScaleOptions,
	type Settings,
} from './options';
export { PAGINATION_HEADERS, paginationParameterNames, type PaginationParameterNames } from './paginationNames';
export type { RecordedRequest } from './requestLog';
export { UNUSUAL_CLIENT_IDS } from './seed';
export type { Slot } from './slots';
export { Store } from './store';
export { ROUTES } from './routes';
