/**
 * The Authorization header the API expects: the key as a bearer token. The key is trimmed because keys
 * pasted from the cabinet often carry a newline. The one rule for both places that send the key: the
 * credential's `authenticate` (every execution) and the credential test, which n8n gives no authentication
 * helper.
 */
export function bearerAuthorization(apiKey: unknown): string {
	return `Bearer ${typeof apiKey === 'string' ? apiKey.trim() : ''}`;
}
