import type { INode } from 'n8n-workflow';

import type { ParameterReader } from './inputError';

/** What the trigger's poll context and the editor's method contexts share: parameters read without an item. */
interface ItemlessContext {
	getNode(): INode;
	getNodeParameter(name: string, fallback?: unknown): unknown;
}

/**
 * The shared parameter readers expect an item index, which poll and editor contexts have not: they read the
 * node's one set of parameters. One adapter for both, so the trigger and its editor dropdowns read alike.
 */
export function itemlessParameters(context: ItemlessContext): ParameterReader {
	return {
		getNode: () => context.getNode(),
		getNodeParameter: (name, _itemIndex, fallback) => context.getNodeParameter(name, fallback),
	};
}
