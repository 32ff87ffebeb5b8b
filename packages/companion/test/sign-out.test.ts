import { createHash, randomUUID } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanionApp, CompanionSignIn } from '../src/index.js';
import { open, type SessionInstances, sessionToken, startSessionInstances, submit } from './sessions.js';

describe.each(testDatabases())('signing out of the companion pages on $name', ({ create }) => {
  const alice = `alice-${randomUUID()}`;
  let instances: SessionInstances;
  let makeApp: SessionInstances['makeApp'];

  beforeAll(async () => {
    instances = await startSessionInstances(create);
    makeApp = instances.makeApp;
  });
  afterAll(() => instances?.close());

  async function signedInCookie(app: CompanionApp): Promise<string> {
    const response = await submit(app, '/sign-in', { session: await sessionToken(instances.secret, alice) });
    expect(response.status).toBe(303);
    return response.headers.get('set-cookie')!.split(';')[0]!;
  }

  const revokedRows = () => instances.db.selectFrom('companion_revoked_sessions').selectAll().execute();

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
