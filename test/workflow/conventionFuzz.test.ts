/**
 * Convention fuzzing through n8n-core's real engine: a sample of the generated conventions of
 * test/unit/conventionFuzz.test.ts (the same generator and seeds, test/support/conventionFuzz.ts), each served over
 * real HTTP on 127.0.0.1 and run as n8n runs the nodes: Get Many → Return All in a WorkflowExecute run, the trigger
 * activated and polled through n8n-core's ActiveWorkflows, Booking → Create answered with a refusal in a 2xx.
 * The unit suite runs thousands of variants on the mocked context; this sample shows the engine (real requests,
 * n8n's error handling, static data persisted as n8n persists it) changes none of the outcomes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { bases, listServer, NAMES_A_SETTING, payment, refusalVariantOf, refusalWords, variantOf, variantSeed, type Payment, type ServerAnswer } from '../support/conventionFuzz';
import { createPoller, node, runWorkflow } from './harness';
import { assertNoSecret, credentialsFor, credentialTypes, NODE_NAME, NODE_TYPE, nodeTypes, SECRET_KEY } from './venueBooking';
import { emittedIds, triggerNode } from './venueBookingTrigger';

const SEED = Number(process.env.CONVENTION_FUZZ_SEED ?? 40);
/** The unit suite's sizes, so a variant here has the id it has there. */
const LIST_VARIANTS = 3000;
const LIST_SAMPLE_EVERY = 50;
const REFUSAL_SAMPLE = 20;

type Outcome = 'exact' | 'clear' | `silent: ${string}` | `unclear: ${string}`;

interface Sample {
	/** Every run's outcome; a trigger that failed counts as clear here, as the invariant asks ("emits once or fails"). */
	outcomes: Array<[string, Outcome]>;
	/** The trigger's failures judged by the words n8n shows for them. */
	triggerFailures: Array<[string, Outcome]>;
}

/** The words of an error and its causes (an activation error holds the node's error as its cause). */
function wordsOf(error: unknown, depth = 0): string {
	if (error === null || typeof error !== 'object' || depth > 3) return '';
	const { message, description, cause } = error as { message?: unknown; description?: unknown; cause?: unknown };
	return [message, description].filter((part) => typeof part === 'string').join(' ') + ' ' + wordsOf(cause, depth + 1);
}

function judged(error: unknown): Outcome {
	const text = wordsOf(error);
	return NAMES_A_SETTING.test(text) ? 'clear' : `unclear: ${text.slice(0, 200)}`;
}

describe('convention fuzzing through n8n-core\'s engine (a sample)', () => {
	jest.setTimeout(300_000);
	let answer: (req: IncomingMessage, body: string) => ServerAnswer = () => ({ statusCode: 404, headers: {}, body: '{}' });
	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
		req.on('end', () => {
			const answered = answer(req, body);
			res.writeHead(answered.statusCode, answered.headers);
			res.end(answered.body);
		});
	});
	let origin = '';

	beforeAll(async () => {
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

	let sample: Promise<Sample> | undefined;
	const runSample = () => (sample ??= measure());

	async function measure(): Promise<Sample> {
		const listBases = bases();
		const outcomes: Array<[string, Outcome]> = [];
		const triggerFailures: Array<[string, Outcome]> = [];
		for (let index = 0; index < LIST_VARIANTS; index += LIST_SAMPLE_EVERY) {
			const variant = variantOf(listBases[index % listBases.length], variantSeed(SEED, index));
			const entries: Payment[] = Array.from({ length: variant.total }, (_, at) => payment(at + 1));
			const list = listServer(variant, () => entries, origin);
			answer = (req) => list.answer(`${origin}${req.url ?? '/'}`, {});
			const truth = entries.map((entry) => entry.id);
			const expected = variant.newestFirst ? [...truth].reverse() : truth;

			const run = await runWorkflow({
				nodes: [node(NODE_NAME, NODE_TYPE, { resource: 'payment', operation: 'getAll', returnAll: true }, { credentials: { venueBookingApi: 'cred' } })],
				nodeTypes,
				credentialTypes,
				credentials: credentialsFor({ url: origin }),
			});
			assertNoSecret(run, SECRET_KEY);
			const error = run.errorOf(NODE_NAME);
			const got = (run.outputOf(NODE_NAME)[0] ?? []).map((item) => String(item.json.id));
			outcomes.push([`${variant.id} Return All`, error ? judged(error) : got.join() === expected.join() ? 'exact' : `silent: ${got.length} of ${expected.length} entries`]);

			const poller = createPoller({ node: triggerNode({ watch: 'payments' }), nodeTypes, credentialTypes, credentials: credentialsFor({ url: origin }) });
			try {
				const activation = await poller.poll();
				const added = Array.from({ length: variant.added }, (_, at) => payment(variant.total + at + 1));
				entries.push(...added);
				const polls = [await poller.poll(), await poller.poll()];
				const failed = [activation, ...polls].find((poll) => poll.error);
				const emitted = polls.flatMap((poll) => emittedIds(poll.items));
				const wanted = added.map((entry) => entry.id);
				const once = emitted.length === wanted.length && wanted.every((id) => emitted.includes(id));
				if (failed?.error) triggerFailures.push([`${variant.id} trigger (${failed.phase})`, judged(failed.error)]);
				const outcome: Outcome = failed?.error
					? 'clear'
					: activation.items !== null
						? 'silent: entries emitted on activation'
						: once
							? 'exact'
							: `silent: emitted [${emitted.join(', ')}] for [${wanted.join(', ')}]`;
				outcomes.push([`${variant.id} trigger`, outcome]);
			} finally {
				await poller.close();
			}
		}
		const sources = refusalWords();
		for (let index = 0; index < REFUSAL_SAMPLE; index++) {
			const refusal = refusalVariantOf(sources[(index * 7) % sources.length], variantSeed(SEED, LIST_VARIANTS + index * 7));
			answer = (req) =>
				req.method === 'POST' ? { statusCode: refusal.statusCode, headers: { 'content-type': 'application/json' }, body: refusal.body } : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' };
			const run = await runWorkflow({
				nodes: [node(NODE_NAME, NODE_TYPE, { resource: 'booking', operation: 'create', sendBody: true, specifyBody: 'json', jsonBody: '{"roomId":"room_1","start":"2026-12-01T10:00:00Z"}' }, { credentials: { venueBookingApi: 'cred' } })],
				nodeTypes,
				credentialTypes,
				credentials: credentialsFor({ url: origin }),
			});
			assertNoSecret(run, SECRET_KEY);
			outcomes.push([`${refusal.id} Create`, run.errorOf(NODE_NAME) ? 'exact' : `silent: a refusal returned as success (${refusal.body.slice(0, 120)})`]);
		}
		return { outcomes, triggerFailures };
	}

	it('lists are exact or fail clearly, the trigger emits new entries once or fails, refused writes fail', async () => {
		const { outcomes, triggerFailures } = await runSample();
		const count = (kind: string) => outcomes.filter(([, outcome]) => outcome.startsWith(kind)).length;
		console.log(
			`convention fuzzing through n8n-core: ${outcomes.length} runs, ${count('exact')} exact, ${count('clear')} clear errors, ${count('silent')} silent` +
				` (of them ${triggerFailures.length} trigger failures)`,
		);
		expect(outcomes.filter(([, outcome]) => outcome !== 'exact' && outcome !== 'clear')).toEqual([]);
		expect(outcomes.length).toBeGreaterThanOrEqual(140);
	});

	it('a trigger that fails says what to set in the words n8n shows (an activation error keeps only the message)', async () => {
		const { triggerFailures } = await runSample();
		expect(triggerFailures.filter(([, outcome]) => outcome !== 'clear')).toEqual([]);
	});
});
