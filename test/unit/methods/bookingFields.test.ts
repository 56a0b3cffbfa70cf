import type { IHttpRequestOptions, ILoadOptionsFunctions, ResourceMapperField } from 'n8n-workflow';

import { bookingFields } from '../../../nodes/VenueBooking/methods/bookingFields';
import { mockLoadOptionsContext, TEST_KEY, type MockAnswer } from '../mockContext';

const FALLBACK = 'Add what your API expects under Body below.';
const page = (records: unknown[]): MockAnswer => ({ statusCode: 200, body: { data: records } });

/** The editor's call with the API answering by path; lists not given answer with an empty page. */
async function fieldsFor(answers: Record<string, MockAnswer>, parameters = {}) {
	const { context, requests } = mockLoadOptionsContext({
		parameters,
		answers: (request: IHttpRequestOptions) => answers[new URL(String(request.url)).pathname.replace('/api/partners/v1', '')] ?? page([]),
	});
	const result = await bookingFields.call(context as ILoadOptionsFunctions);
	return { ...result, requests };
}

const byId = (fields: ResourceMapperField[]) => Object.fromEntries(fields.map((field) => [field.id, field]));

describe('the fields seen on the workspace\'s bookings', () => {
	const bookings = [
		{ id: 'b1', status: 'confirmed', room_id: 'r1', guests: 2, paid: true, starts_at: '2026-12-01T10:00:00Z', note: 'x'.repeat(60), extras: { a: 1 } },
		{ id: 'b2', status: 'confirmed', room_id: 'r9', guests: 4, paid: false, starts_at: '2026-12-02T10:00:00Z', note: null },
		{ id: 'b3', status: 'cancelled', room_id: 'r1', guests: 3, paid: true, starts_at: '2026-12-03T10:00:00Z' },
	];

	it('offers each scalar field with its type and an example, the booking\'s own id left out', async () => {
		const { fields } = await fieldsFor({ '/bookings': page(bookings) });
		const offered = byId(fields);
		expect(Object.keys(offered)).toEqual(['status', 'room_id', 'guests', 'paid', 'starts_at', 'note']);
		expect(offered.guests).toMatchObject({ type: 'number', displayName: 'guests (number, e.g. 2)', required: false, display: true, defaultMatch: false });
		expect(offered.paid).toMatchObject({ type: 'boolean', displayName: 'paid (true/false, e.g. true)' });
		expect(offered.starts_at).toMatchObject({ type: 'dateTime', displayName: 'starts_at (date-time, e.g. 2026-12-01T10:00:00Z)' });
		expect(offered.note.displayName).toBe(`note (text, e.g. ${'x'.repeat(39)}…)`);
	});

	it('makes a dropdown of a field whose few values repeat, of the values seen', async () => {
		const { fields } = await fieldsFor({ '/bookings': page(bookings) });
		expect(byId(fields).status).toMatchObject({
			type: 'options',
			options: [
				{ name: 'confirmed', value: 'confirmed' },
				{ name: 'cancelled', value: 'cancelled' },
			],
		});
	});

	it('makes a dropdown of rooms where the values are room ids, with ids the first page of rooms lacks added', async () => {
		const { fields } = await fieldsFor({ '/bookings': page(bookings), '/rooms': page([{ id: 'r1', name: 'Blue Room' }, { id: 'r2', name: 'Red Room' }]) });
		expect(byId(fields).room_id).toMatchObject({
			type: 'options',
			displayName: 'room_id (a room, e.g. r1)',
			options: [
				{ name: 'Blue Room', value: 'r1' },
				{ name: 'Red Room', value: 'r2' },
				{ name: 'r9', value: 'r9' },
			],
		});
	});

	it('leaves out the Identity Field the user named instead of id', async () => {
		const { fields } = await fieldsFor({ '/bookings': page([{ code: 'K1', id: 'i1', guests: 1 }]) }, { options: { identityPath: ' code ' } });
		expect(fields.map((field) => field.id)).toEqual(['id', 'guests']);
	});

	it('reads no reference lists and shows a notice for a workspace without bookings', async () => {
		const { fields, emptyFieldsNotice, requests } = await fieldsFor({ '/bookings': page([]) });
		expect(fields).toEqual([]);
		expect(emptyFieldsNotice).toBe(`Your workspace has no bookings yet, so no fields could be seen. ${FALLBACK}`);
		expect(requests).toHaveLength(1);
	});

	it('shows the transport\'s own reason as a notice when bookings cannot be read, never the key', async () => {
		const { fields, emptyFieldsNotice } = await fieldsFor({ '/bookings': { statusCode: 403, body: { message: 'missing scope bookings.read' } } });
		expect(fields).toEqual([]);
		expect(emptyFieldsNotice).toMatch(/^No fields could be read from your workspace's bookings: .*403/);
		expect(emptyFieldsNotice).toContain(FALLBACK);
		expect(emptyFieldsNotice).not.toContain(TEST_KEY);
	});

	it('shows a bad Base URL as a notice too', async () => {
		const { context } = mockLoadOptionsContext({ credentials: { baseUrl: 'not a url', apiKey: 'k' } });
		const result = await bookingFields.call(context as ILoadOptionsFunctions);
		expect(result).toMatchObject({ fields: [], emptyFieldsNotice: expect.stringMatching(/^No fields could be read/) });
	});
});
