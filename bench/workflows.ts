/**
 * The two contenders as n8n runs them: one node after a manual start (and an items source when there are
 * input items), executed by n8n-core's real WorkflowExecute through the project's workflow test harness.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { node, runWorkflow, type WorkflowResult } from '../test/workflow/harness';
import { API_KEY } from './config';
import { CORE_LOOP_NAME, CORE_LOOP_TYPE, CoreLoop } from './coreLoopNode';
import { HTTP_NODE_TYPE, HTTP_NODE_VERSION, loadHttpRequestNode } from './httpRequestNode';
import { credentialsFor, credentialTypes, NODE_NAME, NODE_TYPE, nodeTypes } from './ourNodes';

export const HTTP_NODE_NAME = 'HTTP Request';

/**
 * 'cli' is how `n8n execute` runs a workflow; unlike 'manual' (the editor) nothing keeps a copy of a response
 * for the editor's benefit, so neither node pays for that.
 */
const MODE = 'cli';

function outputItems(result: WorkflowResult, nodeName: string): INodeExecutionData[] {
	const error = result.errorOf(nodeName) ?? result.executionError;
	if (error) throw new Error(`${nodeName} failed: ${error.message} — ${String(error.description ?? '')}`);
	return result.outputOf(nodeName)[0] ?? [];
}

/** Runs the Venue Booking node; returns its output items (throws if it failed). */
export async function runOurNode(
	baseUrl: string,
	parameters: INodeParameters,
	inputItems?: IDataObject[],
	nodeOptions: { onError?: 'continueRegularOutput' } = {},
): Promise<INodeExecutionData[]> {
	const result = await runWorkflow({
		nodes: [node(NODE_NAME, NODE_TYPE, parameters, { credentials: { venueBookingApi: 'cred' }, ...nodeOptions })],
		nodeTypes,
		credentialTypes,
		credentials: credentialsFor(baseUrl, API_KEY),
		inputItems,
		mode: MODE,
	});
	return outputItems(result, NODE_NAME);
}

let httpNode: ReturnType<typeof loadHttpRequestNode> | undefined;

/**
 * Runs n8n's HTTP Request node with a Bearer Auth credential (Authentication: Generic Credential Type →
 * Bearer Auth), the way a user connects it to a bearer-key API; returns its output items.
 */
export async function runHttpRequestNode(
	parameters: INodeParameters,
	inputItems?: IDataObject[],
	nodeOptions: { onError?: 'continueRegularOutput' } = {},
): Promise<INodeExecutionData[]> {
	httpNode ??= loadHttpRequestNode();
	const result = await runWorkflow({
		nodes: [
			node(
				HTTP_NODE_NAME,
				HTTP_NODE_TYPE,
				{ authentication: 'genericCredentialType', genericAuthType: 'httpBearerAuth', ...parameters },
				{ typeVersion: HTTP_NODE_VERSION, credentials: { httpBearerAuth: 'bearer' }, ...nodeOptions },
			),
		],
		nodeTypes: { [HTTP_NODE_TYPE]: httpNode.nodeType },
		credentialTypes: [httpNode.bearerAuth],
		credentials: { bearer: { type: 'httpBearerAuth', data: { token: API_KEY } } },
		inputItems,
		mode: MODE,
	});
	return outputItems(result, HTTP_NODE_NAME);
}

/** Runs the bench's n8n-core loop node (see coreLoopNode.ts) with the Venue Booking credential. */
export async function runCoreLoopNode(
	baseUrl: string,
	parameters: INodeParameters,
	inputItems?: IDataObject[],
): Promise<INodeExecutionData[]> {
	const result = await runWorkflow({
		nodes: [node(CORE_LOOP_NAME, CORE_LOOP_TYPE, parameters, { credentials: { venueBookingApi: 'cred' } })],
		nodeTypes: { [CORE_LOOP_TYPE]: new CoreLoop() },
		credentialTypes,
		credentials: credentialsFor(baseUrl, API_KEY),
		inputItems,
		mode: MODE,
	});
	return outputItems(result, CORE_LOOP_NAME);
}
