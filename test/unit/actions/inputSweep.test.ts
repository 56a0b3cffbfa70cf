/**
 * Every parameter of every operation given hostile values — empty, whitespace, wrong types (what an
 * expression may return), very long, unicode, control characters — must give a result or an n8n error
 * that names the problem: never another exception, never the key in a message, never a log line.
 */
import { NodeApiError, NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { OPERATIONS } from '../../../nodes/VenueBooking/actions/operations';
import { UnexpectedNodeError } from '../../../nodes/VenueBooking/actions/router';
import { VenueBooking } from '../../../nodes/VenueBooking/VenueBooking.node';
import { mockContext, TEST_KEY } from '../mockContext';

const HOSTILE_VALUES: unknown[] = [
	'',
	'   ',
	{ nested: { object: true } },
	[1, 'two'],
	'x'.repeat(100_000),
	'zoë 東京 🎉 \u202e',
	'\u0000\u0007\r\n\t',
	null,
	-1,
	1e21,
	Number.NaN,
	true,
	'={{ broken',
];

/** Values that make each operation work, so a failure can only come from the value under test. */
const VALID: IDataObject = {
	bookingId: 'bk_1',
	clientId: 'cl_1',
	returnAll: false,
	limit: 5,
	sendQuery: true,
	specifyQuery: 'keypair',
	queryParameters: { parameters: [{ name: 'from', value: '2027-03-01' }] },
	jsonQuery: '{"from":"2027-03-01"}',
	specifyBody: 'keypair',
	bodyParameters: { parameters: [{ name: 'note', value: 'x' }] },
	jsonBody: '{"note":"x"}',
	sendBody: true,
	options: {},
};

/** Parameter paths of an operation: top-level names, Options entries, Pagination settings. */
function parameterPaths(description: INodeProperties[]): string[] {
	const paths: string[] = [];
	for (const property of description) {
		paths.push(property.name);
		if (property.name !== 'options') continue;
		for (const option of (property.options ?? []) as INodeProperties[]) {
			paths.push(`options.${option.name}`);
			if (option.name !== 'pagination') continue;
			const group = (option.options ?? [])[0] as unknown as { values: INodeProperties[] };
			for (const setting of group.values) paths.push(`options.pagination.settings.${setting.name}`);
		}
	}
	return [...new Set(paths)];
}

function withValue(base: IDataObject, path: string, value: unknown): IDataObject {
	const parameters = structuredClone(base);
	const keys = path.split('.');
	let target = parameters;
	for (const key of keys.slice(0, -1)) {
		target[key] = (target[key] as IDataObject) ?? {};
		target = target[key] as IDataObject;
	}
	target[keys[keys.length - 1]] = value as IDataObject[string];
	return parameters;
}

const cases = [...OPERATIONS.values()].flatMap(({ endpoint: { resource, operation }, description }) =>
	parameterPaths(description).map((path) => [`${resource}.${operation}`, path, resource, operation] as const),
);

describe('hostile values in every parameter', () => {
	const node = new VenueBooking();
	const written: string[] = [];
	let restore: Array<() => void> = [];

	beforeAll(() => {
		// Anything the package writes to the console or the process streams is caught here.
		for (const stream of [process.stdout, process.stderr]) {
			const original = stream.write.bind(stream);
			stream.write = ((chunk: unknown, ...rest: unknown[]) => {
				written.push(String(chunk));
				return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
			}) as typeof stream.write;
			restore.push(() => (stream.write = original));
		}
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			const spy = jest.spyOn(console, method).mockImplementation((...args: unknown[]) => written.push(args.map(String).join(' ')));
			restore.push(() => spy.mockRestore());
		}
	});
	afterAll(() => {
		for (const undo of restore) undo();
		restore = [];
	});

	it.each(cases)('%s %s', async (_name, path, resource, operation) => {
		for (const value of HOSTILE_VALUES) {
			const mock = mockContext({
				parameters: withValue({ ...VALID, resource, operation }, path, value),
				answers: () => ({ statusCode: 200, body: { items: [{ id: 1 }] } }),
			});
			let outcome: unknown;
			try {
				outcome = await node.execute.call(mock.context);
			} catch (error) {
				// A bug of ours reaches n8n as an UnexpectedNodeError (a NodeOperationError): it must fail here.
				const isNodeError = (error instanceof NodeOperationError && !(error instanceof UnexpectedNodeError)) || error instanceof NodeApiError;
				if (!isNodeError) throw new Error(`${path} = ${JSON.stringify(value)?.slice(0, 40)} threw ${String(error)}`);
				outcome = error;
				expect((error as NodeOperationError).message.length).toBeGreaterThan(0);
			}
			const serialised = JSON.stringify(outcome, (_k, v: unknown) => (v instanceof Error ? { message: v.message, description: (v as NodeApiError).description } : v));
			expect(serialised ?? '').not.toContain(TEST_KEY);
		}
		expect(written.join('\n')).not.toContain(TEST_KEY);
	});

	it('covered every operation', () => {
		expect(new Set(cases.map(([name]) => name)).size).toBe(12);
		expect(cases.length * HOSTILE_VALUES.length).toBeGreaterThan(1000);
	});
});
