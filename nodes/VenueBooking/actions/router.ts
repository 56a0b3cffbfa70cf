/**
 * The item loop of the action node: reads resource and operation, runs the operation for every input item
 * through an adaptive window of requests in flight, and owns Continue On Fail, pairing and hints.
 */
import { type IDataObject, type IExecuteFunctions, type INode, type INodeExecutionData, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { OutputAdditions } from '../referenceLists';
import { readParallelRequests } from '../parameters/options';
import { onceReadParameters } from '../parameters/readers';
import { describePacing } from '../transport/ratePacer';
import { ApiClient } from '../transport/request';
import { AdaptiveWindow, describeWindow, type LoadObserver } from '../transport/retry';
import { operationKey, OPERATIONS } from './operations';

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
	const additions = new OutputAdditions(parameters, client, operation.endpoint.resource);
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
