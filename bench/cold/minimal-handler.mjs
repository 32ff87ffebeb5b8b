// The minimal fetch handler the cold start is compared with: a Lambda handler around a fetch
// function that parses the JSON-RPC body and answers a fixed result. No auth, no database.
import { eventToRequest, responseToResult } from './lambda-event.mjs';

const initializeResult = {
  protocolVersion: '2025-06-18',
  capabilities: { tools: {} },
  serverInfo: { name: 'minimal', version: '1.0.0' },
};
const toolResult = { content: [{ type: 'text', text: '{"ok":true}' }], structuredContent: { ok: true } };

const app = {
  async fetch(request) {
    const message = await request.json();
    const result = message.method === 'initialize' ? initializeResult : toolResult;
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }), {
      headers: { 'content-type': 'application/json' },
    });
  },
};

/** Buffered Lambda handler. */
export const handler = async (event) => responseToResult(await app.fetch(eventToRequest(event)));
