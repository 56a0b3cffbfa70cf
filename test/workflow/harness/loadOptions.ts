/**
 * The editor's method calls (list search, load options, resource mapping) as n8n's REST API makes them,
 * through n8n-core's real LoadOptionsContext.
 */
import { ExecutionLifecycleHooks, LoadOptionsContext } from 'n8n-core';
import { Workflow, type ICredentialType, type INode, type INodePropertyOptions } from 'n8n-workflow';

import { HarnessCredentialTypes, HarnessCredentialsHelper, type CredentialsMap } from './credentials';
import { additionalDataFor, workflowBase } from './engine';
import { HarnessNodeTypes, type NodeTypeMap } from './nodeTypes';
import { setUpN8nCore } from './setup';

export interface MethodContextOptions {
	/** The node as the editor holds it: its type, credentials and current parameters. */
	node: INode;
	nodeTypes: NodeTypeMap;
	credentialTypes?: ICredentialType[];
	credentials?: CredentialsMap;
	/** The path of the parameter the editor asks for, e.g. `parameters.bookingId`. */
	path: string;
	/**
	 * A workflow time zone for the method's context. n8n's editor routes never set one (they build a one-node workflow
	 * without settings, so methods see the instance's zone): leave it out to call a method as n8n does.
	 */
	timezone?: string;
}

let contextCounter = 0;

/**
 * The context n8n's `/rest/dynamic-node-parameters/*` routes hand to a node's listSearch, loadOptions and
 * resourceMapping methods: n8n-core's own `LoadOptionsContext` (mode 'internal') over a one-node workflow
 * named like n8n's (`Temp-Node`), with the node's current parameters as the additional data's
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
		settings: options.timezone ? { timezone: options.timezone } : undefined,
	});
	const credentialsHelper = new HarnessCredentialsHelper(
		new HarnessCredentialTypes(options.credentialTypes ?? []),
		options.credentials ?? {},
	);
	const id = `harness-editor-${++contextCounter}`;
	const hooks = new ExecutionLifecycleHooks('internal', id, workflowBase(id, [node], {}));
	const additionalData = { ...additionalDataFor(credentialsHelper, hooks), currentNodeParameters: node.parameters };
	return new LoadOptionsContext(workflow, workflow.getNode('Temp-Node') ?? node, additionalData, options.path);
}

export interface LoadOptionsCall extends Omit<MethodContextOptions, 'path'> {
	/** The name in the node type's `methods.loadOptions`. */
	methodName: string;
	/** The parameter's path as the editor sends it, e.g. `parameters.options.x`. */
	path?: string;
}

/**
 * Calls a load-options method the way `POST /rest/dynamic-node-parameters/options` does. Resolves with the
 * options, or rejects with the method's error, which the editor shows at the parameter.
 */
export async function callLoadOptions(call: LoadOptionsCall): Promise<INodePropertyOptions[]> {
	const nodeType = new HarnessNodeTypes(call.nodeTypes).getByNameAndVersion(call.node.type, call.node.typeVersion);
	const method = nodeType.methods?.loadOptions?.[call.methodName];
	if (typeof method !== 'function') throw new Error(`harness: no load-options method "${call.methodName}"`);
	return await method.call(methodContext({ ...call, path: call.path ?? `parameters.${call.methodName}` }));
}
