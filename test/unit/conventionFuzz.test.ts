/**
 * Convention fuzzing: the package's three promises on conventions no table has.
 *
 * test/support/conventionFuzz.ts generates, from every recorded answer and sandbox convention, variants whose
 * paging, totals, envelopes and refusals are spelled and shaped as no table has them (the rewrites, and why each
 * keeps the sign that more follows, are listed there), each with an in-memory server that pages N known entries and
 * honours the request it gets. Every variant goes through the package's own node classes (execute() and poll() on
 * the mocked n8n context of mockContext.ts), and must come out one of two ways:
 *
 * - exact: Get Many → Return All returns the true list, Limit its first entries, the trigger emits the entries
 *   added after activation once, a refused write fails;
 * - a clear error: the run fails naming what to set (Options > Pagination and its kin).
 *
 * Anything else is silent (a short or wrong list returned as complete, a refusal returned as success, a trigger
 * that emits nothing, repeats or loses an entry) and fails the test, listed with its id and description. An error
 * that names nothing to set is listed too. The seed is fixed; CONVENTION_FUZZ_SEED explores others, and
 * CONVENTION_FUZZ_ONLY=<id> runs one variant alone and prints its first page.
 */
import type { IDataObject, IHttpRequestOptions, IPollFunctions } from 'n8n-workflow';

import { VenueBooking } from '../../nodes/VenueBooking/VenueBooking.node';
import { VenueBookingTrigger } from '../../nodes/VenueBooking/VenueBookingTrigger.node';
import { bases, listServer, NAMES_A_SETTING, payment, referenceWalk, refusalVariantOf, refusalWords, variantOf, variantSeed, type Base, type Payment, type RefusalVariant, type Variant } from '../support/conventionFuzz';
import { mockContext } from './mockContext';

const SEED = Number(process.env.CONVENTION_FUZZ_SEED ?? 40);
const ONLY = process.env.CONVENTION_FUZZ_ONLY;
const LIST_VARIANTS = 3000;
const REFUSAL_VARIANTS = 1000;

const node = new VenueBooking();
const trigger = new VenueBookingTrigger();

type Outcome = { kind: 'exact' } | { kind: 'clear'; message: string } | { kind: 'unclear'; message: string } | { kind: 'silent'; what: string; category: string };

/** The list variants of the run: each base as it is (the recorded and sandbox conventions themselves), then the rewrites, the bases in turn, each from its own seed. */
function listVariants(listBases: Base[] = bases()): Variant[] {
	const plain = listBases.map((base, index) => variantOf(base, seedOf(index), true));
	return [...plain, ...Array.from({ length: LIST_VARIANTS }, (_, index) => variantOf(listBases[index % listBases.length], seedOf(index)))];
}

function seedOf(index: number): number {
	return variantSeed(SEED, index);
}

function errorText(error: unknown): string {
	const { message, description } = error as { message?: string; description?: string };
	return `${message ?? String(error)} ${description ?? ''}`.trim();
}

/** An error that says what to set: a setting of the node, in the words its messages use. */
function judgeError(error: unknown): Outcome {
	const text = errorText(error);
	return NAMES_A_SETTING.test(text) ? { kind: 'clear', message: text } : { kind: 'unclear', message: text };
}

const ids = (items: Array<{ json: IDataObject }>) => items.map((item) => String(item.json.id));

/**
 * Options > Pagination as the variant's API would document it (the parameter that asks for the next page, where
 * the next link or token is); undefined where a user could not write it (a header, a key with a dot).
 */
function documentedPagination(variant: Variant): IDataObject | undefined {
	const next = variant.signs.find((sign) => sign.role === 'next');
	const nextPath = next && next.where === 'body' && !next.path.some((key) => key.includes('.')) ? next.path.join('.') : undefined;
	switch (variant.mechanism) {
		case 'pageNumber':
			return { mode: 'pageNumber', pageParameter: variant.parameter, firstPage: variant.firstPage };
		case 'offset':
			return { mode: 'offset', offsetParameter: variant.parameter };
		case 'cursor':
			return nextPath ? { mode: 'cursor', cursorParameter: variant.parameter, cursorPath: nextPath } : undefined;
		case 'nextUrl':
			return nextPath ? { mode: 'nextUrl', nextUrlPath: nextPath } : undefined;
		default:
			return undefined;
	}
}

async function getMany(variant: Variant, parameters: IDataObject, expected: string[], check = parameters.returnAll ? 'Return All' : 'Limit'): Promise<Outcome> {
	const entries = Array.from({ length: variant.total }, (_, index) => payment(index + 1));
	const server = listServer(variant, () => entries);
	const mock = mockContext({
		parameters: { resource: 'payment', operation: 'getAll', ...parameters },
		answers: (request: IHttpRequestOptions, index) => {
			if (index > 200) throw new Error('more than 200 requests');
			return server.answer(request.url, request.qs as Record<string, unknown>);
		},
	});
	try {
		const output = await node.execute.call(mock.context);
		const got = ids(output[0]);
		if (got.join() === expected.join()) return { kind: 'exact' };
		const repeated = got.filter((id, index) => got.indexOf(id) !== index);
		const category = repeated.length > 0 ? `${check}: entries repeated` : got.length < expected.length ? `${check}: a short list returned as complete` : `${check}: a wrong list`;
		const what =
			repeated.length > 0
				? `${got.length} entries returned with ${repeated.length} repeated (${repeated.slice(0, 3).join(', ')}), ${expected.length} expected`
				: got.length < expected.length
					? `${got.length} of ${expected.length} entries returned as complete`
					: `${got.length} entries returned, ${expected.length} expected`;
		return { kind: 'silent', what, category };
	} catch (error) {
		return judgeError(error);
	}
}

function staticData(): IDataObject {
	return Object.defineProperty({}, '__dataChanged', { value: false, writable: true });
}

async function triggerRun(variant: Variant): Promise<Outcome> {
	const entries: Payment[] = Array.from({ length: variant.total }, (_, index) => payment(index + 1));
	const server = listServer(variant, () => entries);
	const nodeData = staticData();
	const globalData = staticData();
	const poll = async () => {
		const mock = mockContext({
			parameters: {},
			answers: (request: IHttpRequestOptions, index) => {
				if (index > 200) throw new Error('more than 200 requests in one poll');
				return server.answer(request.url, request.qs as Record<string, unknown>);
			},
		});
		const context = Object.assign(mock.context, {
			getMode: () => 'trigger',
			getWorkflowStaticData: (type: string) => (type === 'node' ? nodeData : globalData),
			getNodeParameter: (name: string, fallback?: unknown) => (name === 'watch' ? 'payments' : fallback),
		}) as unknown as IPollFunctions;
		const emitted = await trigger.poll.call(context);
		return emitted ? ids(emitted[0]) : [];
	};
	try {
		const atActivation = await poll();
		if (atActivation.length > 0) return { kind: 'silent', what: `trigger emitted ${atActivation.length} old entries on activation`, category: 'trigger: old entries emitted on activation' };
		const added = Array.from({ length: variant.added }, (_, index) => payment(variant.total + index + 1));
		entries.push(...added);
		const second = await poll();
		const third = await poll();
		const emitted = [...second, ...third];
		const expected = added.map((entry) => entry.id);
		const missing = expected.filter((id) => !emitted.includes(id));
		const repeated = emitted.filter((id, index) => emitted.indexOf(id) !== index);
		const foreign = emitted.filter((id) => !expected.includes(id));
		if (missing.length === 0 && repeated.length === 0 && foreign.length === 0) return { kind: 'exact' };
		if (emitted.length === 0) return { kind: 'silent', what: `trigger emitted nothing after ${expected.length} new entries`, category: 'trigger: emits nothing' };
		const category = repeated.length > 0 ? 'trigger: an entry emitted twice' : missing.length > 0 ? 'trigger: a new entry lost' : 'trigger: an old entry emitted';
		return { kind: 'silent', what: `trigger emitted [${emitted.join(', ')}] for new [${expected.join(', ')}]`, category };
	} catch (error) {
		return judgeError(error);
	}
}

/** Fetch Test Event (manual mode): the journal's newest entry among what it shows, or a failure. */
async function fetchTestEvent(variant: Variant): Promise<Outcome> {
	const entries: Payment[] = Array.from({ length: variant.total }, (_, index) => payment(index + 1));
	const server = listServer(variant, () => entries);
	const mock = mockContext({
		parameters: {},
		answers: (request: IHttpRequestOptions, index) => {
			if (index > 200) throw new Error('more than 200 requests');
			return server.answer(request.url, request.qs as Record<string, unknown>);
		},
	});
	const context = Object.assign(mock.context, {
		getMode: () => 'manual',
		getWorkflowStaticData: () => staticData(),
		getNodeParameter: (name: string, fallback?: unknown) => (name === 'watch' ? 'payments' : fallback),
	}) as unknown as IPollFunctions;
	try {
		const shown = await trigger.poll.call(context);
		const got = shown ? ids(shown[0]) : [];
		const newest = entries[entries.length - 1].id;
		return got.includes(newest) ? { kind: 'exact' } : { kind: 'silent', what: `Fetch Test Event showed [${got.join(', ')}] without the newest ${newest}`, category: 'Fetch Test Event: older entries shown as the newest' };
	} catch (error) {
		return judgeError(error);
	}
}

async function refusedWrite(variant: RefusalVariant): Promise<Outcome> {
	const mock = mockContext({
		parameters: { resource: 'booking', operation: 'create', sendBody: true, specifyBody: 'json', jsonBody: '{"roomId":"room_1","start":"2026-12-01T10:00:00Z"}' },
		answers: (request: IHttpRequestOptions) =>
			request.method === 'POST' ? { statusCode: variant.statusCode, headers: { 'content-type': 'application/json' }, body: variant.body } : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' },
	});
	try {
		const output = await node.execute.call(mock.context);
		return { kind: 'silent', what: `refusal returned as success: ${JSON.stringify(output[0].map((item) => item.json)).slice(0, 160)}`, category: `write: a refusal returned as success (${variant.shape})` };
	} catch {
		// A refused write that fails is the promise kept; its words are the error module's concern.
		return { kind: 'exact' };
	}
}

function describeOutcome(outcome: Outcome): string {
	return outcome.kind === 'silent' ? `silent: ${outcome.what}` : outcome.kind === 'exact' ? 'exact' : `${outcome.kind}: ${outcome.message.slice(0, 160)}`;
}

/** The worst of a variant's checks: silent over unclear over clear over exact. */
function worst(outcomes: Outcome[]): Outcome {
	const rank = { exact: 0, clear: 1, unclear: 2, silent: 3 } as const;
	return outcomes.reduce((a, b) => (rank[b.kind] > rank[a.kind] ? b : a));
}

async function judgeList(variant: Variant): Promise<Outcome[]> {
	const truth = Array.from({ length: variant.total }, (_, index) => payment(index + 1).id);
	const inOrder = variant.newestFirst ? [...truth].reverse() : truth;
	const limit = Math.min(variant.total - 1, variant.pageSize + 1);
	const outcomes = [
		await getMany(variant, { returnAll: true }, inOrder),
		await getMany(variant, { returnAll: false, limit }, inOrder.slice(0, limit)),
		await triggerRun(variant),
	];
	const settings = documentedPagination(variant);
	// The user who sets the pagination names the list too (Items Field), where a dot path can: this check is the walk's.
	const itemsPath = variant.listPath.length > 0 && !variant.listPath.some((key) => key.includes('.')) ? { itemsPath: variant.listPath.join('.') } : {};
	if (settings) outcomes.push(await getMany(variant, { returnAll: true, options: { pagination: { settings }, ...itemsPath } }, inOrder, `Return All with Pagination ${String(settings.mode)}`));
	return outcomes;
}

describe('convention fuzzing', () => {
	jest.setTimeout(600_000);

	it('the generator\'s control: a client that knows each variant walks it exactly, and only its last page has no sign of more', () => {
		const wrong: string[] = [];
		for (const variant of listVariants()) {
			const entries = Array.from({ length: variant.total }, (_, index) => payment(index + 1));
			const truth = entries.map((entry) => entry.id);
			const walked = referenceWalk(variant, entries);
			const inOrder = variant.newestFirst ? [...truth].reverse() : truth;
			if (walked.ids.join() !== inOrder.join() || walked.problems.length > 0) wrong.push(`${variant.id} [${variant.description.join('; ')}]: ${walked.problems.join('; ') || `walked ${walked.ids.length} of ${truth.length}`}`);
		}
		expect(wrong).toEqual([]);
	});

	it('Fetch Test Event shows the journal\'s newest entry, or fails, on every generated list', async () => {
		const wrong: string[] = [];
		let shown = 0;
		for (const variant of listVariants()) {
			const outcome = await fetchTestEvent(variant);
			if (outcome.kind === 'exact') shown += 1;
			if (outcome.kind === 'silent' || outcome.kind === 'unclear') wrong.push(`${variant.id} [${variant.description.join('; ')}]: ${describeOutcome(outcome)}`);
		}
		console.log(`Fetch Test Event on generated conventions: ${shown} showed the newest entry, ${wrong.length} did not and did not fail`);
		expect(wrong).toEqual([]);
	});

	it('on generated conventions every list is exact or fails clearly, every refusal fails, the trigger emits once or fails', async () => {
		const refusalSources = refusalWords();
		const lists = listVariants();
		const refusals = Array.from({ length: REFUSAL_VARIANTS }, (_, index) => refusalVariantOf(refusalSources[index % refusalSources.length], seedOf(LIST_VARIANTS + index)));
		const counts = { exact: 0, clear: 0, unclear: 0, silent: 0 };
		const categories = new Map<string, number>();
		const clearErrors = new Map<string, number>();
		const count = (outcomes: Outcome[]) => {
			for (const outcome of outcomes) {
				if (outcome.kind === 'silent') categories.set(outcome.category, (categories.get(outcome.category) ?? 0) + 1);
				// The clear errors by their first words, for CONVENTION_FUZZ_ERRORS=1.
				if (outcome.kind === 'clear') {
					const opening = outcome.message.replace(/\(.*$/, '').replace(/"[^"]*"/g, '"…"').slice(0, 90);
					clearErrors.set(opening, (clearErrors.get(opening) ?? 0) + 1);
				}
			}
		};
		const failures: string[] = [];
		let checked = 0;
		for (const variant of lists) {
			if (ONLY && variant.id !== ONLY) continue;
			if (ONLY) console.log(JSON.stringify(variant, null, 1), listServer(variant, () => Array.from({ length: variant.total }, (_, index) => payment(index + 1))).firstPage());
			const outcomes = await judgeList(variant);
			const outcome = worst(outcomes);
			count(outcomes);
			counts[outcome.kind] += 1;
			checked += 1;
			if (outcome.kind === 'silent' || outcome.kind === 'unclear') {
				const [all, limit, poll, documented] = outcomes.map(describeOutcome);
				failures.push(`${outcome.kind.toUpperCase()} ${variant.id} [${variant.description.join('; ')}]\n    Return All: ${all}\n    Limit: ${limit}\n    trigger: ${poll}${documented ? `\n    Pagination as documented: ${documented}` : ''}`);
			}
		}
		for (const variant of refusals) {
			if (ONLY && variant.id !== ONLY) continue;
			if (ONLY) console.log(variant);
			const outcome = await refusedWrite(variant);
			count([outcome]);
			counts[outcome.kind] += 1;
			checked += 1;
			if (outcome.kind === 'silent') failures.push(`SILENT ${variant.id} [${variant.description}] ${outcome.what}\n    answer: ${variant.body.slice(0, 300)}`);
		}
		const line = `convention fuzzing: ${checked} variants, ${counts.exact} exact, ${counts.clear} clear errors, ${counts.silent} silent`;
		const byCategory = [...categories].sort((a, b) => b[1] - a[1]).map(([category, times]) => `  ${times} × ${category}`);
		if (process.env.CONVENTION_FUZZ_ERRORS) console.log([...clearErrors].sort((a, b) => b[1] - a[1]).map(([opening, times]) => `${times} × ${opening}`).join('\n'));
		console.log([line, counts.unclear > 0 ? `(${counts.unclear} errors that name nothing to set)` : '', byCategory.length > 0 ? 'silent checks by category:' : '', ...byCategory, ...failures].filter(Boolean).join('\n'));
		if (!ONLY) expect(checked).toBeGreaterThanOrEqual(2000);
		expect(failures).toEqual([]);
	});
});
