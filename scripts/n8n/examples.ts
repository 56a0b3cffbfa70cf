/**
 * The repository's example workflows (`examples/*.json`), prepared for import into a local instance:
 * each gets an id n8n accepts and its Venue Booking nodes point at the instance's credential.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { importWorkflows, type WorkflowToImport } from './cli';
import type { N8nInstance } from './env';

export interface CredentialRef {
	id: string;
	name: string;
}

/** A stable id of at most 16 characters, from the file name (n8n's workflow id column is that short). */
function idFromFileName(fileName: string): string {
	const base = path.basename(fileName, '.json').replace(/[^A-Za-z0-9]/g, '');
	return `ex${base}`.slice(0, 16);
}

export function loadExampleWorkflows(examplesDir: string, credentialType: string, credential: CredentialRef): WorkflowToImport[] {
	if (!existsSync(examplesDir)) return [];
	const usedIds = new Set<string>();
	return readdirSync(examplesDir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(readFileSync(path.join(examplesDir, file), 'utf8')) as WorkflowToImport;
			if (!Array.isArray(workflow.nodes)) throw new Error(`examples/${file} is not an n8n workflow (no "nodes" array)`);
			let id = typeof workflow.id === 'string' && workflow.id.length > 0 && workflow.id.length <= 16 ? workflow.id : idFromFileName(file);
			// Two files may shorten to the same id: number the later ones.
			for (let n = 2; usedIds.has(id); n++) id = `${id.slice(0, 16 - String(n).length)}${n}`;
			usedIds.add(id);
			const nodes = (workflow.nodes as Array<{ credentials?: Record<string, unknown> }>).map((node) =>
				node.credentials?.[credentialType] ? { ...node, credentials: { ...node.credentials, [credentialType]: credential } } : node,
			);
			return { ...workflow, id, name: workflow.name ?? file, nodes, active: false };
		});
}

/**
 * Imports the examples into an instance on its data folder's first start only: a marker file in that folder
 * records it. An import replaces a workflow of the same id, so importing again would undo what the user
 * changed in an example. Returns how many were imported (0 on a later start).
 */
export async function importExamplesOnce(
	instance: N8nInstance,
	dataFolder: string,
	examplesDir: string,
	credentialType: string,
	credential: CredentialRef,
): Promise<{ firstStart: boolean; imported: number }> {
	const marker = path.join(dataFolder, 'examples-imported');
	if (existsSync(marker)) return { firstStart: false, imported: 0 };
	const examples = loadExampleWorkflows(examplesDir, credentialType, credential);
	if (examples.length > 0) await importWorkflows(instance, examples);
	writeFileSync(marker, `${examples.length} example workflows imported ${new Date().toISOString()}\n`);
	return { firstStart: true, imported: examples.length };
}
