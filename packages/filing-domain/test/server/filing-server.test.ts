import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPGliteDb, type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configFromEnv,
  SettingError,
  createFilingServer,
  type FilingServer,
  filingPdfUrl,
  filingViewUrl,
  partnershipFilingPdfUrl,
  migrateToLatest,
  partnershipFilingViewUrl,
} from '../../src/index.js';
import { parseFilingServerConfig } from '../../src/config/config.js';
import {
  APP_URL,
  BASE_URL,
  newUser,
  replyBody,
  rpc,
  SESSION_SECRET,
  useHarness,
} from '../support/helpers.js';

const ORIGIN = new URL(BASE_URL).origin;

describe.each(testDatabases())('composed server on $name', (variant) => {
  const harness = useHarness(variant);

  it('respondMcp answers an MCP request as fetch does, a tool call with its credential included', async () => {
    const { key } = await newUser(harness().db);
    const request = (id: number, method: string, params: unknown, credential?: string) =>
      new Request(BASE_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'mcp-protocol-version': '2025-06-18',
          ...(credential !== undefined && { authorization: `Bearer ${credential}` }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
    const cases: Array<[number, string, unknown, string?]> = [
      [1, 'tools/list', {}],
      [2, 'tools/call', { name: 'get_form_schema', arguments: { kind: '5472' } }, key],
      [3, 'tools/call', { name: 'get_form_schema', arguments: { kind: '5472' } }],
    ];
    for (const [id, method, params, credential] of cases) {
      const viaFetch = await harness().server.fetch(request(id, method, params, credential));
      const viaRespond = await harness().server.respondMcp(request(id, method, params, credential));
      expect(viaRespond.status).toBe(viaFetch.status);
      expect([...viaRespond.headers]).toEqual([...viaFetch.headers]);
      expect(await viaRespond.text()).toBe(await viaFetch.text());
    }
  });

  it('initialize reports filing-mcp 1.1.0, 2025-06-18 and the instructions', async () => {
    const response = await rpc(harness().server, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    });
    expect(response.status).toBe(200);
    const { result } = await replyBody(response);
    expect(result.protocolVersion).toBe('2025-06-18');
    expect(result.serverInfo).toMatchObject({ name: 'filing-mcp', version: '1.1.0' });
    expect(result.instructions).toContain('get_form_schema');
    expect(result.instructions).toContain('create_filing');
    expect(result.instructions).toContain('5472');
    // The whole journey after the PDF, in the server's words.
    for (const step of [
      'signs by hand where its cover page shows',
      'upload_url',
      'send_fax',
      'once the user confirms',
      'certified mail',
      'mark_filed',
      'Proof to keep',
      'filed.reference',
    ]) {
      expect(result.instructions).toContain(step);
    }
  });

  it('tools/list: the 14 tools, check_filing, complete_filing, send_fax, mark_filed, buy_filings and buy_extension, each with a description, object input and output schemas, and annotations', async () => {
    const { result } = await replyBody(await rpc(harness().server, 'tools/list', {}));
    expect(result.tools.map((tool: any) => tool.name).sort()).toEqual(
      [
        'create_filing',
        'create_partnership_filing',
        'delete_filing',
        'delete_partnership_filing',
        'get_filing',
        'get_form_schema',
        'get_partnership_filing',
        'get_pdf_url',
        'check_filing',
        'complete_filing',
        'send_fax',
        'mark_filed',
        'buy_filings',
        'buy_extension',
        'list_fax_logs',
        'list_filings',
        'list_partnership_filings',
        'list_payments',
        'update_filing',
        'update_partnership_filing',
      ].sort(),
    );
    for (const tool of result.tools) {
      expect(tool.description.length).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema.type).toBe('object');
      expect(typeof tool.annotations.readOnlyHint).toBe('boolean');
      expect(typeof tool.annotations.destructiveHint).toBe('boolean');
      expect(typeof tool.annotations.idempotentHint).toBe('boolean');
    }
    const byName = Object.fromEntries(result.tools.map((tool: any) => [tool.name, tool]));
    expect(byName.delete_filing.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.list_filings.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.list_filings.inputSchema.properties.limit).toMatchObject({ type: 'integer', maximum: 200 });
    // The form's fields are in one place, get_form_schema's schema; form_data points there.
    for (const name of ['create_filing', 'update_filing', 'create_partnership_filing']) {
      const formData = byName[name].inputSchema.properties.form_data;
      expect(formData).toEqual({ type: 'object', description: expect.stringContaining('get_form_schema') });
    }
  });

  it('OPTIONS anywhere answers 200 with CORS headers and no body', async () => {
    for (const path of ['', '/', '/token', '/anything/else', '/.well-known/oauth-authorization-server']) {
      const response = await harness().server.fetch(new Request(`${BASE_URL}${path}`, { method: 'OPTIONS' }));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS, DELETE');
      expect(response.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
      expect(await response.text()).toBe('');
    }
  });

  it('serves the well-known documents at the base path and at the path-inserted origin addresses', async () => {
    for (const url of [
      `${BASE_URL}/.well-known/oauth-authorization-server`,
      `${BASE_URL}/.well-known/openid-configuration`,
      `${ORIGIN}/.well-known/oauth-authorization-server/mcp-server`,
    ]) {
      const response = await harness().server.fetch(new Request(url));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(((await response.json()) as any).issuer).toBe(BASE_URL);
    }
    for (const url of [
      `${BASE_URL}/.well-known/oauth-protected-resource`,
      `${ORIGIN}/.well-known/oauth-protected-resource/mcp-server`,
    ]) {
      const response = await harness().server.fetch(new Request(url));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ resource: BASE_URL, authorization_servers: [BASE_URL] });
    }
  });

  it('GET and DELETE on the MCP endpoint answer 405; unknown paths answer 404 JSON with CORS', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await harness().server.fetch(new Request(BASE_URL, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    for (const url of [`${BASE_URL}/nope`, `${ORIGIN}/`, `${ORIGIN}/other/mcp-server`]) {
      const response = await harness().server.fetch(new Request(url, { method: 'POST', body: '{}' }));
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({ code: 404, message: 'Not found' });
    }
  });

  it('requireAuth "all" challenges initialize without a credential', async () => {
    const strict = createFilingServer({
      db: harness().db,
      config: { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret: SESSION_SECRET }, requireAuth: 'all' },
    });
    const response = await rpc(strict, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(response.status).toBe(401);
    await strict.close();
  });

  it('MCP 2026-07-28: discover is open by default, challenged under requireAuth "all"; MCP_TOOLS_LIST_TTL_SECONDS sets ttlMs', async () => {
    const discover = (server: FilingServer) =>
      server.fetch(
        new Request(BASE_URL, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'server/discover',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'server/discover',
            params: {
              _meta: {
                'io.modelcontextprotocol/protocolVersion': '2026-07-28',
                'io.modelcontextprotocol/clientCapabilities': {},
              },
            },
          }),
        }),
      );
    const config = { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret: SESSION_SECRET } };
    const open = createFilingServer({
      db: harness().db,
      config: configFromEnv({
        MCP_BASE_URL: BASE_URL,
        APP_URL,
        SESSION_JWT_SECRET: SESSION_SECRET,
        MCP_TOOLS_LIST_TTL_SECONDS: '60',
      }),
    });
    const response = await discover(open);
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).result).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
    const strict = createFilingServer({ db: harness().db, config: { ...config, requireAuth: 'all' } });
    const refused = await discover(strict);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
    await open.close();
    await strict.close();
  });
});

describe('configuration', () => {
  const valid = { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret: SESSION_SECRET } };

  it('applies defaults and removes trailing slashes', () => {
    const config = parseFilingServerConfig({ ...valid, baseUrl: `${BASE_URL}/`, appUrl: `${APP_URL}/` });
    expect(config).toMatchObject({
      baseUrl: BASE_URL,
      appUrl: APP_URL,
      requireAuth: 'tools/call',
      authCacheTtlMs: 5000,
      authCacheMaxEntries: 10_000,
      listLimitMax: 200,
    });
  });

  it.each([
    ['baseUrl', { baseUrl: 'not a url' }],
    ['baseUrl', { baseUrl: 'ftp://example.com/mcp' }],
    ['appUrl', { appUrl: undefined }],
    ['session', { session: {} }],
    ['session', { session: { secret: SESSION_SECRET, jwksUrl: 'https://id.example.test/jwks' } }],
    ['session.secret', { session: { secret: 'short' } }],
    ['requireAuth', { requireAuth: 'everything' }],
    ['authCacheTtlMs', { authCacheTtlMs: -1 }],
    ['listLimitMax', { listLimitMax: 0 }],
    ['maxBodyBytes', { maxBodyBytes: 1.5 }],
    ['surprise', { surprise: true }],
  ])('a bad %s throws an error naming it', (setting, change) => {
    expect(() => parseFilingServerConfig({ ...valid, ...change })).toThrow(SettingError);
    expect(() => parseFilingServerConfig({ ...valid, ...change })).toThrow(setting);
    expect(() => createFilingServer({ db: {} as any, config: { ...valid, ...change } as any })).toThrow(
      setting,
    );
  });

  it.each([0, -5, 1.5])('a readinessTimeoutMs of %s fails the server at its start', (readinessTimeoutMs) => {
    expect(() => createFilingServer({ db: {} as any, config: valid as any, readinessTimeoutMs })).toThrow(
      new TypeError('readiness timeoutMs must be a positive integer'),
    );
  });

  it('configFromEnv maps the shared environment variables', () => {
    const config = configFromEnv({
      MCP_BASE_URL: BASE_URL,
      APP_URL,
      SESSION_JWT_SECRET: SESSION_SECRET,
      SESSION_JWT_ISSUER: 'https://id.example.test',
      SESSION_JWT_AUDIENCE: 'authenticated',
      MCP_REQUIRE_AUTH: 'all',
      AUTH_CACHE_TTL_MS: '0',
      ALLOWED_HOSTS: 'localhost:3000, 127.0.0.1:3000',
      ALLOWED_ORIGINS: '',
      UNRELATED: 'x',
    });
    expect(config).toEqual({
      baseUrl: BASE_URL,
      appUrl: APP_URL,
      session: { secret: SESSION_SECRET, issuer: 'https://id.example.test', audience: 'authenticated' },
      requireAuth: 'all',
      authCacheTtlMs: 0,
      allowedHosts: ['localhost:3000', '127.0.0.1:3000'],
    });
    expect(
      configFromEnv({ MCP_BASE_URL: BASE_URL, APP_URL, SESSION_JWKS_URL: 'https://id.example.test/jwks' })
        .session,
    ).toEqual({
      jwksUrl: 'https://id.example.test/jwks',
    });
  });

  it.each([
    ['MCP_BASE_URL', { MCP_BASE_URL: undefined }],
    ['APP_URL', { APP_URL: 'nope' }],
    ['SESSION_JWT_SECRET or SESSION_JWKS_URL', { SESSION_JWT_SECRET: undefined }],
    ['MCP_REQUIRE_AUTH', { MCP_REQUIRE_AUTH: 'sometimes' }],
    ['AUTH_CACHE_TTL_MS', { AUTH_CACHE_TTL_MS: 'five' }],
    ['MCP_TOOLS_LIST_TTL_SECONDS', { MCP_TOOLS_LIST_TTL_SECONDS: '-1' }],
    ['MCP_TOOLS_LIST_TTL_SECONDS', { MCP_TOOLS_LIST_TTL_SECONDS: '1.5' }],
  ])('configFromEnv names %s when it is wrong', (name, change) => {
    const env = { MCP_BASE_URL: BASE_URL, APP_URL, SESSION_JWT_SECRET: SESSION_SECRET, ...change };
    expect(() => configFromEnv(env)).toThrow(name);
  });

  it('view URL builders point into the companion app', () => {
    const id = '3f2b1c4d-0000-4000-8000-000000000001';
    expect(filingViewUrl(`${APP_URL}/`, id)).toBe(`${APP_URL}/filings/${id}`);
    expect(partnershipFilingViewUrl(APP_URL, id)).toBe(`${APP_URL}/partnership/${id}`);
    expect(filingPdfUrl(APP_URL, id)).toBe(`${APP_URL}/filings/${id}/pdf`);
    expect(partnershipFilingPdfUrl(APP_URL, id)).toBe(`${APP_URL}/partnership/${id}/pdf`);
  });
});

describe('Host and Origin allow-list on every route, over a real socket (DNS-rebinding protection)', () => {
  const HOST = new URL(BASE_URL).host;
  let database: TestDatabase;
  let guarded: FilingServer;
  let open: FilingServer;
  let http: Server;
  let port: number;
  let current: () => FilingServer;

  beforeAll(async () => {
    database = await createPGliteDb();
    await migrateToLatest(database.db);
    const config = { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret: SESSION_SECRET } };
    guarded = createFilingServer({
      db: database.db,
      config: { ...config, allowedHosts: [HOST], allowedOrigins: [APP_URL, 'http://localhost:*'] },
    });
    open = createFilingServer({ db: database.db, config });
    current = () => guarded;
    http = createServer(
      getRequestListener((request) => current().fetch(request), { overrideGlobalObjects: false }),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await guarded?.close();
    await open?.close();
    await database?.close();
  });

  // node:http rather than fetch: fetch does not let a caller choose the Host header.
  function send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  const registration = (name: string) =>
    JSON.stringify({ client_name: name, redirect_uris: ['https://client.example/cb'] });
  const clientsNamed = async (name: string) =>
    (await database.db.selectFrom('oauth_clients').selectAll().execute()).filter((row: any) =>
      JSON.stringify(row).includes(name),
    ).length;
  const jsonHeaders = { 'content-type': 'application/json' };

  it.each([
    ['GET', '/mcp-server/.well-known/oauth-protected-resource', undefined],
    ['GET', '/.well-known/oauth-protected-resource/mcp-server', undefined],
    ['GET', '/mcp-server/.well-known/oauth-authorization-server', undefined],
    ['GET', '/.well-known/oauth-authorization-server/mcp-server', undefined],
    ['GET', '/mcp-server/authorize?response_type=code&client_id=x', undefined],
    ['POST', '/mcp-server/token', 'grant_type=authorization_code&code=x'],
    ['POST', '/mcp-server/revoke', 'token=x'],
    ['POST', '/mcp-server/nope', '{}'],
  ])('%s %s under a foreign Host answers 403 JSON with CORS', async (method, path, body) => {
    const answer = await send(method, path, { host: `evil.example:${port}`, ...jsonHeaders }, body);
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-expose-headers']).toBe('mcp-session-id, www-authenticate');
    expect(JSON.parse(answer.body)).toEqual({ code: 403, message: 'Forbidden: Host not allowed' });
  });

  it('/register under a foreign Host or from a foreign Origin answers 403 and stores no client', async () => {
    const name = `rebound-${randomUUID()}`;
    const badHost = await send(
      'POST',
      '/mcp-server/register',
      { host: 'evil.example', ...jsonHeaders },
      registration(name),
    );
    expect(badHost.status).toBe(403);
    expect(JSON.parse(badHost.body)).toEqual({ code: 403, message: 'Forbidden: Host not allowed' });
    const badOrigin = await send(
      'POST',
      '/mcp-server/register',
      { host: HOST, origin: 'http://evil.example', ...jsonHeaders },
      registration(name),
    );
    expect(badOrigin.status).toBe(403);
    expect(badOrigin.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(badOrigin.body)).toEqual({ code: 403, message: 'Forbidden: Origin not allowed' });
    expect(await clientsNamed(name)).toBe(0);
  });

  it('the allowed Host, with an allowed Origin or none, is served as before', async () => {
    const name = `allowed-${randomUUID()}`;
    for (const origin of [APP_URL, 'http://localhost:6274']) {
      const registered = await send(
        'POST',
        '/mcp-server/register',
        { host: HOST, origin, ...jsonHeaders },
        registration(name),
      );
      expect(registered.status, origin).toBe(201);
    }
    expect(await clientsNamed(name)).toBe(2);
    const metadata = await send('GET', '/.well-known/oauth-protected-resource/mcp-server', { host: HOST });
    expect(metadata.status).toBe(200);
    expect(JSON.parse(metadata.body)).toMatchObject({ resource: BASE_URL });
    const unknown = await send('GET', '/mcp-server/nope', { host: HOST });
    expect(unknown.status).toBe(404);
  });

  it('OPTIONS stays 200 headers-only under a foreign Host: the request it announces is refused', async () => {
    const preflight = await send('OPTIONS', '/mcp-server/register', {
      host: 'evil.example',
      origin: 'http://evil.example',
      'access-control-request-method': 'POST',
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS, DELETE');
    expect(preflight.body).toBe('');
  });

  it('the MCP endpoint keeps its JSON-RPC 403', async () => {
    const answer = await send(
      'POST',
      '/mcp-server',
      { host: 'evil.example', ...jsonHeaders },
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Forbidden: Host not allowed' },
    });
  });

  it('without allow-lists nothing is checked', async () => {
    current = () => open;
    try {
      const metadata = await send('GET', '/mcp-server/.well-known/oauth-protected-resource', {
        host: 'evil.example',
        origin: 'http://evil.example',
      });
      expect(metadata.status).toBe(200);
    } finally {
      current = () => guarded;
    }
  });
});
