/**
 * `npm run sandbox -- [flags]`: the sandbox for people. Prints the API address, the keys and the switches,
 * logs each request (never the key), and serves until Ctrl-C.
 */
import { API_PATH_PREFIX } from '../nodes/VenueBooking/endpoints';
import { CLI_USAGE, parseCliArgs } from './cliArgs';
import { startSandbox } from './index';
import { formatInstant } from './time';

async function main(): Promise<void> {
	let config;
	try {
		config = parseCliArgs(process.argv.slice(2));
	} catch (error) {
		console.error(error instanceof Error ? error.message : String(error));
		console.error(CLI_USAGE);
		process.exit(2);
	}
	if (config.help) {
		console.log(CLI_USAGE);
		return;
	}
	const sandbox = await startSandbox({
		...config.options,
		// A long-running sandbox would otherwise keep every request in memory.
		recordRequests: false,
		onRequestFinished: config.quiet
			? undefined
			: (entry) => {
					const outcome = entry.fault ? `${entry.status ?? 'dropped'} (${entry.fault})` : String(entry.status ?? 'dropped');
					const pairs = Object.entries(entry.query).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]));
					const search = new URLSearchParams(pairs).toString();
					console.log(`${entry.method} ${entry.rawPath}${search ? `?${search}` : ''} → ${outcome} ${entry.durationMs ?? 0}ms${entry.authPresent ? '' : ' [no key]'}`);
				},
	});
	const settings = sandbox.settings;
	console.log(`Partner API sandbox listening at ${sandbox.url}${API_PATH_PREFIX}`);
	console.log(`  (base URL for the credential: ${sandbox.url})`);
	const clock = config.options.today ? `fixed by --today ${config.options.today}` : 'the real time';
	console.log(`  workspace time ${formatInstant(sandbox.store.clock.now())} (${clock}), seed ${config.options.seed ?? 1}: ${sandbox.store.clients.length} clients, ${sandbox.store.bookings.length} bookings, ${sandbox.store.payments.length} payments, ${sandbox.store.deliveries.length} deliveries`);
	if (settings.convention) console.log(`  convention ${settings.convention}: lists, paging, date-times and errors as that API family (the switches below are replaced)`);
	console.log(
		`  pagination ${settings.pagination} (default ${settings.defaultPageSize}, max ${settings.maxPageSize}), ${settings.envelope ? `envelope "${settings.listKey}"` : 'bare arrays'}, ${settings.naming} names, journal ${settings.journalOrder}${settings.brokenPagination ? ', BROKEN pagination' : ''}${config.options.faults ? `, faults ${JSON.stringify(config.options.faults)}` : ''}`,
	);
	console.log('Keys (send as "Authorization: Bearer <key>"):');
	for (const [key, scopes] of Object.entries(sandbox.keys)) console.log(`  ${key.padEnd(24)} ${scopes.join(', ')}`);
	console.log('Ctrl-C stops it.');
	const stop = (): void => {
		void sandbox.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

void main();
