import { readTimestamp, readTimestampField } from '../../nodes/VenueBooking/timestamps';

const JAN_1_2026 = Date.UTC(2026, 0, 1);

describe('readTimestamp', () => {
	it.each([
		['2026-01-01T00:00:00Z', 'isoDateTime', JAN_1_2026],
		['2026-01-01T00:00:00.123456Z', 'isoDateTime', JAN_1_2026 + 123],
		['2026-01-01T01:00:00+01:00', 'isoDateTime', JAN_1_2026],
		['2026-01-01T01:00:00+0100', 'isoDateTime', JAN_1_2026],
		['2026-01-01 00:00:00', 'isoDateTime', JAN_1_2026],
		['2026-01-01T00:00', 'isoDateTime', JAN_1_2026],
		[1767225600, 'unixSeconds', JAN_1_2026],
		[1767225600.5, 'unixSeconds', JAN_1_2026 + 500],
		[1.7672256e9, 'unixSeconds', JAN_1_2026],
		['1767225600', 'unixSeconds', JAN_1_2026],
		['1767225600.000100', 'unixSeconds', JAN_1_2026 + 0.1],
		[1767225600000, 'unixMilliseconds', JAN_1_2026],
		['1767225600000', 'unixMilliseconds', JAN_1_2026],
	])('reads %j as %s', (value, form, epochMs) => {
		const stamp = readTimestamp(value);
		expect(stamp?.form).toBe(form);
		expect(stamp?.epochMs).toBeCloseTo(epochMs, 3);
	});

	it.each([
		// Below 2001-09-09 or past 2099 in either unit, and the gap between the units.
		999_999_999,
		4_100_000_001,
		50_000_000_000,
		999_999_999_999,
		4_100_000_000_001,
		// Counts, amounts, small ids, booleans, fractions of a millisecond.
		0,
		42,
		-1767225600,
		1767225600000.5,
		'1767225600000.5',
		Number.NaN,
		Number.POSITIVE_INFINITY,
		true,
		null,
		undefined,
		{ seconds: 1767225600 },
		// Texts that only look like times: a date alone, a number with a sign or exponent, words, junk.
		'2026-01-01',
		'2026-13-45T10:00:00Z',
		'2026-01-01T00:00:00 UTC',
		'+1767225600',
		'1.7672256e9',
		'1767225600 ',
		'next tuesday',
		'',
	])('refuses %j', (value) => {
		expect(readTimestamp(value)).toBeUndefined();
	});
});

describe('readTimestampField', () => {
	it('gives the instants of values that are all timestamps of one form, numbers and numeric texts alike', () => {
		expect(readTimestampField([1767225600, '1767225660'])).toEqual({ form: 'unixSeconds', epochMs: [JAN_1_2026, JAN_1_2026 + 60_000] });
		expect(readTimestampField(['2026-01-01T00:00:00Z', '2026-01-01T01:00:00+01:00'])?.epochMs).toEqual([JAN_1_2026, JAN_1_2026]);
	});

	it('refuses a field that mixes forms, holds a value that is not a timestamp, or holds nothing', () => {
		expect(readTimestampField([1767225600, 1767225600000])).toBeUndefined();
		expect(readTimestampField([1767225600, '2026-01-01T00:00:00Z'])).toBeUndefined();
		expect(readTimestampField([1767225600, 1767225660, 3])).toBeUndefined();
		expect(readTimestampField([1767225600, null])).toBeUndefined();
		expect(readTimestampField([])).toBeUndefined();
	});
});
