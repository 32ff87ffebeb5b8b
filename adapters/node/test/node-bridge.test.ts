import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiKey, migrateToLatest } from '@filing-mcp/filing-domain';
import { testDatabases } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createNodeServer, type NodeServer } from '../src/index.js';
import { fastMcpUrl, writeResponse } from '@filing-mcp/node-http';
import { type RawResponse, rawRequest } from './support/http.js';

// POSTs to exactly the MCP path take the purpose-built bridge (packages/node-http/src/node-bridge.ts); the same POST
// with a query string takes the general one (@hono/node-server), and the core answers both alike.
// So every case here is sent both ways, and the answers must be the same, headers included.
const FAST = '/mcp-server';
const GENERAL = '/mcp-server?via=general';
// Differ per answer by nature.
const VOLATILE = new Set(['date', 'x-request-id']);

function comparable(answer: RawResponse) {
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !VOLATILE.has(name)));
  return { status: answer.status, headers, body: answer.body };
}

const rpc = (method: string, params?: unknown, id: number | undefined = 1) =>
  JSON.stringify({
    jsonrpc: '2.0',
    ...(id !== undefined && { id }),
    method,
    ...(params !== undefined && { params }),
  });

describe.each(testDatabases())('the MCP POST bridge on $name', ({ create }) => {
  let db: Kysely<FilingDatabase>;
  let closeDb: () => Promise<void>;
  let node: NodeServer;
  let port: number;
  let apiKey: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const database = await create();
    db = database.db;
    closeDb = database.close;
    await migrateToLatest(db);
    apiKey = (await createApiKey(db, { userId: 'bridge-user', name: 'bridge' })).key;
    node = await createNodeServer({
      db,
      config: {
        appUrl: 'https://app.example.test',
        session: { secret: randomBytes(32).toString('base64url') },
      },
      port: 0,
      logger: createLogger({ write: (line) => lines.push(line) }),
      cleanupIntervalMs: 0,
    });
    port = Number(new URL(node.origin).port);
  });

  afterAll(async () => {
    await node?.close();
    await closeDb?.();
  });

  const both = async (options: { body?: string; headers?: Record<string, string>; host?: string }) => {
    const send = (path: string) =>
      rawRequest({ port, method: 'POST', path, host: `localhost:${port}`, ...options });
    const [fast, general] = [await send(FAST), await send(GENERAL)];
    return { fast, general };
  };

  const legacy = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
  const modernMeta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'bridge-test', version: '1.0.0' },
  };
  const modern = (method: string, name?: string) => ({
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...(name !== undefined && { 'mcp-name': name }),
  });

  const cases: Array<[string, () => { body?: string; headers?: Record<string, string> }]> = [
    ['tools/list (JSON)', () => ({ body: rpc('tools/list'), headers: { accept: 'application/json' } })],
    ['tools/list (SSE)', () => ({ body: rpc('tools/list'), headers: legacy })],
    [
      'initialize',
      () => ({
        body: rpc('initialize', {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        }),
        headers: legacy,
      }),
    ],
    [
      'a notification (202, no body)',
      () => ({ body: rpc('notifications/initialized', undefined, undefined), headers: legacy }),
    ],
    [
      'a tools/call without credential (401 challenge)',
      () => ({
        body: rpc('tools/call', { name: 'list_filings', arguments: {} }),
        headers: legacy,
      }),
    ],
    [
      'a credentialed tools/call',
      () => ({
        body: rpc('tools/call', { name: 'list_filings', arguments: {} }),
        headers: { ...legacy, authorization: `Bearer ${apiKey}` },
      }),
    ],
    [
      'a bad tool argument',
      () => ({
        body: rpc('tools/call', { name: 'get_filing', arguments: { id: 'not-a-uuid' } }),
        headers: { ...legacy, authorization: `Bearer ${apiKey}` },
      }),
    ],
    [
      'server/discover on the 2026 wire',
      () => ({
        body: rpc('server/discover', { _meta: modernMeta }),
        headers: modern('server/discover'),
      }),
    ],
    [
      'a modern header mismatch (400 ladder)',
      () => ({
        body: rpc('tools/list', { _meta: modernMeta }),
        headers: modern('tools/call'),
      }),
    ],
    ['a parse error', () => ({ body: '{"jsonrpc":', headers: legacy })],
    [
      'a wrong content type (415)',
      () => ({ body: rpc('tools/list'), headers: { ...legacy, 'content-type': 'text/plain' } }),
    ],
    ['a batch', () => ({ body: `[${rpc('tools/list')},${rpc('ping', undefined, 2)}]`, headers: legacy })],
    [
      'an unknown protocol version (400)',
      () => ({
        body: rpc('tools/list'),
        headers: { ...legacy, 'mcp-protocol-version': '2024-01-01' },
      }),
    ],
  ];

  it.each(cases)('%s: the same answer on both bridges', async (_name, build) => {
    const { fast, general } = await both(build());
    expect(comparable(fast)).toEqual(comparable(general));
    expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('joins a repeated Authorization header as Headers does, so a second credential is not hidden', async () => {
    // node:http keeps only the first Authorization in `incoming.headers`; `Headers` joins both,
    // and a joined value is no bearer credential: both bridges must refuse it, never accept the first.
    const answers = await Promise.all(
      [FAST, GENERAL].map(
        (path) =>
          new Promise<number>((resolve, reject) => {
            const outgoing = request(
              {
                host: '127.0.0.1',
                port,
                method: 'POST',
                path,
                agent: false,
                headers: [
                  'host',
                  `localhost:${port}`,
                  'content-type',
                  'application/json',
                  'accept',
                  'application/json',
                  'authorization',
                  `Bearer ${apiKey}`,
                  'authorization',
                  'Bearer someone-else',
                ],
              },
              (response) => {
                response.resume();
                response.on('end', () => resolve(response.statusCode ?? 0));
              },
            );
            outgoing.on('error', reject);
            outgoing.end(rpc('tools/call', { name: 'list_filings', arguments: {} }));
          }),
      ),
    );
    expect(answers).toEqual([401, 401]);
  });

  it('honours a caller request id and logs the request once, with its user', async () => {
    lines.length = 0;
    const answer = await rawRequest({
      port,
      method: 'POST',
      path: FAST,
      host: `localhost:${port}`,
      headers: { ...legacy, authorization: `Bearer ${apiKey}`, 'x-request-id': 'trace-42' },
      body: rpc('tools/call', { name: 'list_filings', arguments: {} }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe('trace-42');
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.request_id === 'trace-42');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request',
      method: 'POST',
      path: FAST,
      status: 200,
      user_id: 'bridge-user',
    });
    expect(JSON.stringify(logged)).not.toContain(apiKey);
  });

  it('refuses a foreign Host on the fast path too (DNS rebinding)', async () => {
    const answer = await rawRequest({
      port,
      method: 'POST',
      path: FAST,
      host: 'attacker.example',
      headers: legacy,
      body: rpc('tools/list'),
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error.message).toBe('Forbidden: Host not allowed');
  });
});

describe('which requests take the MCP POST bridge', () => {
  const incoming = (method: string, url: string, ...hosts: string[]) =>
    ({ method, url, rawHeaders: hosts.flatMap((host) => ['Host', host]) }) as unknown as IncomingMessage;

  it('POSTs to exactly the MCP path with one plain Host, at the URL the general bridge would build', () => {
    expect(fastMcpUrl(incoming('POST', '/mcp-server', 'localhost:3000'), '/mcp-server')).toBe(
      'http://localhost:3000/mcp-server',
    );
    expect(fastMcpUrl(incoming('POST', '/mcp-server', 'mcp.example.com'), '/mcp-server')).toBe(
      'http://mcp.example.com/mcp-server',
    );
    // The cases above send their second copy here: a query string, so the general bridge.
    expect(fastMcpUrl(incoming('POST', GENERAL, 'localhost:3000'), '/mcp-server')).toBeUndefined();
    expect(fastMcpUrl(incoming('GET', '/mcp-server', 'localhost:3000'), '/mcp-server')).toBeUndefined();
    expect(fastMcpUrl(incoming('POST', '/mcp-server/', 'localhost:3000'), '/mcp-server')).toBeUndefined();
    expect(fastMcpUrl(incoming('POST', '/mcp-server'), '/mcp-server')).toBeUndefined();
    // Two Host headers, and names the general bridge normalizes or refuses, stay with it.
    expect(
      fastMcpUrl(incoming('POST', '/mcp-server', 'a.example', 'b.example'), '/mcp-server'),
    ).toBeUndefined();
    for (const host of ['LOCALHOST:3000', '[::1]:3000', 'a b', 'evil.example/x', 'host:99999x']) {
      expect(fastMcpUrl(incoming('POST', '/mcp-server', host), '/mcp-server'), host).toBeUndefined();
    }
  });
});

describe('writeResponse on a streamed answer', () => {
  it('cancels the stream when the client goes away, so its producer stops', async () => {
    let cancelled: (reason: unknown) => void = () => {};
    const cancel = new Promise((resolve) => {
      cancelled = resolve;
    });
    let firstEventSent: () => void = () => {};
    const firstEvent = new Promise<void>((resolve) => {
      firstEventSent = resolve;
    });
    // An SSE answer that never ends by itself (like a subscription): one event, then an event
    // whenever the consumer asks for more.
    const server = createHttpServer((_incoming, outgoing) => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent++;
          controller.enqueue(new TextEncoder().encode(`data: ${sent}\n\n`));
          if (sent === 1) firstEventSent();
          return new Promise((resolve) => setTimeout(resolve, 10));
        },
        cancel: (reason) => cancelled(reason ?? 'cancelled'),
      });
      const response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      void writeResponse(response, outgoing, ['x-request-id', 'stream-test']);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const client = request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false });
      const answered = new Promise<{ status: number; type: string | undefined; id: string | undefined }>(
        (resolve) => {
          client.on('response', (response) => {
            response.once('data', () =>
              resolve({
                status: response.statusCode ?? 0,
                type: response.headers['content-type'],
                id: response.headers['x-request-id'] as string | undefined,
              }),
            );
          });
        },
      );
      client.on('error', () => {});
      client.end();
      expect(await answered).toEqual({ status: 200, type: 'text/event-stream', id: 'stream-test' });
      await firstEvent;
      client.destroy();
      await expect(cancel).resolves.toBeDefined();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
