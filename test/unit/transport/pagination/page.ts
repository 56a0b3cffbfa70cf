import type { IDataObject } from 'n8n-workflow';

import type { FetchedPage } from '../../../../nodes/VenueBooking/transport/pagination/strategies';
import type { ResponseHeaders } from '../../../../nodes/VenueBooking/transport/request';

export const PAGE_URL = 'https://studio.example.com/api/partners/v1/payments';

/** A page as the walker hands it to detection and strategies. */
export function page(body: unknown, options: { headers?: ResponseHeaders; query?: IDataObject; entries?: unknown[] } = {}): FetchedPage {
	return {
		query: options.query ?? {},
		response: { statusCode: 200, headers: options.headers ?? {}, body, url: PAGE_URL },
		entries: options.entries ?? (Array.isArray(body) ? body : []),
	};
}
