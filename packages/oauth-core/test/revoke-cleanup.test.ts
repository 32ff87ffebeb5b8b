import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { createOAuthServer, type OAuthStore } from '../src/index.js';
import { createKyselyOAuthStore } from '../src/kysely/index.js';
import { APP_URL, expectOAuthError, oauthSuite, postForm, SESSION_SECRET, sessionJwt } from './helpers.js';

describe.each(testDatabases())('revocation and cleanup on $name', ({ create }) => {
  const suite = oauthSuite(create);

  async function issued() {
    const grant = await suite.server.codeFor();
    const response = await suite.server.exchange(grant);
    expect(response.status).toBe(200);
    return { grant, tokens: (await response.json()) as { access_token: string; refresh_token: string } };
  }

  describe('POST /revoke (RFC 7009)', () => {
    it('revoking an access token ends that token (200, no-store)', async () => {
      const { grant, tokens } = await issued();
      const response = await postForm(`${suite.server.baseUrl}/revoke`, {
        token: tokens.access_token,
        client_id: grant.client.client_id,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toBeUndefined();
    });

    it('revoking a refresh token revokes its family, including access tokens of later rotations', async () => {
      const { grant, tokens } = await issued();
      const rotated = await postForm(`${suite.server.baseUrl}/token`, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
      const next = (await rotated.json()) as { access_token: string; refresh_token: string };
      const response = await postForm(`${suite.server.baseUrl}/revoke`, {
        token: next.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: grant.client.client_id,
      });
      expect(response.status).toBe(200);
      expect(await suite.server.oauth.verifyAccessToken(next.access_token)).toBeUndefined();
      const rows = await suite.db
        .selectFrom('oauth_tokens')
        .where('user_id', '=', grant.userId)
        .select('revoked_at')
        .execute();
      expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
    });

    it('an unknown token answers 200 and changes nothing', async () => {
      const { grant, tokens } = await issued();
      const response = await postForm(`${suite.server.baseUrl}/revoke`, {
        token: 'mcp_at_unknown',
        client_id: grant.client.client_id,
      });
      expect(response.status).toBe(200);
      expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toBeDefined();
    });

    it("another client's token answers 200 and is left untouched", async () => {
      const { tokens } = await issued();
      const other = await suite.server.register({ redirect_uris: ['https://o.example/cb'] });
      const response = await postForm(`${suite.server.baseUrl}/revoke`, {
        token: tokens.refresh_token,
        client_id: other.client_id,
      });
      expect(response.status).toBe(200);
      expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toBeDefined();
    });

    it('token missing -> 400 invalid_request; no client -> 401 invalid_client; wrong secret -> 401', async () => {
      const { grant, tokens } = await issued();
      await expectOAuthError(
        await postForm(`${suite.server.baseUrl}/revoke`, { client_id: grant.client.client_id }),
        400,
        'invalid_request',
      );
      await expectOAuthError(
        await postForm(`${suite.server.baseUrl}/revoke`, { token: tokens.access_token }),
        401,
        'invalid_client',
      );
      const confidential = await suite.server.register({
        redirect_uris: ['https://o.example/cb'],
        token_endpoint_auth_method: 'client_secret_post',
      });
      await expectOAuthError(
        await postForm(`${suite.server.baseUrl}/revoke`, {
          token: tokens.access_token,
          client_id: confidential.client_id,
          client_secret: 'mcp_secret_wrong',
        }),
        401,
        'invalid_client',
      );
      expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toBeDefined();
    });
  });

  describe('cleanup()', () => {
    it('deletes codes and tokens whose lifetimes ended, and keeps live ones', async () => {
      const { grant } = await issued();
      const unused = await suite.server.codeFor();
      const live = await issued();
      const far = 31 * 24 * 3_600_000;
      await suite.db
        .updateTable('oauth_tokens')
        .set({
          access_expires_at: new Date(Date.now() + far * 2),
          refresh_expires_at: new Date(Date.now() + far * 2),
        })
        .where('user_id', '=', live.grant.userId)
        .execute();
      await suite.db
        .updateTable('oauth_codes')
        .set({ expires_at: new Date(Date.now() + far * 2) })
        .where('user_id', '=', live.grant.userId)
        .execute();
      suite.server.travel(far);
      try {
        const removed = await suite.server.oauth.cleanup();
        expect(removed.codes).toBeGreaterThanOrEqual(2);
        expect(removed.tokens).toBeGreaterThanOrEqual(1);
      } finally {
        suite.server.travel(-far);
      }
      const count = async (table: 'oauth_codes' | 'oauth_tokens', userId: string) =>
        (await suite.db.selectFrom(table).where('user_id', '=', userId).select('id').execute()).length;
      expect(await count('oauth_tokens', grant.userId)).toBe(0);
      expect(await count('oauth_codes', grant.userId)).toBe(0);
      expect(await count('oauth_codes', unused.userId)).toBe(0);
      expect(await count('oauth_tokens', live.grant.userId)).toBe(1);
      expect(await count('oauth_codes', live.grant.userId)).toBe(1);
    });
  });

  describe('cleanup() and code replay (RFC 6749 section 4.1.2)', () => {
    // Regression: cleanup deleted used codes 5 minutes after issue, so a replay after it answered
    // invalid_grant without revoking the tokens issued from the code.
    it('a replay after cleanup still revokes the tokens issued from the code; unused expired codes go at once', async () => {
      const { grant, tokens } = await issued();
      const unused = await suite.server.codeFor();
      const sixMinutes = 6 * 60_000;
      suite.server.travel(sixMinutes);
      try {
        const removed = await suite.server.oauth.cleanup();
        expect(removed.codes).toBeGreaterThanOrEqual(1);
        const codes = await suite.db
          .selectFrom('oauth_codes')
          .where('user_id', 'in', [grant.userId, unused.userId])
          .select(['user_id', 'used_at'])
          .execute();
        // The unused code is gone; the used one, whose tokens live, is kept.
        expect(codes).toEqual([{ user_id: grant.userId, used_at: expect.any(Date) }]);
        expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toBeDefined();

        await expectOAuthError(await suite.server.exchange(grant), 400, 'invalid_grant');

        expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toBeUndefined();
        await expectOAuthError(
          await postForm(`${suite.server.baseUrl}/token`, {
            grant_type: 'refresh_token',
            refresh_token: tokens.refresh_token,
          }),
          400,
          'invalid_grant',
        );
        const rows = await suite.db
          .selectFrom('oauth_tokens')
          .where('user_id', '=', grant.userId)
          .select('revoked_at')
          .execute();
        expect(rows).toEqual([{ revoked_at: expect.any(Date) }]);
      } finally {
        suite.server.travel(-sixMinutes);
      }
    });

    it('a used code goes in the cleanup that deletes the last token issued from it', async () => {
      const { grant } = await issued();
      const pastRefresh = 30 * 24 * 3_600_000 + 60_000;
      suite.server.travel(pastRefresh);
      try {
        await suite.server.oauth.cleanup();
      } finally {
        suite.server.travel(-pastRefresh);
      }
      const count = async (table: 'oauth_codes' | 'oauth_tokens') =>
        (await suite.db.selectFrom(table).where('user_id', '=', grant.userId).select('id').execute()).length;
      expect(await count('oauth_tokens')).toBe(0);
      expect(await count('oauth_codes')).toBe(0);
    });
  });

  describe('server failures', () => {
    it('a failing store answers 500 in each endpoint family shape, and the log holds no driver message', async () => {
      const broken = new Proxy({} as OAuthStore, {
        get: () => async () => {
          throw new Error('connection lost while running: select ... where code = mcp_code_SECRET');
        },
      });
      const events: unknown[] = [];
      const oauth = createOAuthServer({
        baseUrl: 'https://api.example.com/mcp-server',
        appUrl: APP_URL,
        store: broken,
        session: { secret: SESSION_SECRET },
        logger: (event) => events.push(event),
      });
      const base = 'https://api.example.com/mcp-server';
      const token = await oauth.fetch(
        new Request(`${base}/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'mcp_rt_x' }),
        }),
      );
      await expectOAuthError(token, 500, 'server_error');
      const registerResponse = await oauth.fetch(
        new Request(`${base}/register`, {
          method: 'POST',
          body: JSON.stringify({ redirect_uris: ['https://a.example/cb'] }),
        }),
      );
      await expectOAuthError(registerResponse, 500, 'server_error');
      const approveResponse = await oauth.fetch(
        new Request(`${base}/approve`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await sessionJwt('u')}` },
          body: JSON.stringify({ client_id: 'mcp_client_x', redirect_uri: 'https://a.example/cb' }),
        }),
      );
      expect(approveResponse.status).toBe(500);
      expect(await approveResponse.json()).toEqual({ code: 500, message: 'Internal server error' });
      expect(events).toHaveLength(3);
      expect(JSON.stringify(events)).not.toContain('mcp_code_SECRET');
      // Metadata is precomputed and does not touch the store.
      expect((await oauth.fetch(new Request(`${base}/.well-known/oauth-authorization-server`))).status).toBe(
        200,
      );
    });

    it('refuses a configuration without a session key or with both', () => {
      const store = createKyselyOAuthStore(suite.db);
      const options = { baseUrl: 'https://a.example', appUrl: APP_URL, store };
      expect(() => createOAuthServer({ ...options, session: {} })).toThrow(TypeError);
      expect(() =>
        createOAuthServer({ ...options, session: { secret: 'x', jwksUrl: 'https://a.example/jwks' } }),
      ).toThrow(TypeError);
    });
  });
});
