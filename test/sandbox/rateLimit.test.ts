/** The token bucket: a burst, then 429 with an honest Retry-After; tokens come back with time; one bucket per key. */
import { startSandbox, type Sandbox } from '../../sandbox';
import { FixedWindows, type RateLimitHeaders, type RateLimitLie, TokenBuckets } from '../../sandbox/rateLimit';
import { apiClient } from './helpers';

describe('TokenBuckets', () => {
	it('allows a burst, then refuses until a token has come back, saying when in whole seconds', () => {
		const buckets = new TokenBuckets({ perSecond: 2, burst: 3 });
		expect([0, 0, 0].map(() => buckets.take('k', 1_000))).toEqual([undefined, undefined, undefined]);
		expect(buckets.take('k', 1_000)).toBe(1);
		// Half a second brings one token back (2 a second).
		expect(buckets.take('k', 1_500)).toBeUndefined();
		expect(buckets.take('k', 1_500)).toBe(1);
		// Another key has a full bucket of its own.
		expect(buckets.take('other', 1_500)).toBeUndefined();
		// A slow bucket asks for the real wait, rounded up.
		const slow = new TokenBuckets({ perSecond: 0.25, burst: 1 });
		expect(slow.take('k', 0)).toBeUndefined();
		expect(slow.take('k', 0)).toBe(4);
		expect(slow.take('k', 2_000)).toBe(2);
	});

	it('states the budget in the chosen header family on every answer: the refill a second, whole tokens left, seconds until full', () => {
		const now = 1_700_000_000_500;
		const decide = (headers: RateLimitHeaders) => {
			const buckets = new TokenBuckets({ perSecond: 10, burst: 5, headers });
			return [0, 1, 2, 3, 4, 5].map(() => buckets.decide('k', now));
		};
		const x = decide('xRateLimit');
		expect(x[0]).toEqual({ retryAfterSeconds: undefined, headers: { 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '4', 'X-RateLimit-Reset': '1' } });
		expect(x[5]).toEqual({ retryAfterSeconds: 1, headers: { 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1' } });
		// A Unix time: the second the bucket is full again, rounded up.
		expect(decide('xRateLimitEpoch')[0].headers['X-RateLimit-Reset']).toBe('1700000002');
		expect(decide('ietf')[1].headers).toEqual({ RateLimit: '"default";r=3;t=1', 'RateLimit-Policy': '"default";q=10;w=1' });
		expect(decide('ietfDraft')[2].headers).toEqual({ RateLimit: 'limit=10, remaining=2, reset=1' });
		expect(decide('none')[0].headers).toEqual({});
	});

	it.each([
		['remainingNeverFalls', { 'X-RateLimit-Remaining': '10', 'X-RateLimit-Reset': '1' }],
		['resetInPast', { 'X-RateLimit-Remaining': '4', 'X-RateLimit-Reset': String(1_700_000_001 - 60) }],
		['resetFarFuture', { 'X-RateLimit-Remaining': '4', 'X-RateLimit-Reset': String(365 * 24 * 3600) }],
	] as const)('lies in its headers when asked (%s), and still limits honestly', (lie, headers) => {
		const buckets = new TokenBuckets({ perSecond: 10, burst: 5, headers: 'xRateLimit', lie });
		const verdicts = [0, 1, 2, 3, 4, 5].map(() => buckets.decide('k', 1_700_000_000_500));
		expect(verdicts[0].headers).toEqual({ 'X-RateLimit-Limit': '10', ...headers });
		expect(verdicts.map((verdict) => verdict.retryAfterSeconds)).toEqual([undefined, undefined, undefined, undefined, undefined, 1]);
	});

	it('rejects settings that make no bucket', () => {
		expect(() => new TokenBuckets({ perSecond: 0, burst: 1 })).toThrow(/perSecond/);
		expect(() => new TokenBuckets({ perSecond: 1, burst: 0.5 })).toThrow(/burst/);
		expect(() => new TokenBuckets({ perSecond: 1, burst: 1, headers: 'github' as RateLimitHeaders })).toThrow(/headers must be one of/);
		expect(() => new TokenBuckets({ perSecond: 1, burst: 1, lie: 'often' as RateLimitLie })).toThrow(/lie must be one of/);
	});
});

describe('the sandbox behind a token bucket', () => {
	let sandbox: Sandbox;
	// The bucket's clock stands still unless the test moves it: no pause of a loaded machine refills a token.
	let nowMs = 1_700_000_000_000;
	beforeAll(async () => {
		sandbox = await startSandbox({ faults: { rateLimit: { perSecond: 5, burst: 4 } }, rateClock: () => nowMs });
	});
	afterAll(async () => sandbox.close());

	it('answers a burst, then 429 with Retry-After, and is switched off with the other faults', async () => {
		const client = apiClient(sandbox);
		const answers = await Promise.all(Array.from({ length: 10 }, () => client.get('/rooms')));
		const statuses = answers.map((answer) => answer.status);
		expect(statuses.filter((status) => status === 200)).toHaveLength(4);
		const refused = answers.filter((answer) => answer.status === 429);
		expect(refused).toHaveLength(6);
		expect(refused.every((answer) => answer.headers['retry-after'] === '1')).toBe(true);
		expect(sandbox.requests.filter((request) => request.fault === 'rateLimit')).toHaveLength(6);
		// One token a second: half a second later there is still none; a whole second brings exactly one back.
		sandbox.setFaults({ rateLimit: { perSecond: 1, burst: 4, headers: 'ietfDraft' } });
		const stated = [];
		for (let i = 0; i < 5; i++) stated.push(await client.get('/rooms'));
		nowMs += 500;
		stated.push(await client.get('/rooms'));
		nowMs += 500;
		stated.push(await client.get('/rooms'));
		// The budget is on every answer, the refused ones included.
		const budgets = stated.map((answer) => /^limit=1, remaining=(\d+), reset=(\d+)$/.exec(String(answer.headers.ratelimit)));
		expect(budgets.every((budget) => budget !== null)).toBe(true);
		expect(stated.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429, 429, 200]);
		expect(budgets.map((budget) => Number(budget![1]))).toEqual([3, 2, 1, 0, 0, 0, 0]);
		expect(budgets.map((budget) => Number(budget![2]))).toEqual([1, 2, 3, 4, 4, 4, 4]);
		sandbox.setFaults(undefined);
		const after = await Promise.all(Array.from({ length: 10 }, () => client.get('/rooms')));
		expect(after.every((answer) => answer.status === 200)).toBe(true);
	});
});

describe('the quota: a fixed window per key', () => {
	it('counts a window from the first request, states limit, remaining and the seconds to its end, and refuses past it until then', () => {
		const windows = new FixedWindows({ limit: 3, windowSeconds: 60 });
		const at = (ms: number) => windows.decide('k', ms);
		expect(at(1_000)).toEqual({ retryAfterSeconds: undefined, headers: { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '2', 'X-RateLimit-Reset': '60' } });
		expect(at(2_000).headers['X-RateLimit-Remaining']).toBe('1');
		expect(at(30_500)).toEqual({ retryAfterSeconds: undefined, headers: { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '31' } });
		expect(at(31_000)).toEqual({ retryAfterSeconds: 30, headers: { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' } });
		// Another key counts its own window; the window's end brings the whole limit back.
		expect(windows.decide('other', 31_000).retryAfterSeconds).toBeUndefined();
		expect(at(61_000)).toEqual({ retryAfterSeconds: undefined, headers: { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '2', 'X-RateLimit-Reset': '60' } });
	});

	it('rejects settings that make no quota', () => {
		expect(() => new FixedWindows({ limit: 0, windowSeconds: 60 })).toThrow(/limit/);
		expect(() => new FixedWindows({ limit: 10, windowSeconds: 0.5 })).toThrow(/windowSeconds/);
	});

	it('in the sandbox, reads the injected clock: every answer states the quota, a request past it is 429 with Retry-After, and moving time frees it', async () => {
		let now = Date.parse('2027-03-01T08:00:00Z');
		const sandbox = await startSandbox({ quota: { limit: 2, windowSeconds: 60 }, rateClock: () => now });
		try {
			const api = apiClient(sandbox);
			const answers = [await api.get('/rooms'), await api.get('/rooms'), await api.get('/rooms')];
			expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
			expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['1', '0', '0']);
			expect(answers[2].headers['retry-after']).toBe('60');
			expect(answers[2].headers['x-ratelimit-limit']).toBe('2');
			now += 59_000;
			expect((await api.get('/rooms')).headers['retry-after']).toBe('1');
			now += 1_000;
			expect((await api.get('/rooms')).status).toBe(200);
		} finally {
			await sandbox.close();
		}
	});
});
