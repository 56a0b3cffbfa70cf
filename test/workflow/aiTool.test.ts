/**
 * AI tool mode through n8n's own code: the fields route asked for the tool variant, n8n-core's
 * `createNodeAsTool` (what an AI Agent gets for a tool node) building the schema from the node's `$fromAI`
 * parameters, and n8n-core's engine resolving `$fromAI` from the tool's arguments (handed to the node as its
 * input item, as n8n does when it runs a tool node) — against the sandbox over HTTP. The agent and a model
 * are not here: the e2e runs a real AI Agent (test/e2e/aiTool.checks.ts).
 */
import axios from 'axios';
import { NodeHelpers, type IDataObject, type INodeParameters, type ResourceMapperField, type ResourceMapperValue } from 'n8n-workflow';
// Not re-exported by n8n-core's index; the AI Agent's tool wrapping of a node, used as n8n uses it.
import { createNodeAsTool } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';

import { bookingFields } from '../../nodes/VenueBooking/methods/resourceMapping';
import { VenueBooking } from '../../nodes/VenueBooking/VenueBooking.node';
import { startSandbox, type Sandbox } from '../../sandbox';
import { DAY_MS, formatDate } from '../../sandbox/time';
import { methodContext, node } from './harness';
import { ALL_SCOPES, credentialsFor, credentialTypes, itemsOf, NODE_TYPE, nodeTypes, runNode, SECRET_KEY } from './venueBooking';

/** A day a few days after the sandbox's clock (the real one here): its slots are free and never in the past. */
const daysAhead = (sandbox: Sandbox, days: number) => formatDate(sandbox.store.clock.now() + days * DAY_MS);

/** The type n8n gives the node's tool variant (`usableAsTool`). */
const TOOL_TYPE = `${NODE_TYPE}Tool`;
const toolNodeTypes = { ...nodeTypes, [TOOL_TYPE]: new VenueBooking() };
const bookingCreate = { resource: 'booking', operation: 'create' };

/** What the editor's "Let the model define this parameter" writes: the key is the field's label, sanitised. */
function fromAi(label: string, type = 'string'): string {
	return `={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${label.replace(/[^a-zA-Z0-9-]/g, '_')}', \`\`, '${type}') }}`;
}

/**
 * The tool an AI Agent gets for a node: its name and the argument names of its schema (a zod object; the
 * langchain tool's full type is too deep for the compiler, so only these two are read).
 */
function asAgentTool(nodeName: string, parameters: INodeParameters): { name: string; argumentNames: string[] } {
	const tool = createNodeAsTool({
		node: node(nodeName, TOOL_TYPE, parameters),
		nodeType: toolNodeTypes[TOOL_TYPE],
		handleToolInvocation: async () => '',
	}).response as unknown as { name: string; schema: { shape: Record<string, unknown> } };
	return { name: tool.name, argumentNames: Object.keys(tool.schema.shape).sort() };
}

function mapped(value: Record<string, string>, schema: ResourceMapperField[]): INodeParameters[string] {
	const saved: ResourceMapperValue = { mappingMode: 'defineBelow', value, matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
	return saved as unknown as INodeParameters[string];
}

async function offeredFields(sandbox: Sandbox, type: string): Promise<ResourceMapperField[]> {
	const context = methodContext({
		node: node('Venue Booking', type, bookingCreate, { credentials: { venueBookingApi: 'cred' } }),
		nodeTypes: toolNodeTypes,
		credentialTypes,
		credentials: credentialsFor(sandbox),
		path: 'parameters.fields',
	});
	return (await bookingFields.call(context)).fields;
}

describe('AI tool mode', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ keys: { [SECRET_KEY]: [...ALL_SCOPES] } });
	});
	afterAll(async () => sandbox.close());

	it('the tool variant labels each field seen by its bare name; the action node keeps type and example', async () => {
		const asTool = await offeredFields(sandbox, TOOL_TYPE);
		const asAction = await offeredFields(sandbox, NODE_TYPE);
		expect(asTool.map((field) => field.id)).toEqual(asAction.map((field) => field.id));
		expect(asTool.map((field) => field.displayName)).toEqual(asTool.map((field) => field.id));
		expect(asAction.find((field) => field.id === 'start')?.displayName).toMatch(/^\(America\/New_York\) start \(date-time, e\.g\. .* → sent as /);
		// The agent gives a client by identity: the field is in its form, without the workspace's clients as options.
		expect(asTool.find((field) => field.id === 'client_id')).toMatchObject({ type: 'string', pickedIn: 'client' });
		expect(asTool.find((field) => field.id === 'client_id')?.removed).toBeUndefined();
		// The room dropdown stays: a fixed room may still be picked by name.
		expect(asTool.find((field) => field.id === 'room_id')?.options?.length).toBeGreaterThan(0);
	});

	it("the tool variant shows its own notice (how to hand a field to the agent), decided by n8n's @tool display rule", () => {
		const description = new VenueBooking().description;
		const notices = description.properties.filter((property) => ['seenFieldsNotice', 'seenFieldsToolNotice'].includes(property.name));
		const shown = (typeName: string) => {
			const values = { ...bookingCreate };
			const asNode = node('Venue Booking', typeName, values);
			return notices.filter((notice) => NodeHelpers.displayParameter(values, notice, asNode, { ...description, name: typeName })).map((notice) => notice.name);
		};
		expect(shown('venueBookingTool')).toEqual(['seenFieldsToolNotice']);
		expect(shown('venueBooking')).toEqual(['seenFieldsNotice']);
	});

	it("n8n's tool wrapping asks the model for the workspace's field names and the Booking ID", async () => {
		const fields = (await offeredFields(sandbox, TOOL_TYPE)).filter((field) => ['start', 'note'].includes(field.id));
		const book = asAgentTool('Book a room', {
			...bookingCreate,
			fields: mapped(Object.fromEntries(fields.map((field) => [field.id, fromAi(field.displayName)])), fields),
		});
		expect(book).toEqual({ name: 'Book_a_room', argumentNames: ['note', 'start'] });
		const lookUp = asAgentTool('Look up', { resource: 'booking', operation: 'get', bookingId: { __rl: true, mode: 'list', value: fromAi('Booking ID') } });
		expect(lookUp.argumentNames).toEqual(['Booking_ID']);
	});

	it.each(['list', 'id'])('a Booking ID locator in %s mode takes the value the model gave', async (mode) => {
		const booking = sandbox.store.bookings[3];
		const result = await runNode(sandbox, { resource: 'booking', operation: 'get', bookingId: { __rl: true, mode, value: fromAi('Booking ID') } }, {
			inputItems: [{ Booking_ID: ` ${booking.id} ` }],
		});
		expect(itemsOf(result)).toEqual([expect.objectContaining({ id: booking.id })]);
	});

	it('the offered fields take the values the model gave; an empty one is not sent', async () => {
		const fields = await offeredFields(sandbox, TOOL_TYPE);
		const value = Object.fromEntries(['room_id', 'service_id', 'client_id', 'start', 'note'].map((id) => [id, fromAi(id)]));
		const room = sandbox.store.rooms[0];
		const free = await axios.get(`${sandbox.apiUrl}/slots`, { params: { from: daysAhead(sandbox, 3), to: daysAhead(sandbox, 3), room_id: room.id }, headers: { Authorization: `Bearer ${SECRET_KEY}` } });
		const slot = (Array.isArray(free.data) ? free.data : (Object.values(free.data).find(Array.isArray) as IDataObject[]))[0];
		const client = sandbox.store.clients[0].id;
		sandbox.resetRequests();
		const result = await runNode(sandbox, { ...bookingCreate, fields: mapped(value, fields) }, {
			inputItems: [{ room_id: room.id, service_id: slot.service_id, client_id: client, start: slot.start, note: '' }],
		});
		const sent = sandbox.requests.find((request) => request.method === 'POST')?.body;
		expect(sent).toEqual({ room_id: room.id, service_id: slot.service_id, client_id: client, start: slot.start });
		expect(itemsOf(result)[0]).toMatchObject({ room_id: room.id, start: slot.start, status: 'confirmed' });
	});
});
