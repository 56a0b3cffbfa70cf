/** runWorkflow(): a real `WorkflowExecute` run of the given nodes, behind the harness's Start node. */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	Workflow,
	type ICredentialType,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IRun,
	type IRunData,
	type ITaskData,
	type IWorkflowSettings,
	type NodeExecutionHint,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { HarnessCredentialTypes, HarnessCredentialsHelper, type CredentialsMap } from './credentials';
import { additionalDataFor, workflowBase } from './engine';
import { node } from './node';
import {
	HarnessNodeTypes,
	ITEMS_NODE,
	ITEMS_NODE_TYPE,
	ManualTrigger,
	START_NODE,
	START_NODE_TYPE,
	itemsSource,
	toItems,
	type NodeTypeMap,
} from './nodeTypes';
import { setUpN8nCore } from './setup';
import { storedError, type StoredError } from './stored';

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

let executionCounter = 0;

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
