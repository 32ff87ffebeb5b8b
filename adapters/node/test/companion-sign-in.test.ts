import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingHttpHeaders, request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { migrateToLatest } from '@filing-mcp/filing-domain';
import { createPGliteDb, createPostgresDb, type TestDatabase } from '@filing-mcp/test-db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { createNodeServer, type NodeServer } from '../src/node-server.js';
import { SettingError } from '../src/settings.js';
import { startServer } from '../src/start-server.js';
import { idsWhere } from './support/rows.js';

// A network client reaches a server on 0.0.0.0 through the machine's own address, when it has one.
const networkAddress =
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address ?? '127.0.0.1';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request from "the network", naming whatever Host it likes (fetch cannot). */
function send(
  port: number,
  options: { method?: string; path: string; host: string; cookie?: string; form?: Record<string, string> },
): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: networkAddress,
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        headers: {
          host: options.host,
          ...(options.cookie && { cookie: options.cookie }),
          ...(body !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const cookiePair = (setCookie: string[] | undefined, name: string) =>
  setCookie?.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0];
const csrfTokenOf = (page: string) => /name="csrf_token" value="([^"]+)"/.exec(page)?.[1];

const sessionSecret = randomBytes(48).toString('base64url');

describe('the companion pages beyond loopback (PGlite only: the sign-in lives in memory, and no page reaches the database without it)', () => {
  let database: TestDatabase;
  let server: NodeServer;
  let port: number;
  const userId = `local-${randomUUID()}`;

  beforeAll(async () => {
    database = await createPGliteDb();
    await migrateToLatest(database.db);
    server = await createNodeServer({
      db: database.db,
      host: '0.0.0.0',
      port: 0,
      config: { session: { secret: sessionSecret } },
      companion: { userId, signIn: 'link' },
      logger: createLogger({ level: 'silent' }),
      cleanupIntervalMs: 0,
    });
    port = Number(new URL(server.origin).port);
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('refuses to start on 0.0.0.0 without a sign-in, naming COMPANION_SIGN_IN', async () => {
    await expect(
      createNodeServer({
        db: database.db,
        host: '0.0.0.0',
        port: 0,
        config: { session: { secret: sessionSecret } },
        companion: { userId },
        logger: createLogger({ level: 'silent' }),
        cleanupIntervalMs: 0,
      }),
    ).rejects.toThrow(/serve only loopback \(HOST=0\.0\.0\.0\): set COMPANION_SIGN_IN=link/);
  });

  it('gives a network client that says "Host: localhost" none of the local user’s powers', async () => {
    const host = `localhost:${port}`;
    for (const path of ['/app/', '/app/api-keys', `/app/filings/${randomUUID()}`]) {
      const page = await send(port, { path, host });
      expect(page.status).toBe(401);
      expect(page.body).toContain('Sign in first');
      expect(page.body).not.toContain('Create API key');
    }
    // A CSRF token is to be had (the sign-in page's), but no key is minted and no client approved.
    const signInPage = await send(port, { path: '/app/sign-in', host });
    const csrfCookie = cookiePair(signInPage.headers['set-cookie'], 'filing_csrf');
    const csrfToken = csrfTokenOf(signInPage.body);
    expect(csrfCookie && csrfToken).toBeTruthy();
    const mint = await send(port, {
      method: 'POST',
      path: '/app/api-keys',
      host,
      cookie: csrfCookie,
      form: { csrf_token: csrfToken!, scope: 'mcp', expires_in: 'never' },
    });
    expect(mint.status).toBe(401);
    expect(mint.body).not.toMatch(/fmcp_|filing_/);
    const approve = await send(port, {
      method: 'POST',
      path: '/app/oauth/authorize',
      host,
      cookie: csrfCookie,
      form: { csrf_token: csrfToken!, decision: 'approve', client_id: 'any' },
    });
    expect(approve.status).toBe(401);
    expect(approve.headers.location).toBeUndefined();
    const keys = await idsWhere(database.db, 'api_keys', 'user_id', userId);
    expect(keys).toEqual([]);
    // The MCP side is not the pages': it answers as ever.
    expect((await send(port, { path: '/healthz', host })).status).toBe(200);
  });

  it('signs one browser in with the one-time link (HttpOnly, SameSite session cookie), and never another', async () => {
    expect(server.signInUrl).toMatch(new RegExp(`^${server.appUrl}/sign-in\\?token=[A-Za-z0-9_-]{43}$`));
    const link = new URL(server.signInUrl!);
    const host = `localhost:${port}`;
    const page = await send(port, { path: `${link.pathname}${link.search}`, host });
    expect(page.status).toBe(200);
    const csrfCookie = cookiePair(page.headers['set-cookie'], 'filing_csrf')!;
    const form = { csrf_token: csrfTokenOf(page.body)!, token: link.searchParams.get('token')! };
    // A wrong token opens nothing (and spends nothing).
    const wrong = await send(port, {
      method: 'POST',
      path: '/app/sign-in',
      host,
      cookie: csrfCookie,
      form: { ...form, token: randomBytes(32).toString('base64url') },
    });
    expect(wrong.status).toBe(403);

    const signedIn = await send(port, {
      method: 'POST',
      path: '/app/sign-in',
      host,
      cookie: csrfCookie,
      form,
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/app/');
    const setCookie = signedIn.headers['set-cookie']!.join('\n');
    expect(setCookie).toMatch(
      /^filing_companion_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/app; HttpOnly; SameSite=Strict$/,
    );
    const session = cookiePair(signedIn.headers['set-cookie'], 'filing_companion_session')!;
    const keysPage = await send(port, { path: '/app/api-keys', host, cookie: `${session}; ${csrfCookie}` });
    expect(keysPage.status).toBe(200);
    expect(keysPage.body).toContain('Create API key');

    // Single use: the same link signs no second browser in.
    const again = await send(port, { method: 'POST', path: '/app/sign-in', host, cookie: csrfCookie, form });
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('not valid or was already used');
    // A made-up session cookie is no session.
    const forged = await send(port, {
      path: '/app/api-keys',
      host,
      cookie: `filing_companion_session=${randomBytes(32).toString('base64url')}`,
    });
    expect(forged.status).toBe(401);
  });
});

describe.skipIf(process.env.TEST_DB === 'pglite')(
  'filing-mcp serve’s start-up checks of the companion',
  () => {
    it('refuses COMPANION=on on HOST=0.0.0.0 without COMPANION_SIGN_IN, before opening anything', async () => {
      const error = await startServer({
        env: { COMPANION: 'on', HOST: '0.0.0.0', PORT: '0', DATA_DIR: '/nonexistent/never-created' },
        logger: createLogger({ level: 'silent' }),
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SettingError);
      expect((error as Error).message).toContain('set COMPANION_SIGN_IN=link');
    });

    it('warns at start when COMPANION=on runs on DATABASE_URL', async () => {
      const postgres = await createPostgresDb();
      const lines: string[] = [];
      try {
        const server = await startServer({
          env: {
            COMPANION: 'on',
            DATABASE_URL: postgres.url,
            SESSION_JWT_SECRET: sessionSecret,
            PORT: '0',
            REVOCATION_LISTEN_URL: 'off',
          },
          logger: createLogger({ level: 'info', write: (line) => lines.push(line) }),
        });
        await server.close();
      } finally {
        await postgres.close();
      }
      const warning = lines
        .map((line) => JSON.parse(line))
        .find((entry) => entry.msg === 'companion_with_database_url');
      expect(warning).toMatchObject({ level: 'warn', local_user_id: 'local-user' });
      expect(warning.message).toContain('COMPANION=on with DATABASE_URL');
    });
  },
);

describe('COMPANION_SIGN_IN=session: a sign-in with a session JWT (PGlite only: the sign-in never touches the database)', () => {
  let database: TestDatabase;
  let server: NodeServer;

  beforeAll(async () => {
    database = await createPGliteDb();
    await migrateToLatest(database.db);
    server = await createNodeServer({
      db: database.db,
      host: '127.0.0.1',
      port: 0,
      config: { session: { secret: sessionSecret } },
      companion: { userId: 'local-user', signIn: 'session' },
      logger: createLogger({ level: 'silent' }),
      cleanupIntervalMs: 0,
    });
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('signs in as the JWT’s sub, and the pages act for that user, not LOCAL_USER_ID', async () => {
    const sub = `user-${randomUUID()}`;
    expect((await fetch(`${server.appUrl}/api-keys`)).status).toBe(401);
    const page = await fetch(`${server.appUrl}/sign-in`);
    const csrfCookie = cookiePair(page.headers.getSetCookie(), 'filing_csrf')!;
    const csrfToken = csrfTokenOf(await page.text())!;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(sessionSecret));
    const signedIn = await fetch(`${server.appUrl}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: csrfToken, session: token }),
    });
    expect(signedIn.status).toBe(303);
    const session = cookiePair(signedIn.headers.getSetCookie(), 'filing_companion_session')!;
    const keys = await fetch(`${server.appUrl}/api-keys`, { headers: { cookie: session } });
    expect(keys.status).toBe(200);
    const body = await keys.text();
    expect(body).toContain(`Signed in as ${sub}`);
    expect(body).not.toContain('Signed in as local-user');
  });
});
