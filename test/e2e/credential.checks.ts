/**
 * The credential dialog's **Test** button in the running n8n: for each case a person can act on, a
 * `venueBookingApi` credential is saved and `POST /rest/credentials/test` (what the button calls) is asked
 * about it. n8n's own CredentialsTester picks the test and decides which message reaches the dialog, so
 * this is where the package's messages are proven, in every n8n version the e2e runs. Each answer is
 * printed, and no answer may contain the key.
 */
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { closedPortUrl, startHtmlSite, startSelfSignedHttps, type LocalServer } from '../support/notTheApi';
import { FULL_KEY, type E2eContext } from './context';
import { assert } from './harness';

/** A key the sandbox does not know, distinctive enough to search for in the answers. */
const REFUSED_KEY = 'vb_e2e_refused-7c1f-not-a-real-key';
/** A sandbox key with webhooks.read only: valid, but without the bookings.read the test needs. */
const NO_BOOKINGS_KEY = 'sandbox-webhooks';

interface CredentialCase {
	name: string;
	baseUrl: string;
	apiKey: string;
	status: 'OK' | 'Error';
	/** Every pattern must match n8n's message. */
	says: RegExp[];
}

function casesFor(sandboxUrl: string, servers: { html: string; selfSigned: string; closed: string }): CredentialCase[] {
	const sandboxPort = new URL(sandboxUrl).port;
	return [
		{ name: 'a full key', baseUrl: sandboxUrl, apiKey: FULL_KEY, status: 'OK', says: [/^Connection successful/] },
		{
			name: 'the workspace address with a pasted API prefix and spaces',
			baseUrl: ` ${sandboxUrl}/api/partners/v1/ `,
			apiKey: ` ${FULL_KEY}\n`,
			status: 'OK',
			says: [/^Connection successful/],
		},
		{
			name: 'a refused key (401)',
			baseUrl: sandboxUrl,
			apiKey: REFUSED_KEY,
			status: 'Error',
			says: [/^The API key was refused \(401\)\. Check that it was copied whole/],
		},
		{
			name: 'a valid key without bookings.read (403)',
			baseUrl: sandboxUrl,
			apiKey: NO_BOOKINGS_KEY,
			status: 'Error',
			says: [/^The key is valid, but it may not list bookings \(403\): it lacks the bookings\.read scope/, /Other operations .* may still work/, /you can save this credential/],
		},
		{
			name: 'a Base URL that is not a Partner API (404)',
			baseUrl: `${sandboxUrl}/some/site`,
			apiKey: FULL_KEY,
			status: 'Error',
			says: [/^No Partner API v1 answered at this Base URL \(GET \/api\/partners\/v1\/bookings gave 404/],
		},
		{
			name: 'a Base URL of a website (HTML answer)',
			baseUrl: servers.html,
			apiKey: FULL_KEY,
			status: 'Error',
			says: [/HTML page instead of JSON/, /so this is not the Partner API v1/],
		},
		{
			name: 'an unreachable address (connection refused)',
			baseUrl: servers.closed,
			apiKey: FULL_KEY,
			status: 'Error',
			says: [/^Nothing accepted the connection at http:\/\/127\.0\.0\.1:\d+ \(connection refused, ECONNREFUSED\)\. Check the Base URL/],
		},
		{
			name: 'https to a plain-http port (TLS broken)',
			baseUrl: `https://127.0.0.1:${sandboxPort}`,
			apiKey: FULL_KEY,
			status: 'Error',
			says: [/^The secure \(https\) connection to https:\/\/127\.0\.0\.1:\d+ failed: the server does not speak https/, /start the Base URL with http:\/\//],
		},
		{
			name: 'an https server with a self-signed certificate',
			baseUrl: servers.selfSigned,
			apiKey: FULL_KEY,
			status: 'Error',
			says: [/^The https certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted: it is self-signed/, /NODE_EXTRA_CA_CERTS/],
		},
	];
}

/** With the server running and logged in as the owner. */
export async function credentialTestChecks(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox } = context;
	const started: LocalServer[] = [];
	try {
		const html = await startHtmlSite();
		started.push(html);
		const selfSigned = await startSelfSignedHttps();
		started.push(selfSigned);
		const cases = casesFor(sandbox.url, { html: html.url, selfSigned: selfSigned.url, closed: await closedPortUrl() });
		for (const testCase of cases) {
			await checks.check(`credential Test button (POST /rest/credentials/test): ${testCase.name}`, async () => {
				const credential = { name: `e2e test: ${testCase.name}`, type: 'venueBookingApi', data: { baseUrl: testCase.baseUrl, apiKey: testCase.apiKey } };
				const { id } = await rest.createCredential(credential);
				const answer = await rest.testCredential({ id, ...credential });
				console.log(`     n8n answered ${answer.status}: ${answer.message}`);
				assert(answer.status === testCase.status, `status ${answer.status}, expected ${testCase.status} (message: ${answer.message})`);
				for (const pattern of testCase.says) assert(pattern.test(answer.message), `the message does not match ${pattern}: ${answer.message}`);
				assert(!answer.message.includes(testCase.apiKey.trim()), 'the API key appears in the message');
			});
		}
	} finally {
		for (const server of started) await server.close();
	}
}
