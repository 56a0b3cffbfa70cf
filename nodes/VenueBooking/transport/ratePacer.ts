/**
 * The rate pacer: how fast requests may start, beside the adaptive window's how many may be in flight. The
 * rate comes from the rate-limit headers an API sends (read defensively: a header that makes no sense is
 * ignored and the hint says so) or, without them, is learned from the API's refusals (429).
 */
import { type INode, NodeOperationError, sleep } from 'n8n-workflow';

import { RATE_LIMIT_HEADERS, RATE_LIMIT_POLICY_LABEL } from '../conventions';
import { cutText } from './json';
import { parseRetryAfter } from './retry';

/** Reads one response header by name, whatever its case; undefined when absent. */
export type HeaderLookup = (name: string) => string | undefined;

/** Which family of rate-limit headers an answer used, in the words the hint uses. */
export type HeaderFamily = 'X-RateLimit headers' | 'RateLimit headers';

/** What one answer's rate-limit headers say, after the checks; `ignored` names what made no sense. */
export interface RateLimitReading {
	family?: HeaderFamily;
	/** Requests allowed per window (or the bucket's refill per window). */
	limit?: number;
	/** Requests left in the current window or bucket. */
	remaining?: number;
	/** Milliseconds from now until the budget resets (or the bucket is full). */
	resetMs?: number;
	/** A stated policy (IETF RateLimit-Policy): `quota` requests every `windowMs`; the most restrictive one. */
	policy?: { quota: number; windowMs: number };
	/** Headers that were present but ignored, each with why, for the hint. */
	ignored: string[];
}

/**
 * A reset further away than this is taken as a mistake, not a budget: the largest windows public APIs state
 * are a day (daily quotas).
 */
const MAX_SANE_RESET_MS = 24 * 60 * 60 * 1000;

/** Values above this are Unix times in seconds (2001 onwards), below it seconds from now. */
const EPOCH_SECONDS_FROM = 1_000_000_000;

/**
 * Reads the rate-limit headers of one answer: `X-RateLimit-Limit`/`-Remaining`/`-Reset` (reset in seconds from
 * now or as a Unix time), the IETF draft's `RateLimit-Limit`/`-Remaining`/`-Reset`, its combined
 * `RateLimit: limit=100, remaining=50, reset=5`, the newer `RateLimit: "default";r=50;t=5`, and
 * `RateLimit-Policy` as `100;w=1` or `"default";q=100;w=1` (several policies: the strictest rate wins).
 */
export function parseRateLimitHeaders(header: HeaderLookup, now: number = Date.now()): RateLimitReading {
	const reading: RateLimitReading = { ignored: [] };
	const names = RATE_LIMIT_HEADERS;
	const x = { limit: header(names.x.limit), remaining: header(names.x.remaining), reset: header(names.x.reset) };
	if (x.limit !== undefined || x.remaining !== undefined || x.reset !== undefined) {
		reading.family = 'X-RateLimit headers';
		readTriple(reading, 'X-RateLimit', x, now);
		return finish(reading);
	}
	const separate = { limit: header(names.ietf.limit), remaining: header(names.ietf.remaining), reset: header(names.ietf.reset) };
	const combined = header(names.ietf.combined);
	const policy = header(names.ietf.policy);
	if (separate.limit === undefined && separate.remaining === undefined && separate.reset === undefined && combined === undefined && policy === undefined) {
		return reading;
	}
	reading.family = 'RateLimit headers';
	if (combined !== undefined) readCombined(reading, combined, now);
	else readTriple(reading, 'RateLimit', separate, now);
	if (policy !== undefined) readPolicy(reading, policy);
	return finish(reading);
}

/** Drops a remaining budget larger than the stated limit: one of the two is wrong, and we cannot tell which. */
function finish(reading: RateLimitReading): RateLimitReading {
	const limit = reading.limit ?? reading.policy?.quota;
	if (reading.remaining !== undefined && limit !== undefined && reading.remaining > limit) {
		reading.ignored.push(`the remaining budget (${reading.remaining}) is above the limit (${limit})`);
		reading.remaining = undefined;
	}
	return reading;
}

function readTriple(reading: RateLimitReading, prefix: string, values: { limit?: string; remaining?: string; reset?: string }, now: number): void {
	if (values.limit !== undefined) reading.limit = count(reading, `${prefix}-Limit`, values.limit, 1);
	if (values.remaining !== undefined) reading.remaining = count(reading, `${prefix}-Remaining`, values.remaining, 0);
	if (values.reset !== undefined) reading.resetMs = resetOf(reading, `${prefix}-Reset`, values.reset, now, prefix === 'X-RateLimit');
}

/** `limit=100, remaining=50, reset=5` (draft) or `"default";r=50;t=5` (later drafts: r remaining, t reset). */
function readCombined(reading: RateLimitReading, text: string, now: number): void {
	const params = parameters(text);
	if (params.has('r') || params.has('t')) {
		if (params.has('r')) reading.remaining = count(reading, 'RateLimit r', params.get('r')!, 0);
		if (params.has('t')) reading.resetMs = resetOf(reading, 'RateLimit t', params.get('t')!, now, false);
		return;
	}
	if (!params.has('limit') && !params.has('remaining') && !params.has('reset')) {
		reading.ignored.push(`RateLimit "${clip(text)}" (no limit, remaining or reset in it)`);
		return;
	}
	readTriple(reading, 'RateLimit', { limit: params.get('limit'), remaining: params.get('remaining'), reset: params.get('reset') }, now);
}

/** `100;w=1` or `"default";q=100;w=1`, possibly several, comma-separated: the one with the lowest rate. */
function readPolicy(reading: RateLimitReading, text: string): void {
	let strictest: { quota: number; windowMs: number } | undefined;
	let complained = false;
	for (const item of text.split(',')) {
		const [head, ...rest] = item.split(';').map((part) => part.trim());
		const params = new Map(rest.map((part) => [part.split('=')[0].trim().toLowerCase(), (part.split('=')[1] ?? '').trim()]));
		const quotaText = params.get('q') ?? (/^\d+$/.test(head) ? head : undefined);
		const windowText = params.get('w');
		// The first item of the older form repeats the limit alone ("100, 100;w=1"): no window, nothing to add.
		if (quotaText === undefined || windowText === undefined) continue;
		const quota = Number(quotaText);
		const windowSeconds = Number(windowText);
		if (!(Number.isFinite(quota) && quota >= 1 && Number.isFinite(windowSeconds) && windowSeconds > 0 && windowSeconds * 1000 <= MAX_SANE_RESET_MS)) {
			reading.ignored.push(`RateLimit-Policy "${clip(item.trim())}" (not a quota and a window)`);
			complained = true;
			continue;
		}
		const policy = { quota, windowMs: windowSeconds * 1000 };
		if (!strictest || policy.quota / policy.windowMs < strictest.quota / strictest.windowMs) strictest = policy;
	}
	if (strictest) reading.policy = strictest;
	else if (!complained) reading.ignored.push(`RateLimit-Policy "${clip(text)}" (no quota with a window)`);
}

/** Key=value parameters of a structured-field item or dictionary, separated by `;` or `,`; names lower-cased. */
function parameters(text: string): Map<string, string> {
	const params = new Map<string, string>();
	for (const part of text.split(/[;,]/)) {
		const equals = part.indexOf('=');
		if (equals < 1) continue;
		params.set(part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).trim());
	}
	return params;
}

function count(reading: RateLimitReading, name: string, text: string, least: number): number | undefined {
	const value = Number(text.trim());
	if (text.trim() !== '' && Number.isInteger(value) && value >= least) return value;
	reading.ignored.push(`${name} "${clip(text)}" (not a whole number${least > 0 ? ` of at least ${least}` : ''})`);
	return undefined;
}

/** A reset as milliseconds from now: seconds from now, or (where the family allows it) a Unix time in seconds. */
function resetOf(reading: RateLimitReading, name: string, text: string, now: number, epochAllowed: boolean): number | undefined {
	const value = Number(text.trim());
	if (text.trim() === '' || !Number.isFinite(value)) {
		reading.ignored.push(`${name} "${clip(text)}" (not a number)`);
		return undefined;
	}
	const ms = epochAllowed && value >= EPOCH_SECONDS_FROM ? value * 1000 - now : value * 1000;
	if (ms < 0) {
		reading.ignored.push(`${name} "${clip(text)}" (a moment in the past)`);
		return undefined;
	}
	if (ms > MAX_SANE_RESET_MS) {
		reading.ignored.push(`${name} "${clip(text)}" (more than a day away)`);
		return undefined;
	}
	return ms;
}

function clip(text: string): string {
	return cutText(text, 40, { markAfter: true });
}

/** One attempt's place in the pacer's order, handed back with its answer. */
export interface PacerTicket {
	/** How many attempts started before this one. */
	sequence: number;
	startedAt: number;
}

/** What a pacer did, for the execution hint. */
export interface PacerSummary {
	/** The rate in force at the end, in requests a second, and where it came from; undefined when never paced. */
	rate?: number;
	source?: HeaderFamily | typeof RATE_LIMIT_POLICY_LABEL | 'refusals';
	/** 429 answers seen. */
	refusals: number;
	/** Milliseconds all starts were held on a Retry-After or an exhausted budget. */
	heldMs: number;
	/** Headers ignored as making no sense, each once. */
	ignored: string[];
}

/** Refusals closer together than this belong to one episode of pushing past the limit. */
const EPISODE_GAP_MS = 1_000;
/** An episode's accepted answers give a rate once it spans this long and holds this many. */
const MEASURE_AFTER_MS = 100;
const MEASURE_AFTER_ACCEPTED = 5;
/**
 * A gap between starts longer than this (or than one and a half of the pace's spacing) is time the API was
 * left idle, not time it was busy refusing.
 */
const BUSY_GAP_MS = 50;
/** The shortest span a first rate is read over: a burst answered at once is not a rate without end. */
const SHORTEST_SPAN_MS = 10;
/** Margin below a rate learned from refusals, and the cut at the start of a new episode. */
const BELOW_MEASURED = 0.95;
const BACK_OFF = 0.85;
/** Added to a learned rate per accepted answer: about 5 % a second at any rate, the upward probe. */
const PROBE_PER_ACCEPTED = 0.05;
/** Before the first measurement: 2 % an answer, half a request a second at least (doubling in about 1.4 s at any rate). */
const FIRST_PROBE_SHARE = 0.02;
const FIRST_PROBE_LEAST = 0.5;
/** Learned rates never go below this (requests a second); slower still is the Retry-After hold's job. */
const MIN_LEARNED_RATE = 1;
/** How far below its first measurement refusals may push a learned rate. */
const LOWEST_SHARE_OF_MEASURED = 0.5;
/** A budget is spent freely down to half; below that, starts are spaced at the rate the headers state. */
const PACE_BELOW_SHARE = 0.5;
/** A Remaining that still claims this share of the limit (at least 2) when the API refuses is not believed. */
const CONTRADICTED_SHARE = 0.1;
/** Refused again with nothing accepted for this long: the API wants a break, not a slower pace. */
const CLOSED_DOOR_MS = 1_000;
/** The longest hold of all starts, whatever the API asks; longer asks are left to each request's retry rules. */
const MAX_HOLD_MS = 60_000;

/** The latest budget an answer stated, and which attempt it was the answer to. */
interface Budget {
	remaining: number;
	limit?: number;
	sequence: number;
	/** When the answer came. */
	at: number;
	/** When the budget resets, as a clock time; undefined when not stated or not believed. */
	resetAt?: number;
}

interface Episode {
	startedAt: number;
	accepted: number;
	/** Time in the episode we kept the API busy: gaps between starts, each counted up to BUSY_GAP_MS or 1.5 spacings. */
	busyMs: number;
}

/**
 * Paces the starts of one execution's requests to one credential and Base URL. Every attempt (retries and
 * redirects too) waits for its turn with `admit` and reports its answer with `observe`. Starts are spaced
 * at the strictest known rate: the one the headers state (a policy's quota per window, or a limit per reset
 * window) once the remaining budget is below half, and the one learned from refusals. An exhausted budget
 * holds starts until its reset (never longer than Max Wait); a 429 that follows an earlier one with nothing
 * accepted for a second holds them for its Retry-After.
 */
export class RatePacer {
	private turn: Promise<unknown> = Promise.resolve();
	private started = 0;
	/** The planned moment of the last start, from which the next is spaced. */
	private lastStartAt = -Infinity;
	private previousStartAt = -Infinity;
	private firstStartAt?: number;
	/** When answers were accepted, the last second's from index `acceptedFrom` on (older ones are dropped in bulk). */
	private acceptedAt: number[] = [];
	private acceptedFrom = 0;
	private headerRate?: { rate: number; source: HeaderFamily | typeof RATE_LIMIT_POLICY_LABEL };
	/** Longest reset seen: the window a limit without a policy applies to. */
	private longestResetMs = 0;
	private budget?: Budget;
	private remainingContradicted = false;
	private learnedRate?: number;
	private floorRate?: number;
	/** Whether the learned rate comes from a measurement (slow probing) rather than a first guess (fast probing). */
	private settled = false;
	/** The most answers accepted within one second so far: the API has sustained at least that much. */
	private bestSecond = 0;
	private episode?: Episode;
	private lastRefusalAt = -Infinity;
	private acceptedSinceRefusal = 0;
	private lastAcceptedAt = -Infinity;
	/** When the learned rate was last cut: refusals of requests started before then are old news. */
	private lastCutAt = -Infinity;
	private holdUntil = 0;
	private refusals = 0;
	private heldMs = 0;
	private pacedBy?: PacerSummary['source'];
	private readonly ignored = new Set<string>();

	constructor(
		private readonly now: () => number = Date.now,
		private readonly wait: (ms: number) => Promise<void> = sleep,
	) {}

	/** Waits for this attempt's turn to start; turns are taken in call order. */
	admit(maxWaitMs: number): Promise<PacerTicket> {
		const mine = this.turn.then(async () => await this.waitForStart(maxWaitMs));
		this.turn = mine.catch(() => undefined);
		return mine;
	}

	/** Learns from one answer: its status and its rate-limit headers. */
	observe(ticket: PacerTicket, status: number, header: HeaderLookup): void {
		const now = this.now();
		const reading = parseRateLimitHeaders(header, now);
		for (const problem of reading.ignored) this.ignored.add(`${reading.family ?? 'rate-limit header'}: ${problem}`);
		if (status === 429) this.onRefusal(ticket, now, header(RATE_LIMIT_HEADERS.retryAfter));
		else if (status < 400) this.onAccepted(now);
		this.learnFromHeaders(ticket, reading, status, now);
	}

	/**
	 * How long the next start would wait now, however long that is (its pace, a hold, an exhausted budget until its
	 * reset), and when the API's quota frees up where a hold or the budget is the reason: for a caller that answers
	 * by a deadline (the editor) and stops rather than sleeps through a quota window. Runs never ask.
	 */
	nextStart(now = this.now()): { waitMs: number; quotaFreeAt?: number } {
		const rate = this.currentRate();
		const spacing = rate === undefined ? 0 : this.lastStartAt + 1000 / rate - now;
		const hold = Math.max(this.holdUntil - now, this.budgetWait(now, Infinity));
		const waitMs = Math.max(0, spacing, hold);
		return hold > 0 && hold >= spacing ? { waitMs, quotaFreeAt: now + hold } : { waitMs };
	}

	/** Requests the last stated budget has left now (less those started since), or undefined where none was stated. */
	budgetLeft(now = this.now()): number | undefined {
		if (!this.budget || this.remainingContradicted) return undefined;
		return Math.max(0, Math.floor(this.available(this.budget, now)));
	}

	/** Holds every start until `until`: a refusal asked for a wait its caller will not take (the editor's deadline). */
	holdUntilAtLeast(until: number): void {
		this.holdUntil = Math.max(this.holdUntil, until);
	}

	summary(): PacerSummary {
		const rate = this.currentRate();
		return { rate: this.pacedBy ? rate : undefined, source: this.pacedBy, refusals: this.refusals, heldMs: this.heldMs, ignored: [...this.ignored] };
	}

	private async waitForStart(maxWaitMs: number): Promise<PacerTicket> {
		for (;;) {
			const now = this.now();
			const rate = this.currentRate();
			const spacing = rate === undefined ? 0 : this.lastStartAt + 1000 / rate - now;
			const hold = Math.max(this.holdUntil - now, this.budgetWait(now, maxWaitMs));
			const delay = Math.max(spacing, hold);
			if (delay <= 0) break;
			// Only a hold beyond the pace counts as one: a budget earned back at the pace is the pace.
			this.heldMs += Math.max(0, hold - Math.max(0, spacing));
			if (spacing > 0 || (hold > 0 && rate !== undefined)) this.pacedBy = this.rateSource();
			await this.wait(delay);
		}
		const startedAt = this.now();
		const rate = this.currentRate();
		if (this.episode) {
			// A gap up to the pace's own spacing is time we kept the API as busy as we allowed ourselves to.
			const busyGap = Math.max(BUSY_GAP_MS, rate === undefined ? 0 : 1500 / rate);
			this.episode.busyMs += Math.min(startedAt - Math.max(this.previousStartAt, this.episode.startedAt), busyGap);
		}
		this.previousStartAt = startedAt;
		// Spaced from the previous start's planned moment, not its late timer, so timer lag does not slow the
		// pace; after a quiet spell at most one start is owed.
		this.lastStartAt = rate === undefined ? startedAt : Math.max(this.lastStartAt + 1000 / rate, startedAt - 1000 / rate);
		this.firstStartAt ??= startedAt;
		return { sequence: this.started++, startedAt };
	}

	/**
	 * How long an exhausted budget holds starts: until its reset, or until the stated rate has earned back what
	 * was overdrawn if that is sooner; not at all when that is further than Max Wait.
	 */
	private budgetWait(now: number, maxWaitMs: number): number {
		const budget = this.budget;
		if (!budget || this.remainingContradicted || budget.resetAt === undefined) return 0;
		const available = this.available(budget, now);
		if (available >= 1) return 0;
		// The API said none are left: its reset is when more come. Our own count ran out first (requests started
		// since): the stated rate earns the next one back, sooner than a reset that means "full again".
		const refilled = budget.remaining >= 1 && this.headerRate ? ((1 - available) * 1000) / this.headerRate.rate : Infinity;
		const wait = Math.min(budget.resetAt - now, refilled);
		// Waiting longer than Max Wait on a header's word is not ours to decide: the API answers, and the
		// request's own retry rules (Max Wait) apply to its refusal.
		return wait > maxWaitMs ? 0 : wait;
	}

	/**
	 * Requests left in the budget: what the answer stated, less those started after it, plus what the stated
	 * rate has added since (a bucket refills as it goes; without a rate, only the reset refills).
	 */
	private available(budget: Budget, now = this.now()): number {
		const refilled = this.headerRate && budget.remaining >= 1 ? ((now - budget.at) * this.headerRate.rate) / 1000 : 0;
		const available = budget.remaining + refilled - (this.started - budget.sequence - 1);
		return budget.limit === undefined ? available : Math.min(budget.limit, available);
	}

	/** The strictest rate known now, in requests a second; undefined when nothing limits the rate. */
	private currentRate(): number | undefined {
		const rates: number[] = [];
		if (this.headerRate && this.budgetLow()) rates.push(this.headerRate.rate);
		if (this.learnedRate !== undefined) rates.push(this.learnedRate);
		return rates.length === 0 ? undefined : Math.min(...rates);
	}

	private rateSource(): PacerSummary['source'] {
		if (this.learnedRate !== undefined && (!this.headerRate || !this.budgetLow() || this.learnedRate < this.headerRate.rate)) return 'refusals';
		return this.headerRate?.source;
	}

	/** A stated rate applies once less than half the budget is left, or always when no budget is stated. */
	private budgetLow(): boolean {
		const budget = this.budget;
		if (!budget || this.remainingContradicted) return true;
		const limit = budget.limit ?? this.headerRate?.rate;
		return limit === undefined || this.available(budget) < limit * PACE_BELOW_SHARE;
	}

	private learnFromHeaders(ticket: PacerTicket, reading: RateLimitReading, status: number, now: number): void {
		if (!reading.family) return;
		if (reading.resetMs !== undefined) this.longestResetMs = Math.max(this.longestResetMs, reading.resetMs);
		if (reading.policy) {
			this.headerRate = { rate: (reading.policy.quota * 1000) / reading.policy.windowMs, source: RATE_LIMIT_POLICY_LABEL };
		} else if (reading.limit !== undefined && this.longestResetMs > 0) {
			// Headers have whole seconds (a Unix-time reset adds up to one more): the window is the longest
			// reset in whole seconds, and one second at least.
			const windowMs = Math.max(1000, Math.floor(this.longestResetMs / 1000) * 1000);
			this.headerRate = { rate: (reading.limit * 1000) / windowMs, source: reading.family };
		}
		if (reading.remaining === undefined || this.remainingContradicted) return;
		if (status === 429 && this.budget) {
			const claimed = this.available(this.budget);
			const limit = this.budget.limit ?? reading.limit ?? this.headerRate?.rate ?? 0;
			if (claimed >= Math.max(2, limit * CONTRADICTED_SHARE)) {
				this.remainingContradicted = true;
				this.ignored.add(`${reading.family}: the remaining budget (it said ${this.budget.remaining} left when the API refused a request)`);
				this.budget = undefined;
				return;
			}
		}
		if (this.budget && ticket.sequence < this.budget.sequence) return;
		this.budget = {
			remaining: reading.remaining,
			limit: reading.limit ?? reading.policy?.quota,
			sequence: ticket.sequence,
			at: now,
			resetAt: reading.resetMs === undefined ? undefined : now + reading.resetMs,
		};
	}

	private onAccepted(now: number): void {
		this.acceptedAt.push(now);
		this.lastAcceptedAt = now;
		while (this.acceptedAt[this.acceptedFrom] < now - 1000) this.acceptedFrom++;
		if (this.acceptedFrom > 1024) {
			this.acceptedAt = this.acceptedAt.slice(this.acceptedFrom);
			this.acceptedFrom = 0;
		}
		const lastSecond = this.acceptedAt.length - this.acceptedFrom;
		if (now - (this.firstStartAt ?? now) >= 1000) this.bestSecond = Math.max(this.bestSecond, lastSecond);
		this.acceptedSinceRefusal++;
		if (this.episode) this.episode.accepted++;
		// Probe upward once refusals have stopped for a while: the limit may have been a burst or may have risen.
		// Until the rate has settled (measured, or backed off from a measurement) the start may have been too
		// low: probe fast to find the limit.
		if (this.learnedRate !== undefined && now - this.lastRefusalAt > EPISODE_GAP_MS) {
			this.learnedRate += this.settled ? PROBE_PER_ACCEPTED : Math.max(this.learnedRate * FIRST_PROBE_SHARE, FIRST_PROBE_LEAST);
		}
	}

	private onRefusal(ticket: PacerTicket, now: number, retryAfter: string | undefined): void {
		this.refusals++;
		const retryAfterMs = parseRetryAfter(retryAfter, now);
		// The API let nothing through for a while though we kept asking: not a rate we exceed, a closed door.
		const nothingAcceptedSince = this.acceptedSinceRefusal === 0 && this.lastRefusalAt > -Infinity && now - this.lastAcceptedAt >= CLOSED_DOOR_MS;
		const afterReaction = this.episode !== undefined && ticket.startedAt >= this.episode.startedAt;
		const floor = this.lowestLearnedRate();
		if (!this.episode || now - this.lastRefusalAt > EPISODE_GAP_MS) {
			// A new episode: cut the learned rate, or start from what was accepted lately (bursts make this an
			// overestimate, which the episode's own measurement corrects within a tenth of a second).
			this.episode = { startedAt: now, accepted: 0, busyMs: 0 };
			this.lastCutAt = now;
			if (this.learnedRate !== undefined) this.learnedRate = Math.max(floor, this.learnedRate * BACK_OFF);
			else this.learnedRate = this.recentAcceptedRate(now);
			this.settled = this.learnedRate !== undefined && this.floorRate !== undefined;
		} else if (afterReaction) {
			// Refused though sent after the reaction: the API accepts less than we send, so what it accepted
			// while we kept it busy since the episode began is its rate. (Time with nothing sent, all requests
			// waiting out a Retry-After, say, would read as a lower rate than the API's.)
			const span = this.episode.busyMs;
			if (span >= MEASURE_AFTER_MS && this.episode.accepted >= MEASURE_AFTER_ACCEPTED) {
				const measured = ((this.episode.accepted * 1000) / span) * BELOW_MEASURED;
				this.settled = true;
				// Refusals that come whatever the pace (an API refusing a share at random) would otherwise
				// ratchet the rate down without end: the first measurement, and the best second the API
				// accepted, set how far refusals may lower it.
				this.floorRate ??= Math.max(MIN_LEARNED_RATE, measured * LOWEST_SHARE_OF_MEASURED);
				this.learnedRate = Math.max(this.lowestLearnedRate(), measured);
			} else if (this.learnedRate !== undefined && ticket.startedAt >= this.lastCutAt) {
				// Too early to measure, and refused though sent at the cut rate: cut again (once per cut, as
				// answers to requests sent before it are old news).
				this.learnedRate = Math.max(floor, this.learnedRate * (nothingAcceptedSince ? 0.5 : BACK_OFF));
				this.lastCutAt = now;
			}
			// Nothing got through for a second though we slowed down: the API wants a real break.
			if (nothingAcceptedSince && retryAfterMs !== undefined && retryAfterMs > 0) {
				this.holdUntil = Math.max(this.holdUntil, now + Math.min(retryAfterMs, MAX_HOLD_MS));
			}
		}
		this.lastRefusalAt = now;
		this.acceptedSinceRefusal = 0;
	}

	/** How low refusals may push a learned rate: half its first measurement, and half the best second the API accepted. */
	private lowestLearnedRate(): number {
		return Math.max(MIN_LEARNED_RATE, this.floorRate ?? 0, this.bestSecond * LOWEST_SHARE_OF_MEASURED);
	}

	/**
	 * Accepted answers a second over the last second (or since the first start, when that is shorter); undefined
	 * before the first accepted answer. A first burst makes it an overestimate, on purpose: the episode's
	 * measurement needs the API kept busier than it allows, one refusal in a short run (a poll's few pages)
	 * should not slow the rest to a crawl, and further refusals cut it until a measurement is possible.
	 */
	private recentAcceptedRate(now: number): number | undefined {
		const span = Math.min(1000, Math.max(now - (this.firstStartAt ?? now), SHORTEST_SPAN_MS));
		let accepted = 0;
		for (let i = this.acceptedAt.length - 1; i >= this.acceptedFrom && this.acceptedAt[i] >= now - span; i--) accepted++;
		return accepted === 0 ? undefined : Math.max(MIN_LEARNED_RATE, (accepted * 1000) / span);
	}
}

/** The execution hint for a pacer, or undefined when it neither paced nor ignored anything. */
export function describePacing(summary: PacerSummary): string | undefined {
	const parts: string[] = [];
	if (summary.rate !== undefined && summary.source !== undefined) {
		const rate = summary.rate >= 10 ? Math.round(summary.rate) : Number(summary.rate.toPrecision(2));
		const from =
			summary.source === 'refusals'
				? `learned from ${summary.refusals} rate-limit refusal${summary.refusals === 1 ? '' : 's'} (429)`
				: `from ${summary.source === RATE_LIMIT_POLICY_LABEL ? `the ${RATE_LIMIT_POLICY_LABEL} header` : `the API's ${summary.source}`}`;
		parts.push(`Paced to ~${rate} requests/s ${from}`);
	} else if (summary.refusals > 0) {
		parts.push(`The API refused ${summary.refusals} request${summary.refusals === 1 ? '' : 's'} with 429`);
	}
	if (summary.heldMs >= 100) parts.push(`held all new requests ${(summary.heldMs / 1000).toFixed(1)} s as the API asked`);
	if (summary.ignored.length > 0) parts.push(`ignored ${summary.ignored.slice(0, 3).join('; ')}`);
	if (parts.length === 0) return undefined;
	return `${parts.join('; ')}.`;
}

/**
 * A request not sent, or a refusal not retried, because the API's quota (or the pace it asks for) would hold it
 * past the caller's deadline: the editor answers with what it has instead of waiting. `freeAt` is when the quota
 * frees up again, as far as the answers said.
 */
export class QuotaDeferral extends NodeOperationError {
	constructor(
		node: INode,
		readonly freeAt: number,
		now: number = Date.now(),
		/** false where only the pace the API's limit sets (not a used-up quota) would hold the request past the deadline. */
		readonly byQuota = true,
	) {
		super(node, byQuota ? `The API's request quota is used up for now; it frees up ${whenFree(freeAt, now)}` : "The API's rate limit allows no more requests in this editor view", {
			description: 'The editor does not wait for a quota window. Open the list or search again then; a run waits as the API asks.',
		});
	}
}

/** "in about 40 s (15:42:10 UTC)": when a quota frees up, in words a person can act on. */
export function whenFree(freeAt: number, now: number = Date.now()): string {
	const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
	const clock = new Date(Math.ceil(freeAt / 1000) * 1000).toISOString().slice(11, 19);
	return `in about ${seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`} (${clock} UTC)`;
}
