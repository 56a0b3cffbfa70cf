/** Timing of the slow steps (install, start, CLI), printed so runs can be compared. */
export async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
	const started = Date.now();
	try {
		return await step();
	} finally {
		console.log(`timing: ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
	}
}
