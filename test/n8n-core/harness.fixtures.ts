/**
 * Test-only node types, credential types and a throwaway HTTP server for harness.test.ts.
 * They are deliberately not the package's nodes: they exercise n8n-core itself.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
	NodeApiError,
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestHelper,
	type IHttpRequestMethods,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

// ---------------------------------------------------------------------------------------------
// Credential types
// ---------------------------------------------------------------------------------------------

/** Bearer key through a GENERIC authenticate object; `region` is only ever its default. */
export class TestApi implements ICredentialType {
	name = 'testApi';
	displayName = 'Test API';
	properties: ICredentialType['properties'] = [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{ displayName: 'Region', name: 'region', type: 'string', default: 'eu-1' },
	];
	authenticate: ICredentialType['authenticate'] = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
				'X-Region': '={{$credentials.region}}',
			},
		},
	};
}

/** A session token fetched by preAuthentication (a hidden, expirable property). */
export class SessionApi implements ICredentialType {
	name = 'sessionApi';
	displayName = 'Session API';
	properties: ICredentialType['properties'] = [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{ displayName: 'API Key', name: 'apiKey', type: 'string', default: '' },
		{
			displayName: 'Session Token',
			name: 'sessionToken',
			type: 'hidden',
			typeOptions: { expirable: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const response = (await this.helpers.httpRequest({
			method: 'POST',
			url: `${credentials.baseUrl as string}/session`,
			body: { key: credentials.apiKey },
			json: true,
		})) as { token: string };
		return { sessionToken: response.token };
	}

	authenticate: ICredentialType['authenticate'] = {
		type: 'generic',
		properties: { headers: { Authorization: '=Session {{$credentials.sessionToken}}' } },
	};
}

// ---------------------------------------------------------------------------------------------
// Node types
// ---------------------------------------------------------------------------------------------

function description(
	name: string,
	properties: INodeTypeDescription['properties'],
	extra: Partial<INodeTypeDescription> = {},
): INodeTypeDescription {
	return {
		displayName: name,
		name,
		group: ['transform'],
		version: 1,
		description: `${name} (test node)`,
		defaults: { name },
		inputs: ['main'],
		outputs: ['main'],
		properties,
		...extra,
	};
}

/** Errors thrown inside HttpProbe, as the node saw them (before n8n-core stores them). */
export const thrownInNode: unknown[] = [];

/** One authenticated request per item; the response (or full response) becomes the item. */
export class HttpProbe implements INodeType {
	description = description(
		'httpProbe',
		[
			{ displayName: 'Path', name: 'path', type: 'string', default: '/ok' },
			{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
			{ displayName: 'Credential Type', name: 'credentialType', type: 'string', default: 'testApi' },
			{ displayName: 'Request Options', name: 'requestOptions', type: 'json', default: '{}' },
		],
		{
			credentials: [
				{ name: 'testApi', required: false },
				{ name: 'sessionApi', required: false },
			],
		},
	);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const returnData: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			const credentialType = this.getNodeParameter('credentialType', i) as string;
			const { baseUrl } = await this.getCredentials<{ baseUrl: string }>(credentialType, i);
			const options = this.getNodeParameter('requestOptions', i, {}, { ensureType: 'json' });
			try {
				const response: unknown = await this.helpers.httpRequestWithAuthentication.call(
					this,
					credentialType,
					{
						method: this.getNodeParameter('method', i) as IHttpRequestMethods,
						url: `${baseUrl}${this.getNodeParameter('path', i) as string}`,
						json: true,
						...(options as IDataObject),
					},
				);
				returnData.push({ json: { response } as IDataObject, pairedItem: { item: i } });
			} catch (error) {
				thrownInNode.push(error);
				throw error;
			}
		}
		return [returnData];
	}
}

/** Throws a NodeApiError or NodeOperationError; with `catchPerItem` it follows n8n's item pattern. */
export class Thrower implements INodeType {
	description = description('thrower', [
		{ displayName: 'Kind', name: 'kind', type: 'string', default: 'operation' },
		{ displayName: 'Catch Per Item', name: 'catchPerItem', type: 'boolean', default: false },
		{ displayName: 'Secret', name: 'secret', type: 'string', default: '' },
	]);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const returnData: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			try {
				if (this.getNodeParameter('kind', i) === 'api') {
					throw new NodeApiError(
						this.getNode(),
						{ message: 'upstream said no', status: 418 },
						{ message: 'The API refused', description: 'Check the thing', httpCode: '418', itemIndex: i },
					);
				}
				throw new NodeOperationError(this.getNode(), `Item ${i} is not valid`, {
					description: 'Give it an id',
					itemIndex: i,
				});
			} catch (error) {
				if (this.getNodeParameter('catchPerItem', i) && this.continueOnFail()) {
					returnData.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
					continue;
				}
				throw error;
			}
		}
		return [returnData];
	}
}

/** Resolves `value` (an expression in tests) per item; adds one execution hint. */
export class Echo implements INodeType {
	description = description('echo', [
		{ displayName: 'Value', name: 'value', type: 'string', default: '' },
	]);

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		this.addExecutionHints({ message: `Echoed ${items.length} items`, location: 'outputPane' });
		return [
			items.map((_item, i) => ({
				json: { value: this.getNodeParameter('value', i) as string, index: i },
				pairedItem: { item: i },
			})),
		];
	}
}

/**
 * A journal poller in the shape of the package's trigger (docs/ARCHITECTURE.md, "Trigger"): baseline on first activation,
 * new entries after the last seen id, the latest entry in manual mode without touching state.
 * It also counts its polls in static data, to show when n8n would save them.
 */
export class JournalPoll implements INodeType {
	description = description('journalPoll', [], {
		group: ['trigger'],
		inputs: [],
		polling: true,
		credentials: [{ name: 'testApi', required: true }],
	});

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const state = this.getWorkflowStaticData('node');
		const { baseUrl } = await this.getCredentials<{ baseUrl: string }>('testApi');
		const entries = (await this.helpers.httpRequestWithAuthentication.call(this, 'testApi', {
			url: `${baseUrl}/journal`,
			json: true,
		})) as Array<{ id: number }>;

		if (this.getMode() === 'manual') {
			return entries.length ? [this.helpers.returnJsonArray(entries.slice(-1))] : null;
		}
		state.polls = ((state.polls as number | undefined) ?? 0) + 1;
		const lastId = state.lastId as number | undefined;
		const fresh = lastId === undefined ? [] : entries.filter((entry) => entry.id > lastId);
		state.lastId = entries.at(-1)?.id ?? lastId ?? 0;
		return fresh.length ? [this.helpers.returnJsonArray(fresh)] : null;
	}
}

/** Mutates an array in static data in place: shows what n8n's change tracking misses. */
export class PushPoll implements INodeType {
	description = description('pushPoll', [], { group: ['trigger'], inputs: [], polling: true });

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const state = this.getWorkflowStaticData('node');
		if (!Array.isArray(state.seen)) state.seen = [];
		const seen = state.seen as number[];
		seen.push(seen.length + 1);
		return [[{ json: { seen: seen.length } }]];
	}
}

/** Fails its poll while `FlakyPoll.failNext` is set, after changing its static data. */
export class FlakyPoll implements INodeType {
	description = description('flakyPoll', [], { group: ['trigger'], inputs: [], polling: true });

	static failNext = false;

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const state = this.getWorkflowStaticData('node');
		state.attempts = ((state.attempts as number | undefined) ?? 0) + 1;
		if (FlakyPoll.failNext) {
			const message = 'journal unavailable';
			throw new NodeApiError(this.getNode(), { message }, { message, httpCode: '503' });
		}
		return null;
	}
}

// ---------------------------------------------------------------------------------------------
// A throwaway HTTP server on 127.0.0.1
// ---------------------------------------------------------------------------------------------

export interface SeenRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
}

export interface TestServer {
	url: string;
	requests: SeenRequest[];
	journal: Array<{ id: number; type: string }>;
	close(): Promise<void>;
}

interface Reply {
	status: number;
	body: string;
	headers: Record<string, string>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
	status,
	body: JSON.stringify(body),
	headers: { 'content-type': 'application/json', ...headers },
});

export async function startTestServer(): Promise<TestServer> {
	const requests: SeenRequest[] = [];
	const journal: TestServer['journal'] = [];

	const server: Server = createServer((req, res) => {
		void (async () => {
			requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const [, first, second] = url.pathname.split('/');
			let reply: Reply = json(404, { message: `No route ${url.pathname}` });

			if (first === 'ok') reply = json(200, { ok: true }, { 'x-request-id': 'req-1' });
			if (first === 'status') {
				const status = Number(second);
				reply = json(
					status,
					{ message: `Server says ${status}`, detail: 'from the body' },
					status === 429 ? { 'retry-after': '7' } : {},
				);
			}
			if (first === 'text') reply = { status: Number(second), body: 'plain failure', headers: {} };
			if (first === 'redirect') {
				reply = { status: 302, body: '', headers: { location: url.searchParams.get('to') ?? '/ok' } };
			}
			if (first === 'slow') {
				await new Promise((resolve) => setTimeout(resolve, 1500));
				reply = json(200, { slow: true });
			}
			if (first === 'session') reply = json(200, { token: 'sess-1' });
			if (first === 'needs-session') {
				reply =
					req.headers.authorization === 'Session sess-1'
						? json(200, { ok: true })
						: json(401, { message: 'session expired' });
			}
			if (first === 'journal') reply = json(200, journal);
			if (first === 'reset') {
				req.socket.destroy();
				return;
			}

			if (!res.destroyed) {
				res.writeHead(reply.status, reply.headers);
				res.end(reply.body);
			}
		})();
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		requests,
		journal,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
