/**
 * A small seeded pseudo-random generator (mulberry32). Seeding, faults and scale generation all draw from
 * it, so the same seed always gives the same workspace and the same fault sequence.
 */
export interface Random {
	/** A float in [0, 1). */
	next(): number;
	/** An integer in [min, max], both inclusive. */
	int(min: number, max: number): number;
	pick<T>(items: readonly T[]): T;
	chance(probability: number): boolean;
}

// Module-level copies: inside jest's vm sandbox every global lookup (Math.*) goes through an interceptor,
// which made seeding at benchmark scale several times slower there than under plain Node.
const { imul, floor } = Math;

export function createRandom(seed: number): Random {
	let state = seed >>> 0;
	const next = (): number => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = imul(t ^ (t >>> 15), t | 1);
		t ^= t + imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int: (min, max) => min + floor(next() * (max - min + 1)),
		pick: (items) => items[floor(next() * items.length)],
		chance: (probability) => next() < probability,
	};
}
