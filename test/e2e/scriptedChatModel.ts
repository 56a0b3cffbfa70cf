/**
 * A test double of the LLM, and only of the LLM: a tiny OpenAI-compatible `POST /v1/chat/completions` server on
 * 127.0.0.1 whose answers are scripted by the check (a tool call, then another, then a final answer). There is
 * no internet here and no model to run, so the "model's" choices are the script's; everything around it — n8n's
 * AI Agent, the wrapping of the node as a tool, the schema n8n builds from `$fromAI`, the node itself — is real.
 * It records every request n8n sends, so a check can read the tool schemas n8n offered to the model.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The parts of an OpenAI chat-completions request the checks read. */
export interface ChatRequest {
	model?: string;
	stream?: boolean;
	messages: Array<{ role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }>;
	tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: { properties?: Record<string, unknown>; required?: string[] } } }>;
}

/** What the script answers: a call of one tool with its arguments, or the final text. */
export type ScriptedReply = { tool: string; args: Record<string, unknown> } | { text: string };

export interface ScriptedChatModel {
	/** The base URL an OpenAI credential takes, e.g. http://127.0.0.1:12345/v1. */
	baseUrl: string;
	requests: ChatRequest[];
	close(): Promise<void>;
}

const MAX_REQUESTS = 20; // an agent looping on the double fails the check instead of running on

function readJson(request: IncomingMessage): Promise<unknown> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			try {
				resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
			} catch (error) {
				reject(error);
			}
		});
		request.on('error', reject);
	});
}

function toolCall(reply: { tool: string; args: Record<string, unknown> }, callNumber: number) {
	return { id: `call_${callNumber}`, type: 'function', function: { name: reply.tool, arguments: JSON.stringify(reply.args) } };
}

function message(reply: ScriptedReply, callNumber: number) {
	if ('text' in reply) return { role: 'assistant', content: reply.text };
	return { role: 'assistant', content: null, tool_calls: [toolCall(reply, callNumber)] };
}

function send(response: ServerResponse, reply: ScriptedReply, callNumber: number, stream: boolean): void {
	const finish = 'text' in reply ? 'stop' : 'tool_calls';
	const base = { id: `chatcmpl-${callNumber}`, created: Math.floor(Date.now() / 1000), model: 'scripted-test-double' };
	const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
	if (!stream) {
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: message(reply, callNumber), finish_reason: finish }], usage }));
		return;
	}
	// Streaming: the whole message as one delta (tool calls carry their index, as OpenAI's chunks do).
	const delta = 'text' in reply
		? { role: 'assistant', content: reply.text }
		: { role: 'assistant', content: null, tool_calls: [{ index: 0, ...toolCall(reply, callNumber) }] };
	const chunk = (choice: Record<string, unknown>) => `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, ...choice }] })}\n\n`;
	response.writeHead(200, { 'content-type': 'text/event-stream' });
	response.write(chunk({ delta, finish_reason: null }));
	response.write(chunk({ delta: {}, finish_reason: finish }));
	response.end('data: [DONE]\n\n');
}

/** Start the double; `script` gets every request n8n sent so far (the current one last) and picks the answer. */
export async function startScriptedChatModel(script: (requests: ChatRequest[]) => ScriptedReply): Promise<ScriptedChatModel> {
	const requests: ChatRequest[] = [];
	const server = createServer((request, response) => {
		if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions') || requests.length >= MAX_REQUESTS) {
			response.writeHead(404, { 'content-type': 'application/json' });
			response.end(JSON.stringify({ error: { message: `the scripted test double answers only ${MAX_REQUESTS} chat completions` } }));
			return;
		}
		readJson(request)
			.then((body) => {
				requests.push(body as ChatRequest);
				send(response, script(requests), requests.length, (body as ChatRequest).stream === true);
			})
			.catch((error: unknown) => {
				response.writeHead(500, { 'content-type': 'application/json' });
				response.end(JSON.stringify({ error: { message: error instanceof Error ? error.message : String(error) } }));
			});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
