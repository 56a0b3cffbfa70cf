/**
 * A Postgres server of our own, listening on 127.0.0.1 only, run as Debian's `postgres` system user (Postgres
 * refuses to run as root). Its data folder must be reachable by that user: serviceData.ts chooses it, and
 * startPostgres checks it before initdb. Local trust authentication: it is a development database that nothing
 * outside this machine can reach.
 */
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { findFreePort } from '../ports';
import { onShutdown, runCommand, spawnTracked, tail, type TrackedChild } from '../processes';
import { firstUnreachableFolder, runAs, systemUser, type SystemUser } from './serviceData';

export const POSTGRES_USER = 'postgres';

export interface PostgresServer {
	host: '127.0.0.1';
	port: number;
	user: string;
	/** Run SQL as the superuser; returns psql's unaligned, tuples-only output. */
	sql(statement: string, database?: string): Promise<string>;
	/** Create the database unless it exists. */
	ensureDatabase(name: string): Promise<void>;
	stop(): Promise<void>;
}

/** The system user Postgres runs as. */
export function postgresSystemUser(): Promise<SystemUser> {
	return systemUser(POSTGRES_USER);
}

async function waitUntilAccepting(binDir: string, port: number, server: TrackedChild, output: () => string, timeoutMs = 60_000): Promise<void> {
	let exitCode: number | undefined;
	void server.exited.then((code) => (exitCode = code));
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (exitCode !== undefined) throw new Error(`postgres exited (code ${exitCode}):\n${tail(output())}`);
		const ready = await runCommand(path.join(binDir, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', POSTGRES_USER]);
		if (ready.code === 0) return;
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
	throw new Error(`postgres did not accept connections on 127.0.0.1:${port} within ${timeoutMs / 1000} s:\n${tail(output())}`);
}

export async function startPostgres(options: { binDir: string; dataDir: string; preferredPort?: number }): Promise<PostgresServer> {
	const { binDir, dataDir } = options;
	const user = await postgresSystemUser();
	mkdirSync(path.dirname(dataDir), { recursive: true });
	// Checked first: otherwise initdb only says "could not access directory …: Permission denied" (issue 28).
	const blocked = await firstUnreachableFolder(user, path.dirname(dataDir));
	if (blocked) {
		throw new Error(
			`Postgres runs as the system user "${POSTGRES_USER}", which cannot enter ${blocked} on the way to its data folder ` +
				`${dataDir}: put the data under a folder that user can reach (e.g. the system temp dir), or let it through (chmod o+x ${blocked})`,
		);
	}
	if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
		mkdirSync(dataDir, { recursive: true, mode: 0o700 });
		chownSync(dataDir, user.uid, user.gid);
		const init = await runAs(user, path.join(binDir, 'initdb'), ['-D', dataDir, '-U', POSTGRES_USER, '--auth=trust', '-E', 'UTF8', '--no-locale']);
		if (init.code !== 0) throw new Error(`initdb failed (exit ${init.code}):\n${tail(init.output)}`);
	}

	const port = await findFreePort(options.preferredPort);
	// The socket goes into the data dir: /var/run/postgresql may not exist or be writable.
	const tracked = spawnTracked(
		path.join(binDir, 'postgres'),
		['-D', dataDir, '-h', '127.0.0.1', '-p', String(port), '-k', dataDir, '-c', 'max_connections=100'],
		{ uid: user.uid, gid: user.gid, cwd: dataDir, env: { PATH: process.env.PATH, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	tracked.child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
	tracked.child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
	// SIGTERM is Postgres's "smart" shutdown: it waits for the n8n processes, which stop before it.
	const stop = async (): Promise<void> => void (await tracked.stop(20_000));
	onShutdown(stop);
	await waitUntilAccepting(binDir, port, tracked, () => output);

	const sql = async (statement: string, database = 'postgres'): Promise<string> => {
		const result = await runCommand(path.join(binDir, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', POSTGRES_USER, '-d', database, '-v', 'ON_ERROR_STOP=1', '-tAc', statement]);
		if (result.code !== 0) throw new Error(`psql failed (exit ${result.code}): ${statement}\n${tail(result.stdout + result.stderr)}`);
		return result.stdout.trim();
	};
	const ensureDatabase = async (name: string): Promise<void> => {
		if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`database name "${name}": use lower-case letters, digits and _`);
		const exists = await sql(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
		if (exists !== '1') await sql(`CREATE DATABASE ${name}`);
	};
	return { host: '127.0.0.1', port, user: POSTGRES_USER, sql, ensureDatabase, stop };
}
