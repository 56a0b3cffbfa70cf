/**
 * Workflows made only of n8n's built-in nodes, proving the machinery (install, import, execute,
 * server, REST, public API) independently of the package's own nodes.
 */
import type { WorkflowToImport } from '../../scripts/n8n/cli';

const manualTrigger = {
	id: 'b0a1c9f2-0001-4000-8000-000000000001',
	name: 'Manual Trigger',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** Manual Trigger → Set (a literal and an expression, so the expression engine is exercised) → No-Op. */
export const SET_FIELDS_WORKFLOW: WorkflowToImport = {
	id: 'e2eSetFields0001',
	name: 'e2e: set fields',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		manualTrigger,
		{
			id: 'b0a1c9f2-0001-4000-8000-000000000002',
			name: 'Set Fields',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [220, 0],
			parameters: {
				assignments: {
					assignments: [
						{ id: 'f1', name: 'greeting', value: 'hello', type: 'string' },
						{ id: 'f2', name: 'sum', value: '={{ 1 + 2 }}', type: 'number' },
					],
				},
				options: {},
			},
		},
		{
			id: 'b0a1c9f2-0001-4000-8000-000000000003',
			name: 'Done',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [440, 0],
			parameters: {},
		},
	],
	connections: {
		'Manual Trigger': { main: [[{ node: 'Set Fields', type: 'main', index: 0 }]] },
		'Set Fields': { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
	},
};

export const SET_FIELDS_EXPECTED_ITEMS = [{ greeting: 'hello', sum: 3 }];

/** Manual Trigger → Stop and Error: how a failing node looks from the CLI (exit code, error in run data). */
export const FAILING_WORKFLOW: WorkflowToImport = {
	id: 'e2eFailing000001',
	name: 'e2e: failing node',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		manualTrigger,
		{
			id: 'b0a1c9f2-0002-4000-8000-000000000002',
			name: 'Fail',
			type: 'n8n-nodes-base.stopAndError',
			typeVersion: 1,
			position: [220, 0],
			parameters: { errorMessage: 'expected e2e failure' },
		},
	],
	connections: { 'Manual Trigger': { main: [[{ node: 'Fail', type: 'main', index: 0 }]] } },
};

/** A Schedule Trigger workflow: something that can be activated (a Manual Trigger alone cannot). */
export const SCHEDULED_WORKFLOW: WorkflowToImport = {
	id: 'e2eScheduled0001',
	name: 'e2e: scheduled',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'b0a1c9f2-0003-4000-8000-000000000001',
			name: 'Every Hour',
			type: 'n8n-nodes-base.scheduleTrigger',
			typeVersion: 1.2,
			position: [0, 0],
			parameters: { rule: { interval: [{ field: 'hours', hoursInterval: 1 }] } },
		},
		{
			id: 'b0a1c9f2-0003-4000-8000-000000000002',
			name: 'Done',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 0],
			parameters: {},
		},
	],
	connections: { 'Every Hour': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
};
