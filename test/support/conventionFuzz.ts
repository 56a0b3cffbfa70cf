/**
 * Convention fuzzing: API conventions no table has, generated from the ones the project knows.
 *
 * Every recorded answer (test/recordings/<convention>/*.json) and every sandbox convention (sandbox/conventions.ts)
 * is reduced to a base: where its list sits, how a client asks for the next page, and the fields that say more
 * follows (a next link or token, a more-flag, a total, a page or offset counter, a last page). A seeded generator
 * then rewrites the names and shapes that carry paging, totals, envelopes and refusals into spellings no table has,
 * and an in-memory server of each variant pages a list of N known entries, honouring the request it gets, so that
 * a test can measure "exact" against the true list.
 *
 * The rewrites, and why each keeps the sign that more follows (a variant without a sign is undecidable: a bare list
 * of 7 entries with nothing beside it is a complete list as far as any client can tell, so none is generated):
 *
 * - renames (word order, case style, `$` / `@` / `_` prefixes, synonyms) change a key, never its value: the token
 *   stays an opaque non-empty string, the link stays a URL of the same list, the flag stays `true` while more
 *   follows (or `false` for an inverted "done"/"last" flag, renamed with words of the same sense), the total stays
 *   larger than the entries of a page;
 * - one level deeper or shallower moves a field into a new wrapper object or out of its parent, beside the list;
 *   the value moves with it;
 * - a per-page count beside a next sign is added to the signs, it replaces none;
 * - a token under an unknown name is a rename of the token field, and the server reads the token back under a name
 *   of the same words (its own, without the "next" word, or the base convention's parameter): the token is still
 *   there on every page but the last;
 * - counting walks (page numbers, offsets) whose base states no total, last page or flag get a total, since a full
 *   page alone is no sign;
 * - a bare list keeps its signs in headers (renamed `X-` headers, or a `Link` header), or is wrapped into an
 *   envelope that holds them.
 *
 * Refusals: every recorded error answer's words are put into a 2xx answer of a write in a new shape, each with a
 * failure sign (a false success flag under a renamed key, a failure status word, an error object or error list):
 * an array of per-item results, a wrapper one level deeper, renamed keys.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CONVENTIONS, conventionInfo } from '../../sandbox/conventions';

/* ------------------------------------------------------------------ seeded randomness */

/** A small seeded generator (mulberry32): the same seed gives the same variants on every machine. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** A variant's own seed from a run's seed and the variant's index, so one variant can be made again alone. */
export function variantSeed(runSeed: number, index: number): number {
	let hash = (runSeed ^ 0x9e3779b9) >>> 0;
	hash = Math.imul(hash ^ index, 0x85ebca6b) >>> 0;
	hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
	return (hash ^ (hash >>> 16)) >>> 0;
}

/** What a clear error names: a setting of the node, in the words its messages use. */
export const NAMES_A_SETTING = /Options >|Pagination|Items Field|Identity Field|Journal Order|\bset\b/i;

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)];
const chance = (random: Random, p: number) => random() < p;
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/* ------------------------------------------------------------------ bases */

export type Mechanism = 'nextUrl' | 'linkHeader' | 'cursor' | 'pageNumber' | 'offset' | 'afterLast';
export type SignRole = 'next' | 'more' | 'total' | 'counter' | 'lastPage' | 'pageCount';

export interface Sign {
	role: SignRole;
	/** Body path, or the header's name for `where: 'header'`. */
	path: string[];
	where: 'body' | 'header';
	/** A more-flag that says "done" / "last" when true. */
	inverted?: boolean;
	/** A next sign: an absolute URL, a host-relative one, or an opaque token. */
	value?: 'url' | 'relativeUrl' | 'token';
}

export interface Base {
	/** Where it comes from: `recording:<convention>/first.json` or `sandbox:<convention>`. */
	source: string;
	listPath: string[];
	mechanism: Mechanism;
	signs: Sign[];
	/** The request parameter the server reads the page, offset, token or last id from. */
	parameter: string;
	sizeParameter: string;
	firstPage: 0 | 1;
	/** Scalars of the envelope that say nothing about paging (`"object": "list"`, `"ok": true`, `"version"`). */
	noise: Record<string, string | boolean>;
}

const RECORDINGS = join(__dirname, '..', 'recordings');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (value: unknown): value is Record<string, Json> => value !== null && typeof value === 'object' && !Array.isArray(value);

function leaves(value: Json, path: string[] = [], skip: string[], out: Array<[string[], Json]> = []): Array<[string[], Json]> {
	if (path.join('.') === skip.join('.') && path.length === skip.length && path.length > 0) return out;
	if (isObject(value)) for (const [key, child] of Object.entries(value)) leaves(child, [...path, key], skip, out);
	else if (!Array.isArray(value)) out.push([path, value]);
	return out;
}

const isUrl = (value: Json) => typeof value === 'string' && /^(https?:\/\/|\/)[^\s]*\?/.test(value);
const keyText = (path: string[]) => path.join(' ').toLowerCase();

/**
 * A first page recorded from a convention, reduced to a base; undefined where it shows no sign or no walk (Acuity,
 * Planyo, SimplyBook, Rezdy, Rentman's last page) or a shape the reduction does not read (Checkfront's keyed list,
 * PayPal's link objects, Pipedrive's numeric `next_start`, Salesforce's locator URL, Booqable's): the sandbox
 * conventions of the same names are bases all the same.
 */
function baseOfRecording(folder: string): Base | undefined {
	const file = join(RECORDINGS, folder, 'first.json');
	const recording = JSON.parse(readFileSync(file, 'utf8')) as {
		request: { url: string };
		response: { headers: Record<string, string>; body: Json };
		expect: { list: string | null; total: number | null; walk: Record<string, unknown> | null; more: boolean };
	};
	const { expect, response } = recording;
	if (expect.list === null || !expect.more) return undefined;
	const listPath = expect.list === '' ? [] : expect.list.split('.');
	if (expect.list.includes('/')) return undefined;
	const walk = expect.walk ?? {};
	const query = new URL(recording.request.url).searchParams;
	const queryNames = [...query.keys()];
	const found = leaves(response.body, [], listPath);
	const signs: Sign[] = [];
	const noise: Base['noise'] = {};
	let mechanism: Mechanism | undefined;
	const mode = walk.mode as string | undefined;
	const linkHeader = Object.keys(response.headers).find((name) => name === 'link');
	for (const [path, value] of found) {
		const words = keyText(path);
		if (isUrl(value)) {
			if (/next/.test(words) && (walk.nextUrlPath === undefined || walk.nextUrlPath === path.join('.'))) {
				signs.push({ role: 'next', path, where: 'body', value: (value as string).startsWith('/') ? 'relativeUrl' : 'url' });
			}
		} else if (typeof value === 'string' && (walk.cursorPath === path.join('.') || (/next|cursor|token/.test(words) && !/prev/.test(words) && mode === 'cursor'))) {
			signs.push({ role: 'next', path, where: 'body', value: 'token' });
		} else if (typeof value === 'boolean' && /more|next|last|done|complete|end/.test(words)) {
			signs.push({ role: 'more', path, where: 'body', inverted: /last|done|complete|end/.test(words) });
		} else if (typeof value === 'number' && expect.total !== null && value === expect.total) {
			signs.push({ role: 'total', path, where: 'body' });
		} else if (typeof value === 'number' && /page|offset|start|skip/.test(words) && !/size|count|total|last|limit|per|max/.test(words)) {
			signs.push({ role: 'counter', path, where: 'body' });
		} else if (path.length === 1 && (typeof value === 'string' || typeof value === 'boolean') && !/^https?:|^\//.test(String(value)) && String(value).length <= 24 && !/next|prev|cursor|token|page|more|last|done|self|first/i.test(path[0])) {
			noise[path[0]] = value as string | boolean;
		}
	}
	if (linkHeader && /rel="next"/.test(response.headers.link)) signs.push({ role: 'next', path: ['Link'], where: 'header', value: 'url' });
	for (const name of Object.keys(response.headers)) {
		if (/^x-total(-count)?$/.test(name)) signs.push({ role: 'total', path: [name], where: 'header' });
	}
	const next = signs.find((sign) => sign.role === 'next');
	if (mode === 'nextUrl') mechanism = next?.where === 'header' ? 'linkHeader' : 'nextUrl';
	else if (mode === 'cursor') mechanism = 'cursor';
	else if (mode === 'pageNumber') mechanism = 'pageNumber';
	else if (mode === 'offset') mechanism = 'offset';
	else if (mode === 'afterLast' || (mode === undefined && signs.some((sign) => sign.role === 'more'))) mechanism = 'afterLast';
	else if (mode === undefined && signs.some((sign) => sign.role === 'total') && signs.some((sign) => sign.role === 'counter')) mechanism = 'offset';
	if (!mechanism) return undefined;
	if ((mechanism === 'nextUrl' || mechanism === 'linkHeader' || mechanism === 'cursor') && !next) return undefined;
	// Bookeo's page token beside its page counter is a second mechanism; the counter walk is the base.
	const kept = mechanism === 'pageNumber' || mechanism === 'offset' ? signs.filter((sign) => sign.role !== 'next') : signs;
	const sizeParameter = queryNames.find((name) => /size|limit|max|per|count|top|take/i.test(name)) ?? 'limit';
	const parameter =
		(walk.pageParameter as string | undefined) ??
		(walk.offsetParameter as string | undefined) ??
		(walk.cursorParameter as string | undefined) ??
		(walk.cursorAlternative as string | undefined) ??
		(walk.afterParameter as string | undefined) ??
		queryNames.find((name) => name !== sizeParameter && /offset|start|skip|page(?!.?size)/i.test(name)) ??
		(mechanism === 'afterLast' ? 'after' : mechanism === 'cursor' ? 'cursor' : 'page');
	return {
		source: `recording:${folder}/first.json`,
		listPath,
		mechanism,
		signs: kept,
		parameter,
		sizeParameter,
		firstPage: (walk.firstPage as 0 | 1 | undefined) ?? 1,
		noise,
	};
}

/** A sandbox convention's metadata reduced to a base; undefined for one answered whole or not walkable from its answers. */
function baseOfSandbox(name: (typeof CONVENTIONS)[number]): Base | undefined {
	const info = conventionInfo(name);
	const listPath = info.listPath === '' ? [] : info.listPath.replace('{resource}', 'payments').replace('{Resource}', 'Payments').split('.');
	if (info.listPath.includes('/')) return undefined;
	const signs: Sign[] = [];
	if (info.next) signs.push({ role: 'next', path: info.next.in === 'header' ? [info.next.path] : info.next.path.split('.'), where: info.next.in, value: info.next.value });
	if (info.moreFlag) signs.push({ role: 'more', path: info.moreFlag.path.split('.'), where: 'body', inverted: info.moreFlag.inverted });
	if (info.total) signs.push({ role: 'total', path: info.total.in === 'header' ? [info.total.path] : info.total.path.split('.'), where: info.total.in });
	const byKind: Partial<Record<typeof info.pagination, Mechanism>> = {
		afterLastId: 'afterLast',
		hasMoreOnly: 'afterLast',
		pageNumber: 'pageNumber',
		offset: 'offset',
		cursor: 'cursor',
		nextUrlBody: 'nextUrl',
		linkHeader: 'linkHeader',
	};
	const mechanism = byKind[info.pagination];
	if (!mechanism) return undefined;
	// PayPal's next link is an entry of a list of link objects, a shape the generator does not write.
	if (info.next?.path.includes('[')) return undefined;
	// OpenAI's `last_id` is the after field, not a cursor.
	const kept = mechanism === 'afterLast' ? signs.filter((sign) => sign.role !== 'next') : signs;
	if (mechanism === 'linkHeader' && !kept.some((sign) => sign.role === 'next')) kept.push({ role: 'next', path: ['Link'], where: 'header', value: 'url' });
	if ((mechanism === 'cursor' || mechanism === 'nextUrl') && !kept.some((sign) => sign.role === 'next')) return undefined;
	const { parameters } = info;
	const parameter = parameters.cursor ?? parameters.after ?? parameters.page ?? parameters.offset ?? (mechanism === 'afterLast' ? 'after' : 'page');
	return {
		source: `sandbox:${name}`,
		listPath,
		mechanism,
		signs: kept,
		parameter,
		sizeParameter: parameters.pageSize ?? 'limit',
		firstPage: parameters.firstPage ?? 1,
		noise: {},
	};
}

/** Every base the project's conventions give, recordings first. */
export function bases(): Base[] {
	const folders = readdirSync(RECORDINGS, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort();
	const fromRecordings = folders.map(baseOfRecording).filter((base): base is Base => base !== undefined);
	const fromSandbox = CONVENTIONS.map(baseOfSandbox).filter((base): base is Base => base !== undefined);
	return [...fromRecordings, ...fromSandbox];
}

/* ------------------------------------------------------------------ names */

/** The words of a key in any case style, its `$` / `@` / `_` prefixes dropped. */
export function wordsOf(name: string): string[] {
	return name
		.replace(/^[$@_]+/, '')
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.split(/[\s_\-.[\]]+/)
		.filter(Boolean)
		.map((word) => word.toLowerCase());
}

type CaseStyle = 'camel' | 'pascal' | 'snake' | 'kebab' | 'screaming' | 'flat';
const CASE_STYLES: readonly CaseStyle[] = ['camel', 'pascal', 'snake', 'kebab', 'screaming', 'flat'];

function inCase(words: string[], style: CaseStyle): string {
	const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
	switch (style) {
		case 'camel':
			return words.map((word, index) => (index === 0 ? word : capital(word))).join('');
		case 'pascal':
			return words.map(capital).join('');
		case 'snake':
			return words.join('_');
		case 'kebab':
			return words.join('-');
		case 'screaming':
			return words.join('_').toUpperCase();
		case 'flat':
			return words.join('');
	}
}

/** Words of the same sense, as other APIs spell them. */
const SYNONYMS: Record<string, readonly string[]> = {
	next: ['following', 'subsequent', 'upcoming', 'continuation', 'forward'],
	cursor: ['token', 'marker', 'bookmark', 'handle', 'position'],
	token: ['cursor', 'marker', 'bookmark', 'handle', 'key'],
	url: ['link', 'href', 'uri', 'location'],
	link: ['url', 'href', 'uri'],
	href: ['link', 'url'],
	more: ['another', 'additional', 'remaining', 'further'],
	total: ['overall', 'grand', 'full', 'all'],
	count: ['number', 'amount', 'tally', 'quantity'],
	size: ['count', 'number', 'length'],
	results: ['entries', 'rows', 'elements', 'hits', 'payload'],
	data: ['entries', 'rows', 'payload', 'content', 'hits'],
	items: ['entries', 'rows', 'elements', 'objects'],
	records: ['entries', 'rows', 'elements'],
	values: ['entries', 'rows', 'elements'],
	done: ['finished', 'complete', 'exhausted', 'ended'],
	last: ['final', 'end'],
	page: ['sheet', 'batch', 'chunk'],
	offset: ['skip', 'position', 'from'],
	start: ['from', 'begin', 'position'],
	meta: ['info', 'metadata', 'details'],
	paging: ['pager', 'pageinfo', 'navigation'],
	pagination: ['paging', 'pager', 'navigation'],
	links: ['navigation', 'hrefs', 'urls'],
};

/** Wrapper names an envelope may add one level down. */
const WRAPPERS: readonly string[][] = [['paging'], ['page', 'info'], ['navigation'], ['list', 'meta'], ['result', 'set'], ['continuation'], ['cursor', 'info'], ['envelope'], ['response', 'meta']];
/** Names a per-page count goes by. */
const PAGE_COUNT_NAMES: readonly string[][] = [['count'], ['item', 'count'], ['size'], ['length'], ['returned'], ['number', 'of', 'items'], ['result', 'count'], ['page', 'item', 'count']];
/** Names a total added to a counting walk goes by. */
const TOTAL_NAMES: readonly string[][] = [['grand', 'total'], ['total', 'entries'], ['overall', 'count'], ['entries', 'in', 'all'], ['full', 'size'], ['all', 'count']];
const PREFIXES = ['$', '@', '_', '__'] as const;

interface NameStyle {
	caseStyle: CaseStyle;
	synonyms: number;
	reorder: number;
	prefix: number;
}

/** A key of the base rewritten: synonyms, word order, case style, a prefix; each with the variant's odds. */
function rewriteName(name: string, random: Random, style: NameStyle): string {
	let words = wordsOf(name);
	if (words.length === 0) return name;
	words = words.map((word) => (SYNONYMS[word] && chance(random, style.synonyms) ? pick(random, SYNONYMS[word]) : word));
	if (words.length > 1 && chance(random, style.reorder)) {
		words = chance(random, 0.5) ? [...words.slice(1), 'for', words[0]] : [...words].reverse();
	}
	const prefix = chance(random, style.prefix) ? pick(random, PREFIXES) : '';
	return prefix + inCase(words.flatMap((word) => wordsOf(word)), style.caseStyle);
}

/* ------------------------------------------------------------------ variants */

export interface Variant {
	/** `<base source>#<seed>`: run alone with CONVENTION_FUZZ_ONLY set to it. */
	id: string;
	base: string;
	description: string[];
	mechanism: Mechanism;
	listPath: string[];
	signs: Sign[];
	parameter: string;
	sizeParameter: string;
	firstPage: 0 | 1;
	noise: Record<string, string | boolean>;
	/** What the last page writes where a next sign was: null, nothing at all, or an empty string. */
	lastNext: 'null' | 'absent' | 'empty';
	/** For next URLs: the query parameter the URL carries its position in. */
	urlParameter: string;
	/** The entries of the true list, and the page size the server cuts at when the request names none. */
	total: number;
	pageSize: number;
	newestFirst: boolean;
	/** The trigger's new entries after activation. */
	added: number;
	/** Signs before the list in the body's text, or after it. */
	signsFirst: boolean;
}

/** A token no table knows, but one a client may send back under a name of the same words. */
function tokenParameters(field: string, base: Base): string[] {
	const words = wordsOf(field);
	const withoutNext = words.filter((word) => !['next', 'for', 'following', 'subsequent', 'upcoming', 'forward'].includes(word));
	const caseOf: CaseStyle = /^[A-Z]/.test(field.replace(/^[$@_]+/, '')) ? 'pascal' : field.includes('_') ? 'snake' : field.includes('-') ? 'kebab' : 'camel';
	const names = [field, field.replace(/^[$@_]+/, '')];
	if (withoutNext.length > 0) names.push(inCase(withoutNext, caseOf));
	names.push(base.parameter);
	return [...new Set(names)];
}

/** One variant of a base, from its own seed. */
export function variantOf(base: Base, seed: number, plain = false): Variant {
	const random = seededRandom(seed);
	// Plain: the base as it is (names, shapes), only N, the page size and the order drawn; the generator's control.
	const rewrite = (p: number) => !plain && chance(random, p);
	const description: string[] = [];
	const style: NameStyle = {
		caseStyle: pick(random, CASE_STYLES),
		synonyms: pick(random, [0.3, 0.6, 0.9]),
		reorder: pick(random, [0, 0.3, 0.6]),
		prefix: pick(random, [0, 0.2, 0.5]),
	};
	description.push(plain ? 'plain (no rewrite)' : `names in ${style.caseStyle} case`);
	let listPath = [...base.listPath];
	let signs: Sign[] = base.signs.map((sign) => ({ ...sign, path: [...sign.path] }));
	const noise = { ...base.noise };

	// A bare list: its signs stay in headers (renamed) or move into a new envelope around it.
	if (listPath.length === 0 && rewrite(0.5)) {
		listPath = [pick(random, ['entries', 'rows', 'payload', 'elements'])];
		signs = signs.map((sign) => (sign.where === 'header' ? { ...sign, where: 'body', path: sign.path[0] === 'Link' ? ['next'] : wordsOf(sign.path[0]).filter((word) => word !== 'x').length ? [inCase(wordsOf(sign.path[0]).filter((word) => word !== 'x'), 'camel')] : ['total'] } : sign));
		description.push(`bare list wrapped in "${listPath[0]}", header signs moved into the body`);
	}

	// Counting walks need a sign beyond a full page.
	if ((base.mechanism === 'pageNumber' || base.mechanism === 'offset') && !signs.some((sign) => ['total', 'lastPage', 'more'].includes(sign.role))) {
		const name = plain ? 'total' : inCase(pick(random, TOTAL_NAMES), 'camel');
		signs.push(listPath.length === 0 ? { role: 'total', path: ['X-Total-Count'], where: 'header' } : { role: 'total', path: [name], where: 'body' });
		description.push('a total added (a full page alone is no sign)');
	}
	if (base.mechanism === 'afterLast' && !signs.some((sign) => sign.role === 'more')) {
		signs.push({ role: 'more', path: ['has_more'], where: 'body' });
	}

	// Structure: one sign one level deeper or shallower, the list one level deeper or shallower.
	const bodySigns = signs.filter((sign) => sign.where === 'body');
	if (bodySigns.length > 0 && rewrite(0.35)) {
		const wrapper = inCase(pick(random, WRAPPERS), 'camel');
		const moveAll = chance(random, 0.5);
		const moved = moveAll ? bodySigns : [pick(random, bodySigns)];
		for (const sign of moved) sign.path = [...sign.path.slice(0, -1), wrapper, sign.path[sign.path.length - 1]];
		description.push(`${moveAll ? 'the signs' : `the ${moved[0].role} sign`} one level deeper, under "${wrapper}"`);
	} else if (bodySigns.some((sign) => sign.path.length >= 2) && rewrite(0.4)) {
		for (const sign of bodySigns) {
			if (sign.path.length < 2) continue;
			const joined = inCase([...wordsOf(sign.path[sign.path.length - 2]), ...wordsOf(sign.path[sign.path.length - 1])], 'camel');
			sign.path = [...sign.path.slice(0, -2), joined];
		}
		description.push('the signs one level shallower (parent and name joined)');
	}
	if (listPath.length > 0 && rewrite(0.2)) {
		const wrapper = pick(random, ['result', 'response', 'body', 'content']);
		listPath = [wrapper, ...listPath];
		description.push(`the list one level deeper, under "${wrapper}"`);
	} else if (listPath.length > 1 && rewrite(0.5)) {
		listPath = [listPath[listPath.length - 1]];
		description.push('the list one level shallower');
	}

	// A per-page count beside a next sign.
	const nextOrMore = signs.find((sign) => (sign.role === 'next' || sign.role === 'more') && sign.where === 'body');
	if (nextOrMore && rewrite(0.4)) {
		const countName = inCase(pick(random, PAGE_COUNT_NAMES), 'camel');
		signs.push({ role: 'pageCount', path: [...nextOrMore.path.slice(0, -1), countName], where: 'body' });
		description.push(`a per-page count "${countName}" beside the ${nextOrMore.role} sign`);
	}

	// Renames: one map per variant, so a wrapper shared by two signs stays shared.
	const renamed = new Map<string, string>();
	const rename = (name: string) => {
		if (plain) return name;
		if (!renamed.has(name)) renamed.set(name, rewriteName(name, random, style));
		return renamed.get(name)!;
	};
	const renameHeader = (name: string) => (name === 'Link' || plain ? name : `X-${inCase(wordsOf(rewriteName(name.replace(/^x-/i, ''), random, { ...style, prefix: 0 })), 'kebab')}`);
	for (const sign of signs) {
		if (sign.where !== 'header') sign.path = sign.path.map(rename);
		else {
			const header = renameHeader(sign.path[0]);
			if (header !== sign.path[0]) description.push(`header "${sign.path[0]}" → "${header}"`);
			sign.path = [header];
		}
	}
	listPath = listPath.map(rename);
	for (const [from, to] of renamed) if (from !== to) description.push(`"${from}" → "${to}"`);
	// Keys that collide after renaming: the sign wins, the noise goes; two signs on one key would be no variant.
	const taken = new Set<string>();
	signs = signs.filter((sign) => {
		const key = `${sign.where}:${sign.path.join('.')}`;
		if (taken.has(key) || (sign.where === 'body' && sign.path.join('.') === listPath.join('.'))) return false;
		taken.add(key);
		return true;
	});
	for (const key of Object.keys(noise)) if (taken.has(`body:${key}`) || listPath[0] === key) delete noise[key];
	if (!signs.some((sign) => sign.role !== 'pageCount' && sign.role !== 'counter')) signs.push({ role: 'total', path: listPath.length === 0 ? ['X-Total-Count'] : ['grandTotal'], where: listPath.length === 0 ? 'header' : 'body' });
	// A body sign under a prefix of the list path (or the other way) cannot be written.
	signs = signs.filter((sign) => sign.where === 'header' || !(listPath.join('.').startsWith(`${sign.path.join('.')}.`) || sign.path.join('.').startsWith(`${listPath.join('.')}.`)));

	let parameter = base.parameter;
	const next = signs.find((sign) => sign.role === 'next');
	if (base.mechanism === 'cursor' && next) {
		parameter = plain ? base.parameter : pick(random, tokenParameters(next.path[next.path.length - 1], base));
		if (!plain) description.push(`the token read back as "${parameter}"`);
	}
	const total = between(random, 5, 40);
	const pageSize = pick(random, [2, 3, 4, 6, 7, 9, 11]);
	const variant: Variant = {
		id: `${base.source}#${seed}`,
		base: base.source,
		description,
		mechanism: base.mechanism === 'linkHeader' && !signs.some((sign) => sign.path[0] === 'Link') ? 'nextUrl' : base.mechanism,
		listPath,
		signs,
		parameter,
		sizeParameter: base.sizeParameter,
		firstPage: base.firstPage,
		noise,
		lastNext: pick(random, ['null', 'absent', 'empty'] as const),
		urlParameter: pick(random, [base.parameter, 'page', 'offset', 'from', 'pos', 'p'].filter((name) => name !== base.sizeParameter)),
		total: Math.max(total, pageSize + 1),
		pageSize,
		newestFirst: chance(random, 0.5),
		added: between(random, 1, 3),
		signsFirst: chance(random, 0.5),
	};
	if (variant.mechanism === 'nextUrl' && !signs.some((sign) => sign.role === 'next')) variant.mechanism = 'offset';
	description.push(`${variant.mechanism}, ${variant.total} entries in pages of ${pageSize}, ${variant.newestFirst ? 'newest' : 'oldest'} first, last page's next ${variant.lastNext}`);
	return variant;
}

/* ------------------------------------------------------------------ the server */

export interface Payment {
	id: string;
	createdAt: string;
	amountCents: number;
	currency: string;
	status: string;
}

const ORIGIN = 'https://studio.example.com';
const LIST_PATH = '/api/partners/v1/payments';

export function payment(sequence: number): Payment {
	return {
		id: `pay_${String(sequence).padStart(5, '0')}`,
		createdAt: new Date(Date.UTC(2026, 10, 1) + sequence * 60_000).toISOString(),
		amountCents: 1000 + ((sequence * 7919) % 9000),
		currency: 'EUR',
		status: 'paid',
	};
}

/** An opaque token for a position: base64 JSON, as many APIs write theirs. */
function tokenFor(start: number): string {
	return Buffer.from(JSON.stringify({ position: start, v: 1 })).toString('base64url');
}

function positionOf(token: string): number | undefined {
	try {
		const read = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { position?: unknown };
		return typeof read.position === 'number' ? read.position : undefined;
	} catch {
		return undefined;
	}
}

function setAt(body: Record<string, unknown>, path: string[], value: unknown): void {
	let current = body;
	for (const key of path.slice(0, -1)) {
		if (!isObject(current[key])) current[key] = {};
		current = current[key] as Record<string, unknown>;
	}
	current[path[path.length - 1]] = value;
}

export interface ServerAnswer {
	statusCode: number;
	headers: Record<string, string>;
	body: string;
}

/**
 * A list server of one variant over a list of entries (the caller may grow it between polls): it reads the
 * position from the request as the variant's API does, cuts the page, and writes the page's signs.
 */
export function listServer(variant: Variant, entries: () => Payment[], origin = ORIGIN) {
	const ordered = () => (variant.newestFirst ? [...entries()].reverse() : entries());
	const answer = (url: string, qs: Record<string, unknown> | undefined): ServerAnswer => {
		const parsed = new URL(url);
		const query = new Map<string, string>([...parsed.searchParams.entries()]);
		for (const [name, value] of Object.entries(qs ?? {})) if (value !== undefined && value !== null) query.set(name, String(value));
		if (parsed.pathname !== LIST_PATH) return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' };
		const list = ordered();
		const askedSize = Number(query.get(variant.sizeParameter));
		const size = Number.isInteger(askedSize) && askedSize > 0 ? Math.min(askedSize, variant.pageSize * 5) : variant.pageSize;
		let start = 0;
		const at = (name: string) => query.get(name);
		switch (variant.mechanism) {
			case 'nextUrl':
			case 'linkHeader': {
				const token = at(variant.urlParameter);
				start = token === undefined ? 0 : (positionOf(token) ?? 0);
				break;
			}
			case 'cursor': {
				const token = at(variant.parameter);
				start = token === undefined ? 0 : (positionOf(token) ?? 0);
				break;
			}
			case 'pageNumber': {
				const page = Number(at(variant.parameter));
				start = Number.isInteger(page) && page >= variant.firstPage ? (page - variant.firstPage) * size : 0;
				break;
			}
			case 'offset': {
				const offset = Number(at(variant.parameter));
				start = Number.isInteger(offset) && offset >= 0 ? offset : 0;
				break;
			}
			case 'afterLast': {
				const after = at(variant.parameter);
				const index = after === undefined ? -1 : list.findIndex((entry) => entry.id === after);
				start = index + 1;
				break;
			}
		}
		const items = list.slice(start, start + size);
		const last = start + items.length >= list.length;
		const nextUrl = (relative: boolean) => {
			const params = new URLSearchParams();
			params.set(variant.urlParameter, tokenFor(start + items.length));
			if (query.has(variant.sizeParameter)) params.set(variant.sizeParameter, String(size));
			return `${relative ? '' : origin}${LIST_PATH}?${params.toString()}`;
		};
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		const signs: Array<[Sign, unknown]> = [];
		for (const sign of variant.signs) {
			let value: unknown;
			switch (sign.role) {
				case 'next':
					if (last) value = variant.lastNext === 'null' ? null : variant.lastNext === 'empty' ? '' : undefined;
					else if (sign.value !== 'token') value = nextUrl(sign.value === 'relativeUrl');
					// A counting walk's next sign is the next page's number or offset (Pipedrive's `next_start`).
					else if (variant.mechanism === 'pageNumber') value = variant.firstPage + Math.floor(start / size) + 1;
					else if (variant.mechanism === 'offset') value = start + items.length;
					else value = tokenFor(start + items.length);
					break;
				case 'more':
					value = sign.inverted ? last : !last;
					break;
				case 'total':
					value = list.length;
					break;
				case 'counter':
					value = variant.mechanism === 'pageNumber' ? variant.firstPage + Math.floor(start / size) : start;
					break;
				case 'lastPage':
					value = variant.firstPage + Math.max(0, Math.ceil(list.length / size) - 1);
					break;
				case 'pageCount':
					value = items.length;
					break;
			}
			if (sign.where === 'header') {
				if (sign.path[0] === 'Link') {
					if (!last) headers.link = `<${nextUrl(false)}>; rel="next"`;
				} else if (value !== undefined && value !== null && value !== '') headers[sign.path[0].toLowerCase()] = String(value);
			} else if (value !== undefined) signs.push([sign, value]);
		}
		if (variant.listPath.length === 0) return { statusCode: 200, headers, body: JSON.stringify(items) };
		const body: Record<string, unknown> = { ...variant.noise };
		if (variant.signsFirst) for (const [sign, value] of signs) setAt(body, sign.path, value);
		setAt(body, variant.listPath, items);
		if (!variant.signsFirst) for (const [sign, value] of signs) setAt(body, sign.path, value);
		return { statusCode: 200, headers, body: JSON.stringify(body) };
	};
	return { answer, firstPage: () => answer(`${origin}${LIST_PATH}`, {}) };
}

/** The value of a sign in an answer: a body path or a header. */
function signValue(sign: Sign, answer: ServerAnswer): unknown {
	if (sign.where === 'header') {
		const header = answer.headers[sign.path[0].toLowerCase()];
		if (sign.path[0] === 'Link') return header?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
		return header;
	}
	let current: unknown = JSON.parse(answer.body);
	for (const key of sign.path) current = isObject(current) ? current[key] : undefined;
	return current;
}

/**
 * The generator's own control: a client that knows the variant (how it asks, where its signs are) walks it.
 * It must collect the true list, and every page but the last must carry a sign that more follows, the last none:
 * a variant that fails this is the generator's fault, not the package's.
 */
export function referenceWalk(variant: Variant, entries: Payment[]): { ids: string[]; problems: string[] } {
	const server = listServer(variant, () => entries);
	const collected: string[] = [];
	const problems: string[] = [];
	let answer = server.firstPage();
	for (let page = 0; page < 200; page++) {
		const body = JSON.parse(answer.body) as unknown;
		let list: unknown = body;
		for (const key of variant.listPath) list = isObject(list) ? list[key] : undefined;
		if (!Array.isArray(list)) {
			problems.push(`page ${page + 1}: no list at ${variant.listPath.join('.')}`);
			break;
		}
		collected.push(...(list as Payment[]).map((entry) => entry.id));
		const values = variant.signs.map((sign) => [sign, signValue(sign, answer)] as const);
		const signed = values.some(([sign, value]) => {
			if (sign.role === 'next') return value !== undefined && value !== null && value !== '';
			if (sign.role === 'more') return value === !sign.inverted;
			if (sign.role === 'total') return Number(value) > collected.length;
			return false;
		});
		const done = collected.length >= entries.length;
		if (signed === done) problems.push(`page ${page + 1}: ${done ? 'a sign of more on the last page' : 'no sign of more before the end'}`);
		if (done || !signed) break;
		const next = values.find(([sign]) => sign.role === 'next')?.[1];
		const url = 'https://studio.example.com/api/partners/v1/payments';
		switch (variant.mechanism) {
			case 'nextUrl':
			case 'linkHeader':
				answer = server.answer(String(next).startsWith('/') ? `https://studio.example.com${String(next)}` : String(next), {});
				break;
			case 'cursor':
				answer = server.answer(url, { [variant.parameter]: next });
				break;
			case 'pageNumber':
				answer = server.answer(url, { [variant.parameter]: variant.firstPage + page + 1 });
				break;
			case 'offset':
				answer = server.answer(url, { [variant.parameter]: collected.length });
				break;
			case 'afterLast':
				answer = server.answer(url, { [variant.parameter]: collected[collected.length - 1] });
				break;
		}
	}
	return { ids: collected, problems };
}

/* ------------------------------------------------------------------ refusals */

export interface RefusalVariant {
	id: string;
	base: string;
	description: string;
	/** The shape's name alone, for grouping. */
	shape: string;
	statusCode: number;
	body: string;
	/** Words of the server the failure must carry. */
	words: string;
}

/** The recorded refusals: each error page's words. */
export function refusalWords(): Array<{ source: string; words: string }> {
	const found: Array<{ source: string; words: string }> = [];
	for (const folder of readdirSync(RECORDINGS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
		for (const file of readdirSync(join(RECORDINGS, folder)).filter((name) => name.startsWith('error-')).sort()) {
			const recording = JSON.parse(readFileSync(join(RECORDINGS, folder, file), 'utf8')) as { expect: { error?: string } };
			if (typeof recording.expect.error === 'string' && recording.expect.error.length > 0) found.push({ source: `recording:${folder}/${file}`, words: recording.expect.error });
		}
	}
	return found;
}

const FAILURE_FLAGS: readonly string[][] = [['success'], ['ok'], ['is', 'success'], ['succeeded'], ['successful'], ['accepted'], ['is', 'ok'], ['valid']];
const FAILURE_STATUS: readonly string[] = ['failed', 'failure', 'error', 'rejected', 'refused'];
const ERROR_KEYS: readonly string[][] = [['errors'], ['error'], ['error', 'message'], ['problems'], ['failures'], ['error', 'details'], ['messages']];
const RECORD_KEYS: readonly string[][] = [['created'], ['booking'], ['record'], ['result'], ['item'], ['changed']];

/** A refusal in a 2xx answer of a write, in a shape of the seed; every shape keeps a failure sign. */
export function refusalVariantOf(source: { source: string; words: string }, seed: number): RefusalVariant {
	const random = seededRandom(seed);
	const caseStyle = pick(random, CASE_STYLES.filter((style) => style !== 'flat'));
	const name = (words: readonly string[]) => (chance(random, 0.2) ? pick(random, PREFIXES) : '') + inCase([...words], caseStyle);
	const message = source.words;
	const field = pick(random, ['roomId', 'room_id', 'start', 'slot']);
	const errorValue = (): unknown =>
		pick(random, [
			() => [{ field, message }],
			() => [message],
			() => ({ [name(['message'])]: message, [name(['code'])]: 'not_available' }),
			() => message,
			() => ({ [field]: [message] }),
		])();
	const flagged = (): Record<string, unknown> => {
		const kind = pick(random, ['flag', 'status', 'flag', 'status']);
		const failure = kind === 'flag' ? { [name(pick(random, FAILURE_FLAGS))]: false } : { [name(['status'])]: pick(random, FAILURE_STATUS) };
		return { ...failure, [name(pick(random, ERROR_KEYS))]: errorValue(), ...(chance(random, 0.4) ? { [name(pick(random, RECORD_KEYS))]: null } : {}) };
	};
	const shapes: Array<[string, () => unknown]> = [
		['an array of one per-item result', () => [flagged()]],
		['an array of per-item results, the refused one among successes', () => [{ [name(['success'])]: true, [name(pick(random, RECORD_KEYS))]: { id: 'bk_1', status: 'confirmed' } }, flagged()].sort(() => (chance(random, 0.5) ? 1 : -1))],
		['a result object with renamed keys', () => flagged()],
		['a result one level deeper in a wrapper', () => ({ [name(pick(random, [['result'], ['response'], ['data'], ['outcome'], ['body']]))]: flagged() })],
		['per-item results inside a wrapper', () => ({ [name(pick(random, [['results'], ['items'], ['responses'], ['outcomes']]))]: [flagged()] })],
		['an error object beside a null record', () => ({ [name(pick(random, RECORD_KEYS))]: null, [name(['error'])]: { [name(['message'])]: message, [name(['code'])]: pick(random, ['E_UNAVAILABLE', 409, 'conflict']) } })],
	];
	const [description, shape] = pick(random, shapes);
	const statusCode = pick(random, [200, 200, 201, 202, 207]);
	return { id: `${source.source}#${seed}`, base: source.source, description: `${statusCode} ${description} (${caseStyle})`, shape: description, statusCode, body: JSON.stringify(shape()), words: message };
}
