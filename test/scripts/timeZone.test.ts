/** The zone `npm start` gives n8n (GENERIC_TIMEZONE): the command line's, else the machine's, else UTC. */
import { describeTimeZone, isIanaZone, localTimeZone } from '../../scripts/n8n/timeZone';

describe('localTimeZone', () => {
	it("takes --timezone over the machine's zone", () => {
		expect(localTimeZone('Europe/Berlin', 'Asia/Tokyo')).toEqual({ zone: 'Europe/Berlin', source: 'command line' });
	});

	it("takes the machine's zone when none is given", () => {
		expect(localTimeZone(undefined, 'Asia/Tokyo')).toEqual({ zone: 'Asia/Tokyo', source: 'this machine' });
		expect(localTimeZone('  ', 'Asia/Tokyo').zone).toBe('Asia/Tokyo');
	});

	it('falls back to UTC (not n8n\'s America/New_York) when the machine names no usable zone', () => {
		// An empty zone, not `undefined`: that would take the default, the zone of the machine running the test.
		expect(localTimeZone(undefined, '').zone).toBe('UTC');
		expect(localTimeZone(undefined, 'Not/AZone').zone).toBe('UTC');
	});

	it('refuses a zone Node does not know, naming the option and an example', () => {
		expect(() => localTimeZone('Berlin', 'UTC')).toThrow('--timezone Berlin: not a time zone this Node knows');
		expect(isIanaZone('America/New_York')).toBe(true);
	});

	it('the banner says where the zone came from and where a workflow sets its own', () => {
		expect(describeTimeZone({ zone: 'Asia/Tokyo', source: 'this machine' })).toBe(
			'Asia/Tokyo (this machine; npm start -- --timezone <IANA zone> for another); a workflow\'s own zone: Workflow Settings → Timezone, and the same in Venue Booking\'s Options → Time Zone',
		);
		expect(describeTimeZone({ zone: 'Europe/Berlin', source: 'command line' })).toContain('from --timezone');
	});
});
