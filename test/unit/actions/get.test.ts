import { getByIdOperation } from '../../../nodes/VenueBooking/actions/get';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { API, ok, runOperation } from './runOperation';

const clientGet = getByIdOperation(findEndpoint('client', 'get'));

describe('getByIdOperation', () => {
	it('describes the id, query and options for its own operation only', () => {
		expect(clientGet.description.map((p) => p.name)).toEqual(['clientId', 'sendQuery', 'specifyQuery', 'queryParameters', 'jsonQuery', 'options']);
		expect(clientGet.description.every((p) => p.displayOptions?.show?.operation?.[0] === 'get')).toBe(true);
		expect(clientGet.description.every((p) => p.displayOptions?.show?.resource?.[0] === 'client')).toBe(true);
	});

	it('GETs the record with the encoded id and the query, and gives the body as one item', async () => {
		const { results, requests } = await runOperation(clientGet, {
			parameters: { clientId: ' c 1 ', sendQuery: true, queryParameters: { parameters: [{ name: 'expand', value: 'all' }] } },
			answers: [ok({ id: 'c 1', name: 'Ann' })],
		});
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', url: `${API}/clients/c%201`, qs: { expand: 'all' } });
		expect(results).toEqual([{ id: 'c 1', name: 'Ann' }]);
	});

	it('wraps a body that is not an object, so no value is lost', async () => {
		const { results } = await runOperation(clientGet, { parameters: { clientId: 'c' }, answers: [ok(['a', 'b'])] });
		expect(results).toEqual([{ value: ['a', 'b'] }]);
	});
});
