/**
 * A headless Chromium for screenshots of n8n's editor, and puppeteer-core to drive it.
 *
 * - Chromium from Debian (`apt-get install -y chromium`, ≈35 s), installed here when missing and we are root;
 *   otherwise the message says what to run. CHROMIUM_PATH overrides the binary.
 * - puppeteer-core (no browser download: installed with --ignore-scripts) into .cache; it needs Node ≥ 22.12,
 *   so the capture script runs on the Node 24 that .cache holds for n8n 2.x.
 * - Chromium is started here as a tracked child (its own process group, killed whenever we exit) and
 *   puppeteer only connects to it, so no browser outlives the script.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CACHE_DIR } from '../n8n/paths';
import { withInstallLock } from '../n8n/installLock';
import { runCommand, spawnTracked, tail, type TrackedChild } from '../n8n/processes';

export const PUPPETEER_VERSION = '25.16.0';

/** The flags every screenshot browser starts with (a fresh profile each time). */
export function chromiumFlags(userDataDir: string): string[] {
	return [
		'--headless',
		'--no-sandbox',
		'--disable-gpu',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
		'--no-first-run',
		`--user-data-dir=${userDataDir}`,
		'--hide-scrollbars',
		'--remote-debugging-address=127.0.0.1',
		'--remote-debugging-port=0',
		'about:blank',
	];
}

export async function ensureChromium(): Promise<string> {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((file): file is string => Boolean(file));
	const found = candidates.find((file) => existsSync(file));
	if (found) return found;
	const howTo = 'apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium/Chrome binary)';
	if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) throw new Error(`Chromium is not installed. Install it: ${howTo}`);
	console.log('installing Chromium from Debian (apt-get install -y chromium, ≈35 s)');
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
		const result = await runCommand('apt-get', args, { env });
		if (result.code !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.code}); install it yourself: ${howTo}\n${tail(result.stdout + result.stderr)}`);
	}
	if (!existsSync('/usr/bin/chromium')) throw new Error(`apt-get installed no /usr/bin/chromium; ${howTo}`);
	return '/usr/bin/chromium';
}

/** The folder holding node_modules/puppeteer-core, installed once. */
export async function ensurePuppeteer(): Promise<string> {
	const dir = path.join(CACHE_DIR, `puppeteer-core-${PUPPETEER_VERSION}`);
	const marker = path.join(dir, '.installed');
	if (existsSync(marker)) return dir;
	mkdirSync(CACHE_DIR, { recursive: true });
	return withInstallLock(`${dir}.lock`, async () => {
		if (existsSync(marker)) return dir;
		mkdirSync(dir, { recursive: true });
		writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, dependencies: { 'puppeteer-core': PUPPETEER_VERSION } }, null, 2));
		// --ignore-scripts: no browser download (we use Debian's Chromium).
		const result = await runCommand('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
		if (result.code !== 0) throw new Error(`npm install puppeteer-core@${PUPPETEER_VERSION} failed:\n${tail(result.stdout + result.stderr)}`);
		writeFileSync(marker, new Date().toISOString());
		return dir;
	});
}

export interface RunningBrowser {
	/** The DevTools WebSocket URL puppeteer connects to. */
	wsEndpoint: string;
	stop(): Promise<void>;
}

/** Start Chromium and wait for its DevTools endpoint (printed on stderr). */
export async function startChromium(binary: string, userDataDir: string): Promise<RunningBrowser> {
	const tracked: TrackedChild = spawnTracked(binary, chromiumFlags(userDataDir), { stdio: ['ignore', 'ignore', 'pipe'] });
	let output = '';
	const wsEndpoint = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`Chromium did not start within 30 s:\n${tail(output)}`)), 30_000);
		tracked.child.stderr?.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
			if (match) {
				clearTimeout(timer);
				resolve(match[1]);
			}
		});
		void tracked.exited.then((code) => {
			clearTimeout(timer);
			reject(new Error(`Chromium exited (code ${code}) before it was ready:\n${tail(output)}`));
		});
	});
	return { wsEndpoint, stop: async () => void (await tracked.stop(5000)) };
}
