/**
 * `npm start [-- --n8n 1.x|2.x|<version>] [-- --timezone <IANA zone>] [-- --port 5678] [-- --sandbox-port 4010]
 * [-- --fresh] [-- --verbose]`: the sandbox Partner API plus a real n8n with this package installed, ready to use in
 * the editor. n8n is the current 2.x unless --n8n names another (DEFAULT_N8N_VERSION in scripts/n8n/versions.ts);
 * it runs in this machine's time zone unless --timezone names another (scripts/n8n/timeZone.ts). See
 * scripts/n8n/localStack.ts.
 * `npm start -- --queue [--durable-cursors] [--fresh]`: the same on n8n in queue mode (scripts/n8n/queue/local.ts).
 */
import { parseArgs } from 'node:util';
import { startSandbox } from '../sandbox';
import { DEFAULT_CLI_PORT } from '../sandbox/cliArgs';
import { startLocalStack } from './n8n/localStack';
import { localTimeZone } from './n8n/timeZone';

const { values: options } = parseArgs({
	options: {
		n8n: { type: 'string', default: process.env.N8N_VERSION },
		port: { type: 'string', default: process.env.N8N_PORT },
		'sandbox-port': { type: 'string', default: process.env.SANDBOX_PORT },
		fresh: { type: 'boolean', default: false },
		verbose: { type: 'boolean', default: false },
		queue: { type: 'boolean', default: false },
		'durable-cursors': { type: 'boolean', default: false },
		timezone: { type: 'string' },
	},
});

// The port `npm run sandbox` uses too, so the address in the README and the saved credential stay right.
const sandboxPort = options['sandbox-port'] ? Number(options['sandbox-port']) : DEFAULT_CLI_PORT;

const timeZone = (() => {
	try {
		return localTimeZone(options.timezone);
	} catch (error) {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	}
})();

const started = options.queue
	? // Queue mode (n8n 2.x, QUEUE_N8N_VERSION; a main, two workers, Postgres, Redis): scripts/n8n/queue/local.ts.
		import('./n8n/queue/local').then(({ startQueueLocalStack }) =>
			startQueueLocalStack({
				startSandbox,
				n8nPort: options.port ? Number(options.port) : undefined,
				sandboxPort,
				durableCursors: options['durable-cursors'],
				fresh: options.fresh,
				timeZone,
			}),
		)
	: startLocalStack({
			startSandbox,
			n8nVersion: options.n8n,
			n8nPort: options.port ? Number(options.port) : undefined,
			sandboxPort,
			fresh: options.fresh,
			verbose: options.verbose,
			timeZone,
		});

started.catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
