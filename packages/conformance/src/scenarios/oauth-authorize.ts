import { describe, expect, it } from 'vitest';
import { expectCors } from '../support/assertions.js';
import {
  LOOPBACK_REDIRECT_URI,
  WEB_REDIRECT_URI,
  getAuthorize,
  pkce,
  registerClient,
} from '../support/oauth.js';
import type { Scenarios } from '../support/scenario-context.js';

/** GET /authorize: redirect to consent, JSON errors vs redirected errors (RFC 6749 sections 4.1.1 and 4.1.2.1). */
export const oauthAuthorizeScenarios: Scenarios = (context) => {
  const validParams = (clientId: string, redirectUri = LOOPBACK_REDIRECT_URI) => {
    const { challenge } = pkce('S256');
    return {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      state: 'state-123',
      scope: 'mcp',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
  };

  async function expectJsonError(response: Response, error: string) {
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expectCors(response);
    const body = (await response.json()) as any;
    expect(body.error).toBe(error);
    expect(body.error_description).toBeTypeOf('string');
  }

  function expectRedirectedError(
    response: Response,
    redirectUri: string,
    error: string,
    state: string | null,
  ) {
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('iss')).toBe(context.target.baseUrl);
    expect(location.searchParams.get('code')).toBeNull();
  }

  describe('oauth authorize', () => {
    it('a valid request redirects to the consent page with the parameters forwarded', async () => {
      const client = await registerClient(context.target);
      const params = { ...validParams(client.client_id), resource: context.target.baseUrl };
      const response = await getAuthorize(context.target, params);
      expect(response.status).toBe(302);
      expectCors(response);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(`${context.target.appUrl}/oauth/authorize`);
      for (const [name, value] of Object.entries(params))
        expect(location.searchParams.get(name), name).toBe(value);
    });

    it('scope and state are optional', async () => {
      const client = await registerClient(context.target);
      const { scope: _scope, state: _state, ...params } = validParams(client.client_id);
      const response = await getAuthorize(context.target, params);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toMatch(
        new RegExp(`^${context.target.appUrl}/oauth/authorize\\?`),
      );
    });

    it('a loopback redirect URI matches whatever the port (RFC 8252 §7.3)', async () => {
      const client = await registerClient(context.target);
      const response = await getAuthorize(
        context.target,
        validParams(client.client_id, 'http://127.0.0.1:61999/callback'),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toMatch(
        new RegExp(`^${context.target.appUrl}/oauth/authorize\\?`),
      );
    });

    it('an unknown client answers 400 invalid_client as JSON, never a redirect', async () => {
      const response = await getAuthorize(context.target, validParams('mcp_client_doesnotexist00000000'));
      await expectJsonError(response, 'invalid_client');
    });

    it('a missing client_id answers 400 invalid_request as JSON', async () => {
      const { client_id: _clientId, ...params } = validParams('x');
      await expectJsonError(await getAuthorize(context.target, params), 'invalid_request');
    });

    it.each([
      ['an unregistered redirect URI', 'https://attacker.example/cb'],
      ['a registered URI with another path', 'http://127.0.0.1:53682/other'],
      ['a missing redirect URI', undefined],
    ])('%s answers 400 as JSON, never a redirect', async (_name, redirectUri) => {
      const client = await registerClient(context.target);
      const params = { ...validParams(client.client_id), redirect_uri: redirectUri };
      const response = await getAuthorize(context.target, params);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      const body = (await response.json()) as any;
      expect(['invalid_redirect_uri', 'invalid_request']).toContain(body.error);
    });

    it('a non-loopback redirect URI matches exactly', async () => {
      const client = await registerClient(context.target, { redirect_uris: [WEB_REDIRECT_URI] });
      const response = await getAuthorize(
        context.target,
        validParams(client.client_id, `${WEB_REDIRECT_URI}/x`),
      );
      await expectJsonError(response, 'invalid_redirect_uri');
    });

    it.each([
      ['a wrong response_type', { response_type: 'token' }, 'unsupported_response_type'],
      ['a missing response_type', { response_type: undefined }, 'invalid_request'],
      ['an unknown PKCE method', { code_challenge_method: 'S512' }, 'invalid_request'],
      ['a scope other than mcp', { scope: 'admin' }, 'invalid_scope'],
      ['a foreign resource', { resource: 'https://other.example/mcp' }, 'invalid_target'],
      [
        'a public client without code_challenge',
        { code_challenge: undefined, code_challenge_method: undefined },
        'invalid_request',
      ],
    ])('%s redirects back with error, state and iss', async (_name, overrides, error) => {
      const client = await registerClient(context.target);
      const response = await getAuthorize(context.target, { ...validParams(client.client_id), ...overrides });
      expectRedirectedError(response, LOOPBACK_REDIRECT_URI, error, 'state-123');
    });
  });
};
