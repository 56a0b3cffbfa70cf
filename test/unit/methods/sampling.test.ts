import { type INode, type INodeProperties, type INodeTypeDescription, NodeHelpers } from 'n8n-workflow';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { EDITOR_DEADLINE_MS, editorClient, isAgentTool, readIdentityField, readSearchParameter } from '../../../nodes/VenueBooking/methods/sampling';
import { forgetEditorSessions } from '../../../nodes/VenueBooking/editorSession';
import { mockLoadOptionsContext } from '../mockContext';

describe('the editor\'s view of the node', () => {
	it('gives a client with the retry and timeout settings of the node\'s Options', async () => {
		const { context, requests } = mockLoadOptionsContext({
			parameters: { options: { timeout: 4321, maxRetries: 0 } },
			answers: [{ statusCode: 503, body: {} }],
		});
		const client = await editorClient(context);
		await expect(client.send({ endpoint: findEndpoint('booking', 'getAll'), itemIndex: 0 })).rejects.toThrow();
		// No retry: Max Retries 0 is taken from the node.
		expect(requests).toHaveLength(1);
		expect(requests[0].timeout).toBe(4321);
	});

	it('gives a client with a deadline a few seconds off, and the one pacer of the session: what the quota said outlives a call', async () => {
		forgetEditorSessions();
		const made = () => mockLoadOptionsContext({ parameters: {}, answers: [] }).context;
		const first = await editorClient(made(), 1_000);
		const second = await editorClient(made(), 2_000);
		expect(first.deadline).toBe(1_000 + EDITOR_DEADLINE_MS);
		expect(second.pacer).toBe(first.pacer);
	});

	it('reads Options > Search Parameter trimmed, and nothing when unset', () => {
		expect(readSearchParameter(mockLoadOptionsContext({ parameters: { options: { searchParameter: ' q ' } } }).context)).toBe('q');
		expect(readSearchParameter(mockLoadOptionsContext({ parameters: {} }).context)).toBe('');
	});

	it('refuses a bad Options value with the error of the shared reader, naming the parameter', async () => {
		const { context, requests } = mockLoadOptionsContext({ parameters: { options: { timeout: 0 } } });
		await expect(editorClient(context)).rejects.toThrow(/Timeout/);
		expect(requests).toHaveLength(0);
	});

	it('reads the Identity Field trimmed, and nothing for an unset or non-text value', () => {
		expect(readIdentityField(mockLoadOptionsContext({ parameters: { options: { identityPath: ' ref.code ' } } }).context)).toBe('ref.code');
		expect(readIdentityField(mockLoadOptionsContext({ parameters: {} }).context)).toBe('');
		expect(readIdentityField(mockLoadOptionsContext({ parameters: { options: { identityPath: 42 } } }).context)).toBe('');
	});
});

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
