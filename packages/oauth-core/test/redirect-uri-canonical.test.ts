import { testDatabases } from '@filing-mcp/test-db';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRedirectUri } from '../src/index.js';
import {
  expectOAuthError,
  oauthSuite,
  postForm,
  randomUserId,
  type RegisteredClient,
  s256,
  VERIFIER,
} from './helpers.js';

describe('canonicalRedirectUri', () => {
  it.each([
    ['HTTPS://Claude.AI/api/mcp/auth_callback', 'https://claude.ai/api/mcp/auth_callback'],
    ['https://bücher.example/cb', 'https://xn--bcher-kva.example/cb'],
    ['HTTP://LOCALHOST:3000/callback', 'http://localhost:3000/callback'],
    ['https://client.example:443/cb?keep=1', 'https://client.example/cb?keep=1'],
    ['https://client.example', 'https://client.example/'],
    ['com.example.app:/oauth2redirect', 'com.example.app:/oauth2redirect'],
    [
      'cursor://anysphere.cursor-retrieval/oauth/callback',
      'cursor://anysphere.cursor-retrieval/oauth/callback',
    ],
  ])('%s -> %s', (uri, canonical) => {
    expect(canonicalRedirectUri(uri)).toBe(canonical);
  });

  it.each([
    'https://client.example/c\tb',
    'https://client.example/cb\r\nSet-Cookie: x=1',
    'https://client.example/c b',
    'https://client.example\\@evil.example/cb',
    'https://client.example/cb\u0000',
    'https://client.example/cb\u007f',
    'https://client.example/cb\u0085',
    ' https://client.example/cb',
  ])('refuses %j', (uri) => {
    expect(canonicalRedirectUri(uri)).toBeUndefined();
  });
});

describe.each(testDatabases())(
  'redirect URIs canonical at /register, /authorize, /approve and /token on $name',
  ({ create }) => {
    const suite = oauthSuite(create);
    let client: RegisteredClient;

    beforeAll(async () => {
      client = await suite.server.register({
        redirect_uris: [
          'HTTPS://Client.EXAMPLE:443/cb?keep=1',
          'https://bücher.example/cb',
          'http://LOCALHOST/loop',
        ],
      });
    });

    it('stores and echoes the canonical form: lower-case scheme and host, punycode, no default port', async () => {
      expect(client.redirect_uris).toEqual([
        'https://client.example/cb?keep=1',
        'https://xn--bcher-kva.example/cb',
        'http://localhost/loop',
      ]);
      const row = await suite.db
        .selectFrom('oauth_clients')
        .select('redirect_uris')
        .where('client_id', '=', client.client_id)
        .executeTakeFirstOrThrow();
      expect(row.redirect_uris).toEqual(client.redirect_uris);
    });

    it.each([
      ['CR/LF', 'https://client.example/cb\r\nLocation: https://evil.example/'],
      ['a tab', 'https://client.exa\tmple/cb'],
      ['a space', 'https://client.example/my cb'],
      ['a backslash', 'https://evil.example\\.client.example/cb'],
      ['a C1 control', 'https://client.example/cb\u0085'],
    ])('refuses %s at /register: 400 invalid_redirect_uri, nothing stored', async (_name, uri) => {
      const before = await suite.tableCounts();
      const response = await fetch(`${suite.server.baseUrl}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['https://client.example/ok', uri] }),
      });
      const description = await expectOAuthError(response, 400, 'invalid_redirect_uri');
      expect(description).toBe('redirect URIs must not contain control characters, spaces or backslashes');
      expect(await suite.tableCounts()).toEqual(before);
    });

    const authorize = (redirectUri: string) =>
      fetch(
        `${suite.server.baseUrl}/authorize?${new URLSearchParams({
          client_id: client.client_id,
          redirect_uri: redirectUri,
          response_type: 'code',
          code_challenge: 'x'.repeat(43),
          code_challenge_method: 'S256',
        })}`,
        { redirect: 'manual' },
      );

    it('/authorize takes another spelling of a registered URI, and no URI the parser would rewrite', async () => {
      for (const spelling of ['https://CLIENT.example/cb?keep=1', 'https://client.example:443/cb?keep=1']) {
        expect((await authorize(spelling)).status).toBe(302);
      }
      // The loopback rule of RFC 8252 section 7.3 stays: any port.
      expect((await authorize('http://localhost:49152/loop')).status).toBe(302);
      // The parser drops a tab and reads a backslash as '/': such URIs match nothing.
      for (const rewritten of ['https://client.exa\tmple/cb?keep=1', 'https:\\\\client.example\\cb?keep=1']) {
        const response = await authorize(rewritten);
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        await expectOAuthError(response, 400, 'invalid_redirect_uri');
      }
    });

    it('/approve records and redirects to the canonical form, and /token compares canonically', async () => {
      const userId = randomUserId();
      const approved = await suite.server.approve(userId, {
        client_id: client.client_id,
        redirect_uri: 'https://BÜCHER.example/cb',
        code_challenge: await s256(VERIFIER),
        code_challenge_method: 'S256',
      });
      expect(approved.status).toBe(200);
      expect(approved.body.redirect_to).toMatch(/^https:\/\/xn--bcher-kva\.example\/cb\?code=/);
      const row = await suite.db
        .selectFrom('oauth_codes')
        .select('redirect_uri')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row.redirect_uri).toBe('https://xn--bcher-kva.example/cb');

      const exchange = (redirectUri: string) =>
        postForm(`${suite.server.baseUrl}/token`, {
          grant_type: 'authorization_code',
          code: approved.body.code,
          redirect_uri: redirectUri,
          client_id: client.client_id,
          code_verifier: VERIFIER,
        });
      // A rewritten spelling is refused and does not consume the code.
      await expectOAuthError(await exchange('https://bücher.example/c\tb'), 400, 'invalid_grant');
      const token = await exchange('https://Bücher.Example/cb');
      expect(token.status).toBe(200);
      expect(await token.json()).toMatchObject({ token_type: 'Bearer' });
    });
  },
);
