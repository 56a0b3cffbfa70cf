import type { HttpMethod } from '../endpoints';

/** Same-origin redirects one request may follow before we call it a loop. */
export const MAX_REDIRECTS = 5;

/** Scheme, host and port only: a redirect target's path or query may carry tokens. */
export function safeOrigin(url: string): string {
	return URL.canParse(url) ? new URL(url).origin : 'an invalid address';
}

/** Why a URL may not receive the key: anything off the credential's origin would get the bearer header. */
export function offOriginProblem(url: string, origin: string, what: string): { problem: string; hint: string } | undefined {
	if (safeOrigin(url) === origin) return undefined;
	return {
		problem: `${what} (${safeOrigin(url)}); it was not followed, so the API key was not sent there`,
		hint: `Only addresses on ${origin}, the credential's Base URL, receive the key. If the workspace moved, update the Base URL.`,
	};
}

export type RedirectDecision = { follow: string } | { problem: string; hint: string };

/**
 * Whether the `redirects`-th redirect of one request is followed: only a GET (a write is never repeated
 * where the server may have acted), only to the same origin, at most {@link MAX_REDIRECTS} times.
 */
export function decideRedirect(location: string, from: string, method: HttpMethod, origin: string, redirects: number): RedirectDecision {
	if (!URL.canParse(location, from)) {
		return { problem: 'The API answered with a redirect to an invalid address', hint: "Check the credential's Base URL." };
	}
	const target = new URL(location, from).toString();
	const offOrigin = offOriginProblem(target, origin, 'The API redirected to another address');
	if (offOrigin) return offOrigin;
	if (method !== 'GET') {
		return {
			problem: `The API redirected the ${method} request; it was not repeated at the new address`,
			hint: `Redirected to ${safeOrigin(target)}. Check the credential's Base URL (http vs https, www).`,
		};
	}
	if (redirects > MAX_REDIRECTS) {
		return { problem: `The API redirected more than ${MAX_REDIRECTS} times`, hint: "Check the credential's Base URL." };
	}
	return { follow: target };
}
