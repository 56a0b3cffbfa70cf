/** What lint cannot see in the generated node description. */

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { nodeProperties, OPERATIONS } from '../../../nodes/VenueBooking/actions/operations';
import { ENDPOINTS } from '../../../nodes/VenueBooking/endpoints';

describe('the node description built from the endpoint rows', () => {
	const resourceProperty = nodeProperties.find((p) => p.name === 'resource')!;
	const operationProperties = nodeProperties.filter((p) => p.name === 'operation');
	const optionsOf = (property: INodeProperties) => (property.options ?? []) as INodePropertyOptions[];
	const names = (property: INodeProperties) => optionsOf(property).map((option) => option.name);
	const sorted = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b));

	it('has one operation per endpoint and one resource option per resource, sorted by name', () => {
		expect(OPERATIONS.size).toBe(ENDPOINTS.length);
		expect(names(resourceProperty)).toEqual(sorted(names(resourceProperty)));
		expect(new Set(optionsOf(resourceProperty).map((o) => o.value))).toEqual(new Set(ENDPOINTS.map((e) => e.resource)));
		expect(operationProperties).toHaveLength(optionsOf(resourceProperty).length);
	});

	it.each(ENDPOINTS.map((endpoint) => [`${endpoint.resource}:${endpoint.operation}`, endpoint] as const))(
		'%s is an operation option with its label, action and scope',
		(_key, endpoint) => {
			const dropdown = operationProperties.find((p) => p.displayOptions?.show?.resource?.[0] === endpoint.resource)!;
			expect(names(dropdown)).toEqual(sorted(names(dropdown)));
			const option = optionsOf(dropdown).find((o) => o.value === endpoint.operation)!;
			expect(option.name).toBe(endpoint.operationName);
			expect(typeof option.action === 'string' && option.action.length > 0).toBe(true);
			expect(option.description).toContain(endpoint.scopes.join(' or '));
		},
	);

	it('shows every operation parameter for exactly its own resource and operation', () => {
		for (const { endpoint, description } of OPERATIONS.values()) {
			expect(description.length).toBeGreaterThan(0);
			for (const property of description) {
				expect({ name: property.name, resource: property.displayOptions?.show?.resource }).toEqual({
					name: property.name,
					resource: [endpoint.resource],
				});
				expect(property.displayOptions?.show?.operation).toEqual([endpoint.operation]);
			}
		}
	});

	it('gives every {id} endpoint an id parameter and no other endpoint one', () => {
		for (const endpoint of ENDPOINTS) {
			const e: { path: string; id?: unknown } = endpoint;
			expect(e.path.includes('{id}')).toBe(e.id !== undefined);
		}
	});
});
