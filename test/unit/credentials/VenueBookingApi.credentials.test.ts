import { VenueBookingApi } from '../../../credentials/VenueBookingApi.credentials';

const credential = new VenueBookingApi();

describe('VenueBookingApi', () => {
	it('is the venueBookingApi credential the nodes ask for', () => {
		expect(credential.name).toBe('venueBookingApi');
		expect(credential.displayName).toBe('Venue Booking API');
	});

	it('asks for a required Base URL and a required API key in a password field', () => {
		const byName = Object.fromEntries(credential.properties.map((p) => [p.name, p]));
		expect(byName.baseUrl).toMatchObject({ type: 'string', required: true });
		expect(byName.apiKey).toMatchObject({ type: 'string', required: true, typeOptions: { password: true } });
	});

	it('has an optional Workspace Time Zone, empty by default so saved credentials read zone-less times as UTC', () => {
		const zone = credential.properties.find((p) => p.name === 'workspaceTimeZone');
		expect(zone).toMatchObject({ displayName: 'Workspace Time Zone', type: 'string', default: '' });
		expect(zone?.required).toBeFalsy();
		expect(zone?.description).toMatch(/without a zone.*Leave empty for UTC/);
	});

	it('sends the key as a bearer token, trimmed of the newline a paste often adds', async () => {
		const request = { url: 'https://studio.example.com/api/partners/v1/bookings', headers: { Accept: 'application/json' } };
		const authenticated = await credential.authenticate({ apiKey: '  vb_live_abc\n' }, request);
		expect(authenticated.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer vb_live_abc' });
		expect(authenticated.url).toBe(request.url);
	});

	it('leaves the request it was given untouched (n8n may reuse it for a retry)', async () => {
		const request = { url: 'https://studio.example.com/', headers: {} };
		await credential.authenticate({ apiKey: 'k' }, request);
		expect(request.headers).toEqual({});
	});

	it('adds a header to a request that had none', async () => {
		const authenticated = await credential.authenticate({ apiKey: 'k' }, { url: 'https://studio.example.com/' });
		expect(authenticated.headers).toEqual({ Authorization: 'Bearer k' });
	});
});
