import type { IDataObject } from 'n8n-workflow';

/**
 * The query parameters as a person reads them in a message: `event=booking.created&status=failed`, a list
 * value once per element as it is sent; empty when none. Not percent-encoded: it is for reading, not a URL.
 */
export function describeQuery(query: IDataObject): string {
	return Object.entries(query)
		.flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => `${name}=${typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one)}`))
		.join('&');
}
