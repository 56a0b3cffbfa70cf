/**
 * The item loop of the action node: reads resource and operation, runs the operation for every input item
 * through an adaptive window of requests in flight, and owns Continue On Fail, pairing and hints.
 */
import { type IDataObject, type IExecuteFunctions, type INode, type INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { type Endpoint, findEndpoint } from '../endpoints';
import { chooseIdentityMode, detectIdentityField, recordIdentity } from '../identity';
import { readListOptions, readParallelRequests } from '../parameters/options';
import { onceReadParameters, type ParameterReader, readWorkspaceTimeZone, readZoneInForce } from '../parameters/readers';
import { labelOf, leavesOf, type ListReading, recordName, samplePage } from '../referenceLists';
import { formatLocalTime, readTimestamp } from '../timestamps';
import { describePacing } from '../transport/ratePacer';
import { ApiClient, settle } from '../transport/request';
import { AdaptiveWindow, describeWindow, type LoadObserver } from '../transport/retry';
import { type NodeOperation, operationKey, OPERATIONS } from './operations';

type NodeError = NodeApiError | NodeOperationError;

/** The JSON of an error item under "Continue On Fail": what n8n users expect, plus the HTTP code. */
function errorJson(error: NodeError): IDataObject {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return json;
}

/** n8n errors keep their own text; anything else is a bug of ours, reported as one with the item it hit. */
function asNodeError(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new UnexpectedNodeError(context.getNode(), error, itemIndex);
}

/**
 * Runs the chosen operation for every input item: one result list per item, each result paired with
 * its item, errors turned into items when "Continue On Fail" is on. Per-item operations may run several
 * items at once (Parallel Requests); output order is input order either way.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = OPERATIONS.get(operationKey({ resource, operation: operationName }));
	if (!operation) {
		throw new NodeOperationError(this.getNode(), `The operation "${operationName}" is not known for resource "${resource}"`);
	}

	const resultsPerItem: INodeExecutionData[][] = new Array(items.length);
	const hints = new Set<string>();
	const fail = (error: unknown, itemIndex: number) => {
		const nodeError = asNodeError(this, error, itemIndex);
		if (!this.continueOnFail()) throw nodeError;
		resultsPerItem[itemIndex] = [{ json: errorJson(nodeError), pairedItem: { item: itemIndex } }];
	};

	let client: ApiClient;
	try {
		client = await ApiClient.create(this);
	} catch (error) {
		// A broken credential fails every item alike.
		for (let i = 0; i < items.length; i++) fail(error, i);
		return [joinInOrder(resultsPerItem)];
	}

	// Lists run item after item (their pages may overlap, see the walker); per-item requests share one
	// adaptive window, capped by Parallel Requests.
	const { shape, method } = operation.endpoint;
	const parameters = onceReadParameters(this);
	const additions = new OutputAdditions(parameters, client, operation);
	const adaptiveWindow = new AdaptiveWindow(shape === 'list' ? 1 : readParallelRequests(this, method === 'GET' ? 'read' : 'write'));
	await forEachAdaptively(items.length, adaptiveWindow, async (itemIndex, observer) => {
		try {
			const results = await additions.add(await operation.execute(parameters, itemIndex, client.observedBy(observer), (hint) => hints.add(hint)), itemIndex);
			// One pairing object per input item, shared by its results: a 100,000-entry Return All keeps 3 MB
			// less alive (n8n only reads pairedItem; it never changes one in place).
			const pairedItem = { item: itemIndex };
			resultsPerItem[itemIndex] = results.map((json) => ({ json, pairedItem }));
		} catch (error) {
			fail(error, itemIndex);
		}
	});

	const unnamed = additions.describeUnnamed();
	if (unnamed) hints.add(unnamed);
	const paced = client.pacer.summary();
	const windowHint = items.length > 1 ? describeWindow(adaptiveWindow.summary(), 'items', paced.refusals) : undefined;
	if (windowHint) hints.add(windowHint);
	const pacerHint = describePacing(paced);
	if (pacerHint) hints.add(pacerHint);
	if (hints.size > 0) {
		this.addExecutionHints(...[...hints].map((message) => ({ message, location: 'outputPane' as const })));
	}
	return [joinInOrder(resultsPerItem)];
}

/**
 * The node's one output list, every item's results in input order. A single input item's list is the
 * output as it is; several are copied into one array sized up front, which is cheaper than
 * Array.prototype.flat for a large export (docs/PERFORMANCE.md).
 */
function joinInOrder(resultsPerItem: Array<INodeExecutionData[] | undefined>): INodeExecutionData[] {
	if (resultsPerItem.length === 1) return resultsPerItem[0] ?? [];
	let total = 0;
	for (const results of resultsPerItem) total += results ? results.length : 0;
	const output: INodeExecutionData[] = new Array(total);
	let next = 0;
	for (const results of resultsPerItem) {
		if (!results) continue;
		for (const result of results) output[next++] = result;
	}
	return output;
}

// ---- What the node adds to output items (Options > Add Local Times, Add Names) ----------------------------

/** The one key under which the node adds what is not the API's, so nothing added is taken for an API field. */
export const ADDED_KEY = 'addedByNode';

/** Distinct references named per run at most; a list of rooms or services is read up to this many pages. */
const MAX_NAMED_REFERENCES = 1000;
const MAX_LIST_PAGES = 50;
/** Look-ups in flight at once: a 20,000-booking export must not open a request per client at the same moment. */
const MAX_LOOKUPS_IN_FLIGHT = 8;

/** The lists a reference may point to, by the words of the API's own paths (endpoints.ts), never by a field name. */
const REFERRED = (['room', 'service', 'client', 'booking'] as const).map((resource) => {
	const list = findEndpoint(resource, 'getAll');
	const byId = resource === 'client' || resource === 'booking' ? findEndpoint(resource, 'get') : undefined;
	return { resource, words: [resource, list.path.split('/').pop() ?? resource], list, byId };
});
type Referred = (typeof REFERRED)[number];

/** The words of a path: its segments split at `_`, `-` and lower-to-upper case changes, in lower case. */
function wordsOf(path: string): string[][] {
	return path.split('.').map((segment) => segment.replace(/([a-z\d])([A-Z])/g, '$1 $2').split(/[\s_-]+/).map((word) => word.toLowerCase()).filter(Boolean));
}

/**
 * The list a field refers to, judged by the field it sits in: a path holding a list's word (`room` or `rooms`)
 * whose last segment is that word or an identity (`room_id`, `roomId`, `relationships.room.data.id`). A `type`
 * tag or a nested name (`client.name`) is no reference.
 */
export function referredBy(path: string): Referred | undefined {
	const segments = wordsOf(path);
	const last = segments[segments.length - 1] ?? [];
	const isIdentity = last[last.length - 1] === 'id';
	return REFERRED.find(({ words }) => segments.some((segment) => segment.some((word) => words.includes(word))) &&
		(isIdentity || (last.length === 1 && words.includes(last[0]))));
}

/**
 * Options > Add Local Times and Add Names, applied to each item's results under ADDED_KEY. Names are looked up
 * once per run and reference: a client or booking by its ID (GET by id), rooms and services from their lists
 * (read once, at most MAX_LIST_PAGES pages); a lookup that fails leaves that name out and is counted for the hint.
 */
class OutputAdditions {
	private readonly looked = new Map<string, Promise<unknown>>();
	private readonly lists = new Map<string, Promise<Map<string, unknown>>>();
	private unnamed = 0;
	private skipped = 0;
	private inFlight = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(private readonly parameters: ParameterReader, private readonly client: ApiClient, private readonly operation: NodeOperation) {}

	async add(results: IDataObject[], itemIndex: number): Promise<IDataObject[]> {
		const localTimes = this.parameters.getNodeParameter('options.addLocalTimes', itemIndex, false) === true;
		const names = ['booking', 'payment'].includes(this.operation.endpoint.resource) &&
			this.parameters.getNodeParameter('options.addNames', itemIndex, false) === true;
		if (!localTimes && !names) return results;
		const zone = localTimes ? readZoneInForce(this.parameters, itemIndex) : '';
		const zoneless = localTimes ? readWorkspaceTimeZone(this.client) : 'UTC';
		return await Promise.all(results.map(async (record) => {
			if (Object.prototype.hasOwnProperty.call(record, ADDED_KEY)) {
				throw new NodeOperationError(this.client.node, `The API's answer already holds a field "${ADDED_KEY}", where the node would add local times and names`, {
					itemIndex, description: 'Turn off Options > Add Local Times and Add Names for this node.',
				});
			}
			const added: IDataObject = {};
			if (localTimes) Object.assign(added, { timeZone: zone, localTimes: localTimesOf(record, zone, zoneless) });
			if (names) added.names = await this.namesOf(record, '', true);
			return { ...record, [ADDED_KEY]: added };
		}));
	}

	/** The names of the records a record refers to, by path; a booking's own references under its path (`booking_id.room_id`). */
	private async namesOf(record: unknown, prefix: string, followBookings: boolean): Promise<IDataObject> {
		const named: IDataObject = {};
		for (const [path, value] of leavesOf(record)) {
			const referred = referredBy(path);
			if (!referred || (typeof value !== 'string' && typeof value !== 'number') || String(value).trim() === '') continue;
			if (referred.resource === 'booking' && !followBookings) continue;
			const found = await this.lookUp(referred, String(value));
			if (found === undefined) continue;
			if (referred.resource === 'booking') Object.assign(named, await this.namesOf(found, `${prefix}${path}.`, false));
			else {
				const name = recordName({ name: labelOf(found, String(value)), value: String(value) });
				if (name !== String(value)) named[`${prefix}${path}`] = name;
			}
		}
		return named;
	}

	/** One referenced record, looked up once per run; undefined where it cannot be read. */
	private async lookUp(referred: Referred, identity: string): Promise<unknown> {
		const key = `${referred.resource}\u0000${identity}`;
		let found = this.looked.get(key);
		if (!found) {
			if (this.looked.size >= MAX_NAMED_REFERENCES) {
				this.skipped++;
				return undefined;
			}
			found = this.limited(() => this.read(referred, identity)).then((record) => {
				if (record === undefined) this.unnamed++;
				return record;
			});
			this.looked.set(key, found);
		}
		return await found;
	}

	/** Runs a look-up when one of MAX_LOOKUPS_IN_FLIGHT places is free; a finished one hands its place to the next. */
	private async limited<T>(work: () => Promise<T>): Promise<T> {
		if (this.inFlight < MAX_LOOKUPS_IN_FLIGHT) this.inFlight++;
		else await new Promise<void>((resolve) => this.waiting.push(resolve));
		try {
			return await work();
		} finally {
			const next = this.waiting.shift();
			if (next) next();
			else this.inFlight--;
		}
	}

	private async read(referred: Referred, identity: string): Promise<unknown> {
		if (referred.byId) {
			const answer = await settle(this.client.send({ endpoint: referred.byId, id: identity }));
			return answer.ok && answer.value.body !== null && typeof answer.value.body === 'object' ? answer.value.body : undefined;
		}
		let list = this.lists.get(referred.resource);
		if (!list) {
			// With the node's Pagination and Items Field, as the editor reads these lists.
			const { pagination, itemsPath } = readListOptions(this.parameters, 0);
			list = readWholeList(this.client, referred.list, { settings: pagination, itemsPath });
			this.lists.set(referred.resource, list);
		}
		return (await list).get(identity);
	}

	/** The hint after a run where some references could not be named. */
	describeUnnamed(): string | undefined {
		if (this.unnamed === 0 && this.skipped === 0) return undefined;
		const parts = [
			this.unnamed > 0 ? `${this.unnamed} referenced record${this.unnamed === 1 ? '' : 's'} could not be read (no access, or not found)` : '',
			this.skipped > 0 ? `${this.skipped} reference${this.skipped === 1 ? '' : 's'} beyond the first ${MAX_NAMED_REFERENCES} of this run were not looked up` : '',
		].filter(Boolean);
		return `Add Names: ${parts.join('; ')}; those names are left out.`;
	}
}

/** A list's records by identity, read through the node's walk, at most MAX_LIST_PAGES pages; empty where it cannot be read. */
async function readWholeList(client: ApiClient, endpoint: Endpoint, reading: ListReading): Promise<Map<string, unknown>> {
	const records: unknown[] = [];
	let token: string | undefined;
	for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
		const page = await settle(samplePage(client, endpoint, token, reading));
		if (!page.ok) break;
		records.push(...page.value.records);
		token = page.value.nextToken;
		if (token === undefined) break;
	}
	const path = chooseIdentityMode(records) === 'id' ? 'id' : detectIdentityField(records);
	const rule = { path: path ?? 'id', named: path !== 'id' };
	return new Map(records.flatMap((record) => {
		const identity = path ? recordIdentity(record, rule) : undefined;
		return identity === undefined ? [] : [[identity, record] as [string, unknown]];
	}));
}

/**
 * The local time of each date-time of a record in `zone`, by path: ISO date-time text only (a number is a time
 * only where a whole column says so, which one record cannot), zone-less text read in the workspace's zone.
 */
export function localTimesOf(record: unknown, zone: string, zoneless: string): IDataObject {
	const times: IDataObject = {};
	for (const [path, value] of leavesOf(record)) {
		const stamp = typeof value === 'string' ? readTimestamp(value, zoneless) : undefined;
		if (stamp?.form === 'isoDateTime') times[path] = formatLocalTime(stamp.epochMs, zone);
	}
	return times;
}

interface Failure {
	index: number;
	error: unknown;
}

/**
 * Runs `task` for indexes 0..count-1, starting them in index order as the adaptive window allows (one
 * at a time when its cap is 1). Each task gets the observer of its place in the window, to report how the
 * API answered. After the first failure no new task starts; the running ones finish, and the failure of
 * the lowest index is thrown, so the error a user sees does not depend on timing.
 */
export async function forEachAdaptively(
	count: number,
	window: AdaptiveWindow,
	task: (index: number, observer: LoadObserver) => Promise<void>,
): Promise<void> {
	const failures: Failure[] = [];
	const running = new Set<Promise<void>>();
	for (let index = 0; index < count && failures.length === 0; index++) {
		const slot = await window.acquire();
		if (failures.length > 0) {
			slot.release();
			break;
		}
		const run: Promise<void> = task(index, slot)
			.catch((error: unknown) => {
				failures.push({ index, error });
			})
			.finally(() => {
				slot.release();
				running.delete(run);
			});
		running.add(run);
	}
	await Promise.all(running);
	if (failures.length > 0) {
		throw failures.reduce((first, failure) => (failure.index < first.index ? failure : first)).error;
	}
}

/**
 * A failure of the node's own code — a bug, not bad input and not an API answer. It stays a per-item error
 * (so Continue On Fail still works), but says what it is: the exception's type and that the input is not
 * to blame. Tests tell it apart from input errors by its class.
 */
export class UnexpectedNodeError extends NodeOperationError {
	readonly exceptionType: string;

	constructor(node: INode, error: unknown, itemIndex: number) {
		const exceptionType = error instanceof Error ? error.name : typeof error;
		const detail = error instanceof Error ? error.message : String(error);
		super(node, error instanceof Error ? error : detail, {
			itemIndex,
			message: `Unexpected ${exceptionType} in the node: ${detail} (item ${itemIndex})`,
			description: 'This is a bug in the Venue Booking node, not a problem with your input. Please report it with this message.',
		});
		this.exceptionType = exceptionType;
	}
}
