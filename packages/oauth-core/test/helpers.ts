import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { SignJWT } from 'jose';
import type { TestDatabase } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  createOAuthServer,
  type OAuthLogEvent,
  type OAuthServer,
  type OAuthServerOptions,
} from '../src/index.js';
import { createKyselyOAuthStore, migrateOAuth, type OAuthDatabase } from '../src/kysely/index.js';

export const SESSION_SECRET = 'test-session-secret-that-is-long-enough-for-hs256';
export const APP_URL = 'https://app.example.test';

/** A running authorization server on a real loopback socket. */
export interface RunningServer {
  oauth: OAuthServer;
  /** `{base_url}`, e.g. `http://127.0.0.1:PORT/mcp-server`. */
  baseUrl: string;
  origin: string;
  events: OAuthLogEvent[];
  /** Moves the server's clock. */
  travel(ms: number): void;
  /** POST /register; throws unless it answers 201. */
  register(body: Record<string, unknown>): Promise<RegisteredClient>;
  /** POST /approve with a session JWT of `userId`. */
  approve(userId: string, body: Record<string, unknown>): Promise<{ status: number; body: any }>;
  /** Registers a public client and obtains a fresh code for it (S256 of {@link VERIFIER}). */
  codeFor(options?: CodeForOptions): Promise<IssuedCode>;
  /** POST /token exchanging a code obtained with `codeFor`. */
  exchange(
    input: Pick<IssuedCode, 'client' | 'code' | 'redirectUri'>,
    extra?: Record<string, string>,
  ): Promise<Response>;
  close(): Promise<void>;
}

/** What {@link RunningServer.codeFor} may vary. */
export interface CodeForOptions {
  userId?: string;
  redirectUri?: string;
  clientBody?: Record<string, unknown>;
}

/** A code {@link RunningServer.codeFor} obtained, with what its exchange needs. */
export interface IssuedCode {
  client: RegisteredClient;
  userId: string;
  redirectUri: string;
  code: string;
}

/**
 * Starts the OAuth server behind node:http on port 0, with a clock the test can move.
 *
 * @param mountPath - path of `{base_url}`; `''` serves at the origin's root
 */
export async function startServer(
  db: Kysely<OAuthDatabase>,
  overrides: Partial<OAuthServerOptions> = {},
  mountPath = '/mcp-server',
): Promise<RunningServer> {
  let offset = 0;
  const events: OAuthLogEvent[] = [];
  let oauth: OAuthServer | undefined;
  const server: Server = createServer(
    getRequestListener((request) => oauth!.fetch(request), { overrideGlobalObjects: false }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrl = `${origin}${mountPath}`;
  oauth = createOAuthServer({
    baseUrl,
    appUrl: APP_URL,
    store: createKyselyOAuthStore(db),
    session: { secret: SESSION_SECRET },
    now: () => Date.now() + offset,
    logger: (event) => events.push(event),
    ...overrides,
  });
  const running: RunningServer = {
    oauth,
    baseUrl,
    origin,
    events,
    travel: (ms) => {
      offset += ms;
    },
    register: (body) => register(baseUrl, body),
    approve: (userId, body) => approve(baseUrl, userId, body),
    codeFor: (options) => codeFor(running, options),
    exchange: (input, extra) => exchange(running, input, extra),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return running;
}

/** A suite's migrated database and the servers it runs on it (see {@link oauthSuite}). */
export interface OAuthSuite {
  /** The migrated database (read it after `beforeAll`). */
  readonly db: Kysely<OAuthDatabase>;
  /** The suite's first server, at `/mcp-server` (read it after `beforeAll`). */
  readonly server: RunningServer;
  /** Starts one more server on the same database; the suite closes it. */
  start(overrides?: Partial<OAuthServerOptions>, mountPath?: string): Promise<RunningServer>;
  /** {@link tableCounts} of the suite's database. */
  tableCounts(): ReturnType<typeof tableCounts>;
}

/**
 * Opens and migrates a database before the enclosing suite's tests, starts a server with `defaults` on it,
 * and closes every server and the database after them. A suite's own `beforeAll`, registered after
 * this call, runs once these are ready.
 */
export function oauthSuite(
  create: () => Promise<TestDatabase<OAuthDatabase>>,
  defaults: Partial<OAuthServerOptions> = {},
): OAuthSuite {
  let database: TestDatabase<OAuthDatabase> | undefined;
  let server: RunningServer | undefined;
  const started: RunningServer[] = [];
  const suite: OAuthSuite = {
    get db() {
      return database!.db;
    },
    get server() {
      return server!;
    },
    tableCounts: () => tableCounts(database!.db),
    async start(overrides = {}, mountPath) {
      const running = await startServer(database!.db, overrides, mountPath);
      started.push(running);
      return running;
    },
  };
  beforeAll(async () => {
    database = await create();
    await migrateOAuth(database.db);
    server = await suite.start(defaults);
  });
  afterAll(async () => {
    await Promise.all(started.map((running) => running.close()));
    await database?.close();
  });
  return suite;
}

/** A session JWT as the companion app would hold it. */
export function sessionJwt(
  userId: string,
  options: { secret?: string; expiresIn?: string | number; issuer?: string; audience?: string } = {},
): Promise<string> {
  let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt();
  if (options.expiresIn !== undefined) jwt = jwt.setExpirationTime(options.expiresIn);
  else jwt = jwt.setExpirationTime('5m');
  if (options.issuer) jwt = jwt.setIssuer(options.issuer);
  if (options.audience) jwt = jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(options.secret ?? SESSION_SECRET));
}

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  [key: string]: unknown;
}

async function register(baseUrl: string, body: Record<string, unknown>): Promise<RegisteredClient> {
  const response = await fetch(`${baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return (await response.json()) as RegisteredClient;
}

async function approve(
  baseUrl: string,
  userId: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await sessionJwt(userId)}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export function postForm(url: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params).toString(),
  });
}

export const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk0123456789';

/** S256 of {@link VERIFIER}, computed with node:crypto so the test does not trust the code under test. */
export async function s256(verifier: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(verifier).digest('base64url');
}

/** SHA-256 hex of a code, as the database keeps it; node:crypto, so the test does not trust the code under test. */
export async function codeHash(code: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(code).digest('hex');
}

/** Who an authorization request of {@link authorizationParams} is for. */
export interface AuthorizationRequest {
  client: RegisteredClient;
  redirectUri: string;
  /** S256 of {@link VERIFIER}. */
  challenge: string;
  /** `{base_url}` of the server asked. */
  resource: string;
}

/** The `/approve` body (and `completeAuthorization` params): S256, scope `mcp`, state `abc`, then `overrides`. */
export function authorizationParams<T = string | undefined>(
  request: AuthorizationRequest,
  overrides: Record<string, T> = {},
): Record<string, string | T> {
  return {
    client_id: request.client.client_id,
    redirect_uri: request.redirectUri,
    scope: 'mcp',
    code_challenge: request.challenge,
    code_challenge_method: 'S256',
    state: 'abc',
    resource: request.resource,
    ...overrides,
  };
}

/**
 * Asserts a grant's redirect to `https://client.example/cb?keep=1` carries code, state `abc` and
 * iss; answers the `oauth_codes` row of the code.
 */
export async function expectIssuedCode(
  db: Kysely<OAuthDatabase>,
  redirectTo: string,
  code: string,
  iss: string,
) {
  expect(code).toMatch(/^mcp_code_[A-Za-z0-9_-]{32}$/);
  const redirect = new URL(redirectTo);
  expect(redirect.origin + redirect.pathname).toBe('https://client.example/cb');
  expect(Object.fromEntries(redirect.searchParams)).toEqual({ keep: '1', code, state: 'abc', iss });
  return codeRow(db, code);
}

/** The `oauth_codes` row of `code`. */
export async function codeRow(db: Kysely<OAuthDatabase>, code: string) {
  return db
    .selectFrom('oauth_codes')
    .selectAll()
    .where('code_hash', '=', await codeHash(code))
    .executeTakeFirstOrThrow();
}

export function randomUserId(): string {
  return `user_${crypto.randomUUID()}`;
}

async function codeFor(server: RunningServer, options: CodeForOptions = {}): Promise<IssuedCode> {
  const redirectUri = options.redirectUri ?? 'http://127.0.0.1:9/callback';
  const client = await register(server.baseUrl, { redirect_uris: [redirectUri], ...options.clientBody });
  const userId = options.userId ?? randomUserId();
  const approved = await approve(server.baseUrl, userId, {
    client_id: client.client_id,
    redirect_uri: redirectUri,
    code_challenge: await s256(VERIFIER),
    code_challenge_method: 'S256',
    state: 'st',
  });
  if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
  return { client, userId, redirectUri, code: approved.body.code as string };
}

function exchange(
  server: RunningServer,
  input: Pick<IssuedCode, 'client' | 'code' | 'redirectUri'>,
  extra: Record<string, string> = {},
) {
  return postForm(`${server.baseUrl}/token`, {
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: input.client.client_id,
    code_verifier: VERIFIER,
    ...extra,
  });
}

/** Counts of rows in the OAuth tables, to show a failed call wrote nothing. */
export async function tableCounts(db: Kysely<OAuthDatabase>) {
  /** Rows of `table`, or only those whose `setColumn` is not null. */
  const count = async (table: keyof OAuthDatabase, setColumn?: 'used_at' | 'revoked_at') => {
    let query = db.selectFrom(table);
    if (setColumn !== undefined) query = query.where(setColumn, 'is not', null);
    return Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  };
  return {
    clients: await count('oauth_clients'),
    codes: await count('oauth_codes'),
    tokens: await count('oauth_tokens'),
    usedCodes: await count('oauth_codes', 'used_at'),
    revokedTokens: await count('oauth_tokens', 'revoked_at'),
  };
}

/** The stored token rows whose `column` equals `value` (a user's, a grant's). */
export function tokenRows(db: Kysely<OAuthDatabase>, column: 'user_id' | 'grant_id', value: string) {
  return db.selectFrom('oauth_tokens').where(column, '=', value).selectAll().execute();
}

/** Asserts an OAuth error answer: status, exact body shape, and never cached. */
export async function expectOAuthError(response: Response, status: number, error: string): Promise<string> {
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== status || body.error !== error) {
    throw new Error(`expected ${status} ${error}, got ${response.status} ${JSON.stringify(body)}`);
  }
  if (response.headers.get('cache-control') !== 'no-store')
    throw new Error('missing Cache-Control: no-store');
  if (
    Object.keys(body).sort().join() !== 'error,error_description' ||
    typeof body.error_description !== 'string'
  ) {
    throw new Error(`unexpected error body ${JSON.stringify(body)}`);
  }
  return body.error_description;
}
