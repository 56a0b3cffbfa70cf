import { LastEntries } from '../../../nodes/VenueBooking/trigger/lastEntries';

describe('LastEntries', () => {
	it('keeps the last values pushed, in arrival order, however many came', () => {
		const last = new LastEntries<number>(3);
		for (let i = 1; i <= 1000; i++) last.push(i);
		expect(last.last()).toEqual([998, 999, 1000]);
	});

	it('keeps everything while under its capacity, and nothing with capacity 0', () => {
		const few = new LastEntries<string>(5);
		few.push('a');
		few.push('b');
		expect(few.last()).toEqual(['a', 'b']);
		const none = new LastEntries(0);
		none.push('x');
		expect(none.last()).toEqual([]);
	});
});
