/**
 * Polling triggers: createPoller() / runPoll() activate a polling node through n8n-core's
 * `ActiveWorkflows` (a real `PollContext`) and keep its static data the way n8n's CLI does.
 */
import { Container } from '@n8n/di';
import {
	ActiveWorkflows,
	ExecutionLifecycleHooks,
	PollContext,
	WorkflowExecute,
	getExecuteTriggerFunctions,
} from 'n8n-core';
import {
	Workflow,
	type ICredentialType,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IPollFunctions,
	type NodeExecutionHint,
} from 'n8n-workflow';

import { HarnessCredentialTypes, HarnessCredentialsHelper, type CredentialsMap } from './credentials';
import { additionalDataFor, workflowBase } from './engine';
import { HarnessNodeTypes, type NodeTypeMap } from './nodeTypes';
import { cronTicks, setUpN8nCore } from './setup';

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
	/** Fetch Test Event: the execution hints n8n kept of the node's run, which the editor shows beside the node type's. */
	hints?: NodeExecutionHint[];
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
			hints: task?.hints ?? [],
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
