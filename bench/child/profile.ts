/**
 * A V8 CPU profile of exactly the measured run (not module loading or warm-up), through the inspector
 * session of the child itself. Written as a .cpuprofile: open it in Chrome DevTools, or summarise it with
 * bench/profileSummary.ts.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import * as path from 'node:path';

export async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
	if (!file) return await work();
	const session = new Session();
	session.connect();
	await session.post('Profiler.enable');
	// 250 µs instead of the default 1 ms: runs are short and the interesting frames are small.
	await session.post('Profiler.setSamplingInterval', { interval: 250 });
	await session.post('Profiler.start');
	try {
		return await work();
	} finally {
		const { profile } = await session.post('Profiler.stop');
		writeFileSync(path.resolve(file), JSON.stringify(profile));
		session.disconnect();
	}
}
