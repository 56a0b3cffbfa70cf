/**
 * Issue 28: the queue stack's Postgres must start whatever the checkout's location. Cloned under a private
 * folder (mode 700: root's /root, any `mktemp -d`), the queue e2e failed at once with initdb's "could not
 * access directory …/.cache/queue-e2e-<pid>/postgres: Permission denied": Postgres runs as the `postgres`
 * system user, which cannot enter the checkout. Here the checkout's .cache is under such a folder and the
 * database is started the way startQueueStack starts it (startQueueDatabase), with Debian's Postgres.
 *
 * Needs Postgres's binaries (the queue e2e installs them with apt-get: postgresql) and root, as the queue e2e
 * does; skipped only when the binaries are absent outside CI (in CI, where .ci/run installs them first, it fails).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findPostgresBinDir } from '../../scripts/n8n/queue/debian';
import { postgresSystemUser, startPostgres } from '../../scripts/n8n/queue/postgres';
import { placeServiceData } from '../../scripts/n8n/queue/serviceData';
import { startQueueDatabase, type QueueDatabase } from '../../scripts/n8n/queue/stack';

const REPO_DIR = path.resolve(__dirname, '..', '..');
const TSX = path.join(REPO_DIR, 'node_modules', '.bin', 'tsx');
const binDir = findPostgresBinDir();
const MISSING = 'no Postgres binaries under /usr/lib/postgresql (apt-get install postgresql)';
// CI installs Postgres before the tests (.ci/run), so there a missing one is a broken setup, not a reason to skip.
if (!binDir && process.env.CI) {
	describe('queue stack: Postgres for a checkout under a mode-700 folder (issue 28)', () => {
		it('has Postgres to test with in CI', () => {
			throw new Error(`CI must run this test, but there are ${MISSING}`);
		});
	});
}
if (!binDir && !process.env.CI) console.log(`SKIP queue database tests: ${MISSING}`);
const describeWithPostgres = binDir ? describe : describe.skip;

/** A checkout's .cache/queue-e2e-<pid> under a folder only its owner (root) can enter, like /root. */
function privateCheckout(): { privateParent: string; dataDir: string } {
	const privateParent = mkdtempSync(path.join(os.tmpdir(), 'issue28-private-'));
	expect(statSync(privateParent).mode & 0o777).toBe(0o700);
	const dataDir = path.join(privateParent, 'checkout', '.cache', `queue-e2e-${process.pid}`);
	mkdirSync(dataDir, { recursive: true });
	return { privateParent, dataDir };
}

describeWithPostgres('queue stack: Postgres for a checkout under a mode-700 folder (issue 28)', () => {
	const made: string[] = [];
	afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

	it('starts, answers SQL with the database created, and leaves nothing behind after stop', async () => {
		const { privateParent, dataDir } = privateCheckout();
		made.push(privateParent);
		let database: QueueDatabase | undefined;
		try {
			database = await startQueueDatabase({ postgresBinDir: binDir!, dataDir, database: 'n8n_e2e' });
			expect(await database.postgres.sql("SELECT 1 FROM pg_database WHERE datname = 'n8n_e2e'")).toBe('1');
			expect(database.serviceData.temporary).toBe(true);
			expect(path.dirname(database.serviceData.dir)).toBe(os.tmpdir());
			expect(existsSync(path.join(database.serviceData.dir, 'postgres', 'PG_VERSION'))).toBe(true);
		} finally {
			await database?.stop();
		}
		expect(existsSync(database!.serviceData.dir)).toBe(false);
	}, 120_000);

	it('with keepData, falls back to a temporary folder and says what to change to keep the data', async () => {
		const { privateParent, dataDir } = privateCheckout();
		made.push(privateParent);
		const data = await placeServiceData({ dataDir, keep: true, user: await postgresSystemUser() });
		try {
			expect(data.temporary).toBe(true);
			expect(data.notice).toContain(`cannot enter ${privateParent}`);
			expect(data.notice).toContain(`chmod o+x ${privateParent}`);
		} finally {
			data.remove();
		}
		expect(existsSync(data.dir)).toBe(false);
	}, 30_000);

	it('with keepData, a folder Postgres can reach keeps the data where it was asked', async () => {
		const parent = mkdtempSync(path.join(os.tmpdir(), 'issue28-open-'));
		made.push(parent);
		const dataDir = path.join(parent, 'queue-stack');
		chmodSync(parent, 0o755);
		const data = await placeServiceData({ dataDir, keep: true, user: await postgresSystemUser() });
		expect({ dir: data.dir, temporary: data.temporary }).toEqual({ dir: dataDir, temporary: false });
	}, 30_000);

	it('startPostgres refuses an unreachable data folder with a plain message, not initdb\'s', async () => {
		const { privateParent, dataDir } = privateCheckout();
		made.push(privateParent);
		await expect(startPostgres({ binDir: binDir!, dataDir: path.join(dataDir, 'postgres') })).rejects.toThrow(
			`system user "postgres", which cannot enter ${privateParent} on the way to its data folder`,
		);
	}, 30_000);

	it('on SIGTERM the temporary data folder is removed and Postgres is stopped', async () => {
		const { privateParent, dataDir } = privateCheckout();
		made.push(privateParent);
		const program = [
			`const { startQueueDatabase } = require(${JSON.stringify(path.join(REPO_DIR, 'scripts', 'n8n', 'queue', 'stack'))});`,
			`startQueueDatabase({ postgresBinDir: ${JSON.stringify(binDir)}, dataDir: ${JSON.stringify(dataDir)}, database: 'n8n_e2e' })`,
			`  .then((db) => { console.log('READY ' + db.serviceData.dir + ' ' + db.postgres.port); setInterval(() => undefined, 1000); });`,
		].join('\n');
		const child = spawn(TSX, ['-e', program], { cwd: REPO_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
		try {
			const ready = await new Promise<{ dir: string; port: string }>((resolve, reject) => {
				child.stdout.on('data', (chunk: Buffer) => {
					output += chunk.toString();
					const match = /READY (\S+) (\d+)/.exec(output);
					if (match) resolve({ dir: match[1], port: match[2] });
				});
				void exited.then((code) => reject(new Error(`exited (${code}) before Postgres was ready:\n${output}`)));
			});
			expect(existsSync(path.join(ready.dir, 'postgres', 'PG_VERSION'))).toBe(true);
			child.kill('SIGTERM');
			expect(await exited).toBe(143);
			expect(existsSync(ready.dir)).toBe(false);
			// No postgres left listening on that port (pg_isready: 2 = no response).
			const probe = spawn(path.join(binDir!, 'pg_isready'), ['-h', '127.0.0.1', '-p', ready.port], { stdio: 'ignore' });
			expect(await new Promise((resolve) => probe.on('exit', resolve))).toBe(2);
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL');
		}
	}, 120_000);
});
