import type { ILoadOptionsFunctions } from 'n8n-workflow';

import type { ParameterReader } from '../actions/common/inputError';
import { readTransportOptions } from '../actions/common/options';
import { ApiClient } from '../transport/request';

/** The editor's methods read the node's current parameters without items; readers expect an item index. */
export function editorParameters(context: ILoadOptionsFunctions): ParameterReader {
	return {
		getNode: () => context.getNode(),
		getNodeParameter: (name, _itemIndex, fallback) => context.getNodeParameter(name, fallback as never),
	};
}

/** A client for the editor's lists, with the retry and timeout settings the node's Options hold. */
export async function editorClient(context: ILoadOptionsFunctions): Promise<ApiClient> {
	const client = await ApiClient.create(context);
	return client.withOptions(readTransportOptions(editorParameters(context), 0));
}

/** The Identity Field option of the node, when the user named one. */
export function readIdentityField(context: ILoadOptionsFunctions): string {
	const value = context.getNodeParameter('options.identityPath', '') as unknown;
	return typeof value === 'string' ? value.trim() : '';
}
