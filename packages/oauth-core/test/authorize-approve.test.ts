import { testDatabases } from '@filing-mcp/test-db';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrateOAuth } from '../src/kysely/index.js';
import {
  APP_URL,
  authorizationParams,
  codeRow,
  expectIssuedCode,
  expectOAuthError,
  oauthSuite,
  randomUserId,
  type RegisteredClient,
  type RunningServer,
  s256,
  sessionJwt,
  VERIFIER,
} from './helpers.js';

describe.each(testDatabases())('/authorize and /approve on $name', ({ create }) => {
  const suite = oauthSuite(create);
  let relaxed: RunningServer;
  let strictSession: RunningServer;
  let publicClient: RegisteredClient;
  let confidentialClient: RegisteredClient;
  let challenge: string;
  const REDIRECT = 'https://client.example/cb?keep=1';

  beforeAll(async () => {
    // A second run is a no-op, as adapters run migrations on every start.
    await migrateOAuth(suite.db);
    relaxed = await suite.start({ requirePkce: false });
    strictSession = await suite.start({
      session: {
        secret: 'another-secret-for-issuer-and-audience',
        issuer: 'https://app.example',
        audience: 'filing-mcp',
      },
    });
    publicClient = await suite.server.register({
      redirect_uris: [REDIRECT, 'http://127.0.0.1/loopback'],
    });
    confidentialClient = await suite.server.register({
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'client_secret_post',
    });
    challenge = await s256(VERIFIER);
  });

  function authorizeUrl(target: RunningServer, params: Record<string, string>): string {
    return `${target.baseUrl}/authorize?${new URLSearchParams(params)}`;
  }

  function validParams(overrides: Record<string, string> = {}): Record<string, string> {
    return {
      client_id: publicClient.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
  }

  function without(params: Record<string, string>, key: string): Record<string, string> {
    const copy = { ...params };
    delete copy[key];
    return copy;
  }

  describe('GET /authorize', () => {
    it('redirects a valid request to the consent page with exactly the incoming parameters', async () => {
      const url = authorizeUrl(suite.server, validParams({ scope: 'mcp', resource: suite.server.baseUrl }));
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${APP_URL}/oauth/authorize${new URL(url).search}`);
    });

    it('accepts a loopback redirect URI on any port (RFC 8252 7.3), but not another path', async () => {
      const ok = await fetch(
        authorizeUrl(suite.server, validParams({ redirect_uri: 'http://127.0.0.1:53123/loopback' })),
        {
          redirect: 'manual',
        },
      );
      expect(ok.status).toBe(302);
      expect(ok.headers.get('location')).toContain(`${APP_URL}/oauth/authorize?`);
      const bad = await fetch(
        authorizeUrl(suite.server, validParams({ redirect_uri: 'http://127.0.0.1:53123/other' })),
        {
          redirect: 'manual',
        },
      );
      await expectOAuthError(bad, 400, 'invalid_redirect_uri');
    });

    it('requires PKCE of every client, confidential ones included (OAuth 2.1), unless relaxed', async () => {
      const noPkce = without(without(validParams(), 'code_challenge'), 'code_challenge_method');
      const confidentialParams = { ...noPkce, client_id: confidentialClient.client_id };
      for (const params of [confidentialParams, noPkce]) {
        const refused = await fetch(authorizeUrl(suite.server, params), { redirect: 'manual' });
        expect(refused.status).toBe(302);
        const location = new URL(refused.headers.get('location')!);
        expect(location.origin + location.pathname).toBe('https://client.example/cb');
        expect(location.searchParams.get('error')).toBe('invalid_request');
        expect(location.searchParams.get('error_description')).toContain('code_challenge is required');
        const approved = await suite.server.approve(randomUserId(), {
          client_id: params.client_id,
          redirect_uri: REDIRECT,
        });
        expect(approved.status).toBe(400);
        expect(approved.body.detail).toContain('code_challenge is required');
      }
      // OAUTH_REQUIRE_PKCE=false lets both skip it.
      for (const params of [confidentialParams, noPkce]) {
        const allowed = await fetch(authorizeUrl(relaxed, params), { redirect: 'manual' });
        expect(allowed.headers.get('location')).toContain(`${APP_URL}/oauth/authorize?`);
      }
    });

    it.each([
      ['client_id missing', () => without(validParams(), 'client_id'), 'invalid_request'],
      ['client_id unknown', () => validParams({ client_id: 'mcp_client_unknown' }), 'invalid_client'],
      ['redirect_uri missing', () => without(validParams(), 'redirect_uri'), 'invalid_request'],
      [
        'redirect_uri not registered',
        () => validParams({ redirect_uri: 'https://evil.example/cb' }),
        'invalid_redirect_uri',
      ],
      [
        'redirect_uri differs by query',
        () => validParams({ redirect_uri: 'https://client.example/cb' }),
        'invalid_redirect_uri',
      ],
    ])('%s -> JSON 400 %s, never a redirect', async (_name, params, error) => {
      const before = await suite.tableCounts();
      const response = await fetch(authorizeUrl(suite.server, params()), { redirect: 'manual' });
      expect(response.headers.get('location')).toBeNull();
      await expectOAuthError(response, 400, error);
      expect(await suite.tableCounts()).toEqual(before);
    });

    it('a repeated parameter -> JSON 400 invalid_request', async () => {
      const url = `${authorizeUrl(suite.server, validParams())}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`;
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.headers.get('location')).toBeNull();
      await expectOAuthError(response, 400, 'invalid_request');
    });

    it.each([
      ['response_type missing', () => without(validParams(), 'response_type'), 'invalid_request'],
      ['response_type token', () => validParams({ response_type: 'token' }), 'unsupported_response_type'],
      [
        'public client without code_challenge',
        () => without(validParams(), 'code_challenge'),
        'invalid_request',
      ],
      [
        'unknown code_challenge_method',
        () => validParams({ code_challenge_method: 'S512' }),
        'invalid_request',
      ],
      ['malformed S256 challenge', () => validParams({ code_challenge: 'short' }), 'invalid_request'],
      [
        'plain challenge too short',
        () => validParams({ code_challenge: 'a'.repeat(42), code_challenge_method: 'plain' }),
        'invalid_request',
      ],
      ['scope other than mcp', () => validParams({ scope: 'mcp admin' }), 'invalid_scope'],
      [
        'resource of another server',
        () => validParams({ resource: 'https://other.example/mcp' }),
        'invalid_target',
      ],
    ])('%s -> redirect back with %s, state and iss', async (_name, params, error) => {
      const before = await suite.tableCounts();
      const response = await fetch(authorizeUrl(suite.server, params()), { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin + location.pathname).toBe('https://client.example/cb');
      expect(location.searchParams.get('keep')).toBe('1');
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toBeTruthy();
      expect(location.searchParams.get('state')).toBe('xyz');
      expect(location.searchParams.get('iss')).toBe(suite.server.baseUrl);
      expect(await suite.tableCounts()).toEqual(before);
    });
  });

  describe('POST /approve', () => {
    function approveBody(overrides: Record<string, unknown> = {}) {
      const request = {
        client: publicClient,
        redirectUri: REDIRECT,
        challenge,
        resource: suite.server.baseUrl,
      };
      return authorizationParams(request, overrides);
    }

    it('issues a 5-minute code for the session user and answers redirect_to with code, state and iss', async () => {
      const userId = randomUserId();
      const { status, body } = await suite.server.approve(userId, approveBody());
      expect(status).toBe(200);
      const row = await expectIssuedCode(suite.db, body.redirect_to, body.code, suite.server.baseUrl);
      expect(row.user_id).toBe(userId);
      expect(row.client_id).toBe(publicClient.client_id);
      expect(row.code_challenge_method).toBe('S256');
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(300_000);
    });

    it('without state the redirect carries no state; plain is the default method', async () => {
      const body = approveBody({
        state: undefined,
        code_challenge: VERIFIER,
        code_challenge_method: undefined,
      });
      const answer = await suite.server.approve(randomUserId(), body);
      expect(answer.status).toBe(200);
      expect(new URL(answer.body.redirect_to).searchParams.has('state')).toBe(false);
      const row = await codeRow(suite.db, answer.body.code);
      expect(row.code_challenge_method).toBe('plain');
    });

    async function expectApproveError(response: Response, status: number, message: string) {
      expect(response.status).toBe(status);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.code).toBe(status);
      expect(body.message).toBe(message);
      expect(
        Object.keys(body)
          .filter((key) => key !== 'detail')
          .sort(),
      ).toEqual(['code', 'message']);
      return body;
    }

    const sessions: Array<[string, () => Promise<string | undefined>]> = [
      ['no Authorization header', async () => undefined],
      ['a non-Bearer scheme', async () => `Basic ${btoa('a:b')}`],
      [
        'a JWT signed with another secret',
        async () => `Bearer ${await sessionJwt('u', { secret: 'x'.repeat(40) })}`,
      ],
      [
        'an expired JWT',
        async () => `Bearer ${await sessionJwt('u', { expiresIn: Math.floor(Date.now() / 1000) - 10 })}`,
      ],
      ['a garbage token', async () => 'Bearer not.a.jwt'],
      [
        'a JWT without exp',
        async () => {
          const { SignJWT } = await import('jose');
          const jwt = await new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject('u')
            .sign(new TextEncoder().encode('test-session-secret-that-is-long-enough-for-hs256'));
          return `Bearer ${jwt}`;
        },
      ],
      [
        'a JWT without sub',
        async () => {
          const { SignJWT } = await import('jose');
          const jwt = await new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setExpirationTime('5m')
            .sign(new TextEncoder().encode('test-session-secret-that-is-long-enough-for-hs256'));
          return `Bearer ${jwt}`;
        },
      ],
    ];
    it.each(sessions)('%s -> 401 Unauthorized, no code', async (_name, header) => {
      const before = await suite.tableCounts();
      const authorization = await header();
      const response = await fetch(`${suite.server.baseUrl}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(approveBody()),
      });
      await expectApproveError(response, 401, 'Unauthorized');
      expect(await suite.tableCounts()).toEqual(before);
    });

    it('checks issuer and audience when configured', async () => {
      const secret = 'another-secret-for-issuer-and-audience';
      const post = async (jwt: string) =>
        fetch(`${strictSession.baseUrl}/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
          body: JSON.stringify(approveBody({ resource: strictSession.baseUrl })),
        });
      const wrongIssuer = await sessionJwt('u', {
        secret,
        issuer: 'https://evil.example',
        audience: 'filing-mcp',
      });
      await expectApproveError(await post(wrongIssuer), 401, 'Unauthorized');
      const wrongAudience = await sessionJwt('u', {
        secret,
        issuer: 'https://app.example',
        audience: 'other',
      });
      await expectApproveError(await post(wrongAudience), 401, 'Unauthorized');
      const good = await sessionJwt('u', { secret, issuer: 'https://app.example', audience: 'filing-mcp' });
      expect((await post(good)).status).toBe(200);
    });

    it.each([
      ['an unregistered redirect_uri (no open redirect)', { redirect_uri: 'https://evil.example/cb' }],
      ['an unknown client', { client_id: 'mcp_client_nope' }],
      ['no client_id', { client_id: undefined }],
      ['scope other than mcp', { scope: 'admin' }],
      ['another resource', { resource: 'https://other.example' }],
      ['an unknown PKCE method', { code_challenge_method: 'S1' }],
      [
        'no code_challenge from a public client',
        { code_challenge: undefined, code_challenge_method: undefined },
      ],
      ['response_type token', { response_type: 'token' }],
      ['a non-string field', { state: { nested: true } }],
    ])('%s -> 400 Bad request, no code', async (_name, overrides) => {
      const before = await suite.tableCounts();
      const response = await fetch(`${suite.server.baseUrl}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await sessionJwt('u')}` },
        body: JSON.stringify(approveBody(overrides)),
      });
      const body = await expectApproveError(response, 400, 'Bad request');
      expect(body.detail).toEqual(expect.any(String));
      expect(await suite.tableCounts()).toEqual(before);
    });

    it('a body that is not JSON -> 400 Bad request', async () => {
      const response = await fetch(`${suite.server.baseUrl}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await sessionJwt('u')}` },
        body: 'client_id=x',
      });
      await expectApproveError(response, 400, 'Bad request');
    });
  });
});
