import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Base URL + scoped API key of a venue workspace's Partner API v1. The key is sent as a bearer token
 * (as the API document says); it is trimmed because keys pasted from the cabinet often carry a newline.
 */
export class VenueBookingApi implements ICredentialType {
	name = 'venueBookingApi';

	displayName = 'Venue Booking API';

	icon: Icon = { light: 'file:../nodes/VenueBooking/venueBooking.svg', dark: 'file:../nodes/VenueBooking/venueBooking.dark.svg' };

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-venue-booking#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://studio.example.com',
			description:
				'The address of your workspace (http or https). A trailing slash or a pasted /api/partners/v1 suffix is fine.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'A scoped key created in your workspace cabinet, section Partner API (Platform / GROWTH+ plan). Each operation needs the scope shown in its description.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{ String($credentials.apiKey).trim() }}',
			},
		},
	};

	// Lists bookings: a read with no side effects. The rules turn the statuses a person can act on into
	// plain advice; anything else (unreachable host, TLS) is reported by n8n itself.
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "").replace(/\\/api\\/partners\\/v1$/i, "") }}',
			url: '/api/partners/v1/bookings',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The API key was refused (401). Check that it was copied whole and has not been revoked in the workspace cabinet.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'The key is valid but may not read bookings: it lacks the bookings.read scope this test uses, or the workspace is not on the Platform (GROWTH+) plan. Operations whose scopes the key has may still work, so you can save the credential.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Partner API v1 answered at this Base URL (GET /api/partners/v1/bookings gave 404). Enter the workspace address, e.g. https://studio.example.com',
				},
			},
		],
	};
}
