/**
 * Checks that the machinery works on the selected n8n, using only n8n's built-in nodes: CLI import
 * and execute (success and failure), CLI activation, the server, owner login, REST runs with the
 * execution read back, the public API, and a clean shutdown.
 */
import * as cli from '../../scripts/n8n/cli';
import type { N8nInstance } from '../../scripts/n8n/env';
import { processesInGroup } from '../../scripts/n8n/leftovers';
import { LOCAL_OWNER } from '../../scripts/n8n/owner';
import { N8nPublicApiClient, N8nRestClient } from '../../scripts/n8n/rest';
import { nodeOutputItems, runError } from '../../scripts/n8n/runData';
import { startN8nServer, type N8nServer } from '../../scripts/n8n/server';
import { timed } from '../../scripts/n8n/timing';
import { assert, assertEqual, type Checks } from './harness';
import { FAILING_WORKFLOW, SCHEDULED_WORKFLOW, SET_FIELDS_EXPECTED_ITEMS, SET_FIELDS_WORKFLOW } from './trivialWorkflows';

/** The CLI part: no server running (the CLI commands open the instance's database themselves). */
export async function runCliChecks(checks: Checks, instance: N8nInstance): Promise<void> {
	await checks.check('CLI: import workflows', () =>
		timed('CLI import:workflow', () => cli.importWorkflows(instance, [SET_FIELDS_WORKFLOW, FAILING_WORKFLOW, SCHEDULED_WORKFLOW])),
	);

	await checks.check('CLI: execute returns the items of each node', async () => {
		const execution = await timed('CLI execute', () => cli.executeWorkflow(instance, SET_FIELDS_WORKFLOW.id));
		assert(execution.run, `no run data in the output (exit ${execution.exitCode}):\n${execution.stdout}\n${execution.stderr}`);
		assertEqual(execution.exitCode, 0, 'exit code');
		assertEqual(runError(execution.run), undefined, 'run error');
		assertEqual(nodeOutputItems(execution.run, 'Done'), SET_FIELDS_EXPECTED_ITEMS, 'items of "Done"');
	});

	await checks.check('CLI: a failing node exits 1 and its error is readable', async () => {
		const execution = await cli.executeWorkflow(instance, FAILING_WORKFLOW.id);
		assertEqual(execution.exitCode, 1, 'exit code');
		const output = execution.stdout + execution.stderr;
		assert(output.includes('expected e2e failure'), `the error message is not in the output:\n${output}`);
		if (execution.run) assert(runError(execution.run)?.includes('expected e2e failure'), `run error: ${runError(execution.run)}`);
	});

	await checks.check('CLI: activate a workflow', () => timed('CLI activate', () => cli.activateWorkflow(instance, SCHEDULED_WORKFLOW.id)));
}

export interface RunningInstance {
	server?: N8nServer;
	/** Logged in as the owner, when that worked. */
	rest?: N8nRestClient;
}

/** The server part: leaves the server running (the caller stops it) and returns a logged-in client. */
export async function runServerChecks(checks: Checks, instance: N8nInstance): Promise<RunningInstance> {
	let server: N8nServer | undefined;
	const started = await checks.check('server: n8n start answers /rest/settings', async () => {
		server = await timed('n8n start until /rest/settings answers', () => startN8nServer(instance));
	});
	if (!started || !server) return { server };

	const rest = new N8nRestClient(server.url, instance.runtime);
	const ownerReady = await checks.check('REST: owner setup, then login', async () => {
		await rest.setupOwner(LOCAL_OWNER);
		await rest.login(LOCAL_OWNER);
		assert(rest.authCookie.length > 20, 'no auth cookie');
	});
	if (!ownerReady) return { server };

	await checks.check('REST: setupOrLogin logs in when the owner exists (a reused user folder)', async () => {
		const second = new N8nRestClient(server!.url, instance.runtime);
		await second.setupOrLogin(LOCAL_OWNER);
		assert(second.authCookie.length > 20, 'no auth cookie');
	});

	await checks.check('REST: the CLI-activated workflow is active', async () => {
		const workflow = await rest.getWorkflow(SCHEDULED_WORKFLOW.id);
		assertEqual(workflow.active, true, 'active');
	});

	await checks.check('REST: create a workflow, run it from its trigger, read the execution', async () => {
		const { id: _importId, active: _active, ...definition } = SET_FIELDS_WORKFLOW;
		const created = await rest.createWorkflow({ ...definition, name: 'e2e: set fields (REST)' });
		const executionId = await timed('REST run + wait', async () => {
			const id = await rest.runWorkflow(created.id, 'Manual Trigger');
			await rest.waitForExecution(id);
			return id;
		});
		const execution = await rest.getExecution(executionId);
		assertEqual(execution.status, 'success', 'status');
		assertEqual(nodeOutputItems(execution.run, 'Done'), SET_FIELDS_EXPECTED_ITEMS, 'items of "Done"');
	});

	await checks.check('public API: API key, deactivate + activate, list executions with data', async () => {
		const api = new N8nPublicApiClient(server!.url, await rest.createApiKey('e2e'));
		await api.deactivateWorkflow(SCHEDULED_WORKFLOW.id);
		await api.activateWorkflow(SCHEDULED_WORKFLOW.id);
		assertEqual((await rest.getWorkflow(SCHEDULED_WORKFLOW.id)).active, true, 'active after activate');
		const executions = await api.listExecutions();
		const withItems = executions.find((execution) => execution.data?.resultData.runData.Done);
		assert(withItems, `no execution with data of "Done" among ${executions.length}`);
	});
	await checks.check('server: runs as a user\'s n8n (stable release channel, no catalogue fetches failing in the log)', async () => {
		assertEqual((await rest.settings()).releaseChannel, 'stable', 'release channel (the editor tab reads "n8n[DEV]" otherwise)');
		// What the editor's node panel asks for: with the vetted catalogue on, it reaches for api.n8n.io.
		await rest.communityNodeTypes();
		const failures = server!.output().split('\n').filter((line) => /fetching community nodes|getaddrinfo|ENOTFOUND/i.test(line));
		assert(failures.length === 0, `n8n logged failed fetches:\n${failures.slice(0, 3).join('\n')}`);
	});
	return { server, rest };
}

export async function stopServerCheck(checks: Checks, server: N8nServer): Promise<void> {
	await checks.check('server: stops and leaves no process behind', async () => {
		await timed('n8n stop', () => server.stop());
		const left = processesInGroup(server.pid);
		assert(left.length === 0, `still running:\n${left.join('\n')}`);
	});
}
