import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ApiClient } from '../../transport/request';
import type { ParameterReader } from './inputError';

/** Messages for the user about how the node read the API (e.g. the pagination it detected), shown once. */
export type HintSink = (message: string) => void;

/**
 * One operation of the node: its parameters (already limited to its resource/operation) and what it does
 * for one input item. The router owns the item loop, errors per item and pairing. An operation file with
 * parameters of its own exports exactly these two names.
 */
export interface Operation {
	description: INodeProperties[];
	execute(parameters: ParameterReader, itemIndex: number, client: ApiClient, hint: HintSink): Promise<IDataObject[]>;
}
