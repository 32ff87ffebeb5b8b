import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAllowListCheck, loopbackAllowList, type McpServer } from '../src/index.js';
import { expectCorsHeaders, makeServer, rpcError } from './helpers.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// node:http rather than fetch: fetch does not let a caller choose the Host header.
function rawPost(port: number, headers: Record<string, string>, body: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/mcp',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ping = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });

describe('loopback allow-list on a real socket (DNS-rebinding protection)', () => {
  let http: Server;
  let port: number;
  let server: McpServer | undefined;

  beforeAll(async () => {
    // The allow-list names the port, which is known only once the socket listens.
    http = createServer(
      getRequestListener((request) => server!.fetch(request), { overrideGlobalObjects: false }),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
    server = makeServer(loopbackAllowList('127.0.0.1', port)!).server;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  it.each([
    'http://localhost:6274',
    'http://127.0.0.1:6274',
    'http://[::1]:6274',
    'https://localhost:8443',
    'http://localhost',
    'HTTP://LOCALHOST:6274',
  ])('a loopback Origin on another port (%s) is served', async (origin) => {
    const answer = await rawPost(port, { host: `localhost:${port}`, origin }, ping);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });

  it.each([
    'http://evil.example',
    'http://evil.example:6274',
    'http://localhost.evil.example:6274',
    'http://127.0.0.1.evil.example',
    'ftp://localhost:6274',
    'http://localhost:6274/path',
    'http://localhost:',
    'null',
  ])('a non-loopback or malformed Origin (%s) answers 403', async (origin) => {
    const answer = await rawPost(port, { host: `localhost:${port}`, origin }, ping);
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(answer.body)).toEqual(
      rpcError(null, { code: -32600, message: 'Forbidden: Origin not allowed' }),
    );
  });

  it('the Host stays tied to our port: a loopback name on another port answers 403', async () => {
    for (const host of ['localhost:6274', 'localhost', 'evil.example', `evil.example:${port}`]) {
      const answer = await rawPost(port, { host, origin: 'http://localhost:6274' }, ping);
      expect(answer.status, host).toBe(403);
      expect(JSON.parse(answer.body).error.message, host).toBe('Forbidden: Host not allowed');
    }
  });
});

describe('createAllowListCheck', () => {
  const request = (headers: Record<string, string>, url = 'http://localhost:3000/mcp') =>
    new Request(url, { headers });

  it('is undefined when neither list is set', () => {
    expect(createAllowListCheck({})).toBeUndefined();
  });

  it('names the refused header; Host is checked before Origin', () => {
    const check = createAllowListCheck({
      allowedHosts: ['tax.example'],
      allowedOrigins: ['https://app.example'],
    })!;
    expect(check(request({ host: 'tax.example', origin: 'https://app.example' }))).toBeUndefined();
    expect(check(request({ host: 'TAX.example' }))).toBeUndefined();
    expect(check(request({ host: 'evil.example', origin: 'https://evil.example' }))).toBe('host');
    expect(check(request({ host: 'tax.example', origin: 'https://evil.example' }))).toBe('origin');
    // Exact entries stay exact: another port or scheme is another origin.
    expect(check(request({ host: 'tax.example', origin: 'https://app.example:8443' }))).toBe('origin');
    expect(check(request({ host: 'tax.example', origin: 'http://app.example' }))).toBe('origin');
    // Without a Host header, the URL's host is the one checked.
    expect(check(request({}, 'https://tax.example/mcp'))).toBeUndefined();
    expect(check(request({}, 'https://evil.example/mcp'))).toBe('host');
  });

  it('a `:*` entry allows its name on any port and on none, in Host and Origin', () => {
    const check = createAllowListCheck({
      allowedHosts: ['localhost:*'],
      allowedOrigins: ['http://localhost:*'],
    })!;
    expect(check(request({ host: 'localhost:1', origin: 'http://localhost:65535' }))).toBeUndefined();
    expect(check(request({ host: 'localhost', origin: 'http://localhost' }))).toBeUndefined();
    expect(check(request({ host: 'localhost:x' }))).toBe('host');
    expect(check(request({ host: 'localhost', origin: 'https://localhost:1' }))).toBe('origin');
  });

  it('createMcpServer applies the wildcard, and its 403 carries CORS', async () => {
    const { server } = makeServer({ allowedOrigins: ['http://localhost:*'] });
    const post = (origin: string) =>
      server.fetch(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: ping,
        }),
      );
    expect((await post('http://localhost:6274')).status).toBe(200);
    const refused = await post('http://evil.example:6274');
    expect(refused.status).toBe(403);
    expectCorsHeaders(refused);
  });
});
