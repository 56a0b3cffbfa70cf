/** What n8n-core needs around a Workflow to execute it: the workflow row and the additional data. */
import { ExecutionLifecycleHooks, ExternalSecretsProxy } from 'n8n-core';
import type {
	ICredentialsHelper,
	IConnections,
	INode,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

const BASE_URL = 'http://127.0.0.1:5678';

export function workflowBase(id: string, nodes: INode[], connections: IConnections): IWorkflowBase {
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

export function additionalDataFor(
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
