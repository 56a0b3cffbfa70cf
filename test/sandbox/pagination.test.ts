/** Every pagination style × envelope or bare × snake or camel: walking all pages yields every item once, in order. */
import { NAMINGS, PAGINATION_STYLES, paginationParameterNames, startSandbox, type Sandbox } from '../../sandbox';
import { apiClient, itemsOf, walkAll } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	// 53 clients and pages of 10: the last page is partial.
	sandbox = await startSandbox({ scale: { clients: 53 } });
});
afterAll(() => sandbox.close());

const matrix = PAGINATION_STYLES.flatMap((style) => [true, false].flatMap((envelope) => NAMINGS.map((naming) => ({ style, envelope, naming }))));

describe.each(matrix)('$style pagination, envelope $envelope, $naming names', ({ style, envelope, naming }) => {
	beforeEach(() => sandbox.setOptions({ pagination: style, dialect: { envelope, naming } }));

	it('walks every client exactly once, in list order', async () => {
		const names = sandbox.paginationNames();
		const walk = await walkAll(apiClient(sandbox), '/clients', names, 10);
		expect(walk.items.map((c) => c.id)).toEqual(sandbox.store.clients.map((c) => c.id));
		expect(walk.requests).toBeGreaterThanOrEqual(style === 'none' ? 1 : 6);
		if (walk.pastEnd) expect(itemsOf(walk.pastEnd)).toEqual([]);
	});

	it('renders fields and filter parameters in the naming', async () => {
		const names = sandbox.paginationNames();
		const response = await apiClient(sandbox).get('/bookings', {
			params: { [naming === 'snake' ? 'room_id' : 'roomId']: 'room_loft', ...(names.query.limit ? { [names.query.limit]: 100 } : {}) },
		});
		expect(response.status).toBe(200);
		const bookings = itemsOf(response);
		expect(bookings.length).toBeGreaterThan(0);
		const roomField = naming === 'snake' ? 'room_id' : 'roomId';
		expect(bookings.every((b) => b[roomField] === 'room_loft')).toBe(true);
		expect(Array.isArray(response.data)).toBe(!envelope);
	});
});

describe('pagination names and page sizes', () => {
	it('names parameters, fields and headers per style and dialect', () => {
		expect(paginationParameterNames({ pagination: 'page', dialect: { envelope: true, naming: 'snake' } })).toMatchObject({
			query: { page: 'page', perPage: 'per_page' },
			listField: 'items',
			body: { page: 'page', perPage: 'per_page', totalPages: 'total_pages', totalCount: 'total_count' },
			headers: {},
		});
		expect(paginationParameterNames({ pagination: 'cursor', dialect: { envelope: false, naming: 'camel' } })).toMatchObject({
			query: { cursor: 'cursor', limit: 'limit' },
			body: {},
			headers: { nextCursor: 'X-Next-Cursor' },
		});
		expect(paginationParameterNames({ pagination: 'nextUrl', dialect: { envelope: true, naming: 'camel' } }).body).toEqual({ nextUrl: 'nextUrl' });
		expect(paginationParameterNames({ pagination: 'nextUrl', dialect: { envelope: false } }).headers).toEqual({ link: 'Link' });
		expect(paginationParameterNames({ pagination: 'linkHeader', dialect: { envelope: true } }).headers).toEqual({ link: 'Link' });
	});

	it('clamps a page size above maxPageSize and uses defaultPageSize when none is asked', async () => {
		sandbox.setOptions({ pagination: 'offset', maxPageSize: 15, defaultPageSize: 7, dialect: { envelope: true, naming: 'camel' } });
		try {
			const client = apiClient(sandbox);
			const clamped = await client.get('/clients', { params: { limit: 1000 } });
			expect(itemsOf(clamped)).toHaveLength(15);
			expect(clamped.data.limit).toBe(15);
			expect(itemsOf(await client.get('/clients'))).toHaveLength(7);
			expect((await client.get('/clients', { params: { limit: 0 } })).status).toBe(400);
			expect((await client.get('/clients', { params: { offset: 'x' } })).status).toBe(400);
		} finally {
			sandbox.setOptions({ maxPageSize: 100, defaultPageSize: 20 });
		}
	});

	it('reports the current page and totals for page style, and an empty page past the end', async () => {
		sandbox.setOptions({ pagination: 'page', dialect: { envelope: true, naming: 'camel' } });
		const response = await apiClient(sandbox).get('/clients', { params: { page: 6, perPage: 10 } });
		expect(response.data).toMatchObject({ page: 6, perPage: 10, totalPages: 6, totalCount: 53 });
		expect(itemsOf(response)).toHaveLength(3);
		const past = await apiClient(sandbox).get('/clients', { params: { page: 9, perPage: 10 } });
		expect(past.status).toBe(200);
		expect(past.data).toMatchObject({ items: [], page: 9, totalPages: 6 });
	});

	it('puts page markers in headers for bare arrays', async () => {
		sandbox.setOptions({ pagination: 'page', dialect: { envelope: false, naming: 'snake' } });
		const response = await apiClient(sandbox).get('/clients', { params: { page: 2, per_page: 10 } });
		expect(response.headers).toMatchObject({ 'x-page': '2', 'x-per-page': '10', 'x-total-pages': '6', 'x-total-count': '53' });
	});

	it('gives a null next cursor on the last page and rejects a forged cursor', async () => {
		sandbox.setOptions({ pagination: 'cursor', dialect: { envelope: true, naming: 'snake' } });
		const client = apiClient(sandbox);
		const all = await client.get('/clients', { params: { limit: 100 } });
		expect(all.data.next_cursor).toBeNull();
		const forged = await client.get('/clients', { params: { cursor: 'not-a-cursor' } });
		expect(forged.status).toBe(400);
		expect(forged.data.error.code).toBe('invalid_cursor');
	});

	it('uses the resource name as list key with listKey "byResource"', async () => {
		sandbox.setOptions({ pagination: 'cursor', dialect: { envelope: true, listKey: 'byResource' } });
		try {
			const response = await apiClient(sandbox).get('/webhooks/deliveries');
			expect(Array.isArray(response.data.deliveries)).toBe(true);
		} finally {
			sandbox.setOptions({ dialect: { listKey: 'items' } });
		}
	});

	it('keeps filters in next URLs and Link headers', async () => {
		sandbox.setOptions({ pagination: 'linkHeader', dialect: { envelope: true, naming: 'camel' } });
		const client = apiClient(sandbox);
		const first = await client.get('/payments', { params: { kind: 'charge', limit: 5 } });
		expect(first.headers.link).toMatch(/rel="first"/);
		const names = sandbox.paginationNames();
		const walk = await walkAll(client, '/payments', names, 5, { kind: 'charge' });
		expect(walk.items.map((p) => p.id)).toEqual(sandbox.store.payments.filter((p) => p.kind === 'charge').map((p) => p.id));
	});
});
