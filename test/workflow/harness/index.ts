/**
 * Workflow test harness: runs nodes with n8n-core's own engine, the code n8n 1.x runs (N8N_1X in scripts/n8n/versions.ts).
 *
 * - runWorkflow() (run.ts): a real `WorkflowExecute` run (manual trigger → optional items source → your
 *   nodes), with a real credentials helper (credentials.ts: encrypted store, generic `authenticate`,
 *   `preAuthentication`) so `this.helpers.httpRequestWithAuthentication` sends real HTTP.
 * - createPoller() / runPoll() (poll.ts): a polling trigger activated through n8n-core's `ActiveWorkflows`
 *   (a real `PollContext`), with its static data persisted the way n8n's CLI persists it.
 * - methodContext() / callLoadOptions() (loadOptions.ts): the editor's method calls (list search, load
 *   options, resource mapping) through n8n-core's real `LoadOptionsContext`.
 * - node() (node.ts): a compact node definition.
 * - setUpN8nCore() (setup.ts): the one-time DI setup every entry point above calls itself; captureLogs()
 *   records what nodes write to n8n's log.
 *
 * What n8n-core 1.x (N8N_CORE_1X) does with HTTP errors, redirects, timeouts and node errors (the facts the
 * package's transport is designed from) is written down in ../README.md and asserted in
 * test/n8n-core/harness.test.ts.
 *
 * Only n8n-core, n8n-workflow and three packages n8n-core pins exactly (@n8n/di, @n8n/config for a
 * type, @n8n/backend-common) are used, plus two DI tokens from n8n-core's dist/ that its index does
 * not export. Nothing from n8n's CLI package is needed or copied.
 */
export type { CredentialsMap } from './credentials';
export { callLoadOptions, methodContext, type LoadOptionsCall, type MethodContextOptions } from './loadOptions';
export { node, type NodeOptions } from './node';
export { ITEMS_NODE, ITEMS_NODE_TYPE, START_NODE, START_NODE_TYPE, type NodeTypeMap } from './nodeTypes';
export { Poller, createPoller, runPoll, type PollResult, type PollerOptions } from './poll';
export { runWorkflow, type RunWorkflowOptions, type WorkflowResult } from './run';
export { captureLogs, setUpN8nCore } from './setup';
export { storedError, toStoredJson, type StoredError } from './stored';
