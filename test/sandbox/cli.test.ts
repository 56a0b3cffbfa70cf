/** The CLI: flags for every switch, and a real start that prints the URL and keys and serves. */
import axios from 'axios';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { parseCliArgs } from '../../sandbox/cliArgs';

describe('parseCliArgs', () => {
	it('defaults to port 4010 and the real time (no fixed today)', () => {
		expect(parseCliArgs([])).toEqual({ options: { port: 4010 }, quiet: false, help: false });
	});

	it('parses every switch', () => {
		const { options } = parseCliArgs(
			[
				'--port', '0', '--host', '0.0.0.0', '--seed', '9', '--today', '2027-01-04',
				'--pagination', 'linkHeader', '--default-page-size', '5', '--max-page-size=50',
				'--no-envelope', '--list-key', 'data', '--naming', 'camel', '--journal-order', 'oldestFirst',
				'--broken-pagination', '--strict-query', '--body-limit', '2048', '--write-results', 'perItem',
				'--key', 'my-key=slots.read,bookings.read', '--key', 'other=webhooks.read',
				'--scale-payments', '100000', '--scale-deliveries', '100000', '--scale-clients', '10', '--scale-bookings', '20',
				'--fault-seed', '3', '--rate-429', '0.1', '--rate-5xx', '0.2', '--rate-drop', '0.05',
				'--retry-after', '0.5', '--retry-after-mode', 'httpDate', '--latency-ms', '20', '--fault-methods', 'get,post',
				'--fault-script', '429,ok,503,drop', '--rate-limit', '50/20', '--rate-limit-headers', 'ietf', '--rate-limit-lie', 'resetInPast',
			],
		);
		expect(options).toEqual({
			port: 0,
			host: '0.0.0.0',
			seed: 9,
			writeResults: 'perItem',
			today: '2027-01-04',
			pagination: 'linkHeader',
			defaultPageSize: 5,
			maxPageSize: 50,
			dialect: { envelope: false, listKey: 'data', naming: 'camel' },
			journalOrder: 'oldestFirst',
			brokenPagination: true,
			strictQuery: true,
			bodyLimitBytes: 2048,
			keys: { 'my-key': ['slots.read', 'bookings.read'], other: ['webhooks.read'] },
			scale: { payments: 100000, deliveries: 100000, clients: 10, bookings: 20 },
			faults: {
				seed: 3,
				rate429: 0.1,
				rate5xx: 0.2,
				rateDrop: 0.05,
				retryAfterSeconds: 0.5,
				retryAfterMode: 'httpDate',
				latencyMs: 20,
				methods: ['GET', 'POST'],
				script: [429, 'ok', 503, 'drop'],
				rateLimit: { perSecond: 50, burst: 20, headers: 'ietf', lie: 'resetInPast' },
			},
		});
	});

	it.each([
		[['--pagination', 'pages'], /--pagination must be one of/],
		[['--port', 'x'], /--port needs an integer/],
		[['--key', 'nameonly'], /--key needs name=scope1,scope2/],
		[['--colour'], /Unknown flag --colour/],
		[['--fault-script', '404'], /--fault-script entries/],
		[['--rate-limit-headers', 'ietf'], /--rate-limit-headers needs --rate-limit N\/B before it/],
		[['--rate-limit', '5/2', '--rate-limit-headers', 'github'], /--rate-limit-headers must be one of none, xRateLimit/],
		[['--rate-limit', '5/2', '--rate-limit-lie', 'sometimes'], /--rate-limit-lie must be one of remainingNeverFalls/],
	])('rejects %j clearly', (argv, message) => {
		expect(() => parseCliArgs(argv)).toThrow(message);
	});
});

describe('npm run sandbox', () => {
	it('prints the API URL and keys, then serves until stopped', async () => {
		const root = join(__dirname, '..', '..');
		const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'sandbox/cli.ts', '--port', '0', '--quiet', '--key', 'extra=slots.read'], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		try {
			let output = '';
			const apiUrl = await new Promise<string>((resolve, reject) => {
				child.stdout.on('data', (chunk: Buffer) => {
					output += chunk.toString();
					const match = /listening at (http:\/\/\S+\/api\/partners\/v1)/.exec(output);
					if (match && output.includes('Ctrl-C')) resolve(match[1]);
				});
				child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
				child.on('exit', () => reject(new Error(`CLI exited: ${output}`)));
			});
			expect(output).toContain('sandbox-full');
			expect(output).toMatch(/extra\s+slots\.read/);
			// Without --today the workspace runs on the real time, as --help says.
			const workspaceTime = /workspace time (\S+) \(the real time\)/.exec(output);
			expect(Math.abs(Date.parse(workspaceTime?.[1] ?? '') - Date.now())).toBeLessThan(60_000);
			const response = await axios.get(`${apiUrl}/slots`, { headers: { Authorization: 'Bearer extra' }, validateStatus: () => true });
			expect(response.status).toBe(200);
		} finally {
			child.kill('SIGTERM');
			await new Promise((resolve) => child.once('exit', resolve));
		}
	}, 20_000);
});
