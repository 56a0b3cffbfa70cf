import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { bearerAuthorization } from '../nodes/VenueBooking/transport/request';

/**
 * Base URL + scoped API key of a venue workspace's Partner API v1, and the optional zone the workspace writes its
 * zone-less date-times in (a property of the workspace, like its address; read by parameters/readers.ts
 * readWorkspaceTimeZone). The key is sent as a bearer token
 * (as the API document says), trimmed, by the one rule in nodes/VenueBooking/transport/bearer.ts.
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
		{
			displayName: 'Workspace Time Zone',
			name: 'workspaceTimeZone',
			type: 'string',
			default: '',
			placeholder: 'e.g. Europe/Paris',
			description:
				'The time zone your workspace writes date-times without a zone in (e.g. "2026-11-26 20:00:00"), as an IANA name. Leave empty for UTC. Times with a zone or offset are read as written.',
		},
	];

	/**
	 * A function rather than n8n's generic `=Bearer {{ … }}` template: n8n evaluates a template with its
	 * expression engine on every request (about 165 µs each in a profile, docs/PERFORMANCE.md).
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return { ...requestOptions, headers: { ...requestOptions.headers, Authorization: bearerAuthorization(credentials.apiKey) } };
	}
}
