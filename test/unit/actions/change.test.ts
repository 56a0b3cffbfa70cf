import type { INodeProperties } from 'n8n-workflow';
import { bookingChangeOperation } from '../../../nodes/VenueBooking/actions/change';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { API, ok, runOperation } from './runOperation';

const change = bookingChangeOperation(findEndpoint('booking', 'update'));
const actions = change.description.filter((property) => property.name === 'bookingAction');
const shownFor = (name: string) => change.description.filter((property) => property.name === name).map((property) => property.displayOptions?.show?.bookingAction);

describe('Cancel or Reschedule asks what to do', () => {
	it('offers Cancel, Reschedule and Change Fields; version 1 (saved workflows) defaults to Change Fields, a new node to Cancel', () => {
		expect(actions).toHaveLength(2);
		for (const action of actions) expect(action.options?.map((option) => (option as { name: string }).name)).toEqual(['Cancel', 'Reschedule', 'Change Fields']);
		const byVersion = (version: unknown) => actions.find((action) => JSON.stringify(action.displayOptions?.show?.['@version']) === JSON.stringify(version)) as INodeProperties;
		expect(byVersion([1]).default).toBe('changeFields');
		expect(byVersion([{ _cnd: { gte: 1.1 } }]).default).toBe('cancel');
	});

	it('shows each action its own parameters: the form and body for Change Fields only, the times for Reschedule, the state for Cancel', () => {
		expect(shownFor('fields')).toEqual([['changeFields']]);
		// Twice since issue 42: always shown on versions 1 and 1.1, behind Send Body from 1.2.
		expect(shownFor('jsonBody')).toEqual([['changeFields'], ['changeFields']]);
		expect(shownFor('times')).toEqual([['reschedule']]);
		expect(shownFor('cancelledStateValue')).toEqual([['cancel']]);
		// Everything stays on this operation only.
		for (const property of change.description) expect(property.displayOptions?.show?.operation).toEqual(['update']);
	});

	it('Cancel sends the given state only, whatever the form holds', async () => {
		const { requests, results } = await runOperation(change, {
			parameters: { bookingAction: 'cancel', bookingId: 'bk_1', cancelledStateField: 'status', cancelledStateValue: 'void', fields: { value: { note: 'x' } }, jsonBody: '{"a":1}', specifyBody: 'json' },
			answers: [ok({ id: 'bk_1', status: 'void' })],
		});
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'PATCH', url: `${API}/bookings/bk_1`, body: '{"status":"void"}' });
		expect(results).toEqual([{ id: 'bk_1', status: 'void' }]);
	});

	it('Reschedule sends the times only, and without one fails before any request', async () => {
		const times = { mappingMode: 'defineBelow', value: { starts_at: '2027-06-09T15:00:00Z' }, schema: [{ id: 'starts_at', momentForm: { kind: 'iso', zone: 'Z', fraction: 0 } }] };
		const { requests } = await runOperation(change, {
			parameters: { bookingAction: 'reschedule', bookingId: 'bk_1', times, jsonBody: '{"a":1}', specifyBody: 'json' },
			answers: [ok({ id: 'bk_1' })],
		});
		expect(Object.keys(JSON.parse(String(requests[0].body)))).toEqual(['starts_at']);
		await expect(runOperation(change, { parameters: { bookingAction: 'reschedule', bookingId: 'bk_1' }, answers: [] })).rejects.toThrow(/^New Times: no new time is given \(item 0\)$/);
	});

	it('without an Action (a workflow saved before it) sends the form and body, as before', async () => {
		const { requests } = await runOperation(change, {
			parameters: { bookingId: 'bk_1', specifyBody: 'json', jsonBody: '{"status":"cancelled"}' },
			answers: [ok({ id: 'bk_1' })],
		});
		expect(requests[0]).toMatchObject({ method: 'PATCH', body: '{"status":"cancelled"}' });
	});
});
