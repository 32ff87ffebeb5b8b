import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configFromEnv,
  FilingConfigError,
  createFilingServer,
  filingPdfUrl,
  filingViewUrl,
  parseFilingServerConfig,
  partnershipFilingPdfUrl,
  partnershipFilingViewUrl,
} from '../src/index.js';
import { APP_URL, BASE_URL, type Harness, replyBody, rpc, SESSION_SECRET, startHarness } from './helpers.js';

const ORIGIN = new URL(BASE_URL).origin;

describe.each(testDatabases())('composed server on $name', (variant) => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness(variant);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('initialize reports filing-mcp 1.1.0, 2025-06-18 and the instructions', async () => {
    const response = await rpc(harness.server, 'initialize', {
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
  });

  it('tools/list: 14 tools, each with a description, object input and output schemas, and annotations', async () => {
    const { result } = await replyBody(await rpc(harness.server, 'tools/list', {}));
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
    // The form schemas' descriptions reach the agent through the JSON Schema too.
    const formData = byName.create_filing.inputSchema.properties.form_data;
    expect(formData.properties.taxYearBegin.description).toContain('YYYY-MM-DD');
    expect(formData.properties.isInitialYear.type).toBe('boolean');
    const partners = byName.create_partnership_filing.inputSchema.properties.form_data.properties.partners;
    expect(partners.items.properties.isForeign.type).toBe('boolean');
  });

  it('OPTIONS anywhere answers 200 with CORS headers and no body', async () => {
    for (const path of ['', '/', '/token', '/anything/else', '/.well-known/oauth-authorization-server']) {
      const response = await harness.server.fetch(new Request(`${BASE_URL}${path}`, { method: 'OPTIONS' }));
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
      const response = await harness.server.fetch(new Request(url));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(((await response.json()) as any).issuer).toBe(BASE_URL);
    }
    for (const url of [
      `${BASE_URL}/.well-known/oauth-protected-resource`,
      `${ORIGIN}/.well-known/oauth-protected-resource/mcp-server`,
    ]) {
      const response = await harness.server.fetch(new Request(url));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ resource: BASE_URL, authorization_servers: [BASE_URL] });
    }
  });

  it('GET and DELETE on the MCP endpoint answer 405; unknown paths answer 404 JSON with CORS', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await harness.server.fetch(new Request(BASE_URL, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    for (const url of [`${BASE_URL}/nope`, `${ORIGIN}/`, `${ORIGIN}/other/mcp-server`]) {
      const response = await harness.server.fetch(new Request(url, { method: 'POST', body: '{}' }));
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({ code: 404, message: 'Not found' });
    }
  });

  it('requireAuth "all" challenges initialize without a credential', async () => {
    const strict = createFilingServer({
      db: harness.db,
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
    expect(() => parseFilingServerConfig({ ...valid, ...change })).toThrow(FilingConfigError);
    expect(() => parseFilingServerConfig({ ...valid, ...change })).toThrow(setting);
    expect(() => createFilingServer({ db: {} as any, config: { ...valid, ...change } as any })).toThrow(
      setting,
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
