import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createFilingServer, migrateToLatest } from '@filing-mcp/filing-domain';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionApp, CompanionSignIn, createCompanionApp, SessionJwtSignIn } from '../src/index.js';
import { inProcessPackets } from './companion-harness.js';

const ORIGIN = 'https://filing.example';
const APP_URL = `${ORIGIN}/app`;
const BASE_URL = `${ORIGIN}/mcp-server`;
const SAME_ORIGIN = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };

describe.each(testDatabases())('signing out of the companion pages on $name', ({ create }) => {
  const secret = randomBytes(48).toString('base64url');
  const alice = `alice-${randomUUID()}`;
  let database: TestDatabase;
  let core: ReturnType<typeof createFilingServer>;
  let makeApp: (signIn?: CompanionSignIn | SessionJwtSignIn) => CompanionApp;

  beforeAll(async () => {
    database = await create();
    await migrateToLatest(database.db);
    core = createFilingServer({
      db: database.db,
      packets: inProcessPackets(),
      config: { baseUrl: BASE_URL, appUrl: APP_URL, session: { secret } },
    });
    // Each call is a fresh instance, as a new Lambda or Vercel instance would build it.
    makeApp = (signIn = new SessionJwtSignIn({ session: { secret }, cookieSecret: secret })) =>
      createCompanionApp({
        db: database.db,
        appUrl: APP_URL,
        baseUrl: BASE_URL,
        userId: 'local-user',
        sessionSecret: secret,
        core,
        signIn,
      });
  });
  afterAll(async () => {
    await core?.close();
    await database?.close();
  });

  const open = (app: CompanionApp, path: string, cookie?: string) =>
    app.fetch(new Request(`${APP_URL}${path}`, cookie ? { headers: { cookie } } : {}));

  /** Opens a page's form and posts it with its CSRF token, as the browser does. */
  async function submit(app: CompanionApp, path: string, fields: Record<string, string>, cookie?: string) {
    const page = await open(app, path, cookie);
    expect(page.status).toBe(200);
    const csrfCookie = page.headers.get('set-cookie')?.split(';')[0];
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(await page.text())![1]!;
    return app.fetch(
      new Request(`${APP_URL}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...SAME_ORIGIN,
          cookie: [cookie, csrfCookie].filter(Boolean).join('; '),
        },
        body: new URLSearchParams({ csrf_token: csrf, ...fields }),
      }),
    );
  }

  async function signedInCookie(app: CompanionApp): Promise<string> {
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(alice)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    const response = await submit(app, '/sign-in', { session: jwt });
    expect(response.status).toBe(303);
    return response.headers.get('set-cookie')!.split(';')[0]!;
  }

  const revokedRows = () => database.db.selectFrom('companion_revoked_sessions').selectAll().execute();

  it('clears the cookie and refuses that session from then on, on every instance; a new sign-in works', async () => {
    const app = makeApp();
    const cookie = await signedInCookie(app);
    const index = await open(app, '/', cookie);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<a href="/app/sign-out">Sign out</a>');

    const signedOut = await submit(app, '/sign-out', {}, cookie);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/app/sign-in');
    expect(signedOut.headers.get('set-cookie')).toBe(
      '__Host-filing_companion_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict; Secure',
    );
    // The database holds the cookie's SHA-256 (never the cookie) until it would have expired.
    const rows = await revokedRows();
    const value = cookie.slice(cookie.indexOf('=') + 1);
    expect(rows.map((row) => row.session_hash)).toContain(createHash('sha256').update(value).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(value);
    const row = rows.find(
      (candidate) => candidate.session_hash === createHash('sha256').update(value).digest('hex'),
    )!;
    const expiresIn = new Date(row.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(3_500_000);
    expect(expiresIn).toBeLessThanOrEqual(3_600_000);

    // A copy of the cookie kept elsewhere is refused by this instance and by a fresh one.
    for (const instance of [app, makeApp()]) {
      for (const path of ['/', '/api-keys']) {
        const refused = await open(instance, path, cookie);
        expect(refused.status).toBe(401);
        const body = await refused.text();
        expect(body).toContain('Sign in first');
        expect(body).not.toContain(alice);
      }
    }
    // Signing in again gives a new session that works.
    const again = await signedInCookie(makeApp());
    expect(again).not.toBe(cookie);
    expect((await open(makeApp(), '/', again)).status).toBe(200);
  });

  it('signing out without a session asks for a sign-in and records nothing', async () => {
    const before = (await revokedRows()).length;
    const response = await open(makeApp(), '/sign-out');
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Sign in first');
    expect((await revokedRows()).length).toBe(before);
  });

  it('with the one-time link, signing out ends the session this process holds', async () => {
    const signIn = new CompanionSignIn();
    const app = makeApp(signIn);
    const redeemed = await submit(app, `/sign-in?token=${signIn.token}`, { token: signIn.token });
    expect(redeemed.status).toBe(303);
    const cookie = redeemed.headers.get('set-cookie')!.split(';')[0]!;
    expect((await open(app, '/', cookie)).status).toBe(200);
    const signedOut = await submit(app, '/sign-out', {}, cookie);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('set-cookie')).toMatch(/^__Host-filing_companion_session=; Max-Age=0;/);
    expect((await open(app, '/', cookie)).status).toBe(401);
  });
});
