import { readTransportOptions, transportOptions } from '../../../nodes/VenueBooking/actions/common/options';
import { DEFAULT_TIMEOUT_MS } from '../../../nodes/VenueBooking/transport/types';
import { mockContext } from '../mockContext';

describe('DEFAULT_TIMEOUT_MS', () => {
	it('is the Timeout option default the editor shows and the one a request uses when it is unset', () => {
		expect(transportOptions.find((option) => option.name === 'timeout')?.default).toBe(DEFAULT_TIMEOUT_MS);
		expect(readTransportOptions(mockContext({ parameters: {} }).context, 0).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
	});
});
