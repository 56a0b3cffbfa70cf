/** The token bucket: a burst, then 429 with an honest Retry-After; tokens come back with time; one bucket per key. */
import { startSandbox, type Sandbox } from '../../sandbox';
import { TokenBuckets } from '../../sandbox/rateLimit';
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

	it('rejects settings that make no bucket', () => {
		expect(() => new TokenBuckets({ perSecond: 0, burst: 1 })).toThrow(/perSecond/);
		expect(() => new TokenBuckets({ perSecond: 1, burst: 0.5 })).toThrow(/burst/);
	});
});

describe('the sandbox behind a token bucket', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ faults: { rateLimit: { perSecond: 5, burst: 4 } } });
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
		sandbox.setFaults(undefined);
		const after = await Promise.all(Array.from({ length: 10 }, () => client.get('/rooms')));
		expect(after.every((answer) => answer.status === 200)).toBe(true);
	});
});
