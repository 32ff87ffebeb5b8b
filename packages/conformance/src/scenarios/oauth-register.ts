import { describe, expect, it } from 'vitest';
import { countRows, expectCors, expectOAuthError } from '../support/assertions.js';
import { LOOPBACK_REDIRECT_URI, WEB_REDIRECT_URI, postRegister } from '../support/oauth.js';
import type { Scenarios } from '../support/scenario-context.js';

function expectNoNulls(value: unknown, path = '$'): void {
  expect(value, path).not.toBeNull();
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) expectNoNulls(inner, `${path}.${key}`);
  }
}

/** Dynamic client registration (RFC 7591; redirect URIs by RFC 8252). */
export const oauthRegisterScenarios: Scenarios = (context) => {
  describe('oauth register', () => {
    it('a public client gets 201, a mcp_client_ id, the echoed metadata and no secret', async () => {
      const response = await postRegister(context.target, {
        redirect_uris: [LOOPBACK_REDIRECT_URI],
        client_name: 'Desktop client',
        scope: '',
        software_id: 'unknown-field-kept-or-ignored',
      });
      expect(response.status).toBe(201);
      expectCors(response);
      const client = (await response.json()) as any;
      expect(client).toMatchObject({
        client_id: expect.stringMatching(/^mcp_client_[A-Za-z0-9_-]{22}$/),
        client_id_issued_at: expect.any(Number),
        redirect_uris: [LOOPBACK_REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        client_name: 'Desktop client',
      });
      expect(Number.isInteger(client.client_id_issued_at)).toBe(true);
      expect('client_secret' in client).toBe(false);
      expectNoNulls(client);
      const row = await context.target.db
        .selectFrom('oauth_clients')
        .selectAll()
        .where('client_id', '=', client.client_id)
        .executeTakeFirst();
      expect(row).toBeDefined();
    });

    it('a client_secret_post client gets a mcp_secret_ secret that is stored only as a hash', async () => {
      const response = await postRegister(context.target, {
        redirect_uris: [WEB_REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_post',
      });
      expect(response.status).toBe(201);
      const client = (await response.json()) as any;
      expect(client.token_endpoint_auth_method).toBe('client_secret_post');
      expect(client.client_secret).toMatch(/^mcp_secret_[A-Za-z0-9_-]{43}$/);
      expectNoNulls(client);
      const row = await context.target.db
        .selectFrom('oauth_clients')
        .selectAll()
        .where('client_id', '=', client.client_id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(client.client_secret.slice('mcp_secret_'.length));
    });

    it.each([
      ['https', 'https://app.example.com/cb'],
      ['http on 127.0.0.1', 'http://127.0.0.1:8765/cb'],
      ['http on localhost', 'http://localhost/cb'],
      ['http on [::1]', 'http://[::1]:9000/cb'],
      ['a private-use scheme', 'cursor://anysphere.cursor-retrieval/oauth/callback'],
      ['vscode', 'vscode://vscode.github-authentication/did-authenticate'],
    ])('accepts a redirect URI with %s', async (_name, uri) => {
      const response = await postRegister(context.target, { redirect_uris: [uri] });
      expect(response.status).toBe(201);
      expect(((await response.json()) as any).redirect_uris).toEqual([uri]);
    });

    it.each([
      ['missing redirect_uris', {}],
      ['an empty redirect_uris', { redirect_uris: [] }],
      ['a non-array redirect_uris', { redirect_uris: 'https://app.example.com/cb' }],
      ['a javascript: URI', { redirect_uris: ['javascript:alert(1)'] }],
      ['a data: URI', { redirect_uris: ['data:text/html,hi'] }],
      ['a fragment', { redirect_uris: ['https://app.example.com/cb#frag'] }],
      ['non-loopback http', { redirect_uris: ['http://app.example.com/cb'] }],
      ['a relative URI', { redirect_uris: ['/callback'] }],
    ])('rejects %s with 400 invalid_redirect_uri and registers nothing', async (_name, body) => {
      const before = await countRows(context.target, 'oauth_clients');
      const response = await postRegister(context.target, body);
      expectCors(response);
      await expectOAuthError(response, 400, 'invalid_redirect_uri');
      expect(await countRows(context.target, 'oauth_clients')).toBe(before);
    });

    it('rejects an unsupported token_endpoint_auth_method with 400 invalid_client_metadata', async () => {
      const before = await countRows(context.target, 'oauth_clients');
      const response = await postRegister(context.target, {
        redirect_uris: [WEB_REDIRECT_URI],
        token_endpoint_auth_method: 'private_key_jwt',
      });
      await expectOAuthError(response, 400, 'invalid_client_metadata');
      expect(await countRows(context.target, 'oauth_clients')).toBe(before);
    });

    it('rejects a body that is not JSON with 400 and registers nothing', async () => {
      const before = await countRows(context.target, 'oauth_clients');
      const response = await postRegister(context.target, '{"redirect_uris": [');
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error).toBeTypeOf('string');
      expect(await countRows(context.target, 'oauth_clients')).toBe(before);
    });
  });
};
