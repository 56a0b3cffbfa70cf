/**
 * Where queue mode's Postgres and Redis keep their data (issue 28).
 *
 * Postgres runs as Debian's `postgres` system user (it refuses to run as root), and that user must be able to
 * enter every folder on the way to its data. A checkout under a private folder (root's /root, anything made
 * by `mktemp -d`: mode 700) is out of its reach, and initdb fails with "Permission denied". So the data goes
 * under the checkout's .cache only when it is to be kept between starts and that user can reach it there;
 * otherwise it goes into a folder of its own under the system temp dir (os.tmpdir()), made by mkdtemp, owned
 * by that user, and removed when the stack stops, fails to start, or the process exits on a signal.
 * Redis runs as we do and simply keeps its data beside Postgres's.
 */
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exitedWithOutput, runCommand, spawnTracked } from '../processes';

export interface SystemUser {
	name: string;
	uid: number;
	gid: number;
}

export async function systemUser(name: string): Promise<SystemUser> {
	const [uid, gid] = await Promise.all([runCommand('id', ['-u', name]), runCommand('id', ['-g', name])]);
	if (uid.code !== 0 || gid.code !== 0) throw new Error(`no system user "${name}" (Debian's postgresql package creates it)`);
	// Checked: an empty answer would read as 0, i.e. root, which Postgres refuses to run as.
	if (!/^\d+$/.test(uid.stdout.trim()) || !/^\d+$/.test(gid.stdout.trim())) {
		throw new Error(`could not read the ids of the system user "${name}" (id printed "${uid.stdout.trim()}" and "${gid.stdout.trim()}")`);
	}
	return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Run a command as `user` (we must be root) and wait for it; stdout and stderr together. */
export async function runAs(user: SystemUser, command: string, args: string[]): Promise<{ code: number; output: string }> {
	if (process.getuid?.() !== 0 && process.getuid?.() !== user.uid) {
		throw new Error(`${path.basename(command)} must run as the system user "${user.name}": that needs root (run this as root or with sudo)`);
	}
	const tracked = spawnTracked(command, args, { uid: user.uid, gid: user.gid, cwd: '/', env: { PATH: process.env.PATH, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	tracked.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	tracked.child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	return { code: await exitedWithOutput(tracked), output };
}

/** `/`, `/a`, `/a/b` … up to `target`, the folders that exist. */
function existingFoldersOnTheWay(target: string): string[] {
	const folders: string[] = [];
	for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
		if (existsSync(dir)) folders.unshift(dir);
		if (dir === path.dirname(dir)) return folders;
	}
}

/**
 * The first folder on the way to `target` (itself included) that `user` cannot enter, or undefined when it can
 * reach it. Asked of the system as that user (`test -x`), so its groups and any ACLs count as for the server.
 */
export async function firstUnreachableFolder(user: SystemUser, target: string): Promise<string | undefined> {
	const folders = existingFoldersOnTheWay(target);
	const result = await runAs(user, '/bin/sh', ['-c', 'for d in "$@"; do [ -x "$d" ] || { printf "%s" "$d"; exit 1; }; done', 'sh', ...folders]);
	if (result.code === 0) return undefined;
	return result.output.trim() || folders[0];
}

export interface ServiceData {
	/** Holds `postgres/` and `redis/`. */
	dir: string;
	/** Under the system temp dir: removed by remove() (and on exit), nothing is kept for the next start. */
	temporary: boolean;
	/** Why the data is temporary although keeping it was asked for (a line to print), if so. */
	notice?: string;
	/** Remove a temporary folder (a kept one stays); safe to call twice. Stop the servers first. */
	remove(): void;
}

/** A folder of its own under the system temp dir, owned by `user`, removed by remove() or when the process exits. */
export async function temporaryServiceData(user: SystemUser, prefix = 'venue-booking-queue-'): Promise<ServiceData> {
	const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
	const removeNow = (): void => {
		try {
			// A server SIGKILLed a moment ago may still be closing files: retry briefly.
			rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
		} catch {
			// Left behind: it is in the temp dir, and the message of whatever failed matters more.
		}
	};
	// The last resort on failure or a signal: processes.ts exits after its shutdown handlers (which stop the
	// servers), and its own exit hook, installed before this one, SIGKILLs whatever is left first.
	process.on('exit', removeNow);
	const remove = (): void => {
		process.off('exit', removeNow);
		removeNow();
	};
	try {
		chownSync(dir, user.uid, user.gid); // mkdtemp made it mode 700: only that user (and root) get in
		const blocked = await firstUnreachableFolder(user, dir);
		if (blocked) {
			throw new Error(
				`the system user "${user.name}" cannot enter ${blocked}, on the way to the temp dir ${os.tmpdir()}: ` +
					`set TMPDIR to a folder every user can enter (e.g. /tmp)`,
			);
		}
	} catch (error) {
		remove();
		throw error;
	}
	return { dir, temporary: true, remove };
}

/**
 * Where the servers' data goes: `dataDir` itself when `keep` is asked for and `user` can reach it (a second
 * start reuses the database), otherwise a temporary folder (temporaryServiceData).
 */
export async function placeServiceData(options: { dataDir: string; keep: boolean; user: SystemUser }): Promise<ServiceData> {
	const { dataDir, keep, user } = options;
	if (!keep) return temporaryServiceData(user);
	mkdirSync(dataDir, { recursive: true });
	const blocked = await firstUnreachableFolder(user, dataDir);
	if (!blocked) return { dir: dataDir, temporary: false, remove: () => undefined };
	const data = await temporaryServiceData(user);
	data.notice =
		`Postgres runs as the system user "${user.name}", which cannot enter ${blocked} (on the way to ${dataDir}): ` +
		`its data and Redis's are in ${data.dir} this time and are removed at the end. To keep them between starts, ` +
		`let that user through (chmod o+x ${blocked}) or clone the repository under a folder others can enter.`;
	return data;
}
