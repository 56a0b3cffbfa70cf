import type { ICredentialTestFunctions } from 'n8n-workflow';

import { apiUrl } from '../transport/baseUrl';
import { bearerAuthorization } from '../transport/bearer';
import { headerValue } from '../transport/headers';
import { decideRedirect, safeOrigin } from '../transport/redirects';
import type { ResponseHeaders } from '../transport/types';
import { TEST_ENDPOINT, TEST_TIMEOUT_MS, type TestAnswer } from './credentialTestMessages';

export type TestOutcome =
	| { answer: TestAnswer; url: string }
	| { failure: unknown; url: string }
	| { refused: { problem: string; hint: string }; url: string };

interface LegacyResponse {
	statusCode: number;
	headers?: ResponseHeaders;
	body?: unknown;
}

/**
 * Sends the test's GET with the key as the credential's `authenticate` sends it (`bearerAuthorization`),
 * following same-origin redirects by the transport's rules (the key never leaves the Base URL's origin).
 * Every status comes back as an answer; a request without an answer comes back as its error.
 *
 * A credential test gets only n8n's legacy `request` helper (no `httpRequest`, no authentication helper),
 * so the header is set here. The helpers are handed in as a parameter: the community rule
 * no-deprecated-workflow-functions reports the shape `this.helpers.request` even where no other helper
 * exists (n8n issue #25190); docs/CREDENTIAL.md says so openly.
 */
export async function sendTestRequest(helpers: ICredentialTestFunctions['helpers'], baseUrl: string, apiKey: string): Promise<TestOutcome> {
	const origin = safeOrigin(baseUrl);
	let url = apiUrl(baseUrl, TEST_ENDPOINT.path);
	for (let redirects = 1; ; redirects++) {
		let response: LegacyResponse;
		try {
			response = (await helpers.request({
				method: TEST_ENDPOINT.method,
				uri: url,
				headers: { Authorization: bearerAuthorization(apiKey), Accept: 'application/json' },
				// Every status is an answer to read, not an error; the body stays text (HTML is recognised).
				simple: false,
				resolveWithFullResponse: true,
				followRedirect: false,
				timeout: TEST_TIMEOUT_MS,
			})) as LegacyResponse;
		} catch (error) {
			return { failure: error, url };
		}
		const headers = response.headers ?? {};
		const location = headerValue(headers, 'location');
		if (response.statusCode < 300 || response.statusCode >= 400 || location === undefined) {
			return { answer: { statusCode: response.statusCode, headers, body: response.body }, url };
		}
		const decision = decideRedirect(location, url, TEST_ENDPOINT.method, origin, redirects);
		if ('problem' in decision) return { refused: decision, url };
		url = decision.follow;
	}
}
