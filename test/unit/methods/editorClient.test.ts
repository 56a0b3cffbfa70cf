import { editorClient, readIdentityField } from '../../../nodes/VenueBooking/methods/editorClient';
import { findEndpoint } from '../../../nodes/VenueBooking/endpoints';
import { mockLoadOptionsContext } from '../mockContext';

describe('the editor\'s view of the node', () => {
	it('gives a client with the retry and timeout settings of the node\'s Options', async () => {
		const { context, requests } = mockLoadOptionsContext({
			parameters: { options: { timeout: 4321, maxRetries: 0 } },
			answers: [{ statusCode: 503, body: {} }],
		});
		const client = await editorClient(context);
		await expect(client.send({ endpoint: findEndpoint('booking', 'getAll'), itemIndex: 0 })).rejects.toThrow();
		// No retry: Max Retries 0 is taken from the node.
		expect(requests).toHaveLength(1);
		expect(requests[0].timeout).toBe(4321);
	});

	it('refuses a bad Options value with the error of the shared reader, naming the parameter', async () => {
		const { context, requests } = mockLoadOptionsContext({ parameters: { options: { timeout: 0 } } });
		await expect(editorClient(context)).rejects.toThrow(/Timeout/);
		expect(requests).toHaveLength(0);
	});

	it('reads the Identity Field trimmed, and nothing for an unset or non-text value', () => {
		expect(readIdentityField(mockLoadOptionsContext({ parameters: { options: { identityPath: ' ref.code ' } } }).context)).toBe('ref.code');
		expect(readIdentityField(mockLoadOptionsContext({ parameters: {} }).context)).toBe('');
		expect(readIdentityField(mockLoadOptionsContext({ parameters: { options: { identityPath: 42 } } }).context)).toBe('');
	});
});
