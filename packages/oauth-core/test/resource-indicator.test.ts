import { testDatabases } from '@filing-mcp/test-db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectOAuthError,
  oauthSuite,
  postForm,
  randomUserId,
  type RunningServer,
  s256,
  VERIFIER,
} from './helpers.js';

// Regression: RFC 8707 `resource` was compared byte for byte with `{base_url}` stripped of its
// trailing slash, so a root base URL (`https://h`) refused the official MCP SDK, which sends
// `resource=https://h/` (`URL.href`): /authorize and /token both answered invalid_target.

describe.each(testDatabases())('RFC 8707 resource indicators on $name', ({ create }) => {
  const suite = oauthSuite(create);
  const servers: Record<string, RunningServer> = {};
  const REDIRECT = 'https://client.example/cb';

  /** Where each server is mounted on the loopback socket, and the `{base_url}` it is configured with. */
  const MOUNTS = {
    root: { path: '', baseUrl: undefined },
    path: { path: '/mcp-server', baseUrl: undefined },
    // A host name, so that its case can differ; routing matches on the path only.
    'named root': { path: '', baseUrl: 'https://api.example.com' },
    'named path': { path: '/mcp-server', baseUrl: 'https://api.example.com/mcp-server' },
  } as const;
  type Mount = keyof typeof MOUNTS;

  beforeAll(async () => {
    for (const [mount, { path, baseUrl }] of Object.entries(MOUNTS)) {
      servers[mount] = await suite.start(baseUrl ? { baseUrl } : {}, path);
    }
  });

  interface Case {
    mount: Mount;
    /** Spellings of the configured resource a client may send. */
    accepted: (resource: string) => string[];
    /** Other resources, and strings the URL parser would silently rewrite into the configured one. */
    refused: (resource: string) => string[];
  }

  const cases: Case[] = [
    {
      mount: 'root',
      accepted: (resource) => [resource, `${resource}/`, `${resource.replace('http://', 'HTTP://')}/`],
      refused: (resource) => [
        `${resource}/mcp-server`,
        `${resource}//`,
        `${resource}/?`,
        `${resource}/?x=1`,
        `${resource}/#f`,
        resource.replace('http://', 'http://user@'),
        resource.replace('127.0.0.1', 'localhost'),
        resource.replace('http://', 'https://'),
        ` ${resource}/`,
        `${resource}/\t`,
        resource.replace('http://', 'http:'),
        resource.replace('http://', 'http:///'),
        `${resource.replace('http://', 'http:\\\\')}\\`,
        'not a url',
        '',
      ],
    },
    {
      mount: 'path',
      accepted: (resource) => [resource, resource.replace('http://', 'HTTP://')],
      refused: (resource) => [
        new URL(resource).origin,
        `${new URL(resource).origin}/`,
        `${resource}/`,
        resource.replace('/mcp-server', '/MCP-SERVER'),
        `${resource}/tools`,
        `${resource}?x=1`,
        `${resource}#f`,
        `${resource}\\`,
        resource.replace('/mcp-server', '/mcp%2Dserver'),
      ],
    },
    {
      mount: 'named root',
      accepted: () => [
        'https://api.example.com',
        'https://api.example.com/',
        'HTTPS://API.EXAMPLE.COM/',
        'https://Api.Example.Com:443/',
      ],
      refused: () => [
        'http://api.example.com/',
        'https://api.example.com:8443/',
        'https://api.example.com./',
        'https://example.com/',
        'https://api.example.com/mcp-server',
      ],
    },
    {
      mount: 'named path',
      accepted: () => [
        'https://api.example.com/mcp-server',
        'HTTPS://API.EXAMPLE.COM/mcp-server',
        'https://api.example.com:443/mcp-server',
      ],
      refused: () => [
        'https://api.example.com',
        'https://api.example.com/',
        'https://api.example.com/mcp-server/',
        'https://api.example.com/Mcp-Server',
        'http://api.example.com/mcp-server',
        'https://api.example.com:8443/mcp-server',
      ],
    },
  ];

  describe.each(cases)('RFC 8707 resource, base URL at $mount', ({ mount, accepted, refused }) => {
    const target = () => servers[mount]!;
    /** `{base_url}` as configured: the issuer, and the resource tokens are bound to. */
    const configured = () => MOUNTS[mount].baseUrl ?? target().baseUrl;

    async function freshClient() {
      return target().register({ redirect_uris: [REDIRECT] });
    }

    async function approved(resource: string | undefined) {
      const client = await freshClient();
      const userId = randomUserId();
      const result = await target().approve(userId, {
        client_id: client.client_id,
        redirect_uri: REDIRECT,
        code_challenge: await s256(VERIFIER),
        code_challenge_method: 'S256',
        ...(resource !== undefined && { resource }),
      });
      return { client, userId, result };
    }

    function authorizeUrl(clientId: string, challenge: string, resource: string) {
      return `${target().baseUrl}/authorize?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: 'code',
        state: 'st',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource,
      })}`;
    }

    it('accepts the configured resource however URL serialises it: /authorize, /approve, /token, refresh', async () => {
      for (const resource of accepted(configured())) {
        const client = await freshClient();
        const authorize = await fetch(authorizeUrl(client.client_id, await s256(VERIFIER), resource), {
          redirect: 'manual',
        });
        expect(authorize.status, resource).toBe(302);
        expect(new URL(authorize.headers.get('location')!).searchParams.get('error'), resource).toBeNull();

        const { client: approvedClient, userId, result } = await approved(resource);
        expect(result.status, resource).toBe(200);
        const token = await postForm(`${target().baseUrl}/token`, {
          grant_type: 'authorization_code',
          code: result.body.code,
          redirect_uri: REDIRECT,
          client_id: approvedClient.client_id,
          code_verifier: VERIFIER,
          resource,
        });
        expect(token.status, resource).toBe(200);
        const tokens = (await token.json()) as { access_token: string; refresh_token: string };
        const refreshed = await postForm(`${target().baseUrl}/token`, {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          resource,
        });
        expect(refreshed.status, resource).toBe(200);
        const { access_token } = (await refreshed.json()) as { access_token: string };
        // The token is bound to the configured spelling, whichever spelling the client sent.
        expect(await target().oauth.verifyAccessToken(access_token)).toMatchObject({
          userId,
          resource: configured(),
        });
      }
    });

    it('refuses any other resource at /authorize (redirect with invalid_target), writing nothing', async () => {
      const client = await freshClient();
      const challenge = await s256(VERIFIER);
      for (const resource of refused(configured())) {
        const before = await suite.tableCounts();
        const response = await fetch(authorizeUrl(client.client_id, challenge, resource), {
          redirect: 'manual',
        });
        expect(response.status, resource).toBe(302);
        const location = new URL(response.headers.get('location')!);
        expect(location.origin + location.pathname, resource).toBe(REDIRECT);
        expect(location.searchParams.get('error'), resource).toBe('invalid_target');
        expect(location.searchParams.get('iss'), resource).toBe(configured());
        expect(await suite.tableCounts()).toEqual(before);
      }
    });

    it('refuses any other resource at /approve (400, no code)', async () => {
      for (const resource of refused(configured())) {
        const before = await suite.tableCounts();
        const { result } = await approved(resource);
        expect(result.status, resource).toBe(400);
        expect(result.body).toEqual({
          code: 400,
          message: 'Bad request',
          detail: expect.stringContaining('invalid_target'),
        });
        // Only the client registered for this attempt was written.
        expect(await suite.tableCounts()).toEqual({ ...before, clients: before.clients + 1 });
      }
    });

    it('refuses any other resource at /token (400 invalid_target); code and refresh token stay usable', async () => {
      const { client, result } = await approved(undefined);
      expect(result.status).toBe(200);
      const exchange = (resource?: string) =>
        postForm(`${target().baseUrl}/token`, {
          grant_type: 'authorization_code',
          code: result.body.code,
          redirect_uri: REDIRECT,
          client_id: client.client_id,
          code_verifier: VERIFIER,
          ...(resource !== undefined && { resource }),
        });
      for (const resource of refused(configured())) {
        const before = await suite.tableCounts();
        await expectOAuthError(await exchange(resource), 400, 'invalid_target');
        expect(await suite.tableCounts()).toEqual(before);
      }
      const token = await exchange();
      expect(token.status).toBe(200);
      const { refresh_token } = (await token.json()) as { refresh_token: string };
      for (const resource of refused(configured())) {
        const before = await suite.tableCounts();
        await expectOAuthError(
          await postForm(`${target().baseUrl}/token`, {
            grant_type: 'refresh_token',
            refresh_token,
            resource,
          }),
          400,
          'invalid_target',
        );
        expect(await suite.tableCounts()).toEqual(before);
      }
      const refreshed = await postForm(`${target().baseUrl}/token`, {
        grant_type: 'refresh_token',
        refresh_token,
      });
      expect(refreshed.status).toBe(200);
    });
  });
});
