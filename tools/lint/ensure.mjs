// Installs the lint/scan toolchain of tools/lint (`npm ci` there) unless the installed tree already matches
// tools/lint/package-lock.json. `npm run lint`, `lint:fix` and `scan` call it first; it costs ~50 ms when nothing
// changed. Why a separate tree: docs/LINT.md.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const stamp = path.join(dir, 'node_modules', '.installed-lock.sha256');
const lock = fs.readFileSync(path.join(dir, 'package-lock.json'));
const manifest = fs.readFileSync(path.join(dir, 'package.json'));
const wanted = createHash('sha256').update(lock).update(manifest).digest('hex');

if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) process.exit(0);

console.error('Installing the lint toolchain in tools/lint (npm ci)…');
const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
	cwd: dir,
	stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(stamp, wanted);
