import type { ICredentialTestFunctions, ICredentialsDecrypted, INodeCredentialTestResult } from 'n8n-workflow';

import { normalizeBaseUrl } from '../transport/baseUrl';
import { keyRedactor } from '../transport/secrets';
import { describeAnswer, describeNoAnswer, describeRefusedRedirect } from './credentialTestMessages';
import { sendTestRequest } from './credentialTestRequest';

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
