import { describe, expect, it } from 'vitest';
import { auth, callTool, expectCorsHeaders, json, makeServer, post, rpc, rpcError } from './helpers.js';

function request(method: string, init: RequestInit = {}) {
  return new Request('http://localhost/mcp', { method, ...init });
}

describe('SSE replies', () => {
  it('Accept listing text/event-stream gets one event: message frame per response', async () => {
    const { server } = makeServer();
    const response = await post(server, [rpc('ping', undefined, 1), rpc('tools/list', undefined, 2)], {
      accept: 'application/json, text/event-stream',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectCorsHeaders(response);
    const text = await response.text();
    const frames = text.split('\n\n').filter((f) => f !== '');
    expect(frames).toHaveLength(2);
    expect(frames[0]).toBe('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}');
    expect(frames[1]!.startsWith('event: message\ndata: ')).toBe(true);
    expect(JSON.parse(frames[1]!.slice('event: message\ndata: '.length)).result.tools).toHaveLength(6);
  });

  it('a tool result with line breaks stays one data line', async () => {
    const { server } = makeServer();
    const response = await post(server, callTool('get_forecast', { city: 'Oslo\nline two' }), {
      ...auth,
      accept: 'text/event-stream',
    });
    const text = await response.text();
    expect(text.split('\n')).toHaveLength(4);
    expect(JSON.parse(text.split('\n')[1]!.slice(6)).result.structuredContent.city).toBe('Oslo\nline two');
  });

  it("responseMode 'json' never uses SSE", async () => {
    const { server } = makeServer({ responseMode: 'json' });
    const response = await post(server, rpc('ping'), { accept: 'text/event-stream' });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await json(response)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('errors before any method runs stay JSON even when SSE is accepted', async () => {
    const { server } = makeServer();
    const response = await post(server, '{', { accept: 'text/event-stream' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('notifications still answer 202 with no body when SSE is accepted', async () => {
    const { server } = makeServer();
    const response = await post(
      server,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { accept: 'text/event-stream' },
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });
});

describe('HTTP methods', () => {
  it.each(['GET', 'DELETE', 'PUT', 'PATCH'])(
    '%s answers 405 with Allow and a JSON-RPC error body',
    async (method) => {
      const { server } = makeServer();
      const response = await server.fetch(request(method, { headers: auth }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      expectCorsHeaders(response);
      expect(await json(response)).toEqual(
        rpcError(null, {
          code: -32600,
          message: 'Method not allowed: this stateless server answers POST only',
        }),
      );
    },
  );

  it('OPTIONS answers 200, CORS headers only, never 401 even with requireAuth all and a bad token', async () => {
    const { server } = makeServer({ requireAuth: 'all', allowedHosts: ['nowhere:1'] });
    const response = await server.fetch(
      request('OPTIONS', {
        headers: {
          authorization: 'Bearer nope',
          origin: 'https://claude.ai',
          'access-control-request-method': 'POST',
        },
      }),
    );
    expect(response.status).toBe(200);
    expectCorsHeaders(response);
    expect(response.headers.get('access-control-max-age')).toBe('86400');
    expect(await response.text()).toBe('');
  });
});

describe('MCP-Protocol-Version header', () => {
  it('an unsupported version answers 400 -32600 naming the supported versions', async () => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('get_forecast', { city: 'Oslo' }), {
      ...auth,
      'mcp-protocol-version': '2024-01-01',
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(
      rpcError(null, {
        code: -32600,
        message:
          'Bad Request: unsupported MCP-Protocol-Version (supported versions: 2025-03-26, 2025-06-18, 2025-11-25)',
      }),
    );
    expect(calls.handled).toEqual([]);
  });

  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])('%s is accepted', async (version) => {
    const { server } = makeServer();
    const response = await post(server, rpc('ping'), { 'mcp-protocol-version': version });
    expect(response.status).toBe(200);
  });

  it('a missing header is accepted (read as 2025-03-26)', async () => {
    const { server } = makeServer();
    expect((await post(server, rpc('ping'))).status).toBe(200);
  });
});

describe('Content-Type', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['form', 'application/x-www-form-urlencoded'],
    ['json-ish', 'application/jsonp'],
  ])('%s answers 415 with a JSON-RPC error', async (_name, contentType) => {
    const { server, calls } = makeServer();
    const response = await post(server, callTool('get_forecast', { city: 'Oslo' }), {
      ...auth,
      'content-type': contentType,
    });
    expect(response.status).toBe(415);
    expect(await json(response)).toEqual(
      rpcError(null, {
        code: -32600,
        message: 'Unsupported Media Type: Content-Type must be application/json',
      }),
    );
    expect(calls.handled).toEqual([]);
  });

  it('a missing Content-Type answers 415', async () => {
    const { server } = makeServer();
    const response = await server.fetch(request('POST', { body: new Blob([JSON.stringify(rpc('ping'))]) }));
    expect(response.status).toBe(415);
  });

  it('application/json with parameters and any case is accepted', async () => {
    const { server } = makeServer();
    const response = await post(server, rpc('ping'), { 'content-type': 'Application/JSON; charset=utf-8' });
    expect(response.status).toBe(200);
  });
});

describe('body size limit', () => {
  const tooBig = JSON.stringify(callTool('get_forecast', { city: 'x'.repeat(2000) }));

  it('Content-Length over maxBodyBytes answers 413 without reading the body', async () => {
    const { server, calls } = makeServer({ maxBodyBytes: 1000 });
    let pulled = 0;
    // highWaterMark 0: the stream pulls only when someone reads.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(new TextEncoder().encode(tooBig));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const response = await server.fetch(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(tooBig.length), ...auth },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(await json(response)).toEqual(
      rpcError(null, { code: -32600, message: 'Payload Too Large: the body exceeds 1000 bytes' }),
    );
    expect(pulled).toBe(0);
    expect(calls.handled).toEqual([]);
  });

  it('a streamed body is counted and cancelled once past the limit, the rest never read', async () => {
    const { server, calls } = makeServer({ maxBodyBytes: 1000 });
    let chunksPulled = 0;
    let cancelled = false;
    const chunk = new Uint8Array(400).fill(0x20);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        chunksPulled++;
        // Endless: only cancellation ends it.
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const response = await server.fetch(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(cancelled).toBe(true);
    expect(chunksPulled).toBeLessThanOrEqual(5);
    expect(calls.handled).toEqual([]);
  });

  it('a body of exactly maxBodyBytes is accepted; the default limit is 1 MiB', async () => {
    const message = JSON.stringify(rpc('ping'));
    const { server } = makeServer({ maxBodyBytes: message.length });
    expect((await post(server, message)).status).toBe(200);

    const { server: defaults } = makeServer();
    const padded = message + ' '.repeat(1024 * 1024 - message.length);
    expect((await post(defaults, padded)).status).toBe(200);
    expect((await post(defaults, padded + ' ')).status).toBe(413);
  });

  it('a body split over many chunks is reassembled', async () => {
    const { server } = makeServer();
    const bytes = new TextEncoder().encode(JSON.stringify(rpc('ping', undefined, 'ü-split')));
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 3));
        offset += 3;
      },
    });
    const response = await server.fetch(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(await json(response)).toEqual({ jsonrpc: '2.0', id: 'ü-split', result: {} });
  });
});

describe('Host and Origin allow-lists (DNS-rebinding protection)', () => {
  const lists = {
    allowedHosts: ['127.0.0.1:3000', 'localhost:3000'],
    allowedOrigins: ['http://localhost:3000'],
  };

  it('a Host not listed answers 403 with a JSON-RPC error body', async () => {
    const { server, calls } = makeServer(lists);
    const response = await post(server, callTool('get_forecast', { city: 'Oslo' }), {
      ...auth,
      host: 'evil.example:3000',
    });
    expect(response.status).toBe(403);
    expectCorsHeaders(response);
    expect(await json(response)).toEqual(
      rpcError(null, { code: -32600, message: 'Forbidden: Host not allowed' }),
    );
    expect(calls.handled).toEqual([]);
  });

  it('without a Host header the URL host is checked', async () => {
    const { server } = makeServer(lists);
    // The test Request URL is http://localhost/mcp: port 80, not listed.
    expect((await post(server, rpc('ping'))).status).toBe(403);
  });

  it('a present Origin not listed answers 403', async () => {
    const { server } = makeServer(lists);
    const response = await post(server, rpc('ping'), {
      host: 'localhost:3000',
      origin: 'http://evil.example',
    });
    expect(response.status).toBe(403);
    expect((await json(response)).error.message).toBe('Forbidden: Origin not allowed');
  });

  it('listed Host and Origin pass, in any case; a missing Origin passes', async () => {
    const { server } = makeServer(lists);
    expect(
      (await post(server, rpc('ping'), { host: 'LOCALHOST:3000', origin: 'http://localhost:3000' })).status,
    ).toBe(200);
    expect((await post(server, rpc('ping'), { host: '127.0.0.1:3000' })).status).toBe(200);
  });
});

describe('CORS on every response', () => {
  const big = JSON.stringify(rpc('ping', { pad: 'x'.repeat(2000) }));
  const cases: Array<[number, RequestInit & { headers?: Record<string, string> }]> = [
    [200, { method: 'POST', body: JSON.stringify(rpc('ping')) }],
    [200, { method: 'POST', body: JSON.stringify(rpc('ping')), headers: { accept: 'text/event-stream' } }],
    [202, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) }],
    [400, { method: 'POST', body: '{' }],
    [401, { method: 'POST', body: JSON.stringify(callTool('get_forecast', { city: 'Oslo' })) }],
    [403, { method: 'POST', body: '{}', headers: { origin: 'http://evil.example' } }],
    [405, { method: 'GET' }],
    [413, { method: 'POST', body: big }],
    [415, { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } }],
  ];
  it.each(cases)('HTTP %i carries the CORS headers', async (status, init) => {
    const { server } = makeServer({ maxBodyBytes: 1000, allowedOrigins: ['http://localhost:3000'] });
    const response = await server.fetch(
      request(init.method!, { ...init, headers: { 'content-type': 'application/json', ...init.headers } }),
    );
    expect(response.status).toBe(status);
    expectCorsHeaders(response);
  });

  it('HTTP 500 (authenticate throwing) carries the CORS headers', async () => {
    const { server } = makeServer({
      authenticate: async () => {
        throw new Error('down');
      },
    });
    const response = await post(server, rpc('ping'), auth);
    expect(response.status).toBe(500);
    expectCorsHeaders(response);
  });
});
