import { forEachAdaptively } from '../../../nodes/VenueBooking/actions/adaptiveConcurrency';
import { AdaptiveWindow } from '../../../nodes/VenueBooking/transport/adaptiveWindow';

/** A task whose end the test decides, and a record of which tasks started. */
function controlledTasks() {
	const started: number[] = [];
	const finishers = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();
	let inFlight = 0;
	let peak = 0;
	const task = (index: number) =>
		new Promise<void>((resolve, reject) => {
			started.push(index);
			inFlight++;
			peak = Math.max(peak, inFlight);
			const done = () => inFlight--;
			finishers.set(index, { resolve: () => (done(), resolve()), reject: (error) => (done(), reject(error)) });
		});
	return { started, finishers, task, peak: () => peak };
}

/** Lets pending promise callbacks run (acquire, release and the task starts chained on them). */
const settle = async () => {
	for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** Whether the window still gives `count` places at once: it does only if every place was given back. */
async function windowIsFree(window: AdaptiveWindow, count: number): Promise<boolean> {
	const acquired = Promise.all(Array.from({ length: count }, () => window.acquire()));
	const result = await Promise.race([acquired.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200))]);
	return result;
}

describe('forEachAdaptively', () => {
	it('with a cap of 1 runs the tasks one at a time, in index order', async () => {
		const { started, finishers, task, peak } = controlledTasks();
		const run = forEachAdaptively(3, new AdaptiveWindow(1), task);
		for (const index of [0, 1, 2]) {
			await settle();
			expect(started).toEqual([0, 1, 2].slice(0, index + 1));
			finishers.get(index)!.resolve();
		}
		await run;
		expect(peak()).toBe(1);
	});

	it('starts as many at once as the window allows, and no more', async () => {
		const window = new AdaptiveWindow(3);
		const { started, finishers, task, peak } = controlledTasks();
		const run = forEachAdaptively(5, window, task);
		await settle();
		expect(started).toEqual([0, 1, 2]);
		finishers.get(1)!.resolve();
		await settle();
		expect(started).toEqual([0, 1, 2, 3]);
		for (const index of [0, 2, 3]) finishers.get(index)!.resolve();
		await settle();
		finishers.get(4)!.resolve();
		await run;
		expect(peak()).toBe(3);
		expect(await windowIsFree(window, 3)).toBe(true);
	});

	it('does nothing for no items', async () => {
		const task = jest.fn(async () => undefined);
		await forEachAdaptively(0, new AdaptiveWindow(2), task);
		expect(task).not.toHaveBeenCalled();
	});

	it('after a failure starts nothing new, lets the running tasks finish and gives every place back', async () => {
		const window = new AdaptiveWindow(2);
		const { started, finishers, task } = controlledTasks();
		const run = forEachAdaptively(6, window, task);
		let outcome: unknown = 'pending';
		run.then(() => (outcome = 'resolved'), (error: unknown) => (outcome = error));
		await settle();
		expect(started).toEqual([0, 1]);
		finishers.get(0)!.reject(new Error('item 0 failed'));
		await settle();
		expect(started).toEqual([0, 1]);
		expect(outcome).toBe('pending');
		finishers.get(1)!.resolve();
		await expect(run).rejects.toThrow('item 0 failed');
		expect(started).toEqual([0, 1]);
		expect(await windowIsFree(window, 2)).toBe(true);
	});

	it('throws the failure of the lowest index, whichever failed first', async () => {
		const { finishers, task } = controlledTasks();
		const run = forEachAdaptively(3, new AdaptiveWindow(3), task);
		await settle();
		finishers.get(2)!.reject(new Error('item 2 failed'));
		finishers.get(1)!.reject(new Error('item 1 failed'));
		finishers.get(0)!.resolve();
		await expect(run).rejects.toThrow('item 1 failed');
	});

	it('hands each task the observer of its place, which paces the window', async () => {
		const window = new AdaptiveWindow(4);
		await forEachAdaptively(2, window, async (_index, observer) => {
			observer.report({ kind: 'overloaded', reason: 'rate limit (429)' });
		});
		expect(window.summary().backoffs['rate limit (429)']).toBeGreaterThanOrEqual(1);
		expect(window.limit).toBeLessThan(4);
	});
});
