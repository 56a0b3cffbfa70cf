import { labelOf, matchesSearch, textKind } from '../../../nodes/VenueBooking/methods/labels';

describe('readable labels from a record\'s content', () => {
	it.each([
		['Studio B (Daylight)', 'phrase'],
		['ana@example.com', 'email'],
		['2027-02-24T15:00:00Z', 'dateTime'],
		['2027-02-24', 'dateTime'],
		['confirmed', 'word'],
		['room_rehearsal_1', undefined],
		['8f3c2a91', undefined],
		['', undefined],
		['x'.repeat(61), undefined],
		[42, undefined],
	])('%p reads as %p', (value, kind) => {
		expect(textKind(value)).toBe(kind);
	});

	it('takes the first phrase, then an email, a date-time or a word, whatever the fields are called', () => {
		expect(labelOf({ k1: 'cli_9', k2: 'Dmitri Moreau', k3: 'd@example.com', k4: '2025-03-01T08:00:00Z' }, 'cli_9')).toBe(
			'Dmitri Moreau · d@example.com',
		);
		expect(labelOf({ a: 'room_x', b: '2027-02-24T15:00:00Z', c: 'confirmed', d: '2027-02-24T17:00:00Z' }, 'b1')).toBe(
			'2027-02-24T15:00:00Z · confirmed',
		);
	});

	it('falls back to the identity when nothing is readable, and never shows the identity twice', () => {
		expect(labelOf({ id: 7, ref: 'x_1', n: 3 }, '7')).toBe('7');
		expect(labelOf({ code: 'alpha' }, 'alpha')).toBe('alpha');
		expect(labelOf('not an object', 'abc')).toBe('abc');
	});

	it('matches the search text in the label or any top-level value, without case', () => {
		const record = { id: 'b1', who: 'Ana Lima', room: 'room_a' };
		expect(matchesSearch(record, 'Ana Lima', 'ana')).toBe(true);
		expect(matchesSearch(record, 'Ana Lima', 'ROOM_A')).toBe(true);
		expect(matchesSearch(record, 'Ana Lima', 'loft')).toBe(false);
		expect(matchesSearch(record, 'Ana Lima', '  ')).toBe(true);
	});
});
