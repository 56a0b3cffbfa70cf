/** The editor's memory of a workspace: keyed without the key, short-lived, bounded. */
import { editorSession, filterVerdict, forgetEditorSessions, MAX_KNOWN_CLIENTS, rememberClient, SESSION_TTL_MS } from '../../nodes/VenueBooking/editorSession';
import { ApiClient } from '../../nodes/VenueBooking/transport/request';
import { mockContext } from './mockContext';

const KEY = 'vb_live_unit-SECRET-key-0042';

async function keyOf(credentials: { apiKey?: string; baseUrl?: string }): Promise<string> {
	const mock = mockContext({ parameters: {}, answers: [], credentials: { baseUrl: 'https://studio.example.com', apiKey: KEY, ...credentials } });
	return (await ApiClient.create(mock.context)).sessionKey;
}

beforeEach(() => forgetEditorSessions());

describe('the editor\'s memory of a workspace', () => {
	it('is keyed by the Base URL and a hash of the key, never the key itself', async () => {
		const key = await keyOf({});
		expect(key).not.toContain(KEY);
		expect(key).not.toContain('SECRET');
		expect(await keyOf({})).toBe(key);
		expect(await keyOf({ apiKey: `${KEY}x` })).not.toBe(key);
		expect(await keyOf({ baseUrl: 'https://other.example.com' })).not.toBe(key);
	});

	it('lasts SESSION_TTL_MS, then starts afresh', () => {
		const made = editorSession('k', 1_000);
		rememberClient(made, 'c1', { id: 'c1' });
		expect(editorSession('k', 1_000 + SESSION_TTL_MS - 1)).toBe(made);
		const later = editorSession('k', 1_000 + SESSION_TTL_MS);
		expect(later).not.toBe(made);
		expect(later.clients.size).toBe(0);
	});

	it('keeps at most MAX_KNOWN_CLIENTS clients, and a few workspaces, the oldest forgotten first', () => {
		const session = editorSession('big', 0);
		for (let i = 0; i <= MAX_KNOWN_CLIENTS; i++) rememberClient(session, `c${i}`, { id: `c${i}` });
		expect(session.clients.size).toBe(MAX_KNOWN_CLIENTS);
		const first = editorSession('w0', 0);
		for (let i = 1; i < 40; i++) editorSession(`w${i}`, 0);
		expect(editorSession('w0', 0)).not.toBe(first);
	});

	it('keeps one verdict per list and kind of filter, made empty on first use, for the session', () => {
		const session = editorSession('k', 0);
		const verdict = filterVerdict(session, 'text /clients');
		expect(verdict).toEqual({ refused: new Set() });
		verdict.kept = 'search';
		expect(filterVerdict(editorSession('k', 1), 'text /clients').kept).toBe('search');
		expect(filterVerdict(session, 'reference /bookings').kept).toBeUndefined();
		expect(filterVerdict(editorSession('k', SESSION_TTL_MS), 'text /clients').kept).toBeUndefined();
	});
});
