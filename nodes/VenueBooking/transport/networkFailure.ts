/**
 * What the transport keeps of a request that got no HTTP answer (refused, reset, timed out): a system
 * error code for the retry rules, and texts without the request's configuration, so no header (and no
 * key) travels further.
 */
export class NetworkFailure extends Error {
	constructor(
		readonly code: string,
		readonly summary: string,
		readonly detail: string,
	) {
		super(summary);
	}

	static from(error: unknown, redact: (text: string) => string): NetworkFailure {
		const record = (error ?? {}) as {
			code?: unknown;
			httpCode?: unknown;
			message?: unknown;
			messages?: unknown;
			cause?: { code?: unknown; message?: unknown };
		};
		// n8n-core wraps the socket error in a NodeApiError whose httpCode holds the system code
		// (e.g. "ECONNREFUSED") and whose messages hold the original text; older versions keep a cause.
		const texts = [record.cause?.message, record.message, ...(Array.isArray(record.messages) ? record.messages : [])]
			.filter((text): text is string => typeof text === 'string');
		const codes = [record.cause?.code, record.code, record.httpCode].filter((c): c is string => typeof c === 'string');
		const code =
			codes.find((candidate) => SYSTEM_CODE.test(candidate)) ??
			texts.map((text) => SYSTEM_CODE_IN_TEXT.exec(text)?.[1]).find(Boolean) ??
			(texts.some((text) => /timeout/i.test(text)) ? 'ETIMEDOUT' : 'UNKNOWN');
		const rawMessage = texts.find((text) => text.includes(code)) ?? texts[0] ?? 'unknown error';
		return new NetworkFailure(code, summaryFor(code, rawMessage), redact(`${rawMessage} (${code})`));
	}
}

/** Node's system error codes: ECONNRESET, ETIMEDOUT, ERR_SOCKET_CONNECTION_TIMEOUT, DNS's EAI_AGAIN and the like. */
const SYSTEM_CODE = /^(E[A-Z]+|EAI_[A-Z]+|ERR_[A-Z_]+)$/;
const SYSTEM_CODE_IN_TEXT = /\b(EAI_[A-Z]+|E[A-Z]{3,}|ERR_[A-Z_]+)\b/;

function summaryFor(code: string, message: string): string {
	if (code === 'ECONNREFUSED') return 'The API refused the connection';
	if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(message)) {
		return 'The API closed the connection without an answer';
	}
	if (code === 'ETIMEDOUT' || code === 'ECONNABORTED' || /timeout/i.test(message)) return 'The API did not answer in time';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The API host could not be found';
	return 'The request to the API failed before an answer came';
}

/** What to do about a request that got no answer; `where` names the endpoint and origin it went to. */
export function networkHint(failure: NetworkFailure, where: string, timeoutMs: number): string {
	switch (failure.code) {
		case 'ECONNREFUSED':
			return `Nothing accepted the connection for ${where}. Check the credential's Base URL and that the workspace is online.`;
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return `The host name of the Base URL could not be resolved (${where}). Check the credential's Base URL.`;
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
		case 'ERR_SOCKET_CONNECTION_TIMEOUT':
			return `No answer within ${timeoutMs} ms for ${where}. Raise the Timeout option if the API is slow.`;
		default:
			return `${where}: ${failure.detail}`;
	}
}
