import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_MAX_EXISTING } from '../../../nodes/VenueBooking/trigger/description';
import { readJournalSettings } from '../../../nodes/VenueBooking/trigger/settings';
import { mockContext } from '../mockContext';

const reader = (parameters: IDataObject) => mockContext({ parameters }).context;

describe('readJournalSettings', () => {
	it('defaults to automatic order, no identity field, no existing entries and automatic pagination', () => {
		expect(readJournalSettings(reader({}))).toEqual({
			order: 'auto',
			identityPath: undefined,
			emitExisting: false,
			maxExisting: DEFAULT_MAX_EXISTING,
			itemsPath: undefined,
			pagination: expect.objectContaining({ mode: 'auto' }),
			query: {},
		});
	});

	it('reads the options and the query', () => {
		const settings = readJournalSettings(
			reader({
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'status', value: 'failed' }] },
				options: { journalOrder: 'newestFirst', identityPath: ' meta.key ', emitExisting: true, maxExisting: 20, itemsPath: 'rows' },
			}),
		);
		expect(settings).toMatchObject({ order: 'newestFirst', identityPath: 'meta.key', emitExisting: true, maxExisting: 20, itemsPath: 'rows', query: { status: 'failed' } });
	});

	it('takes an unknown order as automatic and refuses a Max Existing Entries below 1', () => {
		expect(readJournalSettings(reader({ options: { journalOrder: 'sideways' } })).order).toBe('auto');
		expect(() => readJournalSettings(reader({ options: { maxExisting: 0 } }))).toThrow('Max Existing Entries: must be a number of at least 1 (item 0)');
	});
});
