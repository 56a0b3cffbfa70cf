import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_MAX_EXISTING, triggerProperties } from '../../../nodes/VenueBooking/trigger/description';

const options = (triggerProperties.find((p) => p.name === 'options')?.options ?? []) as INodeProperties[];
const names = options.map((option) => option.name);

describe('triggerProperties', () => {
	it('offers the journal options, the list reading options and the transport options, sorted by label', () => {
		const labels = options.map((option) => option.displayName);
		expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
		expect(names).toEqual(expect.arrayContaining(['emitExisting', 'maxExisting', 'identityPath', 'journalOrder', 'itemsPath', 'maxPages', 'pagination', 'maxRetries', 'timeout']));
	});

	it('leaves out Raw Response (a raw page is no journal entry), and lists each option once', () => {
		expect(names).not.toContain('rawResponse');
		expect(new Set(names).size).toBe(names.length);
	});

	it('shows the Max Existing Entries default the settings reader uses', () => {
		expect(options.find((option) => option.name === 'maxExisting')?.default).toBe(DEFAULT_MAX_EXISTING);
	});

	it('takes query parameters like the action node', () => {
		expect(triggerProperties.map((p) => p.name)).toEqual(expect.arrayContaining(['sendQuery', 'specifyQuery', 'queryParameters', 'jsonQuery']));
	});
});
