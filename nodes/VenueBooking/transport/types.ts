import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import type { Endpoint } from '../endpoints';
import type { RetryPolicy } from './retry';

/** What the transport needs of an n8n context; execute, poll and load-options contexts all have it. */
export interface ApiContext {
	getNode(): INode;
	getCredentials<T extends object = ICredentialDataDecryptedObject>(type: string, itemIndex?: number): Promise<T>;
	helpers: Pick<IExecuteFunctions['helpers'], 'httpRequestWithAuthentication'>;
}

export interface ApiRequest {
	endpoint: Endpoint;
	/** The booking or client id for `{id}` paths; validated by the caller, encoded by the client. */
	id?: string;
	query?: IDataObject;
	/** Sent as JSON; undefined sends no body. */
	body?: unknown;
	/** An absolute URL the server handed out (a next-page link); must stay on the credential's origin. */
	url?: string;
	itemIndex?: number;
}

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface ApiResponse {
	statusCode: number;
	headers: ResponseHeaders;
	body: unknown;
	/** The URL that answered, after same-origin redirects; relative next links resolve against it. */
	url: string;
}

export interface TransportOptions {
	retry: RetryPolicy;
	/** Milliseconds without an answer before a request is abandoned (and, for a GET, retried). */
	timeoutMs: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
