import { createServer, type IncomingHttpHeaders, type Server, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { plainResponse } from '../src/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeListener, type NodeListenerOptions } from '../src/index.js';
// The protocol package's own fixture server (its test helpers, as its tests use them).
import { makeServer } from '../../protocol/test/helpers.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One exchange over a fresh connection; fetch, which sets Host itself (`127.0.0.1:<port>`). */
async function send(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const { method, headers, body } = options;
  const response = await fetch(`http://127.0.0.1:${port}${options.path}`, {
    method,
    headers: { connection: 'close', ...headers },
    ...(body !== undefined && { body }),
  });
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(
  fetch: Parameters<typeof createNodeListener>[0],
  options: NodeListenerOptions,
): Promise<number> {
  const server = createServer(createNodeListener(fetch, options));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Answers what it saw of the request, and which handler saw it. */
const echo =
  (handler: string) =>
  async (req: Request): Promise<Response> =>
    Response.json({
      handler,
      method: req.method,
      url: req.url,
      authorization: req.headers.get('authorization'),
      body: req.method === 'GET' || req.method === 'HEAD' ? null : await req.text(),
    });

const post = (path: string) => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', authorization: 'Bearer one' },
  body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
});

describe('createNodeListener', () => {
  it('sends POSTs to exactly the MCP path to the fast handler, with the request a general one sees', async () => {
    const port = await serve(echo('general'), { mcpPath: '/mcp', mcpFetch: echo('mcp') });
    const fast = JSON.parse((await send(port, post('/mcp'))).body);
    expect(fast).toEqual({
      handler: 'mcp',
      method: 'POST',
      url: `http://127.0.0.1:${port}/mcp`,
      authorization: 'Bearer one',
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    const general = JSON.parse((await send(port, post('/mcp?via=general'))).body);
    expect(general).toEqual({ ...fast, handler: 'general', url: `http://127.0.0.1:${port}/mcp?via=general` });
  });

  it('sends every other request to the general handler', async () => {
    const port = await serve(echo('general'), { mcpPath: '/mcp', mcpFetch: echo('mcp') });
    const handlerOf = async (options: Parameters<typeof send>[1]) =>
      JSON.parse((await send(port, options)).body).handler;
    expect(await handlerOf({ method: 'GET', path: '/mcp' })).toBe('general');
    expect(await handlerOf({ method: 'DELETE', path: '/mcp' })).toBe('general');
    expect(await handlerOf(post('/other'))).toBe('general');
    expect(await handlerOf(post('/mcp/'))).toBe('general');
    // An unusual Host (upper case) keeps the URL rules of the general bridge.
    const upperHost = await new Promise<string>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/mcp',
          agent: false,
          headers: { host: `LOCALHOST:${port}` },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk;
          });
          response.on('end', () => resolve(JSON.parse(body).handler));
        },
      );
      outgoing.on('error', reject);
      outgoing.end('{}');
    });
    expect(upperHost).toBe('general');
  });

  it('uses the listener fetch for the MCP path when no mcpFetch is given', async () => {
    const port = await serve(echo('only'), { mcpPath: '/mcp' });
    expect(JSON.parse((await send(port, post('/mcp'))).body).handler).toBe('only');
  });

  it('writes a plainResponse from its parts, with its length, as the general path writes it', async () => {
    const bytes = new TextEncoder().encode('{"ok":true}');
    const answer = () =>
      plainResponse(201, bytes, Object.freeze({ 'content-type': 'application/json', 'x-kind': 'plain' }));
    const port = await serve(answer, { mcpPath: '/mcp' });
    const fast = await send(port, post('/mcp'));
    const general = await send(port, post('/mcp?via=general'));
    for (const response of [fast, general]) {
      expect(response.status).toBe(201);
      expect(response.body).toBe('{"ok":true}');
      expect(response.headers['content-length']).toBe('11');
      expect(response.headers['x-kind']).toBe('plain');
      expect(response.headers['content-type']).toBe('application/json');
    }
  });

  it("writes a fixed result's pieces whole, with their total length, as the general path writes it", async () => {
    // tools/list of the protocol package's fixture server: the head with the id, then the shared tail.
    const { server } = makeServer();
    const port = await serve((request) => server.fetch(request), { mcpPath: '/mcp' });
    for (const accept of ['application/json', 'application/json, text/event-stream']) {
      const ask = { ...post('/mcp'), headers: { 'content-type': 'application/json', accept } };
      const fast = await send(port, ask);
      const general = await send(port, { ...ask, path: '/mcp?via=general' });
      expect(fast.status).toBe(200);
      expect(fast.body).toBe(general.body);
      expect(fast.headers['content-length']).toBe(String(Buffer.byteLength(fast.body)));
      expect(fast.body).toContain('"tools":[');
    }
  });

  it('streams an SSE answer on the fast path event by event', async () => {
    let release: () => void = () => {};
    const second = new Promise<void>((resolve) => {
      release = resolve;
    });
    const encoder = new TextEncoder();
    const stream = () =>
      new Response(
        new ReadableStream({
          async start(controller) {
            controller.enqueue(encoder.encode('event: message\ndata: 1\n\n'));
            await second;
            controller.enqueue(encoder.encode('event: message\ndata: 2\n\n'));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const port = await serve(stream, { mcpPath: '/mcp' });
    // The first event arrives while the stream is still open; the second only after its release.
    const answer = await new Promise<Answer>((resolve, reject) => {
      const outgoing = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/mcp', agent: false },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
            if (body === 'event: message\ndata: 1\n\n') release();
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end('{}');
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.body).toBe('event: message\ndata: 1\n\nevent: message\ndata: 2\n\n');
  });

  it('answers an empty 500 when the handler throws, on both paths', async () => {
    const port = await serve(
      () => {
        throw new Error('boom');
      },
      { mcpPath: '/mcp' },
    );
    for (const path of ['/mcp', '/mcp?via=general']) {
      const answer = await send(port, post(path));
      expect(answer.status).toBe(500);
      expect(answer.body).toBe('');
    }
  });

  it("answers the errorHandler's response when the handler rejects, on both paths", async () => {
    const seen: string[] = [];
    const port = await serve(() => Promise.reject(new Error('boom')), {
      mcpPath: '/mcp',
      errorHandler: (error) => {
        seen.push((error as Error).message);
        return Response.json({ error: 'server_error' }, { status: 503 });
      },
    });
    for (const path of ['/mcp', '/mcp?via=general']) {
      const answer = await send(port, post(path));
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ error: 'server_error' });
    }
    expect(seen).toEqual(['boom', 'boom']);
  });

  it.each([
    ['at once', () => Response.json({ error: 'server_error' }, { status: 503 })],
    ['later', () => Promise.resolve(Response.json({ error: 'server_error' }, { status: 503 }))],
    ['by failing', () => Promise.reject(new Error('the error handler failed'))],
  ] as const)(
    'a handler that throws at once asks its error handler once, which answers %s',
    async (how, answer) => {
      const seen: string[] = [];
      const port = await serve(
        () => {
          throw new Error('at once');
        },
        {
          mcpPath: '/mcp',
          errorHandler: (error) => {
            seen.push((error as Error).message);
            return answer();
          },
        },
      );
      if (how === 'by failing') {
        // The connection is cut: there is no status left to answer with.
        await expect(send(port, post('/mcp'))).rejects.toThrow('fetch failed');
      } else {
        const answered = await send(port, post('/mcp'));
        expect(answered.status).toBe(503);
        expect(JSON.parse(answered.body)).toEqual({ error: 'server_error' });
      }
      expect(seen).toEqual(['at once']);
    },
  );

  it('puts the head pairs on both paths and observes each exchange once, with its path but not its query', async () => {
    const seen: Array<{ method: string; path: string; status: number; aborted: boolean; ms: number }> = [];
    let next = 0;
    const port = await serve(
      async (req) =>
        new URL(req.url).searchParams.has('missing') ? new Response('no', { status: 404 }) : echo('one')(req),
      {
        mcpPath: '/mcp',
        head: () => ['x-request-id', `r${++next}`],
        observe: (exchange) =>
          seen.push({
            method: exchange.method,
            path: exchange.path,
            status: exchange.status,
            aborted: exchange.aborted,
            ms: exchange.durationMs,
          }),
      },
    );
    const fast = await send(port, post('/mcp'));
    const general = await send(port, { method: 'GET', path: '/mcp?missing=code-secret' });
    expect(fast.headers['x-request-id']).toBe('r1');
    expect(general.headers['x-request-id']).toBe('r2');
    expect(general.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.map(({ ms, ...rest }) => rest)).toEqual([
      { method: 'POST', path: '/mcp', status: 200, aborted: false },
      { method: 'GET', path: '/mcp', status: 404, aborted: false },
    ]);
    for (const { ms } of seen) expect(ms).toBeGreaterThan(0);
  });

  it("writes the MCP server's respond answers: a fixed result to a small body at once, any other after its promise", async () => {
    const { server } = makeServer();
    const settledAtOnce: boolean[] = [];
    const port = await serve((req) => server.fetch(req), {
      mcpPath: '/mcp',
      mcpFetch: (req) => {
        const answered = server.respond(req);
        settledAtOnce.push(answered instanceof Response);
        return answered;
      },
    });
    // No credential: one would be looked up, behind a promise.
    const list = (pad: string) => ({
      method: 'POST',
      path: '/mcp',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _pad: pad } }),
    });
    const small = await send(port, list(''));
    // Past the 64 KiB read ahead of the handler: the handler reads it, behind a promise.
    const large = await send(port, list('x'.repeat(70_000)));
    const general = await send(port, { ...list(''), path: '/mcp?via=general' });
    expect(settledAtOnce).toEqual([true, false]);
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body).result.tools.length).toBeGreaterThan(0);
    expect(large.body).toBe(small.body);
    const { date: _date, ...headers } = small.headers;
    const { date: _generalDate, ...generalHeaders } = general.headers;
    expect(general.body).toBe(small.body);
    expect(headers).toEqual(generalHeaders);
  });

  it('an upload cut short is observed as aborted and never reaches the handler', async () => {
    let handled = 0;
    const seen: Array<{ path: string; aborted: boolean }> = [];
    const port = await serve(echo('general'), {
      mcpPath: '/mcp',
      mcpFetch: (req) => {
        handled++;
        return echo('mcp')(req);
      },
      observe: (exchange) => seen.push({ path: exchange.path, aborted: exchange.aborted }),
    });
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
            'content-length: 100\r\n\r\n{"jsonrpc":',
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([{ path: '/mcp', aborted: true }]);
    expect(handled).toBe(0);
  });
  it('reads each request header on the fast path as a Headers of the raw list would, repeats included', async () => {
    const NAMES = [
      'authorization',
      'content-type',
      'x-custom',
      'cookie',
      'accept',
      'x-request-id',
      'origin',
      'constructor',
      'toString',
    ];
    const port = await serve(echo('general'), {
      mcpPath: '/mcp',
      mcpFetch: async (req) => {
        await req.text();
        return Response.json(Object.fromEntries(NAMES.map((name) => [name, req.headers.get(name)])));
      },
    });
    /** Sends one POST with these header lines, repeats as they are (node's client, a flat header list). */
    const seen = (lines: Array<[string, string]>) =>
      new Promise<Record<string, string | null>>((resolve, reject) => {
        const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
        const outgoing = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/mcp',
            headers: [
              ...['Host', `127.0.0.1:${port}`],
              ...lines.flat(),
              ...['Content-Length', String(body.length), 'Connection', 'close'],
            ],
          },
          (incoming) => {
            let received = '';
            incoming.setEncoding('utf8');
            incoming.on('data', (chunk: string) => {
              received += chunk;
            });
            incoming.on('end', () => resolve(JSON.parse(received)));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    const cases: Array<Array<[string, string]>> = [
      // Every name once, in any case.
      [
        ['Authorization', 'Bearer one'],
        ['CONTENT-TYPE', 'application/json'],
        ['X-Custom', 'a'],
        ['Constructor', 'c'],
      ],
      // Repeats node keeps only the first of, or joins, or joins with "; ".
      [
        ['Authorization', 'Bearer one'],
        ['authorization', 'Bearer two'],
        ['Content-Type', 'application/json'],
      ],
      [
        ['Content-Type', 'application/json'],
        ['content-type', 'text/plain'],
        ['X-Custom', 'a'],
        ['x-custom', 'b'],
      ],
      [
        ['Cookie', 'a=1'],
        ['Cookie', 'b=2'],
        ['Accept', 'application/json'],
        ['Accept', 'text/event-stream'],
      ],
      [
        ['X-Request-Id', 'one'],
        ['Origin', 'http://a.example'],
        ['Origin', 'http://b.example'],
      ],
    ];
    for (const lines of cases) {
      const raw = new Headers();
      for (const [name, value] of lines) raw.append(name, value);
      expect(await seen(lines)).toEqual(Object.fromEntries(NAMES.map((name) => [name, raw.get(name)])));
    }
  });
});
