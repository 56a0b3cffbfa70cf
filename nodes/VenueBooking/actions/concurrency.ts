interface Failure {
	index: number;
	error: unknown;
}

/**
 * Runs `task` for indexes 0..count-1 with at most `limit` running at once, starting them in index order.
 * After the first failure no new task starts; the running ones finish, and the failure of the lowest
 * index is thrown, so the error a user sees does not depend on timing.
 */
export async function forEachConcurrently(
	count: number,
	limit: number,
	task: (index: number) => Promise<void>,
): Promise<void> {
	let nextIndex = 0;
	const failures: Failure[] = [];
	const worker = async (): Promise<void> => {
		while (failures.length === 0 && nextIndex < count) {
			const index = nextIndex++;
			try {
				await task(index);
			} catch (error) {
				failures.push({ index, error });
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, worker));
	if (failures.length > 0) {
		throw failures.reduce((first, failure) => (failure.index < first.index ? failure : first)).error;
	}
}
