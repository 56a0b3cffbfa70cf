/**
 * The import graph of nodes/ and credentials/, parsed from the source (import and export-from statements,
 * type-only ones included: a reader follows those too). It holds the layout rules of the package:
 *
 * - no import cycle among the modules;
 * - execution never imports editor-time methods: no module reached from the node files' execute/poll path,
 *   and no module in actions/, trigger/, transport/ or parameters/, imports methods/;
 * - transport imports no domain module (only transport/, and endpoints.ts, the API's own description);
 * - a request's path stays short enough to follow. The two paths are measured as import closures:
 *   - Booking → Create: VenueBooking.node.ts and every module it imports transitively, except (a) the
 *     editor-time methods the node file lists in its `methods` property (n8n calls them only in the editor), and
 *     (b) the sibling operation modules that actions/operations.ts imports only to fill its operations table
 *     (get.ts and list.ts: Create never runs them). Everything Create's own module and the router import is
 *     counted, type-only imports included.
 *   - a later trigger poll: VenueBookingTrigger.node.ts and every module it imports transitively, except the
 *     editor-time methods of its `methods` property. Nothing else is excluded: the first poll runs through the
 *     same modules.
 *   Both counts include the credential file when reached (it is not).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const NODE = 'nodes/VenueBooking';

/**
 * The bounds the paths are held to: their length today, so they can only get shorter. The goal (issue 33) is
 * 10 and 12; n8n's Airtable v2 creates a record through 4 files. Lower these with each change that shortens a path.
 */
const CREATE_BOUND = 24;
// 26 since issue 42: the trigger names its entries' rooms and clients (Add Names), which needs referenceLists.ts.
const POLL_BOUND = 26;

/** Folders whose modules run at execution (the node files' execute/poll path is checked as a closure too). */
const EXECUTION_FOLDERS = ['actions/', 'trigger/', 'transport/', 'parameters/'];

/**
 * What transport may import besides itself, both data: the API's own description, which says what a scope or an
 * error means, and the registry of surveyed convention names, which says what a field or header of an answer means.
 */
const TRANSPORT_MAY_IMPORT = [`${NODE}/endpoints.ts`, `${NODE}/conventions.ts`];

function filesUnder(folder: string): string[] {
	const absolute = join(ROOT, folder);
	if (!existsSync(absolute)) return [];
	return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => relative(ROOT, join(absolute, file)).split('\\').join('/'))
		.sort();
}

const modules = [...filesUnder('nodes'), ...filesUnder('credentials')];

/** The relative modules a file imports (import, export-from and import-equals statements), as repository paths. */
function importsOf(module: string): string[] {
	const source = ts.createSourceFile(module, readFileSync(join(ROOT, module), 'utf8'), ts.ScriptTarget.ES2022, false);
	const specifiers: string[] = [];
	for (const statement of source.statements) {
		if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
			specifiers.push(statement.moduleSpecifier.text);
		}
	}
	return specifiers
		.filter((specifier) => specifier.startsWith('.'))
		.map((specifier) => {
			const path = normalize(join(dirname(module), specifier)).split('\\').join('/');
			const file = [`${path}.ts`, `${path}/index.ts`].find((candidate) => modules.includes(candidate));
			if (!file) throw new Error(`${module} imports ${specifier}, which is no module of nodes/ or credentials/`);
			return file;
		});
}

const graph = new Map(modules.map((module) => [module, importsOf(module)]));

/** The editor-time methods a node file hands n8n in its `methods` property (imported from methods/). */
function editorImportsOf(nodeFile: string): string[] {
	return (graph.get(nodeFile) ?? []).filter((module) => module.startsWith(`${NODE}/methods/`));
}

/** The modules reached from `start`, following imports except the `skipped` edges ("from→to"). */
function closure(start: string, skipped: ReadonlySet<string>): string[] {
	const reached = new Set([start]);
	const pending = [start];
	while (pending.length > 0) {
		const module = pending.pop() as string;
		for (const imported of graph.get(module) ?? []) {
			if (skipped.has(`${module}→${imported}`) || reached.has(imported)) continue;
			reached.add(imported);
			pending.push(imported);
		}
	}
	return [...reached].sort();
}

const CREATE_NODE = `${NODE}/VenueBooking.node.ts`;
const POLL_NODE = `${NODE}/VenueBookingTrigger.node.ts`;
const OPERATIONS_TABLE = `${NODE}/actions/operations.ts`;
const CREATE_MODULE = `${NODE}/actions/write.ts`;

function createPath(): string[] {
	const skipped = new Set(editorImportsOf(CREATE_NODE).map((module) => `${CREATE_NODE}→${module}`));
	for (const sibling of graph.get(OPERATIONS_TABLE) ?? []) {
		if (sibling.startsWith(`${NODE}/actions/`) && sibling !== CREATE_MODULE) skipped.add(`${OPERATIONS_TABLE}→${sibling}`);
	}
	return closure(CREATE_NODE, skipped);
}

function pollPath(): string[] {
	return closure(POLL_NODE, new Set(editorImportsOf(POLL_NODE).map((module) => `${POLL_NODE}→${module}`)));
}

/** Every import cycle, each once, as a path that ends where it starts. */
function cycles(): string[][] {
	const found = new Map<string, string[]>();
	const visit = (module: string, trail: string[]) => {
		const at = trail.indexOf(module);
		if (at >= 0) {
			const cycle = trail.slice(at);
			const key = [...cycle].sort().join(' ');
			if (!found.has(key)) found.set(key, [...cycle, module]);
			return;
		}
		if (done.has(module)) return;
		for (const imported of graph.get(module) ?? []) visit(imported, [...trail, module]);
		done.add(module);
	};
	const done = new Set<string>();
	for (const module of modules) visit(module, []);
	return [...found.values()];
}

const short = (module: string) => module.replace(`${NODE}/`, '');

describe('the import graph of nodes/ and credentials/', () => {
	it('parses the imports (a broken parse would make every check below pass)', () => {
		expect(modules.length).toBeGreaterThan(20);
		expect(graph.get(CREATE_NODE)).toContain(`${NODE}/actions/router.ts`);
		expect(graph.get(OPERATIONS_TABLE)).toContain(CREATE_MODULE);
		expect(graph.get(POLL_NODE)?.length).toBeGreaterThan(3);
	});

	it('has no import cycle', () => {
		expect(cycles().map((cycle) => cycle.map(short).join(' → '))).toEqual([]);
	});

	it('never imports editor-time methods from execution', () => {
		const execution = new Set([
			...modules.filter((module) => EXECUTION_FOLDERS.some((folder) => module.startsWith(`${NODE}/${folder}`))),
			...createPath(),
			...pollPath(),
		]);
		// The node files hand n8n their editor-time methods in their `methods` property; nothing else at execution may reach them.
		const handedToTheEditor = new Set([CREATE_NODE, POLL_NODE].flatMap((node) => editorImportsOf(node).map((module) => `${node}→${module}`)));
		const offending = [...execution].flatMap((module) =>
			(graph.get(module) ?? [])
				.filter((imported) => imported.startsWith(`${NODE}/methods/`) && !handedToTheEditor.has(`${module}→${imported}`))
				.map((imported) => `${short(module)} → ${short(imported)}`),
		);
		expect(offending).toEqual([]);
	});

	it('keeps transport free of domain modules', () => {
		const offending = modules
			.filter((module) => module.startsWith(`${NODE}/transport/`))
			.flatMap((module) =>
				(graph.get(module) ?? [])
					.filter((imported) => !imported.startsWith(`${NODE}/transport/`) && !TRANSPORT_MAY_IMPORT.includes(imported))
					.map((imported) => `${short(module)} → ${short(imported)}`),
			);
		expect(offending).toEqual([]);
	});

	it(`runs Booking → Create through at most ${CREATE_BOUND} files`, () => {
		const path = createPath();
		console.log(`Booking → Create: ${path.length} files\n  ${path.join('\n  ')}`);
		expect(path).toContain(CREATE_MODULE);
		expect(path.length).toBeLessThanOrEqual(CREATE_BOUND);
	});

	it(`runs a trigger poll through at most ${POLL_BOUND} files`, () => {
		const path = pollPath();
		console.log(`Trigger poll: ${path.length} files\n  ${path.join('\n  ')}`);
		expect(path.length).toBeLessThanOrEqual(POLL_BOUND);
	});
});
