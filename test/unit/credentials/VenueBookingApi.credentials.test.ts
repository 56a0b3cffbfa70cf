import { Expression, Workflow, type INode, type INodeTypes } from 'n8n-workflow';

import { VenueBookingApi } from '../../../credentials/VenueBookingApi.credentials';
import { TEST_NODE } from '../mockContext';

const credential = new VenueBookingApi();

/** Resolves a credential expression with n8n-workflow's own engine, as n8n does for `authenticate`. */
function resolve(expression: string, credentials: Record<string, unknown>): unknown {
	Expression.setExpressionEngine('legacy');
	const nodeTypes = { getByName: () => undefined, getByNameAndVersion: () => undefined, getKnownTypes: () => ({}) };
	const workflow = new Workflow({ nodes: [], connections: {}, active: false, nodeTypes: nodeTypes as unknown as INodeTypes });
	return workflow.expression.getSimpleParameterValue(TEST_NODE as INode, expression, 'internal', { $credentials: credentials }, undefined, '');
}

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

	it('sends the key as a bearer token, trimmed of the newline a paste often adds', () => {
		const header = credential.authenticate.properties.headers?.Authorization as string;
		expect(resolve(header, { apiKey: '  vb_live_abc\n' })).toBe('Bearer vb_live_abc');
		expect(resolve(header, { apiKey: 'k' })).toBe('Bearer k');
		expect(Object.keys(credential.authenticate.properties)).toEqual(['headers']);
	});
});
