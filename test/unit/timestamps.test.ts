import { formatLocalTime, formatWallClock, isDateOrDateTimeText, isKnownTimeZone, isMomentForm, momentFormOf, readMomentInput, readTimestamp, readTimestampField, writeMoment } from '../../nodes/VenueBooking/timestamps';

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

describe('moments in the workspace\'s form, times in the user\'s zone', () => {
	const NY = 'America/New_York';
	const instant = Date.parse('2026-11-26T20:00:00Z');

	it('learns the form from one value: ISO separator, seconds, fraction and zone as written, or the Unix clock', () => {
		expect(momentFormOf('2027-03-01T09:00:00Z')).toEqual({ kind: 'iso', separator: 'T', seconds: true, fraction: 0, zone: 'Z' });
		expect(momentFormOf('2027-03-01T09:00:00.000000Z')).toEqual({ kind: 'iso', separator: 'T', seconds: true, fraction: 6, zone: 'Z' });
		expect(momentFormOf('2027-03-01 09:00')).toEqual({ kind: 'iso', separator: ' ', seconds: false, fraction: 0, zone: '' });
		expect(momentFormOf('2027-03-01T09:00:00.000+0000')).toEqual({ kind: 'iso', separator: 'T', seconds: true, fraction: 3, zone: '+0000' });
		expect(momentFormOf(1803805200)).toEqual({ kind: 'unixSeconds', text: false });
		expect(momentFormOf('1803805200000')).toEqual({ kind: 'unixMilliseconds', text: true });
		expect(momentFormOf('room_a')).toBeUndefined();
	});

	it('writes an instant in each form; an offset is kept as the workspace writes it, no zone means UTC (as it is read)', () => {
		const write = (value: unknown) => writeMoment(instant, momentFormOf(value)!);
		expect(write('2027-03-01T09:00:00Z')).toBe('2026-11-26T20:00:00Z');
		expect(write('2027-03-01T09:00:00.000Z')).toBe('2026-11-26T20:00:00.000Z');
		expect(write('2027-03-01T09:00:00+02:00')).toBe('2026-11-26T22:00:00+02:00');
		expect(write('2027-03-01T09:00:00.000-0500')).toBe('2026-11-26T15:00:00.000-0500');
		expect(write('2027-03-01 09:00')).toBe('2026-11-26 20:00');
		// What is written without a zone reads back as the same instant.
		expect(readTimestamp(write('2027-03-01 09:00:00'))?.epochMs).toBe(instant);
		expect(write(1803805200)).toBe(1795723200);
		expect(write('1803805200')).toBe('1795723200');
		expect(write(1803805200000)).toBe(1795723200000);
	});

	it('reads a time without offset in the zone, across daylight saving; with an offset, Unix times, Dates and Luxon-like objects as they are', () => {
		expect(readMomentInput('2026-11-26T15:00:00', NY)).toBe(instant);
		expect(readMomentInput('2026-11-26 15:00', NY)).toBe(instant);
		expect(readMomentInput('2026-07-01T15:00', NY)).toBe(Date.parse('2026-07-01T19:00:00Z'));
		expect(readMomentInput('2026-11-26T15:00:00', 'Asia/Kolkata')).toBe(Date.parse('2026-11-26T09:30:00Z'));
		expect(readMomentInput('2026-11-26T21:00:00+01:00', NY)).toBe(instant);
		expect(readMomentInput('2026-11-26T20:00:00.000+0000', NY)).toBe(instant);
		expect(readMomentInput(1795723200, NY)).toBe(instant);
		expect(readMomentInput(new Date(instant), NY)).toBe(instant);
		expect(readMomentInput({ toMillis: () => instant }, NY)).toBe(instant);
		expect(readMomentInput('2026-13-01T10:00', NY)).toBeUndefined();
		expect(readMomentInput('next Tuesday', NY)).toBeUndefined();
		expect(readMomentInput(true, NY)).toBeUndefined();
	});

	it('shows an instant as the wall clock of a zone, and knows which zones exist', () => {
		expect(formatWallClock(instant, NY)).toBe('2026-11-26 15:00');
		expect(formatWallClock(instant, 'UTC')).toBe('2026-11-26 20:00');
		expect(isKnownTimeZone(NY)).toBe(true);
		expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
	});

	it('trusts a saved form only when it is one this module writes', () => {
		expect(isMomentForm({ kind: 'iso', separator: 'T', seconds: true, fraction: 3, zone: '+02:00' })).toBe(true);
		expect(isMomentForm({ kind: 'unixSeconds', text: false })).toBe(true);
		expect(isMomentForm({ kind: 'iso', separator: 'T', seconds: true, fraction: 3, zone: '<script>' })).toBe(false);
		expect(isMomentForm({ kind: 'weekly' })).toBe(false);
		expect(isMomentForm(null)).toBe(false);
	});
});

describe('isDateOrDateTimeText', () => {
	it.each(['2026-01-01', '2026-01-01T10:00', '2026-01-01 10:00:05', '2026-01-01T10:00:05.123Z', '2026-01-01T10:00+0200', '2026-01-01T10:00:00-05:00'])('takes %s as date-time text', (text) => {
		expect(isDateOrDateTimeText(text)).toBe(true);
	});

	it.each(['2026-01-01Z', '2026-01-01T10', '1767225600', 'room_2026-01-01', '2026-01-01T10:00:00Zulu', ''])('does not take %s', (text) => {
		expect(isDateOrDateTimeText(text)).toBe(false);
	});
});

describe('date-times without a zone, in the workspace\'s time zone', () => {
	const PARIS = 'Europe/Paris';
	const SQL = { kind: 'iso', separator: ' ', seconds: true, fraction: 0, zone: '' } as const;

	it('reads them as UTC by default, and as the wall clock of the workspace\'s zone when it is set', () => {
		expect(readTimestamp('2026-11-26 20:00:00')?.epochMs).toBe(Date.parse('2026-11-26T20:00:00Z'));
		expect(readTimestamp('2026-11-26 20:00:00', 'UTC')?.epochMs).toBe(Date.parse('2026-11-26T20:00:00Z'));
		expect(readTimestamp('2026-11-26 20:00:00', PARIS)).toEqual({ form: 'isoDateTime', epochMs: Date.parse('2026-11-26T19:00:00Z') });
		expect(readTimestamp('2026-07-01T20:00:00.250', PARIS)?.epochMs).toBe(Date.parse('2026-07-01T18:00:00.250Z'));
		expect(readTimestamp('2026-11-26T20:00', 'America/New_York')?.epochMs).toBe(Date.parse('2026-11-27T01:00:00Z'));
		// A zone or an offset is read as written, whatever the workspace's zone; so are Unix times.
		expect(readTimestamp('2026-11-26T20:00:00Z', PARIS)?.epochMs).toBe(Date.parse('2026-11-26T20:00:00Z'));
		expect(readTimestamp('2026-11-26T20:00:00+0100', 'America/New_York')?.epochMs).toBe(Date.parse('2026-11-26T19:00:00Z'));
		expect(readTimestamp(1795723200, PARIS)?.epochMs).toBe(1795723200 * 1000);
		expect(readTimestampField(['2026-11-26 20:00:00', '2026-11-26 21:00:00'], PARIS)?.epochMs).toEqual([Date.parse('2026-11-26T19:00:00Z'), Date.parse('2026-11-26T20:00:00Z')]);
	});

	it('reads a time of the repeated hour as its first occurrence, and one of the skipped hour moved forward by the gap', () => {
		// Paris leaves summer time on 2026-10-25 at 03:00 (back to 02:00): 02:30 happens at 00:30Z and at 01:30Z.
		expect(readTimestamp('2026-10-25 02:30:00', PARIS)?.epochMs).toBe(Date.parse('2026-10-25T00:30:00Z'));
		expect(readTimestamp('2026-10-25 03:30:00', PARIS)?.epochMs).toBe(Date.parse('2026-10-25T02:30:00Z'));
		// Paris enters summer time on 2026-03-29 at 02:00 (on to 03:00): 02:30 never happens and reads as 03:30 CEST.
		expect(readTimestamp('2026-03-29 02:30:00', PARIS)?.epochMs).toBe(Date.parse('2026-03-29T01:30:00Z'));
		expect(readTimestamp('2026-03-29 03:30:00', PARIS)?.epochMs).toBe(Date.parse('2026-03-29T01:30:00Z'));
		expect(readTimestamp('2026-03-29 01:59:00', PARIS)?.epochMs).toBe(Date.parse('2026-03-29T00:59:00Z'));
		// The same rule for what the user types in the workflow's zone (New York: 2026-03-08 and 2026-11-01).
		expect(readMomentInput('2026-03-08T02:30', 'America/New_York')).toBe(Date.parse('2026-03-08T07:30:00Z'));
		expect(readMomentInput('2026-11-01T01:30', 'America/New_York')).toBe(Date.parse('2026-11-01T05:30:00Z'));
	});

	it('writes an instant as the wall clock of the workspace\'s zone where the workspace writes no zone, and reads it back', () => {
		const instant = Date.parse('2026-11-26T19:00:00Z');
		expect(writeMoment(instant, SQL)).toBe('2026-11-26 19:00:00');
		expect(writeMoment(instant, SQL, PARIS)).toBe('2026-11-26 20:00:00');
		expect(writeMoment(Date.parse('2026-07-01T18:00:00Z'), SQL, PARIS)).toBe('2026-07-01 20:00:00');
		expect(readTimestamp(writeMoment(instant, SQL, PARIS), PARIS)?.epochMs).toBe(instant);
		// Forms with a zone keep theirs: the workspace's zone is only for what is written without one.
		expect(writeMoment(instant, { ...SQL, separator: 'T', zone: 'Z' }, PARIS)).toBe('2026-11-26T19:00:00Z');
		expect(writeMoment(instant, { ...SQL, zone: '+02:00' }, PARIS)).toBe('2026-11-26 21:00:00+02:00');
		// Both instants of the repeated hour are written 02:30; read back, that is the first (the form holds no more).
		expect(writeMoment(Date.parse('2026-10-25T00:30:00Z'), SQL, PARIS)).toBe('2026-10-25 02:30:00');
		expect(writeMoment(Date.parse('2026-10-25T01:30:00Z'), SQL, PARIS)).toBe('2026-10-25 02:30:00');
	});
});

describe('formatLocalTime', () => {
	it('writes an instant as a zone\'s wall clock with its offset then, read back to the same instant', () => {
		const winter = Date.parse('2026-11-26T14:00:00Z');
		const summer = Date.parse('2026-07-01T14:00:30Z');
		expect(formatLocalTime(winter, 'Europe/Berlin')).toBe('2026-11-26T15:00:00+01:00');
		expect(formatLocalTime(summer, 'Europe/Berlin')).toBe('2026-07-01T16:00:30+02:00');
		expect(formatLocalTime(winter, 'America/New_York')).toBe('2026-11-26T09:00:00-05:00');
		expect(formatLocalTime(winter, 'Asia/Kolkata')).toBe('2026-11-26T19:30:00+05:30');
		expect(formatLocalTime(winter, 'UTC')).toBe('2026-11-26T14:00:00+00:00');
		for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata']) expect(Date.parse(formatLocalTime(summer, zone))).toBe(summer);
	});
});
