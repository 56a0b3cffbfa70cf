import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { journalFields, journalValues } from '../../../nodes/VenueBooking/methods/journalFilter';
import { mockLoadOptionsContext, type MockAnswer } from '../mockContext';

const journal = (entries: unknown[]): MockAnswer[] => [{ statusCode: 200, body: { data: entries } }];
const TYPE_INSTEAD = 'You can also type it: switch the field to Expression and write the value.';

function call(method: typeof journalFields, answers: MockAnswer[], field?: string) {
	const parameters = field === undefined ? {} : { options: { entryFilter: { condition: { field } } } };
	const mock = mockLoadOptionsContext({ parameters, answers });
	return { result: method.call(mock.context as ILoadOptionsFunctions), requests: mock.requests };
}

type Described = Error & { description?: string };
const failureOf = async (promise: Promise<unknown>) => (await promise.then(() => undefined, (error: Described) => error)) as Described;

describe('Keep Only Entries > Field', () => {
	it('offers the fields the sampled entries hold', async () => {
		const options = await call(journalFields, journal([{ event: 'booking.created', attempt: 1 }, { event: 'booking.cancelled' }])).result;
		expect(options.map((option) => option.value)).toEqual(expect.arrayContaining(['event', 'attempt']));
	});

	it('an empty journal is an error that says how to fill it and how to type the value instead', async () => {
		const failure = await failureOf(call(journalFields, journal([])).result);
		expect(failure.message).toBe('The webhook delivery journal listed no entries, so it shows no fields or values yet');
		expect(failure.description).toContain('Webhook > Send Test');
		expect(failure.description).toContain(TYPE_INSTEAD);
	});

	it('entries without a text, number or boolean field are an error counting them', async () => {
		const failure = await failureOf(call(journalFields, journal([{ payload: null }, [1]])).result);
		expect(failure.message).toBe('None of the 2 sampled journal entries has a text, number or boolean field');
		expect(failure.description).toBe(TYPE_INSTEAD);
	});
});

describe('Keep Only Entries > Values', () => {
	it('offers the values the journal holds in the chosen field', async () => {
		const options = await call(journalValues, journal([{ event: 'booking.created' }, { event: 'booking.cancelled' }, { event: 'booking.created' }]), ' event ').result;
		expect(options.map((option) => option.value)).toEqual(expect.arrayContaining(['booking.created', 'booking.cancelled']));
		expect(options).toHaveLength(2);
	});

	it('without a chosen Field asks for one first, before reading the journal', async () => {
		for (const field of [undefined, '  ']) {
			const { result, requests } = call(journalValues, [], field);
			await expect(result).rejects.toThrow('Choose a Field first: the values offered are the ones the journal holds in it');
			expect(requests).toHaveLength(0);
		}
	});

	it('a field no entry has a value in is an error naming it and the count', async () => {
		const failure = await failureOf(call(journalValues, journal([{ event: 'a' }, { event: 'b' }]), 'status').result);
		expect(failure.message).toBe('None of the 2 sampled journal entries has a value in "status"');
		expect(failure.description).toContain('type the values (separate several with commas)');
	});

	it('an empty journal is the same error as for Field', async () => {
		await expect(call(journalValues, journal([]), 'event').result).rejects.toThrow('listed no entries');
	});
});
