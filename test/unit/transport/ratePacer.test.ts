/**
 * The rate pacer: rate-limit headers read defensively, and starts paced at the rate they state or the rate the
 * API's refusals reveal. The pacer runs on a simulated clock against the sandbox's own token bucket (the
 * same model `npm run bench` meets over HTTP), so seconds of traffic take milliseconds and nothing is timed.
 */
import { describePacing, parseRateLimitHeaders, QuotaDeferral, RatePacer, whenFree } from '../../../nodes/VenueBooking/transport/ratePacer';
import { TEST_NODE } from '../mockContext';
import { createRandom } from '../../../sandbox/random';
import { type RateLimitOptions, TokenBuckets } from '../../../sandbox/rateLimit';

const NOW = Date.UTC(2026, 0, 5, 12, 0, 0);

function lookup(headers: Record<string, string>) {
	const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
	return (name: string) => lower[name];
}

const read = (headers: Record<string, string>) => parseRateLimitHeaders(lookup(headers), NOW);

describe('parseRateLimitHeaders', () => {
	it('reads X-RateLimit with the reset in seconds from now or as a Unix time', () => {
		expect(read({ 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '42', 'X-RateLimit-Reset': '3' })).toEqual({
			family: 'X-RateLimit headers',
			limit: 100,
			remaining: 42,
			resetMs: 3_000,
			ignored: [],
		});
		expect(read({ 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) })).toMatchObject({ limit: 5000, remaining: 0, resetMs: 90_000, ignored: [] });
	});

	it('reads the IETF drafts: separate headers, the combined dictionary, the later r/t item and both policy forms', () => {
		expect(read({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '9', 'RateLimit-Reset': '1' })).toMatchObject({ family: 'RateLimit headers', limit: 10, remaining: 9, resetMs: 1_000 });
		expect(read({ RateLimit: 'limit=100, remaining=50, reset=5' })).toMatchObject({ limit: 100, remaining: 50, resetMs: 5_000, ignored: [] });
		expect(read({ RateLimit: '"default";r=50;t=5', 'RateLimit-Policy': '"default";q=100;w=1' })).toEqual({
			family: 'RateLimit headers',
			remaining: 50,
			resetMs: 5_000,
			policy: { quota: 100, windowMs: 1_000 },
			ignored: [],
		});
		// Several policies: the strictest rate (1,000 an hour is slower than 10 a second).
		expect(read({ 'RateLimit-Limit': '10', 'RateLimit-Policy': '10, 10;w=1, 1000;w=3600' }).policy).toEqual({ quota: 1000, windowMs: 3_600_000 });
		expect(read({ RateLimit: '"burst";r=3;t=1', 'RateLimit-Policy': '"burst";q=20;w=1, "day";q=5000;w=86400' }).policy).toEqual({ quota: 5000, windowMs: 86_400_000 });
	});

	it('says nothing when no rate-limit header is there', () => {
		expect(read({ 'Content-Type': 'application/json', 'Retry-After': '1' })).toEqual({ ignored: [] });
	});

	it('ignores what makes no sense, and says which header and why', () => {
		const past = read({ 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '10', 'X-RateLimit-Reset': String(NOW / 1000 - 60) });
		expect(past.resetMs).toBeUndefined();
		expect(past.ignored).toEqual([expect.stringMatching(/X-RateLimit-Reset ".*" \(a moment in the past\)/)]);
		const farAway = read({ RateLimit: '"default";r=0;t=31536000' });
		expect(farAway.resetMs).toBeUndefined();
		expect(farAway.ignored).toEqual([expect.stringMatching(/RateLimit t "31536000" \(more than a day away\)/)]);
		expect(read({ 'X-RateLimit-Limit': 'lots', 'X-RateLimit-Remaining': '-3', 'X-RateLimit-Reset': 'soon' })).toMatchObject({
			limit: undefined,
			remaining: undefined,
			resetMs: undefined,
			ignored: [expect.stringMatching(/X-RateLimit-Limit "lots"/), expect.stringMatching(/X-RateLimit-Remaining "-3"/), expect.stringMatching(/X-RateLimit-Reset "soon" \(not a number\)/)],
		});
		expect(read({ 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '50' })).toMatchObject({ remaining: undefined, ignored: [expect.stringMatching(/remaining budget \(50\) is above the limit \(10\)/)] });
		expect(read({ 'RateLimit-Policy': '"default";q=0;w=1' }).ignored).toEqual([expect.stringMatching(/RateLimit-Policy ""default";q=0;w=1" \(not a quota and a window\)/)]);
		expect(read({ 'RateLimit-Policy': '100' }).ignored).toEqual([expect.stringMatching(/RateLimit-Policy "100" \(no quota with a window\)/)]);
		expect(read({ RateLimit: 'whatever' }).ignored).toEqual([expect.stringMatching(/RateLimit "whatever" \(no limit, remaining or reset in it\)/)]);
	});
});

/** The simulated clock: waits advance it at once. */
function simulatedClock() {
	const clock = { now: NOW, waited: 0 };
	return {
		clock,
		now: () => clock.now,
		wait: async (ms: number) => {
			clock.now += ms;
			clock.waited += ms;
		},
	};
}

/**
 * A client that attempts `attempts` requests one after another as fast as the pacer lets it, each answered
 * after `roundTripMs` by a token bucket (or by `refuse`, a refusal whatever the pace): a refused request
 * simply counts and the next one goes.
 */
async function drive(options: { bucket?: RateLimitOptions; attempts: number; maxWaitMs?: number; refuse?: () => boolean; roundTripMs?: number }) {
	const { clock, now, wait } = simulatedClock();
	const pacer = new RatePacer(now, wait);
	const buckets = options.bucket ? new TokenBuckets(options.bucket) : undefined;
	let refused = 0;
	const startedAt: number[] = [];
	for (let i = 0; i < options.attempts; i++) {
		const ticket = await pacer.admit(options.maxWaitMs ?? 60_000);
		startedAt.push(clock.now);
		const verdict = buckets?.decide('key', clock.now) ?? { retryAfterSeconds: options.refuse?.() ? 1 : undefined, headers: {} };
		const headers: Record<string, string> = { ...verdict.headers };
		if (verdict.retryAfterSeconds !== undefined) {
			refused++;
			headers['Retry-After'] = String(verdict.retryAfterSeconds);
		}
		clock.now += options.roundTripMs ?? 2;
		pacer.observe(ticket, verdict.retryAfterSeconds === undefined ? 200 : 429, lookup(headers));
	}
	const seconds = (clock.now - NOW) / 1000;
	return { pacer, refused, seconds, clock, startedAt };
}

describe('RatePacer', () => {
	it('paces to the stated policy from the first answers, and refuses nothing', async () => {
		const run = await drive({ bucket: { perSecond: 100, burst: 20, headers: 'ietf' }, attempts: 300 });
		expect(run.refused).toBe(0);
		// 300 requests at 100 a second, less the bucket's first requests that are sent before a rate is known.
		expect(run.seconds).toBeGreaterThan(2.5);
		expect(run.seconds).toBeLessThan(3.1);
		expect(describePacing(run.pacer.summary())).toBe('Paced to ~100 requests/s from the RateLimit-Policy header.');
	});

	it.each(['xRateLimit', 'xRateLimitEpoch', 'ietfDraft'] as const)('paces to limit per reset window from %s, and refuses at most a few', async (headers) => {
		const run = await drive({ bucket: { perSecond: 100, burst: 20, headers }, attempts: 300 });
		expect(run.refused).toBeLessThanOrEqual(3);
		expect(run.seconds).toBeLessThan(3.5);
		expect(run.seconds).toBeGreaterThan(2.5);
		expect(describePacing(run.pacer.summary())).toMatch(/^Paced to ~\d+ requests\/s from the API's (X-RateLimit|RateLimit) headers\.$/);
	});

	it('learns the rate from refusals without headers: close to the bucket, few refusals, no stop-and-go', async () => {
		const run = await drive({ bucket: { perSecond: 100, burst: 20 }, attempts: 600 });
		// Ideal: 580 after the burst at 100 a second = 5.8 s.
		expect(run.seconds).toBeLessThan(5.8 * 1.25);
		expect(run.refused).toBeLessThan(80);
		const summary = run.pacer.summary();
		expect(summary.source).toBe('refusals');
		expect(summary.rate).toBeGreaterThan(80);
		expect(summary.rate).toBeLessThan(120);
		expect(summary.heldMs).toBe(0);
		expect(describePacing(summary)).toMatch(/^Paced to ~\d+ requests\/s learned from \d+ rate-limit refusals \(429\)\.$/);
	});

	it('finds a slow limit from a first burst that overstates it: 5 a second, bursts of 2', async () => {
		const run = await drive({ bucket: { perSecond: 5, burst: 2 }, attempts: 100 });
		// Unpaced, 98 of the 100 would be refused; each refusal cuts the guess until a measurement is possible.
		expect(run.refused).toBeLessThan(40);
		expect(run.seconds).toBeLessThan(100 / 5 + 4);
		expect(run.pacer.summary().rate).toBeGreaterThan(3);
		expect(run.pacer.summary().rate).toBeLessThan(7);
	});

	it('refusals at random, whatever the pace, do not ratchet the rate down without end', async () => {
		const random = createRandom(7);
		let attempt = 0;
		// 30 accepted at once (300 a second over the tenth of a second a first rate is read over), then 30 % refused.
		const run = await drive({ attempts: 2_000, refuse: () => ++attempt > 30 && random.next() < 0.3 });
		const summary = run.pacer.summary();
		expect(summary.refusals).toBeGreaterThan(400);
		expect(summary.source).toBe('refusals');
		// Each refusal reads as "slower", but half the first measurement and half the best second bound the fall.
		expect(summary.rate).toBeGreaterThan(300 * 0.95 * 0.7 * 0.5 * 0.5);
		expect(run.seconds).toBeLessThan(2_000 / 50);
	});

	it('holds all starts for the Retry-After when even slowed-down requests get nothing through', async () => {
		const { clock, now, wait } = simulatedClock();
		const pacer = new RatePacer(now, wait);
		const refuse = async () => pacer.observe(await pacer.admit(60_000), 429, lookup({ 'Retry-After': '2' }));
		await refuse();
		clock.now += 10;
		await refuse();
		const before = clock.now;
		await pacer.admit(60_000);
		expect(clock.now - before).toBeGreaterThanOrEqual(1_990);
		expect(describePacing(pacer.summary())).toMatch(/The API refused 2 requests with 429; held all new requests 2\.0 s as the API asked\./);
	});

	it('waits for the reset of an exhausted budget, but never longer than Max Wait on a header\'s word', async () => {
		const { clock, now, wait } = simulatedClock();
		const pacer = new RatePacer(now, wait);
		pacer.observe(await pacer.admit(5_000), 200, lookup({ 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '3' }));
		let before = clock.now;
		await pacer.admit(5_000);
		expect(clock.now - before).toBe(3_000);
		const ticket = await pacer.admit(5_000);
		pacer.observe(ticket, 200, lookup({ 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '3600' }));
		before = clock.now;
		await pacer.admit(5_000);
		// An hour is past Max Wait: the request goes, and the API's answer (and Max Wait) decide.
		expect(clock.now - before).toBeLessThan(5_000);
	});

	it.each([
		['remainingNeverFalls', /the remaining budget \(it said \d+ left when the API refused a request\)/],
		['resetInPast', /X-RateLimit-Reset ".*" \(a moment in the past\)/],
		['resetFarFuture', /X-RateLimit-Reset ".*" \(more than a day away\)/],
	] as const)('lying headers (%s): ignored, said so, and the rate is learned from refusals instead', async (lie, why) => {
		const run = await drive({ bucket: { perSecond: 100, burst: 20, headers: 'xRateLimit', lie }, attempts: 400, maxWaitMs: 2_000 });
		const summary = run.pacer.summary();
		expect(summary.ignored).toEqual(expect.arrayContaining([expect.stringMatching(why)]));
		expect(describePacing(summary)).toMatch(/ignored X-RateLimit headers: /);
		expect(run.seconds).toBeLessThan((380 / 100) * 1.5);
		expect(run.refused).toBeLessThan(100);
	});

	it('says nothing when nothing was paced, refused or ignored', async () => {
		const run = await drive({ attempts: 50 });
		expect(run.clock.waited).toBe(0);
		expect(describePacing(run.pacer.summary())).toBeUndefined();
	});
});

describe('what the pacer tells a caller with a deadline (the editor)', () => {
	it('says how long the next start would wait and when the quota frees up, however far, and what the budget has left', async () => {
		let now = NOW;
		const pacer = new RatePacer(() => now, async (ms) => void (now += ms));
		expect(pacer.nextStart()).toEqual({ waitMs: 0 });
		expect(pacer.budgetLeft()).toBeUndefined();
		pacer.observe(await pacer.admit(60_000), 200, lookup({ 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '100', 'X-RateLimit-Reset': '50' }));
		expect(pacer.budgetLeft()).toBe(100);
		// The window's last request is spent: the next start waits for the window's end, 50 s away.
		pacer.observe(await pacer.admit(60_000), 200, lookup({ 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '50' }));
		expect(pacer.budgetLeft()).toBe(0);
		expect(pacer.nextStart()).toEqual({ waitMs: 50_000, quotaFreeAt: now + 50_000 });
	});

	it('holds every start until a moment a refused caller names, and says so', () => {
		let now = NOW;
		const pacer = new RatePacer(() => now, async (ms) => void (now += ms));
		pacer.holdUntilAtLeast(NOW + 30_000);
		pacer.holdUntilAtLeast(NOW + 10_000);
		expect(pacer.nextStart()).toEqual({ waitMs: 30_000, quotaFreeAt: NOW + 30_000 });
		now += 30_000;
		expect(pacer.nextStart()).toEqual({ waitMs: 0 });
	});

	it('words when the quota frees up in seconds, minutes and the UTC time', () => {
		expect(whenFree(NOW + 42_300, NOW)).toBe('in about 43 s (12:00:43 UTC)');
		expect(whenFree(NOW + 10 * 60_000, NOW)).toBe('in about 10 min (12:10:00 UTC)');
		expect(new QuotaDeferral(TEST_NODE, NOW + 5_000, NOW).message).toBe("The API's request quota is used up for now; it frees up in about 5 s (12:00:05 UTC)");
	});
});
