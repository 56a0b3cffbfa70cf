/**
 * Postgres and Redis from Debian's own packages. Looked up on every start (never assumed from an earlier
 * session) and installed with apt-get when missing — which needs root, as on these machines; otherwise
 * the message says what to install.
 */
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { runCommand, tail } from '../processes';

export interface ServerBinaries {
	/** e.g. /usr/lib/postgresql/15/bin (initdb, postgres, pg_isready, psql, createdb). */
	postgresBinDir: string;
	redisServer: string;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';
const REDIS_SERVER = '/usr/bin/redis-server';

export function findPostgresBinDir(): string | undefined {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const versions = readdirSync(POSTGRES_ROOT)
		.filter((name) => existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return versions.length > 0 ? path.join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

function find(): Partial<ServerBinaries> {
	return { postgresBinDir: findPostgresBinDir(), redisServer: existsSync(REDIS_SERVER) ? REDIS_SERVER : undefined };
}

async function aptGet(args: string[]): Promise<void> {
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	const result = await runCommand('apt-get', args, { env });
	if (result.code !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`);
}

export async function ensureServerBinaries(): Promise<ServerBinaries> {
	let found = find();
	const missing = [found.postgresBinDir ? undefined : 'postgresql', found.redisServer ? undefined : 'redis-server'].filter(
		(name): name is string => name !== undefined,
	);
	if (missing.length > 0) {
		if (process.getuid?.() !== 0) throw new Error(`queue mode needs Debian's ${missing.join(' and ')}: sudo apt-get install ${missing.join(' ')}`);
		console.log(`installing ${missing.join(' and ')} from Debian (apt-get)…`);
		await aptGet(['update', '-qq']);
		await aptGet(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
		found = find();
	}
	if (!found.postgresBinDir || !found.redisServer) throw new Error(`postgresql or redis-server still missing after apt-get install`);
	return { postgresBinDir: found.postgresBinDir, redisServer: found.redisServer };
}
