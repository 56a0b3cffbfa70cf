/**
 * The sandbox's own error shape: `{ "error": { "code", "message", "details"? } }`. The real API's shape is
 * not shown by the document; the node must find messages without assuming this one.
 */

export interface ErrorDetail {
	/** The offending field or query parameter, in the dialect's naming. */
	field: string;
	message: string;
}

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly details?: ErrorDetail[],
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}

	toBody(): { error: { code: string; message: string; details?: ErrorDetail[] } } {
		return {
			error: {
				code: this.code,
				message: this.message,
				...(this.details && this.details.length > 0 ? { details: this.details } : {}),
			},
		};
	}
}

export const badRequest = (message: string, details?: ErrorDetail[]): ApiError =>
	new ApiError(400, 'bad_request', message, details);

export const validationFailed = (message: string, details?: ErrorDetail[]): ApiError =>
	new ApiError(422, 'validation_failed', message, details);

export const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);

export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);
