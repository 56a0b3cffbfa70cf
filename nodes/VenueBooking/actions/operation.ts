/**
 * What one operation of the action node is: its parameters and what it does for one input item. A module of
 * its own, so that the operations (get.ts, list.ts, write.ts) and the table that lists them (operations.ts)
 * do not import each other.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { ParameterReader } from '../parameters/readers';
import type { ApiClient } from '../transport/request';

/** Messages for the user about how the node read the API (e.g. the pagination it detected), shown once. */
export type HintSink = (message: string) => void;

/**
 * One operation of the node: its parameters (already limited to its resource/operation) and what it does
 * for one input item. The router owns the item loop, errors per item and pairing.
 */
export interface Operation {
	description: INodeProperties[];
	execute(parameters: ParameterReader, itemIndex: number, client: ApiClient, hint: HintSink): Promise<IDataObject[]>;
}
