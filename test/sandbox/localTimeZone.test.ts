/**
 * The sandbox's localTimeZone option: a convention that writes date-times without a zone (pipedrive's `sqlUtc`)
 * writes and reads them as the wall clock of that zone, as booking platforms write a venue's local time.
 */
import { parseCliArgs } from '../../sandbox/cliArgs';
import { plainBody, renderTimestamp } from '../../sandbox/conventionRecords';
import { CONVENTION_DEFINITIONS } from '../../sandbox/conventions';
import { applyRuntimeOptions, DEFAULT_SETTINGS, resolveSettings } from '../../sandbox/options';

describe('the sandbox\'s localTimeZone', () => {
	it('is UTC by default, and a zone this runtime knows otherwise', () => {
		expect(resolveSettings({}).localTimeZone).toBe('UTC');
		expect(applyRuntimeOptions(DEFAULT_SETTINGS, { localTimeZone: 'Europe/Paris' }).localTimeZone).toBe('Europe/Paris');
		expect(() => applyRuntimeOptions(DEFAULT_SETTINGS, { localTimeZone: 'Europe/Pari' })).toThrow('Sandbox option localTimeZone must be an IANA time zone');
		expect(parseCliArgs(['--local-time-zone', 'Europe/Paris']).options.localTimeZone).toBe('Europe/Paris');
	});

	it('writes zone-less date-times as that zone\'s wall clock, and reads them back as the same instant', () => {
		expect(renderTimestamp('2027-06-09T15:00:00Z', 'sqlUtc')).toBe('2027-06-09 15:00:00');
		expect(renderTimestamp('2027-06-09T15:00:00Z', 'sqlUtc', 'Europe/Paris')).toBe('2027-06-09 17:00:00');
		expect(renderTimestamp('2027-01-09T15:00:00Z', 'sqlUtc', 'Europe/Paris')).toBe('2027-01-09 16:00:00');
		// Forms with a zone are unaffected.
		expect(renderTimestamp('2027-06-09T15:00:00Z', 'isoMillis', 'Europe/Paris')).toBe('2027-06-09T15:00:00.000Z');
		const style = { ...CONVENTION_DEFINITIONS.pipedrive.record, localZone: 'Europe/Paris' };
		expect(plainBody({ start: '2027-06-09 17:00:00' }, style, { resource: 'bookings' })).toMatchObject({ start: '2027-06-09T15:00:00Z' });
		expect(plainBody({ start: '2027-06-09 17:00:00' }, CONVENTION_DEFINITIONS.pipedrive.record, { resource: 'bookings' })).toMatchObject({ start: '2027-06-09T17:00:00Z' });
	});
});
