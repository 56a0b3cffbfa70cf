/**
 * One-time n8n-core setup: the services n8n-core takes from its DI container, registered once per jest
 * module registry, and the poll callbacks n8n-core would hand to cron (poll.ts runs them on demand).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Logger } from '@n8n/backend-common';
import type { InstanceSettingsConfig } from '@n8n/config';
import { Container } from '@n8n/di';
import { InstanceSettings } from 'n8n-core';
// Not re-exported by n8n-core's index; needed only as DI tokens we replace (see setUpN8nCore).
import { ScheduledTaskManager } from 'n8n-core/dist/execution-engine/scheduled-task-manager';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import { Expression } from 'n8n-workflow';

const ENCRYPTION_KEY = 'harness-encryption-key-not-secret';

/** Cron callbacks n8n-core registers when it activates a poller, by workflow id (see Poller). */
export const cronTicks = new Map<string, Array<() => Promise<void>>>();

let n8nCoreReady = false;

/** A logger whose every method hands its message to `write` (a no-op when silent); `scoped()` returns itself. */
function loggerTo(write: (level: string, message: unknown) => void): Logger {
	const logger: object = new Proxy(
		{},
		{
			get: (_target, prop) => {
				if (typeof prop !== 'string' || prop === 'then') return undefined;
				return prop === 'scoped' ? () => logger : (message: unknown) => write(prop, message);
			},
		},
	);
	return logger as Logger;
}

function silentLogger(): Logger {
	return loggerTo(() => undefined);
}

/**
 * Records what nodes write to n8n's log (`this.logger`: n8n-core's contexts fetch the Logger from the
 * container on every use) until `stop()` puts the silent logger back. Messages of every level, as text.
 */
export function captureLogs(): { messages: string[]; stop: () => void } {
	setUpN8nCore();
	const messages: string[] = [];
	Container.set(Logger, loggerTo((_level, message) => messages.push(String(message))));
	return { messages, stop: () => Container.set(Logger, silentLogger()) };
}

/**
 * n8n-core takes its services from the @n8n/di container. The few that need care are registered
 * here, once per jest module registry:
 * - Logger: silent, because WorkflowExecute reports every node error to ErrorReporter, which logs.
 * - InstanceSettings: a fixed encryption key for `Credentials`, and a settings folder under
 *   os.tmpdir(); the settings file is read once in the constructor, so the folder goes at once.
 * - ScheduledTaskManager: instead of real cron jobs, record the poll callbacks so a test runs
 *   "the next scheduled poll" on demand.
 * - SSHClientsManager: trigger contexts create it; the real one starts a 60 s interval (keeping
 *   jest alive) and adds a process 'exit' listener per test file. No node here uses SSH.
 * - Expressions: n8n-workflow's legacy engine (what N8N_EXPRESSION_ENGINE=legacy selects; the
 *   'vm' engine needs isolated-vm, which does not build on Node 20). Selected explicitly, not via
 *   the environment.
 */
export function setUpN8nCore(): void {
	if (n8nCoreReady) return;
	n8nCoreReady = true;

	Expression.setExpressionEngine('legacy');

	const logger = silentLogger();
	Container.set(Logger, logger);

	const folder = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
	try {
		const config = {
			n8nFolder: join(folder, '.n8n'),
			userHome: folder,
			encryptionKey: ENCRYPTION_KEY,
			enforceSettingsFilePermissions: false,
		} as InstanceSettingsConfig;
		Container.set(InstanceSettings, new InstanceSettings(config, logger));
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}

	const scheduler = {
		registerCron(ctx: { workflowId: string }, onTick: () => Promise<void>) {
			cronTicks.set(ctx.workflowId, [...(cronTicks.get(ctx.workflowId) ?? []), onTick]);
		},
		deregisterCrons(workflowId: string) {
			cronTicks.delete(workflowId);
		},
	};
	Container.set(ScheduledTaskManager, scheduler as unknown as ScheduledTaskManager);

	const noSsh = {
		getClient: async () => {
			throw new Error('harness: SSH tunnels are not supported');
		},
		updateLastUsed: () => undefined,
	};
	Container.set(SSHClientsManager, noSsh as unknown as SSHClientsManager);
}
