import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INITIALIZE_REQUEST } from '@filing-mcp/conformance';
import { createPostgresDb } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type ServeProcess, startServe } from './support/cli-process.js';
import { connectionRefused, postInParts, rawRequest } from './support/http.js';

const TOOLS_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'list_filings', arguments: {} },
});

function logLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('filing-mcp serve on the embedded database (PGlite in the child process)', () => {
  let workDir: string;
  let dataDir: string;
  let apiKey: string;
  let serve: ServeProcess;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'filing-mcp-serve-'));
    dataDir = join(workDir, 'data');
    // Before serve: the embedded database belongs to one process at a time.
    const created = await runCli(['api-key', 'create', '--user', 'alice'], {
      cwd: workDir,
      env: { DATA_DIR: dataDir },
    });
    expect(created.code).toBe(0);
    apiKey = created.stdout.trim();
    serve = await startServe({ cwd: workDir, env: { DATA_DIR: dataDir } });
  }, 300_000);

  afterAll(async () => {
    if (serve && serve.child.exitCode === null) {
      serve.child.kill('SIGKILL');
      await serve.exited;
    }
    rmSync(workDir, { recursive: true, force: true });
  });

  it('prints the MCP URL and how to connect a client, with nothing on stdout but log lines', () => {
    const { stderr, stdout } = serve.output();
    expect(serve.mcpUrl).toMatch(/^http:\/\/localhost:\d+\/mcp-server$/);
    expect(serve.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(serve.mcpUrl).port).toBe(new URL(serve.origin).port);
    expect(stderr).toContain(`claude mcp add --transport http filing-mcp ${serve.mcpUrl}`);
    expect(stderr).toContain('npx @modelcontextprotocol/inspector');
    expect(stderr).toContain('Authorization: Bearer <key>');
    expect(stderr).toContain(`Companion app:  ${new URL(serve.mcpUrl).origin}/app`);
    // The way to an API key that works while this server holds the embedded database: the page,
    // not the CLI (which it would refuse).
    expect(stderr).toContain(`create one on ${new URL(serve.mcpUrl).origin}/app/api-keys`);
    expect(stderr).not.toContain('pnpm filing-mcp api-key create');
    for (const line of stdout.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('answers initialize over a real socket and echoes a generated request id', async () => {
    const response = await fetch(`${serve.origin}/mcp-server`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const text = await response.text();
    expect(text).toContain('"name":"filing-mcp"');
  });

  it('calls a tool with the API key and logs one line with the user and key prefix, never the key or query', async () => {
    const response = await fetch(`${serve.origin}/mcp-server?code=mcp_code_do-not-log-me&state=xyz`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${apiKey}`,
        'x-request-id': 'test-request-42',
      },
      body: TOOLS_CALL,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('test-request-42');
    expect(await response.json()).toMatchObject({ id: 7, result: { structuredContent: { filings: [] } } });

    const unauthorized = await fetch(`${serve.origin}/mcp-server`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer nf_wrong',
        'x-request-id': 'no auth',
      },
      body: TOOLS_CALL,
    });
    expect(unauthorized.status).toBe(401);
    // A request id that could forge or break log lines is replaced.
    expect(unauthorized.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // A line is written when the response has gone out, which may be just after the client read it.
    const line = await waitForLogLine(serve, (entry) => entry.request_id === 'test-request-42');
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'POST',
      path: '/mcp-server',
      status: 200,
      user_id: 'alice',
      credential_prefix: apiKey.slice(0, 11),
    });
    expect(typeof line?.duration_ms).toBe('number');
    const unauthorizedLine = await waitForLogLine(
      serve,
      (entry) => entry.request_id === unauthorized.headers.get('x-request-id'),
    );
    const { stdout, stderr } = serve.output();
    expect(unauthorizedLine).toMatchObject({ status: 401 });
    expect(unauthorizedLine).not.toHaveProperty('user_id');
    for (const output of [stdout, stderr]) {
      expect(output).not.toContain(apiKey);
      expect(output).not.toContain(apiKey.slice(11));
      expect(output).not.toContain('do-not-log-me');
      expect(output).not.toContain('state=xyz');
    }
  });

  it('serves the companion pages by default on the embedded database', async () => {
    const page = await fetch(`${serve.origin}/app/api-keys`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('answers /mcp, where SDK users look first, with a 404 naming the URL it printed; a POST is not served there', async () => {
    const pointer = `Not found: this is not the MCP endpoint. This server's MCP endpoint is ${serve.mcpUrl} (JSON-RPC over POST, streamable HTTP): connect your MCP client to that URL.`;
    const get = await fetch(`${serve.origin}/mcp`);
    expect(get.status).toBe(404);
    expect(get.headers.get('link')).toBe(`<${serve.mcpUrl}>; rel="related"; title="MCP endpoint"`);
    expect(await get.json()).toEqual({ code: 404, message: pointer, mcp_endpoint: serve.mcpUrl });
    const post = await fetch(`${serve.origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    expect(post.status).toBe(404);
    expect(((await post.json()) as { mcp_endpoint: string }).mcp_endpoint).toBe(serve.mcpUrl);
    const browser = await fetch(`${serve.origin}/mcp`, { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(browser.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await browser.text()).toBe(`${pointer}\n`);
    // A rebinding page learns nothing there either.
    const port = Number(new URL(serve.origin).port);
    const rebound = await rawRequest({ port, method: 'GET', path: '/mcp', host: `rebind.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('/mcp-server');
  });

  it('refuses a request whose Host is not a loopback name (DNS rebinding)', async () => {
    const port = Number(new URL(serve.origin).port);
    const mcp = await rawRequest({
      port,
      method: 'POST',
      path: '/mcp-server',
      host: 'evil.example',
      body: '{}',
    });
    expect(mcp.status).toBe(403);
    const page = await rawRequest({
      port,
      method: 'GET',
      path: '/app/api-keys',
      host: `rebind.example:${port}`,
    });
    expect(page.status).toBe(403);
    expect(page.body).not.toContain('nf_');
  });

  it('refuses a second process on the same data directory and keeps serving', async () => {
    const list = await runCli(['api-key', 'list', '--user', 'alice'], {
      cwd: workDir,
      env: { DATA_DIR: dataDir },
    });
    expect(list.code).toBe(1);
    expect(list.stderr).toContain(`The data directory ${dataDir} is in use by another filing-mcp process`);
    expect(list.stderr).toContain(`pid ${serve.child.pid}`);
    // It says what works instead.
    expect(list.stderr).toContain('manage API keys on the companion app page at /app/api-keys');
    const response = await fetch(`${serve.origin}/mcp-server`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: TOOLS_CALL,
    });
    expect(response.status).toBe(200);
  }, 120_000);

  it('on SIGTERM stops accepting, finishes the in-flight request, and exits 0', async () => {
    const port = Number(new URL(serve.origin).port);
    const inFlight = await postInParts({
      port,
      path: '/mcp-server',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${apiKey}`,
        'x-request-id': 'in-flight',
      },
      firstPart: TOOLS_CALL.slice(0, 20),
    });
    serve.child.kill('SIGTERM');
    // The server reports the signal once it started stopping; from then on no new connection.
    await waitForOutput(serve, /Received SIGTERM/);
    expect(await connectionRefused(port)).toBe(true);

    const response = await inFlight.finish(TOOLS_CALL.slice(20));
    expect(response.status).toBe(200);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body)).toMatchObject({
      id: 7,
      result: { structuredContent: { filings: [] } },
    });

    expect(await serve.exited).toBe(0);
    expect(logLines(serve.output().stdout).find((entry) => entry.request_id === 'in-flight')).toMatchObject({
      status: 200,
      user_id: 'alice',
    });
    // The lock is released: the data directory can be used again.
    const list = await runCli(['api-key', 'list', '--user', 'alice', '--json'], {
      cwd: workDir,
      env: { DATA_DIR: dataDir },
    });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)[0].lastUsedAt).not.toBeNull();
  }, 180_000);
});

async function waitForLogLine(
  serve: ServeProcess,
  matches: (entry: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown> | undefined> {
  // Bounded: the line is written as soon as the server saw the response finish.
  for (let attempt = 0; attempt < 600; attempt++) {
    const line = logLines(serve.output().stdout).find(matches);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

async function waitForOutput(serve: ServeProcess, pattern: RegExp): Promise<void> {
  // Bounded: the process either prints it or exits.
  for (let attempt = 0; attempt < 600; attempt++) {
    if (pattern.test(serve.output().stderr)) return;
    if (serve.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`serve did not print ${pattern}; stderr: ${serve.output().stderr}`);
}

describe.skipIf(process.env.TEST_DB === 'pglite')('filing-mcp serve on PostgreSQL (child process)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDb>>;
  let workDir: string;
  let serve: ServeProcess;
  const secret = 'production-session-secret-with-at-least-32-chars';

  beforeAll(async () => {
    database = await createPostgresDb();
    workDir = mkdtempSync(join(tmpdir(), 'filing-mcp-serve-pg-'));
    serve = await startServe({
      cwd: workDir,
      env: { DATABASE_URL: database.url, SESSION_JWT_SECRET: secret, APP_URL: 'https://app.example.com' },
    });
  }, 300_000);

  afterAll(async () => {
    if (serve && serve.child.exitCode === null) {
      serve.child.kill('SIGKILL');
      await serve.exited;
    }
    await database?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('migrates at start, takes keys created while it runs, serves no companion pages, and stops on SIGINT', async () => {
    const { stderr } = serve.output();
    expect(stderr).toMatch(/Database:\s+PostgreSQL at /);
    expect(stderr).not.toContain(secret);
    expect(stderr).not.toContain(database.url);

    const created = await runCli(['api-key', 'create', '--user', 'pg-user'], {
      cwd: workDir,
      env: { DATABASE_URL: database.url },
    });
    expect(created.code).toBe(0);
    const response = await fetch(`${serve.origin}/mcp-server`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.stdout.trim()}` },
      body: TOOLS_CALL,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: { structuredContent: { filings: [] } } });

    const page = await fetch(`${serve.origin}/app/api-keys`);
    expect(page.status).toBe(404);
    // No data directory: nothing embedded was started.
    const metadata = await fetch(`${serve.origin}/mcp-server/.well-known/oauth-authorization-server`);
    expect(await metadata.json()).toMatchObject({ issuer: serve.mcpUrl });

    serve.child.kill('SIGINT');
    expect(await serve.exited).toBe(0);
    expect(serve.output().stdout).not.toContain(created.stdout.trim());
  }, 180_000);
});
