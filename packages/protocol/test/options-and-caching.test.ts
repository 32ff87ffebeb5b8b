import { describe, expect, it } from 'vitest';
import { createMcpServer, defineTool, JsonRpcErrorCode } from '../src/index.js';
import { z } from 'zod';
import { auth, callTool, json, makeServer, post, rpc } from './helpers.js';

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  inputSchema: z.object({ text: z.string() }),
  handler: ({ text }) => ({ text }),
});

describe('Cache-Control on authenticated answers (RFC 9111: no-store)', () => {
  it('a tools/call with a valid credential is no-store, as JSON and as SSE', async () => {
    const { server } = makeServer();
    const json = await post(server, callTool('get_forecast', { city: 'Oslo' }), auth);
    expect(json.status).toBe(200);
    expect(json.headers.get('cache-control')).toBe('no-store');
    const sse = await post(server, callTool('get_forecast', { city: 'Oslo' }), {
      ...auth,
      accept: 'application/json, text/event-stream',
    });
    expect(sse.headers.get('content-type')).toBe('text/event-stream');
    expect(sse.headers.get('cache-control')).toBe('no-store');
  });

  it('every answer computed for a known caller is no-store: tools/list and a batch with a credential', async () => {
    const { server } = makeServer();
    expect((await post(server, rpc('tools/list'), auth)).headers.get('cache-control')).toBe('no-store');
    const batch = await post(server, [rpc('ping', undefined, 1), rpc('tools/list', undefined, 2)], auth);
    expect(batch.headers.get('cache-control')).toBe('no-store');
  });

  it('an anonymous answer keeps its headers (no credential, nothing private)', async () => {
    const { server } = makeServer();
    expect((await post(server, rpc('tools/list'))).headers.get('cache-control')).toBeNull();
  });
});

describe('grouped options', () => {
  it('serverInfo, primitives, auth, http and hooks groups configure the server as the flat names did', async () => {
    const errors: unknown[] = [];
    const server = createMcpServer({
      serverInfo: { name: 'grouped', version: '1.0.0', instructions: 'Say hello.' },
      primitives: { tools: [echo] },
      auth: { authenticate: async (token) => (token === 'good' ? { userId: 'u1' } : undefined) },
      http: { maxBatchSize: 1 },
      hooks: { onError: (error) => errors.push(error) },
    });
    const init = await post(
      server,
      rpc('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      }),
    );
    const result = (await json(init)).result;
    expect(result.serverInfo).toEqual({ name: 'grouped', version: '1.0.0' });
    expect(result.instructions).toBe('Say hello.');
    const anonymous = await post(server, callTool('echo', { text: 'hi' }));
    expect(anonymous.status).toBe(401);
    const called = await post(server, callTool('echo', { text: 'hi' }), { authorization: 'Bearer good' });
    expect((await json(called)).result.structuredContent).toEqual({ text: 'hi' });
    const batch = await post(server, [rpc('ping', undefined, 1), rpc('ping', undefined, 2)]);
    expect(batch.status).toBe(400);
    expect((await json(batch)).error.message).toMatch(/at most 1 messages/);
  });

  it('a grouped value wins over its flat alias', async () => {
    const server = createMcpServer({
      serverInfo: { name: 'both', version: '1.0.0' },
      tools: [],
      maxBatchSize: 5,
      http: { maxBatchSize: 1 },
    });
    const batch = await post(server, [rpc('ping', undefined, 1), rpc('ping', undefined, 2)]);
    expect(batch.status).toBe(400);
  });
});

describe('JSON-RPC error codes', () => {
  it('every code is distinct (ServiceUnavailable no longer shares -32003 with InsufficientScope)', () => {
    const codes = Object.values(JsonRpcErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(JsonRpcErrorCode.InsufficientScope).toBe(-32003);
    expect(JsonRpcErrorCode.ServiceUnavailable).toBe(-32005);
  });
});
