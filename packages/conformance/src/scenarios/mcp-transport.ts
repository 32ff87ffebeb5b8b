import { describe, expect, it } from 'vitest';
import { expectCors } from '../support/assertions.js';
import { parseSseMessages, postMcp, requestId, rpc, rpcRequest } from '../support/mcp.js';
import type { Scenarios } from '../support/scenario-context.js';

const TOOL_NAMES = [
  'list_filings',
  'get_filing',
  'create_filing',
  'update_filing',
  'delete_filing',
  'list_partnership_filings',
  'get_partnership_filing',
  'create_partnership_filing',
  'update_partnership_filing',
  'delete_partnership_filing',
  'list_payments',
  'list_fax_logs',
  'get_form_schema',
  'get_pdf_url',
  'check_filing',
  'complete_filing',
  'send_fax',
  'mark_filed',
  'buy_filings',
  'buy_extension',
];

const clientInfo = { name: 'conformance', version: '1.0.0' };

/**
 * MCP over HTTP: methods, JSON-RPC framing and errors, SSE, HTTP-level rules
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports;
 * docs/spec-differences.md#mcp-endpoint).
 */
export const mcpTransportScenarios: Scenarios = (context) => {
  describe('mcp transport', () => {
    it('initialize answers the spec server identity without a credential', async () => {
      const { response, body, id } = await rpc(context.target, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expectCors(response);
      expect(body.jsonrpc).toBe('2.0');
      expect(body.id).toBe(id);
      expect(body.result.protocolVersion).toBe('2025-06-18');
      expect(body.result.capabilities).toBeTypeOf('object');
      expect(body.result.serverInfo).toMatchObject({ name: 'filing-mcp', version: '1.1.0' });
      expect(body.result.instructions).toMatch(/get_form_schema/);
      expect(body.result.instructions).toMatch(/create_filing/);
    });

    it.each(['2025-03-26', '2025-06-18', '2025-11-25'])(
      'initialize echoes the supported protocol version %s',
      async (version) => {
        const { body } = await rpc(context.target, 'initialize', {
          protocolVersion: version,
          capabilities: {},
          clientInfo,
        });
        expect(body.result.protocolVersion).toBe(version);
      },
    );

    it('initialize answers 2025-06-18 to an unsupported protocol version', async () => {
      const { response, body } = await rpc(context.target, 'initialize', {
        protocolVersion: '1999-01-01',
        capabilities: {},
        clientInfo,
      });
      expect(response.status).toBe(200);
      expect(body.result.protocolVersion).toBe('2025-06-18');
    });

    it('ping answers an empty object', async () => {
      const { response, body, id } = await rpc(context.target, 'ping');
      expect(response.status).toBe(200);
      expect(body).toEqual({ jsonrpc: '2.0', id, result: {} });
    });

    it('tools/list lists the 20 tools (the 14 of the spec, check_filing, complete_filing, send_fax, mark_filed, buy_filings and buy_extension) with descriptions, object input schemas and annotations', async () => {
      const { response, body } = await rpc(context.target, 'tools/list');
      expect(response.status).toBe(200);
      const tools = body.result.tools as any[];
      expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
      for (const tool of tools) {
        expect(tool.description, tool.name).toMatch(/\S/);
        expect(tool.inputSchema.type, tool.name).toBe('object');
        expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
        expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
        expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean');
        if (tool.outputSchema) expect(tool.outputSchema.type, tool.name).toBe('object');
      }
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      expect(byName.get('list_filings').annotations.readOnlyHint).toBe(true);
      expect(byName.get('delete_filing').annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
      });
      expect(byName.get('create_filing').annotations.readOnlyHint).toBe(false);
    });

    it('resources/list answers an empty list', async () => {
      const { response, body } = await rpc(context.target, 'resources/list');
      expect(response.status).toBe(200);
      expect(body.result.resources).toEqual([]);
    });

    it('prompts/list lists the guided interviews and the statement prompt, and prompts/get renders one naming the tools to call', async () => {
      const { response, body } = await rpc(context.target, 'prompts/list');
      expect(response.status).toBe(200);
      expect(body.result.prompts.map((prompt: any) => prompt.name)).toEqual([
        'prepare_form_5472',
        'prepare_partnership_return',
        'draft_reasonable_cause_statement',
      ]);
      const rendered = await rpc(context.target, 'prompts/get', { name: 'prepare_form_5472' });
      expect(rendered.response.status).toBe(200);
      const text = rendered.body.result.messages[0].content.text as string;
      for (const tool of [
        'get_form_schema',
        'create_filing',
        'check_filing',
        'complete_filing',
        'get_pdf_url',
      ]) {
        expect(text).toContain(tool);
      }
    });

    it.each(['notifications/initialized', 'notifications/cancelled'])(
      '%s answers 202 with no body',
      async (method) => {
        const params = method === 'notifications/cancelled' ? { requestId: 7, reason: 'user' } : undefined;
        const response = await postMcp(context.target, {
          jsonrpc: '2.0',
          method,
          ...(params ? { params } : {}),
        });
        expect(response.status).toBe(202);
        expect(await response.text()).toBe('');
        expectCors(response);
      },
    );

    it('a batch answers one response per request and none for notifications', async () => {
      const ping = rpcRequest('ping');
      const list = rpcRequest('tools/list');
      const response = await postMcp(context.target, [
        ping,
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        list,
      ]);
      expect(response.status).toBe(200);
      const body = (await response.json()) as any[];
      expect(Array.isArray(body)).toBe(true);
      expect(body).toHaveLength(2);
      const byId = new Map(body.map((message) => [message.id, message]));
      expect(byId.get(ping.id)).toEqual({ jsonrpc: '2.0', id: ping.id, result: {} });
      expect(byId.get(list.id).result.tools).toHaveLength(20);
    });

    it('a batch of only notifications answers 202', async () => {
      const response = await postMcp(context.target, [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
      ]);
      expect(response.status).toBe(202);
      expect(await response.text()).toBe('');
    });

    it('an empty batch is an invalid request (-32600)', async () => {
      const response = await postMcp(context.target, []);
      const body = await response.json();
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    });

    it('a batch over 100 messages is an invalid request (-32600)', async () => {
      const batch = Array.from({ length: 101 }, () => rpcRequest('ping'));
      const response = await postMcp(context.target, batch);
      expect(response.status).toBeLessThan(500);
      const body = await response.json();
      const error = Array.isArray(body) ? body[0] : body;
      expect(error).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    });

    it('a body that is not JSON answers 400 Parse error with id null', async () => {
      const response = await postMcp(context.target, undefined, {
        rawBody: '{"jsonrpc": "2.0", "id": 1, "method": ',
      });
      expect(response.status).toBe(400);
      expectCors(response);
      const body = await response.json();
      expect(body).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
      });
    });

    it('an unknown method answers 200 Method not found with the request id', async () => {
      const { response, body, id } = await rpc(context.target, 'filings/teleport');
      expect(response.status).toBe(200);
      expect(body).toEqual({
        jsonrpc: '2.0',
        id,
        error: { code: -32601, message: expect.stringMatching(/^Method not found/) },
      });
    });

    it.each([
      ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 5, method: 'ping' }],
      ['a missing method', { jsonrpc: '2.0', id: 5 }],
      ['an id of the wrong type', { jsonrpc: '2.0', id: { nested: true }, method: 'ping' }],
      ['a bare number', 42],
    ])('%s is an invalid request (-32600)', async (_name, message) => {
      const response = await postMcp(context.target, message);
      expect(response.status).toBeLessThan(500);
      const body = await response.json();
      expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    });

    it('tools/call without a tool name is invalid params (-32602)', async () => {
      const userId = crypto.randomUUID();
      const apiKey = await context.target.createApiKey(userId);
      const { response, body, id } = await rpc(
        context.target,
        'tools/call',
        { arguments: {} },
        { credential: apiKey },
      );
      expect(response.status).toBe(200);
      expect(body).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32602 } });
    });

    it('an unknown tool is invalid params (-32602)', async () => {
      const apiKey = await context.target.createApiKey(crypto.randomUUID());
      const { response, body, id } = await rpc(
        context.target,
        'tools/call',
        { name: 'file_taxes_for_me', arguments: {} },
        { credential: apiKey },
      );
      expect(response.status).toBe(200);
      expect(body).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32602 } });
    });

    it('Accept: text/event-stream answers SSE frames (event: message, data: <json>)', async () => {
      const id = requestId();
      const response = await postMcp(context.target, rpcRequest('ping', undefined, id), {
        headers: { accept: 'application/json, text/event-stream' },
      });
      expect(response.status).toBe(200);
      const type = response.headers.get('content-type') ?? '';
      const text = await response.text();
      if (type.startsWith('text/event-stream')) {
        expect(parseSseMessages(text)).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
      } else {
        expect(type).toMatch(/^application\/json/);
        expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id, result: {} });
      }
      const sse = await postMcp(context.target, rpcRequest('ping', undefined, id), {
        headers: { accept: 'text/event-stream' },
      });
      expect(sse.status).toBe(200);
      expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expectCors(sse);
      expect(parseSseMessages(await sse.text())).toEqual([{ jsonrpc: '2.0', id, result: {} }]);
    });

    it('an SSE batch carries one frame per response', async () => {
      const first = rpcRequest('ping');
      const second = rpcRequest('tools/list');
      const response = await postMcp(context.target, [first, second], {
        headers: { accept: 'text/event-stream' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const messages = parseSseMessages(await response.text()).flat() as any[];
      expect(messages.map((message) => message.id).sort()).toEqual([first.id, second.id].sort());
    });

    it.each(['GET', 'DELETE'])('%s on the MCP endpoint answers 405 with Allow', async (method) => {
      const response = await context.target.fetch(context.target.baseUrl, {
        method,
        headers: { accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow') ?? '').toMatch(/POST/);
      expectCors(response);
    });

    it('an unsupported MCP-Protocol-Version header answers 400', async () => {
      const response = await postMcp(context.target, rpcRequest('ping'), {
        headers: { 'mcp-protocol-version': '1999-01-01' },
      });
      expect(response.status).toBe(400);
      expectCors(response);
    });

    it('a supported MCP-Protocol-Version header is accepted', async () => {
      const { response, body } = await rpc(context.target, 'tools/list', undefined, {
        headers: { 'mcp-protocol-version': '2025-06-18' },
      });
      expect(response.status).toBe(200);
      expect(body.result.tools).toHaveLength(20);
    });

    it('a Content-Type other than JSON answers 415', async () => {
      const response = await postMcp(context.target, rpcRequest('ping'), {
        headers: { 'content-type': 'text/plain' },
      });
      expect(response.status).toBe(415);
      expectCors(response);
    });

    it('a body over 1 MiB answers 413', async () => {
      const padding = 'x'.repeat(1024 * 1024 + 16);
      const response = await postMcp(context.target, rpcRequest('ping', { padding }));
      expect(response.status).toBe(413);
      expectCors(response);
    });

    it('a request from a foreign Origin answers 403 (DNS-rebinding protection)', async () => {
      const response = await postMcp(context.target, rpcRequest('ping'), {
        headers: { origin: 'http://attacker.example' },
      });
      expect(response.status).toBe(403);
      const allowed = await postMcp(context.target, rpcRequest('ping'), {
        headers: { origin: new URL(context.target.appUrl).origin },
      });
      expect(allowed.status).toBe(200);
    });
  });
};
