/**
 * Node types: the harness's own Start (a manual trigger) and Items nodes, and the registry n8n-core asks
 * for a workflow's node types, prepared as n8n's loader prepares them.
 */
import { DirectoryLoader } from 'n8n-core';
import {
	NodeHelpers,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
	type ITriggerFunctions,
	type ITriggerResponse,
	type IVersionedNodeType,
} from 'n8n-workflow';

export type NodeTypeMap = Record<string, INodeType | IVersionedNodeType>;

export const START_NODE = 'Start';
export const ITEMS_NODE = 'Items';
export const START_NODE_TYPE = 'harness.manualTrigger';
export const ITEMS_NODE_TYPE = 'harness.items';

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
export class ManualTrigger implements INodeType {
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
export function itemsSource(items: INodeExecutionData[]): INodeType {
	return {
		description: harnessDescription(ITEMS_NODE_TYPE, 'Items', ['main']),
		// A fresh copy per run: the engine writes pairedItem onto the items it passes on.
		execute: async () => [structuredClone(items)],
	};
}

export function toItems(items: Array<INodeExecutionData | IDataObject>): INodeExecutionData[] {
	return items.map((item) =>
		typeof item.json === 'object' && item.json !== null
			? (item as INodeExecutionData)
			: { json: item as IDataObject },
	);
}

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

export class HarnessNodeTypes implements INodeTypes {
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
