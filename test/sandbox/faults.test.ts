/** Seeded fault injection: reproducible, decided before acting, exemptible, changeable at runtime. */
import axios from 'axios';

import { startSandbox, type FaultOptions, type Sandbox } from '../../sandbox';
import { computeFreeSlots } from '../../sandbox/slots';
import { DAY_MS } from '../../sandbox/time';
import { apiClient } from './helpers';

const MIXED: FaultOptions = { seed: 42, rate429: 0.2, rate5xx: 0.3, rateDrop: 0.1, retryAfterSeconds: 0 };

/** Sends `count` GETs one after another; a dropped connection reads as "drop". */
async function outcomes(sandbox: Sandbox, count: number): Promise<Array<number | 'drop'>> {
	const client = apiClient(sandbox);
	const seen: Array<number | 'drop'> = [];
	for (let index = 0; index < count; index++) {
		try {
			seen.push((await client.get('/rooms')).status);
		} catch (error) {
			expect(axios.isAxiosError(error) && ['ECONNRESET', 'ERR_BAD_RESPONSE'].includes(error.code ?? '')).toBe(true);
			seen.push('drop');
		}
	}
	return seen;
}

describe('seeded faults', () => {
	it('give the same sequence for the same seed, and another for another seed', async () => {
		const first = await startSandbox({ faults: MIXED });
		const second = await startSandbox({ faults: MIXED });
		const other = await startSandbox({ faults: { ...MIXED, seed: 43 } });
		try {
			const a = await outcomes(first, 40);
			const b = await outcomes(second, 40);
			const c = await outcomes(other, 40);
			expect(a).toEqual(b);
			expect(c).not.toEqual(a);
			for (const kind of [200, 429, 'drop'] as const) expect(a).toContain(kind);
			expect(a.some((o) => o === 500 || o === 502 || o === 503)).toBe(true);
			expect(first.requests.map((r) => r.fault ?? null)).toEqual(second.requests.map((r) => r.fault ?? null));
			expect(first.requests.filter((r) => r.fault === 'drop').every((r) => r.status === null)).toBe(true);
		} finally {
			await Promise.all([first.close(), second.close(), other.close()]);
		}
	});

	it('restart the sequence on setFaults', async () => {
		const sandbox = await startSandbox({ faults: MIXED });
		try {
			const a = await outcomes(sandbox, 20);
			sandbox.setFaults(MIXED);
			expect(await outcomes(sandbox, 20)).toEqual(a);
			sandbox.setFaults(undefined);
			expect(new Set(await outcomes(sandbox, 10))).toEqual(new Set([200]));
		} finally {
			await sandbox.close();
		}
	});
});

describe('a faulted write', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ dialect: { naming: 'camel' } });
	});
	afterAll(() => sandbox.close());

	const body = () => {
		const fromMs = sandbox.store.clock.now() + DAY_MS;
		const [slot] = computeFreeSlots(sandbox.store, { fromMs, toMs: fromMs + 14 * DAY_MS, serviceId: 'svc_loft_event' });
		return { roomId: slot.roomId, serviceId: slot.serviceId, start: slot.start, clientId: sandbox.store.clients[0].id };
	};
	const snapshot = () => JSON.stringify([sandbox.store.bookings, sandbox.store.payments, sandbox.store.deliveries, sandbox.store.clients]);

	it.each([429, 500, 502, 503, 'drop'] as const)('(%s) leaves the workspace unchanged', async (outcome) => {
		sandbox.setFaults({ script: [outcome] });
		const before = snapshot();
		const response = await apiClient(sandbox).post('/bookings', body()).catch(() => 'dropped' as const);
		if (outcome === 'drop') expect(response).toBe('dropped');
		else expect(response !== 'dropped' && response.status).toBe(outcome);
		expect(snapshot()).toBe(before);
	});

	it('is followed by a normal answer once the script is used up', async () => {
		sandbox.setFaults({ script: [503] });
		expect((await apiClient(sandbox).post('/bookings', body())).status).toBe(503);
		expect((await apiClient(sandbox).post('/bookings', body())).status).toBe(201);
	});
});

describe('fault options', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(() => sandbox.close());

	it('sends Retry-After in seconds, fractions and zero included', async () => {
		for (const seconds of [0, 0.5, 2]) {
			sandbox.setFaults({ rate429: 1, retryAfterSeconds: seconds });
			const response = await apiClient(sandbox).get('/rooms');
			expect(response.status).toBe(429);
			expect(response.headers['retry-after']).toBe(String(seconds));
			expect(response.data.error.code).toBe('rate_limited');
		}
	});

	it('sends Retry-After as an HTTP-date, or not at all', async () => {
		sandbox.setFaults({ rate429: 1, retryAfterSeconds: 3, retryAfterMode: 'httpDate' });
		// The sandbox reads its clock between these two instants, so the date is bounded exactly, however slow the machine.
		const before = Date.now();
		const dated = await apiClient(sandbox).get('/rooms');
		const after = Date.now();
		const at = Date.parse(dated.headers['retry-after']);
		expect(dated.headers['retry-after']).toMatch(/GMT$/);
		expect(at).toBeGreaterThanOrEqual(before + 3000);
		expect(at).toBeLessThanOrEqual(Math.ceil((after + 3000) / 1000) * 1000);
		sandbox.setFaults({ rate429: 1, retryAfterMode: 'none' });
		expect((await apiClient(sandbox).get('/rooms')).headers['retry-after']).toBeUndefined();
	});

	it('applies only to the listed methods', async () => {
		sandbox.setFaults({ rate5xx: 1, methods: ['POST'] });
		expect((await apiClient(sandbox).get('/rooms')).status).toBe(200);
		expect((await apiClient(sandbox).post('/webhooks/test')).status).toBeGreaterThanOrEqual(500);
	});

	it('exempts requests with `only`', async () => {
		sandbox.setFaults({ rate429: 1, only: (request) => request.path.endsWith('/payments') });
		expect((await apiClient(sandbox).get('/rooms')).status).toBe(200);
		expect((await apiClient(sandbox).get('/payments')).status).toBe(429);
	});

	it('adds latency', async () => {
		sandbox.setFaults({ latencyMs: 150 });
		const started = Date.now();
		expect((await apiClient(sandbox).get('/rooms')).status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});

	it('rejects impossible rates', () => {
		expect(() => sandbox.setFaults({ rate429: 0.7, rate5xx: 0.6 })).toThrow(/add up to/);
		expect(() => sandbox.setFaults({ rateDrop: 2 })).toThrow(/between 0 and 1/);
	});

	it('closes promptly even with a request waiting on latency', async () => {
		// Ten minutes of latency, far past the test's own timeout: close() returning at all shows it did not wait.
		const slow = await startSandbox({ faults: { latencyMs: 600_000 } });
		const pending = apiClient(slow).get('/rooms').catch((error: unknown) => error);
		await new Promise((resolve) => setTimeout(resolve, 50));
		await slow.close();
		expect(axios.isAxiosError(await pending)).toBe(true);
	});
});
