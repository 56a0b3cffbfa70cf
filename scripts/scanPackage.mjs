#!/usr/bin/env node
// `npm run scan`: checks the package the way n8n's community scanner (@n8n/scan-community-package) does, locally.
//
// The scanner's command line only scans a published package, so this runs its `analyzePackage` directly, on the
// same two trees it scans: the source tree (SOURCE_FILE_PATTERNS: package.json + nodes/ and credentials/) and the
// unpacked `npm pack` tarball (compiled **/*.js + the published package.json). Its ESLint config ignores inline
// `eslint-disable` comments. Then a few checks the scanner does not make but a broken package would fail at load:
// every n8n.nodes/n8n.credentials entry and every `file:` icon they name must be in the tarball.
//
// Exit status: 0 when everything passes (warnings are printed), 1 on any error.
// Options: --skip-build (pack what dist/ holds now), --keep (leave the unpacked tarball and print where it is).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const started = Date.now();

// The scanner and its ESLint live in tools/lint (their own tree: see docs/LINT.md).
const toolsRequire = createRequire(path.join(root, 'tools/lint/package.json'));
let scannerPath;
try {
	scannerPath = toolsRequire.resolve('@n8n/scan-community-package/scanner/scanner.mjs');
} catch {
	console.error('The scanner is not installed: run `npm run lint:tools` (npm ci in tools/lint) first.');
	process.exit(1);
}
// The scanner makes a temp dir when it is imported and never removes it; ask its `tmp` to clean up on exit.
const tmpLib = createRequire(scannerPath)('tmp');
tmpLib.setGracefulCleanup();
const { analyzePackage, buildScanConfig, SOURCE_FILE_PATTERNS } = await import(pathToFileURL(scannerPath).href);
const { ESLint } = await import(pathToFileURL(createRequire(scannerPath).resolve('eslint')).href);

const DIST_PATTERNS = ['**/*.js', 'package.json']; // what analyzePackageByName lints in the tarball

function run(command, commandArgs, options = {}) {
	const result = spawnSync(command, commandArgs, { cwd: root, encoding: 'utf8', ...options });
	if (result.status !== 0) {
		console.error(`\`${command} ${commandArgs.join(' ')}\` failed (exit ${result.status ?? result.signal})`);
		if (result.stdout) console.error(result.stdout);
		if (result.stderr) console.error(result.stderr);
		process.exit(1);
	}
	return result.stdout;
}

/** Lints like analyzePackage, and returns the formatted warnings (analyzePackage only reports errors). */
async function warningsOf(dir, patterns) {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await buildScanConfig(),
		errorOnUnmatchedPattern: false,
	});
	const results = await eslint.lintFiles(patterns);
	const withWarnings = results.filter((result) => result.warningCount > 0);
	if (withWarnings.length === 0) return '';
	return (await eslint.loadFormatter('stylish')).format(withWarnings);
}

async function scan(label, dir, patterns) {
	const result = await analyzePackage(dir, patterns);
	if (result.passed) {
		console.log(`✅ ${label}: no errors${result.message ? ` (${result.message})` : ''}`);
		const warnings = await warningsOf(dir, patterns);
		if (warnings) console.log(warnings);
	} else {
		console.log(`❌ ${label}: ${result.message}`);
		if (result.details) console.log(result.details);
	}
	return result.passed;
}

/** Files the package names in package.json, and the icons its compiled code points at, must ship. */
function checkTarballContents(packageDir) {
	const problems = [];
	const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	const entries = [...(manifest.n8n?.nodes ?? []), ...(manifest.n8n?.credentials ?? [])];
	for (const entry of entries) {
		const file = path.join(packageDir, entry);
		if (!fs.existsSync(file)) {
			problems.push(`${entry} is listed in package.json "n8n" but is not in the tarball`);
			continue;
		}
		const code = fs.readFileSync(file, 'utf8');
		for (const [, icon] of code.matchAll(/["'`]file:([^"'`]+)["'`]/g)) {
			if (!fs.existsSync(path.resolve(path.dirname(file), icon))) {
				problems.push(`${entry} names icon file:${icon}, which is not in the tarball`);
			}
		}
	}
	if (problems.length === 0) {
		console.log(`✅ tarball contents: all ${entries.length} n8n entries and their icons are present`);
	} else {
		console.log('❌ tarball contents:');
		for (const problem of problems) console.log(`  ${problem}`);
	}
	return problems.length === 0;
}

if (!args.has('--skip-build')) {
	console.log('Building (npm run build)…');
	run('npm', ['run', '--silent', 'build']); // its output is shown only if it fails
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-booking-scan-'));
let passed = false;
try {
	const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', workDir]));
	const { filename, entryCount, size } = packed[0];
	console.log(`Packed ${filename}: ${entryCount} files, ${size} bytes`);
	const packageDir = path.join(workDir, 'package');
	fs.mkdirSync(packageDir);
	run('tar', ['-xzf', path.join(workDir, path.basename(filename)), '-C', packageDir, '--strip-components=1']);

	const sourcePassed = await scan('source tree', root, SOURCE_FILE_PATTERNS);
	const distPassed = await scan('packed tarball', packageDir, DIST_PATTERNS);
	const contentsPassed = checkTarballContents(packageDir);
	passed = sourcePassed && distPassed && contentsPassed;
} finally {
	if (args.has('--keep')) {
		console.log(`Unpacked tarball kept in ${workDir}`);
	} else {
		fs.rmSync(workDir, { recursive: true, force: true });
	}
}

console.log(`${passed ? 'Scan passed' : 'Scan FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(passed ? 0 : 1);
