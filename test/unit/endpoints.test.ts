import { API_PATH_PREFIX, describeScopes, DOCUMENTATION_URL, documentationSection, ENDPOINTS, findEndpoint, requireId, SCOPES, showFor } from '../../nodes/VenueBooking/endpoints';
import packageJson from '../../package.json';

describe('the endpoint table', () => {
	it('holds the 12 endpoints of the document, each resource/operation pair once', () => {
		expect(ENDPOINTS).toHaveLength(12);
		expect(new Set(ENDPOINTS.map((e) => `${e.resource}:${e.operation}`)).size).toBe(12);
		expect(new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`)).size).toBe(12);
		expect(API_PATH_PREFIX).toBe('/api/partners/v1');
	});

	it('uses only the seven scopes of the document, and every scope is needed somewhere', () => {
		expect(SCOPES).toHaveLength(7);
		const used = new Set(ENDPOINTS.flatMap((e) => [...e.scopes]));
		expect([...used].sort()).toEqual([...SCOPES].sort());
	});

	it('gives every row a shape that fits its method and path', () => {
		for (const endpoint of ENDPOINTS) {
			const e: { method: string; path: string; shape: string; id?: unknown } = endpoint;
			if (e.shape === 'write') expect(e.method).not.toBe('GET');
			else expect(e.method).toBe('GET');
			expect(e.shape === 'getById').toBe(e.method === 'GET' && e.path.includes('{id}'));
			expect(e.id !== undefined).toBe(e.path.includes('{id}'));
		}
	});
});

describe('findEndpoint', () => {
	it('finds a row by resource and operation', () => {
		expect(findEndpoint('booking', 'update')).toMatchObject({ method: 'PATCH', path: '/bookings/{id}', scopes: ['bookings.write'] });
	});

	it('throws on a pair the API lacks, naming it', () => {
		// @ts-expect-error: the pair is not in the table, which the type already refuses.
		expect(() => findEndpoint('room', 'delete')).toThrow('The Partner API has no operation "delete" for resource "room"');
	});
});

describe('describeScopes', () => {
	it('names one scope, or the alternatives joined by "or"', () => {
		expect(describeScopes(findEndpoint('slot', 'getAll'))).toBe('slots.read');
		expect(describeScopes(findEndpoint('webhook', 'sendTest'))).toBe('bookings.read or bookings.write');
	});
});

describe('where the Docs links point', () => {
	it('is the npm page of this very package', () => {
		expect(DOCUMENTATION_URL).toBe(`https://www.npmjs.com/package/${packageJson.name}`);
	});

	it('a section is the page with the anchor as its fragment, nothing appended after it', () => {
		const url = new URL(documentationSection('discovering-your-workspaces-fields'));
		expect(url.origin + url.pathname).toBe(DOCUMENTATION_URL);
		expect(url.hash).toBe('#discovering-your-workspaces-fields');
		expect(url.search).toBe('');
	});
});

describe('showFor', () => {
	it('shows a parameter for exactly one resource and operation', () => {
		expect(showFor({ resource: 'booking', operation: 'get' })).toEqual({ show: { resource: ['booking'], operation: ['get'] } });
	});
});

describe('requireId', () => {
	it('gives the id parameter of a {id} row', () => {
		expect(requireId(findEndpoint('client', 'get')).name).toBe('clientId');
	});

	it('calls a {id} row without an id parameter a mistake of the table, naming the endpoint', () => {
		const { id: _id, ...withoutId } = findEndpoint('booking', 'get');
		expect(() => requireId(withoutId)).toThrow('GET /bookings/{id} has no id parameter in the endpoint table');
	});
});
