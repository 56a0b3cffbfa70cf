/**
 * AI tool mode in real n8n: the Venue Booking node as the tools of n8n's AI Agent. The chat model is a
 * scripted test double (scriptedChatModel.ts: no internet, no model here); n8n's agent, its wrapping of the
 * node as a tool, the `$fromAI` schema and resolution, and the node are all real.
 *
 * - The editor's fields route, asked for the tool variant, labels each field seen by its bare name.
 * - A workflow whose tools fill the offered fields and the Booking ID locator with `$fromAI` — written as the
 *   editor's "Let the model define this parameter" writes them, the key named after the field's label — runs:
 *   the "model" books a free slot, then looks the booking up by the ID the tool returned.
 * - Asserted: the tool schemas n8n sent to the model name the workspace's fields, the booking exists in the
 *   workspace with the values the model chose, and the lookup ran for that booking.
 */
import axios from 'axios';
import { runError, type RunData } from '../../scripts/n8n/runData';
import type { N8nRestClient } from '../../scripts/n8n/rest';
import { FULL_CREDENTIAL, FULL_KEY, type E2eContext } from './context';
import { assert, assertEqual } from './harness';
import { startScriptedChatModel, type ChatRequest, type ScriptedReply } from './scriptedChatModel';

const TOOL_TYPE = 'n8n-nodes-venue-booking.venueBookingTool';
const BOOK = 'Book a room';
const LOOK_UP = 'Look up a booking';
/** n8n names a tool after its node (nodeNameToToolName): what the model calls. */
const toolName = (nodeName: string) => nodeName.replace(/[^a-zA-Z0-9_-]/g, '_');
/** The fields the agent fills when booking, as the workspace's bookings spell them (the sandbox's names). */
const BOOKED_FIELDS = ['room_id', 'service_id', 'client_id', 'start'];
const DAY = '2027-03-05';

interface OfferedField { id: string; displayName: string; type?: string }

/**
 * The value the editor writes for a field the model defines: "Let the model define this parameter" keys
 * `$fromAI` by the field's label (sanitised); a dropdown field has no such button, so it takes the
 * expression the node's notice shows, keyed by the same name.
 */
function fromAiValue(field: OfferedField): string {
	const key = field.displayName.replace(/[^a-zA-Z0-9-]/g, '_').slice(0, 63);
	if (field.type === 'options') return `={{ $fromAI('${key}', 'the ID of a ${key.replace(/_id$/, '')}', 'string') }}`;
	return `={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${key}', \`\`, '${field.type === 'number' ? 'number' : 'string'}') }}`;
}

function toolNode(name: string, position: number[], parameters: Record<string, unknown>) {
	return { id: toolName(name), name, type: TOOL_TYPE, typeVersion: 1, position, parameters, credentials: { venueBookingApi: { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name } } };
}

function agentWorkflow(fields: OfferedField[], modelCredential: { id: string; name: string }) {
	const value = Object.fromEntries(fields.map((field) => [field.id, fromAiValue(field)]));
	return {
		name: 'e2e: Venue Booking as the tools of an AI agent',
		nodes: [
			{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'agent', name: 'AI Agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 3, position: [300, 0],
				parameters: { promptType: 'define', text: `Book a free slot on ${DAY}, then look the booking up.`, options: {} },
			},
			{
				id: 'model', name: 'Chat Model', type: '@n8n/n8n-nodes-langchain.lmChatOpenAi', typeVersion: 1.2, position: [200, 250],
				parameters: { model: { __rl: true, mode: 'id', value: 'scripted-test-double' }, options: {} },
				credentials: { openAiApi: modelCredential },
			},
			toolNode(BOOK, [400, 250], {
				resource: 'booking', operation: 'create',
				fields: { mappingMode: 'defineBelow', value, matchingColumns: [], schema: fields, attemptToConvertTypes: false, convertFieldsToString: false },
			}),
			toolNode(LOOK_UP, [600, 250], {
				resource: 'booking', operation: 'get',
				// The locator as it stands in the default From List mode, its value handed to the model.
				bookingId: { __rl: true, mode: 'list', value: "={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('Booking_ID', ``, 'string') }}" },
			}),
		],
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
			[BOOK]: { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
			[LOOK_UP]: { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** Everything a node put out in an execution (tool nodes put theirs on `ai_tool`), as one JSON text. */
function outputOf(run: RunData, nodeName: string): string {
	const runs = run.data.resultData.runData[nodeName];
	assert(runs && runs.length > 0, `node "${nodeName}" ran (ran: ${Object.keys(run.data.resultData.runData).join(', ')})`);
	return JSON.stringify(runs.map((entry) => entry.data ?? entry.error));
}

function toolsOffered(request: ChatRequest | undefined) {
	return new Map((request?.tools ?? []).map((tool) => [tool.function.name, tool.function]));
}

export async function aiToolCheck(context: E2eContext, rest: N8nRestClient): Promise<void> {
	const { checks, sandbox } = context;
	await checks.check('AI tool: an AI Agent books through Venue Booking tools with $fromAI fields and Booking ID (the chat model is a scripted test double)', async () => {
		console.log('     (the chat model here is a local scripted test double of the LLM; the n8n agent, tool wrapping, $fromAI and the node are real)');
		const answer = await rest.dynamicNodeParameters('resource-mapper-fields', {
			nodeTypeAndVersion: { name: TOOL_TYPE, version: 1 },
			currentNodeParameters: { resource: 'booking', operation: 'create' },
			credentials: { venueBookingApi: { id: FULL_CREDENTIAL.id, name: FULL_CREDENTIAL.name } },
			path: 'parameters.fields',
			methodName: 'bookingFields',
		});
		assertEqual(answer.status, 200, `status of the tool's fields route (${JSON.stringify(answer.body).slice(0, 300)})`);
		const offered = (answer.body as { data: { fields: OfferedField[] } }).data.fields;
		assert(offered.every((field) => field.displayName === field.id), `as a tool, each field is labelled by its name: ${offered.map((field) => field.displayName).join(', ')}`);
		const fields = BOOKED_FIELDS.map((id) => offered.find((field) => field.id === id));
		assert(fields.every(Boolean), `the workspace's bookings show ${BOOKED_FIELDS.join(', ')} (offered: ${offered.map((field) => field.id).join(', ')})`);

		const room = sandbox.store.rooms[0];
		const slots = await axios.get(`${sandbox.apiUrl}/slots`, { params: { from: DAY, to: DAY, room_id: room.id }, headers: { Authorization: `Bearer ${FULL_KEY}` } });
		const slot = (slots.data as { items: Array<Record<string, string>> }).items[0];
		const client = sandbox.store.clients[0];
		const chosen = { room_id: room.id, service_id: slot.service_id, client_id: client.id, start: slot.start };
		const created = () => sandbox.store.bookings.find((booking) => booking.roomId === room.id && booking.start === slot.start && booking.status !== 'cancelled');

		const model = await startScriptedChatModel((requests): ScriptedReply => {
			const toolResults = requests[requests.length - 1].messages.filter((message) => message.role === 'tool').length;
			if (toolResults === 0) return { tool: toolName(BOOK), args: chosen };
			if (toolResults === 1) return { tool: toolName(LOOK_UP), args: { Booking_ID: created()?.id ?? 'none-was-created' } };
			return { text: 'Booked and checked.' };
		});
		try {
			const credential = await rest.createCredential({ name: 'Scripted chat model (test double)', type: 'openAiApi', data: { apiKey: 'test-double-no-key', url: model.baseUrl } });
			const { id } = await rest.createWorkflow(agentWorkflow(fields as OfferedField[], { id: credential.id, name: 'Scripted chat model (test double)' }));
			const execution = await rest.waitForExecution(await rest.runWorkflow(id, 'Start'), 90_000);
			assertEqual(runError(execution.run), undefined, 'error of the agent workflow');

			const tools = toolsOffered(model.requests[0]);
			const book = tools.get(toolName(BOOK));
			assertEqual(Object.keys(book?.parameters?.properties ?? {}).sort(), [...BOOKED_FIELDS].sort(), `arguments n8n asked the model for in ${toolName(BOOK)}`);
			assertEqual(Object.keys(tools.get(toolName(LOOK_UP))?.parameters?.properties ?? {}), ['Booking_ID'], `arguments of ${toolName(LOOK_UP)}`);
			console.log(`     tool descriptions n8n sent: ${[...tools.values()].map((tool) => `${tool.name}: "${tool.description}"`).join('; ')}`);

			const booking = created();
			assert(booking, `a booking of ${room.id} at ${slot.start} exists in the workspace`);
			assertEqual([booking.serviceId, booking.clientId, booking.status], [slot.service_id, client.id, 'confirmed'], 'the booking [service, client, status] the model chose');
			assert(outputOf(execution.run, BOOK).includes(booking.id), `the ${BOOK} tool's output carries the new booking's ID`);
			assert(outputOf(execution.run, LOOK_UP).includes(booking.id), `the ${LOOK_UP} tool fetched booking ${booking.id}`);
			const toolMessages = model.requests[model.requests.length - 1].messages.filter((message) => message.role === 'tool');
			assert(toolMessages.length === 2 && JSON.stringify(toolMessages[1].content).includes(booking.id), 'the lookup\'s answer reached the model');
		} finally {
			await model.close();
		}
	});
}
