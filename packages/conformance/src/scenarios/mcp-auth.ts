import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectMcpChallenge } from '../support/assertions.js';
import { callToolOk, newUser, postMcp, rpc, rpcRequest } from '../support/mcp.js';
import { expectTokens, obtainTokens, refresh } from '../support/oauth.js';
import type { Scenarios } from '../support/scenario-context.js';

const HOUR = 3600 * 1000;

/** Authentication of MCP requests (docs/spec-differences.md#authentication) and `MCP_REQUIRE_AUTH`. */
export const mcpAuthScenarios: Scenarios = (context) => {
  describe('mcp authentication', () => {
    it('tools/call without a credential answers the 401 challenge with the request id', async () => {
      const { response, id } = await callRaw(context.target, undefined);
      await expectMcpChallenge(context.target, response, id, 'missing');
    });

    it.each(['initialize', 'tools/list', 'ping'])('%s needs no credential', async (method) => {
      const params =
        method === 'initialize'
          ? { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } }
          : undefined;
      const { response, body } = await rpc(context.target, method, params);
      expect(response.status).toBe(200);
      expect(body.result).toBeDefined();
    });

    it.each([
      ['an unknown API key', () => `nf_${randomBytes(32).toString('hex')}`],
      ['a malformed API key', () => 'nf_not-hex'],
      ['an unknown access token', () => `mcp_at_${randomBytes(32).toString('base64url')}`],
      ['an unknown kind of credential', () => 'hello-world'],
    ])('tools/call with %s answers 401 with error="invalid_token"', async (_name, credential) => {
      const { response, id } = await callRaw(context.target, credential());
      await expectMcpChallenge(context.target, response, id, 'invalid');
    });

    it.each(['initialize', 'tools/list', 'ping'])(
      '%s with an invalid credential answers 401 with error="invalid_token" (so clients refresh)',
      async (method) => {
        const params =
          method === 'initialize'
            ? { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } }
            : undefined;
        const request = rpcRequest(method, params);
        const response = await postMcp(context.target, request, {
          credential: `mcp_at_${randomBytes(32).toString('base64url')}`,
        });
        await expectMcpChallenge(context.target, response, request.id, 'invalid');
      },
    );

    it('a batch holding a tools/call without a credential answers 401', async () => {
      const call = rpcRequest('tools/call', { name: 'list_filings', arguments: {} });
      const response = await postMcp(context.target, [rpcRequest('ping'), call]);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    });

    it('a valid API key runs tools for its user, and only the key hash is stored', async () => {
      const { userId, apiKey } = await newUser(context.target);
      expect(apiKey).toMatch(/^nf_[0-9a-f]{64}$/);
      const result = await callToolOk(context.target, apiKey, 'list_filings');
      expect(result).toEqual({ filings: [] });
      const rows = await context.target.db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(apiKey.slice(3));
    });

    it('an API key past its expiry answers 401 invalid_token', async () => {
      const userId = randomUUID();
      const apiKey = await context.target.createApiKey(userId, {
        expiresAt: new Date(context.target.clock.now() + HOUR),
      });
      await callToolOk(context.target, apiKey, 'list_filings');
      context.target.clock.advance(HOUR + 60_000);
      const { response, id } = await callRaw(context.target, apiKey);
      await expectMcpChallenge(context.target, response, id, 'invalid');
    });

    it('an API key whose record was deleted answers 401 invalid_token', async () => {
      const { userId, apiKey } = await newUser(context.target);
      await callToolOk(context.target, apiKey, 'list_filings');
      await context.target.db.deleteFrom('api_keys').where('user_id', '=', userId).execute();
      const { response, id } = await callRaw(context.target, apiKey);
      await expectMcpChallenge(context.target, response, id, 'invalid');
    });

    it('an OAuth access token runs tools for its user', async () => {
      const { tokens } = await obtainTokens(context.target);
      expect(await callToolOk(context.target, tokens.access_token, 'list_payments')).toEqual({
        payments: [],
      });
    });

    it('an expired access token answers 401 invalid_token, and a refreshed one works', async () => {
      const { client, tokens } = await obtainTokens(context.target);
      context.target.clock.advance(3600 * 1000 + 1000);
      const { response, id } = await callRaw(context.target, tokens.access_token);
      await expectMcpChallenge(context.target, response, id, 'invalid');
      const refreshed = await expectTokens(await refresh(context.target, client, tokens.refresh_token));
      expect(await callToolOk(context.target, refreshed.access_token, 'list_filings')).toEqual({
        filings: [],
      });
    });
  });
};

async function callRaw(target: Parameters<Scenarios>[0]['target'], credential: string | undefined) {
  const request = rpcRequest('tools/call', { name: 'list_filings', arguments: {} });
  const response = await postMcp(target, request, credential ? { credential } : {});
  return { response, id: request.id };
}
