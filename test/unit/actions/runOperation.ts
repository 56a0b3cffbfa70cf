import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Operation } from '../../../nodes/VenueBooking/actions/operations';
import { ApiClient } from '../../../nodes/VenueBooking/transport/request';
import { mockContext, type MockContextOptions } from '../mockContext';

export const ok = (body: unknown) => ({ statusCode: 200, body });

/** Runs one operation for item `itemIndex` against a scripted exchange; returns results, requests and hints. */
export async function runOperation(operation: Operation, options: MockContextOptions, itemIndex = 0) {
	const mock = mockContext(options);
	const client = await ApiClient.create(mock.context);
	const hints: string[] = [];
	const results: IDataObject[] = await operation.execute(mock.context as IExecuteFunctions, itemIndex, client, (hint) => hints.push(hint));
	return { results, requests: mock.requests, hints };
}

export const API = 'https://studio.example.com/api/partners/v1';
