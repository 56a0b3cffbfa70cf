/**
 * The floor inside n8n: a node that does nothing but send its requests through n8n-core's
 * `httpRequestWithAuthentication` with the Venue Booking credential — no retries, no checks, no pagination
 * detection. Any node that follows the design rule (every request through that helper) pays at least this;
 * the gap between it and the plain loop is n8n-core's, the gap between it and our node is ours.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

export const CORE_LOOP_TYPE = 'bench.coreLoop';
export const CORE_LOOP_NAME = 'Core Loop';

const text = (name: string) => ({ displayName: name, name, type: 'string' as const, default: '' });

interface FullResponse {
	body: unknown;
	headers: Record<string, string | undefined>;
}

export class CoreLoop implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Core Loop',
		name: CORE_LOOP_TYPE,
		group: ['transform'],
		version: 1,
		description: 'Requests through n8n-core and nothing else (benchmark floor)',
		defaults: { name: CORE_LOOP_NAME },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'venueBookingApi', required: true }],
		// Declared so the Workflow keeps them (undeclared parameters are dropped).
		properties: [
			{ displayName: 'Mode', name: 'mode', type: 'options', options: [{ name: 'Pages', value: 'pages' }, { name: 'Per Item', value: 'perItem' }], default: 'pages' },
			text('url'),
			text('id'),
			{ displayName: 'Parallel', name: 'parallel', type: 'number', default: 1 },
			text('limitParameter'),
			text('cursorParameter'),
			text('cursorHeader'),
			{ displayName: 'Page Size', name: 'pageSize', type: 'number', default: 100 },
			{ displayName: 'Max Pages', name: 'maxPages', type: 'number', default: 10_000 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const get = async (url: string, qs?: IDataObject) =>
			(await this.helpers.httpRequestWithAuthentication.call(this, 'venueBookingApi', {
				method: 'GET',
				url,
				qs,
				json: true,
				returnFullResponse: true,
			})) as FullResponse;

		if (this.getNodeParameter('mode', 0) === 'perItem') {
			// One request per input item: `url` + the item's `id` parameter (an expression, as any node reads
			// its per-item values), percent-encoded; `parallel` workers, output in input order.
			const items = this.getInputData();
			const prefix = this.getNodeParameter('url', 0) as string;
			const output: INodeExecutionData[] = new Array(items.length);
			let next = 0;
			const worker = async () => {
				while (next < items.length) {
					const i = next++;
					const response = await get(prefix + encodeURIComponent(String(this.getNodeParameter('id', i))));
					output[i] = { json: response.body as IDataObject, pairedItem: { item: i } };
				}
			};
			const parallel = Math.max(1, this.getNodeParameter('parallel', 0) as number);
			await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
			return [output];
		}

		const url = this.getNodeParameter('url', 0) as string;
		const limitParameter = this.getNodeParameter('limitParameter', 0) as string;
		const cursorParameter = this.getNodeParameter('cursorParameter', 0) as string;
		const cursorHeader = (this.getNodeParameter('cursorHeader', 0) as string).toLowerCase();
		const pageSize = this.getNodeParameter('pageSize', 0) as number;
		const maxPages = this.getNodeParameter('maxPages', 0) as number;
		const output: INodeExecutionData[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < maxPages; page++) {
			const qs: IDataObject = { [limitParameter]: pageSize };
			if (cursor !== undefined) qs[cursorParameter] = cursor;
			const response = await get(url, qs);
			for (const json of response.body as IDataObject[]) output.push({ json, pairedItem: { item: 0 } });
			cursor = response.headers[cursorHeader];
			if (!cursor) break;
		}
		return [output];
	}
}
