import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { itemlessParameters } from '../actions/common/itemlessParameters';
import { readTransportOptions } from '../actions/common/options';
import { ApiClient } from '../transport/request';

/** A client for the editor's lists, with the retry and timeout settings the node's Options hold. */
export async function editorClient(context: ILoadOptionsFunctions): Promise<ApiClient> {
	const client = await ApiClient.create(context);
	return client.withOptions(readTransportOptions(itemlessParameters(context), 0));
}

/** The Identity Field option of the node, when the user named one. */
export function readIdentityField(context: ILoadOptionsFunctions): string {
	const value = context.getNodeParameter('options.identityPath', '') as unknown;
	return typeof value === 'string' ? value.trim() : '';
}
