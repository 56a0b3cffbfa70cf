/**
 * Proves the harness runs n8n-core for real, and pins down the behaviour of n8n-core 1.x (N8N_CORE_1X in scripts/n8n/versions.ts) the
 * package's transport and trigger are designed from (test/workflow/README.md lists it).
 */
import {
	NodeApiError,
	WorkflowActivationError,
	type IDataObject,
	type INodeParameters,
} from 'n8n-workflow';

import {
	createPoller,
	node,
	runPoll,
	runWorkflow,
	toStoredJson,
	type RunWorkflowOptions,
	type WorkflowResult,
} from '../workflow/harness';
import {
	Echo,
	FlakyPoll,
	HttpProbe,
	JournalPoll,
	PushPoll,
	SessionApi,
	TestApi,
	Thrower,
	startTestServer,
	thrownInNode,
	type TestServer,
} from './harness.fixtures';
import { N8N_CORE_1X } from '../../scripts/n8n/versions';

const API_KEY = 'key-7f3a9c-not-in-any-output';

let server: TestServer;
let otherOrigin: TestServer;

beforeAll(async () => {
	server = await startTestServer();
	otherOrigin = await startTestServer();
});

afterAll(async () => {
	await server.close();
	await otherOrigin.close();
});

const nodeTypes = {
	'test.httpProbe': new HttpProbe(),
	'test.thrower': new Thrower(),
	'test.echo': new Echo(),
};

const testApiCredentials = (baseUrl = server.url): RunWorkflowOptions['credentials'] => ({
	cred: { type: 'testApi', data: { baseUrl, apiKey: API_KEY } },
});

/** One HttpProbe request to `path` with extra httpRequest options; returns result + thrown error. */
async function probe(path: string, requestOptions: IDataObject = {}, method = 'GET') {
	thrownInNode.length = 0;
	const result = await runWorkflow({
		nodes: [
			node(
				'Probe',
				'test.httpProbe',
				{ path, method, requestOptions: JSON.stringify(requestOptions) },
				{ credentials: { testApi: 'cred' } },
			),
		],
		nodeTypes,
		credentialTypes: [new TestApi()],
		credentials: testApiCredentials(),
	});
	return { result, thrown: thrownInNode[0] as NodeApiError | undefined };
}

const responseOf = (result: WorkflowResult) =>
	result.outputOf('Probe')[0][0].json.response as IDataObject;

const requestsTo = (target: TestServer, pathPrefix: string) =>
	target.requests.filter((request) => request.url.startsWith(pathPrefix));

describe('runWorkflow', () => {
	it('sends the Authorization header that the generic authenticate builds, over real HTTP', async () => {
		const { result } = await probe('/ok?auth=1', { returnFullResponse: true });

		expect(result.status).toBe('success');
		const [request] = requestsTo(server, '/ok?auth=1');
		expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
		// `region` was never stored: the credential type's default was applied before resolving.
		expect(request.headers['x-region']).toBe('eu-1');
		expect(request.headers['user-agent']).toBe('n8n');
		expect(responseOf(result)).toMatchObject({
			body: { ok: true },
			headers: { 'x-request-id': 'req-1', 'content-type': 'application/json' },
			statusCode: 200,
			statusMessage: 'OK',
		});
		expect(toStoredJson(result.run)).not.toContain(API_KEY);
	});

	it('evaluates ={{ $json.id }} per item over 1,000 items and keeps pairedItem', async () => {
		const inputItems = Array.from({ length: 1000 }, (_, i) => ({ id: `b-${i}` }));

		const result = await runWorkflow({
			nodes: [node('Echo', 'test.echo', { value: '={{ $json.id }}' })],
			nodeTypes,
			inputItems,
		});

		expect(result.status).toBe('success');
		const [items] = result.outputOf('Echo');
		expect(items).toHaveLength(1000);
		items.forEach((item, i) => {
			expect(item.json).toEqual({ value: `b-${i}`, index: i });
			expect(item.pairedItem).toEqual({ item: i });
		});
		expect(result.outputOf('Items')[0]).toHaveLength(1000);
		expect(result.hintsOf('Echo')).toEqual([
			{ message: 'Echoed 1000 items', location: 'outputPane' },
		]);
	});

	it('runs a node once per item against the server, with per-item expressions', async () => {
		const result = await runWorkflow({
			nodes: [
				node(
					'Probe',
					'test.httpProbe',
					{ path: '={{ "/ok?item=" + $json.n }}' },
					{ credentials: { testApi: 'cred' } },
				),
			],
			nodeTypes,
			credentialTypes: [new TestApi()],
			credentials: testApiCredentials(),
			inputItems: [{ n: 1 }, { n: 2 }, { n: 3 }],
		});

		expect(result.outputOf('Probe')[0].map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(requestsTo(server, '/ok?item=').map((request) => request.url)).toEqual([
			'/ok?item=1',
			'/ok?item=2',
			'/ok?item=3',
		]);
	});

	it('calls preAuthentication once and stores its token for the next items', async () => {
		const result = await runWorkflow({
			nodes: [
				node(
					'Probe',
					'test.httpProbe',
					{ credentialType: 'sessionApi', path: '/needs-session' },
					{ credentials: { sessionApi: 'session' } },
				),
			],
			nodeTypes,
			credentialTypes: [new SessionApi()],
			credentials: { session: { type: 'sessionApi', data: { baseUrl: server.url, apiKey: 'k' } } },
			inputItems: [{}, {}, {}],
		});

		expect(result.status).toBe('success');
		expect(result.outputOf('Probe')[0]).toHaveLength(3);
		expect(requestsTo(server, '/session')).toHaveLength(1);
		expect(requestsTo(server, '/needs-session').map((r) => r.headers.authorization)).toEqual([
			'Session sess-1',
			'Session sess-1',
			'Session sess-1',
		]);
	});

	describe('node errors', () => {
		const run = (
			nodeParameters: INodeParameters,
			onError?: 'continueRegularOutput' | 'continueErrorOutput',
			then = true,
		) =>
			runWorkflow({
				nodes: [
					node('Thrower', 'test.thrower', nodeParameters, { onError }),
					...(then ? [node('After', 'test.echo', { value: '={{ $json.a }}' })] : []),
				],
				nodeTypes,
				inputItems: [{ a: 1 }, { a: 2 }],
			});

		it('stops the run; the error is on the node task and is the execution error', async () => {
			const result = await run({ kind: 'operation' });

			expect(result.status).toBe('error');
			expect(result.errorOf('Thrower')).toMatchObject({
				name: 'NodeOperationError',
				message: 'Item 0 is not valid',
				description: 'Give it an id',
			});
			expect(result.errorOf('Thrower')?.data.context).toEqual({ itemIndex: 0 });
			expect(result.executionError?.message).toBe('Item 0 is not valid');
			expect(result.run.data.resultData.lastNodeExecuted).toBe('Thrower');
			expect(result.runData.After).toBeUndefined();
		});

		it('stores a NodeApiError with its message, description and httpCode', async () => {
			const result = await run({ kind: 'api' });

			expect(result.errorOf('Thrower')).toMatchObject({
				name: 'NodeApiError',
				message: 'The API refused',
				description: 'Check the thing',
				httpCode: '418',
			});
			// The object given as the error response is stored whole: never put secrets in it.
			expect(result.errorOf('Thrower')?.data.errorResponse).toEqual({
				message: 'upstream said no',
				status: 418,
			});
		});

		it('onError continueRegularOutput + a thrown error: input passes on, error stays on the task', async () => {
			const result = await run({ kind: 'operation' }, 'continueRegularOutput');

			expect(result.status).toBe('success');
			expect(result.runData.Thrower[0].executionStatus).toBe('error');
			expect(result.errorOf('Thrower')?.message).toBe('Item 0 is not valid');
			expect(result.outputOf('Thrower')[0].map((item) => item.json)).toEqual([{ a: 1 }, { a: 2 }]);
			expect(result.outputOf('After')[0].map((item) => item.json.value)).toEqual([1, 2]);
		});

		it('onError continueRegularOutput on the LAST node still ends the execution as an error', async () => {
			const result = await run({ kind: 'operation' }, 'continueRegularOutput', false);

			expect(result.status).toBe('error');
			expect(result.executionError?.message).toBe('Item 0 is not valid');
			expect(result.outputOf('Thrower')[0]).toHaveLength(2);
		});

		it('a node that catches per item when continueOnFail(): error items, no task error', async () => {
			const regular = await run({ kind: 'operation', catchPerItem: true }, 'continueRegularOutput');
			expect(regular.status).toBe('success');
			expect(regular.errorOf('Thrower')).toBeUndefined();
			expect(regular.outputOf('Thrower')[0]).toEqual([
				{ json: { error: 'Item 0 is not valid' }, pairedItem: { item: 0 } },
				{ json: { error: 'Item 1 is not valid' }, pairedItem: { item: 1 } },
			]);

			// With an error output, n8n-core moves items whose json has `error` to it, merged
			// with the input item they are paired with.
			const split = await run({ kind: 'operation', catchPerItem: true }, 'continueErrorOutput', false);
			expect(split.status).toBe('success');
			const [success, errors] = split.outputOf('Thrower');
			expect(success).toEqual([]);
			expect(errors.map((item) => item.json)).toEqual([
				{ a: 1, error: 'Item 0 is not valid' },
				{ a: 2, error: 'Item 1 is not valid' },
			]);
		});

		it('onError continueErrorOutput + a thrown error: the input goes to the SUCCESS output', async () => {
			const result = await run({ kind: 'operation' }, 'continueErrorOutput', false);

			expect(result.outputOf('Thrower')).toEqual([
				[
					{ json: { a: 1 }, pairedItem: { item: 0 } },
					{ json: { a: 2 }, pairedItem: { item: 1 } },
				],
			]);
			expect(result.errorOf('Thrower')?.message).toBe('Item 0 is not valid');
		});
	});
});

describe(`n8n-core ${N8N_CORE_1X} httpRequestWithAuthentication`, () => {
	it.each([
		[400, 'Bad request - please check your parameters'],
		[401, 'Authorization failed - please check your credentials'],
		[403, 'Forbidden - perhaps check your credentials?'],
		[404, 'The resource you are requesting could not be found'],
		[409, 'Your request is invalid or could not be processed by the service'],
		[429, 'The service is receiving too many requests from you'],
		[500, 'The service was not able to process your request'],
		[502, 'Bad gateway - the service failed to handle your request'],
		[
			503,
			'Service unavailable - try again later or consider setting this node to retry automatically (in the node settings)',
		],
		[504, 'Gateway timed out - perhaps try again later?'],
	])('HTTP %i throws NodeApiError: n8n\'s own message, body message as description', async (status, message) => {
		const { result, thrown } = await probe(`/status/${status}`);

		expect(thrown).toBeInstanceOf(NodeApiError);
		expect(thrown).toMatchObject({
			message,
			httpCode: String(status),
			description: `Server says ${status}`,
			messages: [`Request failed with status code ${status}`],
			// A JSON object body is kept whole in context.data.
			context: { data: { message: `Server says ${status}`, detail: 'from the body' } },
		});
		// The axios error (response headers, raw body, request config) is not reachable:
		// ExecutionBaseError's `cause` class field resets the native cause.
		expect(thrown?.cause).toBeUndefined();
		expect(JSON.stringify(Object.values(thrown ?? {}))).not.toContain('retry-after');

		expect(result.errorOf('Probe')).toMatchObject({ message, httpCode: String(status) });
		expect(toStoredJson(result.run)).not.toContain(API_KEY);
	});

	it('a non-JSON error body is lost: description is axios\'s message', async () => {
		const { thrown } = await probe('/text/503');

		expect(thrown).toMatchObject({
			httpCode: '503',
			description: 'Request failed with status code 503',
			context: {},
		});
	});

	it('sends a request that got 401 a second time (preAuthentication retry), even a POST', async () => {
		await probe('/status/401?get', {}, 'GET');
		await probe('/status/401?post', {}, 'POST');
		await probe('/status/401?ignored', { ignoreHttpStatusErrors: true }, 'POST');

		expect(requestsTo(server, '/status/401?get')).toHaveLength(2);
		expect(requestsTo(server, '/status/401?post')).toHaveLength(2);
		expect(requestsTo(server, '/status/401?ignored')).toHaveLength(1);
	});

	it('ignoreHttpStatusErrors returns the error response; returnFullResponse adds status, headers', async () => {
		const bodyOnly = await probe('/status/500', { ignoreHttpStatusErrors: true });
		expect(bodyOnly.result.status).toBe('success');
		expect(responseOf(bodyOnly.result)).toEqual({ message: 'Server says 500', detail: 'from the body' });

		const full = await probe('/status/429', { ignoreHttpStatusErrors: true, returnFullResponse: true });
		expect(responseOf(full.result)).toMatchObject({
			statusCode: 429,
			statusMessage: 'Too Many Requests',
			headers: { 'retry-after': '7' },
			body: { message: 'Server says 429' },
		});

		const text = await probe('/text/502', { ignoreHttpStatusErrors: true, returnFullResponse: true });
		expect(responseOf(text.result)).toMatchObject({ statusCode: 502, body: 'plain failure' });
	});

	it('follows redirects; re-sends Authorization to another origin unless told not to', async () => {
		const sameOrigin = `/redirect?to=${encodeURIComponent(`${server.url}/ok?same`)}`;
		const crossOrigin = `/redirect?to=${encodeURIComponent(`${otherOrigin.url}/ok?cross`)}`;
		const crossOriginNoCredentials = `/redirect?to=${encodeURIComponent(`${otherOrigin.url}/ok?guarded`)}`;

		const same = await probe(sameOrigin, { returnFullResponse: true });
		await probe(crossOrigin);
		await probe(crossOriginNoCredentials, { sendCredentialsOnCrossOriginRedirect: false });

		expect(responseOf(same.result)).toMatchObject({ statusCode: 200, body: { ok: true } });
		expect(requestsTo(server, '/ok?same')[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
		expect(requestsTo(otherOrigin, '/ok?cross')[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
		expect(requestsTo(otherOrigin, '/ok?guarded')[0].headers.authorization).toBeUndefined();
		// Other headers set by authenticate are not stripped on a cross-origin redirect.
		expect(requestsTo(otherOrigin, '/ok?guarded')[0].headers['x-region']).toBe('eu-1');
	});

	it('disableFollowRedirect makes a 302 an error, unless ignoreHttpStatusErrors', async () => {
		const path = `/redirect?to=${encodeURIComponent(`${otherOrigin.url}/ok?never`)}`;

		const { thrown } = await probe(path, { disableFollowRedirect: true });
		expect(thrown).toMatchObject({ httpCode: '302', message: 'Request failed with status code 302' });

		const { result } = await probe(path, {
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
		});
		expect(responseOf(result)).toMatchObject({
			statusCode: 302,
			headers: { location: `${otherOrigin.url}/ok?never` },
		});
		expect(requestsTo(otherOrigin, '/ok?never')).toHaveLength(0);
	});

	it('honours `timeout` (ms): NodeApiError with httpCode ECONNABORTED', async () => {
		// n8n-core's own words name the 300 ms it waited; the route answers only after 1.5 s.
		const { thrown } = await probe('/slow', { timeout: 300 });

		expect(thrown).toMatchObject({
			httpCode: 'ECONNABORTED',
			message: 'The connection was aborted, perhaps the server is offline',
		});
		expect(thrown?.messages).toContain('timeout of 300ms exceeded');
	});

	it('reports a reset and a refused connection with the error code as httpCode', async () => {
		const reset = await probe('/reset');
		expect(reset.thrown).toMatchObject({
			httpCode: 'ECONNRESET',
			message: expect.stringContaining('The connection to the server was closed unexpectedly'),
		});

		const closed = await startTestServer();
		await closed.close();
		thrownInNode.length = 0;
		const refused = await runWorkflow({
			nodes: [node('Probe', 'test.httpProbe', {}, { credentials: { testApi: 'cred' } })],
			nodeTypes,
			credentialTypes: [new TestApi()],
			credentials: testApiCredentials(closed.url),
		});
		expect(refused.errorOf('Probe')).toMatchObject({
			httpCode: 'ECONNREFUSED',
			message: 'The service refused the connection - perhaps it is offline',
		});
	});
});

describe('polling triggers', () => {
	const journalPoller = (staticData?: IDataObject) =>
		createPoller({
			node: node('Journal', 'test.journalPoll', {}, { credentials: { testApi: 'cred' } }),
			nodeTypes: { 'test.journalPoll': new JournalPoll() },
			credentialTypes: [new TestApi()],
			credentials: testApiCredentials(),
			staticData,
		});

	const ids = (items: IDataObject[][] | null | undefined) =>
		(items?.[0] ?? []).map((item) => (item as { json: { id: number } }).json.id);

	beforeEach(() => {
		server.journal.length = 0;
	});

	it('trigger mode: activation polls and saves; null polls save nothing; item polls save', async () => {
		server.journal.push({ id: 1, type: 'booking.created' });
		const poller = journalPoller();

		const activation = await poller.poll();
		expect(activation).toMatchObject({
			phase: 'activation',
			items: null,
			saved: true,
			staticData: { polls: 1, lastId: 1 },
		});
		expect(poller.savedStaticData).toEqual({ 'node:Journal': { polls: 1, lastId: 1 } });

		const quiet = await poller.poll();
		expect(quiet).toMatchObject({ phase: 'poll', items: null, saved: false });
		expect(quiet.staticData).toEqual({ polls: 2, lastId: 1 });
		expect(poller.savedStaticData).toEqual({ 'node:Journal': { polls: 1, lastId: 1 } });

		server.journal.push({ id: 2, type: 'booking.updated' }, { id: 3, type: 'booking.cancelled' });
		const busy = await poller.poll();
		expect(ids(busy.items as IDataObject[][])).toEqual([2, 3]);
		expect(busy.saved).toBe(true);
		expect(poller.savedStaticData).toEqual({ 'node:Journal': { polls: 3, lastId: 3 } });

		// The key went out as a Bearer header on every poll and is nowhere in the static data.
		const authorizations = requestsTo(server, '/journal').map((r) => r.headers.authorization);
		expect(new Set(authorizations)).toEqual(new Set([`Bearer ${API_KEY}`]));
		expect(JSON.stringify(poller.savedStaticData)).not.toContain(API_KEY);
		await poller.close();
	});

	it('a restart resumes from the saved static data; unsaved changes are lost', async () => {
		server.journal.push({ id: 1, type: 'a' });
		const poller = journalPoller();
		await poller.poll();
		await poller.poll();
		expect(poller.liveStaticData).toEqual({ 'node:Journal': { polls: 2, lastId: 1 } });

		await poller.restart();
		expect(poller.isActive).toBe(false);
		server.journal.push({ id: 2, type: 'b' });
		const reactivation = await poller.poll();

		expect(reactivation.phase).toBe('activation');
		expect(reactivation.staticData).toEqual({ polls: 2, lastId: 2 });
		expect(ids(reactivation.items as IDataObject[][])).toEqual([2]);
		await poller.close();
	});

	it('static data survives a JSON round trip between pollers (as in n8n\'s database)', async () => {
		server.journal.push({ id: 1, type: 'a' });
		const first = journalPoller();
		await first.poll();
		await first.close();
		const stored = JSON.parse(JSON.stringify(first.savedStaticData)) as IDataObject;

		server.journal.push({ id: 2, type: 'b' });
		const second = journalPoller(stored);
		const result = await second.poll();

		expect(ids(result.items as IDataObject[][])).toEqual([2]);
		expect(second.savedStaticData).toEqual({ 'node:Journal': { polls: 2, lastId: 2 } });
		await second.close();
	});

	it('manual mode (Fetch Test Event) runs poll() through WorkflowExecute and saves nothing', async () => {
		server.journal.push({ id: 1, type: 'a' }, { id: 2, type: 'b' });
		const poller = journalPoller({ 'node:Journal': { polls: 5, lastId: 1 } });

		const manual = await poller.fetchTestEvent();

		expect(manual).toMatchObject({ phase: 'manual', saved: false, error: undefined });
		expect(manual.items?.[0].map((item) => item.json)).toEqual([{ id: 2, type: 'b' }]);
		expect(manual.staticData).toEqual({ polls: 5, lastId: 1 });
		expect(poller.savedStaticData).toEqual({ 'node:Journal': { polls: 5, lastId: 1 } });

		const oneShot = await runPoll({
			node: node('Journal', 'test.journalPoll', {}, { credentials: { testApi: 'cred' } }),
			nodeTypes: { 'test.journalPoll': new JournalPoll() },
			credentialTypes: [new TestApi()],
			credentials: testApiCredentials(),
			mode: 'manual',
		});
		expect(oneShot.items?.[0]).toHaveLength(1);
		expect(oneShot.savedStaticData).toEqual({});
	});

	it('runPoll in trigger mode is one activation', async () => {
		server.journal.push({ id: 9, type: 'a' });
		const result = await runPoll({
			node: node('Journal', 'test.journalPoll', {}, { credentials: { testApi: 'cred' } }),
			nodeTypes: { 'test.journalPoll': new JournalPoll() },
			credentialTypes: [new TestApi()],
			credentials: testApiCredentials(),
		});
		expect(result).toMatchObject({ phase: 'activation', items: null, saved: true });
		expect(result.savedStaticData).toEqual({ 'node:Journal': { polls: 1, lastId: 9 } });
	});

	it('in-place changes to an object assigned during this activation are not saved', async () => {
		const poller = createPoller({
			node: node('Push', 'test.pushPoll'),
			nodeTypes: { 'test.pushPoll': new PushPoll() },
		});

		await poller.poll(); // assigns `seen = []`, pushes 1: the assignment marks the change
		const second = await poller.poll(); // pushes 2 into the same (unobserved) array
		expect(second.staticData).toEqual({ seen: [1, 2] });
		expect(second.saved).toBe(false);
		expect(poller.savedStaticData).toEqual({ 'node:Push': { seen: [1] } });

		// After a restart the array comes from JSON, is observed, and a push is saved again.
		await poller.restart();
		const third = await poller.poll();
		expect(third.saved).toBe(true);
		expect(poller.savedStaticData).toEqual({ 'node:Push': { seen: [1, 2] } });
		await poller.close();
	});

	it('a failing activation is a WorkflowActivationError; a failing poll keeps its changes in memory', async () => {
		const poller = createPoller({
			node: node('Flaky', 'test.flakyPoll'),
			nodeTypes: { 'test.flakyPoll': new FlakyPoll() },
		});
		try {
			FlakyPoll.failNext = true;
			const failedActivation = await poller.poll();
			expect(failedActivation.error).toBeInstanceOf(WorkflowActivationError);
			// Only the node error's message survives: its `cause` is reset like any ExecutionBaseError's.
			expect(failedActivation.error?.message).toBe(
				'There was a problem activating the workflow: "journal unavailable"',
			);
			expect((failedActivation.error as WorkflowActivationError).cause).toBeUndefined();
			expect(failedActivation.saved).toBe(false);
			expect(poller.isActive).toBe(false);

			FlakyPoll.failNext = false;
			const activation = await poller.poll();
			expect(activation).toMatchObject({ phase: 'activation', error: undefined, saved: true });
			expect(poller.savedStaticData).toEqual({ 'node:Flaky': { attempts: 1 } });

			FlakyPoll.failNext = true;
			const failedPoll = await poller.poll();
			expect(failedPoll.error).toBeInstanceOf(NodeApiError);
			expect(failedPoll).toMatchObject({ items: null, saved: false, staticData: { attempts: 2 } });
			expect(poller.savedStaticData).toEqual({ 'node:Flaky': { attempts: 1 } });
			expect(poller.isActive).toBe(true);
		} finally {
			FlakyPoll.failNext = false;
			await poller.close();
		}
	});

	it('runs 1,000 polls of one activation quickly, emitting each entry once, in order', async () => {
		const poller = journalPoller();
		await poller.poll();

		const emitted: number[] = [];
		let saves = 0;
		for (let i = 1; i <= 1000; i++) {
			if (i % 10 === 0) server.journal.push({ id: i, type: 'tick' });
			const result = await poller.poll();
			emitted.push(...ids(result.items as IDataObject[][]));
			if (result.saved) saves++;
		}

		expect(emitted).toEqual(Array.from({ length: 100 }, (_, i) => (i + 1) * 10));
		expect(saves).toBe(100);
		expect(poller.savedStaticData).toEqual({ 'node:Journal': { polls: 1001, lastId: 1000 } });
		await poller.close();
	});
});
