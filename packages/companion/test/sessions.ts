import type { FilingDatabase } from '@filing-mcp/filing-domain';
import { randomBytes } from 'node:crypto';
import { createFilingServer, migrateToLatest } from '@filing-mcp/filing-domain';
import { createPGliteDb, type DatabaseVariant } from '@filing-mcp/test-db';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import {
  type CompanionApp,
  type CompanionSignIn,
  createCompanionApp,
  SessionJwtSignIn,
} from '../src/index.js';
import { inProcessPackets } from './companion-harness.js';

export const ORIGIN = 'https://filing.example';
export const APP_URL = `${ORIGIN}/app`;
export const BASE_URL = `${ORIGIN}/mcp-server`;

/** A session JWT as `filing-mcp session-token` signs one. */
export function sessionToken(
  secret: string,
  sub: string,
  options: { expiresIn?: string; iat?: number } = {},
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(options.iat)
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(new TextEncoder().encode(secret));
}

/** Opens a companion page, with a cookie if given. */
export function open(app: CompanionApp, path: string, cookie?: string): Promise<Response> {
  return app.fetch(new Request(`${APP_URL}${path}`, cookie ? { headers: { cookie } } : {}));
}

/** Opens a page's form and posts it with its CSRF token (and `cookie`), as the browser does. */
export async function submit(
  app: CompanionApp,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
): Promise<Response> {
  const page = await open(app, path, cookie);
  expect(page.status).toBe(200);
  const csrfCookie = page.headers.get('set-cookie')?.split(';')[0];
  const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
  const body = { csrf_token: csrf, ...fields };
  return app.fetch(formPost(`${APP_URL}${path}`, body, [cookie, csrfCookie].filter(Boolean).join('; ')));
}

/** A same-origin form POST of `fields` to `url` with `cookie`, as the browser sends a page's form. */
export function formPost(url: string, fields: Record<string, string>, cookie: string): Request {
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(url).origin,
      'sec-fetch-site': 'same-origin',
      cookie,
    },
    body: new URLSearchParams(fields),
  });
}

/**
 * A filing server on a migrated test database, and `makeApp`: a fresh companion instance in front
 * of it on each call, as a new Lambda or Vercel instance would build it, signing in with session
 * JWTs unless another sign-in is given.
 */
export interface SessionInstances {
  db: Kysely<FilingDatabase>;
  secret: string;
  makeApp(signIn?: CompanionSignIn | SessionJwtSignIn): CompanionApp;
  close(): Promise<void>;
}

/** Starts {@link SessionInstances} on `create`'s database (in-memory PGlite by default). */
export async function startSessionInstances(
  create: DatabaseVariant['create'] = createPGliteDb,
): Promise<SessionInstances> {
  const secret = randomBytes(48).toString('base64url');
  const database = await create();
  await migrateToLatest(database.db);
  const core = createFilingServer({
    db: database.db,
    packets: inProcessPackets(),
    config: { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret } },
  });
  return {
    db: database.db,
    secret,
    makeApp: (signIn = new SessionJwtSignIn({ session: { secret }, cookieSecret: secret })) =>
      createCompanionApp({
        db: database.db,
        appUrl: APP_URL,
        baseUrl: BASE_URL,
        userId: 'local-user',
        sessionSecret: secret,
        core,
        signIn,
      }),
    close: async () => {
      await core.close();
      await database.close();
    },
  };
}
