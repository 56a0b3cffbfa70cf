/**
 * The time zone the local n8n runs in. n8n reads it from GENERIC_TIMEZONE and falls back to America/New_York
 * when that is unset, whatever the machine's zone is; `npm start` sets it to the machine's zone (or the one
 * given with --timezone), so Schedule Triggers, `$now` and date-times without an offset mean what the person
 * at the keyboard expects. A workflow's own zone (Workflow Settings → Timezone) still overrides it.
 */

/** What n8n itself uses when GENERIC_TIMEZONE is unset. */
export const N8N_FALLBACK_ZONE = 'America/New_York';

export interface LocalTimeZone {
	/** An IANA zone name, e.g. Europe/Berlin. */
	zone: string;
	/** Where it came from, for the banner. */
	source: 'command line' | 'this machine' | 'UTC (the machine names no zone)';
}

/** Whether this Node knows the zone (n8n runs on Node too, with the same zone data). */
export function isIanaZone(zone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

/**
 * The zone for GENERIC_TIMEZONE: the one asked for on the command line (refused when Node does not know it),
 * else the machine's (its TZ variable or /etc/localtime, as Node resolves them), else UTC.
 */
export function localTimeZone(requested: string | undefined, machineZone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone): LocalTimeZone {
	const asked = requested?.trim();
	if (asked) {
		if (!isIanaZone(asked)) throw new Error(`--timezone ${asked}: not a time zone this Node knows; give an IANA name such as Europe/Berlin or America/New_York`);
		return { zone: asked, source: 'command line' };
	}
	if (machineZone && isIanaZone(machineZone)) return { zone: machineZone, source: 'this machine' };
	return { zone: 'UTC', source: 'UTC (the machine names no zone)' };
}

/** The banner's line: the zone, where it came from, and where to change it. */
export function describeTimeZone(local: LocalTimeZone): string {
	const from = local.source === 'command line' ? 'from --timezone' : `${local.source}; npm start -- --timezone <IANA zone> for another`;
	// n8n's editor never sees a workflow's own zone: the node's Time Zone option carries it to the form and pickers.
	return `${local.zone} (${from}); a workflow's own zone: Workflow Settings → Timezone, and the same in Venue Booking's Options → Time Zone`;
}
