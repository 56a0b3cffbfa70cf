import { describeUnknownOrder, detectOrder, judgeOrder } from '../../../nodes/VenueBooking/trigger/order';

describe('journal order detection', () => {
	const at = (minutes: number[]) => minutes.map((m, i) => ({ n: i, created: new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString() }));

	it('reads rising or falling date-times', () => {
		expect(detectOrder(at([1, 2, 3]))).toBe('oldestFirst');
		expect(detectOrder(at([3, 2, 2, 1]))).toBe('newestFirst');
	});

	it('refuses to guess from too few entries, mixed dates or numbers alone', () => {
		expect(detectOrder(at([1, 2]))).toBeUndefined();
		expect(detectOrder(at([1, 3, 2]))).toBeUndefined();
		expect(detectOrder([{ id: 1 }, { id: 2 }, { id: 3 }])).toBeUndefined();
	});

	it('needs at least three entries, all objects', () => {
		expect(detectOrder([...at([1, 2]), 'x'])).toBeUndefined();
		expect(detectOrder([])).toBeUndefined();
	});

	it('refuses when two date fields disagree', () => {
		const entries = [
			{ a: '2026-01-01T00:00:00Z', b: '2026-02-03T00:00:00Z' },
			{ a: '2026-01-02T00:00:00Z', b: '2026-02-02T00:00:00Z' },
			{ a: '2026-01-03T00:00:00Z', b: '2026-02-01T00:00:00Z' },
		];
		expect(detectOrder(entries)).toBeUndefined();
	});
});

describe('journal order from numeric timestamps (judged by value, never by field name)', () => {
	const SECOND = 1767225600;
	const entries = (values: unknown[], field = 'n') => values.map((value, i) => ({ id: `d${i}`, [field]: value }));

	it('reads Unix seconds, rising or falling, whatever the field is called', () => {
		expect(detectOrder(entries([SECOND, SECOND + 60, SECOND + 120]))).toBe('oldestFirst');
		expect(detectOrder(entries([SECOND + 120, SECOND + 60, SECOND], 'created'))).toBe('newestFirst');
		expect(detectOrder(entries([SECOND + 0.5, SECOND + 0.25, SECOND + 0.125], 'x9'))).toBe('newestFirst');
	});

	it('reads Unix milliseconds', () => {
		const ms = SECOND * 1000;
		expect(detectOrder(entries([ms + 2, ms + 1, ms]))).toBe('newestFirst');
		expect(detectOrder(entries([ms, ms + 1000, ms + 2000]))).toBe('oldestFirst');
	});

	it('reads numeric texts, Slack-style decimal seconds included', () => {
		expect(detectOrder(entries(['1767225600.000300', '1767225600.000200', '1767225600.000100'], 'ts'))).toBe('newestFirst');
		expect(detectOrder(entries(['1767225600', '1767225660', '1767225720']))).toBe('oldestFirst');
		expect(detectOrder(entries(['1767225600000', '1767225600001', '1767225600002']))).toBe('oldestFirst');
	});

	it('ignores numbers outside the plausible ranges: counts, amounts, small ids', () => {
		expect(detectOrder(entries([3, 2, 1]))).toBeUndefined();
		expect(detectOrder(entries([50_000_000_000, 40_000_000_000, 30_000_000_000]))).toBeUndefined();
		expect(detectOrder(entries([999_999_999, 999_999_998, 999_999_997]))).toBeUndefined();
		expect(detectOrder(entries([4_200_000_000, 4_100_000_001, 4_100_000_000]))).toBeUndefined();
	});

	it('ignores a field whose values are not all timestamps of one kind', () => {
		expect(detectOrder(entries([SECOND * 1000, SECOND + 60, SECOND + 120]))).toBeUndefined();
		expect(detectOrder(entries([SECOND + 120, SECOND + 60, 7]))).toBeUndefined();
		expect(detectOrder(entries([SECOND + 120, '2026-01-01T00:01:00Z', SECOND]))).toBeUndefined();
		expect(detectOrder(entries([SECOND + 120, null, SECOND]))).toBeUndefined();
	});

	it('uses the fields that are timestamps and leaves amounts alone', () => {
		const journal = [
			{ amount: 1_500_000, created: SECOND + 120 },
			{ amount: 9_000_000, created: SECOND + 60 },
			{ amount: 2_000_000, created: SECOND },
		];
		expect(judgeOrder(journal)).toEqual({ order: 'newestFirst', fields: ['created'] });
	});

	it('refuses when a numeric and an ISO timestamp field disagree, and agrees when they agree', () => {
		const iso = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
		const disagree = [0, 1, 2].map((i) => ({ created: SECOND + i * 60, updated: iso(10 - i) }));
		expect(detectOrder(disagree)).toBeUndefined();
		const agree = [0, 1, 2].map((i) => ({ created: SECOND + i * 60, updated: iso(i) }));
		expect(judgeOrder(agree)).toEqual({ order: 'oldestFirst', fields: ['created', 'updated'] });
	});
});

describe('why the order could not be told', () => {
	it('says too few entries, no timestamps, or timestamps that disagree or stand still', () => {
		expect(judgeOrder([{ created: 1767225600 }, { created: 1767225660 }])).toEqual({ order: undefined, reason: 'tooFewEntries' });
		expect(judgeOrder([{ id: 1 }, { id: 2 }, { id: 3 }])).toEqual({ order: undefined, reason: 'noTimestamps' });
		expect(judgeOrder(['a', 'b', 'c'])).toEqual({ order: undefined, reason: 'noTimestamps' });
		const still = [0, 1, 2].map((id) => ({ id, created: 1767225600 }));
		expect(judgeOrder(still)).toEqual({ order: undefined, reason: 'timestampsDisagree' });
		const zigzag = [0, 120, 60].map((step) => ({ created: 1767225600 + step }));
		expect(judgeOrder(zigzag)).toEqual({ order: undefined, reason: 'timestampsDisagree' });
	});

	it('puts the reason in words', () => {
		expect(describeUnknownOrder('tooFewEntries', 1)).toBe('only 1 entry on its first page');
		expect(describeUnknownOrder('tooFewEntries', 2)).toBe('only 2 entries on its first page');
		expect(describeUnknownOrder('noTimestamps', 3)).toBe('no timestamps');
		expect(describeUnknownOrder('timestampsDisagree', 3)).toBe('its timestamps do not all rise or all fall');
	});

	it('never reads machinery keys as fields', () => {
		const hostile = [0, 1, 2].map((i) => JSON.parse(`{ "__proto__": ${1767225600 + i}, "id": ${i} }`) as unknown);
		expect(judgeOrder(hostile)).toEqual({ order: undefined, reason: 'noTimestamps' });
	});
});

describe('timestamps one object down', () => {
	it('reads the order from a nested object every entry has (JSON:API attributes), by shape, not by name', () => {
		const entry = (at: string, id: string) => ({ type: 'deliveries', id, attributes: { event: 'booking.created', created_at: at } });
		const newestFirst = [entry('2027-03-01T10:00:03Z', 'c'), entry('2027-03-01T10:00:02Z', 'b'), entry('2027-03-01T10:00:01Z', 'a')];
		expect(detectOrder(newestFirst)).toBe('newestFirst');
		expect(detectOrder([...newestFirst].reverse())).toBe('oldestFirst');
		// An object only some entries have is not read.
		expect(judgeOrder([entry('2027-03-01T10:00:01Z', 'a'), { id: 'b' }, { id: 'c' }]).order).toBeUndefined();
	});
});
