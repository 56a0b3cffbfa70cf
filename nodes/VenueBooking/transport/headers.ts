import type { ResponseHeaders } from './types';

/** Reads one header whatever its case; Node lower-cases them, mocks and proxies may not. */
export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
	const wanted = name.toLowerCase();
	for (const key of Object.keys(headers)) {
		if (key.toLowerCase() === wanted) {
			const value = headers[key];
			return Array.isArray(value) ? value.join(', ') : value;
		}
	}
	return undefined;
}
