/**
 * Bearer keys and scopes. A key is accepted when it is known; an endpoint is allowed when the key has any
 * one of the endpoint's scopes (the webhook test lists two). The key value never appears in a response,
 * a log line or the request record.
 */
import { SCOPES, describeScopes, type Endpoint, type Scope } from '../nodes/VenueBooking/endpoints';
import { ApiError } from './errors';

const READ_SCOPES = SCOPES.filter((scope) => scope.endsWith('.read'));

/** The sandbox's fixed keys; the value is also the key's name. */
export const PRECONFIGURED_KEYS: Readonly<Record<string, readonly Scope[]>> = {
	'sandbox-full': [...SCOPES],
	'sandbox-readonly': READ_SCOPES,
	'sandbox-no-payments': SCOPES.filter((scope) => scope !== 'payments.read'),
	'sandbox-webhooks': ['webhooks.read'],
	'sandbox-bookings-write': ['bookings.write'],
};

export type Keyring = ReadonlyMap<string, readonly Scope[]>;

/** The preconfigured keys plus extra ones; an unknown scope name is a configuration error. */
export function buildKeyring(extraKeys: Record<string, readonly string[]> = {}): Keyring {
	const keyring = new Map<string, readonly Scope[]>(Object.entries(PRECONFIGURED_KEYS));
	for (const [key, scopes] of Object.entries(extraKeys)) {
		if (key === '' || /\s/.test(key)) throw new Error(`A sandbox key must be non-empty without spaces; got "${key}"`);
		for (const scope of scopes) {
			if (!SCOPES.includes(scope as Scope)) {
				throw new Error(`Unknown scope "${scope}" for key "${key}"; scopes are ${SCOPES.join(', ')}`);
			}
		}
		keyring.set(key, scopes as Scope[]);
	}
	return keyring;
}

const REALM = 'Bearer realm="Partner API sandbox"';

/** Throws 401 (no or unknown key) or 403 (missing scope); returns the key's scopes when allowed. */
export function authorize(header: string | undefined, keyring: Keyring, endpoint: Endpoint): readonly Scope[] {
	const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
	if (!match) {
		throw new ApiError(401, 'unauthorized', 'Missing API key: send "Authorization: Bearer <API key>".', undefined, {
			'WWW-Authenticate': REALM,
		});
	}
	const scopes = keyring.get(match[1]);
	if (!scopes) {
		throw new ApiError(401, 'unauthorized', 'The API key is not valid for this workspace.', undefined, {
			'WWW-Authenticate': `${REALM}, error="invalid_token"`,
		});
	}
	if (!endpoint.scopes.some((scope) => scopes.includes(scope))) {
		throw new ApiError(
			403,
			'insufficient_scope',
			`The API key lacks the scope ${describeScopes(endpoint)} required by ${endpoint.method} ${endpoint.path}.`,
			undefined,
			{ 'WWW-Authenticate': `${REALM}, error="insufficient_scope", scope="${endpoint.scopes.join(' ')}"` },
		);
	}
	return scopes;
}
