/**
 * The last `capacity` values pushed, in arrival order: the journal's newest end while walking an oldest-first
 * list. Trimmed in batches, so pushing stays cheap on 100,000-entry journals.
 */
export class LastEntries<T = unknown> {
	private readonly items: T[] = [];

	constructor(private readonly capacity: number) {}

	push(value: T): void {
		if (this.capacity === 0) return;
		this.items.push(value);
		if (this.items.length >= this.capacity * 2) this.items.splice(0, this.items.length - this.capacity);
	}

	last(): T[] {
		return this.items.slice(-this.capacity);
	}
}
