import type { AdaptiveWindow } from '../transport/adaptiveWindow';
import type { LoadObserver } from '../transport/loadSignals';

interface Failure {
	index: number;
	error: unknown;
}

/**
 * Runs `task` for indexes 0..count-1, starting them in index order as the adaptive window allows (one
 * at a time when its cap is 1). Each task gets the observer of its place in the window, to report how the
 * API answered. After the first failure no new task starts; the running ones finish, and the failure of
 * the lowest index is thrown, so the error a user sees does not depend on timing.
 */
export async function forEachAdaptively(
	count: number,
	window: AdaptiveWindow,
	task: (index: number, observer: LoadObserver) => Promise<void>,
): Promise<void> {
	const failures: Failure[] = [];
	const running = new Set<Promise<void>>();
	for (let index = 0; index < count && failures.length === 0; index++) {
		const slot = await window.acquire();
		if (failures.length > 0) {
			slot.release();
			break;
		}
		const run: Promise<void> = task(index, slot)
			.catch((error: unknown) => {
				failures.push({ index, error });
			})
			.finally(() => {
				slot.release();
				running.delete(run);
			});
		running.add(run);
	}
	await Promise.all(running);
	if (failures.length > 0) {
		throw failures.reduce((first, failure) => (failure.index < first.index ? failure : first)).error;
	}
}
