import type { IDataObject, INodeExecutionData, INodeListSearchResult, INodeParameters, IWorkflowSettings } from 'n8n-workflow';

import { VenueBookingApi } from '../../credentials/VenueBookingApi.credentials';
import { SCOPES } from '../../nodes/VenueBooking/endpoints';
import { VenueBooking } from '../../nodes/VenueBooking/VenueBooking.node';
import { VenueBookingTrigger } from '../../nodes/VenueBooking/VenueBookingTrigger.node';
import { forgetEditorSessions } from '../../nodes/VenueBooking/editorSession';
import { FIXED_TODAY, startSandbox, type Sandbox, type SandboxOptions, type Slot } from '../../sandbox';
import { computeFreeSlots } from '../../sandbox/slots';
import { methodContext, node, runWorkflow, toStoredJson, type NodeOptions, type WorkflowResult } from './harness';

/** The package's nodes as n8n registers a community package's types. */
export const NODE_TYPE = 'n8n-nodes-venue-booking.venueBooking';
export const TRIGGER_TYPE = 'n8n-nodes-venue-booking.venueBookingTrigger';
export const NODE_NAME = 'Venue Booking';

export const nodeTypes = { [NODE_TYPE]: new VenueBooking(), [TRIGGER_TYPE]: new VenueBookingTrigger() };
export const credentialTypes = [new VenueBookingApi()];

/** A key with every scope whose value is distinctive enough to search for in outputs and errors. */
export const SECRET_KEY = 'vb_live_7Qm2-SECRET-do-not-log-91c4e';

/** Every scope of the document, for sandbox keys that may do anything. */
export const ALL_SCOPES = SCOPES;

/** A sandbox on 127.0.0.1 where {@link SECRET_KEY} holds every scope (beside its fixed keys and any others given). */
export async function startSandboxWithKey(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	return await startSandbox({ ...options, keys: { [SECRET_KEY]: [...ALL_SCOPES], ...options.keys } });
}

export function credentialsFor(sandbox: Pick<Sandbox, 'url'>, apiKey = SECRET_KEY, baseUrl = sandbox.url, more: IDataObject = {}) {
	return { cred: { type: 'venueBookingApi', data: { baseUrl, apiKey, ...more } } };
}

export interface RunOptions extends NodeOptions {
	apiKey?: string;
	baseUrl?: string;
	inputItems?: IDataObject[];
	/** The workflow's settings, e.g. its `timezone`. */
	settings?: IWorkflowSettings;
	/** More fields of the credential, e.g. its `workspaceTimeZone`. */
	credentialData?: IDataObject;
}

/** Runs the Venue Booking node once, through n8n-core's engine, against the sandbox. */
export async function runNode(sandbox: Sandbox, parameters: INodeParameters, options: RunOptions = {}): Promise<WorkflowResult> {
	const { apiKey, baseUrl, inputItems, settings, credentialData, ...nodeOptions } = options;
	const result = await runWorkflow({
		nodes: [node(NODE_NAME, NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' }, ...nodeOptions })],
		nodeTypes,
		credentialTypes,
		credentials: credentialsFor(sandbox, apiKey, baseUrl, credentialData),
		inputItems,
		settings,
	});
	assertNoSecret(result, apiKey ?? SECRET_KEY);
	return result;
}

/**
 * Every run of every workflow test doubles as a secrets check: the key must be in nothing n8n would
 * store — output items, errors with their descriptions, execution hints.
 */
export function assertNoSecret(result: WorkflowResult, apiKey: string): void {
	const secret = apiKey.trim();
	if (secret.length < 8) return;
	const stored = toStoredJson(result.run);
	if (stored.includes(secret)) {
		throw new Error(`the API key appears in the stored execution: …${stored.slice(Math.max(0, stored.indexOf(secret) - 80), stored.indexOf(secret))}`);
	}
}

/** The JSON of the node's first output, failing loudly if the node errored. */
export function itemsOf(result: WorkflowResult): IDataObject[] {
	const error = result.errorOf(NODE_NAME);
	if (error) throw new Error(`the node failed: ${error.message} — ${String(error.description)}`);
	return (result.outputOf(NODE_NAME)[0] ?? []).map((item: INodeExecutionData) => item.json);
}

/** Query parameters as the node's "Using JSON" field takes them. */
export function jsonQuery(query: IDataObject): INodeParameters {
	return { sendQuery: true, specifyQuery: 'json', jsonQuery: JSON.stringify(query) };
}

/** A body as the node's "Using JSON" field takes it. */
export function jsonBody(body: IDataObject): INodeParameters {
	return { specifyBody: 'json', jsonBody: JSON.stringify(body) };
}

/** The sandbox's own field name in the current naming: the node never knows these, only the tests do. */
export function field(sandbox: Sandbox, camel: string): string {
	return sandbox.settings.naming === 'camel' ? camel : camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Every page of a From List view, following n8n's pagination token (at most 100 views). */
export async function listAll(search: (token?: string) => Promise<INodeListSearchResult>): Promise<INodeListSearchResult[]> {
	const pages: INodeListSearchResult[] = [];
	let token: string | undefined;
	do {
		const page = await search(token);
		pages.push(page);
		token = page.paginationToken as string | undefined;
	} while (token !== undefined && pages.length < 100);
	return pages;
}

/**
 * Free slots of `month` (0-based, 2027) that do not overlap one another, so each can be booked: for tests that
 * create many bookings and count them.
 */
export function bookableSlots(sandbox: Sandbox, count: number, month: number): Slot[] {
	const chosen: Slot[] = [];
	const taken = new Map<string, Array<[number, number]>>();
	for (let day = 2; chosen.length < count && day < 28; day++) {
		const fromMs = Date.UTC(2027, month, day);
		for (const slot of computeFreeSlots(sandbox.store, { fromMs, toMs: fromMs + 86_400_000 })) {
			const [start, end] = [Date.parse(slot.start), Date.parse(slot.end)];
			const intervals = taken.get(slot.roomId) ?? [];
			if (intervals.some(([s, e]) => start < e && s < end)) continue;
			intervals.push([start, end]);
			taken.set(slot.roomId, intervals);
			chosen.push(slot);
			if (chosen.length === count) break;
		}
	}
	return chosen;
}

/**
 * Runs editor calls with the machine's clock at `atMs` (default FIXED_TODAY, noon UTC, the sandbox's own day). The
 * booking picker opens on upcoming bookings by the real clock, so a test of how it pages through a workspace seeded
 * around FIXED_TODAY sets "today" itself, whatever the machine's date. Date.now is shifted only while `call` runs;
 * the editor's session, made on the shifted clock, is forgotten after it.
 */
export async function atEditorTime<T>(call: () => Promise<T>, atMs = Date.parse(`${FIXED_TODAY}T12:00:00Z`)): Promise<T> {
	const realNow = Date.now.bind(Date);
	const shift = atMs - realNow();
	const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
	try {
		return await call();
	} finally {
		clock.mockRestore();
		forgetEditorSessions();
	}
}

/** The context n8n hands an editor method of the action node (in UTC) for the parameter at `path`, against the sandbox. */
export function editorMethodContext(sandbox: Pick<Sandbox, 'url'>, parameters: INodeParameters, path: string) {
	return methodContext({
		node: node('Venue Booking', NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } }),
		nodeTypes,
		credentialTypes,
		credentials: credentialsFor(sandbox),
		path,
		timezone: 'UTC',
	});
}
