import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createPostgresDb, testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveVercelFunction } from './vercel-runtime.js';

// api/mcp-server.js (re-exporting the built dist/mcp-server.js) exactly as Vercel loads it,
// configured from the environment, on a real PostgreSQL database.
const packageDir = resolve(import.meta.dirname, '..');
const baseUrl = 'https://filing-mcp.example.com/api/mcp-server';
const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'filing-mcp.example.com' };
const savedEnv = { ...process.env };

let database: Awaited<ReturnType<typeof createPostgresDb<any>>>;
let served: Awaited<ReturnType<typeof serveVercelFunction>>;

// The deployed entry speaks to PostgreSQL through pg only, so it is skipped when TEST_DB=pglite.
const withPostgres = testDatabases().some((database) => database.name === 'postgres');

beforeAll(async () => {
  if (!withPostgres) return;
  database = await createPostgresDb<any>();
  delete process.env.DATABASE_URL;
  delete process.env.POSTGRES_URL;
  served = await serveVercelFunction({
    functionPath: resolve(packageDir, 'api/mcp-server.js'),
    route: '/api/mcp-server',
    vercelJsonPath: resolve(packageDir, 'vercel.json'),
  });
});

afterAll(async () => {
  await served?.close();
  process.env = savedEnv;
  await database?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${served.url}${path}`, {
    method: 'POST',
    headers: { ...forwarded, 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const ONLY = '(PostgreSQL only: the deployed entry speaks to DATABASE_URL with pg)';
describe.runIf(withPostgres)(`api/mcp-server.js on the Vercel runtime ${ONLY}`, () => {
  it('exports default { fetch }, which the runtime serves as a web handler', () => {
    expect(served.detected.kind).toBe('fetch');
  });

  it('answers 500 while DATABASE_URL is missing, then starts once the environment is complete', async () => {
    const failed = await post('/api/mcp-server', { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ code: 500, message: 'Internal server error' });

    Object.assign(process.env, {
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'true',
      MCP_BASE_URL: baseUrl,
      APP_URL: 'https://app.filing-mcp.test',
      SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
    });
    const response = await post('/api/mcp-server', {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'vitest', version: '1' },
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.result.serverInfo).toEqual({ name: 'filing-mcp', version: '1.1.0' });
    expect(body.result.protocolVersion).toBe('2025-06-18');
  });

  it('serves the discovery documents at the base URL and at the origin-level addresses', async () => {
    for (const path of [
      '/api/mcp-server/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/mcp-server',
    ]) {
      const response = await fetch(`${served.url}${path}`, { headers: forwarded });
      expect(response.status, path).toBe(200);
      expect(((await response.json()) as any).resource, path).toBe(baseUrl);
    }
    for (const path of [
      '/api/mcp-server/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/api/mcp-server',
    ]) {
      const response = await fetch(`${served.url}${path}`, { headers: forwarded });
      expect(response.status, path).toBe(200);
      const metadata = (await response.json()) as any;
      expect(metadata.issuer, path).toBe(baseUrl);
      // Client ID Metadata Documents are on in the deployed entry too.
      expect(metadata.client_id_metadata_document_supported, path).toBe(true);
    }
  });

  it('ran the migrations (MIGRATE_ON_START=true): the tables exist in PostgreSQL', async () => {
    const tables = await database.db
      .selectFrom('information_schema.tables' as any)
      .select('table_name' as any)
      .where('table_schema' as any, '=', 'public')
      .execute();
    expect(tables.map((row: any) => row.table_name)).toEqual(
      expect.arrayContaining(['partnership_filings', 'api_keys', 'oauth_clients', 'oauth_tokens']),
    );
  });

  it('challenges tools/call without a credential with the configured resource metadata address', async () => {
    const response = await post('/api/mcp-server', {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'list_filings', arguments: {} },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(
      `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`,
    );
  });

  it('answers SSE when the client accepts only text/event-stream', async () => {
    const response = await post(
      '/api/mcp-server',
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { accept: 'text/event-stream' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const frame = JSON.parse(
      text
        .split('\n')
        .find((line) => line.startsWith('data: '))!
        .slice(6),
    );
    expect(frame.result.tools).toHaveLength(16);
  });
});
