import { createHash } from 'node:crypto';
import { testDatabases } from '@filing-mcp/test-db';
import { describe, expect, it } from 'vitest';
import { createOAuthServer } from '../src/index.js';
import { createKyselyOAuthStore } from '../src/kysely/index.js';
import { expectOAuthError, oauthSuite, SESSION_SECRET } from './helpers.js';

describe.each(testDatabases())('metadata and /register on $name', ({ create }) => {
  const suite = oauthSuite(create);

  describe('discovery metadata', () => {
    const asPaths = [
      '/mcp-server/.well-known/oauth-authorization-server',
      '/mcp-server/.well-known/openid-configuration',
      '/.well-known/oauth-authorization-server/mcp-server',
      '/.well-known/openid-configuration/mcp-server',
    ];
    it.each(asPaths)('GET %s serves the authorization server metadata', async (path) => {
      const response = await fetch(suite.server.origin + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const base = suite.server.baseUrl;
      expect(await response.json()).toEqual({
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        revocation_endpoint: `${base}/revoke`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256', 'plain'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
        revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
        scopes_supported: ['mcp'],
        authorization_response_iss_parameter_supported: true,
      });
    });

    it.each([
      '/mcp-server/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp-server',
    ])('GET %s serves the protected resource metadata (RFC 9728)', async (path) => {
      const response = await fetch(suite.server.origin + path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: suite.server.baseUrl,
        authorization_servers: [suite.server.baseUrl],
        scopes_supported: ['mcp'],
        bearer_methods_supported: ['header'],
      });
    });

    it('takes issuer and resource from configuration, never from the Host header', async () => {
      const oauth = createOAuthServer({
        baseUrl: 'https://api.example.com/mcp-server/',
        appUrl: 'https://app.example.com',
        store: createKyselyOAuthStore(suite.db),
        session: { secret: SESSION_SECRET },
      });
      const response = await oauth.fetch(
        new Request('http://internal:8080/mcp-server/.well-known/oauth-authorization-server', {
          headers: { host: 'evil.example', 'x-forwarded-proto': 'http' },
        }),
      );
      const body = (await response.json()) as { issuer: string; token_endpoint: string };
      expect(body.issuer).toBe('https://api.example.com/mcp-server');
      expect(body.token_endpoint).toBe('https://api.example.com/mcp-server/token');
      expect(oauth.metadata.protectedResource.resource).toBe('https://api.example.com/mcp-server');
    });

    it('answers 405 with Allow for a wrong method, 404 for an unknown path, undefined from handle()', async () => {
      const response = await fetch(`${suite.server.baseUrl}/.well-known/oauth-authorization-server`, {
        method: 'POST',
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, OPTIONS');
      const register = await fetch(`${suite.server.baseUrl}/register`);
      expect(register.status).toBe(405);
      expect(register.headers.get('allow')).toBe('POST, OPTIONS');
      expect((await fetch(`${suite.server.baseUrl}/nope`)).status).toBe(404);
      expect(
        await suite.server.oauth.handle(new Request(`${suite.server.baseUrl}/`, { method: 'POST' })),
      ).toBeUndefined();
    });

    it('honours a basePath that differs from the pathname of baseUrl', async () => {
      const oauth = createOAuthServer({
        baseUrl: 'https://api.example.com/mcp-server',
        basePath: '/api/mcp-server',
        appUrl: 'https://app.example.com',
        store: createKyselyOAuthStore(suite.db),
        session: { secret: SESSION_SECRET },
      });
      for (const path of [
        '/api/mcp-server/.well-known/oauth-authorization-server',
        '/.well-known/oauth-authorization-server/api/mcp-server',
        '/.well-known/oauth-authorization-server/mcp-server',
      ]) {
        const response = await oauth.fetch(new Request(`https://api.example.com${path}`));
        expect(response.status, path).toBe(200);
      }
      expect(
        await oauth.handle(new Request('https://api.example.com/mcp-server/token', { method: 'POST' })),
      ).toBe(undefined);
    });
  });

  function postRegister(body: unknown, raw = false) {
    return fetch(`${suite.server.baseUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw ? (body as string) : JSON.stringify(body),
    });
  }

  describe('POST /register', () => {
    it('registers a public client: 201, echoes redirect_uris, no secret, no null fields, unknown fields and scope "" accepted', async () => {
      const redirectUris = [
        'http://127.0.0.1:6274/oauth/callback',
        'http://localhost/cb',
        'http://[::1]:8080/cb',
        'cursor://anysphere.cursor-retrieval/oauth/callback',
        'vscode://vscode.github-authentication/did-authenticate',
        'https://claude.ai/api/mcp/auth_callback',
      ];
      const response = await postRegister({
        redirect_uris: redirectUris,
        scope: '',
        logo_uri: 'https://example.com/logo.png',
        software_id: 'x',
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toEqual({
        client_id: expect.stringMatching(/^mcp_client_[A-Za-z0-9_-]{22}$/),
        client_id_issued_at: expect.any(Number),
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        // SEP-837: echoed, default web; without it sent, loopback and private-use redirects stay allowed.
        application_type: 'web',
      });
      expect(Math.abs((body.client_id_issued_at as number) - Date.now() / 1000)).toBeLessThan(60);
      const row = await suite.db
        .selectFrom('oauth_clients')
        .selectAll()
        .where('client_id', '=', body.client_id as string)
        .executeTakeFirstOrThrow();
      expect(row.client_secret_hash).toBeNull();
      expect(row.redirect_uris).toEqual(redirectUris);
    });

    it('registers a client_secret_post client: the secret is answered once and stored only as its SHA-256', async () => {
      const response = await postRegister({
        redirect_uris: ['https://client.example/cb'],
        token_endpoint_auth_method: 'client_secret_post',
        client_name: 'Confidential',
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as Record<string, any>;
      expect(body.client_secret).toMatch(/^mcp_secret_[A-Za-z0-9_-]{43}$/);
      expect(body.client_secret_expires_at).toBe(0);
      expect(body.client_name).toBe('Confidential');
      expect(body.token_endpoint_auth_method).toBe('client_secret_post');
      const row = await suite.db
        .selectFrom('oauth_clients')
        .selectAll()
        .where('client_id', '=', body.client_id)
        .executeTakeFirstOrThrow();
      expect(row.client_secret_hash).toBe(createHash('sha256').update(body.client_secret).digest('hex'));
    });

    it('application_type: stored and echoed; native takes loopback and private-use redirects, web only https', async () => {
      const native = await postRegister({
        redirect_uris: ['http://127.0.0.1:33418/cb', 'cursor://x/cb'],
        application_type: 'native',
      });
      expect(native.status).toBe(201);
      const nativeBody = (await native.json()) as Record<string, string>;
      expect(nativeBody.application_type).toBe('native');
      const row = await suite.db
        .selectFrom('oauth_clients')
        .select('application_type')
        .where('client_id', '=', nativeBody.client_id!)
        .executeTakeFirstOrThrow();
      expect(row.application_type).toBe('native');
      const web = await postRegister({ redirect_uris: ['https://app.example/cb'], application_type: 'web' });
      expect(web.status).toBe(201);
      expect(((await web.json()) as Record<string, string>).application_type).toBe('web');
    });

    it.each([
      [
        'web with a loopback redirect',
        { application_type: 'web', redirect_uris: ['http://127.0.0.1/cb'] },
        'invalid_redirect_uri',
      ],
      [
        'web with a private-use scheme',
        { application_type: 'web', redirect_uris: ['https://a.example/cb', 'cursor://x/cb'] },
        'invalid_redirect_uri',
      ],
      [
        'an unknown application_type',
        { application_type: 'desktop', redirect_uris: ['https://a.example/cb'] },
        'invalid_client_metadata',
      ],
    ])('application_type: %s -> 400 %s, nothing stored', async (_name, body, error) => {
      const before = await suite.tableCounts();
      const description = await expectOAuthError(await postRegister(body), 400, error);
      if (error === 'invalid_redirect_uri')
        expect(description).toContain('a web client may register only https');
      expect(await suite.tableCounts()).toEqual(before);
    });

    it.each([
      ['missing', {}],
      ['empty', { redirect_uris: [] }],
      ['not an array', { redirect_uris: 'https://a.example/cb' }],
      ['not a string', { redirect_uris: [42] }],
      ['not a URI', { redirect_uris: ['not a uri'] }],
      ['javascript:', { redirect_uris: ['javascript:alert(1)'] }],
      ['data:', { redirect_uris: ['data:text/html,hi'] }],
      ['a fragment', { redirect_uris: ['https://a.example/cb#x'] }],
      ['non-loopback http', { redirect_uris: ['http://a.example/cb'] }],
      ['credentials', { redirect_uris: ['https://user:pw@a.example/cb'] }],
      ['one bad among good', { redirect_uris: ['https://a.example/cb', 'http://evil.example/cb'] }],
      // Schemes were once checked against a blocklist; only https, loopback http and
      // private-use schemes in reverse-domain form (RFC 8252 section 7.1) are allowed now.
      ['ms-msdt:', { redirect_uris: ['ms-msdt:/id PCWDiagnostic /skip force'] }],
      ['view-source:', { redirect_uris: ['view-source:https://a.example/cb'] }],
      ['jar:', { redirect_uris: ['jar:https://a.example/x.jar!/cb'] }],
      ['vbscript:', { redirect_uris: ['vbscript:msgbox(1)'] }],
      ['file:', { redirect_uris: ['file:///etc/passwd'] }],
      ['blob:', { redirect_uris: ['blob:https://a.example/uuid'] }],
      ['ftp:', { redirect_uris: ['ftp://a.example/cb'] }],
      ['ws:', { redirect_uris: ['ws://127.0.0.1/cb'] }],
      ['mailto:', { redirect_uris: ['mailto:a@a.example'] }],
      ['a private-use scheme without a dot', { redirect_uris: ['myapp://callback'] }],
      ['ms-settings:', { redirect_uris: ['ms-settings:privacy'] }],
      ['search-ms:', { redirect_uris: ['search-ms:query=x'] }],
    ])('redirect_uris %s -> 400 invalid_redirect_uri, nothing stored', async (_name, body) => {
      const before = await suite.tableCounts();
      await expectOAuthError(await postRegister(body), 400, 'invalid_redirect_uri');
      expect(await suite.tableCounts()).toEqual(before);
    });

    it('a refused scheme is named, with what is allowed instead', async () => {
      const description = await expectOAuthError(
        await postRegister({ redirect_uris: ['ms-msdt:/id?PCWDiagnostic'] }),
        400,
        'invalid_redirect_uri',
      );
      expect(description).toContain('the scheme ms-msdt: is not allowed');
      expect(description).toContain('com.example.app:');
    });

    it.each([
      ['a reverse-domain private-use scheme (RFC 8252 7.1)', 'com.example.app:/oauth2redirect'],
      ['a reverse-domain scheme with an authority', 'com.googleusercontent.apps.123-abc://cb'],
      [
        'loopback http on localhost with a port (the conformance suite, SDK examples)',
        'http://localhost:3000/callback',
      ],
      ['loopback http on 127.0.0.1', 'http://127.0.0.1:53682/callback'],
      ['loopback http on [::1]', 'http://[::1]:53682/callback'],
      ['Cursor', 'cursor://anysphere.cursor-retrieval/oauth/user-filing/callback'],
      ['VS Code Insiders', 'vscode-insiders://vscode.github-authentication/did-authenticate'],
      ['https', 'https://claude.ai/api/mcp/auth_callback'],
    ])('redirect_uris with %s -> 201', async (_name, uri) => {
      const response = await postRegister({ redirect_uris: [uri] });
      expect(response.status, await response.clone().text()).toBe(201);
    });

    it.each([
      ['invalid JSON', '{"redirect_uris":', true],
      ['a JSON array', '[]', true],
      [
        'an unknown auth method',
        { redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' },
      ],
      [
        'an unsupported grant type',
        { redirect_uris: ['https://a.example/cb'], grant_types: ['client_credentials'] },
      ],
      [
        'no authorization_code grant',
        { redirect_uris: ['https://a.example/cb'], grant_types: ['refresh_token'] },
      ],
      ['response_types token', { redirect_uris: ['https://a.example/cb'], response_types: ['token'] }],
      ['a non-string client_name', { redirect_uris: ['https://a.example/cb'], client_name: 7 }],
      ['a non-string scope', { redirect_uris: ['https://a.example/cb'], scope: ['mcp'] }],
    ])('%s -> 400 invalid_client_metadata, nothing stored', async (_name, body, raw = false) => {
      const before = await suite.tableCounts();
      await expectOAuthError(await postRegister(body, raw as boolean), 400, 'invalid_client_metadata');
      expect(await suite.tableCounts()).toEqual(before);
    });

    it('refuses a body over 64 KiB with invalid_client_metadata', async () => {
      const before = await suite.tableCounts();
      const body = { redirect_uris: ['https://a.example/cb'], client_name: 'x'.repeat(70_000) };
      await expectOAuthError(await postRegister(body), 400, 'invalid_client_metadata');
      expect(await suite.tableCounts()).toEqual(before);
    });
  });

  describe('CORS is left to the embedding server (README, createOAuthServer TSDoc)', () => {
    it('answers carry no Access-Control-* headers and OPTIONS answers 200 with Allow only', async () => {
      const headerNames = (response: Response) => [...response.headers.keys()];
      const origin = { origin: 'https://inspector.example' };
      const metadata = await fetch(`${suite.server.baseUrl}/.well-known/oauth-authorization-server`, {
        headers: origin,
      });
      expect(metadata.status).toBe(200);
      const token = await fetch(`${suite.server.baseUrl}/token`, { method: 'POST', headers: origin });
      expect(token.status).toBe(400);
      const preflight = await fetch(`${suite.server.baseUrl}/token`, {
        method: 'OPTIONS',
        headers: { ...origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('allow')).toBe('POST, OPTIONS');
      for (const response of [metadata, token, preflight]) {
        expect(headerNames(response).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      }
    });
  });
});
