import { forEachConcurrently } from '../../../nodes/VenueBooking/actions/concurrency';

/** A task whose runs are held until released, so a test sees how many are in flight. */
function gatedTask(fail: Set<number> = new Set()) {
	const started: number[] = [];
	let inFlight = 0;
	let peak = 0;
	const task = async (index: number) => {
		started.push(index);
		inFlight++;
		peak = Math.max(peak, inFlight);
		await new Promise((resolve) => setImmediate(resolve));
		inFlight--;
		if (fail.has(index)) throw new Error(`task ${index} failed`);
	};
	return { task, started, peak: () => peak };
}

describe('forEachConcurrently', () => {
	it('runs every index once, in start order, with at most `limit` at a time', async () => {
		const { task, started, peak } = gatedTask();
		await forEachConcurrently(10, 3, task);
		expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(peak()).toBe(3);
	});

	it('runs one at a time with limit 1, and copes with a limit above the count or below 1', async () => {
		const one = gatedTask();
		await forEachConcurrently(4, 1, one.task);
		expect(one.peak()).toBe(1);
		const wide = gatedTask();
		await forEachConcurrently(2, 50, wide.task);
		expect(wide.started).toEqual([0, 1]);
		const zero = gatedTask();
		await forEachConcurrently(3, 0, zero.task);
		expect(zero.started).toEqual([0, 1, 2]);
	});

	it('does nothing for no items', async () => {
		const { task, started } = gatedTask();
		await forEachConcurrently(0, 4, task);
		expect(started).toEqual([]);
	});

	it('starts nothing new after a failure and throws the failure of the lowest index', async () => {
		const { task, started } = gatedTask(new Set([2, 1]));
		await expect(forEachConcurrently(20, 3, task)).rejects.toThrow('task 1 failed');
		expect(started.length).toBeLessThan(20);
	});
});
