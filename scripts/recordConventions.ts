/**
 * Records the answers of every convention the sandbox speaks into test/recordings/<convention>/: the first,
 * a middle and the last page of GET /bookings walked as the API's documentation says (test/support's walker),
 * a validation error and a refusal (a key without the scope), each with the reading expected of it. The
 * expectations come from the sandbox's description of the convention (sandbox/conventions.ts), never from
 * the package, so test/unit/recordings.test.ts holds the package's detection to them.
 *
 *   npx tsx scripts/recordConventions.ts [convention …]
 *
 * Where the API's documentation shows an example response, the page is made to follow it (DOCUMENTED_EXAMPLES)
 * and its `source` names the page and what was changed. Origins are written as http://127.0.0.1:4010.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import axios, { type AxiosInstance, type AxiosResponse } from 'axios';

import { CONVENTIONS, conventionInfo, FIXED_TODAY, startSandbox, type ConventionInfo, type ConventionName } from '../sandbox';
import type { RateLimitHeaders } from '../sandbox/rateLimit';
import { at, entriesOf, walkConvention } from '../test/support/conventions';

const ROOT = join(__dirname, '..', 'test', 'recordings');
const ORIGIN = 'http://127.0.0.1:4010';
const PAGE_SIZE = 3;
/** Transport headers that say nothing about the list and change from run to run. */
const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Conventions recorded answering 429 too, with the rate-limit headers of their API: GitHub's X-RateLimit-*
 * (reset as a Unix time), and the IETF draft's RateLimit / RateLimit-Policy for the IETF standards convention.
 */
const RATE_LIMITED: Partial<Record<ConventionName, RateLimitHeaders>> = { github: 'xRateLimitEpoch', problemDetails: 'ietf', gitlab: 'ietfDraft' };

/**
 * Where a first page shows another way to the next page than the one ConventionInfo describes, and the package
 * rightly takes it: HubSpot and Zendesk also give the next page's URL; Pipedrive's `next_start` is a cursor sent
 * back as `start`; AWS's `NextToken` is first tried as `token`, with its own name as the fallback page 2 confirms.
 */
const WALK_AS_READ: Partial<Record<ConventionName, Record<string, unknown>>> = {
	hubspot: { mode: 'nextUrl', nextUrlPath: 'paging.next.link' },
	zendesk: { mode: 'nextUrl', nextUrlPath: 'links.next' },
	pipedrive: { mode: 'cursor', cursorParameter: 'start', cursorPath: 'additional_data.pagination.next_start' },
	aws: { mode: 'cursor', cursorPath: 'NextToken', cursorAlternative: 'NextToken' },
};

/**
 * What the package reads wrongly today (issue 34), by page and expectation: the sweep asserts these still
 * misread, so a fix shows up as a failing test whose marker is then removed.
 */
const KNOWN_MISREADS: Partial<Record<ConventionName, Partial<Record<Exclude<Page, 'error'>, { misreads: string[]; why: string }>>>> = {
	calCom: {
		first: { misreads: ['walk'], why: 'Cal.com states currentPage but takes skip/take: Automatic guesses "page", and the walk fails on page 2 saying what to set (issue 34)' },
	},
	strapi: {
		first: { misreads: ['walk'], why: 'Strapi states meta.pagination.page but takes pagination[page]: Automatic guesses "page" (issue 34)' },
	},
	problemDetails: {
		first: { misreads: ['walk'], why: 'a bare list with X-Total-Count names no offset parameter: Automatic finds no walk and fails saying the total says more (issue 34)' },
		last: { misreads: ['more'], why: 'without a walk, a last page exactly as long as the limit asked for reads as possibly incomplete (issue 34)' },
	},
	pageSizeEcho: {
		first: { misreads: ['walk'], why: 'request parameters limit and offset that no answer names: Automatic finds no walk and fails saying TotalResults says more (issue 34)' },
	},
	calendly: {
		first: { misreads: ['total'], why: "Calendly's pagination.count is the page's length, read as the list's total (issue 34)" },
		middle: { misreads: ['total'], why: "Calendly's pagination.count is the page's length, read as the list's total (issue 34)" },
		last: { misreads: ['total'], why: "Calendly's pagination.count is the page's length, read as the list's total (issue 34)" },
	},
};

type Page = 'first' | 'middle' | 'last' | 'error';

/** The walk the package should detect on a first page, as ConventionInfo describes the convention. */
function expectedWalk(info: ConventionInfo): Record<string, unknown> | null {
	switch (info.pagination) {
		case 'nextUrlBody':
		case 'linkHeader':
			return { mode: 'nextUrl' };
		case 'cursor':
			return { mode: 'cursor', cursorParameter: info.parameters.cursor };
		case 'afterLastId':
			return { mode: 'afterLast', afterParameter: info.parameters.after };
		case 'pageNumber':
			return { mode: 'pageNumber', pageParameter: info.parameters.page, firstPage: info.parameters.firstPage ?? 1 };
		case 'offset':
			return { mode: 'offset', offsetParameter: info.parameters.offset };
		case 'hasMoreOnly':
		case 'whole':
		case 'firstOnly':
			return null;
	}
}

function statedTotal(info: ConventionInfo, response: AxiosResponse): number | null {
	if (!info.total) return null;
	const raw = info.total.in === 'header' ? response.headers[info.total.path.toLowerCase()] : at(response.data, info.total.path);
	return raw === undefined || raw === null ? null : Number(raw);
}

function listPathOf(info: ConventionInfo): string {
	return info.listPath.replace('{resource}', 'bookings').replace('{Resource}', 'Bookings');
}

/** Origins of the ephemeral sandbox become the CLI's, so recordings do not change from run to run. */
function stable<T>(value: T, origin: string): T {
	return JSON.parse(JSON.stringify(value).split(origin).join(ORIGIN)) as T;
}

function headersOf(response: AxiosResponse): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(response.headers)) {
		if (DROPPED_HEADERS.has(name.toLowerCase()) || value === undefined) continue;
		headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return headers;
}

function requestOf(client: AxiosInstance, response: AxiosResponse): { method: string; url: string; headers?: Record<string, string> } {
	const config = response.config;
	const sent = Object.fromEntries(
		Object.entries(config.headers ?? {}).filter(([name]) => /^sforce-/i.test(name)).map(([name, value]) => [name.toLowerCase(), String(value)]),
	);
	return { method: (config.method ?? 'get').toUpperCase(), url: client.getUri(config), ...(Object.keys(sent).length > 0 ? { headers: sent } : {}) };
}

/**
 * The server's own words an error page must show: the body's text that says what was wrong, by the first of
 * `patterns` that any text matches (the most telling first); of those, the first sentence, else a bare code.
 * Laravel's message only repeats its first field's message with a count ("… (and 2 more errors)"): its words
 * are the field's message.
 */
function serverWords(body: unknown, patterns: RegExp[]): string | undefined {
	const texts: string[] = [];
	const visit = (value: unknown): void => {
		if (typeof value === 'string') texts.push(value);
		else if (Array.isArray(value)) value.forEach(visit);
		else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
	};
	visit(body);
	for (const pattern of patterns) {
		const matching = texts.filter((text) => pattern.test(text));
		const sentences = matching.filter((text) => text.includes(' ')).map((text) => text.replace(/ \(and \d+ more errors?\)$/, ''));
		if (matching.length > 0) return sentences[0] ?? matching[0];
	}
	return undefined;
}

function write(name: ConventionName, page: string, recording: Record<string, unknown>): void {
	const folder = join(ROOT, name);
	mkdirSync(folder, { recursive: true });
	writeFileSync(join(folder, `${page}.json`), `${JSON.stringify(recording, null, '\t')}\n`);
}

type Body = Record<string, unknown>;

/**
 * Pages made to follow the example response of the API's own documentation: the envelope as the example writes
 * it (its keys, their order, its extra members), the entries the sandbox's bookings. `adapt` rewrites the body
 * where the example differs from the sandbox's rendering; `expect` corrects the reading where that changes it.
 */
const DOCUMENTED_EXAMPLES: Partial<Record<ConventionName, Partial<Record<Exclude<Page, 'error'>, { source: string; adapt?: (body: Body) => Body; expect?: Body }>>>> = {
	stripe: {
		first: {
			source:
				'https://docs.stripe.com/api/pagination example response, adapted to bookings (the customers replaced by three bookings, url the bookings path, has_more true as on a first page)',
		},
	},
	drfPage: {
		middle: {
			source:
				'https://www.django-rest-framework.org/api-guide/pagination/ example response, adapted to bookings (the accounts replaced by three bookings; count 60 instead of 1023, next and previous pages 12 and 10)',
		},
	},
	drfLimitOffset: {
		middle: {
			source:
				'https://www.django-rest-framework.org/api-guide/pagination/ example response, adapted to bookings (LimitOffsetPagination; the accounts replaced by three bookings, limit=3 and offsets 33 and 27 instead of limit=100 and offsets 500 and 300)',
		},
	},
	github: {
		middle: {
			source:
				'https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api example response, adapted to bookings (the link header of the issues example, prev, next, last and first in its order, with the bookings pages 10, 12, 20 and 1 instead of 2, 4, 515 and 1)',
		},
	},
	graph: {
		first: {
			source:
				'https://learn.microsoft.com/en-us/graph/paging example response, adapted to bookings (@odata.context, @odata.nextLink and value in the order of the users example; the users replaced by three bookings)',
			adapt: ({ '@odata.context': context, '@odata.nextLink': next, value, ...rest }) => ({ '@odata.context': context, '@odata.nextLink': next, value, ...rest }),
		},
	},
	jsonApi: {
		middle: {
			source:
				"https://jsonapi.org/examples/#pagination example response, adapted to bookings (meta.totalPages as in the example instead of the sandbox's meta.total; the articles replaced by three bookings, page 11 of 20 of page[size]=3)",
			adapt: ({ data, links }) => ({ meta: { totalPages: 20 }, data, links }),
			expect: { total: null },
		},
	},
};

async function record(name: ConventionName): Promise<void> {
	const info = conventionInfo(name);
	const sandbox = await startSandbox({ convention: name, seed: 7, today: FIXED_TODAY });
	try {
		const client = axios.create({ baseURL: sandbox.apiUrl, validateStatus: () => true, headers: { Authorization: 'Bearer sandbox-full' } });
		const { responses } = await walkConvention(client, name, '/bookings', PAGE_SIZE);
		if (responses.length < 3) throw new Error(`${name}: only ${responses.length} pages; lower PAGE_SIZE`);
		const pages: Array<[Exclude<Page, 'error'>, AxiosResponse]> = [
			['first', responses[0]],
			['middle', responses[Math.floor(responses.length / 2)]],
			['last', responses[responses.length - 1]],
		];
		for (const [page, response] of pages) {
			const documented = DOCUMENTED_EXAMPLES[name]?.[page];
			const body = documented?.adapt ? documented.adapt(response.data as Body) : response.data;
			const recording = {
				convention: name,
				source: documented?.source ?? 'sandbox renderer',
				page,
				request: requestOf(client, response),
				response: { status: response.status, headers: headersOf(response), body },
				expect: {
					list: listPathOf(info),
					entries: entriesOf(name, response, 'bookings').length,
					...(page === 'first' ? { walk: WALK_AS_READ[name] ?? expectedWalk(info) } : {}),
					more: page !== 'last',
					total: statedTotal(info, response),
					identity: info.identityField === 'id' ? 'id' : null,
					...documented?.expect,
				},
				...(KNOWN_MISREADS[name]?.[page] ? { knownMisread: KNOWN_MISREADS[name]![page]!.why, misreads: KNOWN_MISREADS[name]![page]!.misreads } : {}),
			};
			write(name, page, stable(recording, sandbox.url));
		}

		// A booking without its fields: every convention's validation error.
		const invalid = await client.post('/bookings', {});
		const validationWords = serverWords(invalid.data, [/required|missing|must not be null|should be defined/i, /blank|empty/i]);
		write(name, 'error-validation', stable(errorRecording(name, client, invalid, validationWords), sandbox.url));

		// A key without the payments scope: the refusal.
		const refused = await client.get('/payments', { headers: { Authorization: 'Bearer sandbox-no-payments' } });
		const refusalWords = serverWords(refused.data, [/scope/i, /permission|forbidden|not allowed|access/i]);
		write(name, 'error-refusal', stable(errorRecording(name, client, refused, refusalWords), sandbox.url));

		// The rate limit, in the header family the API sends (RATE_LIMITED): the refusal after a burst.
		const family = RATE_LIMITED[name];
		if (family) {
			sandbox.setFaults({ rateLimit: { perSecond: 0.001, burst: 1, headers: family } });
			let limited = await client.get('/bookings');
			for (let tries = 0; limited.status !== 429 && tries < 5; tries++) limited = await client.get('/bookings');
			sandbox.setFaults(undefined);
			const rateWords = serverWords(limited.data, [/rate limit|retry/i, /rate|limit|too many/i]);
			write(name, 'error-ratelimited', stable(errorRecording(name, client, limited, rateWords), sandbox.url));
		}
	} finally {
		await sandbox.close();
	}
}

function errorRecording(name: ConventionName, client: AxiosInstance, response: AxiosResponse, words: string | undefined): Record<string, unknown> {
	return {
		convention: name,
		source: 'sandbox renderer',
		page: 'error',
		request: requestOf(client, response),
		response: { status: response.status, headers: headersOf(response), body: response.data },
		expect: { list: null, entries: 0, more: false, total: null, identity: null, error: words ?? null },
	};
}

/**
 * Conventions the sandbox speaks whose recordings follow the API's own documented answers (the survey of booking
 * platforms wrote them): better tests than the sandbox's renderer of the same convention, so they are not replaced.
 */
const RECORDED_FROM_DOCUMENTATION: readonly ConventionName[] = ['checkfront', 'mindbody', 'bookeo', 'cliniko', 'squareBookings', 'planyo', 'rezdy', 'currentRms', 'rentman', 'booqable', 'simplybook', 'acuity'];

async function main(): Promise<void> {
	const chosen = process.argv.slice(2);
	const names = chosen.length > 0 ? (chosen as ConventionName[]) : [...CONVENTIONS];
	for (const name of names) {
		if (!CONVENTIONS.includes(name)) throw new Error(`Unknown convention ${name}; the sandbox speaks ${CONVENTIONS.join(', ')}`);
		if (RECORDED_FROM_DOCUMENTATION.includes(name)) {
			console.log(`kept ${name}: its recordings follow the API's documentation`);
			continue;
		}
		await record(name);
		console.log(`recorded ${name}`);
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
