/**
 * A read-only ordered view. Plain arrays satisfy it, and so does a reversed view of the journal that costs
 * nothing to make, which keeps newest-first listing of 100k entries cheap.
 */
export interface Sequence<T> {
	readonly length: number;
	at(index: number): T | undefined;
}

/** The sequence read from its end; its length is fixed when made, like a snapshot. */
export function reversed<T>(items: readonly T[]): Sequence<T> {
	const length = items.length;
	return { length, at: (index) => (index >= 0 && index < length ? items[length - 1 - index] : undefined) };
}

export function toArray<T>(sequence: Sequence<T>, start = 0, end = sequence.length): T[] {
	const result: T[] = [];
	for (let index = Math.max(0, start); index < Math.min(end, sequence.length); index++) result.push(sequence.at(index)!);
	return result;
}
