/**
 * Recorded answers as the tests of detection. Every file under test/recordings/<convention>/ is one answer of
 * an API convention (a page of a list, or an error) with the reading expected of it; this sweep runs the
 * package's own detection on each and compares: where the list is and how many entries it holds, the walk
 * detected on a first page, whether the page signals more, the stated total, the identity field, and the
 * server's words in the error the package builds. A recording marked `knownMisread` is one the package reads
 * wrongly today: the sweep asserts it still does, so fixing it fails here until the marker goes.
 *
 * It also holds the convention registry to the recordings: every row names conventions whose recorded answers
 * use the name, and every recordings folder is a convention some row names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode } from 'n8n-workflow';

import { CONVENTION_ROWS, keyedIdentityPattern, normalizeKey, STATUS_WORDS } from '../../nodes/VenueBooking/conventions';
import { findEndpoint } from '../../nodes/VenueBooking/endpoints';
import { chooseIdentityMode, detectIdentityField } from '../../nodes/VenueBooking/identity';
import { declaredFailureError, type FailureContext, failureDeclaredInBody, httpStatusError } from '../../nodes/VenueBooking/transport/errors';
import { detectPagination, findListSignals, moreSignalled } from '../../nodes/VenueBooking/transport/pagination/detect';
import { type FetchedPage, numberAt, strategyFor } from '../../nodes/VenueBooking/transport/pagination/strategies';
import type { ApiResponse } from '../../nodes/VenueBooking/transport/request';
import { listAt, locateList } from '../../nodes/VenueBooking/transport/response';

const ROOT = join(__dirname, '..', 'recordings');

interface Recording {
	convention: string;
	source: string;
	page: 'first' | 'middle' | 'last' | 'error';
	request: { method: string; url: string; headers?: Record<string, string> };
	response: { status: number; headers: Record<string, string>; body: unknown };
	expect: {
		list: string | null;
		entries: number;
		walk?: Record<string, unknown> | null;
		more: boolean;
		total: number | null;
		identity: string | null;
		order?: string;
		error?: string | null;
	};
	knownMisread?: string;
	/** With knownMisread: which expectations are misread (`walk`, `more`, `total`…); the others must hold. */
	misreads?: string[];
}

const folders = readdirSync(ROOT, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name)
	.sort();

function load(folder: string, file: string): Recording {
	return JSON.parse(readFileSync(join(ROOT, folder, file), 'utf8')) as Recording;
}

const recordings: Array<[string, Recording]> = folders.flatMap((folder) =>
	readdirSync(join(ROOT, folder))
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file): [string, Recording] => [`${folder}/${file}`, load(folder, file)]),
);

function responseOf(recording: Recording): ApiResponse {
	return { statusCode: recording.response.status, headers: recording.response.headers, body: recording.response.body, url: recording.request.url };
}

function pageOf(recording: Recording, firstPageLength?: number): FetchedPage {
	const response = responseOf(recording);
	const entries = listAt(response.body, locateList(response.body)) ?? [];
	const query = Object.fromEntries(new URL(recording.request.url).searchParams);
	return { query, response, entries, ...(firstPageLength !== undefined ? { firstPageLength } : {}) };
}

const TEST_NODE: INode = { id: 'n', name: 'Venue Booking', type: 'n8n-nodes-venue-booking.venueBooking', typeVersion: 1, position: [0, 0], parameters: {} };

/** The error the package builds for an answer: a status error, or a failure declared in a success body. */
function errorText(recording: Recording): string | undefined {
	const endpoint = recording.request.method === 'POST' ? findEndpoint('booking', 'create') : findEndpoint('payment', 'getAll');
	const context: FailureContext = { node: TEST_NODE, endpoint, attempts: 1, redact: (text) => text };
	const { status, body } = recording.response;
	let error;
	if (status >= 400) error = httpStatusError(context, status, body);
	else {
		const said = failureDeclaredInBody(body);
		if (said === undefined) return undefined;
		error = declaredFailureError(context, status, body, said);
	}
	// The raw body the description quotes would hold any words: only what the package read from it counts.
	const read = (error.description ?? '').split('\n').filter((line) => !/^Response body\b/.test(line));
	return [error.message, ...read].join('\n');
}

/** What the package reads from a recording, in the terms of `expect`, with each disagreement named. */
function misreadings(name: string, recording: Recording): string[] {
	const wrong: string[] = [];
	const expected = recording.expect;
	const differ = (what: string, actual: unknown, wanted: unknown) => {
		if (JSON.stringify(actual) !== JSON.stringify(wanted)) wrong.push(`${what}: read ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
	};
	void name;
	if (recording.page === 'error') {
		const text = errorText(recording);
		if (expected.error && !text?.includes(expected.error)) wrong.push(`error: "${expected.error}" is not in ${JSON.stringify(text)}`);
		if (!expected.error) wrong.push('error: an error recording must say which words of the server the error shows');
		return wrong;
	}

	const location = locateList(recording.response.body);
	differ('list', location.kind === 'body' ? '' : location.kind === 'property' ? location.path : null, expected.list);
	const page = pageOf(recording);
	differ('entries', page.entries.length, expected.entries);
	// Identity as the editor reads records (referenceLists.ts, resourceMapping.ts): `id` when every entry has one, else
	// the field detected from the entries' values, which one entry cannot show (the trigger hashes such entries).
	const byId = page.entries.length > 0 && chooseIdentityMode(page.entries) === 'id';
	if (byId || page.entries.length > 1 || expected.identity === null) differ('identity', byId ? 'id' : (detectIdentityField(page.entries) ?? null), expected.identity);
	const signals = findListSignals(page);
	differ('total', signals.totalPath ? numberAt(page.response, signals.totalPath) : null, expected.total);

	// The walk is detected on the convention's first page; every page of the convention is read with it.
	const first = recording.page === 'first' ? recording : load(recording.convention, 'first.json');
	const firstPage = pageOf(first);
	const walk = detectPagination(firstPage);
	if (recording.page === 'first') {
		if (expected.walk === null) differ('walk', walk ?? null, null);
		else if (expected.walk && !(walk && Object.entries(expected.walk).every(([key, value]) => walk[key as keyof typeof walk] === value))) {
			wrong.push(`walk: read ${JSON.stringify(walk)}, expected ${JSON.stringify(expected.walk)}`);
		}
	}
	const strategy = walk ? strategyFor(walk) : undefined;
	let more: boolean;
	if (strategy) {
		// A page asked for on a guess (counted on past a full page) is no signal that more follows.
		const next = strategy.next(pageOf(recording, firstPage.entries.length), undefined);
		more = next !== undefined && next.guessed !== true;
	} else {
		more = moreSignalled(page, { read: page.entries.length, resumed: recording.page !== 'first', page: 1, unpaged: true }) !== undefined;
	}
	differ('more', more, expected.more);
	return wrong;
}

describe('recorded answers', () => {
	it('are there, in the fixed format', () => {
		expect(folders.length).toBeGreaterThanOrEqual(29);
		for (const [name, recording] of recordings) {
			expect({ name, convention: recording.convention }).toEqual({ name, convention: name.split('/')[0] });
			expect(['first', 'middle', 'last', 'error']).toContain(recording.page);
			// A recording follows the sandbox, or a page of the API's documentation that it names, and says whether it
			// quotes the page verbatim or how it was adapted.
			expect(recording.source).toMatch(/^(sandbox renderer|https:\/\/\S+ .*\b(verbatim|adapted)\b.*)$/);
			for (const header of Object.keys(recording.response.headers)) expect(header).toBe(header.toLowerCase());
		}
	});

	// A list that goes on past its first page, or that has a walk, is walked: a middle and a last page show the walk.
	// A list the API answers whole (Acuity's appointments, Planyo's reservations) has only its first page.
	it.each(folders)('%s has a first page, and a middle and a last page where the list goes on', (folder) => {
		const pages = recordings.filter(([name]) => name.startsWith(`${folder}/`)).map(([, recording]) => recording.page);
		const first = load(folder, 'first.json').expect;
		const paged = first.more || (first.walk !== null && first.walk !== undefined);
		expect(pages).toEqual(expect.arrayContaining(paged ? ['first', 'middle', 'last'] : ['first']));
	});

	it.each(recordings)('%s is read as expected', (name, recording) => {
		const wrong = misreadings(name, recording);
		const known = recording.knownMisread ? (recording.misreads ?? []) : [];
		if (recording.knownMisread && known.length === 0) {
			throw new Error(`${name}: a knownMisread names the expectations it misreads in "misreads"; today it misreads:\n${wrong.join('\n') || '(nothing)'}`);
		}
		const wrongly = (what: string) => wrong.some((line) => line.startsWith(`${what}:`));
		const fixed = known.filter((what) => !wrongly(what));
		if (fixed.length > 0) throw new Error(`${name} now reads ${fixed.join(', ')} right: remove it from "misreads" (and knownMisread: "${recording.knownMisread}")`);
		const unexpected = wrong.filter((line) => !known.some((what) => line.startsWith(`${what}:`)));
		if (unexpected.length > 0) throw new Error(`${name} is misread:\n${unexpected.join('\n')}`);
	});
});

/**
 * The names an answer uses: its body's keys at any depth (normalised, and as written after `key:`), its header
 * names, its link relations, the words of its status fields (`status:error`) and its text values (`value:cancelled`).
 */
function namesUsedBy(recording: Recording): Set<string> {
	const names = new Set<string>();
	const visit = (value: unknown): void => {
		if (Array.isArray(value)) value.forEach(visit);
		else if (value !== null && typeof value === 'object') {
			for (const [key, inner] of Object.entries(value)) {
				names.add(normalizeKey(key));
				names.add(`key:${key}`);
				if (key === 'rel' && typeof inner === 'string') names.add(`rel:${inner.toLowerCase()}`);
				if (key.toLowerCase() === STATUS_WORDS.field && typeof inner === 'string') names.add(`status:${inner.toLowerCase()}`);
				if (typeof inner === 'string') names.add(`value:${inner.toLowerCase()}`);
				visit(inner);
			}
		}
	};
	visit(recording.response.body);
	// The request's parameters too: a parameter name (Stripe's `starting_after`) is used by the asking.
	for (const parameter of new URL(recording.request.url).searchParams.keys()) names.add(normalizeKey(parameter));
	for (const [header, value] of Object.entries(recording.response.headers)) {
		names.add(normalizeKey(header));
		if (header === 'link') for (const [, rel] of value.matchAll(/rel="([^"]+)"/g)) for (const one of rel.split(/\s+/)) names.add(`rel:${one.toLowerCase()}`);
	}
	return names;
}

const namesByConvention = new Map<string, Set<string>>(
	folders.map((folder) => [folder, new Set(recordings.filter(([name]) => name.startsWith(`${folder}/`)).flatMap(([, recording]) => [...namesUsedBy(recording)]))]),
);

/** Whether the answers of a convention use a row's name in the row's role. */
function used(row: (typeof CONVENTION_ROWS)[number], convention: string): boolean {
	const names = namesByConvention.get(convention) ?? new Set<string>();
	if (row.role === 'nextPrefix') return [...names].some((name) => name.startsWith(row.name) && name.length > row.name.length);
	if (row.role === 'linkRel') return names.has(`rel:${row.name}`);
	if (row.role === 'failureWord') return names.has(`status:${row.name}`);
	// A word of a value (a booking's state): some value of the answers is that word.
	if (row.role === 'cancelledState') return names.has(`value:${row.name}`);
	// A keyed list's identity field: a key of the answer that the row's pattern alone matches.
	if (row.role === 'keyedIdentity' || row.role === 'recordIdentity') return [...names].some((name) => name.startsWith('key:') && new RegExp(keyedIdentityPattern(row)).test(name.slice(4)));
	if (names.has(normalizeKey(row.name))) return true;
	// Nested error keys (`response_metadata.messages`, `source.pointer`): every segment is a key of the answer.
	return row.name.includes('.') && !row.name.startsWith('@') && row.name.split('.').every((segment) => names.has(normalizeKey(segment)));
}

describe('the convention registry and the recordings', () => {
	it('has a recordings folder for every convention a row names', () => {
		const named = [...new Set(CONVENTION_ROWS.flatMap((row) => row.conventions as readonly string[]))];
		expect(named.filter((convention) => !folders.includes(convention))).toEqual([]);
	});

	it('names in each row only conventions whose recorded answers use the name', () => {
		const unused = CONVENTION_ROWS.flatMap((row) =>
			(row.conventions as readonly string[]).filter((convention) => !used(row, convention)).map((convention) => `${row.role} ${row.name}: ${convention}`),
		);
		expect(unused).toEqual([]);
	});

	it('has no row that no recorded answer needs, except those that say why', () => {
		const unneeded = CONVENTION_ROWS.filter((row) => row.conventions.length === 0 && !('unrecorded' in row));
		expect(unneeded).toEqual([]);
	});

	it('names every recordings folder in some row', () => {
		const named = new Set(CONVENTION_ROWS.flatMap((row) => row.conventions as readonly string[]));
		expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
	});
});
