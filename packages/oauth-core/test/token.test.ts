import { testDatabases } from '@filing-mcp/test-db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  codeHash,
  expectOAuthError,
  oauthSuite,
  postForm,
  randomUserId,
  type RunningServer,
  s256,
  startServer,
  VERIFIER,
} from './helpers.js';

describe.each(testDatabases())('POST /token on $name', ({ create }) => {
  const suite = oauthSuite(create);
  let graceful: RunningServer;
  /** OAUTH_REQUIRE_PKCE=false: a client may skip PKCE. */
  let relaxed: RunningServer;

  beforeAll(async () => {
    graceful = await suite.start({ refreshGraceSeconds: 30 });
    relaxed = await suite.start({ requirePkce: false });
  });

  async function codeRow(code: string) {
    return suite.db
      .selectFrom('oauth_codes')
      .selectAll()
      .where('code_hash', '=', await codeHash(code))
      .executeTakeFirstOrThrow();
  }

  async function tokens(response: Response) {
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    const body = (await response.json()) as Record<string, any>;
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
    expect(body.scope).toBe('mcp');
    return body as { access_token: string; refresh_token: string };
  }

  function refresh(target: RunningServer, refreshToken: string, extra: Record<string, string> = {}) {
    return postForm(`${target.baseUrl}/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      ...extra,
    });
  }

  describe('POST /token: request format', () => {
    it('accepts a JSON body', async () => {
      const grant = await suite.server.codeFor();
      const response = await fetch(`${suite.server.baseUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          code: grant.code,
          redirect_uri: grant.redirectUri,
          client_id: grant.client.client_id,
          code_verifier: VERIFIER,
        }),
      });
      await tokens(response);
    });

    it('accepts a raw form body without content type', async () => {
      const grant = await suite.server.codeFor();
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: grant.redirectUri,
        client_id: grant.client.client_id,
        code_verifier: VERIFIER,
      }).toString();
      const response = await fetch(`${suite.server.baseUrl}/token`, {
        method: 'POST',
        body: new TextEncoder().encode(body),
      });
      await tokens(response);
    });

    it('GET /token -> 405 with Allow: POST', async () => {
      const response = await fetch(`${suite.server.baseUrl}/token`);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    });
  });

  describe('POST /token: errors change nothing', () => {
    it.each([
      ['grant_type missing', { grant_type: '' }, 400, 'invalid_request'],
      ['grant_type password', { grant_type: 'password' }, 400, 'unsupported_grant_type'],
      ['grant_type client_credentials', { grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
      ['code missing', { code: '' }, 400, 'invalid_request'],
      ['redirect_uri missing', { redirect_uri: '' }, 400, 'invalid_request'],
      ['client_id missing', { client_id: '' }, 400, 'invalid_request'],
      ['code_verifier too short', { code_verifier: 'a'.repeat(42) }, 400, 'invalid_request'],
      ['code_verifier too long', { code_verifier: 'a'.repeat(129) }, 400, 'invalid_request'],
      [
        'code_verifier with a reserved character',
        { code_verifier: `${'a'.repeat(50)}+` },
        400,
        'invalid_request',
      ],
      ['an unknown code', { code: 'mcp_code_doesnotexist' }, 400, 'invalid_grant'],
      ['a wrong code_verifier', { code_verifier: 'b'.repeat(43) }, 400, 'invalid_grant'],
      ['another redirect_uri', { redirect_uri: 'http://127.0.0.1:9/other' }, 400, 'invalid_grant'],
      ['an unknown client', { client_id: 'mcp_client_unknown' }, 401, 'invalid_client'],
      ['a resource of another server', { resource: 'https://other.example/mcp' }, 400, 'invalid_target'],
    ])('%s -> %i %s; the code stays unused and redeemable', async (_name, override, status, error) => {
      const grant = await suite.server.codeFor();
      const before = await suite.tableCounts();
      const params: Record<string, string> = {
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: grant.redirectUri,
        client_id: grant.client.client_id,
        code_verifier: VERIFIER,
      };
      for (const [key, value] of Object.entries(override)) {
        if (value === '') delete params[key];
        else params[key] = value;
      }
      await expectOAuthError(await postForm(`${suite.server.baseUrl}/token`, params), status, error);
      expect(await suite.tableCounts()).toEqual(before);
      expect((await codeRow(grant.code)).used_at).toBeNull();
      await tokens(await suite.server.exchange(grant));
    });

    it('a code_verifier missing when a challenge was sent -> invalid_grant', async () => {
      const grant = await suite.server.codeFor();
      const params = {
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: grant.redirectUri,
        client_id: grant.client.client_id,
      };
      await expectOAuthError(await postForm(`${suite.server.baseUrl}/token`, params), 400, 'invalid_grant');
      expect((await codeRow(grant.code)).used_at).toBeNull();
    });

    it('a code issued to another client -> invalid_grant, code not consumed', async () => {
      const grant = await suite.server.codeFor();
      const other = await suite.server.register({ redirect_uris: [grant.redirectUri] });
      await expectOAuthError(await suite.server.exchange({ ...grant, client: other }), 400, 'invalid_grant');
      expect((await codeRow(grant.code)).used_at).toBeNull();
      await tokens(await suite.server.exchange(grant));
    });

    it('a repeated parameter -> invalid_request', async () => {
      const grant = await suite.server.codeFor();
      const body = `${new URLSearchParams({
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: grant.redirectUri,
        client_id: grant.client.client_id,
        code_verifier: VERIFIER,
      })}&code=mcp_code_other`;
      const response = await fetch(`${suite.server.baseUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      await expectOAuthError(response, 400, 'invalid_request');
      expect((await codeRow(grant.code)).used_at).toBeNull();
    });

    it('an unsupported content type or invalid JSON -> invalid_request', async () => {
      const xml = await fetch(`${suite.server.baseUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<grant/>',
      });
      await expectOAuthError(xml, 400, 'invalid_request');
      const json = await fetch(`${suite.server.baseUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"grant_type":',
      });
      await expectOAuthError(json, 400, 'invalid_request');
    });

    it('an expired code (5 minutes) -> invalid_grant', async () => {
      const grant = await suite.server.codeFor();
      suite.server.travel(300_001);
      try {
        await expectOAuthError(await suite.server.exchange(grant), 400, 'invalid_grant');
      } finally {
        suite.server.travel(-300_001);
      }
      expect((await codeRow(grant.code)).used_at).toBeNull();
    });

    it('a code_verifier when the authorization had no code_challenge (PKCE relaxed) -> invalid_grant', async () => {
      const redirectUri = 'https://client.example/cb';
      const client = await relaxed.register({
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      });
      const { body } = await relaxed.approve(randomUserId(), {
        client_id: client.client_id,
        redirect_uri: redirectUri,
      });
      const params = {
        grant_type: 'authorization_code',
        code: body.code,
        redirect_uri: redirectUri,
        client_id: client.client_id,
        client_secret: client.client_secret!,
      };
      await expectOAuthError(
        await postForm(`${relaxed.baseUrl}/token`, { ...params, code_verifier: VERIFIER }),
        400,
        'invalid_grant',
      );
      expect((await codeRow(body.code)).used_at).toBeNull();
      await tokens(await postForm(`${relaxed.baseUrl}/token`, params));
    });
  });

  describe('POST /token: client authentication', () => {
    async function confidentialGrant(method = 'client_secret_post') {
      const redirectUri = 'https://client.example/cb';
      const client = await suite.server.register({
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: method,
      });
      const { body } = await suite.server.approve(randomUserId(), {
        client_id: client.client_id,
        redirect_uri: redirectUri,
        code_challenge: await s256(VERIFIER),
        code_challenge_method: 'S256',
      });
      const params = {
        grant_type: 'authorization_code',
        code: body.code as string,
        redirect_uri: redirectUri,
        code_verifier: VERIFIER,
      };
      return { client, params, code: body.code as string };
    }

    it('no secret for a confidential client -> 401 invalid_client', async () => {
      const { client, params, code } = await confidentialGrant();
      const response = await postForm(`${suite.server.baseUrl}/token`, {
        ...params,
        client_id: client.client_id,
      });
      await expectOAuthError(response, 401, 'invalid_client');
      expect((await codeRow(code)).used_at).toBeNull();
    });

    it('a wrong client_secret_post -> 401 invalid_client without a Basic challenge', async () => {
      const { client, params } = await confidentialGrant();
      const response = await postForm(`${suite.server.baseUrl}/token`, {
        ...params,
        client_id: client.client_id,
        client_secret: 'mcp_secret_wrong',
      });
      expect(response.headers.get('www-authenticate')).toBeNull();
      await expectOAuthError(response, 401, 'invalid_client');
    });

    it('a wrong client_secret_basic -> 401 invalid_client with WWW-Authenticate: Basic', async () => {
      const { client, params, code } = await confidentialGrant('client_secret_basic');
      const response = await postForm(`${suite.server.baseUrl}/token`, params, {
        authorization: `Basic ${btoa(`${client.client_id}:mcp_secret_wrong`)}`,
      });
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
      await expectOAuthError(response, 401, 'invalid_client');
      expect((await codeRow(code)).used_at).toBeNull();
    });

    it('a correct client_secret_basic (form-encoded, RFC 6749 2.3.1) succeeds', async () => {
      const { client, params } = await confidentialGrant('client_secret_basic');
      const credentials = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret!)}`;
      await tokens(
        await postForm(`${suite.server.baseUrl}/token`, params, {
          authorization: `Basic ${btoa(credentials)}`,
        }),
      );
    });

    // The registered token_endpoint_auth_method is enforced (RFC 6749 section 5.2:
    // an unsupported authentication method is invalid_client, 401).
    it('a client_secret_post client presenting its secret as Basic -> 401 invalid_client; the code stays redeemable', async () => {
      const { client, params, code } = await confidentialGrant('client_secret_post');
      const basic = await postForm(`${suite.server.baseUrl}/token`, params, {
        authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`,
      });
      expect(basic.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(await expectOAuthError(basic, 401, 'invalid_client')).toContain('client_secret_post');
      expect((await codeRow(code)).used_at).toBeNull();
      await tokens(
        await postForm(`${suite.server.baseUrl}/token`, {
          ...params,
          client_id: client.client_id,
          client_secret: client.client_secret!,
        }),
      );
    });

    it('a client_secret_basic client presenting its secret in the body -> 401 invalid_client', async () => {
      const { client, params, code } = await confidentialGrant('client_secret_basic');
      const post = await postForm(`${suite.server.baseUrl}/token`, {
        ...params,
        client_id: client.client_id,
        client_secret: client.client_secret!,
      });
      expect(await expectOAuthError(post, 401, 'invalid_client')).toContain('client_secret_basic');
      expect((await codeRow(code)).used_at).toBeNull();
    });

    it('a public client presenting a secret it does not have, in the body or as Basic -> 401 invalid_client', async () => {
      const grant = await suite.server.codeFor();
      const before = await suite.tableCounts();
      await expectOAuthError(
        await suite.server.exchange(grant, { client_secret: 'mcp_secret_invented' }),
        401,
        'invalid_client',
      );
      const basic = await postForm(
        `${suite.server.baseUrl}/token`,
        {
          grant_type: 'authorization_code',
          code: grant.code,
          redirect_uri: grant.redirectUri,
          code_verifier: VERIFIER,
        },
        { authorization: `Basic ${btoa(`${grant.client.client_id}:`)}` },
      );
      expect(basic.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(await expectOAuthError(basic, 401, 'invalid_client')).toContain(
        'token_endpoint_auth_method none',
      );
      expect(await suite.tableCounts()).toEqual(before);
      await tokens(await suite.server.exchange(grant));
    });

    it('/revoke enforces the registered method too', async () => {
      const { client, params } = await confidentialGrant('client_secret_post');
      const issued = await tokens(
        await postForm(`${suite.server.baseUrl}/token`, {
          ...params,
          client_id: client.client_id,
          client_secret: client.client_secret!,
        }),
      );
      const revoke = await postForm(
        `${suite.server.baseUrl}/revoke`,
        { token: issued.access_token },
        { authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}` },
      );
      await expectOAuthError(revoke, 401, 'invalid_client');
      expect(await suite.server.oauth.verifyAccessToken(issued.access_token)).toBeDefined();
    });

    it('two authentication methods at once -> invalid_request', async () => {
      const { client, params } = await confidentialGrant();
      const response = await postForm(
        `${suite.server.baseUrl}/token`,
        { ...params, client_secret: client.client_secret! },
        { authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}` },
      );
      await expectOAuthError(response, 400, 'invalid_request');
    });

    it('a refresh of a confidential client without authentication -> 401 invalid_client', async () => {
      const { client, params } = await confidentialGrant();
      const issued = await tokens(
        await postForm(`${suite.server.baseUrl}/token`, {
          ...params,
          client_id: client.client_id,
          client_secret: client.client_secret!,
        }),
      );
      await expectOAuthError(await refresh(suite.server, issued.refresh_token), 401, 'invalid_client');
      await tokens(
        await refresh(suite.server, issued.refresh_token, {
          client_id: client.client_id,
          client_secret: client.client_secret!,
        }),
      );
    });
  });

  describe('code replay and refresh rotation', () => {
    it('a second exchange of a code fails and revokes the tokens of the first (RFC 6749 4.1.2)', async () => {
      const grant = await suite.server.codeFor();
      const first = await tokens(await suite.server.exchange(grant));
      expect(await suite.server.oauth.verifyAccessToken(first.access_token)).toBeDefined();
      await expectOAuthError(await suite.server.exchange(grant), 400, 'invalid_grant');
      expect(await suite.server.oauth.verifyAccessToken(first.access_token)).toBeUndefined();
      await expectOAuthError(await refresh(suite.server, first.refresh_token), 400, 'invalid_grant');
      const rows = await suite.db
        .selectFrom('oauth_tokens')
        .innerJoin('oauth_codes', 'oauth_codes.id', 'oauth_tokens.code_id')
        .where('oauth_codes.code_hash', '=', await codeHash(grant.code))
        .select('oauth_tokens.revoked_at')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.revoked_at).not.toBeNull();
      expect(suite.server.events.some((event) => event.event === 'code_replay')).toBe(true);
    });

    it('refresh rotates: the old refresh token stops working; presenting it again revokes the whole family', async () => {
      const grant = await suite.server.codeFor();
      const first = await tokens(await suite.server.exchange(grant));
      const second = await tokens(await refresh(suite.server, first.refresh_token));
      const third = await tokens(await refresh(suite.server, second.refresh_token));
      expect(await suite.server.oauth.verifyAccessToken(third.access_token)).toBeDefined();
      await expectOAuthError(await refresh(suite.server, first.refresh_token), 400, 'invalid_grant');
      expect(await suite.server.oauth.verifyAccessToken(third.access_token)).toBeUndefined();
      await expectOAuthError(await refresh(suite.server, third.refresh_token), 400, 'invalid_grant');
      const family = await suite.db
        .selectFrom('oauth_tokens')
        .where('user_id', '=', grant.userId)
        .select(['revoked_at'])
        .execute();
      expect(family).toHaveLength(3);
      expect(family.every((row) => row.revoked_at !== null)).toBe(true);
    });

    it('with a grace window, a just-rotated refresh token may be used again; after it, reuse revokes the family', async () => {
      const grant = await graceful.codeFor();
      const first = await tokens(await graceful.exchange(grant));
      const second = await tokens(await refresh(graceful, first.refresh_token));
      const sibling = await tokens(await refresh(graceful, first.refresh_token));
      expect(await graceful.oauth.verifyAccessToken(second.access_token)).toBeDefined();
      expect(await graceful.oauth.verifyAccessToken(sibling.access_token)).toBeDefined();
      graceful.travel(31_000);
      try {
        await expectOAuthError(await refresh(graceful, first.refresh_token), 400, 'invalid_grant');
        expect(await graceful.oauth.verifyAccessToken(second.access_token)).toBeUndefined();
        expect(await graceful.oauth.verifyAccessToken(sibling.access_token)).toBeUndefined();
      } finally {
        graceful.travel(-31_000);
      }
    });

    it('without a grace window (the default), an immediate second use already revokes the family', async () => {
      const grant = await suite.server.codeFor();
      const first = await tokens(await suite.server.exchange(grant));
      const second = await tokens(await refresh(suite.server, first.refresh_token));
      await expectOAuthError(await refresh(suite.server, first.refresh_token), 400, 'invalid_grant');
      expect(await suite.server.oauth.verifyAccessToken(second.access_token)).toBeUndefined();
    });

    it.each([
      ['refresh_token missing', { refresh_token: '' }, 400, 'invalid_request'],
      ['an unknown refresh token', { refresh_token: 'mcp_rt_unknown' }, 400, 'invalid_grant'],
      ['scope other than mcp', { scope: 'admin' }, 400, 'invalid_scope'],
      ['another resource', { resource: 'https://other.example' }, 400, 'invalid_target'],
      ['another client', { client_id: 'other' }, 400, 'invalid_grant'],
      ['an unknown client', { client_id: 'mcp_client_unknown' }, 401, 'invalid_client'],
    ])('refresh with %s -> %i %s, nothing rotated', async (_name, override, status, error) => {
      const grant = await suite.server.codeFor();
      const first = await tokens(await suite.server.exchange(grant));
      const params: Record<string, string> = {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
      };
      for (const [key, value] of Object.entries(override)) {
        if (value === '') delete params[key];
        else if (value === 'other')
          params[key] = (await suite.server.register({ redirect_uris: ['https://o.example/cb'] })).client_id;
        else params[key] = value;
      }
      const before = await suite.tableCounts();
      await expectOAuthError(await postForm(`${suite.server.baseUrl}/token`, params), status, error);
      expect(await suite.tableCounts()).toEqual(before);
      await tokens(await refresh(suite.server, first.refresh_token));
    });

    it('an expired refresh token (30 days) -> invalid_grant; an expired access token (3600 s) no longer verifies', async () => {
      const grant = await suite.server.codeFor();
      const first = await tokens(await suite.server.exchange(grant));
      suite.server.travel(3_600_001);
      try {
        expect(await suite.server.oauth.verifyAccessToken(first.access_token)).toBeUndefined();
      } finally {
        suite.server.travel(-3_600_001);
      }
      suite.server.travel(30 * 24 * 3_600_000 + 1);
      try {
        await expectOAuthError(await refresh(suite.server, first.refresh_token), 400, 'invalid_grant');
      } finally {
        suite.server.travel(-(30 * 24 * 3_600_000 + 1));
      }
      await tokens(await refresh(suite.server, first.refresh_token));
    });
  });

  describe('verifyAccessToken', () => {
    it('rejects tokens of another resource, unknown tokens and other prefixes', async () => {
      const grant = await suite.server.codeFor();
      const issued = await tokens(await suite.server.exchange(grant));
      const other = await startServer(suite.db, { baseUrl: 'https://elsewhere.example/mcp' });
      try {
        expect(await other.oauth.verifyAccessToken(issued.access_token)).toBeUndefined();
      } finally {
        await other.close();
      }
      expect(await suite.server.oauth.verifyAccessToken('mcp_at_unknown')).toBeUndefined();
      expect(await suite.server.oauth.verifyAccessToken(issued.refresh_token)).toBeUndefined();
      const info = await suite.server.oauth.verifyAccessToken(issued.access_token);
      expect(info).toEqual({
        userId: grant.userId,
        clientId: grant.client.client_id,
        scope: 'mcp',
        expiresAt: expect.any(Number),
        resource: suite.server.baseUrl,
      });
      expect(Math.abs(info!.expiresAt - (Date.now() / 1000 + 3600))).toBeLessThan(60);
    });
  });
});
