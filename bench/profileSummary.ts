/**
 * Summarises a .cpuprofile written by `npm run bench -- --profile`: where the time went, by area (our node,
 * n8n-core, n8n-workflow, axios, Node itself, GC, idle) and by function (self and inclusive time).
 *
 *   npx tsx bench/profileSummary.ts bench/results/profiles/export-100PerPage-ours-1.cpuprofile [--top 30]
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
	functionName: string;
	url: string;
	lineNumber: number;
}

interface ProfileNode {
	id: number;
	callFrame: CallFrame;
	children?: number[];
}

interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

const AREAS: Array<[RegExp, string]> = [
	[/\/nodes\/VenueBooking\//, 'our node'],
	[/\/test\/workflow\/harness/, 'test harness'],
	// Before /bench/: the fetched HTTP Request node lives under bench/.cache.
	[/n8n-nodes-base/, 'HTTP Request node'],
	[/\/bench\//, 'bench'],
	[/node_modules\/n8n-core\//, 'n8n-core'],
	[/node_modules\/n8n-workflow\//, 'n8n-workflow'],
	[/node_modules\/axios\//, 'axios'],
	[/node_modules\/follow-redirects\//, 'follow-redirects'],
	[/node_modules\/(lodash|qs|form-data|proxy-from-env)/, 'lodash, qs, …'],
	[/node_modules\//, 'other packages'],
	[/^node:/, 'Node.js'],
];

function areaOf(frame: CallFrame): string {
	if (frame.url === '') {
		if (frame.functionName === '(garbage collector)') return 'GC';
		if (frame.functionName === '(idle)') return 'idle (waiting for the network)';
		if (frame.functionName === '(program)') return 'V8 / native';
		return 'V8 / native';
	}
	return AREAS.find(([pattern]) => pattern.test(frame.url))?.[1] ?? frame.url;
}

function keyOf(frame: CallFrame): string {
	const file = frame.url.replace(/^.*\/(node_modules\/|work\/main\/)/, '');
	return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

export function summarise(profile: CpuProfile, top = 25): string {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

	const self = new Map<string, number>();
	const inclusive = new Map<string, number>();
	const areas = new Map<string, number>();
	let total = 0;
	for (let i = 0; i < profile.samples.length; i++) {
		const micros = profile.timeDeltas[i] ?? 0;
		total += micros;
		const leaf = byId.get(profile.samples[i]);
		if (!leaf) continue;
		self.set(keyOf(leaf.callFrame), (self.get(keyOf(leaf.callFrame)) ?? 0) + micros);
		areas.set(areaOf(leaf.callFrame), (areas.get(areaOf(leaf.callFrame)) ?? 0) + micros);
		// Inclusive: every distinct function on the stack once (recursion is not double-counted).
		const onStack = new Set<string>();
		for (let id: number | undefined = leaf.id, depth = 0; id !== undefined && depth < 10_000; id = parent.get(id), depth++) {
			const node = byId.get(id);
			if (node) onStack.add(keyOf(node.callFrame));
		}
		for (const key of onStack) inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
	}

	const pct = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms`;
	const list = (map: Map<string, number>, count: number) =>
		[...map.entries()]
			.sort((a, b) => b[1] - a[1])
			.slice(0, count)
			.map(([key, micros]) => `  ${pct(micros)}  ${key}`);
	return [
		`profiled ${(total / 1000).toFixed(0)} ms`,
		'self time by area:',
		...list(areas, 20),
		`self time, top ${top} functions:`,
		...list(self, top),
		`inclusive time, top ${top} functions:`,
		...list(inclusive, top),
	].join('\n');
}

if (require.main === module) {
	const file = process.argv[2];
	if (!file) {
		console.error('usage: tsx bench/profileSummary.ts <file.cpuprofile> [--top N]');
		process.exit(2);
	}
	const topIndex = process.argv.indexOf('--top');
	const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 25;
	console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, top));
}
