import type {
	IAuthenticateGeneric,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

/**
 * Base URL + scoped API key of a venue workspace's Partner API v1. The key is sent as a bearer token
 * (as the API document says); it is trimmed because keys pasted from the cabinet often carry a newline.
 * The **Test** button runs the nodes' `testedBy` function (nodes/VenueBooking/methods/credentialTest.ts),
 * not a declarative `test` here: n8n would prefer a `test` and then show its own generic messages
 * (docs/CREDENTIAL.md).
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
}
