/** Compact node definitions for workflows the harness runs. */
import type { INode, INodeParameters } from 'n8n-workflow';

export interface NodeOptions {
	typeVersion?: number;
	/** Credential type → credential id (the id is also shown as the credential's name). */
	credentials?: Record<string, string>;
	onError?: INode['onError'];
	continueOnFail?: boolean;
	retryOnFail?: boolean;
	maxTries?: number;
	waitBetweenTries?: number;
	alwaysOutputData?: boolean;
	executeOnce?: boolean;
	disabled?: boolean;
	position?: [number, number];
}

let nodeCounter = 0;

export function node(
	name: string,
	type: string,
	parameters: INodeParameters = {},
	options: NodeOptions = {},
): INode {
	const { typeVersion = 1, credentials, position, ...settings } = options;
	nodeCounter++;
	return {
		id: `node-${nodeCounter}`,
		name,
		type,
		typeVersion,
		// v1 execution order sorts siblings by position: default to left-to-right creation order.
		position: position ?? [400 + nodeCounter * 200, 0],
		parameters,
		...(credentials && {
			credentials: Object.fromEntries(
				Object.entries(credentials).map(([credType, id]) => [credType, { id, name: id }]),
			),
		}),
		...settings,
	};
}
