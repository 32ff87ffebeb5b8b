import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpServer } from '../src/index.js';
import type { RequestContext } from '../src/index.js';
import {
  auth,
  callTool,
  GOOD_TOKEN,
  json,
  makeServer,
  post,
  RESOURCE_METADATA_URL,
  rpc,
  rpcError,
  USER,
} from './helpers.js';

const CHALLENGE = `Bearer realm="mcp", resource_metadata="${RESOURCE_METADATA_URL}"`;
const INVALID_CHALLENGE = `${CHALLENGE}, error="invalid_token"`;

describe('authentication', () => {
  it('initialize, tools/list and ping need no credential by default', async () => {
    const { server, calls } = makeServer();
    for (const method of ['initialize', 'tools/list', 'ping']) {
      const response = await post(server, rpc(method, { protocolVersion: '2025-06-18' }));
      expect(response.status).toBe(200);
    }
    expect(calls.authenticated).toEqual([]);
  });

  it('a valid credential runs tools/call and sets context.auth for the adapter', async () => {
    const { server, calls } = makeServer();
    const context: RequestContext = {};
    const response = await server.fetch(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `bearer ${GOOD_TOKEN}` },
        body: JSON.stringify(callTool('get_forecast', { city: 'Oslo' })),
      }),
      context,
    );
    expect(response.status).toBe(200);
    expect(context.auth).toEqual(USER);
    expect(calls.handled[0]!.userId).toBe('user-1');
  });

  it.each([
    ['no Authorization header', {}],
    ['another scheme', { authorization: `Basic ${btoa('u:p')}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('tools/call with %s: 401 without error=, nothing runs', async (_name, headers) => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('get_forecast', { city: 'Oslo' }, 'req-9'), headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
    expect(await json(response)).toEqual(rpcError('req-9', { code: -32001, message: 'Unauthorized' }));
    expect(calls.handled).toEqual([]);
    expect(calls.authenticated).toEqual([]);
  });

  it.each(['initialize', 'tools/list', 'ping', 'tools/call'])(
    'an invalid credential gets 401 with error="invalid_token" even for %s',
    async (method) => {
      const { server, calls } = makeServer();
      const params = method === 'tools/call' ? { name: 'get_forecast', arguments: { city: 'Oslo' } } : {};
      const response = await post(server, rpc(method, params, 3), { authorization: 'Bearer nf_expired' });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(INVALID_CHALLENGE);
      expect(await json(response)).toEqual(rpcError(3, { code: -32001, message: 'Unauthorized' }));
      expect(calls.handled).toEqual([]);
    },
  );

  it('an invalid credential on a notification answers 401 with id null', async () => {
    const { server } = makeServer();
    const response = await post(
      server,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { authorization: 'Bearer nope' },
    );
    expect(response.status).toBe(401);
    expect((await json(response)).id).toBeNull();
  });

  it('a batch with a tools/call and no credential answers 401 for every request in it, running none', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, [
      rpc('ping', undefined, 1),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      callTool('get_forecast', { city: 'Oslo' }, 2),
    ]);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
    expect(await json(response)).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Unauthorized' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32001, message: 'Unauthorized' } },
    ]);
    expect(calls.handled).toEqual([]);
  });

  it('authenticates at most once per HTTP request, however many calls a batch holds', async () => {
    const { server, calls } = makeServer();
    const batch = Array.from({ length: 5 }, (_, id) => callTool('get_forecast', { city: 'Oslo' }, id));
    const response = await post(server, batch, auth);
    expect(response.status).toBe(200);
    expect(calls.authenticated).toEqual(['nf_']);
    expect(calls.handled).toHaveLength(5);
  });

  it("requireAuth 'all' challenges every unauthenticated MCP request, initialize included", async () => {
    const { server } = makeServer({ requireAuth: 'all' });
    for (const message of [
      rpc('initialize', { protocolVersion: '2025-06-18' }),
      rpc('tools/list'),
      rpc('ping'),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]) {
      const response = await post(server, message);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(CHALLENGE);
    }
    const ok = await post(server, rpc('initialize', { protocolVersion: '2025-06-18' }), auth);
    expect(ok.status).toBe(200);
  });

  it('without resourceMetadataUrl the challenge is Bearer realm="mcp" alone', async () => {
    const { server } = makeServer({ resourceMetadataUrl: undefined });
    const response = await post(server, callTool('get_forecast', { city: 'Oslo' }));
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="mcp"');
  });

  it('without an authenticate hook tools/call always answers 401, other methods ignore the credential', async () => {
    const { server } = makeServer({ authenticate: undefined });
    const withToken = await post(server, callTool('get_forecast', { city: 'Oslo' }), auth);
    expect(withToken.status).toBe(401);
    expect(withToken.headers.get('www-authenticate')).toBe(INVALID_CHALLENGE);
    const list = await post(server, rpc('tools/list'), auth);
    expect(list.status).toBe(200);
  });

  it('an authenticate hook that throws is HTTP 500 -32603, generic, reported to onError', async () => {
    const errors: unknown[] = [];
    const server = createMcpServer({
      serverInfo: { name: 's', version: '1' },
      tools: [{ name: 't', description: 'd', inputSchema: z.object({}), handler: () => ({}) }],
      authenticate: async () => {
        throw new Error('connection refused to db at 10.0.0.3');
      },
      onError: (error) => errors.push(error),
    });
    const response = await post(server, callTool('t', {}, 4), { authorization: 'Bearer x' });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(rpcError(4, { code: -32603, message: 'Internal error' }));
    expect(text).not.toContain('10.0.0.3');
    expect(errors).toHaveLength(1);
  });

  it('a credential never reaches onError', async () => {
    const { server, calls } = makeServer();
    await post(server, callTool('explode', {}), auth);
    expect(calls.errors).toHaveLength(1);
    const dump = calls.errors
      .map(({ error, where }) => [String(error), (error as Error).stack, JSON.stringify(where)].join('\n'))
      .join('\n');
    expect(dump).toContain('secret database password');
    expect(dump).not.toContain(GOOD_TOKEN);
  });
});
