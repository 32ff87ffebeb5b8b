import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createApiKey, FilingRepository } from '@filing-mcp/filing-domain';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import {
  expectPacketResource,
  expectPdf,
  INITIALIZE_REQUEST,
  INVALID_PACKET_LINK_BODY,
  withChangedSignature,
} from '@filing-mcp/conformance';
import { createPostgresDb, testDatabases } from '@filing-mcp/test-db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
      SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
      PACKET_LINK_SECRET: randomBytes(32).toString('base64url'),
      // The companion pages in front of the server, under APP_URL's path as on Node.
      COMPANION: 'on',
      APP_URL: 'https://filing-mcp.example.com/app',
    });
    const response = await post('/api/mcp-server', INITIALIZE_REQUEST);
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
    expect(frame.result.tools).toHaveLength(20);
  });
});

describe.runIf(withPostgres)(
  `api/mcp-server.js serves the filing packets from dist/templates ${ONLY}`,
  () => {
    let key: string;
    let id: string;
    const rpc = async (body: unknown) => {
      const response = await post('/api/mcp-server', body, { authorization: `Bearer ${key}` });
      expect(response.status).toBe(200);
      return (await response.json()) as any;
    };
    const callTool = async (name: string, args: Record<string, unknown>) =>
      (await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })).result;
    /** A GET of a link the server signed, through the platform's routing (vercel.json rewrites). */
    const get = (link: string) => {
      const url = new URL(link);
      return fetch(`${served.url}${url.pathname}${url.search}`, { headers: forwarded });
    };

    beforeAll(async () => {
      ({ key } = await createApiKey(database.db, { userId: `packets-${randomBytes(4).toString('hex')}` }));
      ({ id } = (
        await callTool('create_filing', { form_data: EXAMPLE_SINGLE_MEMBER_FILING })
      ).structuredContent);
    });

    it('ships the templates as files in dist/templates (vercel.json includeFiles), not inside the JavaScript', () => {
      expect(readdirSync(resolve(packageDir, 'dist/templates')).sort()).toEqual([
        'f1065.pdf',
        'f1065sk1.pdf',
        'f1120.pdf',
        'f5472.pdf',
        'f7004.pdf',
      ]);
      const vercelJson = JSON.parse(readFileSync(resolve(packageDir, 'vercel.json'), 'utf8'));
      expect(vercelJson.functions['api/mcp-server.js'].includeFiles).toBe('dist/templates/**');
      for (const file of readdirSync(resolve(packageDir, 'dist')).filter((name) => name.endsWith('.js'))) {
        expect(readFileSync(resolve(packageDir, 'dist', file), 'latin1'), file).not.toContain('%PDF-1.');
      }
    });

    it('reads the templates from dist/templates, and from nowhere else', async () => {
      const { download_url: downloadUrl } = (await callTool('get_pdf_url', { id })).structuredContent;
      const templates = resolve(packageDir, 'dist/templates');
      await rename(templates, `${templates}-away`);
      try {
        const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
        const failed = await get(downloadUrl);
        errors.mockRestore();
        expect(failed.status).toBe(500);
      } finally {
        await rename(`${templates}-away`, templates);
      }
      // A failed start of the packet builder is not kept: the next packet finds the templates.
      expect((await get(downloadUrl)).status).toBe(200);
    });

    it('get_pdf_url answers a signed download_url, which the function answers with the PDF', async () => {
      const result = await callTool('get_pdf_url', { id });
      const downloadUrl: string = result.structuredContent.download_url;
      expect(downloadUrl).toMatch(
        new RegExp(`^${baseUrl}/packets/5472/${id}\\.pdf\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
      );
      const download = await get(downloadUrl);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await download.arrayBuffer());
      expectPdf(pdf);
      expect(download.headers.get('content-length')).toBe(String(pdf.length));
    });

    it('answers 403 for the download_url with a changed signature', async () => {
      const downloadUrl: string = (await callTool('get_pdf_url', { id })).structuredContent.download_url;
      const refused = await get(withChangedSignature(downloadUrl));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(INVALID_PACKET_LINK_BODY);
    });

    it('resources/read of the packet resource answers the PDF as a blob', async () => {
      const uri = `filing://filings/${id}/packet.pdf`;
      expectPacketResource(
        await rpc({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri } }),
        uri,
      );
    });
  },
);

describe.runIf(withPostgres)(
  `api/mcp-server.js with the companion pages mounted (COMPANION=on) ${ONLY}`,
  () => {
    it('answers the sign-in page as HTML at /app/sign-in (vercel.json rewrites /app to the function)', async () => {
      const response = await fetch(`${served.url}/app/sign-in`, { headers: forwarded });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page).toContain('<h1>Sign in to filing-mcp</h1>');
      expect(page).toContain('name="session" type="password"');
    });

    it('signs in with a session JWT through the function and opens the pages for that user', async () => {
      const userId = `user-${randomBytes(6).toString('hex')}`;
      await new FilingRepository(database.db).createFiling('filings', {
        userId,
        llcName: 'Vercel Signed In LLC',
        ein: '12-3456789',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
        formData: {},
      });
      const page = await fetch(`${served.url}/app/sign-in`, { headers: forwarded });
      const csrfCookie = page.headers.getSetCookie()[0]!.split(';')[0]!;
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
      const signInWith = (session: string) =>
        fetch(`${served.url}/app/sign-in`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            ...forwarded,
            'content-type': 'application/x-www-form-urlencoded',
            origin: 'https://filing-mcp.example.com',
            'sec-fetch-site': 'same-origin',
            cookie: csrfCookie,
          },
          body: new URLSearchParams({ csrf_token: csrf, session }),
        });
      const sign = (secret: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(userId)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret));

      const refused = await signInWith(await sign('not the server secret'));
      expect(refused.status).toBe(401);
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(await refused.text()).toContain('Session token not valid');

      const signedIn = await signInWith(await sign(process.env.SESSION_JWT_SECRET!));
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get('location')).toBe('/app/');
      const session = signedIn.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('__Host-filing_companion_session='))!;
      expect(session).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      const index = await fetch(`${served.url}/app/`, {
        headers: { ...forwarded, cookie: session.split(';')[0]! },
      });
      expect(index.status).toBe(200);
      const body = await index.text();
      expect(body).toContain(`Signed in as ${userId}`);
      expect(body).toContain('Vercel Signed In LLC');
    });

    it('asks for the sign-in before the consent page, since a function is reachable from the network', async () => {
      const response = await fetch(`${served.url}/app/oauth/authorize?client_id=x&state=y`, {
        headers: forwarded,
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('Sign in first');
    });
  },
);
