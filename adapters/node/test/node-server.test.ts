import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer } from 'node:net';
import { createApiKey, migrateToLatest } from '@filing-mcp/filing-domain';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { testDatabases } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createNodeServer, type NodeServer } from '../src/index.js';
import { signSessionToken } from '../src/session-token.js';
import { connectionRefused, postInParts, rawRequest } from './support/http.js';

const sessionSecret = randomBytes(32).toString('base64url');
const appUrl = 'https://app.example.test';

describe.each(testDatabases())('node server on $name', ({ create }) => {
  let db: Kysely<FilingDatabase>;
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    const database = await create();
    db = database.db;
    closeDb = database.close;
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await closeDb?.();
  });

  function capture() {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line) });
    return { lines, logger, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  /** A port nobody listens on right now (bound on port 0, then closed). */
  async function freePort(): Promise<number> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  }

  const toolsCall = (name = 'list_filings') =>
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } });

  describe('createNodeServer', () => {
    let node: NodeServer;
    let port: number;
    const log = capture();

    beforeAll(async () => {
      node = await createNodeServer({
        db,
        config: { appUrl, session: { secret: sessionSecret }, authCacheTtlMs: 0 },
        port: 0,
        logger: log.logger,
        cleanupIntervalMs: 0,
      });
      port = Number(new URL(node.origin).port);
    });

    afterAll(async () => {
      await node?.close();
    });

    it('defaults {base_url} to localhost on the port the system picked', () => {
      expect(node.url).toBe(`http://localhost:${port}/mcp-server`);
      expect(node.companion).toBe(false);
    });

    it('accepts the loopback names and refuses other Hosts and Origins (DNS rebinding)', async () => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
        const answer = await rawRequest({ port, method: 'POST', path: '/mcp-server', host, body });
        expect(answer.status, host).toBe(200);
      }
      const badHost = await rawRequest({
        port,
        method: 'POST',
        path: '/mcp-server',
        host: `evil.example:${port}`,
        body,
      });
      expect(badHost.status).toBe(403);
      const badOrigin = await rawRequest({
        port,
        method: 'POST',
        path: '/mcp-server',
        host: `localhost:${port}`,
        headers: { origin: 'http://evil.example' },
        body,
      });
      expect(badOrigin.status).toBe(403);
    });

    it('answers CONNECT 405 with an Allow header and a body over a real socket, rather than closing it', async () => {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'),
        );
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          received += chunk;
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(received));
      });
      const [head, body] = answer.split('\r\n\r\n');
      expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 405 Method Not Allowed');
      expect(head).toMatch(/\r\nallow: /);
      expect(JSON.parse(body!).error.message).toMatch(/^Method not allowed: CONNECT/);
    });

    it('serves get_pdf_url’s signed download_url without a credential, and logs its path but never its query or signature', async () => {
      const { key } = await createApiKey(db, { userId: `user-${randomUUID()}` });
      const call = async (name: string, args: Record<string, unknown>) => {
        const response = await fetch(`${node.origin}/mcp-server`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${key}`,
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name, arguments: args },
          }),
        });
        return ((await response.json()) as any).result;
      };
      const { id } = (await call('create_filing', { form_data: EXAMPLE_SINGLE_MEMBER_FILING }))
        .structuredContent;
      const pdfUrl = await call('get_pdf_url', { id });
      const downloadUrl = pdfUrl.structuredContent.download_url as string;
      expect(downloadUrl).toMatch(
        new RegExp(
          `^http://localhost:${port}/mcp-server/packets/5472/${id}\\.pdf\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`,
        ),
      );
      expect(pdfUrl.content[1]).toMatchObject({
        type: 'resource_link',
        uri: `filing://filings/${id}/packet.pdf`,
      });
      const signature = new URL(downloadUrl).searchParams.get('sig')!;

      const download = await fetch(downloadUrl.replace(`http://localhost:${port}`, node.origin), {
        headers: { 'x-request-id': 'download-1' },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');

      for (
        let attempt = 0;
        attempt < 200 && !log.entries().some((entry) => entry.request_id === 'download-1');
        attempt++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(log.entries().filter((entry) => entry.request_id === 'download-1')).toEqual([
        expect.objectContaining({
          msg: 'request',
          method: 'GET',
          path: `/mcp-server/packets/5472/${id}.pdf`,
          status: 200,
        }),
      ]);
      const all = log.lines.join('\n');
      expect(all).not.toContain(signature);
      expect(all).not.toContain('sig=');
      expect(all).not.toContain('exp=');
    });

    it('does not serve companion pages unless asked to', async () => {
      const page = await fetch(`${node.origin}/app/api-keys`);
      expect(page.status).toBe(404);
      expect(await page.json()).toEqual({ code: 404, message: 'Not found' });
    });

    it('logs each request once, with user id and key prefix and without the key, its hash or the query', async () => {
      const userId = `user-${randomUUID()}`;
      const { key, prefix } = await createApiKey(db, { userId });
      const response = await fetch(`${node.origin}/mcp-server?code=mcp_code_secret-code&token=abc`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${key}`,
          'x-request-id': 'req-1',
        },
        body: toolsCall(),
      });
      expect(response.status).toBe(200);
      await response.text();

      // The line is written once the response went out, which may be just after the client read it.
      for (
        let attempt = 0;
        attempt < 200 && !log.entries().some((entry) => entry.request_id === 'req-1');
        attempt++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const entries = log.entries().filter((entry) => entry.request_id === 'req-1');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        msg: 'request',
        method: 'POST',
        path: '/mcp-server',
        status: 200,
        user_id: userId,
        credential_prefix: prefix,
      });
      const all = log.lines.join('');
      expect(all).not.toContain(key);
      expect(all).not.toContain('secret-code');
      expect(all).not.toContain('token=abc');
    });

    it('generates a distinct UUID-shaped request id for each request without one, echoed and logged', async () => {
      const ids: string[] = [];
      // Past 256 requests: the counter's low byte wraps into the next group at least once.
      for (let batch = 0; batch < 6; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, () => fetch(`${node.origin}/healthz`).then((r) => r.headers)),
        );
        for (const headers of answers) ids.push(headers.get('x-request-id') ?? '');
      }
      for (const id of ids)
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('on close, finishes the in-flight request, refuses new connections, then runs onClose', async () => {
      const events: string[] = [];
      const userId = `user-${randomUUID()}`;
      const { key } = await createApiKey(db, { userId });
      const own = await createNodeServer({
        db,
        config: { appUrl, session: { secret: sessionSecret } },
        port: 0,
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
        onClose: async () => {
          events.push('onClose');
        },
      });
      const ownPort = Number(new URL(own.origin).port);
      const body = toolsCall();
      const inFlight = await postInParts({
        port: ownPort,
        path: '/mcp-server',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        firstPart: body.slice(0, 10),
      });
      const closed = own.close().then(() => events.push('closed'));
      expect(await connectionRefused(ownPort)).toBe(true);
      expect(events).toEqual([]);

      // The server cannot finish before the request's body has arrived.
      events.push('body sent');
      const answer = await inFlight.finish(body.slice(10));
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toMatchObject({ result: { structuredContent: { filings: [] } } });
      await closed;
      expect(events).toEqual(['body sent', 'onClose', 'closed']);
    });

    it('on close, gives up on a request that never finishes after shutdownTimeoutMs', async () => {
      const own = capture();
      const server = await createNodeServer({
        db,
        config: { appUrl, session: { secret: sessionSecret } },
        port: 0,
        logger: own.logger,
        cleanupIntervalMs: 0,
        shutdownTimeoutMs: 100,
      });
      const stuck = await postInParts({
        port: Number(new URL(server.origin).port),
        path: '/mcp-server',
        headers: { 'content-type': 'application/json' },
        firstPart: '{"jsonrpc":',
      });
      await server.close();
      expect(own.entries().find((entry) => entry.msg === 'shutdown_timeout')).toMatchObject({ in_flight: 1 });
      await expect(stuck.finish('"2.0"}')).rejects.toThrow();
    });
  });

  describe('createNodeServer options', () => {
    it('ALLOWED_HOSTS replaces the loopback allow-list', async () => {
      const node = await createNodeServer({
        db,
        config: {
          baseUrl: 'https://mcp.example.test/mcp-server',
          appUrl,
          session: { secret: sessionSecret },
          allowedHosts: ['mcp.example.test'],
        },
        port: 0,
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
      });
      try {
        const port = Number(new URL(node.origin).port);
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
        expect(
          (await rawRequest({ port, method: 'POST', path: '/mcp-server', host: 'mcp.example.test', body }))
            .status,
        ).toBe(200);
        expect(
          (await rawRequest({ port, method: 'POST', path: '/mcp-server', host: `localhost:${port}`, body }))
            .status,
        ).toBe(403);
      } finally {
        await node.close();
      }
    });

    it('behind a tunnel, MCP_BASE_URL and APP_URL are allowed next to the loopback names', async () => {
      const node = await createNodeServer({
        db,
        config: { baseUrl: 'https://tunnel.example/mcp-server', session: { secret: sessionSecret } },
        port: 0,
        companion: { userId: `local-${randomUUID()}` },
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
      });
      try {
        const port = Number(new URL(node.origin).port);
        expect(node.appUrl).toBe('https://tunnel.example/app');
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
        for (const host of ['tunnel.example', 'TUNNEL.example:443', `localhost:${port}`]) {
          const ping = await rawRequest({
            port,
            method: 'POST',
            path: '/mcp-server',
            host,
            headers: { origin: 'https://tunnel.example' },
            body,
          });
          expect(ping.status, host).toBe(200);
          expect(JSON.parse(ping.body), host).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
        }
        const metadata = await rawRequest({
          port,
          method: 'GET',
          path: '/mcp-server/.well-known/oauth-protected-resource',
          host: 'tunnel.example',
        });
        expect(metadata.status).toBe(200);
        expect(JSON.parse(metadata.body)).toMatchObject({ resource: 'https://tunnel.example/mcp-server' });
        const consent = await rawRequest({
          port,
          method: 'GET',
          path: '/app/api-keys',
          host: 'tunnel.example',
        });
        expect(consent.status).toBe(200);
        expect(consent.headers['content-type']).toContain('text/html');
        // Only the configured name joins the list: others and other schemes stay refused.
        for (const [host, origin] of [
          ['evil.example', 'https://tunnel.example'],
          ['tunnel.example:8443', 'https://tunnel.example'],
          ['tunnel.example', 'http://tunnel.example'],
          ['tunnel.example', 'https://evil.example'],
        ] as const) {
          const refused = await rawRequest({
            port,
            method: 'POST',
            path: '/mcp-server',
            host,
            headers: { origin },
            body,
          });
          expect(refused.status, `${host} ${origin}`).toBe(403);
        }
        const page = await rawRequest({ port, method: 'GET', path: '/app/api-keys', host: 'evil.example' });
        expect(page.status).toBe(403);
      } finally {
        await node.close();
      }
    });

    it('a separate APP_URL may call the server from the browser (its Origin is allowed)', async () => {
      const node = await createNodeServer({
        db,
        config: { appUrl, session: { secret: sessionSecret } },
        port: 0,
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
      });
      try {
        const port = Number(new URL(node.origin).port);
        const ping = await rawRequest({
          port,
          method: 'POST',
          path: '/mcp-server',
          host: `localhost:${port}`,
          headers: { origin: appUrl },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        });
        expect(ping.status).toBe(200);
        const registered = await rawRequest({
          port,
          method: 'POST',
          path: '/mcp-server/register',
          host: `localhost:${port}`,
          headers: { origin: appUrl, 'content-type': 'application/json' },
          body: JSON.stringify({ client_name: 'app', redirect_uris: ['https://client.example/cb'] }),
        });
        expect(registered.status).toBe(201);
        expect(JSON.parse(registered.body).redirect_uris).toEqual(['https://client.example/cb']);
      } finally {
        await node.close();
      }
    });

    // The bridge's error handler: node:http accepted the request but it is no valid URL (a
    // backslash in the path), so it never reaches the core. Before, this was a 500 without CORS.
    it('a request that is no valid URL answers 400 JSON with CORS, not 500', async () => {
      const node = await createNodeServer({
        db,
        config: { appUrl, session: { secret: sessionSecret } },
        port: 0,
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
      });
      try {
        const port = Number(new URL(node.origin).port);
        const answer = await rawRequest({
          port,
          method: 'GET',
          path: '/\\evil.example/x',
          host: `localhost:${port}`,
        });
        expect(answer.status).toBe(400);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(JSON.parse(answer.body)).toEqual({ code: 400, message: 'Bad request' });
      } finally {
        await node.close();
      }
    });

    it('mounts the companion pages under /app, and only for allowed Hosts', async () => {
      const node = await createNodeServer({
        db,
        config: { session: { secret: sessionSecret } },
        port: 0,
        companion: { userId: `local-${randomUUID()}` },
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
      });
      try {
        const port = Number(new URL(node.origin).port);
        expect(node.appUrl).toBe(`http://localhost:${port}/app`);
        const page = await rawRequest({
          port,
          method: 'GET',
          path: '/app/api-keys',
          host: `localhost:${port}`,
        });
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        const rebound = await rawRequest({
          port,
          method: 'GET',
          path: '/app/api-keys',
          host: `attacker.example:${port}`,
        });
        expect(rebound.status).toBe(403);
        // The MCP endpoint is still the core's.
        const ping = await rawRequest({
          port,
          method: 'POST',
          path: '/mcp-server',
          host: `localhost:${port}`,
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        });
        expect(JSON.parse(ping.body)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
      } finally {
        await node.close();
      }
    });

    it('refuses the companion pages without an HS256 secret, and releases the port', async () => {
      const port = await freePort();
      await expect(
        createNodeServer({
          db,
          config: { session: { jwksUrl: 'https://idp.example.test/jwks.json' } },
          port,
          companion: { userId: 'local-user' },
          logger: createLogger({ level: 'silent' }),
        }),
      ).rejects.toThrow('needs SESSION_JWT_SECRET');
      // The same port on the same interface can be bound again at once.
      const again = createServer();
      await new Promise<void>((resolve, reject) => {
        again.once('error', reject);
        again.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((resolve) => again.close(resolve));
    });

    it('deletes expired authorization codes in the periodic OAuth cleanup', async () => {
      let now = Date.now();
      const config = { appUrl, session: { secret: sessionSecret } };
      const first = await createNodeServer({
        db,
        config,
        port: 0,
        now: () => now,
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
      });
      const userId = `user-${randomUUID()}`;
      let code: string;
      try {
        const registered = await fetch(`${first.origin}/mcp-server/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            redirect_uris: ['http://127.0.0.1:9/callback'],
            client_name: 'cleanup test',
          }),
        });
        const client = (await registered.json()) as { client_id: string };
        const approved = await fetch(`${first.origin}/mcp-server/approve`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${await signSessionToken({ secret: sessionSecret, userId, expiresInMs: 60_000 })}`,
          },
          body: JSON.stringify({
            client_id: client.client_id,
            redirect_uri: 'http://127.0.0.1:9/callback',
            scope: 'mcp',
            code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
            code_challenge_method: 'S256',
          }),
        });
        expect(approved.status).toBe(200);
        code = ((await approved.json()) as { code: string }).code;
      } finally {
        await first.close();
      }
      const codeHash = createHash('sha256').update(code).digest('hex');
      const stored = () =>
        db.selectFrom('oauth_codes').select('id').where('code_hash', '=', codeHash).execute();
      expect(await stored()).toHaveLength(1);

      // Six minutes later the code (5 minutes) has expired; the cleanup runs when a server starts
      // and every interval after, and close() waits for a run in progress.
      now += 6 * 60_000;
      const second = await createNodeServer({
        db,
        config,
        port: 0,
        now: () => now,
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 60_000,
      });
      await second.close();
      expect(await stored()).toHaveLength(0);
    });
  });
});
