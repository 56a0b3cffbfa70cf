/**
 * Unit tests mirror the source by module (a module is a cohesive group: one test file covers all of it):
 * nodes/VenueBooking/<path>.ts is tested in test/unit/<path>.test.ts, and
 * credentials/<file>.ts in test/unit/credentials/<file>.test.ts (see test/README.md). This test names every
 * module with runtime code whose mirrored test is missing, and every unit test file that mirrors nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const UNIT = 'test/unit';

/** Modules that hold only types: nothing runs, so there is nothing to test. Checked to stay type-only. */
const TYPE_ONLY: Record<string, string> = {
	'nodes/VenueBooking/actions/operation.ts': 'what one operation is, as types: the operations and their table both import it',
};

/**
 * Modules with runtime code allowed to lack a mirrored unit test for a while, each with the reason (e.g. a
 * module being restructured or just added, tested through its callers meanwhile). Empty: every module with
 * runtime code has its mirrored unit test, and a new one is expected to come with it.
 */
const SKIPPED: Record<string, string> = {};

/** Unit tests that sweep several modules at once, named for what they sweep. */
const CROSS_CUTTING: Record<string, string> = {
	'test/unit/mirror.test.ts': 'this test',
	'test/unit/properties.test.ts': 'property-based tests of the pure transport and trigger functions',
	'test/unit/actions/inputSweep.test.ts': 'every operation against hostile input',
	'test/unit/recordings.test.ts': 'recorded answers of every convention against the detection core, and the convention registry against them',
	'test/unit/conventionFuzz.test.ts': 'generated conventions no table has through both nodes: lists exact or a clear error, refusals fail, the trigger emits once or fails',
	'test/unit/imports.test.ts': 'the import graph: no cycles, execution never importing editor methods, transport free of domain modules, the request and poll paths\' lengths',
};

function filesUnder(folder: string, suffix: string): string[] {
	const absolute = join(ROOT, folder);
	if (!existsSync(absolute)) return [];
	return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith(suffix))
		.map((file) => relative(ROOT, join(absolute, file)).split('\\').join('/'))
		.sort();
}

/** Where a module's unit test lives. */
function mirroredTest(module: string): string {
	const below = module.startsWith('nodes/VenueBooking/') ? module.slice('nodes/VenueBooking/'.length) : module;
	return `${UNIT}/${below.replace(/\.ts$/, '.test.ts')}`;
}

/** Whether a module emits any JavaScript beyond the CommonJS prologue once its types are erased. */
function hasRuntimeCode(module: string): boolean {
	const { outputText } = ts.transpileModule(readFileSync(join(ROOT, module), 'utf8'), {
		compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, isolatedModules: true, removeComments: true },
	});
	const rest = outputText
		.replace('"use strict";', '')
		.replace('Object.defineProperty(exports, "__esModule", { value: true });', '')
		.trim();
	return rest !== '';
}

const modules = [...filesUnder('nodes', '.ts'), ...filesUnder('credentials', '.ts')];
const runtimeModules = modules.filter(hasRuntimeCode);
const typeOnlyModules = modules.filter((module) => !runtimeModules.includes(module));
const exceptionPaths = [...Object.keys(TYPE_ONLY), ...Object.keys(SKIPPED)];

describe('unit tests mirror nodes/ and credentials/', () => {
	it('finds the modules (a broken walk would make every check below pass)', () => {
		expect(modules).toContain('nodes/VenueBooking/VenueBooking.node.ts');
		expect(modules).toContain('credentials/VenueBookingApi.credentials.ts');
		expect(runtimeModules.length).toBeGreaterThan(30);
		expect(mirroredTest('nodes/VenueBooking/transport/auth.ts')).toBe('test/unit/transport/auth.test.ts');
		expect(mirroredTest('credentials/VenueBookingApi.credentials.ts')).toBe('test/unit/credentials/VenueBookingApi.credentials.test.ts');
	});

	it.each(runtimeModules.filter((module) => !(module in SKIPPED)))('%s has its unit test', (module) => {
		const test = mirroredTest(module);
		if (!existsSync(join(ROOT, test))) {
			throw new Error(`${module} has runtime code but no unit test at ${test}: write one (or, for a module that is only types, list it in TYPE_ONLY)`);
		}
	});

	it('lists every module without runtime code in TYPE_ONLY, and nothing else there', () => {
		expect(typeOnlyModules).toEqual(Object.keys(TYPE_ONLY).sort());
	});

	it('keeps the exceptions current: each names an existing module, and a skipped one that has a test leaves the list', () => {
		expect(exceptionPaths.filter((path) => !modules.includes(path))).toEqual([]);
		expect(Object.keys(SKIPPED).filter((module) => existsSync(join(ROOT, mirroredTest(module))))).toEqual([]);
	});

	it('has no unit test file that mirrors no module, other than the listed cross-cutting ones', () => {
		const mirrors = new Set(modules.map(mirroredTest));
		const orphans = filesUnder(UNIT, '.test.ts').filter((test) => !mirrors.has(test) && !(test in CROSS_CUTTING));
		expect(orphans).toEqual([]);
	});
});
