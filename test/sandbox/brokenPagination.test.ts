/** brokenPagination: every style keeps announcing a next page with the same marker, forever. */
import type { AxiosResponse } from 'axios';

import { startSandbox, type Sandbox } from '../../sandbox';
import { apiClient, itemsOf, nextLink } from './helpers';

let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ brokenPagination: true, dialect: { naming: 'camel' } });
});
afterAll(() => sandbox.close());

describe('brokenPagination', () => {
	it.each([true, false])('cursor style repeats its cursor (envelope %s)', async (envelope) => {
		sandbox.setOptions({ pagination: 'cursor', dialect: { envelope } });
		const client = apiClient(sandbox);
		const cursorOf = (response: AxiosResponse) => (envelope ? response.data.nextCursor : response.headers['x-next-cursor']);
		const first = await client.get('/rooms', { params: { limit: 3 } });
		const marker = cursorOf(first);
		expect(marker).toEqual(expect.any(String));
		for (let round = 0; round < 3; round++) {
			const again = await client.get('/rooms', { params: { limit: 3, cursor: marker } });
			expect(cursorOf(again)).toBe(marker);
			expect(itemsOf(again)).toEqual(itemsOf(first));
		}
	});

	it.each([
		['nextUrl', true],
		['nextUrl', false],
		['linkHeader', true],
		['linkHeader', false],
	] as const)('%s style repeats its next URL (envelope %s)', async (style, envelope) => {
		sandbox.setOptions({ pagination: style, dialect: { envelope } });
		const client = apiClient(sandbox);
		const nextOf = (response: AxiosResponse): string | undefined => (style === 'nextUrl' && envelope ? response.data.nextUrl : nextLink(response));
		const first = await client.get('/services', { params: { limit: 2 } });
		const next = nextOf(first);
		expect(next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/partners\/v1\/services\?/);
		for (let round = 0; round < 3; round++) {
			const again = await client.get(next!);
			expect(nextOf(again)).toBe(next);
		}
	});

	it.each([true, false])('page style returns page one for every page number and always claims more (envelope %s)', async (envelope) => {
		sandbox.setOptions({ pagination: 'page', dialect: { envelope } });
		const client = apiClient(sandbox);
		const first = await client.get('/rooms', { params: { page: 1, perPage: 3 } });
		for (const page of [2, 3, 50]) {
			const response = await client.get('/rooms', { params: { page, perPage: 3 } });
			expect(itemsOf(response)).toEqual(itemsOf(first));
			const totalPages = Number(envelope ? response.data.totalPages : response.headers['x-total-pages']);
			expect(totalPages).toBeGreaterThan(page);
		}
	});

	it('offset style returns the first page for every offset and always claims more', async () => {
		sandbox.setOptions({ pagination: 'offset', dialect: { envelope: true } });
		const client = apiClient(sandbox);
		const first = await client.get('/rooms', { params: { offset: 0, limit: 3 } });
		const far = await client.get('/rooms', { params: { offset: 300, limit: 3 } });
		expect(itemsOf(far)).toEqual(itemsOf(first));
		expect(far.data.totalCount).toBeGreaterThan(303);
	});
});
