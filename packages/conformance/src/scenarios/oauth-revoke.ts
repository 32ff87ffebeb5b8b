import { describe, expect, it } from 'vitest';
import { expectCors, expectMcpChallenge } from '../support/assertions.js';
import { callToolOk, postMcp, rpcRequest } from '../support/mcp.js';
import { type RegisteredClient, obtainTokens, refresh } from '../support/oauth.js';
import type { Scenarios } from '../support/scenario-context.js';

/** POST /revoke (RFC 7009). */
export const oauthRevokeScenarios: Scenarios = (context) => {
  function revoke(client: RegisteredClient, token: string, hint?: string) {
    return context.target.fetch(`${context.target.baseUrl}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        client_id: client.client_id,
        ...(hint ? { token_type_hint: hint } : {}),
      }).toString(),
    });
  }

  describe('oauth revoke', () => {
    it('revoking an access token answers 200 and the token stops working', async () => {
      const { client, tokens } = await obtainTokens(context.target);
      await callToolOk(context.target, tokens.access_token, 'list_filings');
      const response = await revoke(client, tokens.access_token, 'access_token');
      expect(response.status).toBe(200);
      expectCors(response);
      const request = rpcRequest('tools/call', { name: 'list_filings', arguments: {} });
      await expectMcpChallenge(
        context.target,
        await postMcp(context.target, request, { credential: tokens.access_token }),
        request.id,
        'invalid',
      );
    });

    it('revoking a refresh token answers 200 and it can no longer refresh', async () => {
      const { client, tokens } = await obtainTokens(context.target);
      expect((await revoke(client, tokens.refresh_token)).status).toBe(200);
      const response = await refresh(context.target, client, tokens.refresh_token);
      expect(response.status).toBe(400);
      expect(((await response.json()) as any).error).toBe('invalid_grant');
    });

    it('an unknown token answers 200 (RFC 7009 §2.2)', async () => {
      const { client } = await obtainTokens(context.target);
      expect((await revoke(client, 'mcp_at_unknown')).status).toBe(200);
    });

    it('another client cannot revoke a token it was not issued', async () => {
      const { tokens } = await obtainTokens(context.target);
      const { client: other } = await obtainTokens(context.target);
      await revoke(other, tokens.access_token);
      expect(await callToolOk(context.target, tokens.access_token, 'list_filings')).toEqual({ filings: [] });
    });
  });
};
