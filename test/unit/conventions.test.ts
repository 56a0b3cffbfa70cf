/**
 * The convention registry itself: its normalisation, the sets derived from its rows, the order of the
 * pagination checks and the one-off mappings that are data now. Whether each row is needed by a recorded
 * answer is test/unit/recordings.test.ts's sweep.
 */
import {
	AFTER_PARAMETERS,
	CONVENTION_KEYS,
	CONVENTION_ROWS,
	ERROR_BODY_KEYS,
	ERROR_FIELD_KEYS,
	keyWords,
	KNOWN_CURSOR_PARAMETERS,
	LIST_CONTAINERS,
	LIST_NAMES,
	MARKER_NAMES,
	namesOf,
	normalizeKey,
	PAGE_PARAMETERS,
	PAGINATION_CHECKS,
	RATE_LIMIT_HEADERS,
	ROLES,
	speaksOfCount,
	speaksOfDone,
	speaksOfNext,
} from '../../nodes/VenueBooking/conventions';

describe('normalizeKey', () => {
	it.each([
		['next_cursor', 'nextcursor'],
		['nextCursor', 'nextcursor'],
		['X-Next-Cursor', 'nextcursor'],
		['@odata.nextLink', 'odatanextlink'],
		['x-total-count', 'totalcount'],
		// Only a leading x- is a header prefix.
		['max-x-count', 'maxxcount'],
	])('%s reads as %s', (key, normalized) => {
		expect(normalizeKey(key)).toBe(normalized);
	});
});

describe('the rows', () => {
	it('each has a known role, known conventions, and either conventions or the reason it has none', () => {
		for (const row of CONVENTION_ROWS) {
			expect(Object.keys(ROLES)).toContain(row.role);
			for (const convention of row.conventions) expect(CONVENTION_KEYS).toContain(convention);
			const unrecorded = 'unrecorded' in row ? row.unrecorded : undefined;
			if (row.conventions.length === 0) expect(unrecorded).toEqual(expect.any(String));
			else expect(unrecorded).toBeUndefined();
		}
	});

	it('names each name once per role', () => {
		// Error keys and header parts are told apart by their case or family, so rows are compared as written.
		const seen = CONVENTION_ROWS.map((row) => `${row.role}:${row.name}`);
		expect(seen.filter((key, index) => seen.indexOf(key) !== index)).toEqual([]);
	});

	it('writes header names in lower case', () => {
		for (const row of CONVENTION_ROWS.filter((candidate) => ['rateLimitHeader', 'retryAfter', 'linkHeader'].includes(candidate.role))) {
			expect(row.name).toBe(row.name.toLowerCase());
		}
	});
});

describe('the derived sets', () => {
	it('hold the normalised names of their role', () => {
		expect(MARKER_NAMES.nextUrl).toEqual(new Set(namesOf('nextUrl').map(normalizeKey)));
		expect(MARKER_NAMES.nextUrl.has('odatanextlink')).toBe(true);
		expect(MARKER_NAMES.moreFlag.has('hasmore')).toBe(true);
		expect(MARKER_NAMES.doneFlag.has('islast')).toBe(true);
		expect(MARKER_NAMES.total.has('totalcount')).toBe(true);
		// A done flag is no more-flag: it is read the other way round.
		expect(MARKER_NAMES.moreFlag.has('done')).toBe(false);
	});

	it('keep list names in lower case, not normalised (a list key is matched as written)', () => {
		expect(LIST_NAMES.has('data')).toBe(true);
		expect(LIST_CONTAINERS.has('_embedded')).toBe(true);
		expect(LIST_CONTAINERS.has('embedded')).toBe(true);
	});

	it('keep the error keys with their case and in their order of preference', () => {
		expect(ERROR_BODY_KEYS.message.slice(0, 2)).toEqual(['message', 'Message']);
		expect(ERROR_BODY_KEYS.generalLists).toContain('response_metadata.messages');
		expect(ERROR_FIELD_KEYS[0]).toEqual({ key: 'field', form: 'name' });
		expect(ERROR_FIELD_KEYS.find(({ key }) => key === 'source.pointer')?.form).toBe('pointer');
	});

	it('name the rate-limit headers of both families', () => {
		expect(RATE_LIMIT_HEADERS.x).toEqual({ limit: 'x-ratelimit-limit', remaining: 'x-ratelimit-remaining', reset: 'x-ratelimit-reset' });
		expect(RATE_LIMIT_HEADERS.ietf.policy).toBe('ratelimit-policy');
		expect(RATE_LIMIT_HEADERS.retryAfter).toBe('retry-after');
	});
});

describe('the rules that are data', () => {
	it('reads the Link header first and a bare more-flag last', () => {
		expect(PAGINATION_CHECKS).toEqual(['linkHeader', 'nextUrl', 'linkList', 'cursor', 'pageNumber', 'offset', 'offsetEcho', 'nextSign', 'afterLast']);
	});

	it('maps page markers that are no parameter to `page`', () => {
		expect(PAGE_PARAMETERS.get('currentpage')).toBe('page');
		expect(PAGE_PARAMETERS.get('pageindex')).toBe('page');
		expect(PAGE_PARAMETERS.has('page')).toBe(false);
	});

	it("sends a stated last id as `after` (OpenAI), else Stripe's `starting_after`", () => {
		expect(AFTER_PARAMETERS).toEqual({ afterLastId: 'after', default: 'starting_after' });
	});

	it("sends Notion's next_cursor back as start_cursor, only beside an object of kind list", () => {
		expect(KNOWN_CURSOR_PARAMETERS).toEqual([{ path: 'next_cursor', sibling: ['object', 'list'], parameter: 'start_cursor' }]);
	});
});

describe('keys as words (issue 40: structure decides, names only speed it up)', () => {
	it.each([
		['tokenForNext', ['token', 'for', 'next']],
		['NextPageToken', ['next', 'page', 'token']],
		['next_cursor', ['next', 'cursor']],
		['$next', ['next']],
		['@odata.nextLink', ['next', 'link']],
		['HAS_MORE_ITEMS', ['has', 'more', 'items']],
		['is-final-chunk', ['is', 'final', 'chunk']],
		['hasfurther', ['has', 'further']],
		['tokenfornext', ['token', 'for', 'next']],
		['information', ['information']],
		['nextavailableslot', ['nextavailableslot']],
	])('%s is %j', (key, words) => {
		expect(keyWords(key)).toEqual(words);
	});

	it('tells keys of the next page, of the end and of counts from keys of other things', () => {
		for (const key of ['tokenForNext', 'linkToNext', 'anotherPage', 'hasMoreItems', 'moreAvailable', 'continuation', 'upcoming_batch_url', 'metaNextPageUrl']) expect(speaksOfNext(keyWords(key))).toBe(true);
		for (const key of ['nextAvailableSlot', 'nextReviewDate', 'previousToken', 'firstPageUrl']) expect(speaksOfNext(keyWords(key))).toBe(false);
		for (const key of ['isLastPage', 'endOfList', 'done', 'finished']) expect(speaksOfDone(keyWords(key))).toBe(true);
		for (const key of ['totalHits', 'recordCount', 'numFound', 'grandEntries', 'overall', 'pageTotalElements']) expect(speaksOfCount(keyWords(key))).toBe(true);
		for (const key of ['pageCount', 'total_pages', 'roomNumber', 'totalPrice']) expect(speaksOfCount(keyWords(key))).toBe(false);
	});
});
