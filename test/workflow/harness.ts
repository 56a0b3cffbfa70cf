/**
 * Workflow test harness: runs nodes with n8n-core's own engine, the code n8n 1.123.81 runs.
 *
 * - runWorkflow(): a real `WorkflowExecute` run (manual trigger → optional items source → your
 *   nodes), with a real credentials helper (encrypted store, generic `authenticate`,
 *   `preAuthentication`) so `this.helpers.httpRequestWithAuthentication` sends real HTTP.
 * - createPoller() / runPoll(): a polling trigger activated through n8n-core's `ActiveWorkflows`
 *   (a real `PollContext`), with its static data persisted the way n8n's CLI persists it.
 * - node(): a compact node definition.
 *
 * What n8n-core 1.122.48 does with HTTP errors, redirects, timeouts and node errors (the facts the
 * package's transport is designed from) is written down in ./README.md and asserted in
 * ./harness.test.ts.
 *
 * Only n8n-core, n8n-workflow and three packages n8n-core pins exactly (@n8n/di, @n8n/config for a
 * type, @n8n/backend-common) are used, plus two DI tokens from n8n-core's dist/ that its index does
 * not export. Nothing from n8n's CLI package is needed or copied.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Logger } from '@n8n/backend-common';
import type { InstanceSettingsConfig } from '@n8n/config';
import { Container } from '@n8n/di';
import {
	ActiveWorkflows,
	Credentials,
	DirectoryLoader,
	ExecutionLifecycleHooks,
	ExternalSecretsProxy,
	InstanceSettings,
	LoadOptionsContext,
	PollContext,
	WorkflowExecute,
	getExecuteTriggerFunctions,
} from 'n8n-core';
// Not re-exported by n8n-core's index; needed only as DI tokens we replace (see setUpN8nCore).
import { ScheduledTaskManager } from 'n8n-core/dist/execution-engine/scheduled-task-manager';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import {
	Expression,
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	isExpression,
	type ICredentialDataDecryptedObject,
	type ICredentialsExpressionResolveValues,
	type ICredentialType,
	type IConnections,
	type IDataObject,
	type IExecuteData,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
	type IPollFunctions,
	type IRequestOptionsSimplified,
	type IRun,
	type IRunData,
	type ITaskData,
	type ITriggerFunctions,
	type ITriggerResponse,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type IWorkflowSettings,
	type NodeExecutionHint,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export type NodeTypeMap = Record<string, INodeType | IVersionedNodeType>;

/**
 * Credential values in plain JSON, keyed by credential id; a key equal to a credential type name
 * also serves every node credential of that type (so `{ venueBookingApi: {...} }` is enough).
 * A value may name its type explicitly: `{ type: 'venueBookingApi', data: {...} }`.
 */
export type CredentialsMap = Record<
	string,
	ICredentialDataDecryptedObject | { type: string; data: ICredentialDataDecryptedObject }
>;

export interface RunWorkflowOptions {
	/** Workflow nodes; the harness adds its own start node (and an items source for inputItems). */
	nodes: INode[];
	/**
	 * Omitted: the nodes are chained in order after the start/items nodes. Given: used as is, plus
	 * `START_NODE → ITEMS_NODE → nodes[0]` for whichever of those two sources it leaves unwired.
	 */
	connections?: IConnections;
	nodeTypes: NodeTypeMap;
	credentialTypes?: ICredentialType[];
	credentials?: CredentialsMap;
	/** Items fed to the first node (plain objects become `{ json }`). */
	inputItems?: Array<INodeExecutionData | IDataObject>;
	/** 'manual' (the editor's Execute Workflow) unless told otherwise; `n8n execute` uses 'cli'. */
	mode?: WorkflowExecuteMode;
	settings?: IWorkflowSettings;
	staticData?: IDataObject;
}

/** A node error as n8n stores it with the execution, plus the fields tests look at first. */
export interface StoredError {
	name?: string;
	message: string;
	description?: string | null;
	httpCode?: string | null;
	/** The whole error serialised as n8n would persist it: search it for secrets. */
	json: string;
	data: IDataObject;
}

export interface WorkflowResult {
	run: IRun;
	status: IRun['status'];
	runData: IRunData;
	/** Every output of the node's run (json + pairedItem); throws if the node did not run. */
	outputOf(nodeName: string, runIndex?: number): INodeExecutionData[][];
	/** The node's error (taskData.error), serialised; undefined when the node did not fail. */
	errorOf(nodeName: string, runIndex?: number): StoredError | undefined;
	/** Execution hints the node added with `this.addExecutionHints()`. */
	hintsOf(nodeName: string, runIndex?: number): NodeExecutionHint[];
	/** The execution-level error (`resultData.error`): set when a failure stopped the run. */
	executionError: StoredError | undefined;
}

export const START_NODE = 'Start';
export const ITEMS_NODE = 'Items';
export const START_NODE_TYPE = 'harness.manualTrigger';
export const ITEMS_NODE_TYPE = 'harness.items';

// ---------------------------------------------------------------------------------------------
// One-time n8n-core setup
// ---------------------------------------------------------------------------------------------

const ENCRYPTION_KEY = 'harness-encryption-key-not-secret';

/** Cron callbacks n8n-core registers when it activates a poller, by workflow id (see Poller). */
const cronTicks = new Map<string, Array<() => Promise<void>>>();

let n8nCoreReady = false;

function silentLogger(): Logger {
	// Every Logger method is a no-op; `scoped()` returns the same silent logger.
	const logger: object = new Proxy(
		{},
		{
			get: (_target, prop) => {
				if (typeof prop !== 'string' || prop === 'then') return undefined;
				return prop === 'scoped' ? () => logger : () => undefined;
			},
		},
	);
	return logger as Logger;
}

/**
 * n8n-core takes its services from the @n8n/di container. The few that need care are registered
 * here, once per jest module registry:
 * - Logger: silent, because WorkflowExecute reports every node error to ErrorReporter, which logs.
 * - InstanceSettings: a fixed encryption key for `Credentials`, and a settings folder under
 *   os.tmpdir(); the settings file is read once in the constructor, so the folder goes at once.
 * - ScheduledTaskManager: instead of real cron jobs, record the poll callbacks so a test runs
 *   "the next scheduled poll" on demand.
 * - SSHClientsManager: trigger contexts create it; the real one starts a 60 s interval (keeping
 *   jest alive) and adds a process 'exit' listener per test file. No node here uses SSH.
 * - Expressions: n8n-workflow's legacy engine (what N8N_EXPRESSION_ENGINE=legacy selects; the
 *   'vm' engine needs isolated-vm, which does not build on Node 20). Selected explicitly, not via
 *   the environment.
 */
export function setUpN8nCore(): void {
	if (n8nCoreReady) return;
	n8nCoreReady = true;

	Expression.setExpressionEngine('legacy');

	const logger = silentLogger();
	Container.set(Logger, logger);

	const folder = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
	try {
		const config = {
			n8nFolder: join(folder, '.n8n'),
			userHome: folder,
			encryptionKey: ENCRYPTION_KEY,
			enforceSettingsFilePermissions: false,
		} as InstanceSettingsConfig;
		Container.set(InstanceSettings, new InstanceSettings(config, logger));
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}

	const scheduler = {
		registerCron(ctx: { workflowId: string }, onTick: () => Promise<void>) {
			cronTicks.set(ctx.workflowId, [...(cronTicks.get(ctx.workflowId) ?? []), onTick]);
		},
		deregisterCrons(workflowId: string) {
			cronTicks.delete(workflowId);
		},
	};
	Container.set(ScheduledTaskManager, scheduler as unknown as ScheduledTaskManager);

	const noSsh = {
		getClient: async () => {
			throw new Error('harness: SSH tunnels are not supported');
		},
		updateLastUsed: () => undefined,
	};
	Container.set(SSHClientsManager, noSsh as unknown as SSHClientsManager);
}

// ---------------------------------------------------------------------------------------------
// Harness node types
// ---------------------------------------------------------------------------------------------

function harnessDescription(
	name: string,
	displayName: string,
	inputs: INodeTypeDescription['inputs'],
): INodeTypeDescription {
	return {
		displayName,
		name,
		group: ['transform'],
		version: 1,
		description: `${displayName} (test harness)`,
		defaults: { name: displayName },
		inputs,
		outputs: ['main'],
		properties: [],
	};
}

/** Behaves like n8n's Manual Trigger: in manual mode it emits one empty item. */
class ManualTrigger implements INodeType {
	description = harnessDescription(START_NODE_TYPE, 'Manual Trigger', []);

	async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
		const manualTriggerFunction = async () => {
			this.emit([this.helpers.returnJsonArray([{}])]);
		};
		return { manualTriggerFunction };
	}
}

/**
 * Emits the run's input items whatever it receives (one node type per run holds them, in a
 * closure: n8n calls `execute` with the execution context as `this`, not the node type).
 */
function itemsSource(items: INodeExecutionData[]): INodeType {
	return {
		description: harnessDescription(ITEMS_NODE_TYPE, 'Items', ['main']),
		// A fresh copy per run: the engine writes pairedItem onto the items it passes on.
		execute: async () => [structuredClone(items)],
	};
}

function toItems(items: Array<INodeExecutionData | IDataObject>): INodeExecutionData[] {
	return items.map((item) =>
		typeof item.json === 'object' && item.json !== null
			? (item as INodeExecutionData)
			: { json: item as IDataObject },
	);
}

// ---------------------------------------------------------------------------------------------
// Node and credential type registries
// ---------------------------------------------------------------------------------------------

const preparedNodeTypes = new WeakSet<object>();

/**
 * n8n's node loader adds "special" parameters when it loads a node (`pollTimes` for polling
 * nodes, request options for declarative ones), and n8n-core reads `pollTimes` on activation.
 * Run the loader's own method once per node type instance; it does not use `this`.
 */
function prepareNodeType(type: INodeType | IVersionedNodeType): void {
	const versions = 'nodeVersions' in type ? Object.values(type.nodeVersions) : [type];
	const applySpecialNodeParameters = (
		DirectoryLoader.prototype as unknown as {
			applySpecialNodeParameters(nodeType: INodeType): void;
		}
	).applySpecialNodeParameters;
	for (const version of versions) {
		if (preparedNodeTypes.has(version)) continue;
		preparedNodeTypes.add(version);
		applySpecialNodeParameters.call(undefined, version);
	}
}

class HarnessNodeTypes implements INodeTypes {
	constructor(private readonly types: NodeTypeMap) {
		Object.values(types).forEach(prepareNodeType);
	}

	getByName(type: string): INodeType | IVersionedNodeType {
		const nodeType = this.types[type];
		if (!nodeType) {
			throw new Error(`harness: node type "${type}" is not registered (nodeTypes option)`);
		}
		return nodeType;
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(type), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

class HarnessCredentialTypes {
	private readonly byName = new Map<string, ICredentialType>();

	constructor(types: ICredentialType[]) {
		for (const type of types) this.byName.set(type.name, type);
	}

	getByName(name: string): ICredentialType {
		const type = this.byName.get(name);
		if (!type) throw new Error(`harness: credential type "${name}" is not registered`);
		return type;
	}

	/** All ancestors through `extends`, nearest first (n8n uses it to detect OAuth types). */
	getParentTypes(name: string): string[] {
		const parents = this.byName.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}
}

// ---------------------------------------------------------------------------------------------
// Credentials: an encrypted in-memory store and the helper n8n-core calls
// ---------------------------------------------------------------------------------------------

/**
 * The `ICredentialsHelper` n8n-core calls from `getCredentials()` and the request helpers. It
 * follows what n8n's CLI helper does, written small:
 * - credentials are stored encrypted with n8n-core's `Credentials` (real Cipher) and decrypted
 *   per use; the credential type's defaults fill missing fields; `={{ }}` values are resolved;
 * - `authenticate`: a function is called; a generic object has every `{{$credentials.x}}` in its
 *   keys and values resolved with the workflow's expression engine and is merged into the
 *   request's headers/qs/body/auth;
 * - `preAuthentication` runs only for types with a hidden `expirable` property, when that
 *   property is empty or the request got a 401; its output is stored back.
 */
class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly store = new Map<string, Credentials>();

	constructor(
		private readonly types: HarnessCredentialTypes,
		values: CredentialsMap,
	) {
		super();
		for (const [id, value] of Object.entries(values)) {
			const explicit = typeof value.type === 'string' && typeof value.data === 'object';
			const type = explicit ? (value.type as string) : id;
			const data = explicit ? (value.data as ICredentialDataDecryptedObject) : value;
			const credentials = new Credentials({ id, name: id }, type);
			credentials.setData(data as ICredentialDataDecryptedObject);
			this.store.set(id, credentials);
		}
	}

	getParentTypes(name: string): string[] {
		return this.types.getParentTypes(name);
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string) {
		const credentials =
			(nodeCredentials.id ? this.store.get(nodeCredentials.id) : undefined) ?? this.store.get(type);
		if (!credentials || credentials.type !== type) {
			throw new Error(
				`harness: no credentials of type "${type}" with id "${nodeCredentials.id ?? ''}" (credentials option)`,
			);
		}
		return credentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		resolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = (await this.getCredentials(nodeCredentials, type)).getData();
		if (raw === true) return stored;

		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (!Object.values(withDefaults).some(isExpression)) return withDefaults;

		if (!resolveValues) {
			// No item in reach (e.g. a poll): resolve with a throwaway workflow, as n8n does.
			const bare = new Workflow({
				nodes: [],
				connections: {},
				active: false,
				nodeTypes: new HarnessNodeTypes({}),
			});
			const stub = node('', 'credentials');
			return bare.expression.getComplexParameterValue(
				stub,
				withDefaults as INodeParameters,
				mode,
				{},
				undefined,
				undefined,
				withDefaults,
			) as ICredentialDataDecryptedObject;
		}
		return resolveValues.workflow.expression.getParameterValue(
			withDefaults as INodeParameters,
			resolveValues.runExecutionData,
			resolveValues.runIndex,
			resolveValues.itemIndex,
			resolveValues.node.name,
			resolveValues.connectionInputData,
			mode,
			{},
			executeData,
			false,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.types.getByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			const resolve = (value: string) => {
				if (!isExpression(value)) return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved ? String(resolved) : '';
			};
			requestOptions.headers ??= {};
			const target = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [part, entries] of Object.entries(authenticate.properties)) {
				target[part] ??= {};
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					target[part][resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types.getByName(typeName);
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!type.preAuthentication || !expirable) return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;

		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;

		const nodeCredentials = node.credentials?.[typeName];
		if (nodeCredentials) {
			const stored = await this.getCredentials(nodeCredentials, typeName);
			stored.setData({ ...stored.getData(), ...(output as ICredentialDataDecryptedObject) });
		}
		return Object.assign(credentials, output);
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		(await this.getCredentials(nodeCredentials, type)).setData(data);
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		(await this.getCredentials(nodeCredentials, type)).updateData({
			oauthTokenData: data.oauthTokenData,
		});
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const { properties, extends: parents = [] } = this.types.getByName(type);
		if (parents.length === 0) return properties;
		// Parent properties first; the child's own definitions win, as in n8n.
		const merged: INodeProperties[] = [];
		for (const parent of parents) {
			NodeHelpers.mergeNodeProperties(merged, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(merged, properties);
		return merged;
	}
}

// ---------------------------------------------------------------------------------------------
// Workflow, additional data, results
// ---------------------------------------------------------------------------------------------

const BASE_URL = 'http://127.0.0.1:5678';
let executionCounter = 0;

function workflowBase(id: string, nodes: INode[], connections: IConnections): IWorkflowBase {
	return {
		id,
		name: `harness ${id}`,
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes,
		connections,
	};
}

function additionalDataFor(
	credentialsHelper: ICredentialsHelper,
	hooks: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	const unsupported = (what: string) => async (): Promise<never> => {
		throw new Error(`harness: ${what} is not supported`);
	};
	return {
		credentialsHelper,
		hooks,
		executionId: hooks.executionId,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${BASE_URL}/rest`,
		instanceBaseUrl: BASE_URL,
		formWaitingBaseUrl: `${BASE_URL}/form-waiting`,
		webhookBaseUrl: `${BASE_URL}/webhook`,
		webhookWaitingBaseUrl: `${BASE_URL}/webhook-waiting`,
		webhookTestBaseUrl: `${BASE_URL}/webhook-test`,
		variables: {},
		// No secrets manager: `$secrets` lists no providers, as in n8n without External Secrets.
		externalSecretsProxy: new ExternalSecretsProxy(),
		executeWorkflow: unsupported('executing a sub-workflow'),
		getRunExecutionData: async () => undefined,
		logAiEvent: () => undefined,
		startRunnerTask: unsupported('the task runner (Code node)'),
	};
}

/**
 * n8n persists execution data with `flatted` (JSON.stringify plus a table for repeated and
 * circular references, so `toJSON()` methods apply exactly as in JSON.stringify). This does the
 * same minus the table: a repeated reference becomes "[Circular]", its content having been written
 * once already, which keeps the text complete for "is the secret in there?" assertions.
 */
export function toStoredJson(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, inner: unknown) => {
		if (typeof inner === 'object' && inner !== null) {
			if (seen.has(inner)) return '[Circular]';
			seen.add(inner);
		}
		return inner;
	});
}

/** Serialises a node error (thrown or as stored in taskData.error) as n8n stores it. */
export function storedError(error: unknown): StoredError {
	const json = toStoredJson(error);
	const data = JSON.parse(json) as IDataObject;
	return {
		name: data.name as string | undefined,
		message: String(data.message ?? ''),
		description: data.description as string | null | undefined,
		httpCode: data.httpCode as string | null | undefined,
		json,
		data,
	};
}

function taskOf(runData: IRunData, nodeName: string, runIndex: number): ITaskData {
	const task = runData[nodeName]?.[runIndex];
	if (!task) {
		const ran = Object.keys(runData).join(', ') || 'none';
		throw new Error(`harness: node "${nodeName}" has no run ${runIndex} (nodes that ran: ${ran})`);
	}
	return task;
}

function resultOf(run: IRun): WorkflowResult {
	const { runData, error } = run.data.resultData;
	return {
		run,
		status: run.status,
		runData,
		outputOf: (nodeName, runIndex = 0) =>
			(taskOf(runData, nodeName, runIndex).data?.main ?? []).map((items) => items ?? []),
		errorOf: (nodeName, runIndex = 0) => {
			const taskError = taskOf(runData, nodeName, runIndex).error;
			return taskError ? storedError(taskError) : undefined;
		},
		hintsOf: (nodeName, runIndex = 0) => taskOf(runData, nodeName, runIndex).hints ?? [],
		executionError: error ? storedError(error) : undefined,
	};
}

function defaultConnections(nodes: INode[], sources: string[]): IConnections {
	const chain = [...sources, ...nodes.map((n) => n.name)];
	const connections: IConnections = {};
	for (let i = 0; i < chain.length - 1; i++) {
		connections[chain[i]] = { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] };
	}
	return connections;
}

// ---------------------------------------------------------------------------------------------
// runWorkflow
// ---------------------------------------------------------------------------------------------

/**
 * Runs the nodes as one workflow execution with n8n-core's `WorkflowExecute`, from the harness's
 * Manual Trigger (n8n's `execute` command also starts only from a manual trigger).
 *
 * @example
 * const result = await runWorkflow({
 *   nodes: [node('Venue Booking', 'n8n-nodes-venue-booking.venueBooking',
 *     { resource: 'booking', operation: 'get', bookingId: '={{ $json.id }}' },
 *     { credentials: { venueBookingApi: 'cred' }, onError: 'continueRegularOutput' })],
 *   nodeTypes: { 'n8n-nodes-venue-booking.venueBooking': new VenueBooking() },
 *   credentialTypes: [new VenueBookingApi()],
 *   credentials: { cred: { type: 'venueBookingApi', data: { baseUrl, apiKey } } },
 *   inputItems: [{ id: 'b1' }, { id: 'b2' }],
 * });
 * result.outputOf('Venue Booking')[0]; result.errorOf('Venue Booking')?.message;
 */
export async function runWorkflow(options: RunWorkflowOptions): Promise<WorkflowResult> {
	setUpN8nCore();
	const mode = options.mode ?? 'manual';
	const id = `harness-${++executionCounter}`;

	const sources = [START_NODE];
	const nodeTypes: NodeTypeMap = { [START_NODE_TYPE]: new ManualTrigger(), ...options.nodeTypes };
	const harnessNodes: INode[] = [node(START_NODE, START_NODE_TYPE, {}, { position: [0, 0] })];
	if (options.inputItems) {
		sources.push(ITEMS_NODE);
		nodeTypes[ITEMS_NODE_TYPE] = itemsSource(toItems(options.inputItems));
		harnessNodes.push(node(ITEMS_NODE, ITEMS_NODE_TYPE, {}, { position: [200, 0] }));
	}
	// The Workflow writes parameter defaults into its nodes: keep the caller's objects intact.
	const nodes = [...harnessNodes, ...structuredClone(options.nodes)];
	const chained = options.connections ? options.nodes.slice(0, 1) : options.nodes;
	const connections = { ...defaultConnections(chained, sources), ...options.connections };

	const credentialTypes = new HarnessCredentialTypes(options.credentialTypes ?? []);
	const credentialsHelper = new HarnessCredentialsHelper(
		credentialTypes,
		options.credentials ?? {},
	);
	const workflow = new Workflow({
		id,
		name: `harness ${id}`,
		nodes,
		connections,
		active: false,
		nodeTypes: new HarnessNodeTypes(nodeTypes),
		staticData: structuredClone(options.staticData ?? {}),
		// 'v1' is the execution order of every workflow created in n8n 1.x.
		settings: { executionOrder: 'v1', ...options.settings },
	});
	const hooks = new ExecutionLifecycleHooks(mode, id, workflowBase(id, nodes, connections));
	const additionalData = additionalDataFor(credentialsHelper, hooks);

	const run = await new WorkflowExecute(additionalData, mode).run(
		workflow,
		workflow.getNode(START_NODE) ?? undefined,
	);
	return resultOf(run);
}

// ---------------------------------------------------------------------------------------------
// Polling triggers
// ---------------------------------------------------------------------------------------------

/*
 * How n8n 1.123 keeps a polling trigger's static data (packages/cli: active-workflow-manager.ts,
 * workflows/workflow-static-data.service.ts, execution-lifecycle/execution-lifecycle-hooks.ts;
 * n8n-workflow: workflow.ts, observable-object.ts; n8n-core: active-workflows.ts):
 *
 * - Activation builds ONE `Workflow` from the database row (its `staticData` column, JSON) and ONE
 *   PollContext, polls at once (an error there fails the activation), then registers a cron job
 *   that reuses both. So within an activation, static data lives in memory across polls.
 * - The database copy is written (`saveStaticData`: only if `staticData.__dataChanged === true`,
 *   then the flag is reset) at exactly these points:
 *     1. when a poll returns items (`__emit`), before the workflow execution is started;
 *     2. at the end of a successful activation (after the first poll, even if it returned null).
 *   A poll that returns null, or throws (`__emitError`), saves nothing: its changes stay in
 *   memory only, are written at the next save point, and are lost if n8n restarts or the
 *   workflow is re-activated first. A failed activation saves nothing.
 * - `__dataChanged` is set by the ObservableObject proxies: assigning or deleting a property of
 *   the node's static data object, or of an object that was already in the static data when the
 *   Workflow was built. An object or array assigned during this activation is not a proxy, so
 *   mutating it in place (`data.ids.push(x)`) does NOT mark the data changed. Assign instead.
 * - Manual runs (the editor's "Fetch Test Event"): WorkflowExecute calls poll() with a
 *   PollContext in mode 'manual'; the after-execution hook skips saving static data in manual
 *   mode, so whatever the node changes is discarded.
 */

export interface PollerOptions {
	/** The polling trigger node (its type must have `poll()` and `polling: true`). */
	node: INode;
	nodeTypes: NodeTypeMap;
	credentialTypes?: ICredentialType[];
	credentials?: CredentialsMap;
	/** The workflow's static data as stored (JSON), e.g. `savedStaticData` of an earlier poller. */
	staticData?: IDataObject;
}

export interface PollResult {
	/** What poll() returned; in trigger mode null when it returned null or threw. */
	items: INodeExecutionData[][] | null;
	/** The node's static data after the poll (in memory), as JSON. */
	staticData: IDataObject;
	/** Whether n8n would have written the workflow's static data to its database in this poll. */
	saved: boolean;
	/** The error as n8n surfaces it (activation: WorkflowActivationError with the node's error as cause). */
	error?: Error;
	phase: 'activation' | 'poll' | 'manual';
}

let pollerCounter = 0;

export class Poller {
	readonly workflowId = `harness-poller-${++pollerCounter}`;

	private saved: IDataObject;
	private workflow: Workflow | undefined;
	private active = false;
	private readonly nodeTypes: HarnessNodeTypes;
	private readonly credentialsHelper: HarnessCredentialsHelper;
	private current: { items: INodeExecutionData[][] | null; error?: Error; saved: boolean } = {
		items: null,
		saved: false,
	};

	constructor(private readonly options: PollerOptions) {
		setUpN8nCore();
		this.saved = structuredClone(options.staticData ?? {});
		this.nodeTypes = new HarnessNodeTypes(options.nodeTypes);
		this.credentialsHelper = new HarnessCredentialsHelper(
			new HarnessCredentialTypes(options.credentialTypes ?? []),
			options.credentials ?? {},
		);
	}

	/** The workflow's static data as n8n's database would hold it now. */
	get savedStaticData(): IDataObject {
		return structuredClone(this.saved);
	}

	/** The workflow's static data in memory (the active Workflow's), as JSON. */
	get liveStaticData(): IDataObject {
		return this.workflow ? json(this.workflow.staticData) : this.savedStaticData;
	}

	get isActive(): boolean {
		return this.active;
	}

	/**
	 * Trigger mode. The first call activates the workflow as n8n does (which polls at once); later
	 * calls run the next scheduled poll of that activation. After a failed activation the next call
	 * activates again, from the saved static data, as n8n's retry does.
	 */
	async poll(): Promise<PollResult> {
		this.current = { items: null, saved: false };
		if (!this.active) {
			await this.activate();
			return this.result('activation');
		}
		for (const tick of cronTicks.get(this.workflowId) ?? []) await tick();
		return this.result('poll');
	}

	/** Manual mode ("Fetch Test Event"): a WorkflowExecute run of the trigger alone; saves nothing. */
	async fetchTestEvent(staticData: IDataObject = this.saved): Promise<PollResult> {
		const workflow = this.buildWorkflow(staticData, `${this.workflowId}-manual`);
		const hooks = new ExecutionLifecycleHooks(
			'manual',
			workflow.id,
			workflowBase(workflow.id, Object.values(workflow.nodes), {}),
		);
		const run = await new WorkflowExecute(
			additionalDataFor(this.credentialsHelper, hooks),
			'manual',
		).run(workflow, workflow.getNode(this.options.node.name) ?? undefined);
		const task = run.data.resultData.runData[this.options.node.name]?.[0];
		const error = run.data.resultData.error;
		return {
			items: task?.data?.main ? task.data.main.map((items) => items ?? []) : null,
			staticData: json(workflow.staticData[`node:${this.options.node.name}`] ?? {}),
			saved: false,
			error: error ? Object.assign(new Error(error.message), error) : undefined,
			phase: 'manual',
		};
	}

	/** Deactivates; the next poll() activates again from the saved static data (an n8n restart). */
	async restart(): Promise<void> {
		await this.close();
	}

	async close(): Promise<void> {
		if (this.active) await Container.get(ActiveWorkflows).remove(this.workflowId);
		this.active = false;
		this.workflow = undefined;
	}

	private async activate(): Promise<void> {
		const workflow = this.buildWorkflow(this.saved, this.workflowId);
		this.workflow = workflow;
		const emit = (data: INodeExecutionData[][]) => {
			this.current.items = data;
			this.persist(workflow);
		};
		const emitError = (error: Error) => {
			this.current.error = error;
		};
		const hooks = new ExecutionLifecycleHooks(
			'trigger',
			this.workflowId,
			workflowBase(this.workflowId, Object.values(workflow.nodes), {}),
		);
		try {
			await Container.get(ActiveWorkflows).add(
				this.workflowId,
				workflow,
				additionalDataFor(this.credentialsHelper, hooks),
				'trigger',
				'activate',
				getExecuteTriggerFunctions,
				(wf, pollNode, additionalData, mode, activation): IPollFunctions =>
					new PollContext(wf, pollNode, additionalData, mode, activation, emit, emitError),
			);
			this.active = true;
			this.persist(workflow);
		} catch (error) {
			this.current.error = error as Error;
			cronTicks.delete(this.workflowId);
		}
	}

	/** n8n's saveStaticData: write only when the proxies flagged a change, then clear the flag. */
	private persist(workflow: Workflow): void {
		if (workflow.staticData.__dataChanged !== true) return;
		this.saved = json(workflow.staticData);
		workflow.staticData.__dataChanged = false;
		this.current.saved = true;
	}

	private buildWorkflow(staticData: IDataObject, id: string): Workflow {
		return new Workflow({
			id,
			name: `harness ${id}`,
			nodes: [structuredClone(this.options.node)],
			connections: {},
			active: true,
			nodeTypes: this.nodeTypes,
			staticData: structuredClone(staticData),
			settings: { executionOrder: 'v1' },
		});
	}

	private result(phase: PollResult['phase']): PollResult {
		const nodeData = this.workflow?.staticData[`node:${this.options.node.name}`];
		return {
			items: this.current.items,
			staticData: json(nodeData ?? {}),
			saved: this.current.saved,
			error: this.current.error,
			phase,
		};
	}
}

function json<T>(value: T): IDataObject {
	return JSON.parse(JSON.stringify(value ?? {})) as IDataObject;
}

export function createPoller(options: PollerOptions): Poller {
	return new Poller(options);
}

/**
 * One poll of a fresh poller: 'trigger' = an activation (the first poll of an activated workflow),
 * 'manual' = Fetch Test Event. For many polls, keep a `createPoller()` and call `poll()`.
 */
export async function runPoll(
	options: PollerOptions & { mode?: 'trigger' | 'manual' },
): Promise<PollResult & { savedStaticData: IDataObject }> {
	const poller = createPoller(options);
	try {
		const result = options.mode === 'manual' ? await poller.fetchTestEvent() : await poller.poll();
		return { ...result, savedStaticData: poller.savedStaticData };
	} finally {
		await poller.close();
	}
}

// ---------------------------------------------------------------------------------------------
// Editor methods (load options)
// ---------------------------------------------------------------------------------------------

export interface LoadOptionsCall {
	/** The node as the editor holds it; its parameters are what the editor sends as currentNodeParameters. */
	node: INode;
	nodeTypes: NodeTypeMap;
	credentialTypes?: ICredentialType[];
	credentials?: CredentialsMap;
	/** The name in the node type's `methods.loadOptions`. */
	methodName: string;
	/** The parameter's path as the editor sends it, e.g. `parameters.options.x`. */
	path?: string;
}

/**
 * Calls a load-options method the way n8n's `POST /rest/dynamic-node-parameters/options` does
 * (packages/cli DynamicNodeParametersService): a one-node Workflow built from the editor's current
 * parameters, n8n-core's real `LoadOptionsContext` (mode 'internal') over it, the real credentials
 * helper and request helpers. Resolves with the options, or rejects with the method's error, which
 * the editor shows at the parameter.
 */
export async function callLoadOptions(call: LoadOptionsCall): Promise<INodePropertyOptions[]> {
	setUpN8nCore();
	const nodeTypes = new HarnessNodeTypes(call.nodeTypes);
	const nodeType = nodeTypes.getByNameAndVersion(call.node.type, call.node.typeVersion);
	const method = nodeType.methods?.loadOptions?.[call.methodName];
	if (typeof method !== 'function') throw new Error(`harness: no load-options method "${call.methodName}"`);
	const editorNode = structuredClone(call.node);
	const workflow = new Workflow({ nodes: [editorNode], connections: {}, active: false, nodeTypes });
	const credentialsHelper = new HarnessCredentialsHelper(
		new HarnessCredentialTypes(call.credentialTypes ?? []),
		call.credentials ?? {},
	);
	const id = `harness-load-options-${++executionCounter}`;
	const hooks = new ExecutionLifecycleHooks('internal', id, workflowBase(id, [editorNode], {}));
	const additionalData = {
		...additionalDataFor(credentialsHelper, hooks),
		currentNodeParameters: editorNode.parameters,
	};
	const context = new LoadOptionsContext(workflow, editorNode, additionalData, call.path ?? `parameters.${call.methodName}`);
	return await method.call(context);
}

// ---------------------------------------------------------------------------------------------
// Node definitions
// ---------------------------------------------------------------------------------------------

export interface NodeOptions {
	typeVersion?: number;
	/** Credential type → credential id (the id is also shown as the credential's name). */
	credentials?: Record<string, string>;
	onError?: INode['onError'];
	continueOnFail?: boolean;
	retryOnFail?: boolean;
	maxTries?: number;
	waitBetweenTries?: number;
	alwaysOutputData?: boolean;
	executeOnce?: boolean;
	disabled?: boolean;
	position?: [number, number];
}

let nodeCounter = 0;

export function node(
	name: string,
	type: string,
	parameters: INodeParameters = {},
	options: NodeOptions = {},
): INode {
	const { typeVersion = 1, credentials, position, ...settings } = options;
	nodeCounter++;
	return {
		id: `node-${nodeCounter}`,
		name,
		type,
		typeVersion,
		// v1 execution order sorts siblings by position: default to left-to-right creation order.
		position: position ?? [400 + nodeCounter * 200, 0],
		parameters,
		...(credentials && {
			credentials: Object.fromEntries(
				Object.entries(credentials).map(([credType, id]) => [credType, { id, name: id }]),
			),
		}),
		...settings,
	};
}

// ---------------------------------------------------------------------------------------------
// Editor methods (list search, load options, resource mapping)
// ---------------------------------------------------------------------------------------------

export interface MethodContextOptions {
	/** The node as the editor holds it: its type, credentials and current parameters. */
	node: INode;
	nodeTypes: NodeTypeMap;
	credentialTypes?: ICredentialType[];
	credentials?: CredentialsMap;
	/** The path of the parameter the editor asks for, e.g. `parameters.bookingId`. */
	path: string;
}

/**
 * The context n8n's `/rest/dynamic-node-parameters/*` routes hand to a node's listSearch,
 * loadOptions and resourceMapping methods: n8n-core's own `LoadOptionsContext`, over a one-node
 * workflow named like n8n's (`Temp-Node`), with the node's current parameters as the additional data's
 * `currentNodeParameters`, and the harness's real credentials helper.
 */
export function methodContext(options: MethodContextOptions): LoadOptionsContext {
	setUpN8nCore();
	const node: INode = { ...structuredClone(options.node), name: 'Temp-Node' };
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes(options.nodeTypes),
	});
	const credentialsHelper = new HarnessCredentialsHelper(
		new HarnessCredentialTypes(options.credentialTypes ?? []),
		options.credentials ?? {},
	);
	const id = `harness-${++executionCounter}`;
	const hooks = new ExecutionLifecycleHooks('internal', id, workflowBase(id, [node], {}));
	const additionalData = { ...additionalDataFor(credentialsHelper, hooks), currentNodeParameters: node.parameters };
	return new LoadOptionsContext(workflow, workflow.getNode('Temp-Node') ?? node, additionalData, options.path);
}
