import { createServer, type IncomingHttpHeaders, type Server, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loopbackAllowList, preflightResponse, withCors } from '@filing-mcp/protocol';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEverythingServer, type EverythingHttpServer, startEverythingServer } from '../src/index.js';

// The fixture server serves through @filing-mcp/node-http's listener (POSTs to exactly /mcp take
// the fast bridge). The reference here is the same server and router behind @hono/node-server's
// listener alone, as it was served before: every answer must be the same, headers included.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function send(
  port: number,
  options: { method: string; path: string; host?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        agent: false,
        headers: { host: options.host ?? `localhost:${port}`, ...options.headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** The fixture behind @hono/node-server only, on its own loopback port. */
async function referenceServer(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const mcp = createEverythingServer(loopbackAllowList('127.0.0.1', port));
  server.on(
    'request',
    getRequestListener(
      (req: Request) => {
        if (req.method === 'OPTIONS') return preflightResponse();
        const { pathname } = new URL(req.url);
        if (pathname === '/mcp') return mcp.fetch(req);
        if (pathname === '/health') return withCors(Response.json({ status: 'ok' }));
        return withCors(
          Response.json(
            { error: 'not_found', error_description: 'The MCP endpoint is /mcp' },
            { status: 404 },
          ),
        );
      },
      { overrideGlobalObjects: false },
    ),
  );
  return { port, server };
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'listener-test', version: '1.0.0' },
};
const modern = (method: string, params: Record<string, unknown>, name?: string) => ({
  method: 'POST',
  path: '/mcp',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name !== undefined && { 'mcp-name': name }),
  },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }),
});
const legacy = (method: string, params: Record<string, unknown>) => ({
  method: 'POST',
  path: '/mcp',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  },
  body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
});

const CASES: Record<string, Parameters<typeof send>[1]> = {
  'tools/list (2026)': modern('tools/list', {}),
  'resources/read (2026)': modern('resources/read', { uri: 'test://static-text' }, 'test://static-text'),
  'resources/read of an unknown URI (2026)': modern('resources/read', { uri: 'test://nope' }, 'test://nope'),
  'tools/list (2025-11-25)': legacy('tools/list', {}),
  'a tool streaming progress over SSE (2025-11-25)': legacy('tools/call', {
    name: 'test_tool_with_progress',
    arguments: {},
    _meta: { progressToken: 'p1' },
  }),
  'a body that is no JSON': { ...legacy('tools/list', {}), body: '{"jsonrpc":' },
  'a foreign Host (DNS rebinding)': { ...modern('tools/list', {}), host: 'evil.example:80' },
  'a foreign Origin': {
    ...modern('tools/list', {}),
    headers: { ...modern('tools/list', {}).headers, origin: 'https://evil.example' },
  },
  'a POST with a query string': { ...modern('tools/list', {}), path: '/mcp?via=general' },
  'GET /mcp': { method: 'GET', path: '/mcp', headers: { accept: 'text/event-stream' } },
  'DELETE /mcp': { method: 'DELETE', path: '/mcp' },
  'a CORS preflight': {
    method: 'OPTIONS',
    path: '/mcp',
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
  },
  'GET /health': { method: 'GET', path: '/health' },
  'an unknown path': { method: 'GET', path: '/nope' },
  'a POST to an unknown path': { ...modern('tools/list', {}), path: '/mcp/' },
};

// Differ per answer by nature.
const VOLATILE = new Set(['date']);
const comparable = (answer: Answer) => ({
  status: answer.status,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !VOLATILE.has(name))),
  body: answer.body,
});

/** The JSON-RPC message of a one-event SSE body. */
const message = (body: string) => JSON.parse(/^data: (.*)$/m.exec(body)?.[1] ?? 'null');

let fixture: EverythingHttpServer;
let fixturePort: number;
let reference: { port: number; server: Server };

beforeAll(async () => {
  fixture = await startEverythingServer({ port: 0 });
  fixturePort = Number(fixture.url.port);
  reference = await referenceServer();
});
afterAll(async () => {
  await fixture?.close();
  reference?.server.closeAllConnections();
  await new Promise((resolve) => reference?.server.close(resolve));
});

describe('the fixture server through @filing-mcp/node-http answers as through @hono/node-server', () => {
  it.each(Object.entries(CASES))('%s', async (_name, options) => {
    const ours = await send(fixturePort, options);
    const theirs = await send(reference.port, options);
    expect(comparable(ours)).toEqual(comparable(theirs));
  });

  it('answers the everyday requests as a client expects', async () => {
    const list = await send(fixturePort, CASES['tools/list (2026)']!);
    expect(list.status).toBe(200);
    // One complete SSE event with its length known: the fixture answers every POST as a stream.
    expect(list.headers['content-type']).toBe('text/event-stream');
    expect(Number(list.headers['content-length'])).toBe(Buffer.byteLength(list.body));
    expect(message(list.body).result.tools.map((tool: { name: string }) => tool.name)).toContain(
      'test_simple_text',
    );
    const read = await send(fixturePort, CASES['resources/read (2026)']!);
    expect(message(read.body).result.contents[0]).toMatchObject({
      uri: 'test://static-text',
      text: 'This is the content of the static text resource.',
    });
    expect((await send(fixturePort, CASES['a foreign Host (DNS rebinding)']!)).status).toBe(403);
    expect((await send(fixturePort, CASES['GET /mcp']!)).status).toBe(405);
    expect((await send(fixturePort, CASES['GET /health']!)).body).toBe('{"status":"ok"}');
    expect((await send(fixturePort, CASES['an unknown path']!)).status).toBe(404);
    const stream = await send(fixturePort, CASES['a tool streaming progress over SSE (2025-11-25)']!);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.body.match(/notifications\/progress/g)).toHaveLength(3);
    expect(stream.body).toContain('Progress reported (/mcp)');
  });
});
