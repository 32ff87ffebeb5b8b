import { testDatabases } from '@filing-mcp/test-db';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { oauthSuite, type RunningServer, s256, SESSION_SECRET, startServer, VERIFIER } from './helpers.js';

// A valid session JWT whose `sub` held a NUL once answered 500 at /approve (PostgreSQL text
// refuses NUL), and a session JWT was honoured for as long as its `exp` said.

const REDIRECT = 'https://client.example/cb';

/** An HS256 session JWT with exactly the claims given (seconds since the epoch). */
function jwt(claims: { sub?: string; iat?: number; exp?: number }): Promise<string> {
  let token = new SignJWT({}).setProtectedHeader({ alg: 'HS256' });
  if (claims.sub !== undefined) token = token.setSubject(claims.sub);
  if (claims.iat !== undefined) token = token.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) token = token.setExpirationTime(claims.exp);
  return token.sign(new TextEncoder().encode(SESSION_SECRET));
}

describe.each(testDatabases())('session JWTs at /approve on $name', ({ create }) => {
  const suite = oauthSuite(create);
  let shortSessions: RunningServer;
  let clientId: string;
  let challenge: string;

  beforeAll(async () => {
    shortSessions = await suite.start({ session: { secret: SESSION_SECRET, maxAgeSeconds: 600 } });
    clientId = (await suite.server.register({ redirect_uris: [REDIRECT] })).client_id;
    challenge = await s256(VERIFIER);
  });

  function approveWith(target: RunningServer, token: string) {
    return fetch(`${target.baseUrl}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    });
  }

  /** 401 with the spec's body, nothing written, and the reason in the log. */
  async function expectRefused(target: RunningServer, token: string, reason: string) {
    const before = await suite.tableCounts();
    const eventsBefore = target.events.length;
    const response = await approveWith(target, token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ code: 401, message: 'Unauthorized' });
    expect(await suite.tableCounts()).toEqual(before);
    expect(target.events.slice(eventsBefore)).toEqual(
      expect.arrayContaining([{ event: 'session_refused', reason }]),
    );
  }

  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['a NUL', 'user\u0000id'],
    ['a line feed', 'user\nid'],
    ['an escape', 'user\u001bid'],
    ['DEL', 'user\u007fid'],
    ['a C1 control (NEL)', 'user\u0085id'],
    ['a lone surrogate', 'user\uD800id'],
    ['256 characters', 'u'.repeat(256)],
  ])('a valid session JWT whose sub holds %s -> 401 {code, message}, not 500', async (_name, sub) => {
    await expectRefused(suite.server, await jwt({ sub, iat: now(), exp: now() + 300 }), 'bad_subject');
  });

  it('a sub with non-ASCII letters and a surrogate pair is a user id like any other', async () => {
    const response = await approveWith(
      suite.server,
      await jwt({ sub: 'usér-😀-1', iat: now(), exp: now() + 300 }),
    );
    expect(response.status).toBe(200);
  });

  describe('SESSION_JWT_MAX_AGE_SECONDS (default 86400)', () => {
    it('honours a token issued now that lives exactly the maximum', async () => {
      expect(
        (await approveWith(suite.server, await jwt({ sub: 'u1', iat: now(), exp: now() + 86_400 }))).status,
      ).toBe(200);
    });

    it('refuses a token issued more than a day ago, although its exp is in the future', async () => {
      await expectRefused(
        suite.server,
        await jwt({ sub: 'u1', iat: now() - 86_401, exp: now() + 60 }),
        'too_old',
      );
    });

    it('refuses a token whose exp - iat exceeds a day', async () => {
      await expectRefused(
        suite.server,
        await jwt({ sub: 'u1', iat: now(), exp: now() + 86_401 }),
        'lifetime_too_long',
      );
      await expectRefused(
        suite.server,
        await jwt({ sub: 'u1', iat: now(), exp: now() + 10 * 365 * 86_400 }),
        'lifetime_too_long',
      );
    });

    it('refuses a token without iat (its age cannot be told)', async () => {
      await expectRefused(suite.server, await jwt({ sub: 'u1', exp: now() + 60 }), 'invalid');
    });

    it('refuses a token issued more than a minute in the future', async () => {
      await expectRefused(
        suite.server,
        await jwt({ sub: 'u1', iat: now() + 120, exp: now() + 300 }),
        'issued_in_future',
      );
      // A companion clock a few seconds ahead is tolerated.
      expect(
        (await approveWith(suite.server, await jwt({ sub: 'u1', iat: now() + 5, exp: now() + 300 }))).status,
      ).toBe(200);
    });

    it('a configured maximum of 600 s refuses an hour-long token and takes a 10-minute one', async () => {
      await expectRefused(
        shortSessions,
        await jwt({ sub: 'u1', iat: now(), exp: now() + 3600 }),
        'lifetime_too_long',
      );
      await expectRefused(
        shortSessions,
        await jwt({ sub: 'u1', iat: now() - 601, exp: now() + 60 }),
        'too_old',
      );
      expect(
        (await approveWith(shortSessions, await jwt({ sub: 'u1', iat: now(), exp: now() + 600 }))).status,
      ).toBe(200);
    });

    it('refuses a maxAgeSeconds that is not a positive integer at start-up', async () => {
      for (const maxAgeSeconds of [0, -1, 1.5, Number.NaN]) {
        await expect(
          startServer(suite.db, { session: { secret: SESSION_SECRET, maxAgeSeconds } }),
        ).rejects.toThrow('session.maxAgeSeconds must be a positive integer');
      }
    });
  });
});
