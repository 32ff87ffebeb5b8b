import { randomBytes, randomUUID } from 'node:crypto';
import { FilingRepository } from '@filing-mcp/filing-domain';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionApp } from '../src/index.js';
import { open, type SessionInstances, sessionToken, startSessionInstances, submit } from './sessions.js';

describe("companion sign-in with a session JWT, across instances (PGlite only: the sign-in never touches the database; the pages' queries run on both databases in companion.test.ts)", () => {
  const alice = `alice-${randomUUID()}`;
  const bob = `bob-${randomUUID()}`;
  let instances: SessionInstances;
  let secret: string;
  let makeApp: () => CompanionApp;
  let aliceFiling: string;
  let bobFiling: string;

  beforeAll(async () => {
    instances = await startSessionInstances();
    ({ secret } = instances);
    makeApp = () => instances.makeApp();
    const repository = new FilingRepository(instances.db);
    const filing = (userId: string, llcName: string) =>
      repository.createFiling('filings', {
        userId,
        llcName,
        ein: '12-3456789',
        taxYearBegin: '2024-01-01',
        taxYearEnd: '2024-12-31',
        formData: {},
      });
    aliceFiling = await filing(alice, 'Alice Holdings LLC');
    bobFiling = await filing(bob, 'Bob Ventures LLC');
  });
  afterAll(() => instances?.close());

  /** Opens the sign-in page, then posts `session` with its CSRF token: the browser's steps. */
  const signIn = (app: CompanionApp, session: string) => submit(app, '/sign-in', { session });

  it('a valid session JWT signs in as its sub; the pages show only that user’s filings, on any instance', async () => {
    const token = await sessionToken(secret, alice);
    const response = await signIn(makeApp(), token);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/app/');
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(
      /^__Host-filing_companion_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600); // not beyond the JWT's exp
    expect(setCookie).not.toContain(token);
    const cookie = setCookie.split(';')[0]!;

    // A second, fresh instance verifies the cookie on its own.
    const other = makeApp();
    const index = await open(other, '/', cookie);
    expect(index.status).toBe(200);
    const body = await index.text();
    expect(body).toContain('Alice Holdings LLC');
    expect(body).toContain(`Signed in as ${alice}`);
    expect(body).not.toContain('Bob Ventures LLC');
    expect((await open(other, `/filings/${aliceFiling}`, cookie)).status).toBe(200);
    expect((await open(other, `/filings/${bobFiling}`, cookie)).status).toBe(404);
    const keys = await open(other, '/api-keys', cookie);
    expect(keys.status).toBe(200);
    expect(await keys.text()).toContain(`Signed in as ${alice}`);
  });

  it('without a session cookie, or with a forged one, every page asks for a sign-in', async () => {
    const app = makeApp();
    const none = await open(app, '/');
    expect(none.status).toBe(401);
    const text = await none.text();
    expect(text).toContain('/app/sign-in');
    expect(text).not.toContain('Signed in as');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(bob)
      .setAudience('filing-mcp-companion-session')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret)); // the raw secret, not the cookie key
    expect((await open(app, '/', `__Host-filing_companion_session=${forged}`)).status).toBe(401);
    // A session JWT is no cookie either.
    const jwt = await sessionToken(secret, bob);
    expect((await open(app, '/', `__Host-filing_companion_session=${jwt}`)).status).toBe(401);
  });

  it.each([
    [
      'expired',
      async () =>
        sessionToken(secret, alice, { iat: Math.floor(Date.now() / 1000) - 7200, expiresIn: '1h ago' }),
    ],
    ['signed with another secret', async () => sessionToken(randomBytes(48).toString('base64url'), alice)],
    [
      'tampered (sub changed)',
      async () => {
        const [header, , signature] = (await sessionToken(secret, alice)).split('.');
        const payload = Buffer.from(
          JSON.stringify({
            sub: bob,
            iat: Math.floor(Date.now() / 1000),
            exp: Math.floor(Date.now() / 1000) + 3600,
          }),
        ).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['no JWT at all', async () => 'not-a-token'],
    ['empty', async () => ''],
  ])(
    'a session JWT that is %s answers 401, sets no session cookie and does not echo the token',
    async (_name, make) => {
      const token = await make();
      const response = await signIn(makeApp(), token);
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      const body = await response.text();
      expect(body).toContain('Session token not valid');
      if (token) expect(body).not.toContain(token);
    },
  );

  it('a session JWT in the sign-in URL signs nothing in (tokens are posted, not put in URLs)', async () => {
    const token = await sessionToken(secret, alice);
    const response = await open(makeApp(), `/sign-in?session=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie') ?? '').not.toContain('filing_companion_session');
    expect(await response.text()).not.toContain(token);
  });
});
