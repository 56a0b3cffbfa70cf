/**
 * What the package checks share within one n8n version's run: the instance, the sandbox it talks to, the
 * credentials imported for it, and the folder the example workflows write their files to.
 */
import axios from 'axios';
import * as path from 'node:path';
import type { Sandbox } from '../../sandbox';
import type { N8nInstance } from '../../scripts/n8n/env';
import { CREDENTIAL, SANDBOX_API_KEY } from '../../scripts/n8n/localStack';
import type { Checks } from './harness';

/** The credential the examples reference (the same as `npm start` imports). */
export const FULL_CREDENTIAL = CREDENTIAL;
export const FULL_KEY = SANDBOX_API_KEY;
/** A second credential whose key lacks payments.read. */
export const NO_PAYMENTS_CREDENTIAL = { id: 'venueBookingNoPay', name: 'Venue Booking API (no payments)', type: 'venueBookingApi' };
export const NO_PAYMENTS_KEY = 'sandbox-no-payments';

/** The examples write files named `/tmp/venue-booking-*`; the e2e moves them into its own folder (examples.checks.ts). */
export const EXAMPLES_OUTPUT_PREFIX = '/tmp/venue-booking-';

export interface E2eContext {
	checks: Checks;
	instance: N8nInstance;
	sandbox: Sandbox;
	/** This run's stand-in for /tmp, inside the instance's temp user folder. */
	outputDir: string;
}

export function outputDirOf(instance: N8nInstance): string {
	// Outside `<userFolder>/.n8n`, which n8n's file nodes may not touch.
	return path.join(instance.userFolder, 'n8n-venue-booking');
}

/** A whole list as the sandbox answers it in one unpaginated request: what Return All must equal. */
export async function sandboxList(sandbox: Sandbox, listPath: string, query: Record<string, string> = {}): Promise<Array<Record<string, unknown>>> {
	const pagination = sandbox.settings.pagination;
	sandbox.setOptions({ pagination: 'none' });
	try {
		const response = await axios.get(`${sandbox.apiUrl}${listPath}`, { params: query, headers: { Authorization: `Bearer ${FULL_KEY}` } });
		const body = response.data as unknown;
		return (Array.isArray(body) ? body : (body as Record<string, unknown>)[sandbox.settings.listKey]) as Array<Record<string, unknown>>;
	} finally {
		sandbox.setOptions({ pagination });
	}
}

export function ids(items: ReadonlyArray<{ id?: unknown }>): unknown[] {
	return items.map((item) => item.id);
}
