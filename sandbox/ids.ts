/**
 * Record identifiers. They are unique per collection but deliberately not in creation order (the sequence
 * number is scrambled by a bijection), so a client that sorts by id instead of following the list's own
 * order gets caught by the tests.
 */

// A module-level copy: global lookups are slow inside jest's vm sandbox, and this runs 100k+ times at scale.
const { imul } = Math;

function scramble(sequence: number): number {
	let x = imul(sequence, 0x9e3779b1) >>> 0;
	x = (x ^ (x >>> 16)) >>> 0;
	x = imul(x, 0x85ebca6b) >>> 0;
	return (x ^ (x >>> 13)) >>> 0;
}

export function makeId(prefix: string, sequence: number): string {
	return `${prefix}_${scramble(sequence).toString(36).padStart(7, '0')}`;
}

export const ID_PREFIX = {
	client: 'cli',
	booking: 'bkg',
	payment: 'pay',
	delivery: 'dlv',
} as const;
