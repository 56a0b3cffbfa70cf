/**
 * Command-line flags of `npm run sandbox`, parsed into sandbox options. Kept apart from cli.ts so tests can
 * check the parsing without starting a process.
 */
import { SCOPES } from '../nodes/VenueBooking/endpoints';
import type { FaultOptions, ScriptedFault } from './faults';
import { RATE_LIMIT_HEADERS, RATE_LIMIT_LIES, type RateLimitOptions } from './rateLimit';
import { CONVENTIONS } from './conventions';
import { WRITE_RESULTS } from './writeResults';
import { JOURNAL_ORDERS, NAMINGS, PAGINATION_STYLES, type SandboxOptions } from './options';

export const DEFAULT_CLI_PORT = 4010;

export const CLI_USAGE = `Usage: npm run sandbox -- [flags]

Server
  --port N                   listen port (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host H                   listen address (default 127.0.0.1)
  --quiet                    no access log

Workspace
  --seed N                   data seed (default 1)
  --today YYYY-MM-DD         start the workspace clock at 08:00 UTC that day (default: the real
                             current time; the seeded data lies around it either way)
  --scale-rooms N  --scale-services N  --scale-clients N  --scale-bookings N
  --scale-payments N  --scale-deliveries N
  --key name=scope1,scope2   an extra API key (repeatable); scopes: ${SCOPES.join(', ')}

Responses
  --pagination STYLE         ${PAGINATION_STYLES.join(' | ')} (default cursor)
  --default-page-size N      (default 20)
  --max-page-size N          (default 100)
  --envelope | --no-envelope lists in an envelope object (default) or as bare arrays
  --list-key NAME            the envelope's list property (default items; "byResource" = bookings, clients, ...)
  --naming snake|camel       field and query names (default snake)
  --link-last                Link headers name the last page too (rel="last"), in the linkHeader style
  --journal-order newestFirst|oldestFirst   (default newestFirst)
  --convention NAME          speak a real API family's lists, paging, date-times and errors
                             (replaces --pagination, the dialect and page sizes):
                             ${CONVENTIONS.join(', ')}
  --local-time-zone ZONE     the IANA zone zone-less date-times (pipedrive) are written in (default UTC)
  --write-results record|perItem   writes answer as the record (default) or as per-item results, refusals in a 2xx
  --broken-pagination        repeat the same next marker forever
  --strict-query             reject unknown query parameters with 400
  --name-filter              a convention takes the client list's text search too (search, in its naming)
  --quota N/S                N requests every S seconds per key, stated in X-RateLimit headers (e.g. 120/60)
  --body-limit BYTES         413 above this (default 1048576)

Faults (seeded, deterministic)
  --fault-seed N  --rate-429 X  --rate-5xx X  --rate-drop X   (X between 0 and 1)
  --retry-after SECONDS      Retry-After of a 429 (default 1; 0 and fractions allowed)
  --retry-after-mode seconds|httpDate|none
  --rate-limit N/B           a token bucket per API key: N requests a second, bursts of B (429 with Retry-After)
  --rate-limit-headers F     the bucket's budget on every answer: ${RATE_LIMIT_HEADERS.join(' | ')} (default none)
  --rate-limit-lie L         lie in those headers: ${RATE_LIMIT_LIES.join(' | ')}
  --latency-ms N             delay before answering
  --fault-methods GET,POST   only these methods get faults and latency
  --fault-script 429,ok,503,drop   outcomes of the first eligible requests
`;

export interface CliConfig {
	options: SandboxOptions;
	quiet: boolean;
	help: boolean;
}

function numberFlag(flag: string, value: string | undefined, integer = true): number {
	const parsed = Number(value);
	if (value === undefined || value === '' || Number.isNaN(parsed) || (integer && !Number.isInteger(parsed))) {
		throw new Error(`${flag} needs a${integer ? 'n integer' : ' number'}; got ${value ?? 'nothing'}`);
	}
	return parsed;
}

function rateLimitFlag(flag: string, value: string | undefined): RateLimitOptions {
	const match = /^(\d+(?:\.\d+)?)\/(\d+)$/.exec(value ?? '');
	if (!match) throw new Error(`${flag} needs requests-a-second/burst, e.g. 50/20; got ${value ?? 'nothing'}`);
	return { perSecond: Number(match[1]), burst: Number(match[2]) };
}

/** The bucket a header flag describes: it must come after --rate-limit. */
function rateLimitNeeded(flag: string, rateLimit: RateLimitOptions | undefined): RateLimitOptions {
	if (!rateLimit) throw new Error(`${flag} needs --rate-limit N/B before it`);
	return rateLimit;
}

function choiceFlag<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T {
	if (!allowed.includes(value as T)) throw new Error(`${flag} must be one of ${allowed.join(', ')}; got ${value ?? 'nothing'}`);
	return value as T;
}

function scriptEntry(text: string): ScriptedFault {
	if (text === 'ok' || text === 'drop') return text;
	const status = Number(text);
	if (status === 429 || status === 500 || status === 502 || status === 503) return status;
	throw new Error(`--fault-script entries are ok, drop, 429, 500, 502 or 503; got ${text}`);
}

/** Parses flags; "--flag=value" and "--flag value" both work. Throws with a clear message on a bad flag. */
export function parseCliArgs(argv: readonly string[]): CliConfig {
	const options: SandboxOptions = { port: DEFAULT_CLI_PORT };
	const faults: FaultOptions = {};
	let faultsGiven = false;
	let quiet = false;
	let help = false;
	const args = argv.flatMap((arg) => (arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg]));
	for (let index = 0; index < args.length; index++) {
		const flag = args[index];
		const value = (): string | undefined => args[++index];
		const fault = <K extends keyof FaultOptions>(key: K, v: FaultOptions[K]): void => {
			faults[key] = v;
			faultsGiven = true;
		};
		switch (flag) {
			case '--help': case '-h': help = true; break;
			case '--quiet': quiet = true; break;
			case '--port': options.port = numberFlag(flag, value()); break;
			case '--host': options.host = value(); break;
			case '--seed': options.seed = numberFlag(flag, value()); break;
			case '--today': options.today = value(); break;
			case '--scale-rooms': options.scale = { ...options.scale, rooms: numberFlag(flag, value()) }; break;
			case '--scale-services': options.scale = { ...options.scale, services: numberFlag(flag, value()) }; break;
			case '--scale-clients': options.scale = { ...options.scale, clients: numberFlag(flag, value()) }; break;
			case '--scale-bookings': options.scale = { ...options.scale, bookings: numberFlag(flag, value()) }; break;
			case '--scale-payments': options.scale = { ...options.scale, payments: numberFlag(flag, value()) }; break;
			case '--scale-deliveries': options.scale = { ...options.scale, deliveries: numberFlag(flag, value()) }; break;
			case '--key': {
				const definition = value() ?? '';
				const separator = definition.indexOf('=');
				if (separator < 1) throw new Error(`--key needs name=scope1,scope2; got ${definition || 'nothing'}`);
				const scopes = definition.slice(separator + 1).split(',').map((s) => s.trim()).filter(Boolean);
				options.keys = { ...options.keys, [definition.slice(0, separator)]: scopes };
				break;
			}
			case '--pagination': options.pagination = choiceFlag(flag, value(), PAGINATION_STYLES); break;
			case '--default-page-size': options.defaultPageSize = numberFlag(flag, value()); break;
			case '--max-page-size': options.maxPageSize = numberFlag(flag, value()); break;
			case '--envelope': options.dialect = { ...options.dialect, envelope: true }; break;
			case '--no-envelope': options.dialect = { ...options.dialect, envelope: false }; break;
			case '--list-key': options.dialect = { ...options.dialect, listKey: value() }; break;
			case '--naming': options.dialect = { ...options.dialect, naming: choiceFlag(flag, value(), NAMINGS) }; break;
			case '--journal-order': options.journalOrder = choiceFlag(flag, value(), JOURNAL_ORDERS); break;
			case '--broken-pagination': options.brokenPagination = true; break;
			case '--link-last': options.linkLast = true; break;
			case '--convention': options.convention = choiceFlag(flag, value(), CONVENTIONS); break;
			case '--local-time-zone': options.localTimeZone = value(); break;
			case '--write-results': options.writeResults = choiceFlag(flag, value(), WRITE_RESULTS); break;
			case '--strict-query': options.strictQuery = true; break;
			case '--name-filter': options.nameFilter = true; break;
			case '--quota': {
				const [limit, windowSeconds] = (value() ?? '').split('/').map((part) => numberFlag(flag, part));
				options.quota = { limit, windowSeconds };
				break;
			}
			case '--body-limit': options.bodyLimitBytes = numberFlag(flag, value()); break;
			case '--fault-seed': fault('seed', numberFlag(flag, value())); break;
			case '--rate-429': fault('rate429', numberFlag(flag, value(), false)); break;
			case '--rate-5xx': fault('rate5xx', numberFlag(flag, value(), false)); break;
			case '--rate-drop': fault('rateDrop', numberFlag(flag, value(), false)); break;
			case '--retry-after': fault('retryAfterSeconds', numberFlag(flag, value(), false)); break;
			case '--retry-after-mode': fault('retryAfterMode', choiceFlag(flag, value(), ['seconds', 'httpDate', 'none'] as const)); break;
			case '--latency-ms': fault('latencyMs', numberFlag(flag, value())); break;
			case '--rate-limit': fault('rateLimit', { ...faults.rateLimit, ...rateLimitFlag(flag, value()) }); break;
			case '--rate-limit-headers': fault('rateLimit', { ...rateLimitNeeded(flag, faults.rateLimit), headers: choiceFlag(flag, value(), RATE_LIMIT_HEADERS) }); break;
			case '--rate-limit-lie': fault('rateLimit', { ...rateLimitNeeded(flag, faults.rateLimit), lie: choiceFlag(flag, value(), RATE_LIMIT_LIES) }); break;
			case '--fault-methods': fault('methods', (value() ?? '').split(',').map((m) => m.trim().toUpperCase()).filter(Boolean)); break;
			case '--fault-script': fault('script', (value() ?? '').split(',').map((e) => scriptEntry(e.trim()))); break;
			default:
				throw new Error(`Unknown flag ${flag}; see --help`);
		}
	}
	if (faultsGiven) options.faults = faults;
	return { options, quiet, help };
}
