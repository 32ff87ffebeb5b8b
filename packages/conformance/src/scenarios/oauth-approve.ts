import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countRows, expectCors } from '../support/assertions.js';
import { LOOPBACK_REDIRECT_URI, pkce, postApprove, registerClient, sessionJwt } from '../support/oauth.js';
import type { Scenarios } from '../support/scenario-context.js';

/** POST /approve: session JWT, re-validation of the consent parameters (docs/oauth.md#consent). */
export const oauthApproveScenarios: Scenarios = (context) => {
  async function approvalBody(overrides: Record<string, unknown> = {}) {
    const client = await registerClient(context.target);
    return {
      client_id: client.client_id,
      redirect_uri: LOOPBACK_REDIRECT_URI,
      scope: 'mcp',
      code_challenge: pkce('S256').challenge,
      code_challenge_method: 'S256',
      state: 'xyz',
      resource: context.target.baseUrl,
      ...overrides,
    };
  }

  async function expectApproveError(response: Response, status: 400 | 401, before: number) {
    expect(response.status).toBe(status);
    expectCors(response);
    // Beyond {code, message} a `detail` may name the failed check; the spec's two fields are exact.
    expect(await response.json()).toMatchObject({
      code: status,
      message: status === 400 ? 'Bad request' : 'Unauthorized',
    });
    expect(await countRows(context.target, 'oauth_codes')).toBe(before);
  }

  describe('oauth approve', () => {
    it('a valid session answers {code, redirect_to} with code, state and iss', async () => {
      const body = await approvalBody();
      const response = await postApprove(
        context.target,
        body,
        await sessionJwt(context.target, randomUUID()),
      );
      expect(response.status).toBe(200);
      expectCors(response);
      const approved = (await response.json()) as any;
      expect(approved.code).toMatch(/^mcp_code_[A-Za-z0-9_-]{32}$/);
      const redirect = new URL(approved.redirect_to);
      expect(`${redirect.origin}${redirect.pathname}`).toBe(LOOPBACK_REDIRECT_URI);
      expect(Object.fromEntries(redirect.searchParams)).toEqual({
        code: approved.code,
        state: 'xyz',
        iss: context.target.baseUrl,
      });
    });

    it.each([
      ['no Authorization header', async () => undefined],
      [
        'a JWT signed with another secret',
        async () => sessionJwt(context.target, randomUUID(), { secret: 'not-the-secret-not-the-secret-00' }),
      ],
      ['an expired JWT', async () => sessionJwt(context.target, randomUUID(), { expiresInSeconds: -120 })],
      ['a token that is not a JWT', async () => 'not.a.jwt'],
    ])('%s answers 401 {code, message} and issues no code', async (_name, bearer) => {
      const body = await approvalBody();
      const before = await countRows(context.target, 'oauth_codes');
      await expectApproveError(await postApprove(context.target, body, await bearer()), 401, before);
    });

    it.each([
      ['an unknown client', { client_id: 'mcp_client_unknown0000000000000' }],
      ['an unregistered redirect URI', { redirect_uri: 'https://attacker.example/cb' }],
      ['an unknown PKCE method', { code_challenge_method: 'S512' }],
      ['a scope other than mcp', { scope: 'admin' }],
      ['a foreign resource', { resource: 'https://other.example/mcp' }],
      [
        'a public client without code_challenge',
        { code_challenge: undefined, code_challenge_method: undefined },
      ],
      ['a missing client_id', { client_id: undefined }],
    ])('%s answers 400 {code, message} and issues no code', async (_name, overrides) => {
      const body = await approvalBody(overrides);
      const before = await countRows(context.target, 'oauth_codes');
      const response = await postApprove(
        context.target,
        body,
        await sessionJwt(context.target, randomUUID()),
      );
      await expectApproveError(response, 400, before);
    });
  });
};
