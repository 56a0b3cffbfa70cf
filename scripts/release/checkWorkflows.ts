/**
 * `npm run check:workflows`: validates the GitHub Actions workflows with GitHub's own workflow parser
 * (@actions/workflow-parser, the parser behind GitHub's Actions language service): YAML syntax, the workflow
 * schema (keys, permission values, event names, cron), expressions, `needs` references and the inputs of a
 * local reusable workflow (`uses: ./.github/workflows/x.yml` must exist and accept `workflow_call`).
 *
 * The workflows run only on GitHub, so nothing here executes them; without this check a broken publish.yml
 * would first fail on the first release.
 *
 * Usage: checkWorkflows [file or folder …] (default: .github/workflows). Exit status 1 on any error.
 * Paths inside the workflows (`./.github/workflows/…`) resolve against the folder that holds the file's
 * `.github/workflows`, so a copy of the workflows elsewhere (the tests' broken copies) is checked as a whole.
 */
import fs from 'node:fs';
import path from 'node:path';

const REPO_DIR = path.resolve(__dirname, '..', '..');
const DEFAULT_TARGET = path.join(REPO_DIR, '.github', 'workflows');

type WorkflowParser = typeof import('@actions/workflow-parser');

/** The parser package is ESM only (with a JSON import that tsx's loader handles), so it is imported lazily. */
async function loadParser(): Promise<WorkflowParser> {
	return import('@actions/workflow-parser');
}

/** The repository a workflow file belongs to: the folder above its `.github/workflows`, else this one. */
function repositoryOf(file: string): string {
	const folder = path.dirname(file);
	const isWorkflowsFolder = path.basename(folder) === 'workflows' && path.basename(path.dirname(folder)) === '.github';
	return isWorkflowsFolder ? path.dirname(path.dirname(folder)) : REPO_DIR;
}

function workflowFiles(targets: string[]): string[] {
	return targets.flatMap((target) => {
		if (!fs.existsSync(target)) throw new Error(`${target}: no such file or folder`);
		if (!fs.statSync(target).isDirectory()) return [target];
		return fs
			.readdirSync(target)
			.filter((name) => /\.ya?ml$/.test(name))
			.sort()
			.map((name) => path.join(target, name));
	});
}

/** Reads a local reusable workflow the way GitHub does: relative to the repository root. */
function localFileProvider(root: string) {
	return {
		async getFileContent(ref: { path: string; repository?: string }) {
			if ('repository' in ref && ref.repository) {
				throw new Error(`remote reusable workflows are not checked here (${ref.repository}/${ref.path})`);
			}
			const file = path.join(root, ref.path);
			return { name: ref.path, content: fs.readFileSync(file, 'utf8') };
		},
	};
}

/** All errors of one workflow file, each prefixed with the file's path and position. */
async function checkWorkflow(parser: WorkflowParser, file: string, root: string): Promise<string[]> {
	const name = path.relative(root, file) || file;
	const parsed = parser.parseWorkflow({ name, content: fs.readFileSync(file, 'utf8') }, new parser.NoOperationTraceWriter());
	const errors = parsed.context.errors.getErrors().map((error) => error.message);
	if (parsed.value) {
		const template = await parser.convertWorkflowTemplate(parsed.context, parsed.value, localFileProvider(root), {
			fetchReusableWorkflowDepth: 1,
		});
		errors.push(...(template.errors ?? []).map((error) => error.Message));
	}
	// The converter repeats the parser's errors in its own list.
	return [...new Set(errors)];
}

async function main(): Promise<void> {
	const targets = process.argv.slice(2).map((arg) => path.resolve(arg));
	const files = workflowFiles(targets.length > 0 ? targets : [DEFAULT_TARGET]);
	if (files.length === 0) throw new Error('no workflow files found');

	const parser = await loadParser();
	let failed = 0;
	for (const file of files) {
		const errors = await checkWorkflow(parser, file, repositoryOf(file));
		const shown = path.relative(process.cwd(), file) || file;
		if (errors.length === 0) {
			console.log(`ok   ${shown}`);
			continue;
		}
		failed += 1;
		console.log(`FAIL ${shown}`);
		for (const error of errors) console.log(`  ${error}`);
	}
	console.log(`workflows: ${files.length - failed} valid, ${failed} with errors`);
	if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
	console.error(`checkWorkflows: ${error instanceof Error ? error.message : String(error)}`);
	process.exitCode = 1;
});
