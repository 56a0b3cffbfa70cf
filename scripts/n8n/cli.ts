/**
 * n8n's own command line, run against one instance (its user folder and environment): importing
 * credentials and workflows, executing a workflow headlessly, and activating one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { N8nInstance } from './env';
import { runCommand, tail, type RunResult } from './processes';
import { extractJsonObject, isRunData, type RunData } from './runData';

export interface CredentialToImport {
	id: string;
	name: string;
	type: string;
	/** Plain JSON: n8n encrypts it with the instance's key on import. */
	data: Record<string, unknown>;
}

/** A workflow as n8n exports it; only what an import needs is typed. */
export interface WorkflowToImport {
	/** At most 16 characters (n8n's id column). */
	id: string;
	name: string;
	nodes: unknown[];
	connections: Record<string, unknown>;
	active?: boolean;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

export async function runN8nCli(instance: N8nInstance, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<RunResult> {
	const { runtime, env } = instance;
	return runCommand(runtime.node.nodeBin, [runtime.n8nBin, ...args], { cwd: instance.userFolder, env: { ...env, ...extraEnv } });
}

async function runOrThrow(instance: N8nInstance, args: string[]): Promise<RunResult> {
	const result = await runN8nCli(instance, args);
	if (result.code !== 0) throw new Error(`n8n ${args.join(' ')} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`);
	return result;
}

/** Write `value` as JSON to a temp file, run `work` with its path, and remove it (it may hold an API key). */
async function withJsonFile<T>(value: unknown, work: (file: string) => Promise<T>): Promise<T> {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'n8n-import-'));
	const file = path.join(dir, 'input.json');
	writeFileSync(file, JSON.stringify(value, null, 2), { mode: 0o600 });
	try {
		return await work(file);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export async function importCredentials(instance: N8nInstance, credentials: CredentialToImport[]): Promise<void> {
	await withJsonFile(credentials, (file) => runOrThrow(instance, ['import:credentials', `--input=${file}`]));
}

export async function importWorkflows(instance: N8nInstance, workflows: WorkflowToImport[]): Promise<void> {
	for (const workflow of workflows) {
		if (!workflow.id || workflow.id.length > 16) {
			throw new Error(`workflow "${workflow.name}": its id must be 1–16 characters (got "${workflow.id}")`);
		}
	}
	// Imported workflows start inactive; activation is a separate, explicit step.
	const inactive = workflows.map((workflow) => ({ ...workflow, active: false }));
	await withJsonFile(inactive, (file) => runOrThrow(instance, ['import:workflow', `--input=${file}`]));
}

export interface CliExecution {
	/** 0 when the run succeeded; 1 when a node failed (n8n still prints the run data then). */
	exitCode: number;
	/** The run data, or undefined if none could be found in stdout (see `stdout`/`stderr`). */
	run: RunData | undefined;
	stdout: string;
	stderr: string;
}

/**
 * The command `n8n execute` runs with n8n's legacy expression engine on 2.x. With 2.x's default engine
 * ('vm': isolated-vm, on Node 24) the process often crashes with SIGSEGV as it exits, after a complete and
 * correct run (exit 139 in 2 of 5 runs of a one-node Set workflow here; 0 of 5 with 'legacy'), which would
 * hide the exit code the checks read. The server keeps the default engine: the editor's, the examples' and
 * the triggers' executions run on it.
 */
const EXECUTE_ENV_FROM_2X: NodeJS.ProcessEnv = { N8N_EXPRESSION_ENGINE: 'legacy' };

/** `n8n execute --id=<id> --rawOutput`: runs from the workflow's Manual Trigger, in a fresh process. */
export async function executeWorkflow(instance: N8nInstance, workflowId: string): Promise<CliExecution> {
	const extraEnv = instance.runtime.major >= 2 ? EXECUTE_ENV_FROM_2X : {};
	const result = await runN8nCli(instance, ['execute', `--id=${workflowId}`, '--rawOutput'], extraEnv);
	return {
		exitCode: result.code,
		run: extractJsonObject<RunData>(result.stdout, isRunData),
		stdout: result.stdout,
		stderr: result.stderr,
	};
}

/** Mark a workflow active so the next `n8n start` registers its triggers (the command changed in 2.x). */
export async function activateWorkflow(instance: N8nInstance, workflowId: string): Promise<void> {
	const args = instance.runtime.major >= 2 ? ['publish:workflow', `--id=${workflowId}`] : ['update:workflow', `--id=${workflowId}`, '--active=true'];
	await runOrThrow(instance, args);
}
