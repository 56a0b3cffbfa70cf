/**
 * A tiny test harness for the e2e run: named checks run in order, each timed, failures reported
 * with their message, and the closing line `N passed, M failed` that CI reads.
 */
export interface CheckResult {
	name: string;
	ok: boolean;
	ms: number;
	error?: string;
}

export class Checks {
	readonly results: CheckResult[] = [];

	/** Run one check; a thrown error fails it without stopping the run. Returns whether it passed. */
	async check(name: string, body: () => Promise<void> | void): Promise<boolean> {
		const started = Date.now();
		try {
			await body();
			this.record({ name, ok: true, ms: Date.now() - started });
			return true;
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			this.record({ name, ok: false, ms: Date.now() - started, error: message });
			return false;
		}
	}

	/** Record a failure that happened outside a check (e.g. n8n would not start). */
	fail(name: string, error: unknown): void {
		this.record({ name, ok: false, ms: 0, error: error instanceof Error ? error.message : String(error) });
	}

	private record(result: CheckResult): void {
		this.results.push(result);
		const seconds = (result.ms / 1000).toFixed(1);
		console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${seconds} s)`);
		if (result.error) console.log(`     ${result.error.split('\n').join('\n     ')}`);
	}

	get failed(): number {
		return this.results.filter((result) => !result.ok).length;
	}

	summaryLine(): string {
		return `${this.results.length - this.failed} passed, ${this.failed} failed`;
	}
}

export function assertEqual(actual: unknown, expected: unknown, what: string): void {
	const a = JSON.stringify(actual);
	const e = JSON.stringify(expected);
	if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

export function assert(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}
