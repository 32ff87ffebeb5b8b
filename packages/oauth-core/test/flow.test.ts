import { testDatabases } from '@filing-mcp/test-db';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, oauthSuite, randomUserId, sessionJwt } from './helpers.js';

const insecure = { [oauth.allowInsecureRequests]: true };

describe.each(testDatabases())('full OAuth flow with oauth4webapi on $name', ({ create }) => {
  const suite = oauthSuite(create);
  let as: oauth.AuthorizationServer;

  beforeAll(async () => {
    // algorithm 'oauth2' fetches the RFC 8414 path-inserted address {origin}/.well-known/oauth-authorization-server/mcp-server.
    const issuer = new URL(suite.server.baseUrl);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
  });

  /** Runs /authorize in a "browser" and /approve as the consent app, returning the callback URL. */
  async function authorize(
    client: oauth.Client,
    redirectUri: string,
    pkce: { challenge: string; method: 'S256' | 'plain' },
    userId: string,
    state: string,
  ): Promise<URL> {
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set('client_id', client.client_id);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'mcp');
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', pkce.challenge);
    url.searchParams.set('code_challenge_method', pkce.method);
    url.searchParams.set('resource', suite.server.baseUrl);
    const authorizeResponse = await fetch(url, { redirect: 'manual' });
    expect(authorizeResponse.status).toBe(302);
    const consent = new URL(authorizeResponse.headers.get('location')!);
    expect(consent.origin + consent.pathname).toBe(`${APP_URL}/oauth/authorize`);
    expect(consent.search).toBe(url.search);

    // The consent app forwards what it received.
    const forwarded = Object.fromEntries(consent.searchParams);
    const approveResponse = await fetch(`${suite.server.baseUrl}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await sessionJwt(userId)}`, 'content-type': 'application/json' },
      body: JSON.stringify(forwarded),
    });
    expect(approveResponse.status).toBe(200);
    const approved = (await approveResponse.json()) as { code: string; redirect_to: string };
    expect(approved.code).toMatch(/^mcp_code_[A-Za-z0-9_-]{32}$/);
    const callback = new URL(approved.redirect_to);
    expect(callback.searchParams.get('code')).toBe(approved.code);
    expect(callback.searchParams.get('iss')).toBe(suite.server.baseUrl);
    return callback;
  }

  it('discovers the metadata at the path-inserted address with issuer = base_url', () => {
    expect(as.issuer).toBe(suite.server.baseUrl);
    expect(as.code_challenge_methods_supported).toEqual(['S256', 'plain']);
    expect(as.revocation_endpoint).toBe(`${suite.server.baseUrl}/revoke`);
  });

  it('public client: register, authorize with S256, exchange, refresh with rotation, revoke', async () => {
    const redirectUri = 'http://127.0.0.1:33418/callback';
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: [redirectUri], client_name: 'Flow test', token_endpoint_auth_method: 'none' },
        insecure,
      ),
    );
    expect(registered.client_id).toMatch(/^mcp_client_[A-Za-z0-9_-]{22}$/);
    expect(registered.client_secret).toBeUndefined();
    const client: oauth.Client = { client_id: registered.client_id, token_endpoint_auth_method: 'none' };

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const userId = randomUserId();
    const callback = await authorize(
      client,
      redirectUri,
      { challenge: await oauth.calculatePKCECodeChallenge(verifier), method: 'S256' },
      userId,
      state,
    );
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        verifier,
        insecure,
      ),
    );
    expect(tokens.access_token).toMatch(/^mcp_at_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^mcp_rt_[A-Za-z0-9_-]{43}$/);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('mcp');
    expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toMatchObject({
      userId,
      clientId: client.client_id,
      scope: 'mcp',
      resource: suite.server.baseUrl,
    });

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    // Rotation: the old row, access token included, is revoked.
    expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toBeUndefined();
    expect(await suite.server.oauth.verifyAccessToken(refreshed.access_token)).toMatchObject({ userId });

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure),
    );
    expect(await suite.server.oauth.verifyAccessToken(refreshed.access_token)).toBeUndefined();
    const again = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      refreshed.refresh_token!,
      insecure,
    );
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('confidential client (client_secret_post): authorize with plain PKCE, exchange, refresh, revoke access token', async () => {
    const redirectUri = 'https://client.example.test/cb';
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_post' },
        insecure,
      ),
    );
    expect(registered.client_secret).toMatch(/^mcp_secret_[A-Za-z0-9_-]{43}$/);
    expect(registered.client_secret_expires_at).toBe(0);
    const client: oauth.Client = {
      client_id: registered.client_id,
      token_endpoint_auth_method: 'client_secret_post',
    };
    const auth = oauth.ClientSecretPost(registered.client_secret as string);

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const userId = randomUserId();
    const callback = await authorize(
      client,
      redirectUri,
      { challenge: verifier, method: 'plain' },
      userId,
      state,
    );
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, redirectUri, verifier, insecure),
    );
    expect(await suite.server.oauth.verifyAccessToken(tokens.access_token)).toMatchObject({ userId });

    // The registered method is enforced: the same secret sent as client_secret_basic is refused.
    const basic = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(registered.client_secret as string),
      tokens.refresh_token!,
      insecure,
    );
    expect(basic.status).toBe(401);
    expect(await basic.json()).toMatchObject({ error: 'invalid_client' });
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure),
    );
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, refreshed.access_token, insecure),
    );
    expect(await suite.server.oauth.verifyAccessToken(refreshed.access_token)).toBeUndefined();
  });
});
