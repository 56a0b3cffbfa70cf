import { NodeHelpers, type INode, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { isAgentTool } from '../../../nodes/VenueBooking/methods/agentTool';

function nodeOfType(type: string): INode {
	return { id: '1', name: 'Venue Booking', type, typeVersion: 1, position: [0, 0], parameters: {} };
}

/** n8n's own `@tool` display rule for a node type of that name: the rule the editor applies. */
function n8nSaysTool(type: string): boolean {
	const probe: INodeProperties = { displayName: 'Probe', name: 'probe', type: 'notice', default: '', displayOptions: { show: { '@tool': [true] } } };
	const description = { name: type } as INodeTypeDescription;
	return NodeHelpers.displayParameter({}, probe, nodeOfType(type), description);
}

describe('isAgentTool', () => {
	it.each([
		['n8n-nodes-venue-booking.venueBookingTool', true], // installed as a community package
		['CUSTOM.venueBookingTool', true], // loaded through N8N_CUSTOM_EXTENSIONS
		['n8n-nodes-venue-booking.venueBooking', false],
		['n8n-nodes-venue-booking.venueBookingTrigger', false],
	])('%s → %s, as n8n decides @tool', (type, expected) => {
		expect(isAgentTool(nodeOfType(type))).toBe(expected);
		expect(n8nSaysTool(type)).toBe(expected);
	});
});
