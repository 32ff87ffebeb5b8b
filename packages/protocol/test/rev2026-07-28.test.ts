import { describe, expect, it } from 'vitest';
import { auth, GOOD_TOKEN, json, makeServer, post, rpc } from './helpers.js';

const V = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
};
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'filing-mcp', version: '1.1.0' } };

function modern(method: string, params: Record<string, unknown> = {}, id: string | number = 7) {
  return rpc(method, { ...params, _meta: META }, id);
}

function headers(method: string, extra: Record<string, string> = {}) {
  return { 'mcp-protocol-version': V, 'mcp-method': method, ...extra };
}

describe('MCP 2026-07-28: server/discover and results', () => {
  it('discover needs no credential and names versions, capabilities, hints and serverInfo in _meta', async () => {
    const { server, calls } = makeServer({ cacheHints: { ttlMs: 300_000, cacheScope: 'public' } });
    const response = await post(server, modern('server/discover'), headers('server/discover'));
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      result: {
        supportedVersions: [V],
        capabilities: { tools: { listChanged: false } },
        instructions: 'Manages US LLC filings. Call get_form_schema first, then create_filing.',
        resultType: 'complete',
        ttlMs: 300_000,
        cacheScope: 'public',
        _meta: SERVER_INFO,
      },
    });
    expect(calls.authenticated).toEqual([]);
  });

  it('tools/list carries the same tools as the legacy wire plus resultType, hints and _meta', async () => {
    const { server } = makeServer();
    const legacy = await json(await post(server, rpc('tools/list')));
    const response = await post(server, modern('tools/list'), headers('tools/list'));
    const body = await json(response);
    expect(body.result.tools).toEqual(legacy.result.tools);
    expect(body.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      _meta: SERVER_INFO,
    });
    // The legacy answer is untouched.
    expect(legacy.result.resultType).toBeUndefined();
  });

  it('tools/call needs a credential, then answers with resultType; SSE when accepted', async () => {
    const { server, calls } = makeServer();
    const call = modern('tools/call', { name: 'get_forecast', arguments: { city: 'Oslo' } });
    const refused = await post(server, call, headers('tools/call', { 'mcp-name': 'get_forecast' }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(calls.handled).toEqual([]);
    const response = await post(server, call, {
      ...headers('tools/call', { 'mcp-name': 'get_forecast' }),
      ...auth,
      accept: 'application/json, text/event-stream',
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    const body = JSON.parse(text.split('\n')[1]!.slice('data: '.length));
    expect(body.result).toMatchObject({
      structuredContent: { city: 'Oslo', days: 3 },
      resultType: 'complete',
      _meta: SERVER_INFO,
    });
    expect(calls.handled).toEqual([
      { tool: 'get_forecast', args: { city: 'Oslo', days: 3 }, userId: 'user-1' },
    ]);
  });

  it('requireAuth all challenges discover too', async () => {
    const { server } = makeServer({ requireAuth: 'all' });
    expect((await post(server, modern('server/discover'), headers('server/discover'))).status).toBe(401);
    const ok = await post(server, modern('server/discover'), {
      ...headers('server/discover'),
      authorization: `Bearer ${GOOD_TOKEN}`,
    });
    expect(ok.status).toBe(200);
  });

  it('subscriptions/listen acknowledges then closes with a final result', async () => {
    const { server } = makeServer();
    const response = await post(
      server,
      modern('subscriptions/listen', { notifications: { toolsListChanged: true } }),
      headers('subscriptions/listen'),
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const frames = (await response.text()).split('\n\n').filter((frame) => frame !== '');
    const messages = frames.map((frame) => JSON.parse(frame.split('\n')[1]!.slice('data: '.length)));
    expect(messages[0]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: {}, _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } },
    });
    expect(messages[1]).toMatchObject({ id: 7, result: { resultType: 'complete' } });
    expect(messages).toHaveLength(2);
  });
});

describe('MCP 2026-07-28: the validation ladder (400 / 404, id echoed)', () => {
  async function error(body: unknown, extra: Record<string, string>) {
    const { server, calls } = makeServer();
    const response = await post(server, body, { ...auth, ...extra });
    const parsed = await json(response);
    expect(calls.handled).toEqual([]);
    return { status: response.status, id: parsed.id, code: parsed.error?.code, data: parsed.error?.data };
  }

  it.each([
    ['params {}', rpc('server/discover', {}, 101)],
    [
      'no protocolVersion',
      rpc('server/discover', { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }, 102),
    ],
    [
      'no clientCapabilities',
      rpc('server/discover', { _meta: { 'io.modelcontextprotocol/protocolVersion': V } }, 104),
    ],
    [
      'bad logLevel',
      rpc('server/discover', { _meta: { ...META, 'io.modelcontextprotocol/logLevel': 'loud' } }, 105),
    ],
  ])('%s: -32602', async (_name, body) => {
    const result = await error(body, headers('server/discover'));
    expect(result).toMatchObject({ status: 400, id: body.id, code: -32602 });
  });

  it('clientInfo is optional', async () => {
    const { server } = makeServer();
    const { 'io.modelcontextprotocol/clientInfo': _info, ...meta } = META;
    const response = await post(server, rpc('server/discover', { _meta: meta }), headers('server/discover'));
    expect(response.status).toBe(200);
  });

  it('a modern header without the _meta claim is -32602, not the legacy path', async () => {
    expect(await error(rpc('tools/list', undefined, 9), headers('tools/list'))).toMatchObject({
      status: 400,
      id: 9,
      code: -32602,
    });
  });

  it('header and _meta disagreeing is -32020; an unsupported version is -32022 with supported/requested', async () => {
    const mismatch = await error(
      rpc(
        'server/discover',
        { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } },
        302,
      ),
      headers('server/discover'),
    );
    expect(mismatch).toMatchObject({ status: 400, id: 302, code: -32020 });
    const unsupported = await error(
      rpc(
        'server/discover',
        { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } },
        301,
      ),
      headers('server/discover', { 'mcp-protocol-version': 'v999.0.0' }),
    );
    expect(unsupported).toEqual({
      status: 400,
      id: 301,
      code: -32022,
      data: { supported: [V], requested: 'v999.0.0' },
    });
  });

  it('Mcp-Method missing or different is -32020; names are case-insensitive, values trimmed', async () => {
    expect(await error(modern('tools/list'), { 'mcp-protocol-version': V })).toMatchObject({
      status: 400,
      code: -32020,
    });
    expect(await error(modern('tools/list'), headers('TOOLS/LIST'))).toMatchObject({
      status: 400,
      code: -32020,
    });
    const { server } = makeServer();
    const ok = await post(server, modern('tools/list'), {
      'MCP-PROTOCOL-VERSION': V,
      'MCP-METHOD': '  tools/list\t',
    });
    expect(ok.status).toBe(200);
  });

  it('Mcp-Name: required on tools/call, base64 sentinel decoded, bad base64 and mismatch are -32020', async () => {
    const call = modern('tools/call', { name: 'get_forecast', arguments: { city: 'Oslo' } });
    expect(await error(call, headers('tools/call'))).toMatchObject({ status: 400, code: -32020 });
    expect(await error(call, headers('tools/call', { 'mcp-name': 'explode' }))).toMatchObject({
      status: 400,
      code: -32020,
    });
    expect(
      await error(call, headers('tools/call', { 'mcp-name': '=?base64?Z2V0X2Zv!!cmVjYXN0?=' })),
    ).toMatchObject({ status: 400, code: -32020 });
    const { server } = makeServer();
    const encoded = btoa('get_forecast');
    const ok = await post(server, call, {
      ...auth,
      ...headers('tools/call', { 'mcp-name': ` =?base64?${encoded}?= ` }),
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).result.structuredContent).toEqual({ city: 'Oslo', days: 3 });
  });

  it.each([
    'initialize',
    'ping',
    'logging/setLevel',
    'resources/subscribe',
    'prompts/list',
    'unknown/method',
  ])('%s is 404 -32601 on the modern wire', async (method) => {
    expect(await error(modern(method, {}, 'x'), headers(method))).toMatchObject({
      status: 404,
      id: 'x',
      code: -32601,
    });
  });

  it('malformed inputResponses or requestState on tools/call is an error, not a crash', async () => {
    const { server, calls } = makeServer();
    for (const extra of [{ inputResponses: 12345 }, { inputResponses: null }, { requestState: 5 }]) {
      const response = await post(
        server,
        modern('tools/call', { name: 'get_forecast', arguments: { city: 'Oslo' }, ...extra }),
        {
          ...auth,
          ...headers('tools/call', { 'mcp-name': 'get_forecast' }),
        },
      );
      expect((await json(response)).error.code).toBe(-32602);
    }
    expect(calls.handled).toEqual([]);
  });

  it('a batch with a modern claim is refused', async () => {
    const { server } = makeServer();
    const response = await post(server, [modern('tools/list', {}, 1), rpc('ping', undefined, 2)]);
    expect(response.status).toBe(400);
    expect((await json(response)).error.code).toBe(-32600);
  });
});

describe('a 2025 initialize asking for 2026-07-28', () => {
  it('gets 2025-11-25, the newest legacy revision', async () => {
    const { server } = makeServer();
    const response = await post(
      server,
      rpc('initialize', { protocolVersion: V, capabilities: {}, clientInfo: { name: 'x', version: '1' } }),
    );
    expect((await json(response)).result.protocolVersion).toBe('2025-11-25');
  });
});
