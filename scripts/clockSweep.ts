/**
 * `npx tsx scripts/clockSweep.ts [--clocks guard|sweep|all|<ISO instant>[@<zone>],…] [-- <jest arguments>]`
 *
 * Runs jest with the machine's clock and zone set to moments where a test that silently depends on today's
 * weekday, hour or zone would fail: a Saturday afternoon in UTC (the sandbox's venue used to be closed on
 * Sundays, so "tomorrow" in Tokyo had no bookings), the minutes around midnight in UTC, Tokyo and Honolulu (a
 * day boundary falls during the run), and the nights clocks change in Europe and the US. Each run starts
 * 30 seconds before the moment, so the moment passes while the tests run.
 *
 * The clock comes from Debian's libfaketime (`faketime`; .ci/run installs it with apt-get), as an
 * offset from the real time: every process jest starts inherits it and all of them agree on the time, however
 * late they start (an absolute start would restart the clock in each child). The monotonic clock stays real, so
 * timers and timeouts behave as usual.
 *
 * `guard` (in .ci/run): the suites that read the clock, on a Saturday across Tokyo's midnight and across Europe's
 * spring change. `sweep` (12 clocks, cheap enough for the whole suite): every weekday, each crossing the midnight of
 * one of the three zones in turn (so each zone's midnight is crossed at least twice), the Saturday of the old time
 * bomb, and all four clock changes of a year. `all` (26 clocks): every weekday at each of the three midnights, and
 * the clock changes. Jest arguments after `--` replace the suites (`-- test` for everything).
 * Prints one line per clock and exits non-zero if any run failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

const REPO_DIR = path.resolve(__dirname, '..');
const FAKETIME = '/usr/bin/faketime';
const LEAD_SECONDS = 30;

interface Clock {
	/** The moment the run crosses, in UTC. */
	at: string;
	/** The machine's zone for the run (TZ). */
	zone: string;
	why: string;
}

/**
 * The suites whose expectations involve dates and days on the real clock: sandboxes seeded around now, "today" and
 * "tomorrow", slots and bookings on coming days, zones, journal timestamps. Left out, to keep the guard cheap: the
 * long load and fault runs (trigger, faults, performance, rate limits, the editor at scale), which count entries,
 * never days; the sweep's whole-suite runs (`-- test`) cover them.
 */
const CLOCK_READING_SUITES = [
	'test/sandbox',
	'test/unit/methods',
	'test/unit/trigger',
	'test/unit/timestamps.test.ts',
	'test/unit/editorSession.test.ts',
	'test/workflow/(editorMethods|aiTool|bookingForm|timeZone|workspaceTimeZone|errors|operations|triggerFilter|credential|pagination|numericIds)\\.test\\.ts',
];

const WEEK_OF = Date.parse('2026-11-30T00:00:00Z'); // a Monday
const DAY_MS = 86_400_000;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Midnight in UTC, Tokyo (UTC+9: 15:00 UTC the day before) and Honolulu (UTC−10: 10:00 UTC) on each weekday. */
function midnightsOfTheWeek(): Clock[] {
	return WEEKDAYS.flatMap((weekday, index) => {
		const day = WEEK_OF + index * DAY_MS;
		return [
			{ at: new Date(day).toISOString(), zone: 'UTC', why: `${weekday}'s midnight in UTC` },
			{ at: new Date(day - 9 * 3_600_000).toISOString(), zone: 'Asia/Tokyo', why: `${weekday}'s midnight in Tokyo` },
			{ at: new Date(day + 10 * 3_600_000).toISOString(), zone: 'Pacific/Honolulu', why: `${weekday}'s midnight in Honolulu` },
		];
	});
}

/** One midnight a weekday, the zones taken in turn: Monday in UTC, Tuesday in Tokyo, Wednesday in Honolulu, … */
function oneMidnightADay(): Clock[] {
	return midnightsOfTheWeek().filter((_clock, index) => index % 3 === Math.floor(index / 3) % 3);
}

const CLOCK_CHANGES: Clock[] = [
	{ at: '2027-03-14T07:00:00Z', zone: 'America/New_York', why: 'US spring forward (02:00 → 03:00 in New York)' },
	{ at: '2027-03-28T01:00:00Z', zone: 'Europe/Berlin', why: 'Europe spring forward (02:00 → 03:00 in Berlin)' },
	{ at: '2027-10-31T01:00:00Z', zone: 'Europe/Berlin', why: 'Europe fall back (03:00 → 02:00 in Berlin)' },
	{ at: '2027-11-07T06:00:00Z', zone: 'America/New_York', why: 'US fall back (02:00 → 01:00 in New York)' },
];

const SATURDAY_BEFORE_TOKYO_MIDNIGHT: Clock = { at: '2026-12-05T15:00:00Z', zone: 'UTC', why: "a Saturday, Tokyo's midnight (the venue's Sunday used to be closed)" };

interface Run {
	clock: Clock;
	jestArgs: string[];
}

function plan(preset: string, jestArgs: string[]): Run[] {
	const clockReading = jestArgs.length > 0 ? jestArgs : CLOCK_READING_SUITES;
	if (preset === 'guard') {
		return [SATURDAY_BEFORE_TOKYO_MIDNIGHT, CLOCK_CHANGES[1]].map((clock) => ({ clock, jestArgs: clockReading }));
	}
	if (preset === 'sweep') return [SATURDAY_BEFORE_TOKYO_MIDNIGHT, ...oneMidnightADay(), ...CLOCK_CHANGES].map((clock) => ({ clock, jestArgs: clockReading }));
	if (preset === 'all') return [SATURDAY_BEFORE_TOKYO_MIDNIGHT, ...midnightsOfTheWeek(), ...CLOCK_CHANGES].map((clock) => ({ clock, jestArgs: clockReading }));
	// Instants as given, each optionally with its zone: 2027-03-28T01:00:00Z@Europe/Berlin.
	return preset.split(',').map((given) => {
		const [at, zone = 'UTC'] = given.split('@');
		return { clock: { at: new Date(at).toISOString(), zone, why: 'given' }, jestArgs: clockReading };
	});
}


function ensureFaketime(): void {
	if (!existsSync(FAKETIME)) throw new Error("The clock sweep needs Debian's faketime (.ci/run installs it): sudo apt-get install faketime");
}

function main(): void {
	const separator = process.argv.indexOf('--');
	const own = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
	const jestArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
	const clocksAt = own.indexOf('--clocks');
	const preset = clocksAt === -1 ? 'guard' : own[clocksAt + 1];
	ensureFaketime();
	const jest = path.join(REPO_DIR, 'node_modules', '.bin', 'jest');
	const failed: string[] = [];
	for (const { clock, jestArgs: args } of plan(preset, jestArgs)) {
		const offsetSeconds = Math.round((Date.parse(clock.at) - LEAD_SECONDS * 1000 - Date.now()) / 1000);
		const label = `${clock.at} in ${clock.zone} (${clock.why})`;
		console.log(`\n== clock ${LEAD_SECONDS} s before ${label}: jest ${args.join(' ') || '(everything)'}`);
		const result = spawnSync(FAKETIME, ['-f', `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}s`, jest, '--silent', ...args], {
			cwd: REPO_DIR,
			stdio: 'inherit',
			env: { ...process.env, TZ: clock.zone, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
		});
		console.log(`clock sweep: ${label}: ${result.status === 0 ? 'passed' : `FAILED (exit ${String(result.status ?? result.signal)})`}`);
		if (result.status !== 0) failed.push(label);
	}
	if (failed.length > 0) {
		console.error(`\nclock sweep: failed under ${failed.length} clock(s):\n  ${failed.join('\n  ')}`);
		process.exit(1);
	}
}

main();
