import { canonicalJson } from '../transport/canonicalJson';
import { isPlainObject, readPath } from '../transport/paths';

/**
 * How the trigger tells journal entries apart. The API document shows no field of a delivery, so:
 * the entry's own `id` when every entry seen at the start has a scalar one (an id survives status
 * changes of an entry), else a hash of the entry's canonical JSON, or a field the user names.
 */
export type IdentityMode = 'id' | 'hash';

/** Ids longer than this are hashed, so the remembered identities stay within the state's size bound. */
const MAX_IDENTITY_LENGTH = 64;

function isScalar(value: unknown): value is string | number | boolean {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `id` when every entry has a scalar `id`; otherwise content hashes. Decided once and then kept. */
export function chooseIdentityMode(entries: unknown[]): IdentityMode {
	const allHaveIds = entries.length > 0 && entries.every((entry) => isPlainObject(entry) && isScalar(readPath(entry, 'id')));
	return allHaveIds ? 'id' : 'hash';
}

/** The identity of one entry: a short string, equal for the same entry across polls and restarts. */
export function identityOf(entry: unknown, mode: IdentityMode, fieldPath?: string): string {
	const field = fieldPath ? readPath(entry, fieldPath) : mode === 'id' ? readPath(entry, 'id') : undefined;
	if (isScalar(field)) {
		const text = `${typeof field === 'string' ? 's' : 'n'}:${String(field)}`;
		return text.length <= MAX_IDENTITY_LENGTH ? text : `h:${hashText(text)}`;
	}
	return `h:${hashText(canonicalJson(entry))}`;
}

/**
 * A 64-bit hash (two independent 32-bit lanes) of a string, as 16 hex digits. Not cryptographic: it
 * only has to tell apart the few hundred entries the trigger remembers, where a collision is
 * vanishingly unlikely. Written here because node code may import nothing but n8n-workflow.
 */
export function hashText(text: string): string {
	let a = 0x9e3779b9 ^ text.length;
	let b = 0x85ebca6b ^ Math.imul(text.length, 0x27d4eb2f);
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		a = Math.imul(a ^ code, 0xcc9e2d51);
		a = (a << 15) | (a >>> 17);
		b = Math.imul(b ^ code, 0x1b873593);
		b = (b << 13) | (b >>> 19);
		b = (Math.imul(b, 5) + 0xe6546b64) | 0;
	}
	return toHex(finalMix(a ^ b)) + toHex(finalMix(b + Math.imul(a, 3)));
}

/** Spreads every input bit over the whole word, so similar entries get unrelated hashes. */
function finalMix(value: number): number {
	let h = value;
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

function toHex(value: number): string {
	return value.toString(16).padStart(8, '0');
}
