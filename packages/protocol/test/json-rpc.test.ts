import { describe, expect, it } from 'vitest';
import { JsonRpcErrorCode } from '../src/index.js';
import { auth, callTool, expectCorsHeaders, json, makeServer, post, rpc, rpcError } from './helpers.js';

describe('the error table of the MCP endpoint (docs/spec-differences.md#errors)', () => {
  it('body that is not valid JSON: HTTP 400, -32700 Parse error, id null', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, '{"jsonrpc":"2.0","id":1,"method":"tools/call"', auth);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expectCorsHeaders(response);
    expect(await json(response)).toEqual(rpcError(null, { code: -32700, message: 'Parse error' }));
    expect(calls.authenticated).toEqual([]);
  });

  it('empty body and bytes that are not UTF-8 are parse errors too', async () => {
    const { server } = makeServer();
    for (const body of ['', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])]) {
      const response = await server.fetch(
        new Request('http://localhost/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      );
      expect(response.status).toBe(400);
      expect((await json(response)).error).toEqual({ code: -32700, message: 'Parse error' });
    }
  });

  it('unknown method: HTTP 200, -32601 Method not found, with the request id', async () => {
    const { server } = makeServer();
    const response = await post(server, rpc('filings/explode', {}, 'abc'));
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(rpcError('abc', { code: -32601, message: 'Method not found' }));
  });

  it('tools/call without a credential: HTTP 401, -32001 Unauthorized, challenge naming resource_metadata', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('get_forecast', { city: 'Oslo' }, 7));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer realm="mcp", resource_metadata="https://tax.example/api/mcp-server/.well-known/oauth-protected-resource"',
    );
    expectCorsHeaders(response);
    expect(await json(response)).toEqual(rpcError(7, { code: -32001, message: 'Unauthorized' }));
    expect(calls.handled).toEqual([]);
  });
});

describe('invalid requests: -32600', () => {
  const cases: Array<[string, unknown, string | number | null]> = [
    ['wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'ping' }, 1],
    ['missing jsonrpc', { id: 2, method: 'ping' }, 2],
    ['id of type object', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, null],
    ['id of type boolean', { jsonrpc: '2.0', id: true, method: 'ping' }, null],
    ['id null', { jsonrpc: '2.0', id: null, method: 'ping' }, null],
    ['missing method', { jsonrpc: '2.0', id: 3 }, 3],
    ['method not a string', { jsonrpc: '2.0', id: 4, method: 42 }, 4],
    ['params not structured', { jsonrpc: '2.0', id: 5, method: 'ping', params: 'x' }, 5],
    ['a JSON string', 'just text', null],
    ['a JSON number', 12, null],
    ['JSON null', null, null],
  ];
  it.each(cases)('%s: HTTP 400 with the id it could read', async (_name, message, id) => {
    const { server } = makeServer();
    const response = await post(server, JSON.stringify(message));
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body).toMatchObject({ jsonrpc: '2.0', id, error: { code: JsonRpcErrorCode.InvalidRequest } });
    expect(body.error.message).toMatch(/^Invalid Request/);
  });

  it('empty batch: HTTP 400, -32600', async () => {
    const { server } = makeServer();
    const response = await post(server, []);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(
      rpcError(null, { code: -32600, message: 'Invalid Request: empty batch' }),
    );
  });

  it('batch over maxBatchSize: HTTP 400, -32600, nothing runs', async () => {
    const { server, calls } = makeServer({ maxBatchSize: 3 });
    const batch = [1, 2, 3, 4].map((id) => callTool('get_forecast', { city: 'Oslo' }, id));
    const response = await post(server, batch, auth);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(
      rpcError(null, { code: -32600, message: 'Invalid Request: a batch holds at most 3 messages' }),
    );
    expect(calls.handled).toEqual([]);
    expect(calls.authenticated).toEqual([]);
  });

  it('default maxBatchSize is 100', async () => {
    const { server } = makeServer();
    const ok = await post(
      server,
      Array.from({ length: 100 }, (_, id) => rpc('ping', undefined, id)),
    );
    expect(ok.status).toBe(200);
    expect(await json(ok)).toHaveLength(100);
    const tooMany = await post(
      server,
      Array.from({ length: 101 }, (_, id) => rpc('ping', undefined, id)),
    );
    expect(tooMany.status).toBe(400);
  });
});

describe('batches', () => {
  it('answers one response per request, none for notifications, invalid entries with -32600', async () => {
    const { server } = makeServer();
    const response = await post(server, [
      rpc('ping', undefined, 1),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      rpc('nope', undefined, 'two'),
      { jsonrpc: '2.0', id: 3 },
      7,
    ]);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 'two', error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 3, error: { code: -32600, message: 'Invalid Request: method must be a string' } },
      rpcError(null, { code: -32600, message: 'Invalid Request: expected a JSON-RPC object' }),
    ]);
  });

  it('a batch of only notifications answers 202 with no body', async () => {
    const { server } = makeServer();
    const response = await post(server, [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
    ]);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expectCorsHeaders(response);
  });

  it('a batch with tools/call and a valid credential runs every call', async () => {
    const { server, calls } = makeServer();
    const response = await post(
      server,
      [callTool('get_forecast', { city: 'Oslo' }, 1), callTool('get_forecast', { city: 'Rome' }, 2)],
      auth,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    expect(calls.handled.map((c) => c.args)).toEqual([
      { city: 'Oslo', days: 3 },
      { city: 'Rome', days: 3 },
    ]);
    expect(calls.authenticated).toHaveLength(1);
  });
});

describe('notifications', () => {
  it.each(['notifications/initialized', 'notifications/cancelled', 'notifications/whatever', 'tools/call'])(
    '%s as a notification: 202, no body, no effect',
    async (method) => {
      const { server, calls } = makeServer();
      const response = await post(server, { jsonrpc: '2.0', method, params: { name: 'get_forecast' } }, auth);
      expect(response.status).toBe(202);
      expect(response.headers.get('content-type')).toBeNull();
      expect(await response.text()).toBe('');
      expect(calls.handled).toEqual([]);
    },
  );
});

describe('methods', () => {
  it('initialize echoes a supported protocolVersion and reports capabilities, serverInfo, instructions', async () => {
    const { server } = makeServer();
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const response = await post(
        server,
        rpc('initialize', {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: 'c', version: '1' },
        }),
      );
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: version,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'filing-mcp', version: '1.1.0' },
          instructions: 'Manages US LLC filings. Call get_form_schema first, then create_filing.',
        },
      });
    }
  });

  it('initialize answers 2025-06-18 for a version it does not speak', async () => {
    const { server } = makeServer();
    const response = await post(
      server,
      rpc('initialize', { protocolVersion: '1999-01-01', capabilities: {} }),
    );
    expect((await json(response)).result.protocolVersion).toBe('2025-06-18');
  });

  it('initialize honours protocolVersions and defaultProtocolVersion options', async () => {
    const { server } = makeServer({ protocolVersions: ['2025-11-25'], defaultProtocolVersion: '2025-11-25' });
    const response = await post(server, rpc('initialize', { protocolVersion: '2025-03-26' }));
    expect((await json(response)).result.protocolVersion).toBe('2025-11-25');
  });

  it('initialize without instructions omits the field; serverInfo carries title when given', async () => {
    const { server } = makeServer({
      instructions: undefined,
      serverInfo: { name: 'w', version: '2', title: 'Weather' },
    });
    const { result } = await json(await post(server, rpc('initialize', { protocolVersion: '2025-06-18' })));
    expect(result.instructions).toBeUndefined();
    expect(result.serverInfo).toEqual({ name: 'w', version: '2', title: 'Weather' });
  });

  it('initialize without protocolVersion is -32602', async () => {
    const { server } = makeServer();
    for (const params of [undefined, {}, { protocolVersion: 20250618 }, []]) {
      const response = await post(server, rpc('initialize', params));
      expect(response.status).toBe(200);
      expect((await json(response)).error).toEqual({
        code: -32602,
        message: 'Invalid params: protocolVersion must be a string',
      });
    }
  });

  it('ping answers an empty object; resources/list and prompts/list answer empty lists', async () => {
    const { server } = makeServer();
    const response = await post(server, [
      rpc('ping', undefined, 1),
      rpc('resources/list', {}, 2),
      rpc('prompts/list', undefined, 3),
    ]);
    expect(await json(response)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: { resources: [] } },
      { jsonrpc: '2.0', id: 3, result: { prompts: [] } },
    ]);
  });

  it('keeps string and number ids exactly, including unusual ones', async () => {
    const { server } = makeServer();
    const ids = ['', 'a"b\\c', '😀', 0, -1, 1.5, 9007199254740991];
    const response = await post(
      server,
      ids.map((id) => rpc('ping', undefined, id)),
    );
    expect((await json(response)).map((m: { id: unknown }) => m.id)).toEqual(ids);
  });

  it('params: null is read as absent', async () => {
    const { server } = makeServer();
    const response = await post(server, { jsonrpc: '2.0', id: 1, method: 'ping', params: null });
    expect(await json(response)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
