/**
 * What the trigger emitted, read back from n8n's execution records in Postgres (all of them: n8n's public
 * API leaves out running ones): the items of the trigger node in every execution of a workflow, whatever
 * became of the execution. A finished one has them in its run data; one whose worker was killed never wrote
 * run data, but its record still holds the trigger's items in the execution stack the main queued.
 */
import { loadFlatted } from '../../../scripts/n8n/flatted';
import type { QueueStack } from '../../../scripts/n8n/queue/stack';
import { TRIGGER } from './journalWorkflow';

interface Item {
	json: { id?: unknown };
}
interface ExecutionData {
	resultData?: { runData?: Record<string, Array<{ data?: { main?: Item[][] } }>> };
	executionData?: { nodeExecutionStack?: Array<{ node?: { name?: string }; data?: { main?: Item[][] } }> };
}

export interface TriggerExecution {
	id: string;
	status: string;
	/** Ids of the journal entries the trigger put into this execution, in order. */
	entryIds: string[];
	/** Whether the ids came from the run data (the execution ran its trigger node on a worker). */
	fromRunData: boolean;
}

function idsOf(items: Item[] | undefined): string[] {
	return (items ?? []).map((item) => String(item.json.id));
}

export async function triggerExecutions(stack: QueueStack, workflowId: string): Promise<TriggerExecution[]> {
	if (!/^[A-Za-z0-9]+$/.test(workflowId)) throw new Error(`unexpected workflow id ${workflowId}`);
	const rows = await stack.postgres.sql(
		`SELECT coalesce(json_agg(json_build_object('id', e.id, 'status', e.status, 'data', d.data) ORDER BY e.id), '[]')
		 FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id
		 WHERE e."workflowId" = '${workflowId}' AND e.mode = 'trigger'`,
		stack.mainInstance.env.DB_POSTGRESDB_DATABASE,
	);
	const flatted = loadFlatted(stack.runtime);
	return (JSON.parse(rows) as Array<{ id: number; status: string; data: string | null }>).map((row) => {
		const data = (row.data ? flatted.parse(row.data) : {}) as ExecutionData;
		const ran = data.resultData?.runData?.[TRIGGER]?.[0]?.data?.main?.[0];
		const queued = data.executionData?.nodeExecutionStack?.find((entry) => entry.node?.name === TRIGGER)?.data?.main?.[0];
		return { id: String(row.id), status: row.status, entryIds: idsOf(ran ?? queued), fromRunData: ran !== undefined };
	});
}
