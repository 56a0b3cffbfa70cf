/**
 * A small client for the REST API n8n's editor uses (cookie login as the owner) and for its public API
 * (an API key), covering what the scripts and the e2e tests need.
 */
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import type { N8nRuntime } from './install';
import { loadFlatted } from './flatted';
import type { OwnerAccount } from './owner';
import type { RunData } from './runData';

export const AUTH_COOKIE = 'n8n-auth';

export interface ExecutionSummary {
	id: string;
	finished: boolean;
	status: string;
	mode: string;
	workflowId?: string;
}

export interface Execution extends ExecutionSummary {
	/** The run data, already parsed from n8n's flatted string. */
	run: RunData;
}

/** n8n's answer to a credential test: the dialog shows `message` under "Couldn’t connect with these settings". */
export interface CredentialTestAnswer {
	status: 'OK' | 'Error';
	message: string;
}

/** Workflow as sent to POST /rest/workflows (the same JSON as an import file, without the id). */
export interface WorkflowDefinition {
	name: string;
	nodes: unknown[];
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

/** The body of POST /rest/dynamic-node-parameters/options, as n8n's editor sends it. */
export interface NodeParameterOptionsRequest {
	nodeTypeAndVersion: { name: string; version: number };
	path: string;
	methodName: string;
	currentNodeParameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
}

function describeFailure(response: AxiosResponse): string {
	const body = typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
	return `${response.config.method?.toUpperCase()} ${response.config.url} → ${response.status}: ${body.slice(0, 500)}`;
}

/** n8n wraps REST answers in `{ data }`. */
function unwrap<T>(response: AxiosResponse): T {
	if (response.status < 200 || response.status >= 300) throw new Error(describeFailure(response));
	return (response.data as { data: T }).data;
}

export class N8nRestClient {
	private readonly http: AxiosInstance;
	private cookie: string | undefined;

	constructor(
		readonly baseUrl: string,
		private readonly runtime: N8nRuntime,
	) {
		this.http = axios.create({ baseURL: baseUrl, timeout: 30_000, validateStatus: () => true });
		this.http.interceptors.request.use((config) => {
			if (this.cookie) config.headers.set('Cookie', `${AUTH_COOKIE}=${this.cookie}`);
			return config;
		});
	}

	/** The `n8n-auth` cookie's value, e.g. to hand to a browser for screenshots. */
	get authCookie(): string {
		if (!this.cookie) throw new Error('not logged in');
		return this.cookie;
	}

	private keepAuthCookie(response: AxiosResponse): void {
		for (const header of response.headers['set-cookie'] ?? []) {
			const match = new RegExp(`^${AUTH_COOKIE}=([^;]+)`).exec(header);
			if (match) this.cookie = match[1];
		}
		if (!this.cookie) throw new Error(`${describeFailure(response)} (no ${AUTH_COOKIE} cookie)`);
	}

	/** Create the instance's owner (once per user folder) and stay logged in as them. */
	async setupOwner(owner: OwnerAccount): Promise<void> {
		const response = await this.http.post('/rest/owner/setup', owner);
		unwrap(response);
		this.keepAuthCookie(response);
	}

	async login(owner: Pick<OwnerAccount, 'email' | 'password'>): Promise<void> {
		const response = await this.http.post('/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
		unwrap(response);
		this.keepAuthCookie(response);
	}

	/** The public part of the instance's settings (what the editor reads before login). */
	async settings(): Promise<{ releaseChannel?: string; userManagement?: { showSetupOnFirstLoad?: boolean } }> {
		return unwrap(await this.http.get('/rest/settings'));
	}

	/** The catalogue of vetted community nodes the editor's node panel asks for (fetched from api.n8n.io when enabled). */
	async communityNodeTypes(): Promise<unknown[]> {
		return unwrap(await this.http.get('/rest/community-node-types'));
	}

	/** Set up the owner on a fresh instance, or log in if it already has one (a reused user folder). */
	async setupOrLogin(owner: OwnerAccount): Promise<void> {
		const settings = await this.settings();
		if (settings.userManagement?.showSetupOnFirstLoad === false) await this.login(owner);
		else await this.setupOwner(owner);
	}

	/** Names of every node type the instance loaded (e.g. `n8n-nodes-venue-booking.venueBooking`). */
	async loadedNodeTypes(): Promise<string[]> {
		return this.typeNames('/types/nodes.json');
	}

	/** Names of every credential type the instance loaded (e.g. `venueBookingApi`). */
	async loadedCredentialTypes(): Promise<string[]> {
		return this.typeNames('/types/credentials.json');
	}

	private async typeNames(file: string): Promise<string[]> {
		const response = await this.http.get(file);
		if (response.status !== 200) throw new Error(describeFailure(response));
		return [...new Set((response.data as Array<{ name: string }>).map((type) => type.name))];
	}

	async createCredential(credential: { name: string; type: string; data: Record<string, unknown> }): Promise<{ id: string }> {
		return unwrap(await this.http.post('/rest/credentials', credential));
	}

	/**
	 * What the credential dialog's **Test** button calls: n8n's credential tester runs on a saved credential
	 * (its id) with the data as the form holds it. Answers `{ status: 'OK' | 'Error', message }`.
	 */
	async testCredential(credential: { id: string; name: string; type: string; data: Record<string, unknown> }): Promise<CredentialTestAnswer> {
		return unwrap(await this.http.post('/rest/credentials/test', { credentials: credential }));
	}

	async createWorkflow(workflow: WorkflowDefinition): Promise<{ id: string; versionId?: string }> {
		// Created inactive: activation is its own step (and needs the public API or the CLI).
		return unwrap(await this.http.post('/rest/workflows', { ...workflow, active: false }));
	}

	async getWorkflow(id: string): Promise<WorkflowDefinition & { id: string }> {
		return unwrap(await this.http.get(`/rest/workflows/${encodeURIComponent(id)}`));
	}

	/**
	 * What the editor asks when a dropdown with a load-options method opens: `POST
	 * /rest/dynamic-node-parameters/options`. Returns the options, or the message the editor shows at the
	 * parameter when the method failed.
	 */
	async nodeParameterOptions(request: NodeParameterOptionsRequest): Promise<{ options?: Array<{ name: string; value: unknown; description?: string }>; error?: string }> {
		const response = await this.http.post('/rest/dynamic-node-parameters/options', request);
		if (response.status >= 200 && response.status < 300) return { options: (response.data as { data: [] }).data };
		const message = (response.data as { message?: unknown } | undefined)?.message;
		if (typeof message === 'string') return { error: message };
		throw new Error(describeFailure(response));
	}

	/**
	 * Run a saved workflow from one of its triggers, as the editor's "Execute workflow" does. A polling
	 * trigger named here runs its poll() once in manual mode. Returns the execution id.
	 */
	async runWorkflow(id: string, triggerName: string): Promise<string> {
		const workflowData = await this.getWorkflow(id);
		const result = unwrap<{ executionId?: string; waitingForWebhook?: boolean }>(
			await this.http.post(`/rest/workflows/${encodeURIComponent(id)}/run`, { workflowData, triggerToStartFrom: { name: triggerName } }),
		);
		if (!result.executionId) throw new Error(`n8n started no execution for workflow ${id} (answer: ${JSON.stringify(result)})`);
		return result.executionId;
	}

	async getExecution(id: string): Promise<Execution> {
		const raw = unwrap<ExecutionSummary & { data: string }>(await this.http.get(`/rest/executions/${encodeURIComponent(id)}`));
		const { data, ...summary } = raw;
		return { ...summary, run: { ...summary, data: loadFlatted(this.runtime).parse(data) } as RunData };
	}

	/** Poll until the execution has ended (successfully or not). */
	async waitForExecution(id: string, timeoutMs = 60_000): Promise<Execution> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.getExecution(id).catch(() => undefined);
			// n8n 1.x may report the final status a moment before the run data is stored: wait for both.
			const ended = execution && !['new', 'running', 'waiting', 'unknown'].includes(execution.status);
			if (ended && execution.run.data?.resultData) return execution;
			if (Date.now() > deadline) throw new Error(`execution ${id} did not end within ${timeoutMs / 1000} s (status ${execution?.status})`);
			await new Promise((resolve) => setTimeout(resolve, 300));
		}
	}

	/**
	 * One of the editor's `/rest/dynamic-node-parameters/*` routes (e.g. `resource-locator-results`,
	 * `resource-mapper-fields`), as the editor calls it. Returns the status and n8n's answer whole, so a
	 * caller can look at an error's message as the editor shows it.
	 */
	async dynamicNodeParameters(route: string, payload: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
		const response = await this.http.post(`/rest/dynamic-node-parameters/${route}`, payload);
		return { status: response.status, body: response.data as unknown };
	}

	/**
	 * n8n 2.x publishes a workflow in the background (an outbox): activate answers before the triggers run.
	 * `GET /rest/workflows/:id/publication-status` says where that stands (`in_progress`, `published`,
	 * `not_published`, `partial`, `failed`); undefined where the route does not exist (1.x activates at once).
	 */
	async publicationStatus(id: string): Promise<string | undefined> {
		const response = await this.http.get(`/rest/workflows/${encodeURIComponent(id)}/publication-status`);
		if (response.status === 404) return undefined;
		return unwrap<{ status: string }>(response).status;
	}

	/** A key for the public API (/api/v1), with every scope the owner may grant. */
	async createApiKey(label: string): Promise<string> {
		const scopes = unwrap<string[]>(await this.http.get('/rest/api-keys/scopes'));
		const created = unwrap<{ rawApiKey?: string; apiKey?: string }>(await this.http.post('/rest/api-keys', { label, expiresAt: null, scopes }));
		const key = created.rawApiKey ?? created.apiKey;
		if (!key) throw new Error('n8n returned no API key');
		return key;
	}
}

/** The public API (/api/v1), authenticated with an API key. */
export class N8nPublicApiClient {
	private readonly http: AxiosInstance;

	constructor(baseUrl: string, apiKey: string) {
		this.http = axios.create({
			baseURL: `${baseUrl}/api/v1`,
			timeout: 30_000,
			validateStatus: () => true,
			headers: { 'X-N8N-API-KEY': apiKey },
		});
	}

	/** Activating registers the workflow's triggers; a polling trigger polls once right away. */
	async activateWorkflow(id: string): Promise<void> {
		// An empty JSON body: 2.x rejects a body-less POST as form-encoded (415).
		const response = await this.http.post(`/workflows/${encodeURIComponent(id)}/activate`, {});
		if (response.status !== 200) throw new Error(describeFailure(response));
	}

	async deactivateWorkflow(id: string): Promise<void> {
		const response = await this.http.post(`/workflows/${encodeURIComponent(id)}/deactivate`, {});
		if (response.status !== 200) throw new Error(describeFailure(response));
	}

	/** Executions with their data (here `data` is plain JSON), newest first. */
	async listExecutions(query: { workflowId?: string; status?: string; limit?: number } = {}): Promise<Array<ExecutionSummary & { data?: RunData['data'] }>> {
		const response = await this.http.get('/executions', { params: { includeData: true, ...query } });
		if (response.status !== 200) throw new Error(describeFailure(response));
		return (response.data as { data: Array<ExecutionSummary & { data?: RunData['data'] }> }).data;
	}
}
