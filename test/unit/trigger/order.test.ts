import { detectOrder } from '../../../nodes/VenueBooking/trigger/order';

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
