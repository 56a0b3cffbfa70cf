/**
 * Reading n8n's run data: the JSON `n8n execute --rawOutput` prints (2.x mixes log lines into the same
 * stdout), and the per-node output items inside it.
 */

/** Index just past the JSON value that starts at `start` (an object or array), or -1 if unbalanced. */
function endOfJsonValue(text: string, start: number): number {
	let depth = 0;
	let inString = false;
	for (let i = start; i < text.length; i++) {
		const char = text[i];
		if (inString) {
			if (char === '\\') i++;
			else if (char === '"') inString = false;
		} else if (char === '"') inString = true;
		else if (char === '{' || char === '[') depth++;
		else if (char === '}' || char === ']') {
			depth--;
			if (depth === 0) return i + 1;
		}
	}
	return -1;
}

/**
 * The first JSON object in `output` that starts at the beginning of a line and parses, and for which
 * `accept` holds. Log lines are skipped; so are JSON-looking log lines that are not what we want.
 */
export function extractJsonObject<T = unknown>(output: string, accept: (value: unknown) => boolean = () => true): T | undefined {
	const lineStart = /^\{/gm;
	for (let match = lineStart.exec(output); match; match = lineStart.exec(output)) {
		const end = endOfJsonValue(output, match.index);
		if (end < 0) continue;
		try {
			const value: unknown = JSON.parse(output.slice(match.index, end));
			if (accept(value)) return value as T;
		} catch {
			// Not JSON after all (e.g. a log line that starts with a brace): keep looking.
		}
	}
	return undefined;
}

/** The parts of n8n's IRun we read. */
export interface RunData {
	finished?: boolean;
	status?: string;
	mode?: string;
	data: {
		resultData: {
			runData: Record<string, Array<{ data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> }; error?: { message?: string } }>>;
			lastNodeExecuted?: string;
			error?: { message?: string; description?: string };
		};
	};
}

export function isRunData(value: unknown): value is RunData {
	const data = (value as { data?: { resultData?: unknown } } | null)?.data;
	return typeof data === 'object' && data !== null && typeof data.resultData === 'object';
}

/** The JSON of each item a node put on its output (first run, output 0 unless told otherwise). */
export function nodeOutputItems(run: RunData, nodeName: string, outputIndex = 0, runIndex = 0): Array<Record<string, unknown>> {
	const nodeRuns = run.data.resultData.runData[nodeName];
	if (!nodeRuns) throw new Error(`node "${nodeName}" did not run (ran: ${Object.keys(run.data.resultData.runData).join(', ') || 'none'})`);
	const output = nodeRuns[runIndex]?.data?.main?.[outputIndex] ?? [];
	return output.map((item) => item.json);
}

/** The error message of a failed run, if any. */
export function runError(run: RunData): string | undefined {
	const error = run.data.resultData.error;
	return error ? [error.message, error.description].filter(Boolean).join(': ') : undefined;
}
