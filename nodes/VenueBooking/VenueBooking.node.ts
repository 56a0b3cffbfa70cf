/**
 * The Venue Booking action node: its description and the entry points n8n calls.
 */
import { type IExecuteFunctions, type INodeExecutionData, type INodeType, type INodeTypeDescription, NodeConnectionTypes } from 'n8n-workflow';

import { nodeProperties } from './actions/operations';
import { route } from './actions/router';
import { documentationSection } from './endpoints';
import { bookingFields, bookingTimes } from './methods/resourceMapping';
import { searchBookings, searchClients } from './methods/listSearch';
import { venueBookingApiTest } from './methods/credentialTest';

/** The action node: one resource/operation pair per endpoint of the Partner Booking API v1. */
export class VenueBooking implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Venue Booking',
		name: 'venueBooking',
		icon: { light: 'file:venueBooking.svg', dark: 'file:venueBooking.dark.svg' },
		group: ['transform'],
		// 1.1: Cancel or Reschedule asks what to do, Cancel first (actions/write.ts); 1 keeps its saved behaviour.
		// 1.2: Add Names and Add Local Times write flat fields (room_name, start_local); 1 and 1.1 keep addedByNode.
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read and manage bookings, slots, catalog, clients, payments and webhooks of a venue workspace',
		documentationUrl: documentationSection('operations'),
		defaults: { name: 'Venue Booking' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'venueBookingApi', required: true, testedBy: 'venueBookingApiTest' }],
		properties: nodeProperties,
	};

	/** Editor-time only: the credential test, and lists and fields read from the user's own workspace (never at execution). */
	methods = {
		credentialTest: { venueBookingApiTest },
		listSearch: { searchBookings, searchClients },
		resourceMapping: { bookingFields, bookingTimes },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
