import { describe, expect, it } from 'vitest';
import type { ConformanceTarget } from '../conformance-target.js';
import { expectCors, expectMcpChallenge } from '../support/assertions.js';
import { singleMemberForm } from '../support/forms.js';
import { callToolOk, newUser, parseSseMessages, postMcp, requestId } from '../support/mcp.js';
import type { Scenarios } from '../support/scenario-context.js';

const VERSION = '2026-07-28';
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'filing-mcp', version: '1.1.0' } };
const META = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'conformance', version: '1.0.0' },
};

interface ModernOptions {
  credential?: string;
  headers?: Record<string, string>;
  meta?: Record<string, unknown>;
  sse?: boolean;
}

/** One MCP 2026-07-28 request: `_meta` in the body, `MCP-Protocol-Version`, `Mcp-Method` and (for tools/call) `Mcp-Name`. */
async function modernRequest(
  target: ConformanceTarget,
  method: string,
  params: Record<string, unknown> = {},
  options: ModernOptions = {},
): Promise<{ response: Response; id: number }> {
  const id = requestId();
  const name: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  const response = await postMcp(
    target,
    { jsonrpc: '2.0', id, method, params: { ...params, _meta: options.meta ?? META } },
    {
      ...(options.credential === undefined ? {} : { credential: options.credential }),
      headers: {
        'mcp-protocol-version': VERSION,
        'mcp-method': method,
        ...name,
        ...(options.sse === true ? { accept: 'application/json, text/event-stream' } : {}),
        ...options.headers,
      },
    },
  );
  return { response, id };
}

/** {@link modernRequest}, with its answer read: the JSON body, or with `sse` the last event's message. */
async function modern(
  target: ConformanceTarget,
  method: string,
  params: Record<string, unknown> = {},
  options: ModernOptions = {},
): Promise<{ response: Response; body: any; id: number }> {
  const { response, id } = await modernRequest(target, method, params, options);
  const text = await response.text();
  const body =
    options.sse && response.headers.get('content-type') === 'text/event-stream'
      ? parseSseMessages(text).at(-1)
      : text
        ? JSON.parse(text)
        : undefined;
  return { response, body, id };
}

/**
 * The MCP 2026-07-28 wire on the same endpoint as the 2025 revisions
 * (https://modelcontextprotocol.io/specification/2026-07-28; docs/connecting-clients.md#protocol-revisions).
 */
export const mcpModernScenarios: Scenarios = (context) => {
  describe('mcp 2026-07-28 wire', () => {
    it('server/discover needs no credential and names the revision, tools, caching hints and serverInfo', async () => {
      const { response, body, id } = await modern(context.target, 'server/discover');
      expect(response.status).toBe(200);
      expectCors(response);
      expect(body).toMatchObject({ jsonrpc: '2.0', id });
      expect(body.result).toMatchObject({
        supportedVersions: [VERSION],
        capabilities: { tools: {} },
        resultType: 'complete',
        ttlMs: 300_000,
        cacheScope: 'public',
        _meta: SERVER_INFO,
      });
      expect(body.result.instructions).toMatch(/get_form_schema/);
      expect(body.result.protocolVersion).toBeUndefined();
      expect(body.result.capabilities.resources).toEqual(context.target.packetResources ? {} : undefined);
    });

    it('tools/list lists the same 20 tools as the 2025 wire, public for 5 minutes, also as SSE', async () => {
      const legacy = await postMcp(context.target, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const legacyTools = ((await legacy.json()) as any).result.tools;
      for (const sse of [false, true]) {
        const { response, body } = await modern(context.target, 'tools/list', {}, { sse });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(sse ? 'text/event-stream' : 'application/json');
        expect(body.result.tools).toEqual(legacyTools);
        expect(body.result).toMatchObject({
          resultType: 'complete',
          ttlMs: 300_000,
          cacheScope: 'public',
          _meta: SERVER_INFO,
        });
      }
    });

    it('tools/call without a credential answers the same 401 challenge as the 2025 wire', async () => {
      const { response, id } = await modernRequest(context.target, 'tools/call', {
        name: 'list_filings',
        arguments: {},
      });
      await expectMcpChallenge(context.target, response, id, 'missing');
    });

    it('the tools behave as on the 2025 wire: create_filing then get_filing with an API key', async () => {
      const { apiKey } = await newUser(context.target);
      const created = await modern(
        context.target,
        'tools/call',
        { name: 'create_filing', arguments: { form_data: singleMemberForm() } },
        { credential: apiKey },
      );
      expect(created.response.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.result.isError ?? false, JSON.stringify(created.body.result)).toBe(false);
      expect(created.body.result).toMatchObject({ resultType: 'complete', _meta: SERVER_INFO });
      const { id } = created.body.result.structuredContent;
      const fetched = await modern(
        context.target,
        'tools/call',
        { name: 'get_filing', arguments: { id } },
        { credential: apiKey, sse: true },
      );
      const legacy = await callToolOk(context.target, apiKey, 'get_filing', { id });
      expect(fetched.body.result.structuredContent).toEqual(legacy);
      expect(JSON.parse(fetched.body.result.content[0].text)).toEqual(legacy);
    });

    it('the validation ladder answers 400 with the request id: -32602, -32020, -32022', async () => {
      const missingMeta = await modern(context.target, 'server/discover', {}, { meta: {} });
      expect(missingMeta.response.status).toBe(400);
      expect(missingMeta.body).toMatchObject({ id: missingMeta.id, error: { code: -32602 } });
      const mismatch = await modern(
        context.target,
        'server/discover',
        {},
        { headers: { 'mcp-protocol-version': '2025-11-25' } },
      );
      expect(mismatch.response.status).toBe(400);
      expect(mismatch.body).toMatchObject({ id: mismatch.id, error: { code: -32020 } });
      const unsupported = await modern(
        context.target,
        'server/discover',
        {},
        {
          meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
          headers: { 'mcp-protocol-version': '2099-01-01' },
        },
      );
      expect(unsupported.response.status).toBe(400);
      expect(unsupported.body).toMatchObject({
        id: unsupported.id,
        error: { code: -32022, data: { supported: [VERSION], requested: '2099-01-01' } },
      });
      const wrongName = await modern(
        context.target,
        'tools/call',
        { name: 'list_filings', arguments: {} },
        {
          headers: { 'mcp-name': 'get_filing' },
        },
      );
      expect(wrongName.response.status).toBe(400);
      expect(wrongName.body).toMatchObject({ id: wrongName.id, error: { code: -32020 } });
    });

    it('prompts/list lists the same prompts as the 2025 wire', async () => {
      const { response, body } = await modern(context.target, 'prompts/list');
      expect(response.status).toBe(200);
      expect(body.result.prompts.map((prompt: any) => prompt.name)).toEqual([
        'prepare_form_5472',
        'prepare_partnership_return',
        'draft_reasonable_cause_statement',
      ]);
    });

    it.each(['initialize', 'ping', 'logging/setLevel', 'no/such-method'])(
      '%s answers 404 -32601 on the 2026-07-28 wire',
      async (method) => {
        const { response, body, id } = await modern(context.target, method);
        expect(response.status).toBe(404);
        expect(body).toEqual({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
      },
    );

    it('resources/* follow the declared capability: without packet resources 404 -32601; with them open public lists and a challenged read', async () => {
      if (!context.target.packetResources) {
        for (const method of ['resources/list', 'resources/templates/list']) {
          const { response, body, id } = await modern(context.target, method);
          expect(response.status).toBe(404);
          expect(body).toEqual({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
        }
        return;
      }
      const list = await modern(context.target, 'resources/list');
      expect(list.response.status).toBe(200);
      expect(list.body.result).toMatchObject({ resources: [], resultType: 'complete', cacheScope: 'public' });
      const templates = await modern(context.target, 'resources/templates/list');
      expect(templates.body.result.resourceTemplates.map((t: any) => t.uriTemplate)).toEqual([
        'filing://filings/{id}/packet.pdf',
        'filing://partnership/{id}/packet.pdf',
      ]);
      const uri = 'filing://filings/00000000-0000-4000-8000-000000000000/packet.pdf';
      const read = await modern(context.target, 'resources/read', { uri }, { headers: { 'mcp-name': uri } });
      expect(read.response.status).toBe(401);
      expect(read.response.headers.get('www-authenticate')).toContain('resource_metadata=');
      expect(read.body).toEqual({
        jsonrpc: '2.0',
        id: read.id,
        error: { code: -32001, message: 'Unauthorized' },
      });
    });

    it('subscriptions/listen is acknowledged, then closed cleanly', async () => {
      const { response, id } = await modernRequest(
        context.target,
        'subscriptions/listen',
        { notifications: { toolsListChanged: true } },
        { sse: true },
      );
      expect(response.status).toBe(200);
      const messages = parseSseMessages(await response.text()) as any[];
      expect(messages).toHaveLength(2);
      expect(messages[0]).toMatchObject({
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': id } },
      });
      expect(messages[1]).toMatchObject({ id, result: { resultType: 'complete' } });
    });

    it('a 2025 initialize asking for 2026-07-28 gets 2025-11-25', async () => {
      const response = await postMcp(context.target, {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      });
      expect(((await response.json()) as any).result.protocolVersion).toBe('2025-11-25');
    });
  });
};
