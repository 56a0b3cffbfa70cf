import { listOptions, readListOptions } from '../../../../nodes/VenueBooking/actions/common/options';
import { DEFAULT_MAX_PAGES, DEFAULT_PAGINATION } from '../../../../nodes/VenueBooking/transport/pagination/settings';
import { mockContext } from '../../mockContext';

describe('pagination defaults', () => {
	it('are Automatic with the Max Pages the editor shows, and what a list reads when nothing is set', () => {
		expect(listOptions.find((option) => option.name === 'maxPages')?.default).toBe(DEFAULT_MAX_PAGES);
		expect(readListOptions(mockContext({ parameters: {} }).context, 0).pagination).toEqual(DEFAULT_PAGINATION);
		expect(DEFAULT_PAGINATION).toEqual({ mode: 'auto', maxPages: DEFAULT_MAX_PAGES });
	});
});
