import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { chooseIdentityMode } from '../trigger/identity';
import { isPlainObject, readPath } from '../transport/paths';

/** How records are told apart in the editor: the trigger's rule, `id` or a field the user names. */
export interface IdentityRule {
	/** A dot path into each record. */
	path: string;
	/** Whether the user named it (messages then point at their option). */
	named: boolean;
}

const DETECTED_ID = 'id';

/**
 * The identity rule for a sample of records, the same one the trigger uses: the user's Identity Field when
 * given; otherwise `id` when every record has a scalar one. Records without either cannot be picked from a
 * list (a content hash is no identifier the API would accept in a path), which the error says.
 */
export function chooseIdentity(node: INode, records: unknown[], identityField: string, what: string): IdentityRule {
	const named = identityField.trim();
	if (named !== '') return { path: named, named: true };
	if (records.length === 0 || chooseIdentityMode(records) === 'id') return { path: DETECTED_ID, named: false };
	throw new NodeOperationError(node, `The ${what} records in your workspace have no "${DETECTED_ID}" field to pick them by`, {
		description: `Name the field that identifies a ${what} under Options > Identity Field, or use By ID.`,
	});
}

/** A record's identity as text, or undefined when the record lacks a scalar value at the rule's path. */
export function identityOf(record: unknown, rule: IdentityRule): string | undefined {
	if (!isPlainObject(record)) return undefined;
	const value = readPath(record, rule.path);
	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
	return undefined;
}
