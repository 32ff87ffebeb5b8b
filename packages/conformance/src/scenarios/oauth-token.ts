import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConformanceTarget } from '../conformance-target.js';
import { expectCors, expectMcpChallenge, expectNoStore, expectOAuthError } from '../support/assertions.js';
import { callToolOk, postMcp, rpcRequest } from '../support/mcp.js';
import {
  WEB_REDIRECT_URI,
  authorizeAndApprove,
  codeGrant,
  exchangeCode,
  getAuthorize,
  expectTokens,
  obtainTokens,
  postToken,
  refresh,
  registerClient,
} from '../support/oauth.js';
import type { Scenarios } from '../support/scenario-context.js';

async function expectTokenError(response: Response, status: number, error: string | string[]) {
  expectNoStore(response);
  expectCors(response);
  await expectOAuthError(response, status, error);
}

async function expectAccessRejected(target: ConformanceTarget, accessToken: string) {
  const request = rpcRequest('tools/call', { name: 'list_filings', arguments: {} });
  const response = await postMcp(target, request, { credential: accessToken });
  await expectMcpChallenge(target, response, request.id, 'invalid');
}

/** POST /token: code exchange, PKCE, client authentication, refresh rotation, replay (RFC 6749, RFC 7636, RFC 9700 section 4.14.2). */
export const oauthTokenScenarios: Scenarios = (context) => {
  describe('oauth token: authorization code', () => {
    it.each(['S256', 'plain'] as const)(
      'a public client exchanges a code with PKCE %s; the token runs tools',
      async (method) => {
        const userId = randomUUID();
        const client = await registerClient(context.target);
        const issued = await authorizeAndApprove(context.target, { client, userId, pkceMethod: method });
        const tokens = await expectTokens(await exchangeCode(context.target, client, issued));
        expect(await callToolOk(context.target, tokens.access_token, 'list_filings')).toEqual({
          filings: [],
        });
        const rows = await context.target.db
          .selectFrom('oauth_tokens')
          .selectAll()
          .where('user_id', '=', userId)
          .execute();
        expect(rows).toHaveLength(1);
        const stored = JSON.stringify(rows);
        expect(stored).not.toContain(tokens.access_token.slice('mcp_at_'.length));
        expect(stored).not.toContain(tokens.refresh_token.slice('mcp_rt_'.length));
      },
    );

    it('a JSON body is accepted', async () => {
      const client = await registerClient(context.target);
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      const response = await postToken(
        context.target,
        { ...codeGrant(issued), client_id: client.client_id },
        { encoding: 'json' },
      );
      await expectTokens(response);
    });

    it('the code is bound to the redirect URI used, including a loopback port', async () => {
      const client = await registerClient(context.target);
      const issued = await authorizeAndApprove(context.target, {
        client,
        userId: randomUUID(),
        redirectUri: 'http://127.0.0.1:40111/callback',
      });
      await expectTokenError(
        await exchangeCode(context.target, client, issued, {
          redirect_uri: 'http://127.0.0.1:53682/callback',
        }),
        400,
        'invalid_grant',
      );
      await expectTokens(await exchangeCode(context.target, client, issued));
    });

    it.each(['post', 'basic'] as const)(
      'a confidential client authenticates with client_secret_%s',
      async (method) => {
        const client = await registerClient(context.target, {
          redirect_uris: [WEB_REDIRECT_URI],
          token_endpoint_auth_method: `client_secret_${method}`,
        });
        const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
        const params = codeGrant(issued);
        const response =
          method === 'post'
            ? await postToken(context.target, {
                ...params,
                client_id: client.client_id,
                client_secret: client.client_secret,
              })
            : await postToken(context.target, params, {
                basic: { clientId: client.client_id, clientSecret: client.client_secret! },
              });
        await expectTokens(response);
      },
    );

    it('a wrong client secret answers 401 invalid_client and does not consume the code', async () => {
      const client = await registerClient(context.target, {
        redirect_uris: [WEB_REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_post',
      });
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      await expectTokenError(
        await exchangeCode(context.target, client, issued, { client_secret: 'mcp_secret_wrong' }),
        401,
        'invalid_client',
      );
      await expectTokenError(
        await exchangeCode(context.target, client, issued, { client_secret: undefined }),
        401,
        'invalid_client',
      );
      await expectTokens(await exchangeCode(context.target, client, issued));
    });

    it('a confidential client must send a code_challenge too (OAuth 2.1)', async () => {
      const client = await registerClient(context.target, {
        redirect_uris: [WEB_REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_post',
      });
      const authorize = await getAuthorize(context.target, {
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: WEB_REDIRECT_URI,
        state: 's',
      });
      expect(authorize.status).toBe(302);
      const back = new URL(authorize.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(WEB_REDIRECT_URI);
      expect(back.searchParams.get('error')).toBe('invalid_request');
    });

    it('a client_secret_post client presenting its secret as Basic answers 401 invalid_client', async () => {
      const client = await registerClient(context.target, {
        redirect_uris: [WEB_REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_post',
      });
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      const params = codeGrant(issued);
      await expectTokenError(
        await postToken(context.target, params, {
          basic: { clientId: client.client_id, clientSecret: client.client_secret! },
        }),
        401,
        'invalid_client',
      );
      await expectTokens(await exchangeCode(context.target, client, issued));
    });

    it.each([
      ['a wrong verifier', { code_verifier: 'b'.repeat(64) }],
      ['a missing verifier', { code_verifier: undefined }],
      ['a verifier shorter than 43 characters', { code_verifier: 'c'.repeat(42) }],
      ['a verifier with characters outside the unreserved set', { code_verifier: `${'d'.repeat(50)}+/=` }],
    ])('%s is rejected', async (_name, overrides) => {
      const client = await registerClient(context.target);
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      await expectTokenError(await exchangeCode(context.target, client, issued, overrides), 400, [
        'invalid_grant',
        'invalid_request',
      ]);
    });

    it('another client’s id answers invalid_grant and does not consume the code', async () => {
      const client = await registerClient(context.target);
      const other = await registerClient(context.target);
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      await expectTokenError(await exchangeCode(context.target, other, issued), 400, [
        'invalid_grant',
        'invalid_client',
      ]);
      await expectTokens(await exchangeCode(context.target, client, issued));
    });

    it('the same code exchanged 20 times at once succeeds exactly once', async () => {
      const client = await registerClient(context.target);
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => exchangeCode(context.target, client, issued)),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
      for (const response of responses.filter((answer) => answer.status !== 200)) {
        await expectTokenError(response, 400, 'invalid_grant');
      }
    });

    it('an unknown code answers invalid_grant', async () => {
      const client = await registerClient(context.target);
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      await expectTokenError(
        await exchangeCode(context.target, client, issued, {
          code: 'mcp_code_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        }),
        400,
        'invalid_grant',
      );
    });

    it('a code older than 5 minutes answers invalid_grant', async () => {
      const client = await registerClient(context.target);
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      context.target.clock.advance(5 * 60 * 1000 + 1000);
      await expectTokenError(await exchangeCode(context.target, client, issued), 400, 'invalid_grant');
    });

    it('a replayed code fails and revokes the tokens issued from it', async () => {
      const client = await registerClient(context.target);
      const issued = await authorizeAndApprove(context.target, { client, userId: randomUUID() });
      const tokens = await expectTokens(await exchangeCode(context.target, client, issued));
      await callToolOk(context.target, tokens.access_token, 'list_filings');
      await expectTokenError(await exchangeCode(context.target, client, issued), 400, 'invalid_grant');
      await expectAccessRejected(context.target, tokens.access_token);
      await expectTokenError(
        await refresh(context.target, client, tokens.refresh_token),
        400,
        'invalid_grant',
      );
    });

    it.each([
      [
        'an unsupported grant_type',
        { grant_type: 'password', username: 'u', password: 'p' },
        400,
        'unsupported_grant_type',
      ],
      ['a missing grant_type', { code: 'mcp_code_x' }, 400, 'invalid_request'],
      [
        'a missing code',
        { grant_type: 'authorization_code', redirect_uri: WEB_REDIRECT_URI, client_id: 'mcp_client_x' },
        400,
        ['invalid_request', 'invalid_grant'],
      ],
      ['a missing refresh_token', { grant_type: 'refresh_token' }, 400, ['invalid_request', 'invalid_grant']],
    ])('%s answers %i %s', async (_name, params, status, error) => {
      await expectTokenError(await postToken(context.target, params), status, error);
    });

    it('a malformed body answers 400 invalid_request', async () => {
      const response = await context.target.fetch(`${context.target.baseUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"grant_type": ',
      });
      await expectTokenError(response, 400, 'invalid_request');
    });
  });

  describe('oauth token: refresh', () => {
    it('refresh rotates: a new pair is issued and the old refresh token stops working', async () => {
      const { client, tokens } = await obtainTokens(context.target);
      const rotated = await expectTokens(await refresh(context.target, client, tokens.refresh_token));
      expect(rotated.access_token).not.toBe(tokens.access_token);
      expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
      expect(await callToolOk(context.target, rotated.access_token, 'list_fax_logs')).toEqual({
        fax_logs: [],
      });
      await expectTokens(await refresh(context.target, client, rotated.refresh_token));
    });

    it('a rotated refresh token presented again revokes the whole grant family', async () => {
      const { client, tokens } = await obtainTokens(context.target);
      const rotated = await expectTokens(await refresh(context.target, client, tokens.refresh_token));
      await expectTokenError(
        await refresh(context.target, client, tokens.refresh_token),
        400,
        'invalid_grant',
      );
      await expectTokenError(
        await refresh(context.target, client, rotated.refresh_token),
        400,
        'invalid_grant',
      );
      await expectAccessRejected(context.target, rotated.access_token);
    });

    it('an unknown refresh token answers invalid_grant', async () => {
      const { client } = await obtainTokens(context.target);
      await expectTokenError(
        await refresh(context.target, client, 'mcp_rt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
        400,
        'invalid_grant',
      );
    });

    it('a refresh token of another client answers invalid_grant and stays valid', async () => {
      const { client, tokens } = await obtainTokens(context.target);
      const other = await registerClient(context.target);
      await expectTokenError(await refresh(context.target, other, tokens.refresh_token), 400, [
        'invalid_grant',
        'invalid_client',
      ]);
      await expectTokens(await refresh(context.target, client, tokens.refresh_token));
    });

    it('the same refresh token presented 20 times at once succeeds exactly once', async () => {
      const { client, tokens } = await obtainTokens(context.target);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => refresh(context.target, client, tokens.refresh_token)),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
      for (const response of responses.filter((answer) => answer.status !== 200)) {
        await expectTokenError(response, 400, 'invalid_grant');
      }
    });

    it('a refresh token past 30 days answers invalid_grant', async () => {
      const { client, tokens } = await obtainTokens(context.target);
      context.target.clock.advance(30 * 24 * 3600 * 1000 + 60_000);
      await expectTokenError(
        await refresh(context.target, client, tokens.refresh_token),
        400,
        'invalid_grant',
      );
    });
  });
};
