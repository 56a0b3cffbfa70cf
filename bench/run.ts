/**
 * `npm run bench`: export, fan-out, trigger and per-item overhead, each contender in its own process against
 * a sandbox on 127.0.0.1 that this script starts and stops. Prints medians and ratios, writes the same as JSON.
 *
 *   npm run bench                          everything (7 to 13 min on 2 cores)
 *   npm run bench -- --only export,trigger some scenarios (export, exportPages, fanOut, tokenBucket, trigger, triggerEnd, perItem, engines)
 *   npm run bench -- --only engines        the trigger and an export inside real n8n 2.x, vm vs legacy expression engine
 *                                          (installs n8n 2.x into .cache on first use; --n8n-profile: CPU profiles of n8n)
 *   npm run bench -- --only editor         the editor's pickers and form on 5,000 clients and 20,000 bookings (requests, time),
 *                                          in every convention the sandbox speaks (--conventions default,stripe picks some),
 *                                          behind a quota on the key (--quota 120: requests a minute) and with the
 *                                          client list's text search under a convention too (--name-filter);
 *                                          --request-kinds prints where each view's requests went
 *   npm run bench -- --runs 1              one run per contender (a quick check, not a measurement)
 *   npm run bench -- --profile             also write a CPU profile of every measured run (slows the runs)
 *   npm run bench -- --out path.json       where the JSON goes (default bench/results/latest.json)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { ENGINES, EXPORT, EXPORT_PAGES, FAN_OUT, PER_ITEM, TARGETS, TRIGGER, TRIGGER_END } from './config';
import { ensureHttpRequestNode, NODES_BASE_VERSION } from './httpRequestNode';
import { renderScenario, renderSummary } from './report';
import { editorBench } from './scenarios/editor';
import { enginesBench } from './scenarios/engines';
import { exportBench } from './scenarios/export';
import { exportPagesBench } from './scenarios/exportPages';
import { fanOutBench, tokenBucketBench } from './scenarios/fanOut';
import { perItemBench } from './scenarios/perItem';
import { triggerBench } from './scenarios/trigger';
import { triggerEndBench } from './scenarios/triggerEnd';
import type { BenchContext, ScenarioResult } from './scenarios/types';

const SCENARIOS: Record<string, (context: BenchContext) => Promise<ScenarioResult | ScenarioResult[]>> = {
	export: exportBench,
	exportPages: exportPagesBench,
	fanOut: fanOutBench,
	tokenBucket: tokenBucketBench,
	trigger: triggerBench,
	triggerEnd: triggerEndBench,
	perItem: perItemBench,
	engines: enginesBench,
	editor: editorBench,
};

const RESULTS_DIR = path.join(__dirname, 'results');

function option(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index === -1 ? undefined : process.argv[index + 1];
}

function versionOf(pkg: string): string {
	const file = path.join(__dirname, '..', 'node_modules', pkg, 'package.json');
	return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

async function main(): Promise<void> {
	const started = Date.now();
	const only = option('only')?.split(',') ?? Object.keys(SCENARIOS);
	const unknown = only.filter((name) => !SCENARIOS[name]);
	if (unknown.length > 0) throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${Object.keys(SCENARIOS).join(', ')}`);
	const runs = option('runs') === undefined ? undefined : Math.max(1, Number(option('runs')));
	const out = path.resolve(option('out') ?? path.join(RESULTS_DIR, 'latest.json'));
	const profileDir = process.argv.includes('--profile') ? path.join(RESULTS_DIR, 'profiles') : undefined;
	mkdirSync(path.dirname(out), { recursive: true });
	if (profileDir) mkdirSync(profileDir, { recursive: true });

	await ensureHttpRequestNode();
	const loadBefore = os.loadavg();
	const context: BenchContext = { runs, profileDir, conventions: option('conventions')?.split(','), quota: option('quota') === undefined ? undefined : Number(option('quota')), nameFilter: process.argv.includes('--name-filter'), requestKinds: process.argv.includes('--request-kinds'), log: (line) => console.log(line) };
	const results: ScenarioResult[] = [];
	for (const name of only) {
		console.log(`${name}:`);
		results.push(...[await SCENARIOS[name](context)].flat());
	}

	const durationMs = Date.now() - started;
	const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' ');
	const header = [
		`Node ${process.version}, ${os.cpus().length} CPUs, load average ${load(loadBefore)} before / ${load(os.loadavg())} after;` +
			` n8n-core ${versionOf('n8n-core')}, n8n-workflow ${versionOf('n8n-workflow')}, n8n-nodes-base ${NODES_BASE_VERSION}`,
		...(profileDir ? ['PROFILED: every run carried a CPU profiler, so times are inflated; use these runs for profiles only'] : []),
	].join('\n');
	const report = [header, ...results.map(renderScenario), renderSummary(results)].join('\n\n');
	console.log(`\n${report}\n`);
	const json = {
		generatedAt: new Date().toISOString(),
		durationMs,
		command: ['npm run bench', ...process.argv.slice(2)].join(' '),
		machine: {
			node: process.version,
			cpus: os.cpus().length,
			cpuModel: os.cpus()[0]?.model,
			memoryMB: Math.round(os.totalmem() / 1024 / 1024),
			loadAverageBefore: loadBefore,
			loadAverageAfter: os.loadavg(),
		},
		versions: { 'n8n-core': versionOf('n8n-core'), 'n8n-workflow': versionOf('n8n-workflow'), 'n8n-nodes-base': NODES_BASE_VERSION },
		config: { ENGINES, EXPORT, EXPORT_PAGES, FAN_OUT, TRIGGER, TRIGGER_END, PER_ITEM, TARGETS, runsOverride: runs ?? null },
		profiled: profileDir !== undefined,
		scenarios: results,
		ratios: results.flatMap((result) => result.ratios),
		targets: results.flatMap((result) => result.targets),
		report,
	};
	writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
	console.log(`written: ${path.relative(process.cwd(), out)}${profileDir ? ` and CPU profiles in ${path.relative(process.cwd(), profileDir)}` : ''}`);
	console.log(`npm run bench took ${(durationMs / 1000).toFixed(0)} s`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	},
);
