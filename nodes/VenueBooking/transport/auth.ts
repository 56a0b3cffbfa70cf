/**
 * Authentication: the credential's Base URL normalised to the API prefix, the bearer header, and the
 * redactor that keeps the API key out of every message.
 */
import { API_PATH_PREFIX } from '../endpoints';

/** A normalised base URL, or why the raw one was refused (the caller turns that into an n8n error). */
export type BaseUrlResult = { url: string } | { problem: string };

/**
 * Turns what a user pasted into the credential's Base URL into the workspace origin and path that the
 * API prefix is appended to: surrounding spaces, trailing slashes and a pasted `/api/partners/v1` suffix
 * are removed, so `https://x.example/`, `https://x.example/api/partners/v1/` and `https://x.example` all
 * work. Only http and https are accepted, and user:password, query strings and fragments are refused,
 * because none of them can be meant for a bearer-key API and a password in a URL would leak into logs.
 */
export function normalizeBaseUrl(raw: unknown): BaseUrlResult {
	if (typeof raw !== 'string' || raw.trim() === '') {
		return { problem: 'The Base URL is empty. Enter the address of your workspace, e.g. https://studio.example.com' };
	}
	const trimmed = raw.trim();
	if (!URL.canParse(trimmed)) {
		return { problem: 'The Base URL is not a valid URL. Enter it with its scheme, e.g. https://studio.example.com' };
	}
	const url = new URL(trimmed);
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return { problem: `The Base URL must start with http:// or https:// (it starts with ${url.protocol}//)` };
	}
	if (url.username || url.password) {
		return {
			problem: 'The Base URL must not contain a user name or password; the API key is the only credential the API takes',
		};
	}
	if (url.search || url.hash || trimmed.includes('?') || trimmed.includes('#')) {
		return { problem: 'The Base URL must not contain a query string (?…) or a fragment (#…)' };
	}
	let path = url.pathname.replace(/\/+$/, '');
	if (path.toLowerCase().endsWith(API_PATH_PREFIX)) {
		path = path.slice(0, -API_PATH_PREFIX.length).replace(/\/+$/, '');
	}
	return { url: `${url.protocol}//${url.host}${path}` };
}

/** The absolute URL of an API path such as `/bookings/abc` under a normalised base URL. */
export function apiUrl(normalizedBaseUrl: string, path: string): string {
	return `${normalizedBaseUrl}${API_PATH_PREFIX}${path}`;
}

/**
 * The Authorization header the API expects: the key as a bearer token. The key is trimmed because keys
 * pasted from the cabinet often carry a newline. The one rule for both places that send the key: the
 * credential's `authenticate` (every execution) and the credential test, which n8n gives no authentication
 * helper.
 */
export function bearerAuthorization(apiKey: unknown): string {
	return `Bearer ${typeof apiKey === 'string' ? apiKey.trim() : ''}`;
}

/** Shortest API key text that is masked in messages; masking 1–2 characters would garble every message. */
const MIN_MASKED_SECRET_LENGTH = 3;

/**
 * A function that masks the API key in any text, as given and trimmed (n8n may send either), for messages
 * that quote server responses or request errors.
 */
export function keyRedactor(apiKey: unknown): (text: string) => string {
	const secrets = [apiKey]
		.filter((value): value is string => typeof value === 'string')
		.flatMap((key) => [key, key.trim()])
		.filter((key) => key.length >= MIN_MASKED_SECRET_LENGTH);
	return (text) => {
		let result = text;
		for (const secret of secrets) result = result.split(secret).join('***');
		return result;
	};
}
