import { describe, expect, it } from 'vitest';
import { McpError, type MethodDefinition } from '../src/index.js';
import { auth, json, makeServer, post, rpc, rpcError, USER } from './helpers.js';

const V = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
};
const modern = (method: string, params: Record<string, unknown> = {}) =>
  rpc(method, { ...params, _meta: META });
const headers2026 = (method: string, extra: Record<string, string> = {}) => ({
  'mcp-protocol-version': V,
  'mcp-method': method,
  ...extra,
});

const echo: MethodDefinition = {
  method: 'acme/echo',
  experimental: { version: 1 },
  handler: (params, context) => ({ said: params.text ?? null, user: context.auth?.userId ?? null }),
};
const refuse: MethodDefinition = {
  method: 'acme/refuse',
  handler: () => {
    throw new McpError(-32001, 'Refused by acme', { why: 'closed' });
  },
};
const broken: MethodDefinition = {
  method: 'acme/broken',
  handler: () => {
    throw new Error('database password in here');
  },
};
const notAnObject: MethodDefinition = { method: 'acme/number', handler: () => 42 as unknown as object };

describe('methods of the server’s own', () => {
  it('answers a registered method on the 2025-11-25 wire, with the caller, and declares it under experimental', async () => {
    const { server } = makeServer({ methods: [echo] });
    const response = await post(server, rpc('acme/echo', { text: 'hi' }), auth);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { said: 'hi', user: USER.userId },
    });
    const anonymous = await json(await post(server, rpc('acme/echo')));
    expect(anonymous.result).toEqual({ said: null, user: null });

    const init = await json(
      await post(
        server,
        rpc('initialize', {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        }),
      ),
    );
    expect(init.result.capabilities.experimental).toEqual({ 'acme/echo': { version: 1 } });
  });

  it('answers it on the 2026-07-28 wire with the envelope of every result', async () => {
    const { server } = makeServer({ methods: [echo] });
    const response = await post(server, modern('acme/echo', { text: 'hej' }), headers2026('acme/echo', auth));
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.result).toMatchObject({ said: 'hej', user: USER.userId, resultType: 'complete' });
    const discover = await json(
      await post(server, modern('server/discover'), headers2026('server/discover')),
    );
    expect(discover.result.capabilities.experimental).toEqual({ 'acme/echo': { version: 1 } });
  });

  it('a method not registered is still -32601; params that are not an object are -32602 before the handler', async () => {
    const calls: unknown[] = [];
    const { server } = makeServer({
      methods: [
        {
          method: 'acme/count',
          handler: (params) => {
            calls.push(params);
            return {};
          },
        },
      ],
    });
    expect(await json(await post(server, rpc('acme/other')))).toEqual(
      rpcError(1, { code: -32601, message: 'Method not found' }),
    );
    const bad = await json(await post(server, rpc('acme/count', [1, 2])));
    expect(bad.error).toEqual({ code: -32602, message: 'Invalid params: params must be an object' });
    expect(calls).toEqual([]);
  });

  it('an McpError is answered as it is; any other failure is -32603, reported, its message kept on the server', async () => {
    const { server, calls } = makeServer({ methods: [refuse, broken, notAnObject] });
    expect((await json(await post(server, rpc('acme/refuse')))).error).toEqual({
      code: -32001,
      message: 'Refused by acme',
      data: { why: 'closed' },
    });
    const failed = await post(server, rpc('acme/broken'));
    const text = await failed.text();
    expect(JSON.parse(text).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(text).not.toContain('password');
    expect((await json(await post(server, rpc('acme/number')))).error.code).toBe(-32603);
    expect(calls.errors.map((entry) => entry.where)).toEqual([
      { method: 'acme/broken' },
      { method: 'acme/number' },
    ]);
  });

  it('requireAuth "all" covers it as every other method', async () => {
    const { server } = makeServer({ methods: [echo], requireAuth: 'all' });
    expect((await post(server, rpc('acme/echo'))).status).toBe(401);
    expect((await post(server, rpc('acme/echo'), auth)).status).toBe(200);
  });

  it('refuses, at construction, a name MCP or JSON-RPC owns, a method twice and a method without a handler', () => {
    const handler = () => ({});
    for (const method of [
      'initialize',
      'ping',
      'tools/list',
      'tools/mine',
      'notifications/acme',
      'rpc.discover',
      '',
    ]) {
      expect(() => makeServer({ methods: [{ method, handler }] }), method).toThrow(/Custom method refused/);
    }
    expect(() => makeServer({ methods: [echo, echo] })).toThrow('Method acme/echo is registered twice');
    expect(() => makeServer({ methods: [{ method: 'acme/x' } as MethodDefinition] })).toThrow(/no handler/);
  });
});
