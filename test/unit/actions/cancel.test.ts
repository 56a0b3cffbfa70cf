import { type IDataObject, type IExecuteFunctions, type IHttpRequestOptions, type INode, type INodeParameters, NodeHelpers } from 'n8n-workflow';
import { VenueBooking } from '../../../nodes/VenueBooking/VenueBooking.node';
import { cancelBody, learnCancelledState, notSeenError, readGivenState } from '../../../nodes/VenueBooking/actions/cancel';
import { ApiClient } from '../../../nodes/VenueBooking/transport/request';
import { mockContext, type MockAnswer } from '../mockContext';
import { ok } from './runOperation';

/** Learns from scripted answers: by path, so the test says which list each answer is. */
async function learn(answers: Record<string, unknown>, parameters = {}) {
	const asked: string[] = [];
	const mock = mockContext({
		parameters,
		answers: (request: IHttpRequestOptions): MockAnswer => {
			const path = new URL(String(request.url)).pathname.replace('/api/partners/v1', '');
			asked.push(path);
			return path in answers ? ok(answers[path]) : { statusCode: 403, body: { message: 'missing scope' } };
		},
	});
	const client = await ApiClient.create(mock.context);
	return { state: await learnCancelledState(mock.context as IExecuteFunctions, 0, client), asked };
}

describe('the cancelled state of a workspace', () => {
	it('is the field and value its cancelled bookings hold, spelt as they spell it, nested ones too', async () => {
		const bookings = [
			{ id: 'b1', state: { code: 'CONFIRMED' } },
			{ id: 'b2', state: { code: 'CANCELLED_BY_SELLER' } },
			{ id: 'b3', state: { code: 'CANCELLED_BY_SELLER' } },
			{ id: 'b4', state: { code: 'CANCELLED_BY_CUSTOMER' } },
		];
		const { state, asked } = await learn({ '/bookings': bookings });
		expect(state).toEqual({ path: ['state', 'code'], value: 'CANCELLED_BY_SELLER', with: [], seenIn: 'bookings' });
		// The journal is not asked when the bookings say it.
		expect(asked).toEqual(['/bookings']);
	});

	it('is never a value that merely contains the word (an event name, a free text)', async () => {
		const bookings = [{ id: 'b1', status: 'confirmed', note: 'cancelled last time', event: 'booking.cancelled' }];
		const { state } = await learn({ '/bookings': bookings, '/webhooks/deliveries': [{ id: 'd1', event: 'booking.cancelled' }] });
		expect(state).toBeUndefined();
	});

	it('where no booking is cancelled, comes from the journal: its value, in the bookings\' field of that name', async () => {
		const bookings = [{ id: 'b1', attributes: { status: 'confirmed' } }];
		const journal = [{ id: 'd1', event: 'booking.cancelled', payload: { booking: { status: 'canceled' } } }];
		const { state, asked } = await learn({ '/bookings': bookings, '/webhooks/deliveries': journal });
		expect(state).toEqual({ path: ['attributes', 'status'], value: 'canceled', with: [], seenIn: 'journal' });
		expect(asked).toEqual(['/bookings', '/webhooks/deliveries']);
	});

	it('under JSON:API, is sent inside `data` with the resource object\'s type and the Booking ID', async () => {
		const bookings = [
			{ type: 'bookings', id: 'b1', attributes: { status: 'confirmed' } },
			{ type: 'bookings', id: 'b2', attributes: { status: 'cancelled' } },
		];
		const { state } = await learn({ '/bookings': { data: bookings } });
		expect(state?.path).toEqual(['data', 'attributes', 'status']);
		expect(cancelBody(state!, 'b1')).toEqual({ data: { type: 'bookings', id: 'b1', attributes: { status: 'cancelled' } } });
	});

	it('is unknown, not guessed, when neither the bookings nor the journal can be read or show one', async () => {
		expect((await learn({})).state).toBeUndefined();
	});
});

describe('the cancelled state the user gives', () => {
	const reader = (parameters: IDataObject) => mockContext({ parameters }).context as IExecuteFunctions;

	it('is both fields or neither; half of it is an error naming the empty one', () => {
		expect(readGivenState(reader({}), 0)).toBeUndefined();
		expect(readGivenState(reader({ cancelledStateField: ' fields.state ', cancelledStateValue: 'void' }), 0)).toEqual({ path: ['fields', 'state'], value: 'void', with: [], seenIn: 'parameters' });
		expect(() => readGivenState(reader({ cancelledStateValue: 'void' }), 3)).toThrow('Cancelled State Field: is empty while Cancelled State Value is given (item 3)');
		expect(() => readGivenState(reader({ cancelledStateField: 'state' }), 0)).toThrow(/^Cancelled State Value: is empty/);
	});

	it('is read under Options too, where a node added since version 1.2 keeps it (issue 42)', () => {
		expect(readGivenState(reader({ options: { cancelledStateField: 'state', cancelledStateValue: 'void' } }), 0)).toEqual({ path: ['state'], value: 'void', with: [], seenIn: 'parameters' });
	});

	it('shows the two inputs beside Cancel on versions 1 and 1.1 only; from 1.2 they are Options of Cancel (issue 42)', () => {
		const change = new VenueBooking().description;
		const kept = (typeVersion: number, parameters: INodeParameters) => {
			const node = { name: 'V', type: 'venueBooking', typeVersion, position: [0, 0], parameters } as INode;
			return NodeHelpers.getNodeParameters(change.properties, parameters, false, false, node, change);
		};
		const base = { resource: 'booking', operation: 'update', bookingAction: 'cancel' };
		const state = { cancelledStateField: 'state', cancelledStateValue: 'void' };
		expect(kept(1.1, { ...base, ...state })).toMatchObject(state);
		expect(kept(1.2, { ...base, ...state })).not.toHaveProperty('cancelledStateField');
		expect(kept(1.2, { ...base, options: state })?.options).toMatchObject(state);
		expect((kept(1.2, { ...base, bookingAction: 'reschedule', options: state })?.options as IDataObject | undefined)?.cancelledStateField).toBeUndefined();
	});

	it('is asked for by name when the workspace never showed one', () => {
		const error = notSeenError(reader({}), 2);
		expect(error.message).toMatch(/^Cancelled State Value: no cancelled booking was seen .*\(item 2\)$/);
		expect(error.description).toMatch(/Fill Cancelled State Field and Cancelled State Value/);
	});
});
