/** Latency timers that `close()` can cut short, so a closing sandbox never waits for injected latency. */
export class CancellableDelays {
	private readonly pending = new Set<{ timer: NodeJS.Timeout; resolve: (completed: boolean) => void }>();

	/** Resolves true after `ms`, or false as soon as `cancelAll` is called. */
	wait(ms: number): Promise<boolean> {
		return new Promise((resolve) => {
			const entry = {
				timer: setTimeout(() => {
					this.pending.delete(entry);
					resolve(true);
				}, ms),
				resolve,
			};
			this.pending.add(entry);
		});
	}

	cancelAll(): void {
		for (const entry of this.pending) {
			clearTimeout(entry.timer);
			entry.resolve(false);
		}
		this.pending.clear();
	}
}
