import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions, IHttpRequestOptions, INode, NodeExecutionHint, NodeOperationError } from 'n8n-workflow';

/** What a mocked HTTP exchange answers: a response, or a thrown network error. */
export type MockAnswer =
	| { statusCode: number; body?: unknown; headers?: Record<string, string> }
	| { networkError: string; message?: string };

export const TEST_KEY = 'vb_live_SECRET-key-0123456789';

export const TEST_NODE: INode = {
	id: 'node-1',
	name: 'Venue Booking',
	type: 'n8n-nodes-venue-booking.venueBooking',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** Reads `a.b.c` from nested parameters, as n8n's getNodeParameter does for collection values. */
function readParameter(parameters: IDataObject, path: string): unknown {
	let current: unknown = parameters;
	for (const key of path.split('.')) {
		if (current === null || typeof current !== 'object' || !(key in (current as IDataObject))) return undefined;
		current = (current as IDataObject)[key];
	}
	return current;
}

const PER_ITEM_EXPRESSION = '={{ a value of its own for each item }}';

/**
 * The node as n8n would store it when each item has parameters of its own: a value that differs between
 * items can only be an expression there, and the node reads such a parameter for every item.
 */
function nodeStoring(parametersOf: (itemIndex: number) => IDataObject, itemCount: number): INode {
	const items = Array.from({ length: itemCount }, (_, itemIndex) => parametersOf(itemIndex));
	const stored: IDataObject = {};
	for (const name of new Set(items.flatMap((parameters) => Object.keys(parameters)))) {
		try {
			const values = new Set(items.map((parameters) => JSON.stringify(parameters[name])));
			stored[name] = values.size > 1 ? PER_ITEM_EXPRESSION : items[0][name];
		} catch {
			// A value that throws when read stands for an expression that fails when n8n resolves it.
			stored[name] = PER_ITEM_EXPRESSION;
		}
	}
	return { ...TEST_NODE, parameters: stored as INode['parameters'] };
}

export interface MockContextOptions {
	/** Parameters for every item, or a function giving each item's parameters. */
	parameters: IDataObject | ((itemIndex: number) => IDataObject);
	items?: number;
	answers?: MockAnswer[] | ((request: IHttpRequestOptions, index: number) => MockAnswer);
	credentials?: IDataObject;
	continueOnFail?: boolean;
	/** The node's version (TEST_NODE's, 1, unless given). */
	typeVersion?: number;
}

/**
 * A stand-in for n8n's execute context that records every request the node makes and answers from a
 * script. Unit tests use it to test operations and the transport without a server; workflow tests use
 * the real engine and the sandbox instead.
 */
export function mockContext(options: MockContextOptions) {
	const requests: IHttpRequestOptions[] = [];
	const hints: NodeExecutionHint[] = [];
	/** What the node wrote to n8n's log, e.g. a trigger's notes on how it read the journal. */
	const logged: string[] = [];
	const log = (message: string) => logged.push(message);
	const itemCount = options.items ?? 1;
	const parametersOf = (i: number) =>
		typeof options.parameters === 'function' ? options.parameters(i) : options.parameters;
	const answer = (request: IHttpRequestOptions, index: number): MockAnswer => {
		const script = options.answers ?? [{ statusCode: 200, body: {} }];
		if (typeof script === 'function') return script(request, index);
		if (index >= script.length) throw new Error(`unexpected request #${index + 1} to ${request.url}`);
		return script[index];
	};
	const stored = typeof options.parameters === 'function' ? nodeStoring(parametersOf, itemCount) : TEST_NODE;
	const node = options.typeVersion === undefined ? stored : { ...stored, typeVersion: options.typeVersion };
	const context = {
		getNode: () => node,
		getInputData: () => Array.from({ length: itemCount }, (_, i) => ({ json: { index: i } })),
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
			const value = readParameter(parametersOf(itemIndex), name);
			return value === undefined ? fallback : value;
		},
		getCredentials: async () => options.credentials ?? { baseUrl: 'https://studio.example.com', apiKey: TEST_KEY },
		continueOnFail: () => options.continueOnFail ?? false,
		addExecutionHints: (...added: NodeExecutionHint[]) => hints.push(...added),
		logger: { debug: log, info: log, warn: log, error: log },
		helpers: {
			httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => {
				const index = requests.length;
				requests.push(request);
				const scripted = answer(request, index);
				if ('networkError' in scripted) {
					const error = Object.assign(new Error(scripted.message ?? scripted.networkError), {
						code: scripted.networkError,
						// What n8n-core's thrown errors carry: the request config, headers and all.
						config: { headers: { Authorization: `Bearer ${TEST_KEY}` } },
					});
					throw error;
				}
				return { statusCode: scripted.statusCode, headers: scripted.headers ?? {}, body: scripted.body };
			},
		},
	};
	return { context: context as unknown as IExecuteFunctions, requests, hints, logged };
}

/** The context as a parameter reader over fixed parameters, for tests of the parameter readers alone. */
export function parameterReader(parameters: IDataObject): IExecuteFunctions {
	return mockContext({ parameters }).context;
}

/** The error a synchronous action throws; fails the test when it throws nothing. */
export function thrownBy<T extends Error = NodeOperationError>(action: () => unknown): T {
	try {
		action();
	} catch (error) {
		return error as T;
	}
	throw new Error('expected an error, but nothing was thrown');
}

/**
 * The same stand-in shaped as the editor's load-options context: parameters are read without an item index
 * (`getNodeParameter(name, fallback)`), as n8n's LoadOptionsContext reads the node's current parameters.
 */
export function mockLoadOptionsContext(options: Omit<MockContextOptions, 'parameters' | 'items' | 'continueOnFail'> & { parameters?: IDataObject }) {
	const mock = mockContext({ ...options, parameters: options.parameters ?? {} });
	const execute = mock.context;
	const context = {
		getNode: () => execute.getNode(),
		getCredentials: execute.getCredentials,
		getNodeParameter: (name: string, fallback?: unknown) => execute.getNodeParameter(name, 0, fallback),
		helpers: execute.helpers,
	};
	return { ...mock, context: context as unknown as ILoadOptionsFunctions };
}
