import { API_PATH_PREFIX, describeScopes, ENDPOINTS, findEndpoint, SCOPES } from '../../nodes/VenueBooking/endpoints';

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
		expect(() => findEndpoint('room', 'delete')).toThrow('The Partner API has no operation "delete" for resource "room"');
	});
});

describe('describeScopes', () => {
	it('names one scope, or the alternatives joined by "or"', () => {
		expect(describeScopes(findEndpoint('slot', 'getAll'))).toBe('slots.read');
		expect(describeScopes(findEndpoint('webhook', 'sendTest'))).toBe('bookings.read or bookings.write');
	});
});
